"""Quick playouts of an attack phase, the hard level's way of looking ahead.

A rollout plays the rest of a turn's attacks on plain lists (``owner``, ``armies``) with a
cheap policy, dice sampled from the exact roll tables with the bot's own generator:

* the gate policy (:func:`gate_pick`): the best odds times value among the attacks whose
  exact odds pass a gate, a battle broken off at :func:`gate_stop`;
* the push (:func:`push_pick`): the best odds against what the objective still lacks.

:func:`mean_score` and :func:`reply_score` average the whole-board score over rollouts
with the same seeds for every option, so options differ by the choice and not the dice.
A turn counts its rollouts (:func:`spend`, :func:`over_budget`) rather than its seconds,
so the bot stays deterministic for a seed.

>>> gate_stop(10), gate_stop(2)
(3, 1)
"""

from __future__ import annotations

import random
from typing import Any

from .base import Clock, RolloutPlay, Thinking
from .core import Position, fight, p_win
from .evaluate import WIN, Evaluator
from .reply import Replies


def placed_armies(pos: Position, alloc: dict[int, int]) -> list[int]:
    """The armies after a placement."""
    armies = list(pos.armies)
    for t, k in alloc.items():
        armies[t] += k
    return armies


def reply_score(
    ev: Evaluator,
    owner: list[int],
    armies: list[int],
    seeds: list[int],
    play: RolloutPlay,
    replies: Replies,
    clock: Clock,
) -> Thinking:
    """Mean score over rollouts of ``play`` followed by the others' replies, one per seed
    (yields when the clock is due; returns the mean)."""
    total = 0.0
    for seed in seeds:
        own = list(owner)
        arm = list(armies)
        r = random.Random(seed)
        conquered = play(own, arm, r)
        if ev(own, arm, conquered) >= WIN:
            total += WIN
        else:
            loss = replies.play(own, arm, r)
            total += ev(own, arm, conquered) - loss
        if clock.due():
            yield
    return total / len(seeds)


def spend(pos: Position, mem: dict[str, Any] | None, rollouts: int) -> None:
    """Count ``rollouts`` against the turn's budget (weighed by the seats still playing:
    a rollout's score looks at each of them)."""
    if mem is not None:
        mem["work"] = mem.get("work", 0.0) + rollouts * (sum(pos.alive) + 1) / 4


def over_budget(pos: Position, mem: dict[str, Any] | None, budget: float) -> bool:
    """Whether this turn has spent its thinking budget."""
    return mem is not None and mem.get("work", 0.0) >= budget


def mean_score(
    pos: Position,
    ev: Evaluator,
    owner: list[int],
    armies: list[int],
    seeds: list[int],
    play: RolloutPlay,
    clock: Clock,
) -> Thinking:
    """Mean score over rollouts of ``play`` from this board, one per seed (yields when the
    clock is due; returns the mean)."""
    total = 0.0
    for seed in seeds:
        own = list(owner)
        arm = list(armies)
        conquered = play(own, arm, random.Random(seed))
        total += ev(own, arm, conquered)
        if clock.due():
            yield
    return total / len(seeds)


def gate_play(
    pos: Position,
    values: list[float],
    shift: float = 0.0,
    first: tuple[int, int, int] | None = None,
) -> RolloutPlay:
    """A rollout of the gate policy at ``shift`` (``first``: a battle under way first)."""

    def play(own: list[int], arm: list[int], r: random.Random) -> bool:
        return rollout_attacks(pos, own, arm, values, r, pos.conquered, shift, first=first)

    return play


def push_play(pos: Position, needed: list[bool]) -> RolloutPlay:
    """A rollout of the push for the ``needed`` territories."""

    def play(own: list[int], arm: list[int], r: random.Random) -> bool:
        return rollout_push(pos, own, arm, needed, r, pos.conquered)

    return play


def gate_pick(
    pos: Position,
    owner: list[int],
    armies: list[int],
    values: list[float],
    conquered: bool,
    shift: float = 0.0,
) -> tuple[int, int] | None:
    """The gate policy's next battle: the best odds times value among the attacks whose
    exact odds pass a gate (lower for valuable targets and for the turn's first card)."""
    me = pos.me
    nbrs = pos.info.nbrs
    card = 0.1 if not conquered else 0.0
    best = None
    for s in range(pos.info.n):
        if owner[s] != me:
            continue
        a = armies[s]
        if a < 2:
            continue
        for t in nbrs[s]:
            if owner[t] == me:
                continue
            v = values[t]
            p = p_win(a, armies[t])
            if p < max(0.45, 0.85 - 0.04 * v) - card + shift:
                continue
            score = p * v
            if best is None or score > best[0]:
                best = (score, s, t)
    return None if best is None else (best[1], best[2])


def gate_stop(a: int) -> int:
    """The gate policy breaks a battle off when its territory is down to this many."""
    return max(1, a // 3)


def gate_move(pos: Position, owner: list[int], s: int, t: int, top: int) -> int:
    """Armies the gate policy moves into a conquered territory."""
    me = pos.me
    nbrs = pos.info.nbrs
    if not any(owner[u] != me for u in nbrs[s]):
        return top
    if not any(owner[u] != me for u in nbrs[t]):
        return 1
    return top


def rollout_attacks(
    pos: Position,
    owner: list[int],
    armies: list[int],
    values: list[float],
    rnd: random.Random,
    conquered: bool,
    shift: float = 0.0,
    first: tuple[int, int, int] | None = None,
) -> bool:
    """Play the attack phase quickly with the gate policy; change ``owner``/``armies``.

    ``first`` = (source, target, stop) is a battle already under way."""
    me = pos.me
    for _ in range(12):
        if first is not None:
            s, t, stop = first
            first = None
        else:
            pick = gate_pick(pos, owner, armies, values, conquered, shift)
            if pick is None:
                break
            s, t = pick
            stop = gate_stop(armies[s])
        a, d = fight(armies[s], armies[t], stop, rnd)
        if d > 0:
            armies[s] = a
            armies[t] = d
            continue
        owner[t] = me
        move = gate_move(pos, owner, s, t, min(3, a - 1))
        armies[s] = a - move
        armies[t] = move
        conquered = True
    return conquered


#: A push stops when the best attack on what the objective needs is below these odds.
PUSH_FLOOR = 0.08
#: A push is tried when the objective lacks at most this many territories.
PUSH_REACH = 9


def objective_floor(ev: Evaluator) -> int:
    """Armies each territory must hold for a territory-count objective (18 with 2: 2);
    1 for any other objective."""
    return ev.goal[2] if ev.goal[0] == "t" else 1


def push_targets(pos: Position, ev: Evaluator) -> list[bool] | None:
    """The enemy territories a push for the objective attacks (None: out of reach)."""
    info = pos.info
    me = pos.me
    owner = pos.owner
    goal = ev.goal
    if goal[0] == "t":
        need, floor = goal[1], goal[2]
        ok = sum(1 for t in range(info.n) if owner[t] == me and pos.armies[t] >= floor)
        if need - ok > PUSH_REACH:
            return None
        return [o != me for o in owner]
    gates = set(ev.gateways)
    needed = [owner[t] != me and (ev.w_me[t] >= 1.0 or t in gates) for t in range(info.n)]
    if sum(needed) > PUSH_REACH:
        return None
    return needed


def push_bases(pos: Position, needed: list[bool], armies: int, most: int) -> list[int]:
    """Own territories next to needed ones, best odds with the reinforcements first."""
    me = pos.me
    scored = {}
    for s in range(pos.info.n):
        if pos.owner[s] != me:
            continue
        best = 0.0
        for t in pos.info.nbrs[s]:
            if needed[t] and pos.owner[t] != me:
                best = max(best, p_win(pos.armies[s] + armies, pos.armies[t]))
        if best > PUSH_FLOOR:
            scored[s] = best
    return sorted(scored, key=lambda s: (-scored[s], s))[:most]


def push_pick(
    pos: Position, owner: list[int], armies: list[int], needed: list[bool]
) -> tuple[int, int] | None:
    """The push's next attack: the best odds against a needed territory."""
    me = pos.me
    nbrs = pos.info.nbrs
    best = None
    for s in range(pos.info.n):
        if owner[s] != me or armies[s] < 2:
            continue
        a = armies[s]
        for t in nbrs[s]:
            if owner[t] != me and needed[t]:
                p = p_win(a, armies[t])
                if best is None or p > best[0]:
                    best = (p, s, t)
    if best is None or best[0] < PUSH_FLOOR:
        return None
    return best[1], best[2]


def push_move(pos: Position, owner: list[int], needed: list[bool], s: int, t: int, top: int) -> int:
    """Armies to move into ``t`` during a push: all allowed when it leads on."""
    me = pos.me
    nbrs = pos.info.nbrs
    ahead = any(owner[u] != me and needed[u] for u in nbrs[t])
    behind = any(owner[u] != me and needed[u] for u in nbrs[s])
    if ahead or not behind:
        return top
    return 1


def rollout_push(
    pos: Position,
    owner: list[int],
    armies: list[int],
    needed: list[bool],
    rnd: random.Random,
    conquered: bool,
) -> bool:
    """Play a push for the objective quickly; change ``owner``/``armies``."""
    me = pos.me
    for _ in range(20):
        pick = push_pick(pos, owner, armies, needed)
        if pick is None:
            break
        s, t = pick
        a, d = fight(armies[s], armies[t], 1, rnd)
        if d > 0:
            armies[s] = a
            armies[t] = d
            continue
        owner[t] = me
        top = min(3, a - 1)
        move = push_move(pos, owner, needed, s, t, top)
        armies[s] = a - move
        armies[t] = move
        conquered = True
    return conquered
