"""WAR II for the hard level: raids and airlifts weighed by its rollouts and whole-board
score (:mod:`pywar.ai.hard`), reached through :class:`pywar.variants.war2.ai.War2Layer`'s
hooks.

* Before each new battle, every raid (the air base's bombers on the best targets of a land
  attack or on the strongest enemy stacks next to us, a card's bombers with numbered
  cards on the territory it names) and no raid are each played out in rollouts of the rest
  of the attack phase, dice and air dice sampled; the best mean score wins.
* Placement rollouts start with the air base's raid that helps the land attacks most.
* Regrouping weighs airlifts between Strategic Centres with the other moves.
"""

from __future__ import annotations

import random
from typing import Any

from ...actions import Action
from ...ai.base import Clock, RolloutPlay, Thinking
from ...ai.core import Position
from ...ai.evaluate import Evaluator
from ...ai.hard import HardBot, _gate_play, mean_score
from .actions import AirAttack, CardAirAttack
from .air_odds import raid_plan, raid_targets, sample_air, stop_level
from .data import war2_rules

#: A raid stops when the land attack has these odds (as the war2 layer's).
AIR_AIM = 0.9
#: A raid must beat no raid by this much score.
RAID_MARGIN = 0.05


def raid(
    bot: HardBot,
    pos: Position,
    ev: Evaluator,
    mem: dict[str, Any],
    rnd: random.Random,
    clock: Clock,
) -> Thinking:
    """A raid of the air base's bombers or of a card's before the next battle, or None:
    each option (and none) is played out in rollouts of the rest of the attack phase, dice
    and air dice sampled; the best mean score wins."""
    info = pos.info
    cards = war2_rules(info.board.id).cards
    hand = [cards[c] for c in pos.hand]
    key = (pos.turn, pos.air_base, tuple(pos.hand), sum(1 for o in pos.owner if o == pos.me))
    if mem.get("raid_checked") == key:
        return None
    values = bot.rollout_values(pos, ev)
    options: list[tuple[Action, int, int, int]] = []  # (action, target, bombers, stop)
    base = pos.air_base
    if base:
        for t, stop in raid_targets(pos, values, base, AIR_AIM):
            options.append((AirAttack(info.ids[t], base), t, base, stop))
        for t in threats(pos, 2):
            options.append((AirAttack(info.ids[t], base), t, base, 1))
    box = pos.bomber_box
    numbers = sorted((c for c in hand if c.numbered), key=lambda c: (-c.value, c.index))
    for card in hand:
        if card.numbered or box < 1:
            continue
        for name in card.territories:
            t = info.index[name]
            if pos.owner[t] == pos.me or pos.armies[t] < 2:
                continue
            count, extra = 1, []
            for c in numbers:
                if count + c.value <= box and 1.75 * count < pos.armies[t] - 1:
                    extra.append(c.index)
                    count += c.value
            a = max((pos.armies[u] for u in info.nbrs[t] if pos.owner[u] == pos.me), default=0)
            stop = stop_level(a, pos.armies[t], AIR_AIM) if a >= 2 else 1
            options.append((CardAirAttack(card.index, name, tuple(sorted(extra))), t, count, stop))
    if not options:
        mem["raid_checked"] = key
        return None
    seeds = [rnd.getrandbits(32) for _ in range(bot.attack_rollouts)]
    play = _gate_play(pos, values)
    best_value = yield from mean_score(pos, ev, pos.owner, pos.armies, seeds, play, clock)
    best_value += RAID_MARGIN
    best: Action | None = None
    for action, t, bombers, stop in options:
        mean = yield from mean_score(
            pos, ev, pos.owner, pos.armies, seeds, raid_then(t, bombers, stop, play), clock
        )
        if mean > best_value:
            best_value, best = mean, action
    if best is None:
        mem["raid_checked"] = key
    return best


def with_raid(
    pos: Position, owner: list[int], armies: list[int], values: list[float], play: RolloutPlay
) -> RolloutPlay:
    """The rollout starts with the raid of the air base's bombers that helps the land
    attacks most (sampled from the air dice)."""
    plan = raid_plan(pos, owner, armies, values, pos.air_base, AIR_AIM)
    if plan is None:
        return play
    t, stop = plan
    bombers = pos.air_base

    def raided(own: list[int], arm: list[int], r: random.Random) -> bool:
        arm[t] = sample_air(bombers, arm[t], stop, r)
        return play(own, arm, r)

    return raided


def raid_then(t: int, bombers: int, stop: int, play: RolloutPlay) -> RolloutPlay:
    """A rollout that starts with a raid on ``t`` (sampled from the air dice)."""

    def raided(own: list[int], arm: list[int], r: random.Random) -> bool:
        arm[t] = sample_air(min(bombers, 13), arm[t], stop, r)
        return play(own, arm, r)

    return raided


def threats(pos: Position, most: int) -> list[int]:
    """The strongest enemy stacks next to our territories."""
    me = pos.me
    stacks = [
        t
        for t in range(pos.info.n)
        if pos.owner[t] != me
        and pos.armies[t] >= 3
        and any(pos.owner[u] == me for u in pos.info.nbrs[t])
    ]
    stacks.sort(key=lambda t: (-pos.armies[t], t))
    return stacks[:most]


def airlift_targets(pos: Position, s: int) -> list[int]:
    """Own Strategic Centres not next to ``s`` that its armies may fly to (none unless ``s``
    is a centre)."""
    info = pos.info
    if not info.is_centre[s]:
        return []
    return [u for u in info.centres if pos.owner[u] == pos.me and u != s and u not in info.nbrs[s]]
