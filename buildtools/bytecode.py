"""The one-file edition's bytecode: the page's Python modules compiled at build time.

The site starts from a memory snapshot that has them imported already; the one-file edition
has no room for one (docs/build.md, "One-file edition") and used to compile about 90 files
at each start. `page_bytecode` compiles them once, with the pinned Pyodide's own Python (a
.pyc is only good for the Python that wrote it), into *checked hash-based* .pyc files
(PEP 552): Python uses one only while its source's hash matches, so a stale one costs time,
never correctness.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import time
import zipfile
from pathlib import Path

from buildtools.common import CACHE, ROOT, log
from buildtools.pyfiles import python_files

BYTECODE_TOOL = ROOT / "tools" / "make_bytecode.mjs"
BYTECODE_CACHE = CACHE / "bytecode"
#: The runtime's files a .pyc depends on (the Python that compiles and reads it).
_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def bytecode_key(site: Path) -> str:
    """What the bytecode of `site` depends on: the Pyodide build, the tool and every Python
    file the page gets (path and bytes). Same inputs, same key."""
    h = hashlib.sha256(b"pywar-bytecode-1\0")
    rt = site / "runtime" / "pyodide"
    for name in _RUNTIME_FILES:
        if (rt / name).is_file():
            h.update(name.encode() + b"\0" + hashlib.sha256((rt / name).read_bytes()).digest())
    h.update(hashlib.sha256(BYTECODE_TOOL.read_bytes()).digest())
    for rel, data in sorted(python_files(site).items()):
        h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def page_bytecode(site: Path) -> dict[str, bytes]:
    """Every `.py` file of `site`'s python-files.json compiled by Pyodide's Python:
    {"pywar/__pycache__/game.cpython-314.pyc": bytes, ...}, paths relative to the page's
    working directory (/home/pyodide). Kept in .cache/bytecode by key. Empty (with a
    warning) when it cannot be made: the page then compiles the sources, as before."""
    node = shutil.which("node")
    if node is None or not python_files(site):
        return {}
    key = bytecode_key(site)
    cached = BYTECODE_CACHE / f"{key}.zip"
    if not cached.is_file():
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            done = subprocess.run(
                [node, str(BYTECODE_TOOL), str(site), tmp],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                log(f"warning: no bytecode (the page compiles its files): {done.stderr[-2000:]}")
                return {}
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            made = sorted(p for p in Path(tmp).rglob("*.pyc"))
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
                for p in made:
                    info = zipfile.ZipInfo(p.relative_to(tmp).as_posix(), (1980, 1, 1, 0, 0, 0))
                    z.writestr(info, p.read_bytes())
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE / ".gitignore").write_text("*\n")
        for old in BYTECODE_CACHE.glob("*"):  # keep only the newest few
            if old.stat().st_mtime < time.time() - 7 * 86400:
                old.unlink()
        partial = cached.with_suffix(".tmp")
        partial.write_bytes(buffer.getvalue())
        partial.rename(cached)
        log(
            f"bytecode made in {time.perf_counter() - t0:.1f} s: {figures['files']} files, "
            f"{figures['bytes'] / 1e6:.2f} MB ({figures['cache_tag']})"
        )
    with zipfile.ZipFile(cached) as z:
        return {name: z.read(name) for name in z.namelist()}
