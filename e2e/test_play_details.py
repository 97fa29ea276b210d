"""Issue 17 in the browser: the log after a reload, the paused computers, the replay's icons,
the remembered setup, the cards' advice, and WAR II's rules and statistics chart."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e.helpers import click, place_all_on, settle, tap
from pywar.board import load_board
from pywar.game import Game

from saves import make_record

pytestmark = pytest.mark.e2e

BOARD = load_board("classic")
SEATS = [("Ana", "azul"), ("Bruno", "vermelho"), ("Carla", "verde")]
TIMEOUT = 60_000


def seed_save(
    page: Any,
    game: Game,
    kinds: tuple[str, ...] = ("human", "bot", "bot"),
    path: str = "index.html",
) -> None:
    """Store ``game`` as the current saved game and load the page."""
    seats = [{"name": n, "color": c, "kind": k} for (n, c), k in zip(SEATS, kinds, strict=True)]
    stored = json.dumps(json.dumps(make_record("lesson", game, seats)))
    page.context.add_init_script(
        script=(
            "if (!localStorage.getItem('pywar:v1:save:lesson')) {"
            f"localStorage.setItem('pywar:v1:save:lesson', {stored});"
            "localStorage.setItem('pywar:v1:current', 'lesson');}"
        )
    )
    goto_ready(page, path)
    page.wait_for_selector("html[data-screen=play]")


def lesson(hands: dict[int, list[int]] | None = None) -> Game:
    mine = {
        "brasil",
        "argentina",
        "peru",
        "venezuela",
        "egito",
        "sudao",
        "congo",
        "africa_do_sul",
        "madagascar",
    }
    owner = {t: 0 if t in mine else 1 + i % 2 for i, t in enumerate(BOARD.territories)}
    return Game.scenario(
        "classic",
        SEATS,
        owner,
        armies={"brasil": 6},
        hands=hands,
        seed=2,
        objectives={i: "territories_18_x2" for i in range(3)},
    )


def log_lines(page: Any) -> list[str]:
    return page.locator(".log-lines li").all_inner_texts()


def test_the_game_log_is_still_there_after_a_reload(app_page: Any) -> None:
    page = app_page
    seed_save(page, lesson())
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    click(page, "attack")
    page.wait_for_selector(".dice")
    before = log_lines(page)
    assert any("atacou" in line for line in before) and len(before) >= 3
    page.reload()
    page.wait_for_selector("html[data-ready][data-screen=play]", state="attached", timeout=TIMEOUT)
    assert log_lines(page) == before


def test_paused_computers_are_shown_paused(app_page: Any) -> None:
    page = app_page
    goto_ready(page, "index.html")
    page.locator('[data-action="seat-kind"][data-arg="0"]').select_option("easy")
    click(page, "start")
    pause = page.locator('[data-action="pause"]')
    pause.wait_for(timeout=TIMEOUT)
    pause.click()
    page.wait_for_selector("html[data-paused]")
    banner = page.locator(".paused-banner")
    assert banner.inner_text().startswith("Pausado:")
    assert "pausado" in page.locator(".turn-meta").inner_text()
    assert page.evaluate("getComputedStyle(document.querySelector('#board')).filter") != "none"
    moves = len(log_lines(page))
    page.wait_for_timeout(1500)
    assert len(log_lines(page)) == moves  # nothing moves while paused
    page.locator('[data-action="pause"]').click()
    page.wait_for_selector("html:not([data-paused])")
    assert not page.locator(".paused-banner").count()


def test_the_replay_buttons_are_drawn_icons(app_page: Any) -> None:
    page = app_page
    seed_save(page, lesson())
    place_all_on(page, "brasil")
    click(page, "screen", "history")
    click(page, "replay-start")
    buttons = page.locator('[data-action="replay-step"]')
    assert buttons.count() == 4
    names = [buttons.nth(i).get_attribute("aria-label") for i in range(4)]
    assert names == ["Início", "Lance anterior", "Próximo lance", "Fim"]
    for i in range(4):
        icon = buttons.nth(i).locator("svg").bounding_box()
        shape = buttons.nth(i).locator("svg path").bounding_box()
        assert icon and icon["width"] >= 16 and icon["height"] >= 16
        assert shape and shape["width"] >= 5 and shape["height"] >= 8  # drawn, whatever fonts
        assert buttons.nth(i).inner_text().strip() == ""
    buttons.nth(3).click()  # to the end: the last step of the game's log
    settle(page)
    step, last = re.match(
        r"Lance (\d+) de (\d+)", page.locator(".replay-step").inner_text()
    ).groups()
    assert step == last != "0"
    assert buttons.nth(3).is_disabled() and not buttons.nth(0).is_disabled()


def test_the_new_game_form_remembers_the_last_setup(app_page: Any) -> None:
    page = app_page
    goto_ready(page, "index.html")
    click(page, "variant", "mitologicas")
    page.locator('[data-action="seat-name"][data-arg="0"]').fill("Zeca")
    page.locator('[data-action="seat-color"][data-arg="1"]').select_option("preto")
    page.locator('[data-action="seat-kind"][data-arg="2"]').select_option("hard")
    click(page, "start")
    page.wait_for_selector("html[data-screen=play]")
    page.goto("index.html?lang=pt")  # another visit
    page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT)
    click(page, "screen", "setup")
    page.wait_for_selector('[data-action="variant"][data-arg="mitologicas"][aria-pressed=true]')
    assert page.locator('[data-action="seat-name"][data-arg="0"]').input_value() == "Zeca"
    assert page.locator('[data-action="seat-color"][data-arg="1"]').input_value() == "preto"
    assert page.locator('[data-action="seat-kind"][data-arg="2"]').input_value() == "hard"


def test_the_cards_say_a_trade_is_possible_and_why_a_set_is_refused(app_page: Any) -> None:
    page = app_page
    seed_save(page, lesson(hands={0: [0, 3, 5, 1]}))  # ▲ ▲ ■ ●
    assert "Trocas abertas agora" in page.locator(".secrets").inner_text()
    click(page, "reveal")
    assert (
        "Você tem um conjunto para trocar agora (vale 4)"
        in page.locator(".trade-advice").inner_text()
    )
    for card in ("0", "3", "5"):
        click(page, "card", card)
    assert (
        "Estas 3 cartas (triângulo, triângulo, quadrado) não formam um conjunto"
        in page.locator(".trade-advice").inner_text()
    )
    assert page.locator('[data-action="trade"]').is_disabled()


def test_war2_shows_its_own_rules_and_a_full_chart(app_page: Any) -> None:
    page = app_page
    goto_ready(page, "index.html?speed=fast")
    click(page, "variant", "war2")
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("normal")
    page.locator("#seed").fill("4")
    click(page, "start")
    page.wait_for_function(
        "() => /Rodada [4-9]/.test(document.querySelector('.turn-meta')?.textContent || '')"
        " || document.documentElement.dataset.screen === 'over'",
        timeout=120_000,
    )
    click(page, "screen", "rules")
    rules = page.locator(".screen.rules").inner_text()
    assert "Ataques aéreos" in rules and "bombardeiro" in rules
    assert "4, 6, 8, 10, 12, 15" not in rules
    click(page, "screen", "stats")
    points = page.evaluate("""() => [...document.querySelectorAll('.chart polyline')]
        .map(p => p.getAttribute('points').trim().split(/\\s+/).length)""")
    assert len(points) == 3 and min(points) >= 3
