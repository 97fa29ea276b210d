"""Hard's model of the others' replies (pywar/ai/reply.py): their next turn after our own
attack phase, and what it costs us when it meets an objective we believe they hold."""

from __future__ import annotations

import copy
import dataclasses
import random

from conftest import continent, make
from test_ai import play_turn

from pywar import Game
from pywar.ai import make_bot
from pywar.ai.core import Position
from pywar.ai.evaluate import Evaluator
from pywar.ai.reply import LOSS, Replies, card_armies, goal_met
from pywar.rng import Rng


def position_with_belief(game, believed: dict[int, str]) -> tuple[Position, Evaluator]:
    """Seat 0's position and a score whose belief gives each other seat one objective."""
    pos = Position.from_view(game.view(0))
    hyps = {o: [(1.0, game.objective_of(o))] for o in believed}
    return pos, Evaluator(pos, hyps)


def africa_but_egypt(egypt: int):
    # Seat 1 holds North America and Africa but Egypt (ours, with ``egypt`` armies), 30
    # armies in Sudan next to it; its objective is North America and Africa.
    theirs = [t for t in continent("north_america") + continent("africa") if t != "egito"]
    return make(
        {0: ["egito", *continent("europe")], 1: theirs},
        armies={"sudao": 30, "egito": egypt},
        objectives={1: "north_america_africa"},
    )


def test_a_reply_that_meets_a_believed_objective_costs_its_chance():
    game = africa_but_egypt(1)
    pos, ev = position_with_belief(game, {1: "north_america_africa", 2: "territories_18_x2"})
    replies = Replies(pos, ev)
    losses = [replies.play(list(pos.owner), list(pos.armies), random.Random(k)) for k in range(20)]
    assert all(loss == LOSS for loss in losses)  # 30 against 1: Egypt falls every time


def test_a_strong_border_keeps_the_reply_from_winning():
    game = africa_but_egypt(60)
    pos, ev = position_with_belief(game, {1: "north_america_africa", 2: "territories_18_x2"})
    replies = Replies(pos, ev)
    owner, armies = list(pos.owner), list(pos.armies)
    assert replies.play(owner, armies, random.Random(1)) == 0.0
    assert owner[pos.info.index["egito"]] == 0


def test_goal_met_reads_each_objective_kind():
    game = africa_but_egypt(1)
    pos, ev = position_with_belief(game, {1: "north_america_africa"})
    info = pos.info
    owner = list(pos.owner)
    ((_, goal),) = [(p, g) for p, g, _ in ev.goals[1]]
    assert not goal_met(info, goal, 1, owner, pos.armies)
    owner[info.index["egito"]] = 1
    assert goal_met(info, goal, 1, owner, pos.armies)
    assert goal_met(info, ("t", 10, 1), 1, owner, pos.armies)
    assert not goal_met(info, ("t", 10, 2), 1, owner, pos.armies)  # all hold 1 army
    assert goal_met(info, ("d", 2), 1, [x if x != 2 else 1 for x in owner], pos.armies)


def test_only_a_full_hand_counts_in_the_replies_income():
    assert card_armies(5, 12, 5) == 12
    assert card_armies(4, 12, 5) == 0


def test_hard_stops_the_likeliest_winner():
    # Seat 1 lacks only Egypt (ours, 1 army) for North America and Africa, with 8 armies in
    # Sudan; we hold Asia and Oceania. After hard's turn, seat 1 (a normal bot) plays its
    # own turn 10 times with other dice, for each of 3 hard seeds. Without the replies
    # it won 37 of 100 such turns (hard attacked elsewhere and left Egypt thin); with them
    # none: hard guards Egypt or breaks North America (Alaska, from Vladivostok).
    theirs = [t for t in continent("north_america") + continent("africa") if t != "egito"]
    wins = 0
    for seed in (1, 2, 3):
        game = make(
            {0: ["egito", *continent("asia"), *continent("oceania")], 1: theirs},
            armies={"sudao": 8, "egito": 1},
            objectives={1: "north_america_africa"},
            seed=seed,
        )
        play_turn(game, make_bot("hard", seed))
        assert game.phase != "over" and game.current == 1
        saved = game.to_json()
        for k in range(10):
            theirs_turn = Game.from_json(saved)
            theirs_turn.rng = Rng(1000 + k)
            play_turn(theirs_turn, make_bot("normal", k), seat=1)
            wins += theirs_turn.winner == 1
    assert wins <= 3, wins


def test_the_replies_give_income_by_the_variants_own_rule():
    game = africa_but_egypt(1)
    pos, ev = position_with_belief(game, {1: "north_america_africa"})
    replies = Replies(pos, ev)
    held = pos.owner.count(1)  # 14: North America and Africa but Egypt
    assert replies.income(pos.owner, 1) == held // 2 + 5  # North America's bonus
    other = copy.copy(pos.info)  # a board whose book gives a territory's third, at least 5
    other.variant = dataclasses.replace(pos.info.variant, min_reinforcement=5, territory_divisor=3)
    replies.info = other
    assert replies.income(pos.owner, 1) == max(5, held // 3) + 5
    lone = [1 if t == pos.info.index["sudao"] else 2 for t in range(pos.info.n)]
    assert replies.income(lone, 1) == 5  # one territory: the minimum
