"""WAR II's air dice for the bots: the exact outcome tables of a raid (:func:`air_dist`),
one sampled raid, and the raids that add most to the odds of a land attack."""

from __future__ import annotations

import random
from functools import cache

from ...ai.core import Position, p_win
from .data import war2_rules

Faces = tuple[tuple[int, float], ...]


def _face_probs(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    out: dict[int, float] = {}
    for f in faces:
        out[f] = out.get(f, 0.0) + 1.0 / len(faces)
    return tuple(sorted(out.items()))


@cache
def _air_faces(board_id: str) -> tuple[Faces, Faces]:
    rules = war2_rules(board_id)
    return _face_probs(rules.anti_aircraft), _face_probs(rules.air_attack)


#: A raid's tables reckon with at most this many armies above its stop: the rest stand as
#: they are (a raid of 13 bombers kills about 23 armies, more than 100 with a chance under
#: 1e-15), and the tables' recursion stays shallow whatever the stack (a territory of 500
#: armies went past Python's recursion limit).
AIR_REACH = 100


def air_dist(
    bombers: int, armies: int, stop: int = 1, board_id: str = "war2"
) -> tuple[tuple[int, float], ...]:
    """Distribution of the armies left in a territory of ``armies`` bombed by ``bombers``
    until they are all shot down or the territory is down to ``stop`` armies (at least 1):
    ``((armies_left, probability), ...)``.

    >>> sum(q for _, q in air_dist(13, 5000)) > 0.999999
    True
    """
    stop = max(1, stop)
    beyond = max(0, armies - stop - AIR_REACH)
    return tuple(
        (left + beyond, q) for left, q in _air_dist(bombers, armies - beyond, stop, board_id)
    )


@cache
def _air_dist(bombers: int, armies: int, stop: int, board_id: str) -> tuple[tuple[int, float], ...]:
    aa, bombs = _air_faces(board_id)
    if bombers <= 0 or armies <= stop:
        return ((armies, 1.0),)
    out: dict[int, float] = {}
    self_loop = 0.0
    for shot, ps in aa:
        left = bombers - min(shot, bombers)
        if left == 0:
            out[armies] = out.get(armies, 0.0) + ps
            continue
        for hit, pb in bombs:
            killed = min(hit, armies - 1)
            p = ps * pb
            if killed == 0 and left == bombers:
                self_loop += p
                continue
            for d, q in _air_dist(left, armies - killed, stop, board_id):
                out[d] = out.get(d, 0.0) + p * q
    scale = 1.0 / (1.0 - self_loop)
    return tuple(sorted((d, q * scale) for d, q in out.items()))


def sample_air(
    bombers: int, armies: int, stop: int, rnd: random.Random, board_id: str = "war2"
) -> int:
    """One sampled raid (as :func:`air_dist`): the armies left."""
    rules = war2_rules(board_id)
    aa, bombs = rules.anti_aircraft, rules.air_attack
    stop = max(1, stop)
    while bombers > 0 and armies > stop:
        bombers -= min(aa[int(rnd.random() * len(aa))], bombers)
        if bombers:
            armies -= min(bombs[int(rnd.random() * len(bombs))], armies - 1)
    return armies


def raid_gains(
    pos: Position,
    owner: list[int],
    armies: list[int],
    values: list[float],
    bombers: int,
    aim: float,
) -> list[tuple[float, int, int]]:
    """(gain, target, stop) of each raid that could precede a land attack, in territory
    order: the target's value times what the raid adds to the odds of the best attacker."""
    me = pos.me
    nbrs = pos.info.nbrs
    gains: list[tuple[float, int, int]] = []
    for t in range(pos.info.n):
        d = armies[t]
        if owner[t] == me or d < 2:
            continue
        a = max((armies[u] for u in nbrs[t] if owner[u] == me), default=0)
        if a < 2:
            continue
        stop = stop_level(a, d, aim)
        if stop >= d:
            continue
        gain = values[t] * (expected_p_win(a, air_dist(min(bombers, 13), d, stop)) - p_win(a, d))
        gains.append((gain, t, stop))
    return gains


def raid_plan(
    pos: Position,
    owner: list[int],
    armies: list[int],
    values: list[float],
    bombers: int,
    aim: float,
) -> tuple[int, int] | None:
    """(target, stop) of the raid that adds most to a land attack on this board."""
    if bombers < 1:
        return None
    best: tuple[float, int, int] | None = None
    for gain, t, stop in raid_gains(pos, owner, armies, values, bombers, aim):
        if best is None or gain > best[0]:
            best = (gain, t, stop)
    if best is None or best[0] <= 0.0:
        return None
    return best[1], best[2]


def raid_targets(
    pos: Position, values: list[float], bombers: int, aim: float, most: int = 3
) -> list[tuple[int, int]]:
    """The ``most`` best (target, stop) raids before a land attack, by value x odds."""
    scored = [g for g in raid_gains(pos, pos.owner, pos.armies, values, bombers, aim) if g[0] > 0.0]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(t, stop) for _, t, stop in scored[:most]]


def expected_p_win(a: int, dist: tuple[tuple[int, float], ...]) -> float:
    """Odds of a land attack of ``a`` armies against the bombed territory."""
    return sum(q * p_win(a, d) for d, q in dist)


def stop_level(a: int, d: int, aim: float) -> int:
    """Armies at which bombing may stop: the land attack of ``a`` has odds ``aim``."""
    k = d
    while k > 1 and p_win(a, k) < aim:
        k -= 1
    return k


__all__ = [
    "air_dist",
    "expected_p_win",
    "raid_gains",
    "raid_plan",
    "raid_targets",
    "sample_air",
    "stop_level",
]
