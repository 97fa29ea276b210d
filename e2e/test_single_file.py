"""The one-file edition (build.py --single-file): dist/pywar.html opened from disk as
file://, alone in its folder, plays a turn and finds the game saved after a reload."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import READY_TIMEOUT_MS, build

from e2e.test_offline import board_state, play_a_turn

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="session")
def single_file(dist_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one-file edition of the built site, made by this test run, alone in a folder."""
    dest = tmp_path_factory.mktemp("single-file") / build.SINGLE_FILE_NAME
    build.build_single_file(dist_dir, dest)
    return dest


class FilePageProblems:
    """The app_page checks for a file:// page: no http(s) or other file request at all,
    no console error, no page error, no .py-error element."""

    def __init__(self, own_url: str) -> None:
        self.own_url = own_url
        self.problems: list[str] = []

    def on_request(self, request: Any) -> None:
        url = request.url
        if url.startswith(("data:", "blob:")) or url.split("?")[0].split("#")[0] == self.own_url:
            return
        self.problems.append(f"request: {request.method} {url[:200]}")

    def on_console(self, msg: Any) -> None:
        if msg.type == "error":
            self.problems.append(f"console error: {msg.text[:2000]}")

    def on_page_error(self, error: Any) -> None:
        self.problems.append(f"page error: {error}")


@pytest.fixture
def file_page(chromium_browser: Any, single_file: Path) -> Iterator[Any]:
    url = single_file.as_uri()
    problems = FilePageProblems(url)
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    context.on("request", problems.on_request)
    page = context.new_page()
    page.on("console", problems.on_console)
    page.on("pageerror", problems.on_page_error)
    page.pywar_url = url
    page.pywar_problems = problems
    yield page
    try:
        if not page.is_closed():
            errors = page.locator(".py-error")
            for i in range(errors.count()):
                problems.problems.append(f".py-error: {errors.nth(i).inner_text()[:2000]}")
    finally:
        context.close()
    if problems.problems:
        pytest.fail("page problems:\n  " + "\n  ".join(problems.problems), pytrace=False)


def open_ready(page: Any, url: str | None = None) -> None:
    page.goto(url or page.pywar_url, wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def test_one_self_contained_file_within_its_size_goal(single_file: Path, dist_dir: Path) -> None:
    assert single_file.stat().st_size <= build.SINGLE_FILE_BUDGET
    assert [p.name for p in single_file.parent.iterdir()] == [build.SINGLE_FILE_NAME]
    html = single_file.read_text(encoding="utf-8")
    # nothing is loaded by URL (no stylesheet link, no module tag) but the Python main
    # script, which PyScript fetches, and the boot script answers from the packed files
    refs = re.findall(r"""<(?:script|link|img)\b[^>]*\b(?:src|href)=["']([^"']+)""", html)
    assert [r for r in refs if not r.startswith(("data:", "#"))] == ["./main.py"], refs
    assert '<script type="py" src="./main.py" config="./pyscript.json">' in html
    index = json.loads(
        re.search(
            r'<script type="application/json" id="pywar-files">(.*?)'
            r"</script>",
            html,
            re.S,
        )
        .group(1)
        .replace("<\\/", "</")
    )
    packed = {f[0].removeprefix("./") for f in index["files"]}
    assert build.PYTHON_FILES not in packed  # the page has them in memory: one by one
    needed = {"pyscript.json", "main.py", *build.python_files(dist_dir)}
    needed |= {
        f"runtime/pyodide/{n}"
        for n in (
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        )
    }
    assert needed <= packed, needed - packed
    assert not [p for p in packed if p.startswith("hello")]


def test_plays_from_disk_and_keeps_the_game(file_page: Any, dist_dir: Path) -> None:
    page = file_page
    open_ready(page)
    assert page.evaluate("() => location.protocol") == "file:"
    # the page code is the built site's, byte for byte
    for rel in ("main.py", "viewmodel.py", "pywar/game.py"):
        text = page.evaluate("(p) => fetch(p).then((r) => r.text())", f"./{rel}")
        assert text == (dist_dir / rel).read_text(encoding="utf-8"), rel
    # packed one by one (PyScript's `files` reads them from memory), not as python-files.json,
    # with the byte code the build compiled for them (tools/compile_pyc.mjs, while it fits)
    config = page.evaluate("() => fetch('./pyscript.json').then((r) => r.json())")
    sources = {f"./{rel}" for rel in build.python_files(dist_dir)}
    compiled = set(config["files"]) - sources
    assert sources <= set(config["files"])
    assert all(re.search(r"(^|/)__pycache__/[^/]+\.cpython-3\d+\.pyc$", p) for p in compiled)
    # the start imported every page module from that byte code, none compiled in the page
    report = page.evaluate("() => window.pywarBench.bytecode()")
    assert report["modules"] > 50
    assert report["from_bytecode"] == (report["modules"] if compiled else 0), report
    # the game's Pyodide loader, packed without the site's snapshot
    assert page.locator('script[type="importmap"]').count() == 0
    boot = page.evaluate("() => JSON.parse(JSON.stringify(window.pywarBoot))")
    assert boot["snapshot"] is False
    assert boot["reason"] == "no snapshot made in this browser yet"
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    # images the page makes (the games' map thumbnails) come from the packed files too
    page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    broken = page.evaluate(
        "() => [...document.images].filter((i) => !i.naturalWidth)"
        ".map((i) => i.getAttribute('src'))"
    )
    assert broken == []
    after = play_a_turn(page, seed="21")
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert any(k.startswith("pywar:v1:") for k in keys)

    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert board_state(page) == after
    assert page.locator("#curtain:not([hidden])").count() == 1
    page.locator('[data-action="curtain-open"]').click()
    page.wait_for_selector(".phase")


def test_a_whole_game_under_its_content_security_policy(file_page: Any, single_file: Path) -> None:
    from e2e.test_csp import VIOLATIONS_JS, check_policy, slipped_markup_is_inert

    policy = check_policy(single_file.read_text(encoding="utf-8"), single_file=True)
    assert policy["connect-src"] == ["'none'"] and "blob:" in policy["script-src"]
    page = file_page
    page.add_init_script(VIOLATIONS_JS)
    open_ready(page, page.pywar_url + "?speed=fast")
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("easy")
    page.locator("#seed").fill("2")
    page.locator('[data-action="start"]').first.click()
    page.wait_for_selector("html[data-screen=over]", timeout=180_000)
    assert page.evaluate("() => window.__cspViolations") == []
    assert slipped_markup_is_inert(page)


#: Resolves once the one-file edition's loader has made and stored (or failed to) the
#: snapshot of this browser: its state, "stored", "stored (replaced)" or "failed: ...".
KEPT_JS = """() => new Promise((resolve) => {
  const check = () => /^(stored|failed)/.test(window.pywarBoot.browser_snapshot || "")
    ? resolve(window.pywarBoot.browser_snapshot) : setTimeout(check, 200);
  check();
})"""
BOOT_JS = "() => JSON.parse(JSON.stringify(window.pywarBoot))"


def test_later_starts_restore_a_snapshot_made_in_the_browser(file_page: Any) -> None:
    """No room for the site's snapshot in the file: the first start makes one in a worker
    and keeps it in IndexedDB; the next starts restore it and play the same game."""
    page = file_page
    open_ready(page)
    assert page.evaluate(BOOT_JS)["snapshot"] is False
    normal = play_a_turn(page, seed="21")
    assert page.evaluate(KEPT_JS) == "stored"

    page.evaluate("() => localStorage.clear()")  # a new game again, not the saved one
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    boot = page.evaluate(BOOT_JS)
    assert boot["snapshot"] is True and boot["snapshot_from"] == "browser", boot
    # the adapter and PyScript's package ran the code baked in the snapshot
    assert boot["adapter"] == "snapshot" and boot["pyscript"] == "snapshot", boot
    assert "browser_snapshot" not in boot  # nothing more to make
    assert play_a_turn(page, seed="21") == normal

    # a damaged record (stored data is untrusted): a normal start, and a new snapshot
    page.evaluate("""() => new Promise((resolve, reject) => {
      const open = indexedDB.open("pywar-one-file", 1);
      open.onsuccess = () => {
        const tx = open.result.transaction("snapshots", "readwrite");
        const store = tx.objectStore("snapshots");
        store.getAllKeys().onsuccess = (e) => {
          for (const key of e.target.result) {
            store.put({snapshot: new Uint8Array(31457408), bytes: 31457408, sha256: "0"}, key);
          }
        };
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      };
    })""")
    page.evaluate("() => localStorage.clear()")
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    boot = page.evaluate(BOOT_JS)
    assert boot["snapshot"] is False and boot["reason"] == "the stored snapshot is damaged"
    assert play_a_turn(page, seed="21") == normal
    assert page.evaluate(KEPT_JS) == "stored (replaced)"
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(BOOT_JS)["snapshot_from"] == "browser"
