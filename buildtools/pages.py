"""A page's own references made relative (any sub-path works), and the board inlined."""

from __future__ import annotations

import os
import re
from pathlib import Path

from buildtools.common import BOARD_MARKER, BOARD_SVG, VARIANT_CSS_MARKER, BuildError

_TAG_RE = re.compile(r"<(script|link|img|source|iframe|audio|video)\b[^>]*>", re.IGNORECASE)
_ATTR_RE = re.compile(r"""\b(src|href|config)\s*=\s*(["'])(.*?)\2""", re.IGNORECASE)
_CSS_URL_RE = re.compile(r"""url\(\s*(["']?)(.*?)\1\s*\)|@import\s+(["'])(.*?)\3""")
_EXTERNAL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


def _relativize(value: str, doc: Path, out: Path, where: str) -> str:
    """Root-absolute `/x` becomes `./x` relative to `doc`; outside URLs are an error."""
    if value.startswith(("data:", "blob:", "#", "about:")) or not value:
        return value
    if _EXTERNAL_RE.match(value):
        raise BuildError(f"{where}: outside URL {value!r} (the game must load only its own files)")
    if value.startswith("/"):
        rel = os.path.relpath(out / value.lstrip("/"), doc.parent)
        return rel if rel.startswith("../") else f"./{rel}"
    return value


def relativize_html(text: str, doc: Path, out: Path) -> str:
    def fix_tag(tag: re.Match[str]) -> str:
        def fix_attr(m: re.Match[str]) -> str:
            if tag.group(1).lower() == "link" and m.group(1).lower() == "href":
                rel = re.search(r"""\brel\s*=\s*["']?([^"'>]*)""", tag.group(0), re.IGNORECASE)
                kinds = set((rel.group(1) if rel else "").lower().split())
                if not kinds & {"stylesheet", "modulepreload", "preload", "icon", "manifest"}:
                    return m.group(0)  # e.g. rel="license": a link, not a request
            new = _relativize(m.group(3), doc, out, f"{doc.name} <{tag.group(1)}>")
            return f"{m.group(1)}={m.group(2)}{new}{m.group(2)}"

        return _ATTR_RE.sub(fix_attr, tag.group(0))

    return _TAG_RE.sub(fix_tag, text)


def relativize_css(text: str, doc: Path, out: Path) -> str:
    def fix(m: re.Match[str]) -> str:
        quote, value = (
            (m.group(1), m.group(2)) if m.group(2) is not None else (m.group(3), m.group(4))
        )
        new = _relativize(value, doc, out, doc.name)
        return m.group(0).replace(f"{quote}{value}{quote}", f"{quote}{new}{quote}", 1)

    return _CSS_URL_RE.sub(fix, text)


def inline_board(html_text: str) -> str:
    if BOARD_MARKER not in html_text:
        return html_text
    if not BOARD_SVG.is_file():
        raise BuildError(f"web/index.html has {BOARD_MARKER} but {BOARD_SVG} does not exist")
    svg = BOARD_SVG.read_text(encoding="utf-8")
    svg = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg)
    svg = re.sub(r"^\s*<!DOCTYPE[^>]*>\s*", "", svg, flags=re.IGNORECASE)
    return html_text.replace(BOARD_MARKER, svg.strip(), 1)


def link_variant_styles(html_text: str, site: Path) -> str:
    """Put a ``<link rel="stylesheet">`` for each ``variants/<id>/*.css`` of the built
    ``site`` where index.html has the marker."""
    links = "\n  ".join(
        f'<link rel="stylesheet" href="./{css.relative_to(site).as_posix()}">'
        for css in sorted(site.glob("variants/*/*.css"))
    )
    return html_text.replace(VARIANT_CSS_MARKER, links, 1)


def _attrs(text: str) -> dict[str, str]:
    return {k.lower(): v for k, _q, v in re.findall(r"""([\w-]+)\s*=\s*(["'])(.*?)\2""", text)}
