"""Build the static site: runtime, page, engine, configs, pages and build-info.json."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from buildtools.common import (
    BOARD_SVG,
    DIST,
    PKG,
    PYODIDE_DIR,
    PYODIDE_RUNTIME_FILES,
    PYSCRIPT_DIR,
    PYSCRIPT_LAZY_CHUNKS,
    ROOT,
    VARIANTS_DIR,
    WEB,
    BuildError,
    ensure_node_modules,
    log,
    package_version,
)
from buildtools.csp import apply_csp
from buildtools.offline import SINGLE_FILE_NAME, build_single_file, write_service_worker
from buildtools.pages import (
    inline_board,
    inline_render_blocking,
    link_variant_styles,
    relativize_css,
    relativize_html,
)
from buildtools.prerender import prerender_first_screen
from buildtools.pyfiles import write_python_files
from buildtools.snapshot import (
    PYODIDE_BOOT,
    PYTHON_WORKER,
    make_snapshot,
    set_boot_snapshot,
    start_in_worker,
)

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


#: V8's explicit compile hint (Chromium 136+; a plain comment elsewhere): compile every
#: function of the file while it streams in, on a background thread.
COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"


def compile_hint(path: Path) -> None:
    """Mark `path` (Pyodide's JavaScript glue, 1.3 MB, nearly all of it run at start-up)
    for eager compilation: without it V8 compiles each function on the page's thread the
    first time it runs, 45-75 ms of the start's long tasks (150-300 ms with the CPU slowed
    4x). The first line only: source positions of the file's own lines shift by one."""
    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    if not text.startswith(COMPILE_HINT):
        path.write_text(COMPILE_HINT + text, encoding="utf-8")


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def _web_files(web: Path) -> Iterator[Path]:
    """The page's files: not bytecode, nor a tool's hidden cache (a mypy run in web/ left
    2.4 MB of ``.mypy_cache`` in the site)."""
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web)
        hidden = any(part.startswith(".") for part in rel.parts)
        if not path.is_file() or hidden or "__pycache__" in rel.parts or path.suffix == ".pyc":
            continue
        yield path


def map_files() -> Iterator[tuple[Path, str]]:
    """(source, site path) of every board's map and thumbnail, from the variants' folders;
    the default board's map is inlined into index.html instead."""
    for folder in sorted(VARIANTS_DIR.iterdir()):
        if (folder / "map.svg").is_file() and folder.name != BOARD_SVG.parent.name:
            yield folder / "map.svg", f"maps/{folder.name}.svg"
        if (folder / "thumb.svg").is_file():
            yield folder / "thumb.svg", f"maps/thumbs/{folder.name}.svg"


def _package_files(pkg: Path) -> Iterator[Path]:
    for path in sorted(pkg.rglob("*")):
        rel = path.relative_to(pkg)
        if "__pycache__" in rel.parts or not path.is_file():
            continue
        if path.suffix == ".py" or (rel.parts[0] == "variants" and path.suffix == ".json"):
            yield path


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
    compile_hint(rt_py / "pyodide.asm.mjs")
    rt_ps = out / "runtime" / "pyscript"
    for name in pyscript_runtime_files():
        _copy(PYSCRIPT_DIR / name, rt_ps / name)
        if (PYSCRIPT_DIR / f"{name}.map").is_file():  # the chunks name their source maps
            _copy(PYSCRIPT_DIR / f"{name}.map", rt_ps / f"{name}.map")

    # 2. The page (web/) and the boards' maps (from the variants' folders).
    web_out: list[Path] = []
    if WEB.is_dir():
        for src in _web_files(WEB):
            dst = out / src.relative_to(WEB)
            _copy(src, dst)
            web_out.append(dst)
    for src, site_path in map_files():
        _copy(src, out / site_path)
        web_out.append(out / site_path)

    # 3. The engine package: sources and board data only.
    pkg_files: list[str] = []
    if PKG.is_dir():
        for src in _package_files(PKG):
            rel = src.relative_to(ROOT).as_posix()
            _copy(src, out / rel)
            pkg_files.append(rel)

    # 4. PyScript configs: the game's (pywar + web/**/*.py helper modules) and hello's (bare).
    mains = main_scripts(WEB) if WEB.is_dir() else set()
    # web/'s modules and packages (screens/, variants/<id>/), mapped at the same paths.
    helpers = sorted(
        rel
        for p in (WEB.rglob("*.py") if WEB.is_dir() else [])
        if "__pycache__" not in (rel := p.relative_to(WEB).as_posix()) and rel not in mains
    )
    files = {f"./{rel}": f"./{rel}" for rel in [*pkg_files, *helpers]}
    base = {"interpreter": "./runtime/pyodide/pyodide.mjs"}
    game: dict[str, Any] = {**base, "files": files}
    if (out / PYODIDE_BOOT).is_file():  # the game boots through its own loader, which
        game = {"interpreter": f"./{PYODIDE_BOOT}"}  # writes the files from one download
        write_python_files(out, files)
    (out / "pyscript.json").write_text(json.dumps(game, indent=2) + "\n")
    (out / "hello.json").write_text(json.dumps(base, indent=2) + "\n")

    # 5. Pages and stylesheets: inline the board, make every own reference relative.
    for path in web_out:
        if path.suffix == ".html":
            text = path.read_text(encoding="utf-8")
            if path.name == "index.html" and path.parent == out:
                text = link_variant_styles(inline_board(text), out)
            path.write_text(relativize_html(text, path, out), encoding="utf-8")
        elif path.suffix == ".css":
            text = path.read_text(encoding="utf-8")
            path.write_text(relativize_css(text, path, out), encoding="utf-8")

    # The game page's stylesheets and blocking scripts inline (first paint waits for none).
    index = out / "index.html"
    if index.is_file():
        text = index.read_text(encoding="utf-8")
        index.write_text(inline_render_blocking(text, index, out), encoding="utf-8")

    (out / ".nojekyll").write_text("")

    # 6. The first screen, prerendered; the memory snapshot and its loader.
    first_screen = prerender_first_screen(out)
    snapshot = make_snapshot(out) if snapshot_wanted else None
    set_boot_snapshot(out, snapshot)
    if index.is_file() and (out / PYTHON_WORKER).is_file():  # the game's Python in a worker
        index.write_text(start_in_worker(index.read_text(encoding="utf-8")), encoding="utf-8")

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
