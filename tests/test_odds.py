"""Tests for pywar.odds: single-roll tables and whole-battle odds."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pywar.ai.core import left_if_fail, left_if_win, p_win
from pywar.odds import (
    EXACT_ARMIES,
    MAX_ARMIES,
    OUTLOOK_ARMIES,
    BattleOdds,
    Outlook,
    _approximate_outlook,
    _final_states,
    _final_states_float,
    attack_dice,
    battle_odds,
    battle_outlook,
    defend_dice,
    odds_report,
    roll_outcomes,
    roll_table,
)

# Published per-roll odds: P(attacker loses k armies), k = 0..min(a, d).
KNOWN_ROLLS = {
    (3, 3): (0.1376, 0.2147, 0.2647, 0.3830),
    (3, 2): (0.3717, 0.3358, 0.2926),
    (3, 1): (0.6597, 0.3403),
    (2, 3): (0.1259, 0.2548, 0.6193),
    (2, 2): (0.2276, 0.3241, 0.4483),
    (2, 1): (0.5787, 0.4213),
    (1, 3): (0.1736, 0.8264),
    (1, 2): (0.2546, 0.7454),
    (1, 1): (0.4167, 0.5833),
}

KNOWN_BATTLES = {(10, 6): 0.486, (4, 3): 0.328, (6, 3): 0.567}


# --- single rolls -----------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "expected"), KNOWN_ROLLS.items())
def test_roll_table_matches_known_odds(dice, expected):
    assert tuple(round(p, 4) for p in roll_table(*dice)) == expected


@pytest.mark.parametrize("dice", KNOWN_ROLLS)
def test_roll_outcomes_are_exact_and_sum_to_one(dice):
    outcomes = roll_outcomes(*dice)
    assert all(isinstance(p, Fraction) for p in outcomes)
    assert len(outcomes) == min(dice) + 1
    assert sum(outcomes) == 1
    assert roll_table(*dice) == tuple(float(p) for p in outcomes)


def test_roll_outcomes_exact_values():
    assert roll_outcomes(1, 1) == (Fraction(15, 36), Fraction(21, 36))
    assert roll_outcomes(2, 1) == (Fraction(125, 216), Fraction(91, 216))


@pytest.mark.parametrize("dice", [(0, 1), (1, 0), (4, 1), (1, 4), (-1, 2)])
def test_roll_outcomes_rejects_bad_dice(dice):
    with pytest.raises(ValueError):
        roll_outcomes(*dice)


def test_dice_counts():
    assert [attack_dice(n) for n in range(1, 7)] == [0, 1, 2, 3, 3, 3]
    assert [defend_dice(n) for n in range(1, 7)] == [1, 2, 3, 3, 3, 3]


# --- whole battles ----------------------------------------------------------------------


@pytest.mark.parametrize(("armies", "expected"), KNOWN_BATTLES.items())
def test_known_conquest_odds(armies, expected):
    assert round(battle_odds(*armies).p_conquer, 3) == expected


def _assert_consistent(odds: BattleOdds) -> None:
    for dist in (odds.attacker_left, odds.defender_left):
        assert math.isclose(sum(dist.values()), 1.0, abs_tol=1e-12)
        assert all(p > 0 for p in dist.values())
        assert list(dist) == sorted(dist)
    assert math.isclose(odds.defender_left.get(0, 0.0), odds.p_conquer, abs_tol=1e-15)
    expected_a = sum(a * p for a, p in odds.attacker_left.items())
    expected_d = sum(d * p for d, p in odds.defender_left.items())
    assert math.isclose(odds.expected_attacker_left, expected_a, rel_tol=1e-12)
    assert math.isclose(odds.expected_defender_left, expected_d, rel_tol=1e-12, abs_tol=1e-15)
    assert max(odds.attacker_left) <= odds.attackers
    assert max(odds.defender_left) <= odds.defenders
    if odds.p_conquer:
        cond = odds.attacker_left_if_conquer
        assert math.isclose(sum(cond.values()), 1.0, abs_tol=1e-12)
        assert min(cond) >= 2  # a conquering roll never leaves the attacker with 1
        for a, p in cond.items():
            assert p * odds.p_conquer <= odds.attacker_left[a] * (1 + 1e-12)
        mean = sum(a * p for a, p in cond.items())
        assert math.isclose(odds.expected_attacker_left_if_conquer, mean, rel_tol=1e-12)
    else:
        assert odds.attacker_left_if_conquer == {}
        assert odds.expected_attacker_left_if_conquer is None


@pytest.mark.parametrize(
    ("attackers", "defenders", "stop_at"),
    [(2, 1, 1), (3, 2, 1), (10, 6, 1), (4, 3, 1), (6, 3, 1), (25, 30, 1), (30, 5, 1),
     (10, 6, 4), (12, 12, 5), (3, 1, 2), (1, 1, 1), (5, 5, 5), (5, 5, 9), (200, 200, 1)],
)  # fmt: skip
def test_distributions_sum_to_one(attackers, defenders, stop_at):
    _assert_consistent(battle_odds(attackers, defenders, stop_at))


@pytest.mark.parametrize(("attackers", "defenders", "stop_at"), [(10, 6, 1), (40, 37, 3)])
def test_dp_is_exact(attackers, defenders, stop_at):
    finals, total = _final_states(attackers, defenders, stop_at)
    assert sum(finals.values()) == total  # no mass lost to rounding: every division exact
    for a, d in finals:
        assert d == 0 or a <= stop_at


def test_exact_small_battle():
    # 3 vs 1: win the 2v1 roll (125/216), else win the 1v1 roll (15/36) at 2 vs 1.
    p = Fraction(125, 216) + Fraction(91, 216) * Fraction(15, 36)
    odds = battle_odds(3, 1)
    assert odds.p_conquer == float(p)
    assert odds.attacker_left == {1: float(1 - p), 2: float(Fraction(91, 216) * Fraction(15, 36)),
                                  3: float(Fraction(125, 216))}  # fmt: skip


def test_monotonicity():
    n = 16
    p = [[battle_odds(a, d).p_conquer for d in range(1, n + 1)] for a in range(1, n + 1)]
    for i in range(n):
        for j in range(n):
            if i + 1 < n:  # one more attacker never hurts
                assert p[i + 1][j] >= p[i][j]
            if j + 1 < n:  # one more defender never helps the attacker
                assert p[i][j + 1] <= p[i][j]
    assert all(p[0][j] == 0.0 for j in range(n))  # 1 army can't attack
    assert p[1][0] == pytest.approx(15 / 36)


def test_big_battles_are_sane():
    assert battle_odds(200, 10).p_conquer > 0.999999
    assert battle_odds(10, 200).p_conquer < 1e-6
    # ties and the third yellow die favour the defence: a 3v3 roll costs the attacker
    # 1.89 armies on average against 1.11, so it needs nearly two armies per defender
    assert battle_odds(100, 100).p_conquer < 0.01
    assert battle_odds(200, 150).p_conquer < 0.05
    assert 0.8 < battle_odds(200, 100).p_conquer < 0.9


def test_cached_call_returns_the_same_object():
    assert battle_odds(200, 200) is battle_odds(200, 200)


# --- Monte Carlo cross-check ------------------------------------------------------------


def _simulate(attackers: int, defenders: int, stop_at: int, rng: random.Random) -> tuple[int, int]:
    """Play one battle with real dice; return (attacker armies, defender armies) at the end."""
    a, d = attackers, defenders
    while d > 0 and a > stop_at:
        red = sorted((rng.randint(1, 6) for _ in range(min(3, a - 1))), reverse=True)
        yellow = sorted((rng.randint(1, 6) for _ in range(min(3, d))), reverse=True)
        for r, y in zip(red, yellow, strict=False):
            if r > y:
                d -= 1
            else:
                a -= 1
    return a, d


@pytest.mark.parametrize("stop_at", [1, 4])
def test_monte_carlo_agrees(stop_at):
    rng = random.Random(20240601 + stop_at)
    n = 20_000
    results = [_simulate(10, 6, stop_at, rng) for _ in range(n)]
    odds = battle_odds(10, 6, stop_at)

    wins = sum(d == 0 for _, d in results) / n
    se = math.sqrt(odds.p_conquer * (1 - odds.p_conquer) / n)
    assert abs(wins - odds.p_conquer) < 4 * se

    mean_a = sum(a for a, _ in results) / n
    var_a = sum((a - odds.expected_attacker_left) ** 2 * p for a, p in odds.attacker_left.items())
    assert abs(mean_a - odds.expected_attacker_left) < 4 * math.sqrt(var_a / n)

    for a, p in odds.attacker_left.items():  # every end state, with a per-outcome tolerance
        freq = sum(x == a for x, _ in results) / n
        assert abs(freq - p) < 4 * math.sqrt(p * (1 - p) / n) + 1e-3
    assert {a for a, _ in results} <= set(odds.attacker_left)


# --- stop_at ----------------------------------------------------------------------------


def test_stop_at_default_is_one():
    assert battle_odds(10, 6, 1) is battle_odds(10, 6)


def test_stop_at_lowers_odds_and_limits_losses():
    previous = 1.0
    for stop_at in range(1, 12):
        odds = battle_odds(10, 6, stop_at)
        assert odds.p_conquer <= previous
        previous = odds.p_conquer
        if odds.p_conquer < 1:
            # a failed attack ends at or below stop_at, but a roll costs at most 3 armies
            failed = [a for a in odds.attacker_left if a <= stop_at]
            assert failed and min(failed) >= max(1, stop_at - 2)
    assert battle_odds(10, 6, 4).p_conquer < battle_odds(10, 6).p_conquer


def test_stop_at_small_case():
    # 3 vs 1 stopping at 2: only the first (2v1) roll happens.
    odds = battle_odds(3, 1, stop_at=2)
    assert odds.p_conquer == float(Fraction(125, 216))
    assert odds.attacker_left == {2: float(Fraction(91, 216)), 3: float(Fraction(125, 216))}
    assert odds.defender_left == {0: float(Fraction(125, 216)), 1: float(Fraction(91, 216))}


@pytest.mark.parametrize(("attackers", "stop_at"), [(1, 1), (5, 5), (5, 8)])
def test_no_attack_when_at_or_below_stop_at(attackers, stop_at):
    odds = battle_odds(attackers, 7, stop_at)
    assert odds.p_conquer == 0.0
    assert odds.attacker_left == {attackers: 1.0}
    assert odds.defender_left == {7: 1.0}
    assert odds.expected_attacker_left == attackers
    assert odds.expected_defender_left == 7
    assert odds_report(attackers, 7, stop_at)["first_roll"] is None


# --- output -----------------------------------------------------------------------------


def test_to_dict_is_json_ready():
    data = battle_odds(10, 6).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["p_conquer"] == round(battle_odds(10, 6).p_conquer, 6) == 0.486217
    for key in ("attacker_left", "defender_left", "attacker_left_if_conquer"):
        assert all(isinstance(k, str) for k in data[key])
        assert all(v == round(v, 6) for v in data[key].values())
        assert sum(data[key].values()) == pytest.approx(1.0, abs=1e-4)
    assert data["attackers"] == 10 and data["defenders"] == 6 and data["stop_at"] == 1


def test_odds_report():
    report = odds_report(10, 6)
    assert json.loads(json.dumps(report)) == report
    assert report["p_conquer"] == 0.486217
    for key in ("expected_attacker_left", "expected_defender_left", "attacker_left",
                "defender_left", "attacker_left_if_conquer"):  # fmt: skip
        assert key in report
    first = report["first_roll"]
    assert (first["attack_dice"], first["defend_dice"]) == (3, 3)
    assert [first["attacker_loses"][str(k)] for k in range(4)] == [
        round(p, 6) for p in roll_table(3, 3)
    ]
    small = odds_report(2, 5, stop_at=1)["first_roll"]
    assert (small["attack_dice"], small["defend_dice"]) == (1, 3)
    assert odds_report(10, 6, 4)["stop_at"] == 4


# --- bad arguments ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "match"),
    [((0, 3), "attackers"), ((-2, 3), "attackers"), ((3, 0), "defenders"),
     ((3, -1), "defenders"), ((3, 3, 0), "stop_at"), ((MAX_ARMIES + 1, 3), "attackers"),
     ((3, MAX_ARMIES + 1), "defenders")],
)  # fmt: skip
def test_bad_arguments_raise_value_error(args, match):
    with pytest.raises(ValueError, match=match):
        battle_odds(*args)
    with pytest.raises(ValueError, match=match):
        odds_report(*args)


@pytest.mark.parametrize("args", [(3.0, 2), (3, "2"), (True, 2), (3, 2, None)])
def test_non_integers_raise_type_error(args):
    with pytest.raises(TypeError):
        battle_odds(*args)


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=1, max_value=70), st.integers(min_value=1, max_value=70))
def test_the_bots_tabled_odds_agree_with_the_exact_battles(attackers, defenders):
    """The bots' table (one recurrence over the rolls, in floats) gives what the exact
    battle gives: the chance to conquer and the armies left either way."""
    exact = battle_odds(attackers, defenders)
    assert p_win(attackers, defenders) == pytest.approx(exact.p_conquer, abs=1e-12)
    if attackers < 2:
        return
    left = exact.expected_attacker_left_if_conquer or 1.0
    assert left_if_win(attackers, defenders) == pytest.approx(left, rel=1e-9)
    fail = 1.0 - exact.p_conquer
    if fail > 1e-6:
        held = sum(d * q for d, q in exact.defender_left.items()) / fail
        assert left_if_fail(attackers, defenders) == pytest.approx(held, rel=1e-9)


def test_the_bots_scale_battles_past_the_table_down():
    """Battles past ODDS_CAP armies are read at the same ratio, scaled down."""
    assert p_win(300, 150) == p_win(100, 50)
    assert left_if_win(300, 150) == pytest.approx(3 * left_if_win(100, 50))
    assert p_win(1, 5) == 0.0 and p_win(5, 0) == 1.0


@pytest.mark.parametrize(
    ("attackers", "defenders", "stop_at"), [(100, 80, 1), (90, 70, 5), (149, 2, 1)]
)
def test_battles_in_floats_agree_with_the_exact_programme(attackers, defenders, stop_at):
    """Past EXACT_ARMIES battles run in floats: the same end states, to about 1e-12."""
    exact, total = _final_states(attackers, defenders, stop_at)
    floats, one = _final_states_float(attackers, defenders, stop_at)
    assert one == 1.0
    for state, mass in exact.items():
        assert floats.get(state, 0.0) == pytest.approx(mass / total, abs=1e-12)


def test_battles_past_the_exact_reach_stay_consistent():
    """Just past EXACT_ARMIES (computed in floats) the odds go on from those just below."""
    below = battle_odds(EXACT_ARMIES // 2, EXACT_ARMIES - EXACT_ARMIES // 2)
    above = battle_odds(EXACT_ARMIES // 2 + 1, EXACT_ARMIES - EXACT_ARMIES // 2)
    assert above.p_conquer > below.p_conquer
    _assert_consistent(above)
    _assert_consistent(battle_odds(400, 700))


@pytest.mark.parametrize(
    ("attackers", "defenders"),
    [(1000, 580), (1000, 600), (900, 520), (600, 400), (999, 400), (720, 420), (420, 700)],
)
def test_the_outlook_of_a_huge_battle_is_close_to_the_exact_one(attackers, defenders):
    """The normal approximation used past OUTLOOK_ARMIES, tried where the exact odds reach."""
    exact = battle_odds(attackers, defenders)
    near = _approximate_outlook(attackers, defenders)
    assert near.approximate
    assert near.p_conquer == pytest.approx(exact.p_conquer, abs=0.01)
    assert near.expected_attacker_left == pytest.approx(exact.expected_attacker_left, abs=0.6)
    assert near.expected_defender_left == pytest.approx(exact.expected_defender_left, abs=0.6)


def test_the_outlook_takes_battles_of_any_size():
    """A late game's stacks of thousands: odds the page can show (battle_odds refuses
    them), growing with the attackers and falling with the defenders."""
    with pytest.raises(ValueError):
        battle_odds(MAX_ARMIES + 1, 10)
    for a, d in [(10, 6), (250, 350)]:
        within = battle_outlook(a, d)
        assert not within.approximate and within.p_conquer == battle_odds(a, d).p_conquer
    assert battle_outlook(OUTLOOK_ARMIES - 500, 501).approximate
    assert battle_outlook(1, 5000) == Outlook(0.0, 1.0, 5000.0, False)  # no roll at all
    assert battle_outlook(1, 10**9).expected_defender_left == 10**9  # (and no programme)
    assert battle_outlook(2, 5000).p_conquer < 1e-12
    # a sure conquest leaves the defence nothing, never a rounding error below it
    sure = [battle_outlook(a, 4300) for a in range(8990, 9010)]
    assert all(o.expected_defender_left >= 0.0 and o.expected_attacker_left >= 1 for o in sure)
    chances = [battle_outlook(a, 2000).p_conquer for a in range(2500, 4501, 250)]
    assert chances == sorted(chances) and chances[0] < 0.01 and chances[-1] > 0.99
    assert battle_outlook(5000, 1001).p_conquer > 0.999999
    assert battle_outlook(1500, 3000).expected_defender_left == pytest.approx(
        3000 - 1499 / 1.71, rel=0.01
    )
    assert battle_outlook(3400, 2000).approximate
