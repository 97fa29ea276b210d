"""Undo of actions that reveal nothing random; dice statistics; the territories timeline."""

from __future__ import annotations

import pytest
from conftest import make, place_all

from pywar.actions import Attack, EndAttack, EndTurn, Occupy, Place, Regroup
from pywar.errors import IllegalAction
from pywar.game import Game
from pywar.simulate import play_game


def test_undo_a_placement_restores_the_state_and_the_dice_to_come():
    game = make({0: ["brasil", "argentina"], 1: ["peru"]}, armies={"peru": 3})
    before = game.to_json()
    game.apply(Place("brasil", 2))
    assert game.can_undo()
    game.undo()
    assert game.to_json() == before
    # the same dice still come: attacking after the undo rolls what it would have rolled
    twin = Game.from_json(before)
    for g in (game, twin):
        place_all(g, "brasil")
    a = game.apply(Attack("brasil", "peru"))
    b = twin.apply(Attack("brasil", "peru"))
    assert a == b


def test_undo_regroup_and_conquest_move_but_never_dice():
    game = make({0: ["brasil", "argentina"], 1: ["peru"]}, armies={"brasil": 6})
    place_all(game, "brasil")
    game.apply(Attack("brasil", "peru"), rolls=([6, 6, 6], [1]))
    assert game.phase == "occupy"
    assert not game.can_undo()
    with pytest.raises(IllegalAction) as info:
        game.undo()
    assert info.value.rule == "cannot_undo"
    game.apply(Occupy(3))
    occupied = game.to_json()
    game.undo()
    assert game.phase == "occupy" and game.armies["peru"] == 1
    game.apply(Occupy(2))
    assert game.armies["peru"] == 2
    game.undo()
    game.apply(Occupy(3))
    assert game.to_json() == occupied
    game.apply(EndAttack())
    game.apply(Regroup("brasil", "argentina", 1))
    moved = dict(game.armies)
    game.undo()
    assert game.armies["argentina"] + game.armies["brasil"] == (
        moved["argentina"] + moved["brasil"]
    )
    assert not game.moved.get("argentina")
    game.apply(EndTurn())
    assert not game.can_undo()


def test_dice_statistics_against_the_exact_expectation():
    game = make({0: ["brasil"], 1: ["peru"]}, armies={"brasil": 10, "peru": 5})
    place_all(game, "brasil")
    game.apply(Attack("brasil", "peru"), rolls=([6, 3, 2], [5, 4, 2]))  # lost 2, killed 1
    att, dfn = game.luck(0), game.luck(1)
    assert (att["attack_rolls"], att["attack_lost"], att["attack_killed"]) == (1, 2, 1)
    assert att["attack_expected_lost"] == pytest.approx(1.893, abs=1e-3)  # 3 v 3
    assert att["attack_luck"] == pytest.approx(1.893 - 2, abs=1e-3)
    assert (dfn["defend_rolls"], dfn["defend_lost"]) == (1, 1)
    assert dfn["defend_expected_lost"] == pytest.approx(3 - 1.893, abs=1e-3)
    assert Game.loads(game.dumps()).luck(0) == att


def test_timeline_has_a_point_per_round_and_the_end():
    game = play_game("classic", 3, seed=4)
    rounds = [p["round"] for p in game.timeline]
    assert rounds == list(range(1, game.round + 1))
    last = game.timeline[-1]
    assert sum(last["territories"]) == 42
    assert last["territories"][game.winner] == len(game.territories_of(game.winner))
    assert game.replayed().timeline == game.timeline
