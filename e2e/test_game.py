"""The game in a real browser: set up by clicks, a whole turn, reload, curtain, saves, bots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e.helpers import (
    assert_game_named,
    board_state,
    click,
    front,
    place_all_on,
    settle,
    tap,
)

pytestmark = pytest.mark.e2e

SEATS = [("Ana", "azul"), ("Bruno", "vermelho"), ("Carla", "verde")]


def current_color(page: Any) -> str:
    name = page.locator(".turn-name").inner_text()
    return dict(SEATS)[name]


def setup_game(
    page: Any,
    kinds: tuple[str, ...] = ("human", "human", "human"),
    seed: str = "7",
    names: tuple[str, ...] | None = None,
) -> None:
    """Fill the new-game screen by clicks and typing, then start."""
    for i, kind in enumerate(kinds):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option(kind)
        settle(page)  # its frame may rebuild the row: fill() must not type into the old one
    for i, name in enumerate(names or [n for n, _ in SEATS]):
        field = page.locator(f'[data-action="seat-name"][data-arg="{i}"]')
        field.fill(name)
    page.locator("#seed").fill(seed)
    click(page, "start")
    page.wait_for_selector("[data-territory][data-owner]")


def open_curtain(page: Any) -> None:
    if page.locator("#curtain:not([hidden])").count():
        click(page, "curtain-open")


def test_three_people_play_a_whole_turn_then_reload_resumes(app_page: Any) -> None:
    page = app_page
    goto_ready(page)
    setup_game(page)
    assert_game_named(page, "classic")
    open_curtain(page)
    color = current_color(page)
    source, target = front(page, color)
    pending = page.locator("#pending").inner_text()
    assert pending.startswith("Exércitos a colocar:")
    place_all_on(page, source)
    assert page.locator(".phase.attack").count() == 1
    # attack until the conquest
    tap(page, source)
    assert page.locator(f'[data-territory="{target}"]').get_attribute("data-state") == "option"
    tap(page, target)
    assert "Chance de conquistar" in page.locator(".odds").inner_text()
    for _ in range(40):
        if page.locator(".phase.occupy").count() or board_state(page)[target][0] == color:
            break
        click(page, "attack")
        page.wait_for_selector(".dice .die.red")
    assert board_state(page)[target][0] == color
    # the dice were shown red against yellow with their comparisons
    assert page.locator(".dice .die.yellow").count() >= 1
    if page.locator(".phase.occupy").count():
        options = page.locator('[data-action="occupy"]')
        options.nth(options.count() - 1).click()
    page.wait_for_selector(".phase.attack")
    moved_in = int(board_state(page)[target][1])
    assert moved_in >= 1
    click(page, "end-attack")
    page.wait_for_selector(".phase.regroup")
    # regroup: from the source (it still has spare armies) into the conquered territory
    before = board_state(page)
    if int(before[source][1]) > 1:
        tap(page, source)
        tap(page, target)
        click(page, "move-count", "1")
        click(page, "regroup")
        after = board_state(page)
        assert int(after[target][1]) == int(before[target][1]) + 1
        assert int(after[source][1]) == int(before[source][1]) - 1
    snapshot = board_state(page)
    click(page, "end-turn")
    page.wait_for_selector("#curtain:not([hidden])")
    assert "Passe para" in page.locator("#curtain").inner_text()
    assert board_state(page) == snapshot
    # reload: the identical board, the same player to move, the curtain again
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert board_state(page) == snapshot
    assert page.locator("#curtain:not([hidden])").count() == 1
    click(page, "curtain-open")
    # the mover got a card for the conquest, and the next player is to move
    mover = {c: n for n, c in SEATS}[color]
    mover_row = page.locator("table.players tr", has_text=mover)
    assert mover_row.locator("td").nth(3).inner_text() == "1"
    assert current_color(page) != color


def test_curtain_hides_the_next_players_objective(app_page: Any) -> None:
    page = app_page
    goto_ready(page)
    setup_game(page, seed="11")
    open_curtain(page)
    click(page, "reveal")
    assert page.locator(".objective").count() == 1
    first_objective = page.locator(".objective").inner_text()
    source, _ = front(page, current_color(page))
    place_all_on(page, source)
    click(page, "end-turn")
    page.wait_for_selector("#curtain:not([hidden])")
    # nobody's objective or cards exist in the page behind the curtain
    assert page.locator(".objective").count() == 0
    assert page.locator(".btn.card").count() == 0
    assert first_objective not in page.content()
    click(page, "curtain-open")
    assert page.locator(".objective").count() == 0, "secrets stay hidden until revealed"
    click(page, "reveal")
    assert page.locator(".objective").count() == 1


def test_a_hostile_name_is_shown_as_text(app_page: Any) -> None:
    """web/page.js builds the panel from the view's JSON as elements and text nodes: a name
    that looks like HTML is text, and runs nothing."""
    page = app_page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    goto_ready(page)
    evil = "<img src=x onerror=alert(1)>"
    setup_game(page, kinds=("human", "easy", "easy"), names=(evil, "Bruno", "Carla"))
    page.wait_for_selector("table.players")
    assert page.locator("table.players td", has_text=evil).count() == 1
    assert page.locator("#panel img, #overlay img").count() == 0
    page.wait_for_timeout(300)
    assert not dialogs


def test_a_corrupted_save_is_reported_and_the_others_stay(app_page: Any) -> None:
    page = app_page
    goto_ready(page)
    setup_game(page, seed="5")
    good = board_state(page)
    page.evaluate("""() => {
        localStorage.setItem('pywar:v1:save:broken', '{"format": "pywar-save", "vers');
        localStorage.setItem('pywar:v1:save:alien', JSON.stringify({hello: 'world'}));
    }""")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    click(page, "screen", "saves")
    page.wait_for_selector(".save-list")
    assert page.locator(".save.damaged").count() == 2
    assert "danificado" in page.locator('[data-save="broken"]').inner_text()
    assert "não é um jogo salvo" in page.locator('[data-save="alien"]').inner_text()
    good_line = page.locator(".save:not(.damaged)")
    assert good_line.count() == 1
    good_line.locator('[data-action="resume"]').click()
    page.wait_for_selector("html[data-screen=play]")
    assert board_state(page) == good
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert "pywar:v1:save:broken" in keys and "pywar:v1:save:alien" in keys


def export_a_new_game(page: Any, tmp_path: Any) -> tuple[dict[str, list[Any]], Path]:
    """A new game (seed 9), exported from the saved games screen (left open): its board
    as shown and the file."""
    goto_ready(page)
    setup_game(page, seed="9")
    state = board_state(page)
    click(page, "screen", "saves")
    with page.expect_download() as info:
        page.locator('.save [data-action="export"]').first.click()
    path = tmp_path / "game.json"
    info.value.save_as(path)
    return state, path


def test_export_and_import_a_saved_game(app_page: Any, tmp_path: Any) -> None:
    page = app_page
    state, path = export_a_new_game(page, tmp_path)
    record = json.loads(path.read_text())
    assert record["format"] == "pywar-save"
    page.locator('input[type=file][data-action="import"]').set_input_files(str(path))
    page.wait_for_selector("html[data-screen=play]")
    assert board_state(page) == state
    assert "já estava salvo" in page.locator("#message").inner_text()
    click(page, "screen", "saves")
    # the same game imported again is the same save, not a second one
    assert page.locator(".save:not(.damaged)").count() == 1
    # a backup of every game restores into a fresh browser with nothing lost
    with page.expect_download() as info:
        click(page, "backup")
    backup = tmp_path / "backup.json"
    info.value.save_as(backup)
    page.evaluate("() => localStorage.clear()")
    goto_ready(page)
    click(page, "screen", "saves")
    page.locator('input[type=file][data-action="import"]').set_input_files(str(backup))
    page.wait_for_selector("html[data-screen=play]")
    assert board_state(page) == state


def test_a_file_chosen_while_the_saves_screen_redraws_is_still_imported(
    app_page: Any, tmp_path: Any
) -> None:
    """The player opens "Restore from a file" and, while the picker is open, the screen is
    drawn again (here: the language changes; a storage estimate or another tab's save do
    the same): the input the picker belongs to stays in the page, so the file chosen is
    imported (on a new element its change was lost, silently)."""
    page = app_page
    state, path = export_a_new_game(page, tmp_path)
    picker = page.locator('input[type=file][data-action="import"]').element_handle()
    click(page, "lang", "en")  # the screen drawn again, in English
    page.wait_for_selector("html[lang=en]")
    assert picker.evaluate("(e) => e.isConnected")
    picker.set_input_files(str(path))
    page.wait_for_selector("html[data-screen=play]")
    assert board_state(page) == state
    click(page, "lang", "pt")


def test_english_switch(app_page: Any) -> None:
    page = app_page
    goto_ready(page)
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    click(page, "lang", "en")
    page.wait_for_selector("html[lang=en]")
    assert "New game" in page.locator("#overlay").inner_text()
    assert_game_named(page, "classic", playing=False)  # "Classic WAR"
    assert page.title() == "pywar — WAR in the browser"


def test_a_game_against_the_simple_bot_is_played_to_its_end(app_page: Any) -> None:
    page = app_page
    goto_ready(page, "index.html?speed=fast")
    setup_game(page, kinds=("human", "easy", "easy"), seed="3")
    for _ in range(400):
        if page.locator("html[data-screen=over]").count():
            break
        if (
            page.locator(".phase").count()
            and not page.locator(".turn-meta", has_text="computador").count()
        ):
            if page.locator("#pending").count():
                mine = [t for t, (o, _) in board_state(page).items() if o == "azul"]
                place_all_on(page, mine[0])
            elif page.locator('[data-action="end-turn"]').count():
                click(page, "end-turn")
        page.wait_for_timeout(100)
    page.wait_for_selector("html[data-screen=over]", timeout=60_000)
    overlay = page.locator("#overlay").inner_text()
    assert "venceu!" in overlay
    assert page.locator(".objectives li").count() == 3


#: A page that can be told it is out of sight (document.hidden), as a tab behind another.
HIDEABLE_JS = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true,
  get: () => window.__hidden,
});
"""


def test_bots_think_without_pauses_in_sight_and_at_the_browsers_pace_out_of_it(
    app_page: Any,
) -> None:
    """Fast computers' steps come as messages while the page is seen (a zero-delay timer is
    stretched to 4 ms once timers nest) and as timers when the tab is hidden, which the
    browser slows down: no thinking at full speed out of sight."""
    page = app_page
    page.add_init_script(HIDEABLE_JS)
    goto_ready(page, "index.html?speed=fast")
    # Six seats: three hard computers end their game (seed 1) in about five seconds, inside
    # this test's window; six play for minutes.
    page.evaluate("() => window.pywarBench.botsOnly('hard', null, 6)")

    def paces() -> set[str]:
        seen = set()
        for _ in range(40):
            pace = page.evaluate("() => window.pywarBench.botPace()")
            if pace:
                seen.add(pace)
            page.wait_for_timeout(25)
        return seen

    assert "message" in paces()
    before = page.evaluate("() => window.pywarBench.actions()")
    page.evaluate("() => { window.__hidden = true; }")
    page.wait_for_timeout(100)
    assert paces() == {"timer"}
    page.wait_for_timeout(1000)
    assert page.evaluate("() => window.pywarBench.actions()") > before  # it goes on
    page.evaluate("() => { window.__hidden = false; }")
    page.wait_for_timeout(100)
    assert "message" in paces()
    assert page.locator("html[data-screen=play]").count() == 1  # the game was on throughout
