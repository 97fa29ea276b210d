#!/usr/bin/env python3
"""Build, serve, test and benchmark pywar's static web app (stdlib only).

    python3 build.py                 build dist/ (runs `npm ci` first when node_modules is stale)
    python3 build.py serve [--port]  build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test            install what's missing, then ruff + pytest (CPython and
                                     Chromium) + the engine tests inside Pyodide under Node;
                                     Python packages go into the project's .venv/ (made on
                                     first use), never into the system Python
    python3 build.py bench           one JSON object of load-time and tap-latency figures
    python3 build.py wheels          fetch the pinned pure-Python wheels the Pyodide tests use

dist/ is a self-contained static site: the page, the pywar package, and a vendored Pyodide +
PyScript runtime under dist/runtime/. It makes no request outside its own origin and works
from any sub-path (GitHub Pages). See docs/build.md.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import errno
import functools
import gzip
import hashlib
import http.server
import json
import math
import os
import posixpath
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
import tomllib
import zlib
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
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
BOARD_SVG = WEB / "maps" / "classic.svg"

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


# ------------------------------------------------------------------------ build

_IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*)(\()?\s*["'](\./[^"']+\.js)["']""")
_CHUNK_RE = re.compile(r"^(?P<stem>.+)-[A-Za-z0-9_-]{8}\.js$")


def pyscript_runtime_files() -> list[str]:
    """core.js, core.css and the chunks core.js loads for plain `<script type="py">` pages.

    Static imports are always followed; dynamic `import("./x.js")` only for the chunks in
    PYSCRIPT_LAZY_CHUNKS.
    """
    wanted: list[str] = []
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        path = PYSCRIPT_DIR / name
        if not path.is_file():
            raise BuildError(f"@pyscript/core is missing {name}")
        wanted.append(name)
        for m in _IMPORT_RE.finditer(path.read_text(encoding="utf-8")):
            dynamic, target = m.group(1) is not None, m.group(2)[2:]
            stem_match = _CHUNK_RE.match(target)
            stem = stem_match.group("stem") if stem_match else target.removesuffix(".js")
            if not dynamic or stem in PYSCRIPT_LAZY_CHUNKS:
                todo.append(target)
    return sorted(wanted) + ["core.css"]


class _ScriptFinder(HTMLParser):
    """Collects the `src` of every `<script type="py">` (the pages' main scripts)."""

    def __init__(self) -> None:
        super().__init__()
        self.main_scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        is_py_script = tag == "script" and (a.get("type") or "") in {"py", "mpy"}
        if (is_py_script or tag in {"py-script", "mpy-script"}) and a.get("src"):
            self.main_scripts.append(str(a["src"]))


def main_scripts(web: Path) -> set[str]:
    """web/-relative paths of the Python files that pages run directly (not imported)."""
    found: set[str] = set()
    for page in web.glob("*.html"):
        finder = _ScriptFinder()
        finder.feed(page.read_text(encoding="utf-8"))
        for src in finder.main_scripts:
            found.add(os.path.normpath(src.split("?")[0].removeprefix("./")))
    return found


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def _web_files(web: Path) -> Iterator[Path]:
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix == ".pyc":
            continue
        if rel.parts[0] == "maps" and (
            path.suffix == ".md" or path.name.endswith("-preview.css") or path == BOARD_SVG
        ):
            continue  # notes, the generators' preview style, and the board inlined in index.html
        yield path


def _package_files(pkg: Path) -> Iterator[Path]:
    for path in sorted(pkg.rglob("*")):
        rel = path.relative_to(pkg)
        if "__pycache__" in rel.parts or not path.is_file():
            continue
        if path.suffix == ".py" or (rel.parts[0] == "variants" and path.suffix == ".json"):
            yield path


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


def git_describe() -> dict[str, Any]:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        return {"hash": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain"))}
    except (OSError, subprocess.CalledProcessError):
        return {"hash": None, "dirty": None}


def dir_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(
    out: Path = DIST, *, install: bool = True, single_file: bool = False, snapshot: bool = True
) -> Path:
    """Build the static site into `out` (replaced atomically). Returns `out`.

    `single_file`: also write the one-file edition `out/pywar.html` (see build_single_file).
    `snapshot`: make the Pyodide memory snapshot the page starts from (see make_snapshot);
    without it (or with PYWAR_NO_SNAPSHOT=1) the page boots the normal way.
    """
    snapshot = snapshot and os.environ.get("PYWAR_NO_SNAPSHOT", "") in ("", "0")
    if install:
        ensure_node_modules()
    elif not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise BuildError("node_modules is missing: run `npm ci`")
    t0 = time.perf_counter()
    tmp = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        _build_into(tmp, single_file=single_file, snapshot_wanted=snapshot)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    if out.exists():
        out.rename(old)
    tmp.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    info = json.loads((out / "build-info.json").read_text())
    log(
        f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} in "
        f"{time.perf_counter() - t0:.1f} s: {len(info['files'])} files, "
        f"{info['bytes_without_runtime'] / 1024:.0f} KiB + runtime "
        f"{info['bytes_runtime'] / 1024 / 1024:.1f} MiB"
    )
    return out


def _build_into(out: Path, *, single_file: bool = False, snapshot_wanted: bool = True) -> None:
    # 1. Runtime: Pyodide and PyScript, only the files a page requests.
    rt_py = out / "runtime" / "pyodide"
    for name in PYODIDE_RUNTIME_FILES:
        if (PYODIDE_DIR / name).is_file():
            _copy(PYODIDE_DIR / name, rt_py / name)
    for required in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        if not (rt_py / required).is_file():
            raise BuildError(f"pyodide package lacks {required}")
    rt_ps = out / "runtime" / "pyscript"
    for name in pyscript_runtime_files():
        _copy(PYSCRIPT_DIR / name, rt_ps / name)
        if (PYSCRIPT_DIR / f"{name}.map").is_file():  # the chunks name their source maps
            _copy(PYSCRIPT_DIR / f"{name}.map", rt_ps / f"{name}.map")

    # 2. The page (web/), minus the map sources' notes.
    web_out: list[Path] = []
    if WEB.is_dir():
        for src in _web_files(WEB):
            dst = out / src.relative_to(WEB)
            _copy(src, dst)
            web_out.append(dst)

    # 3. The engine package: sources and board data only.
    pkg_files: list[str] = []
    if PKG.is_dir():
        for src in _package_files(PKG):
            rel = src.relative_to(ROOT).as_posix()
            _copy(src, out / rel)
            pkg_files.append(rel)

    # 4. PyScript configs: the game's (pywar + web/*.py helper modules) and hello's (bare).
    mains = main_scripts(WEB) if WEB.is_dir() else set()
    helpers = sorted(
        p.name for p in (WEB.glob("*.py") if WEB.is_dir() else []) if p.name not in mains
    )
    files = {f"./{rel}": f"./{rel}" for rel in [*pkg_files, *helpers]}
    base = {"interpreter": "./runtime/pyodide/pyodide.mjs"}
    game = {**base, "files": files}
    if (out / PYODIDE_BOOT).is_file():  # the game boots through its snapshot loader
        game["interpreter"] = f"./{PYODIDE_BOOT}"
    (out / "pyscript.json").write_text(json.dumps(game, indent=2) + "\n")
    (out / "hello.json").write_text(json.dumps(base, indent=2) + "\n")

    # 5. Pages and stylesheets: inline the board, make every own reference relative.
    for path in web_out:
        if path.suffix == ".html":
            text = path.read_text(encoding="utf-8")
            if path.name == "index.html" and path.parent == out:
                text = inline_board(text)
            path.write_text(relativize_html(text, path, out), encoding="utf-8")
        elif path.suffix == ".css":
            text = path.read_text(encoding="utf-8")
            path.write_text(relativize_css(text, path, out), encoding="utf-8")

    (out / ".nojekyll").write_text("")

    # 6. The first screen, prerendered; the memory snapshot and its loader.
    first_screen = prerender_first_screen(out)
    snapshot = make_snapshot(out) if snapshot_wanted else None
    set_boot_snapshot(out, snapshot)

    # 7. Content-Security-Policy of every page, from its final content.
    for page in out.glob("*.html"):
        page.write_text(apply_csp(page.read_text(encoding="utf-8")), encoding="utf-8")

    # 8. Offline: the service worker's version and file list; the one-file edition.
    sw_version = write_service_worker(out)
    single = build_single_file(out, out / SINGLE_FILE_NAME) if single_file else None

    # 9. build-info.json
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    listing = sorted(
        (p.relative_to(out).as_posix(), p.stat().st_size) for p in out.rglob("*") if p.is_file()
    )
    runtime = sum(size for rel, size in listing if rel.startswith("runtime/"))
    single_bytes = single["bytes"] if single else 0
    info = {
        "name": project["name"],
        "version": project["version"],
        "git": git_describe(),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "pyodide": package_version(PYODIDE_DIR),
        "python": lock.get("info", {}).get("python"),
        "pyscript": package_version(PYSCRIPT_DIR.parent),
        "main_scripts": sorted(mains),
        "sw_version": sw_version,
        "snapshot": snapshot,
        "first_screen": first_screen,
        "single_file": single,
        "bytes_runtime": runtime,
        "bytes_without_runtime": sum(size for _, size in listing) - runtime - single_bytes,
        "files": [{"path": rel, "bytes": size} for rel, size in listing],
    }
    (out / "build-info.json").write_text(json.dumps(info, indent=1) + "\n")


# --------------------------------------------------------------------- snapshot

#: The game's Pyodide loader (web/pyodide_boot.mjs), named by pyscript.json's `interpreter`.
#: build.py fills in its `const SNAPSHOT = ...;` line.
PYODIDE_BOOT = "pyodide_boot.mjs"
_BOOT_SNAPSHOT_RE = re.compile(r"^const SNAPSHOT = .*;$", re.MULTILINE)
SNAPSHOT_TOOL = ROOT / "tools" / "make_snapshot.mjs"
SNAPSHOT_WARM = ROOT / "tools" / "snapshot_warm.py"
SNAPSHOT_CACHE = CACHE / "snapshots"
#: gzip level of the served snapshot: 6 is within 1 % of 9's size in a quarter of the time.
SNAPSHOT_GZIP_LEVEL = 6
#: Pyodide's heap at start (30 MiB); a snapshot must fit in it to restore (pyodide#6254).
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024 + 4096


def snapshot_key(site: Path) -> str:
    """What a snapshot of `site` depends on: the Pyodide build, the snapshot tools and every
    Python file pyscript.json maps (path and bytes). Same inputs, same key."""
    h = hashlib.sha256(b"pywar-snapshot-1\0")
    rt = site / "runtime" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        if (rt / name).is_file():
            h.update(name.encode() + b"\0" + hashlib.sha256((rt / name).read_bytes()).digest())
    for tool in (SNAPSHOT_TOOL, SNAPSHOT_WARM):
        h.update(tool.name.encode() + b"\0" + hashlib.sha256(tool.read_bytes()).digest())
    config = json.loads((site / "pyscript.json").read_text())
    for src, dest in sorted(config.get("files", {}).items()):
        data = (site / src).read_bytes()
        h.update(f"{src}>{dest}".encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def snapshot_sources(site: Path) -> dict[str, str]:
    """Every file the snapshot baked in, by its path in Pyodide's file system (PyScript
    writes pyscript.json's `files` under /home/pyodide): "<bytes>:<CRC-32 hex>". The loader
    compares what PyScript writes with these (a quick check for a stale snapshot, not a
    security measure: the snapshot and the files come from the same place)."""
    config = json.loads((site / "pyscript.json").read_text())
    out = {}
    for src, dest in sorted(config.get("files", {}).items()):
        data = (site / src).read_bytes()
        path = posixpath.normpath(posixpath.join("/home/pyodide", dest))
        out[path] = f"{len(data)}:{zlib.crc32(data):x}"
    return out


def make_snapshot(site: Path) -> dict[str, Any] | None:
    """The Pyodide memory snapshot the game starts from, written to `site` gzipped as
    `snapshot-<key>.bin.gz`. Made in Node by tools/make_snapshot.mjs (pinned Pyodide, pywar
    and the page's pure modules imported, see tools/snapshot_warm.py) and kept in
    .cache/snapshots by key, so a rebuild with the same inputs costs a copy. Returns its
    figures for build-info.json, or None (with a warning) when it cannot be made: the page
    then boots the normal way."""
    node = shutil.which("node")
    if node is None or not (site / PYODIDE_BOOT).is_file():
        return None
    key = snapshot_key(site)
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / ".gitignore").write_text("*\n")
    cached = SNAPSHOT_CACHE / f"{key}.bin.gz"
    meta_path = SNAPSHOT_CACHE / f"{key}.json"
    if not (cached.is_file() and meta_path.is_file()):
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            raw_path = Path(tmp) / "snapshot.bin"
            done = subprocess.run(
                [node, str(SNAPSHOT_TOOL), str(site), str(raw_path), key],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                log(f"warning: no snapshot (the page boots without it): {done.stderr[-2000:]}")
                return None
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            raw = raw_path.read_bytes()
        if len(raw) > SNAPSHOT_HEAP_LIMIT:
            log(f"warning: no snapshot: {len(raw)} bytes is more than Pyodide's first heap")
            return None
        gz = gzip.compress(raw, compresslevel=SNAPSHOT_GZIP_LEVEL, mtime=0)
        for old in SNAPSHOT_CACHE.glob("*"):  # keep only the newest few
            if old.stat().st_mtime < time.time() - 7 * 86400:
                old.unlink()
        tmp_gz = cached.with_suffix(".tmp")
        tmp_gz.write_bytes(gz)
        tmp_gz.rename(cached)
        meta = {
            "key": key,
            "pyodide": figures["pyodide"],
            "bytes": len(raw),
            "gzip_bytes": len(gz),
            "sha256": hashlib.sha256(raw).hexdigest(),
            "modules": figures["modules"],
            "make_ms": figures["total_ms"],
        }
        meta_path.write_text(json.dumps(meta) + "\n")
        log(
            f"snapshot made in {time.perf_counter() - t0:.1f} s: {len(raw) / 1e6:.1f} MB, "
            f"{len(gz) / 1e6:.2f} MB gzip, {figures['modules']} modules"
        )
    meta = json.loads(meta_path.read_text())
    name = f"snapshot-{key[:16]}.bin.gz"
    shutil.copyfile(cached, site / name)
    return {**meta, "path": name}


def set_boot_snapshot(site: Path, snapshot: dict[str, Any] | None) -> None:
    """Fill in the loader's `const SNAPSHOT = ...;` line, and preload the loader's modules
    from index.html (they download while PyScript starts)."""
    boot = site / PYODIDE_BOOT
    if not boot.is_file():
        return
    text = boot.read_text(encoding="utf-8")
    if len(_BOOT_SNAPSHOT_RE.findall(text)) != 1:
        raise BuildError(f"{PYODIDE_BOOT} needs exactly one `const SNAPSHOT = ...;` line")
    value = (
        None
        if snapshot is None
        else {
            "url": f"./{snapshot['path']}",
            "key": snapshot["key"],
            "pyodide": snapshot["pyodide"],
            "bytes": snapshot["bytes"],
            "sources": snapshot_sources(site),
        }
    )
    line = "const SNAPSHOT = " + json.dumps(value) + ";"
    boot.write_text(_BOOT_SNAPSHOT_RE.sub(lambda _m: line, text), encoding="utf-8")
    index = site / "index.html"
    if not index.is_file():
        return
    # Only the small loader modules: preloading the big files (wasm, standard library,
    # snapshot) makes the first screen wait for them where bandwidth is scarce (Lighthouse's
    # mobile LCP went from seconds to minutes); the loader starts the snapshot's download
    # as soon as PyScript imports it.
    links = [
        f'<link rel="modulepreload" href="./{PYODIDE_BOOT}">',
        '<link rel="modulepreload" href="./runtime/pyodide/pyodide.mjs">',
    ]
    html = index.read_text(encoding="utf-8")
    html, n = re.subn(
        r"(\n[ \t]*)(<script type=\"module\" src=\"\./runtime/pyscript/core\.js\")",
        lambda m: m.group(1) + m.group(1).join(links) + m.group(1) + m.group(2),
        html,
        count=1,
    )
    if n == 1:
        index.write_text(html, encoding="utf-8")


# ----------------------------------------------------------------- first screen

FIRST_SCREEN_MARKER = "<!-- FIRST_SCREEN"
PRERENDER_TOOL = ROOT / "tools" / "prerender.py"
FIRST_SCREEN_JS = ROOT / "tools" / "first_screen.js"
_FIRST_LINE_RE = re.compile(r"^  var FIRST = .*;$", re.MULTILINE)


def prerender_first_screen(site: Path) -> dict[str, Any] | None:
    """Write the first screen into `site`/index.html, rendered by the view model itself
    (tools/prerender.py, on the site's own Python files), so a player can read it and fill
    it in before Python is ready: the header and the new-game screen in the default
    language in place, the other languages and the "continue your game" cards as
    <template>s, and tools/first_screen.js inline (it picks the screen and records what the
    player does; main.py takes over from it). Returns figures for build-info.json."""
    index = site / "index.html"
    if not index.is_file() or not (site / "viewmodel.py").is_file():
        return None
    text = index.read_text(encoding="utf-8")
    if FIRST_SCREEN_MARKER not in text:
        return None
    done = subprocess.run(
        [sys.executable, "-B", str(PRERENDER_TOOL), str(site)],
        cwd=site,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    if done.returncode != 0:
        raise BuildError(f"tools/prerender.py failed:\n{done.stderr[-3000:]}")
    data = json.loads(done.stdout)
    screens, lang = data["screens"], data["default"]
    first = screens[lang]
    slots = {
        r'<div id="header-slot"></div>': (
            f'<div id="header-slot" data-view="{first["header_key"]}">{first["header"]}</div>'
        ),
        r'<div id="overlay" class="overlay" hidden>': '<div id="overlay" class="overlay">',
        r'<div class="overlay-box" id="overlay-slot" role="dialog"></div>': (
            '<div class="overlay-box" id="overlay-slot" role="dialog" '
            f'aria-labelledby="setup-title" data-view="{first["overlay_key"]}">'
            f"{first['overlay']}</div>"
        ),
    }
    for old, new in slots.items():
        if text.count(old) != 1:
            raise BuildError(f"index.html: the first screen needs exactly one {old}")
        text = text.replace(old, new, 1)
    text, n = re.subn(
        r"<html\b([^>]*)>", lambda m: f'<html{m.group(1)} data-screen="setup">', text, count=1
    )
    templates = []
    for code, screen in screens.items():
        parts = ["continue"] + ([] if code == lang else ["header", "overlay"])
        templates += [
            f'<template data-first-screen="{code}" data-part="{part}">{screen[part]}</template>'
            for part in parts
        ]
    boards = json.loads(
        subprocess.run(
            [
                sys.executable,
                "-B",
                "-c",
                "import json; from pywar.variants import VARIANTS; "
                "print(json.dumps(sorted(VARIANTS)))",
            ],
            cwd=site,
            capture_output=True,
            text=True,
            check=True,
            stdin=subprocess.DEVNULL,
        ).stdout
    )
    config = {
        "lang": lang,
        "board": "classic",
        "boards": boards,
        "keys": data["keys"],
        "langs": {
            code: {k: s[k] for k in ("title", "html_lang", "header_key", "overlay_key")}
            for code, s in screens.items()
        },
    }
    script = FIRST_SCREEN_JS.read_text(encoding="utf-8")
    if len(_FIRST_LINE_RE.findall(script)) != 1:
        raise BuildError("tools/first_screen.js needs exactly one `  var FIRST = ...;` line")
    line = "  var FIRST = " + json.dumps(config, ensure_ascii=False).replace("</", "<\\/") + ";"
    script = _FIRST_LINE_RE.sub(lambda _m: line, script)
    block = "\n  ".join(templates) + f"\n  <script>\n{script}</script>"
    text = re.sub(r"<!-- FIRST_SCREEN[^>]*-->", lambda _m: block, text, count=1)
    index.write_text(text, encoding="utf-8")
    return {
        "languages": sorted(screens),
        "bytes": len(block) + sum(len(s["header"]) + len(s["overlay"]) for s in screens.values()),
    }


# -------------------------------------------------------------------------- CSP

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
        "worker-src": own or ["'none'"],
        "manifest-src": own or ["'none'"],
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


# ---------------------------------------------------------------------- offline

#: The service worker (web/sw.js). build.py fills in its `const BUILD = {...};` line.
SERVICE_WORKER = "sw.js"
_SW_BUILD_RE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
#: The one-file edition, written into the site by `build.py --single-file`.
SINGLE_FILE_NAME = "pywar.html"
#: Files of the site that the service worker does not cache: itself, the build record,
#: GitHub Pages' marker and the one-file edition (a download, not part of the app).
SW_EXCLUDED = frozenset({SERVICE_WORKER, "build-info.json", ".nojekyll", SINGLE_FILE_NAME})
SINGLE_FILE_TOOL = ROOT / "tools" / "single_file.mjs"
SINGLE_FILE_BOOT = ROOT / "tools" / "single_file_boot.js"
#: The one-file edition's size goal (bytes).
SINGLE_FILE_BUDGET = 10 * 1000 * 1000


def service_worker_files(site: Path) -> list[str]:
    """Site-relative paths of every file the service worker caches (sorted)."""
    return sorted(
        rel
        for p in site.rglob("*")
        if p.is_file()
        and (rel := p.relative_to(site).as_posix()) not in SW_EXCLUDED
        and p.suffix != ".map"  # source maps: for DevTools, online
    )


def write_service_worker(site: Path) -> str | None:
    """Fill in site/sw.js: `const BUILD = {"version": ..., "files": [...]};`.

    The version is a hash of every cached file's path and bytes and of the worker's own
    code, so any change to the site gives a new cache (`pywar:<scope>:<version>`), and the
    same inputs give the same version. Safe to call again on a built site after patching a
    file (the update test does). Returns the version, or None when there is no sw.js.
    """
    sw = site / SERVICE_WORKER
    if not sw.is_file():
        return None
    text = sw.read_text(encoding="utf-8")
    if len(_SW_BUILD_RE.findall(text)) != 1:
        raise BuildError(f"{SERVICE_WORKER} needs exactly one `const BUILD = ...;` line")
    files = service_worker_files(site)
    h = hashlib.sha256(_SW_BUILD_RE.sub("", text).encode())
    for rel in files:
        h.update(rel.encode() + b"\0" + hashlib.sha256((site / rel).read_bytes()).digest())
    version = h.hexdigest()[:16]
    inflate = [rel for rel in files if rel.startswith("snapshot-") and rel.endswith(".gz")]
    line = (
        "const BUILD = "
        + json.dumps({"version": version, "files": files, "inflate": inflate})
        + ";"
    )
    sw.write_text(_SW_BUILD_RE.sub(lambda _m: line, text), encoding="utf-8")
    return version


_SCRIPT_EL_RE = re.compile(r"<script\b([^>]*)>\s*</script>", re.IGNORECASE)
_LINK_EL_RE = re.compile(r"<link\b([^>]*)>", re.IGNORECASE)
_IMG_EL_RE = re.compile(r"""<img\b[^>]*\bsrc\s*=\s*(["'])(.*?)\1[^>]*>""", re.IGNORECASE)


def _attrs(text: str) -> dict[str, str]:
    return {k.lower(): v for k, _q, v in re.findall(r"""([\w-]+)\s*=\s*(["'])(.*?)\2""", text)}


def _mime(path: str) -> str:
    return MIME_TYPES.get(Path(path).suffix.lower(), MIME_TYPES[""])


def _data_url(path: Path) -> str:
    return f"data:{_mime(path.name).split(';')[0]};base64," + base64.b64encode(
        path.read_bytes()
    ).decode("ascii")


def _own_file(site: Path, doc: Path, ref: str) -> Path | None:
    """The site file an own reference (`./x`, `x`) of `doc` names, if it exists."""
    if not ref or _EXTERNAL_RE.match(ref) or ref.startswith(("data:", "blob:", "#")):
        return None
    path = (doc.parent / ref.split("#")[0].split("?")[0]).resolve()
    return path if path.is_file() and path.is_relative_to(site.resolve()) else None


def _single_file_html(site: Path, page: Path, boot: str) -> tuple[str, set[str]]:
    """The page with its stylesheets, classic scripts, icon and images inline, the links
    only a hosted site uses (manifest, apple-touch-icon) dropped, the PyScript module tag
    removed (the boot script imports the bundle) and `boot` before `</body>`. Returns the
    HTML and the site-relative paths it inlined."""
    inlined: set[str] = set()
    html = page.read_text(encoding="utf-8")

    def css_inline(css_path: Path) -> str:
        css = css_path.read_text(encoding="utf-8")

        def url(m: re.Match[str]) -> str:
            ref = m.group(2)
            target = _own_file(site, css_path, ref) if ref is not None else None
            return f'url("{_data_url(target)}")' if target else m.group(0)

        css = _CSS_URL_RE.sub(url, css)
        return re.sub(r"</(style)", r"<\\/\1", css, flags=re.IGNORECASE)

    def link(m: re.Match[str]) -> str:
        a = _attrs(m.group(1))
        kinds = set(a.get("rel", "").lower().split())
        target = _own_file(site, page, a.get("href", ""))
        if kinds & {"manifest", "apple-touch-icon"}:
            return ""  # installing needs the hosted site; a file has nothing to install
        if kinds & {"preload", "modulepreload"}:
            return ""  # everything is in the file already
        if "stylesheet" in kinds and target:
            inlined.add(target.relative_to(site.resolve()).as_posix())
            return f"<style>\n{css_inline(target)}</style>"
        if "icon" in kinds and target:
            return m.group(0).replace(a["href"], _data_url(target))
        return m.group(0)

    def script(m: re.Match[str]) -> str:
        a = _attrs(m.group(1))
        kind = a.get("type", "").lower()
        target = _own_file(site, page, a.get("src", ""))
        if target is None:
            return m.group(0)
        rel = target.relative_to(site.resolve()).as_posix()
        if kind == "module" and rel.startswith("runtime/pyscript/"):
            inlined.add(rel)
            return ""  # the boot script imports the bundled PyScript instead
        if kind in ("", "text/javascript", "application/javascript"):
            inlined.add(rel)
            code = target.read_text(encoding="utf-8")
            code = re.sub(r"</(script)", r"<\\/\1", code, flags=re.IGNORECASE)
            code = code.replace("<!--", "<\\!--")
            return f"<script>\n{code}</script>"
        return m.group(0)  # <script type="py">: PyScript fetches it (from the packed files)

    def image(m: re.Match[str]) -> str:
        target = _own_file(site, page, _attrs(m.group(0)).get("src", ""))
        return m.group(0).replace(m.group(2), _data_url(target), 1) if target else m.group(0)

    html = _LINK_EL_RE.sub(link, html)
    html = _SCRIPT_EL_RE.sub(script, html)
    html = _IMG_EL_RE.sub(image, html)
    meta = '<meta name="pywar-edition" content="single-file">'
    html, n = re.subn(r"(<head\b[^>]*>)", lambda m: f"{m.group(1)}\n  {meta}", html, count=1)
    if n != 1:
        raise BuildError(f"{page.name} has no <head>")
    end = html.lower().rfind("</body>")
    if end < 0:
        raise BuildError(f"{page.name} has no </body>")
    return html[:end] + boot + html[end:], inlined


def build_single_file(site: Path, dest: Path) -> dict[str, Any]:
    """Write the one-file edition of the built site `site` (its index.html) to `dest`.

    One HTML file that plays from `file://` with no server and no network, made from the
    same built files as the site: stylesheets and classic scripts inline; PyScript bundled
    into one module by esbuild (tools/single_file.mjs); every file the page fetches or
    imports (pyscript.json, main.py, web helpers, pywar/**, maps/**, the Pyodide runtime)
    packed into one gzip stream, base64 in the page; tools/single_file_boot.js inflates it
    with DecompressionStream, answers `fetch` for those paths from memory and maps the
    runtime's ES modules to blob: URLs with an import map. Returns sizes for build-info.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node not found: the one-file edition bundles PyScript with esbuild")
    page = site / "index.html"
    if not page.is_file():
        raise BuildError(f"{page} does not exist: nothing to make a one-file edition of")
    t0 = time.perf_counter()
    bundle_rel = "runtime/pyscript/core.bundle.js"
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "core.bundle.js"
        subprocess.run(
            [node, str(SINGLE_FILE_TOOL), str(site / "runtime/pyscript/core.js"), str(bundle)],
            cwd=ROOT,
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        bundle_bytes = bundle.read_bytes()

    # Files only other pages use (hello.html's script and config) are not packed.
    other_pages: set[str] = set()
    for other in site.glob("*.html"):
        if other.name in ("index.html", dest.name):
            continue
        for m in _SCRIPT_EL_RE.finditer(other.read_text(encoding="utf-8")):
            a = _attrs(m.group(1))
            for ref in (a.get("src", ""), a.get("config", "")):
                if (target := _own_file(site, other, ref)) is not None:
                    other_pages.add(target.relative_to(site.resolve()).as_posix())
    boot_placeholder = "<!-- pywar single-file boot -->"
    html, inlined = _single_file_html(site, page, boot_placeholder)
    skip_prefixes = ("runtime/pyscript/", "icons/", "snapshot-")
    skip = SW_EXCLUDED | {"manifest.webmanifest", "pwa.js"} | inlined | other_pages
    packed: list[tuple[str, bytes]] = [(bundle_rel, bundle_bytes)]
    snapshot_gz = 0
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site).as_posix()
        if rel.startswith("snapshot-"):
            snapshot_gz = p.stat().st_size
        if not p.is_file() or rel in skip or rel.startswith(skip_prefixes):
            continue
        if p.suffix in (".html", ".css", ".map") or p.resolve() == dest.resolve():
            continue
        data = p.read_bytes()
        if rel == PYODIDE_BOOT:  # the snapshot is not packed (see docs/build.md): no fetch
            data = _BOOT_SNAPSHOT_RE.sub("const SNAPSHOT = null;", data.decode()).encode()
        packed.append((rel, data))

    index: dict[str, Any] = {"files": [], "modules": [], "entry": f"./{bundle_rel}"}
    offset = 0
    for rel, data in packed:
        index["files"].append([f"./{rel}", offset, len(data), _mime(rel)])
        offset += len(data)
        if rel.endswith(".mjs"):
            index["modules"].append(f"./{rel}")
    raw = b"".join(data for _, data in packed)
    gz = gzip.compress(raw, compresslevel=9, mtime=0)
    sw = site / SERVICE_WORKER
    version = None
    if sw.is_file() and (m := _SW_BUILD_RE.search(sw.read_text(encoding="utf-8"))):
        version = json.loads(m.group(0)[len("const BUILD = ") : -1])["version"]
    index["built"] = {"version": version}
    index_json = json.dumps(index, separators=(",", ":")).replace("</", "<\\/")
    boot = (
        f'<script type="application/json" id="pywar-files">{index_json}</script>\n'
        '<script type="text/plain" id="pywar-data">'
        + base64.b64encode(gz).decode("ascii")
        + "</script>\n<script>\n"
        + SINGLE_FILE_BOOT.read_text(encoding="utf-8")
        + "</script>\n"
    )
    html = apply_csp(html.replace(boot_placeholder, boot, 1), single_file=True)
    dest.write_text(html, encoding="utf-8")
    size = dest.stat().st_size
    log(
        f"one-file edition {dest.name}: {size / 1e6:.2f} MB ({len(packed)} files, "
        f"{len(raw) / 1e6:.1f} MB packed to {len(gz) / 1e6:.1f} MB gzip) in "
        f"{time.perf_counter() - t0:.1f} s"
    )
    if size > SINGLE_FILE_BUDGET:
        log(f"warning: {dest.name} is over its {SINGLE_FILE_BUDGET / 1e6:.0f} MB goal")
    # The snapshot (gzip, base64 in the page) would not fit in the budget: left out.
    with_snapshot = size + math.ceil(snapshot_gz / 3) * 4 if snapshot_gz else None
    if with_snapshot:
        log(f"one-file edition without the snapshot: it would make {with_snapshot / 1e6:.1f} MB")
    return {
        "path": dest.name,
        "bytes": size,
        "packed_files": len(packed),
        "packed_bytes": len(raw),
        "gzip_bytes": len(gz),
        "snapshot_included": False,
        "bytes_with_snapshot": with_snapshot,
    }


# ------------------------------------------------------------------------ serve


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types and no caching; optional sub-path prefix."""

    extensions_map = MIME_TYPES
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~40 requests
    prefix = ""  # e.g. "/pywar" to test serving from a sub-path, as on GitHub Pages
    quiet = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        if self.prefix:
            if not (path == self.prefix or path.startswith(self.prefix + "/")):
                return str(Path(self.directory) / ".no-such-file")
            path = path[len(self.prefix) :] or "/"
        return super().translate_path(path)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)


class DistServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser gave up on a response (navigation, test teardown)
        super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    prefix: str = "",
    quiet: bool = True,
) -> DistServer:
    """An HTTP server for `directory`; port 0 picks a free port (see `server.server_port`)."""
    handler = type("Handler", (DistHandler,), {"prefix": prefix.rstrip("/"), "quiet": quiet})
    return DistServer((host, port), functools.partial(handler, directory=str(directory)))


@contextlib.contextmanager
def serving(directory: Path = DIST, *, prefix: str = "") -> Iterator[str]:
    """Serve `directory` on a free localhost port in a thread; yields the base URL (with /)."""
    server = make_server(directory, prefix=prefix)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}{prefix.rstrip('/')}/"
    finally:
        server.shutdown()
        server.server_close()


def cmd_serve(args: argparse.Namespace) -> int:
    try:  # the port first: a busy one is one line, not a traceback after a build
        server = make_server(DIST, args.host, args.port, quiet=False)
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, errno.EACCES):
            why = "is already in use" if exc.errno == errno.EADDRINUSE else "is not allowed"
            raise BuildError(
                f"port {args.port} on {args.host} {why}: serve on another one, e.g. "
                f"python3 build.py serve --port {args.port + 1 if args.port < 65535 else 8080}"
            ) from None
        raise BuildError(f"cannot serve on {args.host}:{args.port}: {exc.strerror}") from None
    try:
        if not args.no_build:
            build()
        print(
            f"Serving dist/ on http://{args.host}:{server.server_port}/  (Ctrl-C to stop)",
            flush=True,
        )
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


# ------------------------------------------------------------------------- test


def _run(cmd: Sequence[str], **kw: Any) -> int:
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(list(cmd), cwd=ROOT, stdin=subprocess.DEVNULL, **kw).returncode


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        raise BuildError(f"{CHROMIUM} is missing: install Chromium (apt-get install chromium)")
    log(f"{CHROMIUM} missing: installing Debian's chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    lock = ["-o", "DPkg::Lock::Timeout=600"]
    subprocess.run([apt, *lock, "update", "-qq"], check=True, env=env, stdin=subprocess.DEVNULL)
    subprocess.run(
        [
            apt,
            *lock,
            "install",
            "-y",
            "-qq",
            "chromium",
            "fonts-dejavu-core",
        ],
        check=True,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def venv_python(venv: Path | None = None) -> Path:
    """The Python of the project's virtual environment (``.venv/``)."""
    venv = venv or VENV
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_a_venv() -> bool:
    """True inside any virtual environment (the project's or one the developer chose)."""
    return sys.prefix != sys.base_prefix


def _venv_works(python: Path) -> bool:
    if not python.exists():
        return False
    probe = "import sys, pip; sys.exit(sys.version_info < (3, 11))"
    return (
        subprocess.run(
            [str(python), "-c", probe], stdin=subprocess.DEVNULL, capture_output=True
        ).returncode
        == 0
    )


def _apt_install_venv_module() -> None:
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        raise BuildError(
            f"{sys.executable} cannot make a virtual environment: install Python's venv module "
            "(Debian/Ubuntu: sudo apt-get install python3-venv), then run this again"
        )
    log("Python's venv module is missing: installing Debian's python3-venv")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    lock = ["-o", "DPkg::Lock::Timeout=600"]
    subprocess.run([apt, *lock, "update", "-qq"], check=True, env=env, stdin=subprocess.DEVNULL)
    subprocess.run(
        [apt, *lock, "install", "-y", "-qq", "python3-venv"],
        check=True,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def ensure_venv(venv: Path | None = None) -> Path:
    """The project's virtual environment, made when missing or broken; returns its Python.

    When this Python cannot make one (Debian without python3-venv), the module is installed
    with apt as root, else the error says what to install.
    """
    venv = venv or VENV
    python = venv_python(venv)
    if _venv_works(python):
        return python
    log(f"making the project's virtual environment: python3 -m venv {venv.name}")
    make = [sys.executable, "-m", "venv", "--clear", str(venv)]
    if subprocess.run(make, stdin=subprocess.DEVNULL, capture_output=True).returncode != 0:
        _apt_install_venv_module()
        subprocess.run(make, check=True, stdin=subprocess.DEVNULL)
    if not _venv_works(python):
        raise BuildError(f"{venv} was made but its Python does not run pip")
    return python


def run_in_venv(argv: Sequence[str], *, create: bool = True) -> None:
    """Re-run this command with the project's ``.venv`` Python (made if missing and
    ``create``); returns only when already inside a virtual environment."""
    if in_a_venv() or not (create or venv_python().exists()):
        return
    python = ensure_venv()
    log(f"running in {VENV.name}/: {python.name} build.py {' '.join(argv)}")
    sys.stdout.flush()
    os.execv(str(python), [str(python), str(ROOT / "build.py"), *argv])


def _pip_flags() -> list[str]:
    externally_managed = Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED"
    in_venv = sys.prefix != sys.base_prefix
    return ["--break-system-packages"] if externally_managed.exists() and not in_venv else []


def python_deps_ok() -> bool:
    """pywar and every distribution named in pyproject's `test` extra are installed."""
    from importlib import metadata

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {}).get("test", [])
    names = ["pywar"] + [m.group(0) for r in extras if (m := re.match(r"[A-Za-z0-9_.-]+", r))]
    try:
        for name in names:
            metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def ensure_python_deps() -> None:
    if python_deps_ok():
        return
    log("installing the project with its test extras: pip install -e '.[test]'")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            *_pip_flags(),
            "-e",
            ".[test]",
        ],
        cwd=ROOT,
        check=True,
        stdin=subprocess.DEVNULL,
    )


def _wheel_matches(filename: str, name: str, version: str) -> bool:
    dist_name, _, rest = filename.partition("-")
    return dist_name.lower().replace("_", "-") == name and rest.startswith(f"{version}-")


def ensure_wheels() -> None:
    """Download the pinned pure-Python wheels for the Pyodide test run into .cache/wheels."""
    WHEEL_DIR.mkdir(parents=True, exist_ok=True)
    (CACHE / ".gitignore").write_text("*\n")
    present = [p.name for p in WHEEL_DIR.glob("*.whl")]
    for fn in present:  # drop wheels of other versions: the test runner unpacks them all
        if not any(_wheel_matches(fn, n, v) for n, v in PYODIDE_TEST_WHEELS.items()):
            (WHEEL_DIR / fn).unlink()
    missing = [
        f"{n}=={v}"
        for n, v in PYODIDE_TEST_WHEELS.items()
        if not any(_wheel_matches(fn, n, v) for fn in present)
    ]
    if not missing:
        return
    log(f"downloading wheels for the Pyodide test run: {' '.join(missing)}")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--disable-pip-version-check",
            "--only-binary=:all:",
            "--no-deps",
            "--python-version",
            PYODIDE_PYTHON,
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--dest",
            str(WHEEL_DIR),
            *missing,
        ],
        cwd=ROOT,
        check=True,
        stdin=subprocess.DEVNULL,
    )


def cmd_wheels(args: argparse.Namespace) -> int:
    ensure_wheels()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    if not args.no_install:
        ensure_chromium()
        ensure_python_deps()
        ensure_node_modules()
        ensure_wheels()
    results: dict[str, int] = {}
    results["ruff"] = _run([sys.executable, "-m", "ruff", "check", "."])
    results["ruff format"] = _run([sys.executable, "-m", "ruff", "format", "--check", "."])
    results["mypy"] = _run([sys.executable, "-m", "mypy", "pywar"])

    build(install=False)
    paths = [str(p.relative_to(ROOT)) for p in (TESTS, E2E) if p.is_dir()]
    env = {**os.environ, "PYWAR_DIST_READY": "1"}
    code = _run([sys.executable, "-m", "pytest", *paths, "-q", *args.pytest_args], env=env)
    results["pytest"] = 0 if code == 5 else code  # 5: nothing collected
    results["doctests"] = _run([sys.executable, "-m", "pytest", "--doctest-modules", "pywar", "-q"])

    node = shutil.which("node")
    if node is None:
        raise BuildError("node not found: install Node.js 18+")
    results["pyodide-pytest"] = _run([node, "tools/pyodide_tests.mjs"])

    failed = [name for name, code in results.items() if code != 0]
    summary = ", ".join(
        f"{n} {'ok' if c == 0 else f'FAILED (exit {c})'}" for n, c in results.items()
    )
    log(f"test: {summary} in {time.perf_counter() - t0:.0f} s")
    return 1 if failed else 0


# ------------------------------------------------------------------------ bench

#: Records when `data-ready` first appears on <html> (ms since navigation start).
READY_PROBE_JS = """
(() => {
  const mark = () => {
    const html = document.documentElement;
    if (window.__pywarReadyAt === undefined && html && html.hasAttribute('data-ready')) {
      window.__pywarReadyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, subtree: true, attributeFilter: ['data-ready'],
  });
})();
"""

_FCP_JS = """
() => {
  const e = performance.getEntriesByType('paint')
    .find((p) => p.name === 'first-contentful-paint');
  return e ? e.startTime : null;
}
"""


def _median(values: Sequence[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return round(statistics.median(got), 1) if got else None


def _percentile(values: Sequence[float], pct: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)], 2)


#: Bytes the page downloaded so far (bodies as sent, as Resource Timing reports them).
_BYTES_JS = """
() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .reduce((n, e) => n + (e.encodedBodySize || 0), 0)
"""


def _ready_in(page: Any, url: str) -> dict[str, Any]:
    page.add_init_script(READY_PROBE_JS)
    page.goto(url, wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=180_000)
    with contextlib.suppress(Exception):
        page.wait_for_function(f"({_FCP_JS})() !== null", timeout=5_000)
    return {
        "ready": page.evaluate("() => window.__pywarReadyAt ?? null"),
        "fcp": page.evaluate(_FCP_JS),
        "bytes": page.evaluate(_BYTES_JS),
        "snapshot": page.evaluate("() => window.pywarBoot ? window.pywarBoot.snapshot : null"),
    }


def _load_once(browser: Any, url: str, cpu_slowdown: float = 1) -> dict[str, Any]:
    """One load in a fresh context: a cold start (no HTTP cache, no service worker).
    `cpu_slowdown` > 1: Chromium's CPU throttling (CDP Emulation.setCPUThrottlingRate)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        if cpu_slowdown > 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
        return _ready_in(page, url)
    finally:
        context.close()


def _warm_sw_once(browser: Any, base: str) -> dict[str, float | None]:
    """One visit that installs the service worker, then index.html and hello.html again in
    the same profile, served from its cache: {"index": ready ms, "hello": ready ms} (None
    when a page did not come from the service worker)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + "index.html", wait_until="commit")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=120_000)
        page.close()
        out: dict[str, float | None] = {}
        for key, name in (("index", "index.html"), ("hello", "hello.html")):
            page = context.new_page()
            ready = _ready_in(page, base + name)["ready"]
            from_sw = page.evaluate(
                "() => performance.getEntriesByType('navigation')[0].workerStart > 0"
            )
            out[key] = ready if from_sw else None
            page.close()
        return out
    finally:
        context.close()


#: In-page half of `measure_tap_latency`: start a game, list `{click, badge}` selectors.
TAP_TARGETS_JS = """
async () => {
  const bench = window.pywarBench;
  let ids = null;
  if (typeof bench.newGame === 'function') {
    const got = await bench.newGame();
    if (got && typeof got.length === 'number' && typeof got !== 'string') ids = [...got];
  }
  if (typeof bench.tapTargets === 'function') return [...(await bench.tapTargets())];
  ids ??= [...document.querySelectorAll('[data-territory]')]
    .map((el) => el.getAttribute('data-territory'));
  const sel = (attr, id) => `[${attr}="${CSS.escape(String(id))}"]`;
  return ids
    .filter((id) => document.querySelector(sel('data-badge', id)))
    .map((id) => ({click: sel('data-territory', id), badge: sel('data-badge', id)}));
}
"""

#: Arms one tap measurement: pointerdown time, then the badge's text change.
TAP_ARM_JS = """
({badge, click, timeoutMs}) => {
  const text = () => (document.querySelector(badge) || {}).textContent;
  const before = text();
  const tap = window.__pywarTap = {t0: null, t1: null};
  window.addEventListener('pointerdown', () => { tap.t0 ??= performance.now(); },
                          {capture: true, once: true});
  tap.done = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (text() !== before) { tap.t1 = performance.now(); mo.disconnect(); resolve(true); }
    });
    mo.observe(document.body, {subtree: true, childList: true, characterData: true,
                               attributes: true});
    setTimeout(() => { mo.disconnect(); resolve(false); }, timeoutMs);
  });
  // A point inside the target's own shape (SVG territories are irregular).
  const el = document.querySelector(click);
  if (!el) return null;
  el.scrollIntoView({block: 'center', inline: 'center'});
  const hits = (x, y) => {
    const h = document.elementFromPoint(x, y);
    return h && (h === el || el.contains(h));
  };
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  if (hits(cx, cy)) return {x: cx, y: cy};
  for (let n = 4; n <= 32; n *= 2) {
    for (let i = 1; i < n; i++) for (let j = 1; j < n; j++) {
      const x = r.left + r.width * i / n, y = r.top + r.height * j / n;
      if (hits(x, y)) return {x, y};
    }
  }
  return {x: cx, y: cy};
}
"""


def measure_bot_tasks(browser: Any, base: str, seconds: float = 20.0) -> dict[str, Any]:
    """Watch a game of hard bots (normal speed) and report the browser's long tasks.

    The page must never freeze while a bot thinks: bots think in chunks and yield between
    them. Long tasks come from Chromium's `longtask` PerformanceObserver entries.
    """
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(
        "window.__longTasks = []; new PerformanceObserver(l => l.getEntries().forEach("
        "e => window.__longTasks.push(e.duration))).observe({type: 'longtask'});"
    )
    page.goto(base + "index.html")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.evaluate("() => window.pywarBench.botsOnly('hard')")
    page.evaluate("() => { window.__longTasks = []; }")
    start = page.evaluate("() => window.pywarBench.actions()")
    page.wait_for_timeout(int(seconds * 1000))
    tasks = page.evaluate("() => window.__longTasks")
    actions = page.evaluate("() => window.pywarBench.actions()") - start
    context.close()
    return {
        "seconds": seconds,
        "actions": actions,
        "longest": round(max(tasks), 1) if tasks else 0.0,
        "over_50": sum(1 for t in tasks if t > 50),
    }


def measure_tap_latency(page: Any, taps: int = 30, timeout_ms: int = 2000) -> list[float] | None:
    """Tap-latency hook: click → army-badge text change, in ms, for up to `taps` taps.

    Needs the page to expose `window.pywarBench` (returns None otherwise):
      - `newGame()` (optional, may return a Promise): start a fresh game where the human
        player is placing armies with the "+1" placement armed. It may return the territory
        ids that player owns (the tap targets). Called first, and again whenever a tap
        changes nothing (armies used up);
      - `tapTargets()` (optional, may return a Promise): `[{click, badge}, ...]`, CSS selectors
        of a territory to tap and of the element showing its army count.
    Without either list: every `[data-territory="ID"]` that has a `[data-badge="ID"]`.
    Latency runs from the pointerdown (seen by a capturing listener) to the DOM mutation that
    changes the badge's text, both on the page's clock; taps are real mouse clicks at a
    point inside the territory's shape.
    """
    if not page.evaluate("() => typeof window.pywarBench === 'object' && !!window.pywarBench"):
        return None
    targets = page.evaluate(TAP_TARGETS_JS) or []
    if not targets:
        log("bench: window.pywarBench gave no tap targets")
        return None
    samples: list[float] = []
    stalls = 0  # consecutive taps that changed nothing
    i = 0
    while len(samples) < taps and stalls < 3:
        target = targets[i % len(targets)]
        i += 1
        point = page.evaluate(TAP_ARM_JS, {**target, "timeoutMs": timeout_ms})
        if point is not None:
            page.mouse.click(point["x"], point["y"])
            if page.evaluate("() => window.__pywarTap.done"):
                tap = page.evaluate("() => [window.__pywarTap.t0, window.__pywarTap.t1]")
                if tap[0] is not None:
                    samples.append(tap[1] - tap[0])
                    stalls = 0
                    continue
        stalls += 1
        targets = page.evaluate(TAP_TARGETS_JS) or targets
    return samples


LIGHTHOUSE_CLI = NODE_MODULES / "lighthouse" / "cli" / "index.js"
#: Lighthouse figures kept in the bench output (audit ids -> key).
LIGHTHOUSE_METRICS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "cumulative-layout-shift": "cls",
    "speed-index": "speed_index_ms",
    "interactive": "tti_ms",
    "total-byte-weight": "bytes",
}


def run_lighthouse(url: str) -> dict[str, Any]:
    """Lighthouse (the pinned dev dependency) on `url`, desktop and mobile profiles, in
    Debian's Chromium (CHROME_PATH): category scores, the main metrics, and the audits that
    did not pass in the categories other than performance."""
    node = shutil.which("node")
    if node is None or not LIGHTHOUSE_CLI.is_file():
        raise BuildError("Lighthouse is missing: npm ci (it is a dev dependency)")
    out: dict[str, Any] = {}
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    flags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
    for profile in ("desktop", "mobile"):
        cmd = [
            node,
            str(LIGHTHOUSE_CLI),
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            f"--chrome-flags={flags}",
            "--max-wait-for-load=120000",
            # build.py serve does not compress (GitHub Pages does), and this audit's
            # gatherer times out reading the 20 MB of responses back
            "--skip-audits=uses-text-compression",
        ]
        if profile == "desktop":
            cmd.append("--preset=desktop")
        log(f"lighthouse ({profile}) on {url}")
        done = subprocess.run(
            cmd,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=900,
        )
        if done.returncode != 0:
            out[profile] = {"error": done.stderr[-2000:]}
            continue
        report = json.loads(done.stdout)
        audits = report["audits"]
        figures: dict[str, Any] = {
            cat: report["categories"][cat]["score"] for cat in report["categories"]
        }
        for audit, key in LIGHTHOUSE_METRICS.items():
            value = audits.get(audit, {}).get("numericValue")
            figures[key] = round(value, 3 if key == "cls" else 0) if value is not None else None
        figures["not_passed"] = sorted(
            ref["id"]
            for cat in report["categories"].values()
            if cat["id"] != "performance"
            for ref in cat["auditRefs"]
            if ref.get("weight", 0) > 0
            and (audits[ref["id"]].get("score") or 0) < 1
            and audits[ref["id"]].get("scoreDisplayMode") in ("binary", "numeric")
        )
        out[profile] = figures
    return out


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        raise BuildError("Playwright is missing: pip install -e '.[test]'") from exc
    if not args.no_build:
        build()
    has_index = (DIST / "index.html").is_file()
    has_sw = has_index and (DIST / SERVICE_WORKER).is_file()
    runs: dict[str, list[dict[str, Any]]] = {
        "index": [],
        "hello": [],
        "warm_sw": [],
        "single_file": [],
        "index_cpu4": [],
        "hello_cpu4": [],
    }
    taps: list[float] | None = None
    single: dict[str, Any] | None = None
    with (
        serving(DIST) as base,
        sync_playwright() as pw,
        tempfile.TemporaryDirectory(prefix="pywar-bench-") as tmp,
    ):
        single_url = None
        if has_index:
            single_path = Path(tmp) / SINGLE_FILE_NAME
            single = build_single_file(DIST, single_path)
            single_url = single_path.as_uri()
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        chromium_version = browser.version
        for n in range(args.runs):
            runs["hello"].append(_load_once(browser, base + "hello.html"))
            if has_index:
                runs["index"].append(_load_once(browser, base + "index.html"))
            if has_sw:
                runs["warm_sw"].append(_warm_sw_once(browser, base))
            if single_url:
                runs["single_file"].append(_load_once(browser, single_url))
            if has_index:
                runs["index_cpu4"].append(_load_once(browser, base + "index.html", 4))
            if n == 0:  # the bare runtime slowed down, once: it is slow
                runs["hello_cpu4"].append(_load_once(browser, base + "hello.html", 4))
            log(
                f"bench run {n + 1}/{args.runs}: "
                + json.dumps({k: v[-1:] for k, v in runs.items()})
            )
        if has_index:
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "index.html")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            taps = measure_tap_latency(page, args.taps)
            context.close()
            bots = measure_bot_tasks(browser, base)
        browser.close()
        lighthouse = run_lighthouse(base + "index.html") if args.lighthouse else None

    interactive = _median([r["ready"] for r in runs["index"]])
    hello = _median([r["ready"] for r in runs["hello"]])
    warm = _median([r["index"] for r in runs["warm_sw"]])
    warm_hello = _median([r["hello"] for r in runs["warm_sw"]])
    single_ready = _median([r["ready"] for r in runs["single_file"]])

    def ratio(a: float | None, b: float | None) -> float | None:
        return round(a / b, 3) if a and b else None

    single_bytes = (
        (DIST / SINGLE_FILE_NAME).stat().st_size if (DIST / SINGLE_FILE_NAME).is_file() else 0
    )
    info = json.loads((DIST / "build-info.json").read_text())
    snapshot = info.get("snapshot") or {}
    sw_files = (
        json.loads(
            _SW_BUILD_RE.search((DIST / SERVICE_WORKER).read_text()).group(0)[
                len("const BUILD = ") : -1
            ]
        )["files"]
        if has_sw
        else []
    )
    result = {
        "first_paint_ms": _median([r["fcp"] for r in runs["index"]]),
        "interactive_ms": interactive,
        "hello_ready_ms": hello,
        "interactive_over_hello": round(interactive / hello, 3) if interactive and hello else None,
        "tap_latency_ms_p50": _percentile(taps, 50) if taps else None,
        "tap_latency_ms_p95": _percentile(taps, 95) if taps else None,
        "tap_samples": len(taps) if taps else 0,
        "cold_start_ms": interactive,
        "cold_over_hello": ratio(interactive, hello),
        "warm_sw_start_ms": warm,
        "hello_warm_sw_ms": warm_hello,
        "warm_sw_over_hello": ratio(warm, warm_hello),
        "warm_sw_over_cold_hello": ratio(warm, hello),
        "single_file_start_ms": single_ready,
        "single_file_over_hello": ratio(single_ready, hello),
        "single_file_bytes": single["bytes"] if single else None,
        "single_file_bytes_with_snapshot": single.get("bytes_with_snapshot") if single else None,
        "cpu4_ready_ms": _median([r["ready"] for r in runs["index_cpu4"]]),
        "cpu4_hello_ready_ms": _median([r["ready"] for r in runs["hello_cpu4"]]),
        "cpu4_first_paint_ms": _median([r["fcp"] for r in runs["index_cpu4"]]),
        "first_visit_bytes_to_ready": _median([r["bytes"] for r in runs["index"]]),
        "hello_bytes_to_ready": _median([r["bytes"] for r in runs["hello"]]),
        "offline_cache_bytes": sum((DIST / f).stat().st_size for f in sw_files),
        "started_from_snapshot": all(r["snapshot"] for r in runs["index"]),
        "snapshot_bytes": snapshot.get("bytes"),
        "snapshot_gzip_bytes": snapshot.get("gzip_bytes"),
        "dist_bytes_without_runtime": dir_bytes(DIST) - dir_bytes(DIST / "runtime") - single_bytes,
        "dist_bytes_runtime": dir_bytes(DIST / "runtime"),
        "bot_watch_seconds": bots["seconds"] if has_index else None,
        "bot_actions": bots["actions"] if has_index else None,
        "bot_longest_task_ms": bots["longest"] if has_index else None,
        "bot_tasks_over_50ms": bots["over_50"] if has_index else None,
        "lighthouse": lighthouse,
        "runs": args.runs,
        "chromium": chromium_version,
        "pyodide": package_version(PYODIDE_DIR),
    }
    print(json.dumps(result))
    return 0


# ------------------------------------------------------------------------- main


def cmd_build(args: argparse.Namespace) -> int:
    build(
        Path(args.out).resolve() if args.out else DIST,
        single_file=args.single_file,
        snapshot=not args.no_snapshot,
    )
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    single_file_help = f"also write the one-file edition {SINGLE_FILE_NAME} into the site"
    no_snapshot_help = "no Pyodide memory snapshot (the page boots the normal way)"
    parser.add_argument("--single-file", action="store_true", help=single_file_help)
    parser.add_argument("--no-snapshot", action="store_true", help=no_snapshot_help)
    parser.set_defaults(func=cmd_build, out=None)
    sub = parser.add_subparsers(title="commands")

    p = sub.add_parser("build", help="build dist/ (the default)")
    p.add_argument("--out", help="output directory (default: dist/)")
    p.add_argument("--single-file", action="store_true", help=single_file_help)
    p.add_argument("--no-snapshot", action="store_true", help=no_snapshot_help)
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("test", help="install what's missing, then run every test")
    p.add_argument("--no-install", action="store_true", help="skip the install checks")
    p.add_argument("pytest_args", nargs="*", help="extra arguments for the CPython pytest run")
    p.set_defaults(func=cmd_test)

    p = sub.add_parser("bench", help="print one JSON object of performance figures")
    p.add_argument("--runs", type=int, default=3, help="page loads per page (median)")
    p.add_argument("--taps", type=int, default=30, help="taps for the latency figures")
    p.add_argument("--no-build", action="store_true", help="measure the existing dist/")
    p.add_argument(
        "--lighthouse",
        action="store_true",
        help="also run Lighthouse (desktop and mobile profiles) on index.html",
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("wheels", help="download the wheels for the Pyodide test run")
    p.set_defaults(func=cmd_wheels)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    try:
        if args.func in (cmd_test, cmd_bench, cmd_wheels):  # they need pip packages
            run_in_venv(argv, create=not getattr(args, "no_install", False))
        return int(args.func(args))
    except BuildError as exc:
        log(f"error: {exc}")
        return 2
    except subprocess.CalledProcessError as exc:
        log(f"error: {exc}")
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
