"""Every board in English: the boards' own words (warriors, regions, states) in the page, with
no error until a player holds a whole region (issue 13's crash)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e.helpers import board_state, click, place_all_on
from pywar.board import load_board
from pywar.game import Game

from saves import make_record

pytestmark = pytest.mark.e2e

SEATS = [("Ana", "azul"), ("Bruno", "vermelho"), ("Carla", "verde")]


def region_holder(page: Any, board_id: str) -> tuple[str, str] | None:
    """(colour, region) of a player shown holding a whole region, if any."""
    state = board_state(page)
    for cid, continent in load_board(board_id).continents.items():
        owners = {state[t][0] for t in continent.territories}
        if len(owners) == 1 and None not in owners:
            return owners.pop(), cid
    return None


@pytest.mark.parametrize("variant", ["mitologicas", "brasil"])
def test_bots_play_in_english_until_a_region_is_held(app_page: Any, variant: str) -> None:
    page = app_page
    goto_ready(page, f"index.html?lang=en&speed=fast&variant={variant}")
    page.wait_for_selector(f'[data-action="variant"][data-arg="{variant}"][aria-pressed=true]')
    page.locator('[data-action="seat-kind"][data-arg="0"]').select_option("easy")
    page.locator("#seed").fill("7")
    click(page, "start")
    page.wait_for_selector(".turn-name")
    held = None
    for _ in range(600):
        held = region_holder(page, variant)
        if held and "Round 1" not in page.locator(".turn-meta").inner_text():
            break
        page.wait_for_timeout(100)
    assert held, "no region held after a minute of play"
    page.wait_for_timeout(500)  # a few more bot moves with the region held
    th = page.locator("table.players thead").inner_text()
    assert ("Warriors" if variant == "mitologicas" else "Armies") in th
    log = page.locator(".log-lines").inner_text()
    assert log and not any(word in log for word in ("Rodada", "atacou", "colocou", "moveu"))
    label = page.locator("#board [data-territory]").first.get_attribute("aria-label")
    # the board's own word, in the number of the count ("1 army", "3 warriors")
    count, word = re.search(r"(\d+) (\w+)$", label or "").groups()
    one, many = ("warrior", "warriors") if variant == "mitologicas" else ("army", "armies")
    assert word == (one if count == "1" else many), label


@pytest.mark.parametrize(
    ("variant", "region", "words"),
    [("mitologicas", "peloponeso", "Warriors to place"), ("brasil", "sul", "Armies to place")],
)
def test_a_person_holding_a_region_places_its_bonus_in_english(
    app_page: Any, variant: str, region: str, words: str
) -> None:
    page = app_page
    board = load_board(variant)
    mine = set(board.continents[region].territories)
    owner = {t: 0 if t in mine else 1 + i % 2 for i, t in enumerate(board.territories)}
    game = Game.scenario(variant, SEATS, owner, current=0, seed=3, round=2)
    seats = [
        {"name": n, "color": c, "kind": k}
        for (n, c), k in zip(SEATS, ("human", "easy", "easy"), strict=True)
    ]
    stored = json.dumps(json.dumps(make_record("words", game, seats)))
    page.context.add_init_script(
        script=(
            "if (!localStorage.getItem('pywar:v1:save:words')) {"
            f"localStorage.setItem('pywar:v1:save:words', {stored});"
            "localStorage.setItem('pywar:v1:current', 'words');}"
        )
    )
    goto_ready(page, "index.html?lang=en")
    page.wait_for_selector("html[data-screen=play]")
    panel = page.locator("#panel-slot")
    assert words in panel.inner_text()
    assert page.locator(".pool-bound").count() == 1
    place_all_on(page, sorted(mine)[0])
    page.wait_for_selector(".phase.attack")
    assert "Choose one of your" in panel.inner_text()


def label_and_name(page: Any, tid: str) -> tuple[str, str]:
    """The text drawn on the map for a territory and its accessible name."""
    return (
        page.locator(f'#board [data-label="{tid}"]').text_content(),
        page.locator(f'#board [data-territory="{tid}"]').get_attribute("aria-label"),
    )


def test_the_map_speaks_the_page_language(app_page: Any) -> None:
    page = app_page
    goto_ready(page, "index.html?lang=en")
    page.wait_for_function(
        "() => document.querySelector('#board [data-label=groenlandia]').textContent == 'Greenland'"
    )
    assert label_and_name(page, "oriente_medio") == ("Middle East", "Middle East")
    assert page.locator("#board").get_attribute("aria-label") == "Map"
    click(page, "variant", "mitologicas")
    page.wait_for_selector('#board [data-label="esparta"]')
    page.wait_for_function(
        "() => document.querySelector('#board [data-label=esparta]').textContent == 'Sparta'"
    )
    assert label_and_name(page, "atenas") == ("Athens", "Athens")
    click(page, "start")
    page.wait_for_selector(".turn-name")
    text, name = label_and_name(page, "delfos")
    assert text == "Delphi" and name.startswith("Delphi: ")
    page.screenshot(path="/tmp/words-mitologicas-en.png")
    click(page, "lang", "pt")
    page.wait_for_function(
        "() => document.querySelector('#board [data-label=delfos]').textContent == 'Delfos'"
    )
    assert label_and_name(page, "delfos")[1].startswith("Delfos: ")


def test_a_changed_objective_is_told_only_in_the_secret_view(app_page: Any) -> None:
    page = app_page
    board = load_board("classic")
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    game = Game.scenario(
        "classic", SEATS, owner, current=0, seed=3, round=2, objectives={0: "destroy_azul"}
    )
    seats = [
        {"name": n, "color": c, "kind": k}
        for (n, c), k in zip(SEATS, ("human", "human", "easy"), strict=True)
    ]
    stored = json.dumps(json.dumps(make_record("changed", game, seats)))
    page.context.add_init_script(
        script=(
            "if (!localStorage.getItem('pywar:v1:save:changed')) {"
            f"localStorage.setItem('pywar:v1:save:changed', {stored});"
            "localStorage.setItem('pywar:v1:current', 'changed');}"
        )
    )
    goto_ready(page, "index.html?lang=en")
    page.wait_for_selector("html[data-screen=play]")
    if page.locator('[data-action="curtain-open"]').count():
        click(page, "curtain-open")
    assert page.locator(".objective-changed").count() == 0
    click(page, "reveal")
    note = page.locator(".secrets .objective-changed")
    assert "blue armies, which are your own" in note.inner_text()
    assert "24 TERRITORIES" in page.locator(".secrets .objective").inner_text()
    page.locator(".secrets").screenshot(path="/tmp/words-objective-changed.png")
    click(page, "hide")
    assert page.locator(".objective-changed").count() == 0
