"""The Pyodide memory snapshot the page starts from, and its loader's stamp."""

from __future__ import annotations

import gzip
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from buildtools.common import CACHE, ROOT, BuildError, log
from buildtools.pyfiles import python_files, source_digest

#: The game's Pyodide loader (web/pyodide_boot.mjs), named by pyscript.json's `interpreter`.
#: build.py fills in its `const SNAPSHOT = ...;` line.
PYODIDE_BOOT = "pyodide_boot.mjs"
#: The site's start: Python in a worker (web/python_worker.mjs, started by web/start.mjs),
#: PyScript on the page only as its fallback (docs/build.md, "Python in a worker").
WORKER_START = "start.mjs"
PYTHON_WORKER = "python_worker.mjs"
_PYSCRIPT_MODULE_TAG = '<script type="module" src="./runtime/pyscript/core.js"></script>'
_PYSCRIPT_MODULE_RE = re.compile(re.escape(_PYSCRIPT_MODULE_TAG))
_WORKER_START_TAG = f'<script type="module" src="./{WORKER_START}"></script>'
_MAIN_PY_TAG = '<script type="py" src="./main.py" config="./pyscript.json"></script>'
_BOOT_SNAPSHOT_RE = re.compile(r"^const SNAPSHOT = .*;$", re.MULTILINE)
SNAPSHOT_TOOL = ROOT / "tools" / "make_snapshot.mjs"
SNAPSHOT_WARM = ROOT / "tools" / "snapshot_warm.py"
#: Reads PyScript's Python package out of its core bundle (both snapshots bake it).
PYSCRIPT_PACKAGE_TOOL = ROOT / "tools" / "pyscript_package.mjs"
SNAPSHOT_CACHE = CACHE / "snapshots"
#: gzip level of the served snapshot: 6 is within 1 % of 9's size in a quarter of the time.
SNAPSHOT_GZIP_LEVEL = 6
#: Pyodide's heap at start (30 MiB); a snapshot must fit in it to restore (pyodide#6254).
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024 + 4096


def snapshot_key(site: Path) -> str:
    """What a snapshot of `site` depends on: the Pyodide build, PyScript's core bundles (its
    Python package is baked in), the snapshot tools and every Python file the page gets
    (path and bytes). Same inputs, same key."""
    h = hashlib.sha256(b"pywar-snapshot-1\0")
    rt = site / "runtime" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        if (rt / name).is_file():
            h.update(name.encode() + b"\0" + hashlib.sha256((rt / name).read_bytes()).digest())
    for bundle in sorted((site / "runtime" / "pyscript").glob("core-*.js")):
        h.update(bundle.name.encode() + b"\0" + hashlib.sha256(bundle.read_bytes()).digest())
    for tool in (SNAPSHOT_TOOL, SNAPSHOT_WARM, PYSCRIPT_PACKAGE_TOOL):
        h.update(tool.name.encode() + b"\0" + hashlib.sha256(tool.read_bytes()).digest())
    for rel, data in sorted(python_files(site).items()):
        h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def snapshot_sources(site: Path) -> dict[str, str]:
    """Every file the snapshot baked in, by its path in Pyodide's file system (the loader
    writes python-files.json's files under /home/pyodide): "<bytes>:<CRC-32 hex>". The loader
    compares what it writes with these (a quick check for a stale snapshot, not a security
    measure: the snapshot and the files come from the same place)."""
    out = {}
    for rel, data in sorted(python_files(site).items()):
        out[posixpath.join("/home/pyodide", rel)] = source_digest(data)
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
    """Fill in the `const SNAPSHOT = ...;` line of both loaders: the worker's
    (web/python_worker.mjs, the site's start) and the page's (web/pyodide_boot.mjs, through
    PyScript: the site's fallback and the one-file edition)."""
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
    for name in (PYODIDE_BOOT, PYTHON_WORKER):
        loader = site / name
        if not loader.is_file():
            continue
        text = loader.read_text(encoding="utf-8")
        if len(_BOOT_SNAPSHOT_RE.findall(text)) != 1:
            raise BuildError(f"{name} needs exactly one `const SNAPSHOT = ...;` line")
        loader.write_text(_BOOT_SNAPSHOT_RE.sub(lambda _m: line, text), encoding="utf-8")


def start_in_worker(html: str) -> str:
    """index.html as the site serves it: started by web/start.mjs (Python in a worker)
    rather than by PyScript's module and ``main.py`` on the page's thread."""
    html, n = _PYSCRIPT_MODULE_RE.subn(_WORKER_START_TAG, html, count=1)
    html, m = re.subn(r"\n[ \t]*" + re.escape(_MAIN_PY_TAG), "", html, count=1)
    if n != 1 or m != 1:
        raise BuildError("index.html: PyScript's module and main.py's tag were not found")
    return html


def start_on_page(html: str) -> str:
    """The site's index.html started by PyScript on the page's thread again (the one-file
    edition): the inverse of :func:`start_in_worker`."""
    if _WORKER_START_TAG not in html:
        return html
    html = html.replace(_WORKER_START_TAG, _PYSCRIPT_MODULE_TAG, 1)
    return html.replace("</body>", f"  {_MAIN_PY_TAG}\n</body>", 1)
