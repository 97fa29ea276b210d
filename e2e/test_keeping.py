"""Keeping games in a real browser: a damaged save, a full storage, an embed whose storage is
blocked, and two tabs on one game. Nothing the player does is lost silently."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import READY_TIMEOUT_MS, goto_ready

from e2e.helpers import click, place_all_on, tap

pytestmark = pytest.mark.e2e

PREFIX = "pywar:v1:"


def start_game(
    page: Any, kinds: tuple[str, ...] = ("human", "human", "normal"), seed: str = "7"
) -> None:
    for i, kind in enumerate(kinds):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option(kind)
    page.locator("#seed").fill(seed)
    click(page, "start")
    page.wait_for_selector("[data-territory][data-owner]")


def open_curtain(page: Any) -> None:
    if page.locator("#curtain:not([hidden])").count():
        click(page, "curtain-open")


def current_save(page: Any) -> dict[str, Any]:
    return page.evaluate(f"""() => {{
        const id = localStorage.getItem("{PREFIX}current");
        return {{id, text: localStorage.getItem("{PREFIX}save:" + id)}};
    }}""")


def my_territory(page: Any) -> str:
    """A territory of the person to play (they are the only ones with placing options)."""
    page.wait_for_selector('#board [data-state="option"]')
    return page.evaluate("""() => document.querySelector(
        '#board [data-territory][data-state="option"]').dataset.territory""")


def truncated(text: str) -> str:
    return text[: len(text) // 2]


def over_without_winner(text: str) -> str:
    damaged = json.loads(text)
    damaged["game"]["phase"] = "over"
    return json.dumps(damaged)


@pytest.mark.allow_console_error(r"the game could not be shown")
@pytest.mark.parametrize("damage", [truncated, over_without_winner])
def test_a_damaged_current_save_leaves_a_ready_page_and_other_saves_intact(app_page, damage):
    page = app_page
    goto_ready(page)
    people = ("human", "human", "human")  # nothing moves by itself while saves are compared
    start_game(page, kinds=people, seed="3")
    first = current_save(page)
    click(page, "screen", "setup")
    start_game(page, kinds=people, seed="4")
    second = current_save(page)
    assert first["id"] != second["id"]
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [f"{PREFIX}save:{second['id']}", damage(second["text"])],
    )
    goto_ready(page)
    message = page.locator("#message")
    assert "Não foi possível abrir o último jogo" in message.inner_text()
    assert page.locator("html").get_attribute("data-screen") == "saves"
    assert page.locator(f'.save.damaged[data-save="{second["id"]}"]').count() == 1, (
        "a damaged save is listed as damaged"
    )
    assert page.locator(f'.save[data-save="{first["id"]}"]:not(.damaged)').count() == 1
    untouched = page.evaluate("k => localStorage.getItem(k)", f"{PREFIX}save:{first['id']}")
    assert untouched == first["text"]
    # the damaged one can be exported for a bug report, then deleted (with undo)
    with page.expect_download() as download:
        click(page, "export", second["id"])
    assert download.value.suggested_filename.startswith("pywar-damaged-")
    click(page, "delete", second["id"])
    assert page.locator(f'[data-save="{second["id"]}"]').count() == 0
    click(page, "undo-delete")
    assert page.locator(f'[data-save="{second["id"]}"]').count() == 1


def fill_storage(page: Any) -> int:
    """Fill localStorage until the browser refuses more; returns the characters stored."""
    return page.evaluate("""() => {
        let stored = 0, size = 1 << 20, i = 0;
        while (size >= 16) {
            try { localStorage.setItem("filler:" + i++, "x".repeat(size)); stored += size; }
            catch (e) { size = size >> 1; }
        }
        return stored;
    }""")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_full_storage_says_so_offers_a_file_and_keeps_the_curtain(app_page, lang):
    page = app_page
    goto_ready(page, f"index.html?lang={lang}")
    assert fill_storage(page) > 100_000
    start_game(page)
    notice = page.locator("#notice-slot .notice.storage")
    notice.wait_for()
    expected = (
        "O armazenamento do navegador está cheio"
        if lang == "pt"
        else "The browser's storage is full"
    )
    assert expected in notice.inner_text()
    assert "QuotaExceeded" not in page.locator("body").inner_text()
    with page.expect_download() as download:
        click(page, "export-current")
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["format"] == "pywar-save" and saved["game"]["players"]
    # play on to the other person's turn: the curtain still falls between them
    for _ in range(3):
        open_curtain(page)
        if page.locator("#curtain:not([hidden])").count():
            break
        place_all_on(page, my_territory(page))
        click(page, "end-attack")
        click(page, "end-turn")
        page.wait_for_function("""() => !document.querySelector('[data-action="end-turn"]')
            || document.querySelector('#curtain:not([hidden])')""")
        page.wait_for_selector("#curtain:not([hidden])", timeout=20_000)
        break
    assert page.locator("#curtain:not([hidden])").count() == 1
    assert expected in notice.inner_text()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_deleted_game_the_full_storage_cannot_take_back_is_named_with_its_file(
    app_page: Any, lang: str
) -> None:
    """Two games, the older deleted, the storage filled, Undo: the page said "Saved game
    restored", the bar said the game in play was not being saved (it was), and a reload
    lost the deleted game. Now the bar names the game the storage refused and saves it to
    a file; room made, the next move stores it and the bar goes."""
    page = app_page
    goto_ready(page, f"index.html?lang={lang}")
    people = ("human", "human", "human")
    start_game(page, kinds=people, seed="3")
    first = current_save(page)
    click(page, "screen", "setup")
    start_game(page, kinds=people, seed="4")
    click(page, "screen", "saves")
    click(page, "delete", first["id"])
    assert fill_storage(page) > 100_000
    click(page, "undo-delete")
    notice = page.locator("#notice-slot .notice.storage")
    notice.wait_for()
    words = {"en": "1 saved game was NOT kept", "pt": "1 jogo salvo NÃO foi guardado"}[lang]
    assert words in notice.inner_text() and words in page.locator("#message").inner_text()
    game_in_play = {"en": "this game is NOT being saved", "pt": "este jogo NÃO está sendo salvo"}
    assert game_in_play[lang] not in notice.inner_text()
    with page.expect_download() as download:
        notice.locator(f'[data-action="export"][data-arg="{first["id"]}"]').click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["id"] == first["id"] and saved["game"] == json.loads(first["text"])["game"]
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
        if (k.startsWith("filler:")) localStorage.removeItem(k); }""")
    click(page, "escape")
    open_curtain(page)
    tap(page, my_territory(page))  # the next move's writes carry the refused one too
    notice.wait_for(state="detached")
    kept = page.evaluate("k => localStorage.getItem(k)", f"{PREFIX}save:{first['id']}")
    assert kept == first["text"]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_storage_left_full_is_said_at_the_start(app_page: Any, lang: str) -> None:
    """A game, the storage filled (by another site's page, another game), a reload: the
    page said nothing until the first move was refused. Now the bar is there at once; the
    storage freed, the next move stores the game and the bar goes."""
    page = app_page
    goto_ready(page, f"index.html?lang={lang}")
    start_game(page, kinds=("human", "human", "human"))
    assert fill_storage(page) > 100_000
    goto_ready(page, f"index.html?lang={lang}")
    notice = page.locator("#notice-slot .notice.storage")
    notice.wait_for()
    full = {"en": "The browser's storage is full", "pt": "O armazenamento do navegador está cheio"}
    assert full[lang] in notice.inner_text()
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
        if (k.startsWith("filler:")) localStorage.removeItem(k); }""")
    open_curtain(page)
    tap(page, my_territory(page))
    notice.wait_for(state="detached")


EMBED_BLOCKS_STORAGE = """
if (window !== window.top) {
  Object.defineProperty(window, "localStorage", {get() {
    throw new DOMException("The operation is insecure.", "SecurityError"); }});
}
"""


def blocked_embed(page: Any, server_url: str, query: str = "", sandbox: str = "") -> Any:
    """The game framed at 800 x 560 by a page of another origin whose browser blocks the
    frame's storage (``query`` added to ``?embed=1``; ``sandbox``, the iframe's sandbox
    attribute if any): the frame, once ready."""
    page.context.add_init_script(EMBED_BLOCKS_STORAGE)
    box = f' sandbox="{sandbox}"' if sandbox else ""
    page.set_content(
        f'<iframe id="embed"{box} src="{server_url}index.html?embed=1{query}" '
        'style="width:800px;height:560px"></iframe>'
    )
    frame = page.frame_locator("#embed")
    frame.locator("html[data-ready]").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    return frame


def test_embed_with_blocked_storage_offers_its_own_tab_with_the_same_game(app_page, server_url):
    """A class page (another origin) frames the game; the browser blocks its storage."""
    page = app_page
    frame = blocked_embed(page, server_url)
    for seat in ("1", "2"):  # people only: nothing moves while the game changes tab
        frame.locator(f'[data-action="seat-kind"][data-arg="{seat}"]').select_option("human")
    frame.locator('[data-action="start"]').click()
    notice = frame.locator("#notice-slot .notice.storage")
    notice.wait_for()
    assert "não deixa a página guardar jogos" in notice.inner_text()
    box = None
    for _ in range(5):  # the frames that follow the start may write the notice anew
        notice.wait_for()
        box = notice.bounding_box()
        if box is not None:
            break
    assert box is not None and box["height"] <= 64, box  # a ninth of the frame at most
    board = frame.locator("[data-territory][data-owner]")
    board.first.wait_for()  # the notice can come before the board's first frame
    owners = {
        board.nth(i).get_attribute("data-territory"): board.nth(i).get_attribute("data-owner")
        for i in range(board.count())
    }
    link = frame.locator('#notice-slot a[data-role="own-tab"]')
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as popup_info:
        link.click()
    tab = popup_info.value
    tab.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    tab.wait_for_selector("[data-territory][data-owner]")
    shown = tab.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#board [data-territory][data-owner]')].map(
        p => [p.dataset.territory, p.dataset.owner]))""")
    assert shown == owners
    assert "pywar-import" not in tab.url  # the address is cleaned once the game is in
    assert tab.evaluate(f"() => !!localStorage.getItem('{PREFIX}current')")
    assert tab.locator("#notice-slot .notice.storage").count() == 0


@pytest.mark.allow_console_error(r"allow-popups|allow-downloads")
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_sandbox_without_popups_or_downloads_still_leaves_a_way_out(
    app_page: Any, server_url: str, lang: str
) -> None:
    """A class platform's frame sandboxed "allow-scripts allow-same-origin", its storage
    blocked: "Save to a file" said "File saved for download" and no file came (downloads
    are not allowed), and "Open the game in its own tab" did nothing (nor are tabs). Now
    the message says a file may not come, and a refused tab shows the game's address
    (which carries the game) to copy into a new tab."""
    page = app_page
    frame = blocked_embed(page, server_url, f"&lang={lang}", "allow-scripts allow-same-origin")
    for seat in ("1", "2"):
        frame.locator(f'[data-action="seat-kind"][data-arg="{seat}"]').select_option("human")
    frame.locator('[data-action="start"]').click()
    notice = frame.locator("#notice-slot .notice.storage")
    notice.wait_for()
    notice.locator('[data-action="export-current"]').click()
    no_file = {
        "en": "No file? The page showing the game may block downloads",
        "pt": "Nenhum arquivo apareceu?",
    }
    frame.locator("#message").filter(has_text=no_file[lang]).wait_for()
    pages = len(page.context.pages)
    notice.locator('[data-action="own-tab"]').click()
    address = notice.locator(".own-tab-address input")
    address.wait_for()
    frame.locator(".own-tab-address input:focus").wait_for()  # focused and selected, to copy
    assert address.evaluate("(el) => el.selectionEnd - el.selectionStart === el.value.length")
    assert len(page.context.pages) == pages  # no tab opened
    url = address.input_value()
    assert url.startswith(server_url + "index.html") and "#pywar-import=" in url
    copy = {"en": "Copy this address", "pt": "Copie este endereço"}[lang]
    assert copy in notice.inner_text()
    # the address is the game: opened in a tab of its own, it plays the same board
    tab = page.context.new_page()
    tab.goto(url)
    tab.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    tab.wait_for_selector("[data-territory][data-owner]")
    assert tab.evaluate(f"() => !!localStorage.getItem('{PREFIX}current')")
    tab.close()


def test_the_framed_players_table_fits_beside_the_storage_notice(app_page, server_url):
    """A class page frames the game at 800 x 560 in English and the browser blocks its
    storage: under the notice the game takes the 232 px side panel, whose table of
    players shows its Cards column whole against two computers ("(computer)" goes under
    the name)."""
    frame = blocked_embed(app_page, server_url, "&lang=en")
    frame.locator('[data-action="start"]').click()
    frame.locator("#notice-slot .notice.storage").wait_for()
    frame.locator("table.players .bot-tag").first.wait_for()
    right, panel, width = frame.locator("table.players").evaluate("""(t) => [
        t.querySelector('th:last-child').getBoundingClientRect().right,
        document.getElementById('panel').getBoundingClientRect().right,
        document.getElementById('panel').getBoundingClientRect().width]""")
    assert width < 300, width  # the side panel, not the strip under the map
    assert right <= panel, (right, panel)


def test_two_tabs_on_one_game_lose_no_progress(app_page):
    tab_a = app_page
    goto_ready(tab_a)
    start_game(tab_a, kinds=("human", "human", "human"))
    tab_b = tab_a.context.new_page()
    goto_ready(tab_b)  # the same game, opened again in a second tab
    assert current_save(tab_b)["id"] == current_save(tab_a)["id"]
    open_curtain(tab_a)
    target = my_territory(tab_a)
    for _ in range(3):
        tap(tab_a, target)
    after_a = json.loads(current_save(tab_a)["text"])
    # B hears of A's moves and stops: it says so instead of writing over them
    dialog = tab_b.locator("section.conflict")
    dialog.wait_for()
    assert "O jogo continuou em outra aba" in dialog.inner_text()
    assert json.loads(current_save(tab_b)["text"])["game"] == after_a["game"]
    click(tab_b, "take-over")
    open_curtain(tab_b)
    assert (
        tab_b.locator(f'[data-badge="{target}"] text').text_content()
        == tab_a.locator(f'[data-badge="{target}"] text').text_content()
    )
    tap(tab_b, target)
    # now A is the stale tab; reloading it shows every move, A's three and B's one
    tab_a.locator("section.conflict").wait_for()
    goto_ready(tab_a)
    open_curtain(tab_a)
    assert (
        tab_a.locator(f'[data-badge="{target}"] text').text_content()
        == tab_b.locator(f'[data-badge="{target}"] text').text_content()
    )
    tab_b.close()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_game_deleted_in_another_tab_is_kept_where_it_is_played(app_page, lang):
    """Tab B deletes the game tab A is playing: A said nothing and, reloaded, opened on New
    game (the game was only in Saved games). Now A says so, keeps it, and a reload goes
    on with it."""
    tab_a = app_page
    goto_ready(tab_a, f"index.html?lang={lang}")
    start_game(tab_a, kinds=("human", "human", "human"))
    game_id = current_save(tab_a)["id"]
    tab_b = tab_a.context.new_page()
    goto_ready(tab_b, f"index.html?lang={lang}")
    click(tab_b, "screen", "saves")
    click(tab_b, "delete", game_id)
    notice = tab_a.locator("#notice-slot .notice.elsewhere")
    notice.wait_for()
    words = {
        "en": "This game was deleted in another tab",
        "pt": "Este jogo foi apagado em outra aba",
    }
    assert words[lang] in notice.inner_text()
    assert current_save(tab_a)["id"] == game_id  # kept: the save and the pointer to it
    open_curtain(tab_a)
    target = my_territory(tab_a)
    tap(tab_a, target)
    shown = tab_a.locator(f'[data-badge="{target}"] text').text_content()
    goto_ready(tab_a, f"index.html?lang={lang}")
    open_curtain(tab_a)
    assert tab_a.locator(f'[data-badge="{target}"] text').text_content() == shown
    tab_b.close()
