"""Each board of the family set up by clicks and played through a turn with a conquest."""

from __future__ import annotations

from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e.helpers import assert_game_named, board_state, click, front, place_all_on, tap

pytestmark = pytest.mark.e2e

NAMES = {"azul": "Ana", "vermelho": "Bruno", "verde": "Carla"}


def current_color(page: Any) -> str:
    name = page.locator(".turn-name").inner_text()
    return {v: k for k, v in NAMES.items()}[name]


@pytest.mark.parametrize("variant", ["mitologicas", "brasil"])
def test_a_game_on_each_board_by_clicks(app_page: Any, variant: str) -> None:
    page = app_page
    goto_ready(page)
    click(page, "variant", variant)
    page.wait_for_selector(f'[data-action="variant"][data-arg="{variant}"][aria-pressed=true]')
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("human")
    page.locator("#seed").fill("21")
    click(page, "start")
    page.wait_for_function(
        "(n) => document.querySelectorAll('#board path[data-owner]').length == n",
        arg=len(board_state(page)),
    )
    assert_game_named(page, variant)
    # the first round is placement only: each player places and the turn passes
    for _ in range(3):
        click(page, "curtain-open")
        color = current_color(page)
        source, _ = front(page, color, variant)
        place_all_on(page, source)
    # round 2: the first player attacks until a conquest
    click(page, "curtain-open")
    assert "Rodada 2" in page.locator(".turn-meta").inner_text()
    color = current_color(page)
    source, target = front(page, color, variant)
    place_all_on(page, source)
    page.wait_for_selector(".phase.attack")
    tap(page, source)
    tap(page, target)
    for _ in range(60):
        if page.locator(".phase.occupy").count() or board_state(page)[target][0] == color:
            break
        if not page.locator('[data-action="attack"]').count():
            source, target = front(page, color, variant)
            tap(page, source)
            tap(page, target)
        click(page, "attack")
        page.wait_for_timeout(50)
    assert board_state(page)[target][0] == color
    if page.locator(".phase.occupy").count():
        page.locator('[data-action="occupy"]').last.click()
    click(page, "end-turn")
    page.wait_for_selector("#curtain:not([hidden])")
