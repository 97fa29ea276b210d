"""Exact battle odds for WAR dice.

The attacker rolls ``min(3, armies - 1)`` red dice and the defender ``min(3, armies)``
yellow dice. Both are sorted in descending order and compared pair by pair; ties go to
the defence, and every lost pair removes one army from the loser.

Single rolls are enumerated once, exactly. Whole battles of up to :data:`EXACT_ARMIES`
armies in all are run through a dynamic programme on integers (all probabilities are
multiples of a power of 1/6), only turned into floats at the very end; bigger ones, whose
integers would run to thousands of digits (a 400 vs 700 battle took 0.6 s, 1000 vs 1000
nearly 4 s), through the same programme in floats, dropping paths less likely than
:data:`NEGLIGIBLE`: they agree with the exact one to about 1e-12.

>>> roll_table(1, 1)
(0.4166666666666667, 0.5833333333333334)
>>> round(battle_odds(10, 6).p_conquer, 3)
0.486
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

__all__ = [
    "MAX_ARMIES",
    "MAX_DICE",
    "BattleOdds",
    "Outlook",
    "attack_dice",
    "battle_odds",
    "battle_outlook",
    "defend_dice",
    "odds_report",
    "roll_outcomes",
    "roll_table",
]

MAX_DICE = 3
"""Most dice either side may roll at once."""

MAX_ARMIES = 1000
"""Largest army count :func:`battle_odds` accepts (keeps the DP's cost bounded)."""

EXACT_ARMIES = 150
"""Battles of up to this many armies in all (both sides) are computed on exact integers."""

NEGLIGIBLE = 1e-16
"""In a battle computed in floats, a state less likely than this is not played on."""

_ROUND = 6  # decimals kept by ``to_dict``


def _check_int(name: str, value: Any, low: int, high: int | None = None) -> int:
    """Return ``value`` if it is an int in ``[low, high]``, else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high}, got {value}")
    return value


def attack_dice(armies: int) -> int:
    """Most dice a territory with ``armies`` armies can attack with (0 if it can't attack).

    >>> [attack_dice(n) for n in range(1, 6)]
    [0, 1, 2, 3, 3]
    """
    return max(0, min(MAX_DICE, armies - 1))


def defend_dice(armies: int) -> int:
    """Dice a territory with ``armies`` armies defends with.

    >>> [defend_dice(n) for n in range(1, 5)]
    [1, 2, 3, 3]
    """
    return max(0, min(MAX_DICE, armies))


# ---------------------------------------------------------------------------
# Single rolls
# ---------------------------------------------------------------------------


@cache
def _roll_counts(attack: int, defend: int) -> tuple[int, ...]:
    """Count the ``6 ** (attack + defend)`` rolls by how many armies the attacker loses."""
    pairs = min(attack, defend)
    counts = [0] * (pairs + 1)
    faces = range(1, 7)
    # Sort each side's rolls once (keeping only the dice that get compared), then pair
    # every red roll with every yellow roll: all 6 ** (attack + defend) rolls, equally likely.
    reds = [sorted(r, reverse=True)[:pairs] for r in itertools.product(faces, repeat=attack)]
    yellows = [sorted(y, reverse=True)[:pairs] for y in itertools.product(faces, repeat=defend)]
    for red in reds:
        for yellow in yellows:
            counts[sum(r <= y for r, y in zip(red, yellow, strict=True))] += 1
    return tuple(counts)


def _check_dice(attack: int, defend: int) -> None:
    _check_int("attack_dice", attack, 1, MAX_DICE)
    _check_int("defend_dice", defend, 1, MAX_DICE)


@cache
def roll_outcomes(attack_dice: int, defend_dice: int) -> tuple[Fraction, ...]:
    """Exact probability that the attacker loses k = 0..min(a, d) armies in one roll.

    The defender loses the remaining ``min(a, d) - k``.

    >>> roll_outcomes(1, 1)
    (Fraction(5, 12), Fraction(7, 12))
    >>> [round(float(p), 4) for p in roll_outcomes(3, 2)]
    [0.3717, 0.3358, 0.2926]
    """
    _check_dice(attack_dice, defend_dice)
    total = 6 ** (attack_dice + defend_dice)
    return tuple(Fraction(c, total) for c in _roll_counts(attack_dice, defend_dice))


@cache
def roll_table(attack_dice: int, defend_dice: int) -> tuple[float, ...]:
    """Float version of :func:`roll_outcomes`, for bots.

    >>> [round(p, 4) for p in roll_table(3, 3)]
    [0.1376, 0.2147, 0.2647, 0.383]
    """
    return tuple(float(p) for p in roll_outcomes(attack_dice, defend_dice))


# ---------------------------------------------------------------------------
# Whole battles
# ---------------------------------------------------------------------------


def _final_states(
    attackers: int, defenders: int, stop_at: int
) -> tuple[dict[tuple[int, int], int], int]:
    """Exact distribution of the battle's end states.

    Returns ``(finals, total)``: ``finals[(a, d)] / total`` is the probability that the
    battle ends with ``a`` armies in the attacking and ``d`` in the defending territory.

    Every roll removes at least one army, so states are processed by decreasing
    ``a + d``. Probability mass is kept as integers over ``total = 6 ** E`` with
    ``E = 4 * (attackers + defenders)``; a path of rolls using ``n`` dice in all has
    probability ``m / 6 ** n`` with ``n <= E``, so every division below is exact.
    """
    top = attackers + defenders
    # A roll of n pairs uses at most 4 * n dice (3v1 and 1v3 are the worst) and removes n
    # armies, and at most ``top`` armies can be lost, so no path uses more than 4 * top.
    total = 6 ** (4 * top)
    buckets: list[dict[int, int]] = [{} for _ in range(top + 1)]  # buckets[a + d][a]
    buckets[top][attackers] = total
    finals: dict[tuple[int, int], int] = {}
    for s in range(top, -1, -1):
        for a, mass in buckets[s].items():
            d = s - a
            if d == 0 or a <= stop_at:
                finals[(a, d)] = mass
                continue
            red, yellow = attack_dice(a), defend_dice(d)
            pairs = min(red, yellow)
            unit = mass // 6 ** (red + yellow)
            target = buckets[s - pairs]
            for lost, count in enumerate(_roll_counts(red, yellow)):
                target[a - lost] = target.get(a - lost, 0) + unit * count
        buckets[s] = {}  # free memory as we go
    return finals, total


def _final_states_float(
    attackers: int, defenders: int, stop_at: int
) -> tuple[dict[tuple[int, int], float], float]:
    """:func:`_final_states` in floats (``total`` 1.0), for battles past
    :data:`EXACT_ARMIES`: a state less likely than :data:`NEGLIGIBLE` is dropped, so the
    masses sum to 1 less about 1e-13.

    >>> finals, total = _final_states_float(400, 700, 1)
    >>> abs(sum(finals.values()) - total) < 1e-12
    True
    """
    top = attackers + defenders
    tables = {(r, y): tuple(enumerate(roll_table(r, y))) for r in range(1, 4) for y in range(1, 4)}
    buckets: list[dict[int, float] | None] = [{} for _ in range(top + 1)]
    first = buckets[top]
    assert first is not None
    first[attackers] = 1.0
    finals: dict[tuple[int, int], float] = {}
    for s in range(top, -1, -1):
        bucket = buckets[s]
        buckets[s] = None  # free memory as we go
        if not bucket:
            continue
        for a, mass in bucket.items():
            d = s - a
            if d == 0 or a <= stop_at:
                finals[(a, d)] = mass
                continue
            if mass < NEGLIGIBLE:
                continue
            red = 3 if a > 3 else a - 1
            yellow = 3 if d > 3 else d
            target = buckets[s - (red if red < yellow else yellow)]
            assert target is not None
            for lost, p in tables[red, yellow]:
                k = a - lost
                target[k] = target.get(k, 0.0) + mass * p
    return finals, 1.0


def _distribution(masses: dict[int, Any], total: float) -> dict[int, float]:
    """Sorted ``{value: probability}`` from masses over ``total`` (exact integers, or
    floats past :data:`EXACT_ARMIES`)."""
    return {k: masses[k] / total for k in sorted(masses) if masses[k]}


@dataclass(frozen=True)
class BattleOdds:
    """Outcome of a territory of ``attackers`` armies attacking one of ``defenders``.

    The attacker rolls the most dice it can every time, until the defender is wiped out
    or the attacking territory is down to ``stop_at`` armies or fewer (one roll can cost
    up to three armies, so it may end below ``stop_at``). Armies moved in after a conquest
    are not modelled: ``attacker_left`` counts the armies in the attacking territory when
    the fighting stops. Results are cached and shared: treat the dicts as read-only.
    """

    attackers: int
    defenders: int
    stop_at: int
    p_conquer: float
    attacker_left: dict[int, float]
    defender_left: dict[int, float]
    expected_attacker_left: float
    expected_defender_left: float
    attacker_left_if_conquer: dict[int, float]
    expected_attacker_left_if_conquer: float | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: string keys in the distributions, probabilities to 6 decimals.

        Distribution entries that round to 0 are left out.

        >>> battle_odds(2, 1).to_dict()["p_conquer"]
        0.416667
        """

        def dist(d: dict[int, float]) -> dict[str, float]:
            out = {str(k): round(p, _ROUND) for k, p in d.items()}
            return {k: p for k, p in out.items() if p}

        def num(x: float | None) -> float | None:
            return None if x is None else round(x, _ROUND)

        return {
            "attackers": self.attackers,
            "defenders": self.defenders,
            "stop_at": self.stop_at,
            "p_conquer": round(self.p_conquer, _ROUND),
            "expected_attacker_left": num(self.expected_attacker_left),
            "expected_defender_left": num(self.expected_defender_left),
            "expected_attacker_left_if_conquer": num(self.expected_attacker_left_if_conquer),
            "attacker_left": dist(self.attacker_left),
            "defender_left": dist(self.defender_left),
            "attacker_left_if_conquer": dist(self.attacker_left_if_conquer),
        }


def _check_battle(attackers: int, defenders: int, stop_at: int) -> None:
    _check_int("attackers", attackers, 1, MAX_ARMIES)
    _check_int("defenders", defenders, 1, MAX_ARMIES)
    _check_int("stop_at", stop_at, 1)


def battle_odds(attackers: int, defenders: int, stop_at: int = 1) -> BattleOdds:
    """Odds of ``attackers`` armies attacking ``defenders``, rolling the most dice each time.

    The attacker stops when its territory is down to ``stop_at`` armies (default 1: fight
    to the end). ``attackers <= stop_at`` means no roll happens, so ``p_conquer`` is 0.
    Both army counts must be in ``1..MAX_ARMIES``. Exact up to :data:`EXACT_ARMIES` armies
    in all, then rounded to float; past that in floats (to about 1e-12). A 400 vs 700
    battle takes some 50 ms in CPython the first time, then is cached.

    >>> odds = battle_odds(4, 3)
    >>> round(odds.p_conquer, 3), round(sum(odds.attacker_left.values()), 12)
    (0.328, 1.0)
    >>> battle_odds(6, 3, stop_at=6).p_conquer
    0.0
    """
    _check_battle(attackers, defenders, stop_at)
    return _battle_odds(attackers, defenders, stop_at)


@lru_cache(maxsize=4096)
def _battle_odds(attackers: int, defenders: int, stop_at: int) -> BattleOdds:
    """Cached core of :func:`battle_odds`, on validated, positional arguments."""
    exact = attackers + defenders <= EXACT_ARMIES
    finals: dict[tuple[int, int], Any]
    total: Any
    if exact:
        finals, total = _final_states(attackers, defenders, stop_at)
    else:
        finals, total = _final_states_float(attackers, defenders, stop_at)
    att: dict[int, Any] = {}
    dfn: dict[int, Any] = {}
    won: dict[int, Any] = {}
    for (a, d), mass in finals.items():
        att[a] = att.get(a, 0) + mass
        dfn[d] = dfn.get(d, 0) + mass
        if d == 0:
            won[a] = won.get(a, 0) + mass
    won_total = sum(won.values())

    return BattleOdds(
        attackers=attackers,
        defenders=defenders,
        stop_at=stop_at,
        p_conquer=won_total / total,
        attacker_left=_distribution(att, total),
        defender_left=_distribution(dfn, total),
        expected_attacker_left=sum(a * m for a, m in att.items()) / total,
        expected_defender_left=sum(d * m for d, m in dfn.items()) / total,
        attacker_left_if_conquer=_distribution(won, won_total) if won_total else {},
        expected_attacker_left_if_conquer=(
            sum(a * m for a, m in won.items()) / won_total if won_total else None
        ),
    )


def odds_report(attackers: int, defenders: int, stop_at: int = 1) -> dict[str, Any]:
    """JSON-ready report printed by ``python -m pywar odds A D``.

    It is :meth:`BattleOdds.to_dict` plus ``first_roll``: the dice of the first roll and
    the chance the attacker loses 0, 1, ... armies in it (``None`` if no roll happens).

    >>> report = odds_report(3, 1)
    >>> report["p_conquer"], report["first_roll"]["attacker_loses"]
    (0.754244, {'0': 0.578704, '1': 0.421296})
    """
    report = battle_odds(attackers, defenders, stop_at).to_dict()
    red, yellow = attack_dice(attackers), defend_dice(defenders)
    if attackers <= stop_at or red == 0:
        report["first_roll"] = None
    else:
        table = roll_table(red, yellow)
        report["first_roll"] = {
            "attack_dice": red,
            "defend_dice": yellow,
            "attacker_loses": {str(k): round(p, _ROUND) for k, p in enumerate(table)},
        }
    return report


# ---------------------------------------------------------------------------
# What the page shows of a battle, whatever its size
# ---------------------------------------------------------------------------

#: Past :data:`MAX_ARMIES` a battle is almost all rolls of three dice against three, each
#: costing the two sides three armies between them: the attacker loses ``RATE`` armies for
#: each one the defence loses, on average, and the spread grows with the square root of
#: the rolls. ``SHIFT`` and ``SHIFT_DEFENCE`` stand for the last rolls' fewer dice (fitted
#: on the exact battles of 500 to 1000 armies a side).
SHIFT = 1.1
SHIFT_DEFENCE = 0.4

#: :func:`battle_outlook` runs the battle's programme up to this many armies in all (some
#: 35 ms in the browser's Pyodide at 300 against 300, 60 ms at 400 against 700 and 250 ms
#: at 1000 against 1000, at every roll of a blitz: a task of over 50 ms freezes the page),
#: and approximates bigger battles (within a percentage point past here).
OUTLOOK_ARMIES = 600


@dataclass(frozen=True)
class Outlook:
    """A battle to the end in three figures: the chance to conquer and the armies each
    side keeps on average; ``approximate`` past :data:`OUTLOOK_ARMIES` armies in all."""

    p_conquer: float
    expected_attacker_left: float
    expected_defender_left: float
    approximate: bool


def battle_outlook(attackers: int, defenders: int) -> Outlook:
    """:func:`battle_odds` to the end for battles of up to :data:`OUTLOOK_ARMIES` armies
    in all; a normal approximation of the same figures for bigger ones (a late game's
    stacks of thousands, which :func:`battle_odds` refuses past :data:`MAX_ARMIES`): against
    the exact figures of battles of 600 to 1100 armies in all, the chance within a
    percentage point, the armies kept within 0.8 (a defence of one or two) and mostly 0.3
    to 0.5.

    >>> battle_outlook(10, 6).approximate, round(battle_outlook(10, 6).p_conquer, 3)
    (False, 0.486)
    >>> big = battle_outlook(3500, 2000)
    >>> big.approximate, round(big.p_conquer, 2)
    (True, 0.74)
    """
    _check_int("attackers", attackers, 1)
    _check_int("defenders", defenders, 1)
    if attackers == 1:  # no roll at all (nor a programme over the defence's thousands)
        return Outlook(0.0, 1.0, float(defenders), False)
    if attackers + defenders <= OUTLOOK_ARMIES:
        odds = _battle_odds(attackers, defenders, 1)
        return Outlook(
            odds.p_conquer, odds.expected_attacker_left, odds.expected_defender_left, False
        )
    return _approximate_outlook(attackers, defenders)


def _approximate_outlook(attackers: int, defenders: int) -> Outlook:
    """The normal approximation behind :func:`battle_outlook` for big battles.

    ``X``, the attacker's armies when the defence is wiped out, is about normal with mean
    ``A - RATE * D`` and a variance that grows with the rolls it takes; the attack conquers
    when ``X > 1`` and keeps ``X`` then, else 1. ``Y``, the defence's armies when the
    attacker is down to 1, likewise, and the defence keeps ``max(Y, 0)``.
    """
    lose, rate, var_roll = _bulk_rolls()
    mean_x = attackers - rate * defenders + SHIFT
    sd_x = math.sqrt(defenders / (3 - lose) * var_roll)
    alpha = (1 - mean_x) / sd_x
    p = _upper_tail(alpha)
    kept = mean_x * p + sd_x * _density(alpha) + (1 - p)

    mean_y = defenders - (attackers - 1) / rate + SHIFT_DEFENCE
    sd_y = math.sqrt((attackers - 1) / lose * var_roll) / rate
    beta = mean_y / sd_y
    held = mean_y * (1 - _upper_tail(beta)) + sd_y * _density(beta)
    # (far in the tails the two terms cancel to a rounding error's -3e-14: no fewer than 0)
    return Outlook(p, max(1.0, kept), max(0.0, held), True)


@cache
def _bulk_rolls() -> tuple[float, float, float]:
    """A roll of three dice against three: the attacker's mean loss, the armies it loses
    for each the defence loses (``RATE`` above), and the variance of (attacker's loss -
    rate * defence's loss)."""
    table = roll_table(3, 3)
    lose = sum(k * p for k, p in enumerate(table))
    spread = sum(k * k * p for k, p in enumerate(table)) - lose * lose
    rate = lose / (3 - lose)
    return lose, rate, (1 + rate) ** 2 * spread


def _upper_tail(x: float) -> float:
    """P(Z > x) for a standard normal Z."""
    return 0.5 * math.erfc(x / math.sqrt(2))


def _density(x: float) -> float:
    """The standard normal density at x."""
    return math.exp(-x * x / 2) / math.sqrt(2 * math.pi)
