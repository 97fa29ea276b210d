"""The Content-Security-Policy of every page, made from its final content."""

from __future__ import annotations

import base64
import hashlib
import re

from buildtools.common import BuildError
from buildtools.pages import _attrs

_CSP_META_RE = re.compile(
    r"""[ \t]*<meta http-equiv=["']Content-Security-Policy["'][^>]*>\n?""", re.IGNORECASE
)
_INLINE_RE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1>", re.IGNORECASE | re.DOTALL)
#: Inline <script> types the browser runs (CSP applies to them); data blocks it does not.
_RUN_TYPES = {"", "module", "text/javascript", "application/javascript", "importmap"}


def _csp_hashes(html: str) -> tuple[list[str], list[str]]:
    """'sha256-...' sources of the page's inline scripts and inline stylesheets."""
    scripts: list[str] = []
    styles: list[str] = []
    for m in _INLINE_RE.finditer(html):
        attrs = _attrs(m.group(2))
        if m.group(1).lower() == "script" and (
            "src" in attrs or attrs.get("type", "").lower() not in _RUN_TYPES
        ):
            continue
        digest = base64.b64encode(hashlib.sha256(m.group(3).encode()).digest()).decode()
        (scripts if m.group(1).lower() == "script" else styles).append(f"'sha256-{digest}'")
    return sorted(set(scripts)), sorted(set(styles))


def content_security_policy(html: str, *, single_file: bool = False) -> str:
    """The page's Content-Security-Policy: its own files only (the one-file edition: its
    own inline code and the blob:/data: URLs it makes), plus what the runtime needs:
    'wasm-unsafe-eval' (Pyodide compiles WebAssembly) and 'unsafe-eval' (PyScript 0.7
    builds its worker hooks with Function() on every page); inline scripts and styles
    only by hash, so no inline script or event handler runs; no plugins, no <base>, no form
    posts. See docs/build.md, "Content-Security-Policy"."""
    scripts, styles = _csp_hashes(html)
    own = [] if single_file else ["'self'"]
    directives = {
        "default-src": ["'none'"] if single_file else ["'self'"],
        "script-src": [
            *own,
            "'wasm-unsafe-eval'",
            "'unsafe-eval'",
            *(["blob:"] if single_file else []),
            *scripts,
        ],
        "style-src": [*own, *styles] or ["'none'"],
        "img-src": [*own, "data:", "blob:"],
        "font-src": own or ["'none'"],
        "connect-src": own or ["'none'"],
        # the one-file edition's snapshot maker (tools/single_file_snapshot.js) is a blob:
        "worker-src": own or ["blob:"],
        # no manifest-src: default-src says the same ('self' / 'none'), and WebKit (Safari)
        # does not know the directive: it logs a console error on every page load
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'none'"],
    }
    return "; ".join(f"{k} {' '.join(v)}" for k, v in directives.items())


def apply_csp(html: str, *, single_file: bool = False) -> str:
    """`html` with its Content-Security-Policy meta tag (re)made from its final content,
    first thing after <meta charset>."""
    html = _CSP_META_RE.sub("", html)
    meta = (
        f'<meta http-equiv="Content-Security-Policy" '
        f'content="{content_security_policy(html, single_file=single_file)}">'
    )
    html, n = re.subn(
        r"(<meta charset=[^>]*>)",
        lambda m: f"{m.group(1)}\n  {meta}",
        html,
        count=1,
        flags=re.IGNORECASE,
    )
    if n != 1:
        raise BuildError("a page without <meta charset> cannot get its CSP")
    return html
