"""The documents say what is built: WAR II's page and the figures of its air dice."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pywar.variants.war2.data import war2_rules

from variant_ui import page_part

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "docs").is_dir():  # the Pyodide run copies the code and tests only
    pytest.skip("docs/ is not in this copy of the project", allow_module_level=True)
RULES_MD = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def raid(bombers: int) -> Fraction:
    """Armies a raid of ``bombers`` destroys on average, flown until every bomber falls (the
    target never runs short): each round the anti-aircraft die, then, while a bomber flies,
    the air-attack die."""
    rules = war2_rules()
    shot, bombs = rules.anti_aircraft, rules.air_attack
    per_round = Fraction(sum(bombs), len(bombs))
    expected = {0: Fraction(0)}
    for b in range(1, bombers + 1):
        stay = Fraction(shot.count(0), len(shot))  # nobody shot down: the same raid again
        rest = sum(
            Fraction(1, len(shot)) * ((per_round if b > s else 0) + expected[max(0, b - s)])
            for s in shot
            if s
        )
        expected[b] = (stay * per_round + rest) / (1 - stay)
    return expected[bombers]


def test_the_rulings_say_the_page_plays_war2():
    assert page_part("war2") is not None  # web/variants/war2/, registered
    assert "does not offer WAR II" not in RULES_MD
    assert "### In the page (`web/variants/war2/`)" in RULES_MD


def test_the_air_dice_figures_are_the_dice_s_own():
    rules = war2_rules()
    shot = Fraction(sum(rules.anti_aircraft), len(rules.anti_aircraft))
    bombs = Fraction(sum(rules.air_attack), len(rules.air_attack))
    assert f"shoots down {shot.numerator}/{shot.denominator} of a bomber" in RULES_MD
    assert f"destroys {bombs.numerator}/{bombs.denominator} armies" in RULES_MD
    assert f"a raid of 1 bomber destroys {float(raid(1)):.2f} armies" in RULES_MD
    for n in (3, 10):
        assert f"of {n} bombers {float(raid(n)):.2f} ({float(raid(n) / n):.2f} each)" in RULES_MD
    assert "1.2 armies destroyed per bomber" not in RULES_MD
