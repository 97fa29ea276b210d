"""Offline: the service worker's version and file list, and the one-file edition."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import math
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from buildtools.common import MIME_TYPES, ROOT, BuildError, log
from buildtools.csp import apply_csp
from buildtools.pages import (
    _CSS_URL_RE,
    INLINED_FROM,
    LINK_EL_RE,
    SCRIPT_EL_RE,
    _attrs,
    inline_code,
    own_file,
)
from buildtools.pyfiles import PYTHON_FILES, bundled_paths
from buildtools.snapshot import (
    _BOOT_SNAPSHOT_RE,
    PYODIDE_BOOT,
    PYSCRIPT_PACKAGE_TOOL,
    PYTHON_WORKER,
    SNAPSHOT_WARM,
    WORKER_START,
    start_on_page,
)

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
#: The one-file edition's snapshot maker (a worker its loader starts), packed beside
#: tools/snapshot_warm.py, which it runs.
SINGLE_FILE_SNAPSHOT = ROOT / "tools" / "single_file_snapshot.js"
#: The one-file edition's size goal (bytes).
SINGLE_FILE_BUDGET = 10 * 1000 * 1000


def service_worker_files(site: Path) -> list[str]:
    """Site-relative paths of every file the service worker caches (sorted)."""
    bundled = bundled_paths(site)
    return sorted(
        rel
        for p in site.rglob("*")
        if p.is_file()
        and (rel := p.relative_to(site).as_posix()) not in SW_EXCLUDED
        and rel not in bundled  # python-files.json holds them
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


_IMG_EL_RE = re.compile(r"""<img\b[^>]*\bsrc\s*=\s*(["'])(.*?)\1[^>]*>""", re.IGNORECASE)


def _mime(path: str) -> str:
    return MIME_TYPES.get(Path(path).suffix.lower(), MIME_TYPES[""])


def _data_url(path: Path) -> str:
    return f"data:{_mime(path.name).split(';')[0]};base64," + base64.b64encode(
        path.read_bytes()
    ).decode("ascii")


def _single_file_html(site: Path, page: Path, boot: str) -> tuple[str, set[str]]:
    """The page with its stylesheets, classic scripts, icon and images inline, the links
    only a hosted site uses (manifest, apple-touch-icon) dropped, the PyScript module tag
    removed (the boot script imports the bundle) and `boot` before `</body>`. Returns the
    HTML and the site-relative paths it inlined."""
    # started by PyScript on the page's thread: a file:// page has no module workers
    html = start_on_page(page.read_text(encoding="utf-8"))
    inlined = set(re.findall(rf'{INLINED_FROM}="([^"]+)"', html))  # the site's build did

    def css_inline(css_path: Path) -> str:
        css = css_path.read_text(encoding="utf-8")

        def url(m: re.Match[str]) -> str:
            ref = m.group(2)
            target = own_file(site, css_path, ref) if ref is not None else None
            return f'url("{_data_url(target)}")' if target else m.group(0)

        css = _CSS_URL_RE.sub(url, css)
        return inline_code(css, "style")

    def link(m: re.Match[str]) -> str:
        a = _attrs(m.group(1))
        kinds = set(a.get("rel", "").lower().split())
        target = own_file(site, page, a.get("href", ""))
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
        target = own_file(site, page, a.get("src", ""))
        if target is None:
            return m.group(0)
        rel = target.relative_to(site.resolve()).as_posix()
        if kind == "module" and rel == PYODIDE_BOOT:
            return ""  # the site starts its loader early; here PyScript imports it packed
        if kind == "module" and rel.startswith("runtime/pyscript/"):
            inlined.add(rel)
            return ""  # the boot script imports the bundled PyScript instead
        if kind in ("", "text/javascript", "application/javascript"):
            inlined.add(rel)
            code = inline_code(target.read_text(encoding="utf-8"), "script")
            return f"<script>\n{code}</script>"
        return m.group(0)  # <script type="py">: PyScript fetches it (from the packed files)

    def image(m: re.Match[str]) -> str:
        target = own_file(site, page, _attrs(m.group(0)).get("src", ""))
        return m.group(0).replace(m.group(2), _data_url(target), 1) if target else m.group(0)

    html = LINK_EL_RE.sub(link, html)
    html = SCRIPT_EL_RE.sub(script, html)
    html = _IMG_EL_RE.sub(image, html)
    meta = '<meta name="pywar-edition" content="single-file">'
    html, n = re.subn(r"(<head\b[^>]*>)", lambda m: f"{m.group(1)}\n  {meta}", html, count=1)
    if n != 1:
        raise BuildError(f"{page.name} has no <head>")
    end = html.lower().rfind("</body>")
    if end < 0:
        raise BuildError(f"{page.name} has no </body>")
    return html[:end] + boot + html[end:], inlined


def _compiled_pyc(node: str, site: Path) -> dict[str, bytes]:
    """The page's Python files compiled for the pinned Pyodide (tools/compile_pyc.mjs):
    {path relative to /home/pyodide: .pyc bytes}."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pyc.json"
        subprocess.run(
            [node, str(ROOT / "tools" / "compile_pyc.mjs"), str(site), str(out)],
            cwd=ROOT,
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        made = json.loads(out.read_text(encoding="utf-8"))
    home = "/home/pyodide/"
    return {
        path[len(home) :]: base64.b64decode(data)
        for path, data in made["files"].items()
        if path.startswith(home)
    }


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
        for m in SCRIPT_EL_RE.finditer(other.read_text(encoding="utf-8")):
            a = _attrs(m.group(1))
            for ref in (a.get("src", ""), a.get("config", "")):
                if (target := own_file(site, other, ref)) is not None:
                    other_pages.add(target.relative_to(site.resolve()).as_posix())
    boot_placeholder = "<!-- pywar single-file boot -->"
    html, inlined = _single_file_html(site, page, boot_placeholder)
    skip_prefixes = ("runtime/pyscript/", "icons/", "snapshot-")
    skip = (
        SW_EXCLUDED
        | {"manifest.webmanifest", "pwa.js"}
        | inlined
        | other_pages
        | {PYTHON_FILES}  # the files one by one: PyScript reads them from memory here
        | {WORKER_START, PYTHON_WORKER}  # the site's start, Python in a worker
    )
    bundled = bundled_paths(site)
    files: list[tuple[str, bytes]] = []
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
        files.append((rel, data))
    # what the loader's worker needs to make the edition's snapshot in the browser, with
    # PyScript's own package to bake ({"pyscript/x.py": text}, read out of its core bundle)
    pyscript_package = subprocess.run(
        [node, str(PYSCRIPT_PACKAGE_TOOL), str(site / "runtime" / "pyscript")],
        cwd=ROOT,
        check=True,
        stdin=subprocess.DEVNULL,
        capture_output=True,
    ).stdout
    files += [
        ("snapshot_maker.js", SINGLE_FILE_SNAPSHOT.read_bytes()),
        ("snapshot_warm.py", SNAPSHOT_WARM.read_bytes()),
        ("pyscript-package.json", pyscript_package),
    ]
    version = None
    sw = site / SERVICE_WORKER
    if sw.is_file() and (m := _SW_BUILD_RE.search(sw.read_text(encoding="utf-8"))):
        version = json.loads(m.group(0)[len("const BUILD = ") : -1])["version"]

    def write(pyc: dict[str, bytes]) -> tuple[int, int, int]:
        """Pack `files` (and the byte code `pyc`) into `dest`: (files, raw bytes, gzip bytes)."""
        packed = [(bundle_rel, bundle_bytes)]
        for rel, data in files + sorted(pyc.items()):
            if rel == "pyscript.json" and bundled:  # PyScript maps the packed files itself
                config = json.loads(data)
                config["files"] = {f"./{b}": f"./{b}" for b in sorted(bundled) + sorted(pyc)}
                data = (json.dumps(config, indent=2) + "\n").encode()
            packed.append((rel, data))
        index: dict[str, Any] = {"files": [], "modules": [], "entry": f"./{bundle_rel}"}
        offset = 0
        for rel, data in packed:
            index["files"].append([f"./{rel}", offset, len(data), _mime(rel)])
            offset += len(data)
            if rel.endswith(".mjs"):
                index["modules"].append(f"./{rel}")
        index["built"] = {"version": version}
        raw = b"".join(data for _, data in packed)
        gz = gzip.compress(raw, compresslevel=9, mtime=0)
        index_json = json.dumps(index, separators=(",", ":")).replace("</", "<\\/")
        boot = (
            f'<script type="application/json" id="pywar-files">{index_json}</script>\n'
            '<script type="text/plain" id="pywar-data">'
            + base64.b64encode(gz).decode("ascii")
            + "</script>\n<script>\n"
            + SINGLE_FILE_BOOT.read_text(encoding="utf-8")
            + "</script>\n"
        )
        dest.write_text(
            apply_csp(html.replace(boot_placeholder, boot, 1), single_file=True), encoding="utf-8"
        )
        return len(packed), len(raw), len(gz)

    # The page's modules as byte code (tools/compile_pyc.mjs): the first start, which has no
    # snapshot, imports them without compiling (0.5 s less in Chromium). Only while the
    # edition stays within its goal: without them it starts slower, never bigger.
    pyc = _compiled_pyc(node, site)
    count, raw_bytes, gz_bytes = write(pyc)
    bytes_with_bytecode = dest.stat().st_size
    if bytes_with_bytecode > SINGLE_FILE_BUDGET:
        log(
            f"one-file edition without its byte code: it would make "
            f"{bytes_with_bytecode / 1e6:.2f} MB"
        )
        pyc = {}
        count, raw_bytes, gz_bytes = write(pyc)
    size = dest.stat().st_size
    log(
        f"one-file edition {dest.name}: {size / 1e6:.2f} MB ({count} files, {len(pyc)} of them "
        f"byte code, {raw_bytes / 1e6:.1f} MB packed to {gz_bytes / 1e6:.1f} MB gzip) in "
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
        "packed_files": count,
        "packed_bytes": raw_bytes,
        "gzip_bytes": gz_bytes,
        "bytecode_files": len(pyc),
        "bytes_with_bytecode": bytes_with_bytecode,
        "snapshot_included": False,
        "bytes_with_snapshot": with_snapshot,
    }
