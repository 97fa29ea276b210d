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


@pytest.mark.parametrize("variant", ["classic", "war2", "mitologicas", "brasil"])
def test_the_army_that_ended_a_placement_only_turn_may_be_taken_back_until_the_next_acts(
    variant,
):
    """The first round's last army passes the turn at once: :meth:`Game.undo` may take it
    back (``can_undo_turn_end``) while the next seat has done nothing; never a turn ended
    by End turn, and never once the next seat has acted."""
    seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
    # classic's option; the other boards' first round is placements only by their books
    options = {"first_round_placement_only": True} if variant == "classic" else {}
    game = Game.new(variant, seats, seed=5, options=options)
    assert game.placement_only() or game.phase == "claim"
    while game.phase != "reinforce":  # WAR II: the claims first
        game.apply(game.legal_actions()[0])
    first = game.current

    def place_out() -> dict:
        """Place the turn's armies (each pool where it may go); the state before the last."""
        seat = game.current
        while True:
            before = game.to_json()
            places = [a for a in game.legal_actions() if isinstance(a, Place)]
            game.apply(max(places, key=lambda a: (a.count, a.territory)))
            if game.current != seat:
                return before

    before = place_out()
    assert game.current != first
    assert not game.can_undo() and game.can_undo_turn_end()
    game.undo()
    assert game.to_json() == before
    place_out()
    nxt = game.current
    places = [a for a in game.legal_actions() if isinstance(a, Place)]
    game.apply(min(places, key=lambda a: (a.count, a.territory)))
    if game.current == nxt:  # (a one-army turn passes at once)
        assert game.can_undo() and not game.can_undo_turn_end()
        game.undo()  # the next seat's own placement
        assert game.current == nxt and game.can_undo_turn_end()


def test_a_turn_ended_by_end_turn_is_never_taken_back():
    game = make({0: ["brasil", "argentina"], 1: ["peru"]}, armies={"peru": 3})
    place_all(game, "brasil")
    game.apply(EndAttack())
    game.apply(EndTurn())
    assert not game.can_undo() and not game.can_undo_turn_end()
    with pytest.raises(IllegalAction):
        game.undo()


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
