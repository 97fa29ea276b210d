"""Embeds: the game in an iframe of a page of another origin (a second localhost server),
with ?lang=en&embed=1; each host page keeps its own saved games; on another site, where the
browser blocks the frame's storage, the game still plays."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from pywar_e2e import READY_TIMEOUT_MS, build

from e2e.test_offline import board_state, play_a_turn, start_game
from e2e.touch_page import shots_dir

pytestmark = pytest.mark.e2e

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Geography class</title>
<link rel="icon" href="data:,"></head>
<body style="margin:16px;font-family:sans-serif">
<h1 style="font-size:18px">Geography class: play WAR</h1>
<iframe id="game" title="pywar" src="{src}" width="800" height="560"
        allow="fullscreen" referrerpolicy="no-referrer-when-downgrade"
        style="border:1px solid #999"></iframe>
</body></html>
"""


class InFrame:
    """A frame driven like a page by the test_game helpers: its locators and scripts, the
    page's mouse (locator boxes are in the page's viewport coordinates)."""

    def __init__(self, page: Any, frame: Any) -> None:
        self.page = page
        self.frame = frame
        self.mouse = page.mouse

    def __getattr__(self, name: str) -> Any:
        return getattr(self.frame, name)


@pytest.fixture(scope="module")
def host_site(tmp_path_factory: pytest.TempPathFactory, server_url: str) -> Iterator[str]:
    """A second server, http://127.0.0.1:<other port>/ (another origin than the game's
    http://127.0.0.1:<port>/), with host pages that embed the game. The same server as
    http://localhost:<other port>/ is another site too (see `third_party`)."""
    root = tmp_path_factory.mktemp("host")
    game = server_url + "index.html?lang=en&embed=1"
    (root / "a.html").write_text(HOST_PAGE.format(src=game), encoding="utf-8")
    (root / "b.html").write_text(HOST_PAGE.format(src=game), encoding="utf-8")
    (root / "war2.html").write_text(
        HOST_PAGE.format(src=server_url + "index.html?lang=pt&embed=1&variant=war2"),
        encoding="utf-8",
    )
    (root / "below.html").write_text(
        HOST_PAGE.format(src=game).replace(
            "<iframe", '<div style="height:3000px">the lesson</div><iframe'
        ),
        encoding="utf-8",
    )
    (root / "ns.html").write_text(HOST_PAGE.format(src=game + "&ns=class-7b"), encoding="utf-8")
    for name, lang in (("sandbox.html", "en"), ("sandbox-pt.html", "")):
        src = server_url + "index.html?embed=1" + (f"&lang={lang}" if lang else "")
        (root / name).write_text(
            HOST_PAGE.format(src=src).replace(
                "<iframe", '<iframe sandbox="allow-scripts allow-forms allow-popups"'
            ),
            encoding="utf-8",
        )
    (root / "sandbox-bare.html").write_text(  # no allow-popups: no tab either
        HOST_PAGE.format(src=server_url + "index.html?embed=1&lang=en").replace(
            "<iframe", '<iframe sandbox="allow-scripts"'
        ),
        encoding="utf-8",
    )
    with build.serving(root) as url:
        yield url


@pytest.fixture
def third_party(host_site: str) -> str:
    return host_site.replace("127.0.0.1", "localhost")


@pytest.fixture
def host_page(chromium_browser: Any, server_url: str, host_site: str) -> Iterator[Any]:
    """A page for host pages, failing the test on console/page errors in any frame, on
    failed requests and on requests to a third origin."""
    hosts = (server_url, host_site, host_site.replace("127.0.0.1", "localhost"))
    origins = {f"{u.scheme}://{u.netloc}" for u in map(urlsplit, hosts)}
    problems: list[str] = []

    def on_request(request: Any) -> None:
        u = urlsplit(request.url)
        if u.scheme not in ("data", "blob") and f"{u.scheme}://{u.netloc}" not in origins:
            problems.append(f"request outside the two origins: {request.url}")

    context = chromium_browser.new_context(viewport={"width": 1000, "height": 700})
    context.on("request", on_request)
    context.on("requestfailed", lambda r: problems.append(f"failed: {r.url} {r.failure}"))
    context.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    yield page
    try:
        for frame in page.frames:
            errors = frame.locator(".py-error")
            for i in range(errors.count()):
                problems.append(f".py-error: {errors.nth(i).inner_text()[:2000]}")
    finally:
        context.close()
    if problems:
        pytest.fail("page problems:\n  " + "\n  ".join(problems), pytrace=False)


def open_host(page: Any, url: str) -> InFrame:
    page.goto(url)
    game = page.frame_locator("#game")
    game.locator("html[data-ready]").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    return InFrame(page, frame)


def test_plays_a_turn_in_a_cross_origin_frame(
    host_page: Any, host_site: str, server_url: str
) -> None:
    page = host_page
    with page.expect_response(re.compile(r"/index\.html\?")) as got:
        frame = open_host(page, host_site + "a.html")
    headers = {k.lower() for k in got.value.headers}
    assert "x-frame-options" not in headers and "content-security-policy" not in headers
    assert urlsplit(frame.url).netloc != urlsplit(page.url).netloc
    game = page.frame_locator("#game")
    assert "embed" in (game.locator("html").get_attribute("class") or "").split()
    assert game.locator("html").get_attribute("lang") == "en"
    assert "New game" in game.locator("#overlay").inner_text()
    assert not game.locator('.topbar [data-action="lang"]').is_visible()
    # the whole page fits the frame: no scrolling inside it
    size = frame.evaluate(
        "() => [document.documentElement.scrollWidth, "
        "document.documentElement.scrollHeight, innerWidth, innerHeight]"
    )
    assert size[0] <= size[2] and size[1] <= size[3], size

    after = play_a_turn(frame, seed="7")
    assert game.locator("#curtain:not([hidden])").count() == 1
    keys = frame.evaluate("() => Object.keys(localStorage)")
    assert keys and all(re.match(r"pywar:v1:embed-[0-9a-z]+:", k) for k in keys), keys

    frame = open_host(page, host_site + "a.html")  # the host page reloaded: game resumed
    assert board_state(frame) == after


def test_each_host_page_keeps_its_own_saves(host_page: Any, host_site: str) -> None:
    page = host_page
    frame = open_host(page, host_site + "a.html")
    start_game(frame, seed="3")
    started = board_state(frame)
    ns_a = frame.evaluate("() => window.pywarSavesNamespace")

    frame = open_host(page, host_site + "b.html")  # another page of the same site
    ns_b = frame.evaluate("() => window.pywarSavesNamespace")
    assert ns_a != ns_b and ns_a.startswith("embed-") and ns_b.startswith("embed-")
    game = page.frame_locator("#game")
    assert game.locator(".screen.setup").count() == 1, "b.html must not resume a.html's game"
    game.locator('[data-action="screen"][data-arg="saves"]').click()
    game.locator(".screen.saves").wait_for()
    assert game.locator(".save").count() == 0

    frame = open_host(page, host_site + "ns.html")  # an explicit namespace wins
    assert frame.evaluate("() => window.pywarSavesNamespace ?? null") is None
    start_game(frame, seed="4")
    keys = frame.evaluate("() => Object.keys(localStorage)")
    assert any(k.startswith("pywar:v1:class-7b:") for k in keys), keys

    frame = open_host(page, host_site + "a.html")
    assert board_state(frame) == started


def test_starts_in_a_frame_below_the_fold(host_page: Any, host_site: str) -> None:
    """Chromium gives no animation frames to a cross-origin frame out of view, and the loader
    waits for one before the runtime's downloads: the game still starts there, unseen, and
    is ready when the reader scrolls down to it."""
    page = host_page
    page.goto(host_site + "below.html")
    game = page.frame_locator("#game")
    game.locator("html[data-ready]").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("() => scrollY") == 0
    assert not page.evaluate(
        "() => document.getElementById('game').getBoundingClientRect().top < innerHeight"
    )
    page.locator("#game").scroll_into_view_if_needed()
    assert "New game" in game.locator("#overlay").inner_text()


def test_language_and_variant_parameters(host_page: Any, host_site: str) -> None:
    page = host_page
    open_host(page, host_site + "war2.html")
    game = page.frame_locator("#game")
    assert game.locator("html").get_attribute("lang") == "pt-BR"
    chosen = game.locator('[data-action="variant"][aria-pressed="true"]')
    assert chosen.get_attribute("data-arg") == "war2"


def test_embed_docs_snippet_matches_the_parameters() -> None:
    docs = (Path(__file__).resolve().parent.parent / "docs" / "embed.md").read_text()
    for word in ("embed=1", "lang=", "variant=", "ns=", "<iframe", "referrerpolicy"):
        assert word in docs, word


def test_plays_on_another_site_with_the_frames_storage_blocked(
    host_page: Any, third_party: str
) -> None:
    """localhost embeds 127.0.0.1: a third-party frame. The test browser's contexts block
    third-party storage (as incognito windows do): localStorage and IndexedDB throw or
    fail. The game starts all the same (pwa.js gives PyScript an in-memory IndexedDB) and
    keeps the game in memory."""
    page = host_page
    frame = open_host(page, third_party + "a.html")
    blocked = frame.evaluate(
        "() => { try { localStorage.length; return false; } catch (e) { return true; } }"
    )
    if not blocked:
        pytest.skip("this browser lets the third-party frame use storage")
    assert frame.evaluate("() => window.pywarMemoryIndexedDB") is True
    play_a_turn(frame, seed="7")
    page.frame_locator("#game").locator('[data-action="curtain-open"]').click()
    page.frame_locator("#game").locator(".phase").first.wait_for()


def test_a_sandbox_without_same_origin_says_the_game_cannot_run_there(
    chromium_browser: Any, host_site: str, tmp_path: Path
) -> None:
    """Some class platforms sandbox their frames without allow-same-origin: the browser
    then refuses the game its scripts and storage. The frame says so, in the host's
    language (or both), with a link to the game in its own tab and the attribute the
    page's author can add; the drawn first screen, whose Start would do nothing, is gone."""
    context = chromium_browser.new_context(viewport={"width": 1000, "height": 700})
    try:
        page = context.new_page()
        for name, says, not_said in (
            ("sandbox.html", ["The game cannot run in this frame"], "O jogo não pode"),
            ("sandbox-pt.html", ["O jogo não pode rodar neste quadro", "cannot run"], None),
        ):
            page.goto(host_site + name)
            game = page.frame_locator("#game")
            notice = game.locator("#loader")
            notice.locator(".cannot-run").first.wait_for(timeout=READY_TIMEOUT_MS)
            text = notice.inner_text()
            assert all(words in text for words in says), text
            if not_said:
                assert not_said not in text
            assert "allow-same-origin" in text
            link = game.locator(".cannot-run a").first
            assert link.get_attribute("target") == "_blank"
            assert "index.html?embed=1" in (link.get_attribute("href") or "")
            assert not game.locator("#overlay").is_visible()
            assert not game.locator("#load-progress").count()
            page.screenshot(path=str(shots_dir(tmp_path) / f"{name}.png"))
            assert "allow-popups" in text and "allow-downloads" in text
    finally:
        context.close()


@pytest.mark.parametrize("tap", [False, True])
def test_a_bare_sandbox_that_refuses_tabs_shows_the_address_to_copy(
    chromium_browser: Any, host_site: str, server_url: str, tap: bool
) -> None:
    """sandbox="allow-scripts" alone: the game cannot run, and its one way out, "Open the
    game in its own tab", was refused without a word (no allow-popups). Now the refusal
    shows the game's address, selected, to copy into a new tab; by mouse and by touch."""
    context = chromium_browser.new_context(
        viewport={"width": 1000, "height": 700}, has_touch=tap, is_mobile=tap
    )
    try:
        page = context.new_page()
        page.goto(host_site + "sandbox-bare.html")
        game = page.frame_locator("#game")
        link = game.locator(".cannot-run a").first
        link.wait_for(timeout=READY_TIMEOUT_MS)
        address = game.locator(".cannot-run .own-tab-address input").first
        assert not address.is_visible()
        if tap:
            link.tap()
        else:
            link.click()
        address.wait_for()
        assert address.input_value() == server_url + "index.html?embed=1&lang=en"
        assert len(context.pages) == 1  # no tab opened
        assert "Copy this address" in game.locator(".cannot-run").first.inner_text()
        selected = game.locator("html").evaluate(
            "() => document.activeElement.selectionEnd - document.activeElement.selectionStart"
        )
        assert selected == len(server_url + "index.html?embed=1&lang=en")
    finally:
        context.close()
