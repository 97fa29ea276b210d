"""Whole seeded WAR II games between the built-in bots: they finish with a rightful winner,
replay identically, and the command line's ``simulate --variant war2`` works."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pywar import Game
from pywar.__main__ import main
from pywar.bot import SimpleBot, variant_bot
from pywar.simulate import play_game, simulate
from pywar.variants.war2.bot import War2Bot
from pywar.variants.war2.rules import War2Game

GAMES = [(3 + i % 4, i) for i in range(16)]  # (players, seed)


@pytest.fixture(scope="module")
def finished() -> dict[tuple[int, int], War2Game]:
    games = {}
    for key in GAMES:
        game = play_game("war2", *key)
        assert isinstance(game, War2Game)
        games[key] = game
    return games


def rightful(game: War2Game) -> bool:
    seat = game.winner
    assert seat is not None
    spec = game.objective_of(seat)
    if [i for i, p in enumerate(game.players) if p.alive] == [seat]:
        return True
    if spec["kind"] == "destroy":
        victim = next(p for p in game.players if p.color == spec["color"])
        return not victim.alive and victim.eliminated_by == seat
    return game._achieved(seat)


@pytest.mark.parametrize("key", GAMES, ids=[f"{n}p-seed{s}" for n, s in GAMES])
def test_bot_games_finish_with_a_rightful_winner(finished, key):
    game = finished[key]
    assert game.phase == "over" and game.winner is not None
    assert rightful(game)
    assert game.check() == [] and game.legal_actions() == []
    view = game.view((game.winner + 1) % len(game.players))
    assert all("objective" in p for p in view["players"])


def test_bot_games_use_the_war2_rules(finished):
    kinds = Counter(entry["action"]["type"] for g in finished.values() for entry in g.log)
    for kind in (
        "claim",
        "claim_pair",
        "take_centre",
        "air_attack",
        "air_round",
        "card_air_attack",
        "card_armies",
        "airlift",
        "discard",
    ):
        assert kinds[kind], kind


def test_bot_games_replay(finished):
    for key in GAMES[:4]:
        game = finished[key]
        assert game.replayed().to_json() == game.to_json()
        assert Game.loads(game.dumps()).to_json() == game.to_json()


def test_simple_bot_hands_war2_to_its_own_bot():
    game = Game.new("war2", [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=1)
    assert isinstance(variant_bot(game), War2Bot)
    assert game.is_legal(SimpleBot().choose(game))
    classic = Game.new("classic", [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=1)
    assert variant_bot(classic) is None


def test_simulate_command(capsys):
    assert main(["simulate", "--variant", "war2", "--players", "4", "--games", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "war2" and out["finished"] == 3
    assert simulate("war2", 6, 2, seed=7)["finished"] == 2
