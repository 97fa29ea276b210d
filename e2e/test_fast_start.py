"""Fast start: the page restores the Pyodide memory snapshot build.py made, gets fresh
entropy in every session, and boots the normal way whenever the snapshot is missing,
stale or broken (docs/build.md, "Fast start")."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import READY_TIMEOUT_MS, build, goto_ready

from e2e.test_offline import board_state, click, play_a_turn

pytestmark = pytest.mark.e2e

BOOT_JS = "() => JSON.parse(JSON.stringify(window.pywarBoot || null))"


def snapshot_info(site: Path) -> dict[str, Any]:
    text = (site / build.PYODIDE_BOOT).read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("const SNAPSHOT = "))
    return json.loads(line[len("const SNAPSHOT = ") : -1])


def new_game_seed(page: Any) -> tuple[int, dict[str, list[Any]]]:
    """Start a new game from the setup screen with no seed typed: (its seed, the deal)."""
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("human")
    assert page.locator("#seed").input_value() == ""
    click(page, "start")
    page.wait_for_selector("#board [data-territory][data-owner]")
    records = page.evaluate("""() => Object.keys(localStorage)
        .filter((k) => k.includes(':save:')).map((k) => JSON.parse(localStorage[k]))""")
    [record] = records
    return int(record["game"]["setup"]["seed"]), board_state(page)


def test_the_build_ships_a_snapshot(dist_dir: Path) -> None:
    info = snapshot_info(dist_dir)
    path = dist_dir / info["url"].removeprefix("./")
    raw = gzip.decompress(path.read_bytes())
    assert len(raw) == info["bytes"] <= build.SNAPSHOT_HEAP_LIMIT
    assert info["pyodide"] == build.package_version(build.PYODIDE_DIR)
    assert len(info["sources"]) == len(build.python_files(dist_dir))
    assert "/home/pyodide/viewmodel.py" in info["sources"]
    # the bundle states each file's digest, so the loader compares without hashing 0.9 MB
    bundle = json.loads((dist_dir / build.PYTHON_FILES).read_text(encoding="utf-8"))
    stated = {f"/home/pyodide/{d.removeprefix('./')}": v for d, v in bundle["digests"].items()}
    assert stated == info["sources"]
    for dest, text in bundle["files"].items():
        data = text.encode()
        assert bundle["digests"][dest] == f"{len(data)}:{zlib.crc32(data):x}"
    built = json.loads((dist_dir / "build-info.json").read_text())["snapshot"]
    assert built["key"] == info["key"] and built["gzip_bytes"] == path.stat().st_size
    index = (dist_dir / "index.html").read_text(encoding="utf-8")
    # the site starts Python in a worker; PyScript on the page is only its fallback
    assert f'<script type="module" src="./{build.WORKER_START}"></script>' in index
    assert 'type="py"' not in index and "pyscript/core.js" not in index
    worker = (dist_dir / build.PYTHON_WORKER).read_text(encoding="utf-8")
    assert "const SNAPSHOT = " + json.dumps(info) + ";" in worker.splitlines()
    # Pyodide's JavaScript is compiled as it streams in, off the page's thread
    glue = dist_dir / "runtime" / "pyodide" / "pyodide.asm.mjs"
    assert glue.read_text(encoding="utf-8").startswith("//# allFunctionsCalledOnLoad\n")


@pytest.mark.parametrize("start", ["worker", "page"])
def test_starts_from_the_snapshot_and_plays(app_page: Any, start: str) -> None:
    """The site's Python starts in a worker; ?start=page (the fallback where workers fail)
    starts it on the page's thread through PyScript, from the same snapshot."""
    goto_ready(app_page, "index.html" + ("?start=page" if start == "page" else ""))
    boot = app_page.evaluate(BOOT_JS)
    assert boot["where"] == start
    assert boot["snapshot"] is True, boot
    assert boot["modules"] == "fresh"
    assert boot["snapshot_inflated"] == "worker"  # off the page's thread
    if start == "page":
        assert boot["adapter"] == "snapshot"  # the adapter's code was compiled at build time
        assert boot["pyscript"] == "snapshot"  # and so was PyScript's own Python package
    play_a_turn(app_page)


def test_every_session_gets_fresh_seeds(chromium_browser: Any, server_url: str) -> None:
    """The snapshot froze Python's random state: two page loads must still deal new games
    differently (entropy from the browser's crypto.getRandomValues)."""
    games = []
    for _ in range(2):
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
            goto_ready(page, server_url + "index.html")
            assert page.evaluate(BOOT_JS)["snapshot"] is True
            games.append(new_game_seed(page))
        finally:
            context.close()
    (seed_a, deal_a), (seed_b, deal_b) = games
    assert seed_a != seed_b
    assert deal_a != deal_b


@pytest.fixture
def site_copy(dist_dir: Path, tmp_path: Path) -> Iterator[Path]:
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, ignore=shutil.ignore_patterns(build.SINGLE_FILE_NAME))
    yield site


def _break_missing(site: Path, info: dict[str, Any]) -> None:
    (site / info["url"]).unlink()


def _break_truncated(site: Path, info: dict[str, Any]) -> None:
    path = site / info["url"]
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _boot_line(site: Path, change: Any) -> None:
    info = snapshot_info(site)
    change(info)
    line = "const SNAPSHOT = " + json.dumps(info) + ";"
    for name in (build.PYODIDE_BOOT, build.PYTHON_WORKER):  # the page's loader, the worker's
        boot = site / name
        text = boot.read_text(encoding="utf-8")
        boot.write_text(
            re.sub(r"^const SNAPSHOT = .*;$", lambda _m: line, text, flags=re.M),
            encoding="utf-8",
        )


def _break_pyodide_version(site: Path, info: dict[str, Any]) -> None:
    _boot_line(site, lambda i: i.update(pyodide="0.0.1"))


def _break_key(site: Path, info: dict[str, Any]) -> None:
    _boot_line(site, lambda i: i.update(key="0" * 64))


BROKEN = {
    "missing": (_break_missing, "HTTP 404"),
    "truncated": (_break_truncated, ""),
    "other Pyodide": (_break_pyodide_version, "Pyodide 0.0.1"),
    "other build": (_break_key, "key"),
}


@pytest.mark.parametrize(
    ("case", "start"), [*((case, "worker") for case in BROKEN), ("missing", "page")]
)
def test_falls_back_to_the_normal_boot(
    case: str, start: str, site_copy: Path, chromium_browser: Any
) -> None:
    """Missing, broken or stale snapshot: Python starts the normal way and the game plays
    (in the worker, or on the page with ?start=page)."""
    breaker, reason = BROKEN[case]
    info = snapshot_info(site_copy)
    breaker(site_copy, {**info, "url": info["url"].removeprefix("./")})
    build.write_service_worker(site_copy)
    errors: list[str] = []
    with build.serving(site_copy) as url:
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on(
                "console",
                lambda m: m.type == "error" and "404" not in m.text and errors.append(m.text),
            )
            query = "?start=page" if start == "page" else ""
            page.goto(url + "index.html" + query, wait_until="commit")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
            boot = page.evaluate(BOOT_JS)
            assert boot["where"] == start
            assert boot["snapshot"] is False and reason in boot["reason"], boot
            if start == "page":
                assert boot["adapter"] == "compiled"
                assert boot["pyscript"] == "compiled"
            assert page.locator(".py-error").count() == 0
            play_a_turn(page)
        finally:
            context.close()
    assert not errors


def append_to(site: Path, name: str, code: str) -> None:
    """Serve ``name`` with ``code`` added at its end (the service worker's list follows)."""
    build.set_python_file(site, name, (site / name).read_text(encoding="utf-8") + code)
    build.write_service_worker(site)


@contextmanager
def ready_page(
    site: Path, chromium_browser: Any, query: str = ""
) -> Iterator[tuple[Any, dict[str, Any]]]:
    """``site`` served and its page loaded until ready, in a fresh context: (page, pywarBoot)."""
    with build.serving(site) as url:
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
            page.goto(url + "index.html" + query, wait_until="commit")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
            yield page, page.evaluate(BOOT_JS)
        finally:
            context.close()


def test_stale_python_files_win_over_the_snapshot(site_copy: Path, chromium_browser: Any) -> None:
    """A Python file served differs from the one the snapshot baked in: the restored modules
    are forgotten and the served files run (here a view model that announces a word)."""
    append_to(
        site_copy,
        "viewmodel.py",
        "\n\n_render = App.render\n\n\ndef _marked(self):\n"
        "    view = _render(self)\n"
        "    view['announce'] = {'id': 'served', 'text': 'served-files-win'}\n"
        "    return view\n\n\nApp.render = _marked\n",
    )
    with ready_page(site_copy, chromium_browser) as (page, boot):
        assert boot["snapshot"] is True
        assert boot["where"] == "worker"
        assert boot["modules"] == "stale: /home/pyodide/viewmodel.py"
        assert page.locator("#announce").text_content() == "served-files-win"
    with ready_page(site_copy, chromium_browser, "?start=page") as (page, boot):
        assert boot["where"] == "page"
        assert boot["modules"] == "stale: /home/pyodide/viewmodel.py"
        assert boot["adapter"] == "snapshot"  # unchanged: its baked code still serves
        assert page.locator("#announce").text_content() == "served-files-win"
        assert page.locator(".py-error").count() == 0


def test_a_changed_adapter_is_compiled_from_the_file_served(
    site_copy: Path, chromium_browser: Any
) -> None:
    """The adapter's code baked into the snapshot (the page's start, ?start=page) serves only
    while adapter.py is the file it was compiled from: a changed one is compiled and runs."""
    append_to(site_copy, "adapter.py", "\n\ndocument.documentElement.dataset.servedAdapter = '1'\n")
    with ready_page(site_copy, chromium_browser, "?start=page") as (page, boot):
        assert boot["snapshot"] is True
        assert boot["modules"] == "stale: /home/pyodide/adapter.py"
        assert boot["adapter"] == "compiled"
        assert page.locator("html[data-served-adapter='1']").count() == 1
        assert page.locator(".py-error").count() == 0
        play_a_turn(page)


class HeldRuntime:
    """Holds back the WebAssembly runtime's download, so a test sees the page as a player
    does before Python is ready; `release()` lets it through."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.held: list[Any] = []
        self.released = False
        page.route("**/pyodide.asm.wasm", self.hold)

    def hold(self, route: Any) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()


def test_the_first_screen_works_before_python(app_page: Any) -> None:
    """The new-game screen is readable and can be filled in before Python is ready; what
    was typed and chosen is kept when Python takes over, and a returning player sees the
    "continue your game" card instead."""
    page = app_page
    runtime = HeldRuntime(page)
    page.goto("index.html", wait_until="domcontentloaded")
    page.wait_for_timeout(300)
    assert page.locator("html[data-ready]").count() == 0
    assert page.locator("#overlay h2#setup-title").inner_text() == "Novo jogo"
    assert page.locator("#brand-sub").inner_text() == "WAR clássico"
    assert page.locator("#overlay").is_visible()
    page.locator('[data-action="seat-name"][data-arg="0"]').fill("Zé Pequeno")
    page.locator('[data-action="seat-kind"][data-arg="0"]').select_option("human")
    page.locator('[data-action="seat-kind"][data-arg="1"]').select_option("human")
    page.locator('[data-action="seat-kind"][data-arg="2"]').select_option("human")
    page.locator("#seed").fill("4242")
    assert page.locator("html[data-ready]").count() == 0
    runtime.release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator('[data-action="seat-name"][data-arg="0"]').input_value() == "Zé Pequeno"
    assert page.locator("#seed").input_value() == "4242"
    assert page.locator('[data-action="seat-kind"][data-arg="1"]').input_value() == "human"
    click(page, "start")
    page.wait_for_selector("#curtain:not([hidden])")
    assert "Zé Pequeno" in page.locator("#curtain").inner_text()
    record = page.evaluate("""() => JSON.parse(localStorage[Object.keys(localStorage)
        .find((k) => k.includes(':save:'))])""")
    assert int(record["game"]["setup"]["seed"]) == 4242

    # a returning player: the card, then the game where it was
    runtime = HeldRuntime(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_timeout(300)
    assert page.locator("html[data-ready]").count() == 0
    assert page.locator("#overlay #resume-title").inner_text() == "Continuar"
    assert page.locator("#overlay #setup-title").count() == 0
    # which game is in progress is known once Python reads it: no name before, not a wrong one
    assert page.locator("#brand-sub").inner_text() == ""
    runtime.release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator("#overlay").is_hidden()
    assert "Zé Pequeno" in page.locator("#curtain").inner_text()
    assert page.locator("#brand-sub").inner_text() == "WAR clássico"


def test_the_first_screen_names_the_game_of_the_link(app_page: Any) -> None:
    """A link to one game of the family (``?variant=war2``, a class page's) names that game
    in the top bar from the first paint, in the link's language, and Python agrees."""
    page = app_page
    runtime = HeldRuntime(page)
    page.goto("index.html?lang=en&variant=war2", wait_until="domcontentloaded")
    page.wait_for_timeout(300)
    assert page.locator("html[data-ready]").count() == 0
    assert page.locator("#brand-sub").inner_text() == "WAR II"
    runtime.release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator("#brand-sub").inner_text() == "WAR II"


def test_typing_before_python_keeps_the_caret(app_page: Any) -> None:
    """Only text typed: Python keeps the prerendered form (same element, focus, caret)."""
    page = app_page
    runtime = HeldRuntime(page)
    page.goto("index.html?lang=en", wait_until="domcontentloaded")
    page.wait_for_timeout(300)
    assert page.locator("#overlay h2#setup-title").inner_text() == "New game"
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#brand-sub").inner_text() == "Classic WAR"
    # the map speaks English too (the drawn SVG's names are Portuguese)
    assert page.locator('#board [data-label="groenlandia"]').text_content() == "Greenland"
    assert page.locator('#board [data-label="alasca"]').text_content() == "Alaska"
    assert page.locator("#board").get_attribute("aria-label") == "Map"
    name = page.locator('[data-action="seat-name"][data-arg="1"]')
    name.click()
    page.keyboard.press("End")
    page.keyboard.type("zinho")
    page.keyboard.press("ArrowLeft")
    page.evaluate("() => { document.activeElement.dataset.typedBefore = '1'; }")
    runtime.release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.keyboard.type("!")
    assert name.input_value() == "Brunozinh!o"
    assert page.evaluate("() => document.activeElement.dataset.typedBefore") == "1"
    click(page, "seat-add")
    assert page.locator('[data-action="seat-name"][data-arg="1"]').input_value() == "Brunozinh!o"


def load_counting_requests(
    context: Any, server_url: str, query: str = ""
) -> tuple[Any, list[str], Any]:
    """index.html in a new page of `context`, until ready: (the page, the path of every
    request it and its workers made, `window.pywarBoot`)."""
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url.removeprefix(server_url)))
    page.goto(server_url + "index.html" + query, wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page, requested, page.evaluate(BOOT_JS)


def test_the_python_files_come_in_one_download(chromium_browser: Any, server_url: str) -> None:
    """The page's ~95 Python files arrive in python-files.json, one request, not one each
    (over HTTP/1.1 they took 0.7 s of a cold start): in the worker, and on the page
    (?start=page), where only the page's script comes alone."""
    context = chromium_browser.new_context()
    try:
        page, requested, boot = load_counting_requests(context, server_url)
        assert boot["where"] == "worker"
        assert [u for u in requested if u.endswith(".py")] == []
        assert requested.count(build.PYTHON_FILES) == 1
        for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
            assert requested.count(f"runtime/pyodide/{name}") == 1, name
        assert boot["modules"] == "fresh"
        play_a_turn(page)
    finally:
        context.close()
    context = chromium_browser.new_context()
    try:
        page, requested, boot = load_counting_requests(context, server_url, "?start=page")
        assert boot["where"] == "page"
        assert [u for u in requested if u.endswith(".py")] == ["main.py"]
        assert requested.count(build.PYTHON_FILES) == 1
        # Pyodide's WebAssembly comes once, compiled by the start's worker
        assert requested.count("runtime/pyodide/pyodide.asm.wasm") == 1
        assert boot["wasm"] == "worker"
        # asked for early by the loader, once: Pyodide's own requests get those responses
        for name in ("pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json"):
            assert requested.count(f"runtime/pyodide/{name}") == 1, name
        assert boot["modules"] == "fresh"
        play_a_turn(page)
    finally:
        context.close()


WATCH_PAINTS_JS = """
window.pywarPaints = {lcp: [], fetches: {}};
new PerformanceObserver((list) => list.getEntries().forEach(
  (e) => window.pywarPaints.lcp.push(e.startTime))).observe(
  {type: "largest-contentful-paint", buffered: true});
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  window.pywarPaints.fetches[e.name.split("/").pop()] = e.startTime;
})).observe({type: "resource", buffered: true});
"""


@pytest.mark.parametrize("slowdown", [1, 6])
def test_the_runtime_downloads_after_the_first_screen(
    chromium_browser: Any, server_url: str, slowdown: int
) -> None:
    """The first screen paints before the runtime's big downloads start (the worker that
    fetches Pyodide's WebAssembly and the snapshot, the standard library, the page's Python
    files): on a slow
    connection they would otherwise share it with what the player reads first. Also on a
    slow device, where that paint takes more than a second."""
    context = chromium_browser.new_context(viewport={"width": 412, "height": 823})
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.add_init_script(WATCH_PAINTS_JS)
        page.goto(server_url + "index.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        seen = page.evaluate("() => window.pywarPaints")
        assert seen["lcp"], "no largest contentful paint"
        # the runtime, the snapshot and the Python files are fetched by Python's worker (in
        # the worker's own timeline): the worker's script comes after the paint
        big = [build.PYTHON_WORKER]
        assert all(name in seen["fetches"] for name in big), seen["fetches"]
        started = {name: seen["fetches"][name] for name in big}
        assert min(started.values()) > max(seen["lcp"]), (seen["lcp"], started)
        assert page.locator("#overlay .hint").first.is_visible()
    finally:
        context.close()


def test_without_workers_the_page_compiles_and_inflates_itself(
    chromium_browser: Any, server_url: str
) -> None:
    """No worker can load (a host that blocks them, a failed request): Python starts on the
    page's thread, which inflates the snapshot and compiles Pyodide's WebAssembly itself,
    slower but the same game."""
    context = chromium_browser.new_context()
    try:
        for worker in (build.PYTHON_WORKER, "snapshot_worker.js"):
            context.route(f"**/{worker}", lambda route: route.fulfill(status=404))
        page, requested, boot = load_counting_requests(context, server_url)
        assert boot["where"] == "page" and boot["worker_error"], boot
        assert boot["snapshot"] is True and boot["snapshot_inflated"] == "page", boot
        assert boot["wasm"] == "page" and boot["wasm_error"], boot
        assert requested.count("runtime/pyodide/pyodide.asm.wasm") == 1
        play_a_turn(page)
    finally:
        context.close()


def test_a_browser_saving_data_is_spared_the_snapshot(
    chromium_browser: Any, server_url: str
) -> None:
    """Data Saver on (navigator.connection.saveData, stubbed here: Chromium has no switch
    for it): the first visit boots the normal way without downloading the snapshot's
    7.4 MB, and plays the same game."""
    context = chromium_browser.new_context()
    try:
        context.add_init_script(
            "Object.defineProperty(Navigator.prototype, 'connection', "
            "{get: () => ({saveData: true, downlink: 10, effectiveType: '4g'})})"
        )
        page, requested, boot = load_counting_requests(context, server_url)
        assert boot["snapshot"] is False and "save data" in boot["reason"], boot
        assert not [u for u in requested if u.startswith("snapshot-")]
        play_a_turn(page)
    finally:
        context.close()
