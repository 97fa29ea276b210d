"""Paths, pinned constants, logging and npm: what every build job shares."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PKG = ROOT / "pywar"
TESTS = ROOT / "tests"
E2E = ROOT / "e2e"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"
CACHE = ROOT / ".cache"
WHEEL_DIR = CACHE / "wheels"
NPM_STAMP = NODE_MODULES / ".pywar-npm-stamp"
#: The project's virtual environment: `test`, `bench` and `wheels` re-run inside it.
VENV = ROOT / ".venv"

CHROMIUM = Path(os.environ.get("PYWAR_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: Replaced in index.html by the board SVG, so the board paints before Python starts.
BOARD_MARKER = "<!-- BOARD_SVG -->"
#: Replaced in index.html by a link to each variant page part's stylesheets
#: (``web/variants/<id>/*.css``), so shared markup names no variant.
VARIANT_CSS_MARKER = "<!-- VARIANT_CSS -->"
#: Each variant's folder holds its map (``map.svg``) and thumbnail (``thumb.svg``); the site
#: serves them as ``maps/<id>.svg`` and ``maps/thumbs/<id>.svg``.
VARIANTS_DIR = ROOT / "pywar" / "variants"


def default_board_svg() -> Path:
    """The map of the variant the page opens on (inlined into index.html, not served)."""
    from pywar.variants import DEFAULT_VARIANT, get_variant

    return VARIANTS_DIR / get_variant(DEFAULT_VARIANT).board_id / "map.svg"


BOARD_SVG = default_board_svg()

#: Files Pyodide fetches at start-up (pyodide.asm.js instead of .mjs before version 314).
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "pyodide.mjs.map",  # for DevTools (and Lighthouse's source-map check); not cached
)
#: Lazily imported @pyscript/core chunks that a page of plain `<script type="py">` loads:
#: the error and deprecation helpers, and the four plugins that core imports at start-up
#: for each interpreter type (a config's `"plugins": ["!name"]` only applies to its own type,
#: and the `mpy` type has no config, so they always load; each is a few KiB and pulls in its
#: heavy parts only when its element is on the page). Not shipped: codemirror, xterm, the
#: terminal's py/mpy chunks, toml (we use JSON configs), zip (`files` maps no archives), the
#: packages graph (no `packages`: nothing may be fetched from outside).
PYSCRIPT_LAZY_CHUNKS = frozenset(
    {"error", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal"}
)

#: Pure-Python wheels from PyPI that run the engine tests inside Pyodide (see
#: tools/pyodide_tests.mjs). hypothesis after 6.155.7 ships compiled wheels only.
PYODIDE_TEST_WHEELS = {
    "pytest": "9.2.0",
    "pluggy": "1.7.0",
    "iniconfig": "2.3.1",
    "packaging": "26.3",
    "pygments": "2.21.0",
    "hypothesis": "6.155.7",
    "attrs": "26.1.0",
    "sortedcontainers": "2.4.0",
}
PYODIDE_PYTHON = "3.14"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    "": "application/octet-stream",
}


def log(msg: str) -> None:
    print(f"[build.py] {msg}", file=sys.stderr, flush=True)


class BuildError(RuntimeError):
    """A problem in the inputs that makes the build unusable."""


# --------------------------------------------------------------------------- npm


def _npm_fingerprint() -> str:
    h = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()


def node_modules_ok() -> bool:
    """True when node_modules was installed by `npm ci` from the current lock file."""
    if not NPM_STAMP.is_file():
        return False
    if NPM_STAMP.read_text().strip() != _npm_fingerprint():
        return False
    return (PYODIDE_DIR / "pyodide.mjs").is_file() and (PYSCRIPT_DIR / "core.js").is_file()


def ensure_node_modules() -> None:
    if node_modules_ok():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm not found: install Node.js 18+ and npm (apt-get install nodejs npm)")
    log("node_modules missing or stale: npm ci")
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=ROOT,
        check=True,
        stdin=subprocess.DEVNULL,
    )
    NPM_STAMP.write_text(_npm_fingerprint() + "\n")


def package_version(pkg_dir: Path) -> str:
    return str(json.loads((pkg_dir / "package.json").read_text())["version"])
