"""Offline: after one visit the service worker plays the game with the network gone; a new
build replaces the old version whole; the site is an installable app."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import build, goto_ready

from buildtools.csp import apply_csp
from e2e.conftest import LOCALE
from e2e.helpers import settle
from pywar.board import load_board

pytestmark = pytest.mark.e2e

#: In-page: the service worker's caches as {name: [cached URLs]}.
CACHES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  }
  return out;
}"""


# The moves of a turn, for this file, test_single_file.py and test_embed.py (kept here, not
# shared with the game's tests, so these tests depend only on the page's markup).


def tap(page: Any, territory: str) -> None:
    """A real mouse click on a territory, at its army badge (always inside the shape)."""
    box = page.locator(f'#board [data-badge="{territory}"] circle').bounding_box()
    assert box, f"no badge for {territory}"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    settle(page)


def click(page: Any, action: str, arg: str | None = None) -> None:
    selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg else "")
    page.locator(selector).first.click()
    settle(page)


def board_state(page: Any) -> dict[str, list[Any]]:
    """Every territory's owner colour and army count as shown."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#board [data-territory]')].map(p => [p.dataset.territory, [p.dataset.owner || null,
        document.querySelector(`#board [data-badge="${p.dataset.territory}"] text`)
          .textContent]]))""")


def place_all_on(page: Any, territory: str) -> None:
    """Place every pending army, on `territory` where it may go."""
    click(page, "amount", "all")
    for _ in range(20):
        if not page.locator("#pending").count():
            return
        options = page.evaluate("""() => [...document.querySelectorAll(
            '#board [data-territory][data-state="option"]')].map(p => p.dataset.territory)""")
        tap(page, territory if territory in options or not options else options[0])
        page.wait_for_timeout(30)


def front(page: Any, color: str) -> tuple[str, str]:
    """An own territory with spare armies and the weakest enemy neighbour."""
    board = load_board("classic")
    state = board_state(page)
    best = None
    for t, (owner, armies) in state.items():
        if owner != color:
            continue
        for n in sorted(board.neighbors[t]):
            if state[n][0] != color:
                score = (int(state[n][1]) - int(armies), t, n)
                if best is None or score < best:
                    best = score
    assert best, f"{color} has no front"
    return best[1], best[2]


def start_game(page: Any, seed: str = "7") -> None:
    """The new-game screen's three default seats, all people, with a seed: start."""
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("human")
    page.locator("#seed").fill(seed)
    click(page, "start")
    page.wait_for_selector("#board [data-territory][data-owner]")


def current_color(page: Any) -> str:
    swatch = page.locator(".turn .swatch").first.get_attribute("class") or ""
    return next(c.removeprefix("c-") for c in swatch.split() if c.startswith("c-"))


def play_a_turn(page: Any, seed: str = "7") -> dict[str, Any]:
    """New 3-person game by clicks; the first player places, attacks once, ends the turn.

    `page` is a Page or anything with its locator/evaluate/mouse (a frame wrapper).
    Returns the board after the turn, as `board_state` gives it."""
    start_game(page, seed=seed)
    if page.locator("#curtain:not([hidden])").count():
        click(page, "curtain-open")
    color = current_color(page)
    source, target = front(page, color)
    place_all_on(page, source)
    page.wait_for_selector(".phase.attack")
    tap(page, source)
    tap(page, target)
    click(page, "attack")
    page.wait_for_selector(".dice .die.red")
    if page.locator(".phase.occupy").count():
        click(page, "occupy", "1")
    page.wait_for_selector(".phase.attack")
    click(page, "end-attack")
    page.wait_for_selector(".phase.regroup")
    click(page, "end-turn")
    page.wait_for_selector("#curtain:not([hidden])")
    return board_state(page)


def wait_offline_ready(page: Any, timeout: int = 120_000) -> dict[str, list[str]]:
    """Wait until the service worker controls the page (it activates only once the whole
    file set is cached); returns the caches."""
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=timeout)
    return page.evaluate(CACHES_JS)


def sw_build(site: Path) -> dict[str, Any]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("const BUILD = "))
    return json.loads(line[len("const BUILD = ") : -1])


def test_service_worker_lists_every_file_with_the_build_hash(dist_dir: Path) -> None:
    built = sw_build(dist_dir)
    info = json.loads((dist_dir / "build-info.json").read_text())
    assert built["version"] == info["sw_version"] and len(built["version"]) == 16
    on_disk = {p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file()}
    maps = {f for f in on_disk if f.endswith(".map")}  # source maps: for DevTools, online
    bundled = set(build.python_files(dist_dir))  # in python-files.json, never fetched alone
    assert "pywar/game.py" in bundled and not bundled & set(built["files"])
    assert set(built["files"]) == on_disk - build.SW_EXCLUDED - maps - bundled
    for needed in (
        "index.html",
        "main.py",
        "pyscript.json",
        build.PYTHON_FILES,
        "runtime/pyodide/pyodide.asm.wasm",
        "runtime/pyscript/core.js",
        "manifest.webmanifest",
        "icons/icon-512.png",
    ):
        assert needed in built["files"]


def test_plays_offline_after_one_visit(app_page: Any, server_url: str, dist_dir: Path) -> None:
    page = app_page
    goto_ready(page)
    caches = wait_offline_ready(page)
    version = sw_build(dist_dir)["version"]
    [(name, urls)] = caches.items()
    assert name.endswith(f":{version}")
    assert {u.removeprefix(server_url) for u in urls} == set(sw_build(dist_dir)["files"])

    page.context.set_offline(True)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.evaluate("() => navigator.onLine") is False
    nav = page.evaluate("() => performance.getEntriesByType('navigation')[0].workerStart")
    assert nav > 0, "the page should come from the service worker"
    boot = page.evaluate("() => JSON.parse(JSON.stringify(window.pywarBoot))")
    assert boot["snapshot"] is True, boot  # from the worker's cache, inflated at install
    assert boot["snapshot_inflated"] == "service worker"
    after = play_a_turn(page)
    # still offline: the turn was saved and a reload resumes it
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert board_state(page) == after
    assert page.locator("#curtain:not([hidden])").count() == 1
    page.context.set_offline(False)


def test_a_new_build_replaces_the_old_version(
    chromium_browser: Any, dist_dir: Path, tmp_path: Path
) -> None:
    """Serve a copy of the site (under a sub-path, as GitHub Pages does), load it, change
    files and re-stamp sw.js as a new build does: the page offers the new version; taking
    it reloads into the new files only."""
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, ignore=shutil.ignore_patterns(build.SINGLE_FILE_NAME))
    old_version = build.write_service_worker(site)
    problems: list[str] = []
    with build.serving(site, prefix="/sub/pywar") as url:
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
            page.on("console", lambda m: m.type == "error" and problems.append(m.text))
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.clock.install()  # the page's own clock, moved on below (time flows as ever)
            page.goto(url + "index.html", wait_until="commit")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
            caches = wait_offline_ready(page)
            assert list(caches) == [f"pywar:/sub/pywar/:{old_version}"]

            # a new build: a changed page and stylesheet (inline in the page, its CSP hash
            # made again as the build makes it), and the worker's new version
            index = site / "index.html"
            text = index.read_text(encoding="utf-8").replace(
                "<head>", '<head>\n  <meta name="pywar-test-build" content="2">', 1
            )
            style = '<style data-inlined-from="style.css">\n'
            assert text.count(style) == 1
            text = text.replace(style, style + ':root { --pywar-test-build: "2"; }\n', 1)
            index.write_text(apply_csp(text), encoding="utf-8")
            new_version = build.write_service_worker(site)
            assert new_version != old_version

            # a page left open (a tablet's installed game) hears of it within the hour,
            # without a reload: it asks for the new version itself
            page.wait_for_timeout(1000)
            assert page.locator("#update-bar").count() == 0
            page.clock.run_for("01:00:01")
            page.wait_for_selector("#update-bar", timeout=60_000)
            assert page.locator('meta[name="pywar-test-build"]').count() == 0
            page.locator("#update-close").click()

            # the open page keeps running the old version; a reload still gets it, whole,
            # while the new version installs, then the bar offers it
            page.reload(wait_until="commit")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
            assert page.locator('meta[name="pywar-test-build"]').count() == 0
            page.wait_for_selector("#update-bar", timeout=60_000)
            assert "nova versão" in page.locator("#update-bar").inner_text()
            page.locator('[data-action="lang"][data-arg="en"]').click()  # the bar follows
            page.wait_for_function(
                "() => document.getElementById('update-bar').innerText.includes('new version')"
            )
            assert page.locator("#update-button").inner_text() == "Update"
            page.locator('[data-action="lang"][data-arg="pt"]').click()
            # the bar covers nothing (a row above the top bar) and can be closed
            bar = page.locator("#update-bar").bounding_box()
            top = page.locator(".topbar").bounding_box()
            assert bar["y"] + bar["height"] <= top["y"] + 0.5
            page.locator("#update-close").click()
            assert page.locator("#update-bar").count() == 0
            assert page.locator(".topbar").bounding_box()["y"] == 0
            page.reload(wait_until="commit")  # still waiting: offered again
            page.wait_for_selector("#update-bar", timeout=60_000)
            with page.expect_navigation(wait_until="commit", timeout=60_000):
                page.locator("#update-button").click()
            page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
            assert page.locator('meta[name="pywar-test-build"]').count() == 1
            css_value = page.evaluate(
                "() => getComputedStyle(document.documentElement)"
                ".getPropertyValue('--pywar-test-build').trim()"
            )
            assert css_value == '"2"'
            caches = page.evaluate(CACHES_JS)
            assert [n.rsplit(":", 1)[1] for n in caches] == [new_version], "old cache deleted"
            assert page.locator("#update-bar").count() == 0
        finally:
            context.close()
    assert not problems


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_installable_app(_playwright: Any, server_url: str, dist_dir: Path, tmp_path: Path) -> None:
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] in ("fullscreen", "standalone")
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            w, h = _png_size(dist_dir / icon["src"])
            assert f"{w}x{h}" == icon["sizes"]

    # Chromium's own verdict, in a real (not incognito) profile as a tablet user has
    context = _playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=str(build.CHROMIUM),
        args=build.CHROMIUM_ARGS,
        headless=True,
        locale=LOCALE,
    )
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and problems.append(m.text))
        goto_ready(page, server_url + "index.html")
        wait_offline_ready(page)
        cdp = context.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
        assert got["url"].endswith("/manifest.webmanifest") and not got["errors"]
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()
    assert not problems
