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


#: An own file's element, as the build inlines it (`<link ...>`, `<script ...></script>`).
LINK_EL_RE = re.compile(r"<link\b([^>]*)>", re.IGNORECASE)
SCRIPT_EL_RE = re.compile(r"<script\b([^>]*)>\s*</script>", re.IGNORECASE)
#: The attribute an inlined stylesheet or script keeps its file's site path in (the one-file
#: edition then knows it need not pack that file).
INLINED_FROM = "data-inlined-from"


def own_file(site: Path, doc: Path, ref: str) -> Path | None:
    """The site file an own reference (`./x`, `x`) of `doc` names, if it exists."""
    if not ref or _EXTERNAL_RE.match(ref) or ref.startswith(("data:", "blob:", "#")):
        return None
    path = (doc.parent / ref.split("#")[0].split("?")[0]).resolve()
    return path if path.is_file() and path.is_relative_to(site.resolve()) else None


def inline_code(code: str, tag: str) -> str:
    """`code` safe inside a `<script>` or `<style>` element (`tag`): nothing in it can end
    the element, nor open an HTML comment in a script."""
    code = re.sub(rf"</({tag})", r"<\\/\1", code, flags=re.IGNORECASE)
    return code.replace("<!--", "<\\!--") if tag == "script" else code


def inline_render_blocking(html_text: str, doc: Path, site: Path) -> str:
    """`html_text` with what holds back its first paint inline: its own stylesheets (no
    `media`) and its classic scripts without `defer`/`async`. Each is a request the page
    must wait for before it paints (about 40 ms each on a local server, one round trip
    each in Lighthouse's simulated network), and they came one after another: the
    stylesheets behind pwa.js, zoom.js in the middle of the body. The stylesheets' own
    `url()`s are rebased on `doc`. Each inline element names its file (`data-inlined-from`)."""
    root = site.resolve()

    def rebase_css(text: str, css: Path) -> str:
        def fix(m: re.Match[str]) -> str:
            quote, value = (
                (m.group(1), m.group(2)) if m.group(2) is not None else (m.group(3), m.group(4))
            )
            target = own_file(site, css, value)
            if target is None or css.parent == doc.parent:
                return m.group(0)
            new = os.path.relpath(target, doc.parent.resolve())
            new = new if new.startswith("../") else f"./{new}"
            return m.group(0).replace(f"{quote}{value}{quote}", f"{quote}{new}{quote}", 1)

        return _CSS_URL_RE.sub(fix, text)

    def link(m: re.Match[str]) -> str:
        a = _attrs(m.group(1))
        target = own_file(site, doc, a.get("href", ""))
        if "stylesheet" not in a.get("rel", "").lower().split() or "media" in a or not target:
            return m.group(0)
        css = inline_code(rebase_css(target.read_text(encoding="utf-8"), target), "style")
        rel = target.relative_to(root).as_posix()
        return f'<style {INLINED_FROM}="{rel}">\n{css}</style>'

    def script(m: re.Match[str]) -> str:
        a = _attrs(m.group(1))
        words = set(re.findall(r"[\w-]+", re.sub(r"([\"']).*?\1", "", m.group(1))))
        bare = not {"defer", "async", "nomodule"} & words
        target = own_file(site, doc, a.get("src", ""))
        if a.get("type", "").lower() not in ("", "text/javascript") or not bare or not target:
            return m.group(0)
        code = inline_code(target.read_text(encoding="utf-8"), "script")
        rel = target.relative_to(root).as_posix()
        return f'<script {INLINED_FROM}="{rel}">\n{code}</script>'

    return SCRIPT_EL_RE.sub(script, LINK_EL_RE.sub(link, html_text))
