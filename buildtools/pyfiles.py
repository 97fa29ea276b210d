"""The page's Python files in one download (python-files.json), written by the loader.

PyScript fetches every file its config's `files` maps, one request each: about 95 for the
game, which over HTTP/1.1 (six connections to a host, as `build.py serve` and many school
servers speak) took 0.7 s of the cold start after Python was ready. The game's loader
(web/pyodide_boot.mjs) instead fetches this one JSON object, `{"files": {dest: text},
"digests": {dest: digest}}`, while the runtime downloads, and writes each file where PyScript
would (/home/pyodide/<dest>) before PyScript runs anything. The files stay in the site too,
for the build's own tools (prerender, snapshot) and for reading; the page and the service
worker use the bundle only.
The one-file edition packs the files one by one (PyScript reads them from memory there).
"""

from __future__ import annotations

import json
import posixpath
import zlib
from pathlib import Path

#: The bundle's name in the site.
PYTHON_FILES = "python-files.json"


def write_python_files(site: Path, files: dict[str, str]) -> None:
    """Write the bundle of `files` (pyscript.json's map: site path -> file system path)."""
    _write_bundle(
        site, {dest: (site / src).read_text(encoding="utf-8") for src, dest in files.items()}
    )


def python_files(site: Path) -> dict[str, bytes]:
    """Every Python (and board) file the page's interpreter gets, by its path relative to
    /home/pyodide ("pywar/game.py"): from the bundle, or from pyscript.json's `files` in a
    site without one."""
    if (site / PYTHON_FILES).is_file():
        return {_rel(dest): text.encode() for dest, text in _read_bundle(site).items()}
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    return {_rel(dest): (site / src).read_bytes() for src, dest in config.get("files", {}).items()}


def set_python_file(site: Path, rel: str, text: str) -> None:
    """Serve ``text`` as the page's file ``rel`` ("adapter.py"): in the site and, when the
    site has one, in the bundle (tests use it to serve a file that differs from the build's)."""
    (site / rel).write_text(text, encoding="utf-8")
    bundle = site / PYTHON_FILES
    if bundle.is_file():
        _write_bundle(site, {**_read_bundle(site), f"./{rel}": text})


def bundled_paths(site: Path) -> set[str]:
    """Site paths of the files the bundle holds (the page never fetches them one by one)."""
    if not (site / PYTHON_FILES).is_file():
        return set()
    return {_rel(dest) for dest in _read_bundle(site)}


def _read_bundle(site: Path) -> dict[str, str]:
    files: dict[str, str] = json.loads((site / PYTHON_FILES).read_text(encoding="utf-8"))["files"]
    return files


def source_digest(data: bytes) -> str:
    """ "<bytes>:<CRC-32 hex>" of a file's bytes: how the snapshot records the files it baked
    in and the bundle states its own, so the loader compares without hashing 0.9 MB."""
    return f"{len(data)}:{zlib.crc32(data):x}"


def _write_bundle(site: Path, files: dict[str, str]) -> None:
    digests = {dest: source_digest(text.encode()) for dest, text in files.items()}
    text = json.dumps(
        {"files": files, "digests": digests},
        ensure_ascii=False,
        separators=(",", ":"),
        sort_keys=True,
    )
    (site / PYTHON_FILES).write_text(text + "\n", encoding="utf-8")


def _rel(dest: str) -> str:
    return posixpath.normpath(dest.removeprefix("./"))
