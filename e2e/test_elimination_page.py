"""The end-of-turn trade after an elimination (classic), in a real browser: a saved game is
imported at the moment Ana has just destroyed Bia and holds 7 cards; she ends the turn, is
told she must trade while holding more than 5, trades by clicks, places the armies, and ends
the turn with the card. Screenshot at 1366x768 (``PYWAR_SHOTS`` names a folder to keep it)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e.helpers import board_state, click, tap
from pywar.actions import Attack, Occupy, Place
from pywar.board import load_board
from pywar.game import Game

from saves import make_record

pytestmark = pytest.mark.e2e

SEATS = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
BOARD = load_board("classic")
CARD = {t: i for i, t in enumerate(BOARD.territories)}
ANA = [
    "venezuela",
    "peru",
    "brasil",
    "islandia",
    "inglaterra",
    "suecia",
    "alemanha",
    "polonia",
    "franca",
]
TIMEOUT = 30_000


def saved_after_the_elimination(path: Path) -> Game:
    """Ana (3 cards) has just destroyed Bia (4 cards) on Argentina; Caio is a bot."""
    owner = {t: 0 if t in ANA else 2 for t in BOARD.territories}
    owner["argentina"] = 1
    hands = {
        0: [CARD["alasca"], CARD["mackenzie"], CARD["groenlandia"]],
        1: [CARD["vancouver"], CARD["ottawa"], CARD["labrador"], 42],
    }
    game = Game.scenario(
        "classic",
        SEATS,
        owner,
        armies={"brasil": 20},
        hands=hands,
        objectives={0: "asia_africa", 1: "asia_africa", 2: "asia_south_america"},
        seed=3,
        round=2,
    )
    game.apply(Place("brasil", game.pending_armies))
    game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [1]))
    game.apply(Occupy(1))
    assert not game.players[1].alive and len(game.players[0].cards) == 7
    seats = [
        {"name": n, "color": c, "kind": "human" if i == 0 else "bot"}
        for i, (n, c) in enumerate(SEATS)
    ]
    path.write_text(json.dumps(make_record("elimination", game, seats)), encoding="utf-8")
    return game


def test_the_end_of_turn_trade_after_an_elimination_by_clicks(
    app_page: Any, tmp_path: Path
) -> None:
    page = app_page
    shots = Path(os.environ.get("PYWAR_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    saved = tmp_path / "elimination.json"
    saved_after_the_elimination(saved)
    goto_ready(page, "index.html?speed=fast")
    click(page, "screen", "saves")
    page.locator('input[type=file][data-action="import"]').set_input_files(str(saved))
    page.wait_for_selector("html[data-screen=play]")
    assert board_state(page)["argentina"][0] == "azul"
    panel = page.locator("#panel")
    assert "antes de receber a carta, você poderá trocar conjuntos" in panel.inner_text()
    click(page, "end-turn")
    page.wait_for_selector(".phase.final-trade .alert")
    text = panel.inner_text()
    assert "trocas do fim da jogada" in text
    assert "Você tem 7 cartas: com mais de 5, troque conjuntos" in text
    assert not page.locator('.phase [data-action="end-turn"]').count()
    page.screenshot(path=str(shots / "final-trade.png"))
    click(page, "reveal")
    for t in ("vancouver", "ottawa", "labrador"):
        click(page, "card", str(CARD[t]))
    click(page, "trade")
    page.wait_for_selector("#pending")
    assert "Exércitos a colocar: 4" in panel.inner_text()
    click(page, "amount", "all")
    tap(page, "argentina")
    page.wait_for_selector('.phase.final-trade [data-action="end-turn"]')
    assert "você tem 4 cartas e pode trocar conjuntos agora" in panel.inner_text()
    assert board_state(page)["argentina"] == ["azul", "5"]
    page.screenshot(path=str(shots / "final-trade-done.png"))
    click(page, "end-turn")
    # Caio (a bot) plays; Ana's hand is the 4 cards kept plus the turn's card.
    page.wait_for_function(
        """() => {const row = [...document.querySelectorAll('table.players tbody tr')]
            .find(r => r.textContent.includes('Ana'));
            return row && row.lastElementChild.textContent.trim() === '5';}""",
        timeout=TIMEOUT,
    )
