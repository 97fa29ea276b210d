"""Smoke tests of the built site: the vendored runtime starts Python with no outside request."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import ROOT, build, goto_ready

pytestmark = pytest.mark.e2e

HAS_INDEX = (ROOT / "web" / "index.html").is_file()
needs_index = pytest.mark.skipif(not HAS_INDEX, reason="web/index.html does not exist yet")


def test_dist_layout(dist_dir: Path) -> None:
    runtime = {p.relative_to(dist_dir).as_posix() for p in (dist_dir / "runtime").rglob("*")}
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert f"runtime/pyodide/{name}" in runtime
    assert {"runtime/pyscript/core.js", "runtime/pyscript/core.css"} <= runtime
    assert not [p for p in runtime if "codemirror" in p or "xterm" in p]
    maps = [p for p in runtime if p.endswith(".map")]  # source maps of what is shipped only
    assert maps and all(p.removesuffix(".map") in runtime for p in maps)
    assert (dist_dir / ".nojekyll").is_file()

    config = json.loads((dist_dir / "pyscript.json").read_text())
    assert config["interpreter"] == f"./{build.PYODIDE_BOOT}"  # the snapshot loader
    assert (dist_dir / build.PYODIDE_BOOT).is_file()
    assert "files" not in config  # one download, python-files.json, written by the loader
    bundled = build.python_files(dist_dir)
    for rel, data in bundled.items():
        assert (dist_dir / rel).read_bytes() == data, rel
    if (ROOT / "pywar" / "__init__.py").is_file():
        assert {"pywar/__init__.py", "pywar/game.py", "viewmodel.py", "adapter.py"} <= set(bundled)
        assert "main.py" not in bundled  # PyScript fetches the page's script itself
    hello = json.loads((dist_dir / "hello.json").read_text())
    assert "files" not in hello, "hello must not load the game"
    assert hello["interpreter"] == "./runtime/pyodide/pyodide.mjs", "hello is the bare runtime"

    info = json.loads((dist_dir / "build-info.json").read_text())
    listed = {f["path"] for f in info["files"]}
    on_disk = {p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file()}
    assert listed == on_disk - {"build-info.json"}
    assert info["pyodide"] and info["python"].startswith("3.")
    assert not list(dist_dir.glob("maps/*.md"))
    # every page part's stylesheet is in index.html (which names no variant), inline with
    # the page's own and its blocking scripts: the first paint waits for no request
    index = (dist_dir / "index.html").read_text(encoding="utf-8")
    assert "<!-- VARIANT_CSS -->" not in index
    for css in sorted((ROOT / "web" / "variants").glob("*/*.css")):
        rel = css.relative_to(ROOT / "web").as_posix()
        assert (dist_dir / rel).is_file() and f'<style data-inlined-from="{rel}">' in index, rel
    for rel in ("style.css", "pwa.js", "zoom.js"):
        assert f'data-inlined-from="{rel}"' in index and f'"./{rel}"' not in index, rel
    assert 'rel="stylesheet"' not in index


def test_hello_ready_without_outside_requests(app_page: Any, server_url: str) -> None:
    requested: list[str] = []
    app_page.on("request", lambda r: requested.append(r.url))
    goto_ready(app_page, "hello.html")
    assert app_page.locator("html").get_attribute("data-ready") == "1"
    out = app_page.locator("#out").inner_text()
    assert out.startswith("hello from Python 3.1"), out
    assert all(u.startswith(server_url) for u in requested if not u.startswith(("data:", "blob:")))
    assert not [u for u in requested if "/pywar/" in u], "hello must not fetch the game's files"
    assert any(u.endswith("pyodide.asm.wasm") for u in requested)


def test_served_from_a_sub_path(dist_dir: Path, chromium_browser: Any) -> None:
    """GitHub Pages serves project sites under /<repo>/: every own reference is relative."""
    pages = ["hello.html"] + (["index.html"] if HAS_INDEX else [])
    with build.serving(dist_dir, prefix="/sub/pywar") as url:
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
            bad: list[str] = []
            page.on("response", lambda r: r.status >= 400 and bad.append(f"{r.status} {r.url}"))
            page.on(
                "request",
                lambda r: not r.url.startswith((url, "data:", "blob:")) and bad.append(r.url),
            )
            for name in pages:
                page.goto(url + name, wait_until="commit")
                page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
            assert not bad
        finally:
            context.close()


@needs_index
def test_index_ready(app_page: Any) -> None:
    goto_ready(app_page)
    assert app_page.locator("html").get_attribute("data-ready") is not None


@needs_index
def test_index_board_inlined(dist_dir: Path) -> None:
    source = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    built = (dist_dir / "index.html").read_text(encoding="utf-8")
    assert build.BOARD_MARKER not in built
    if build.BOARD_MARKER in source:
        assert "<svg" in built
