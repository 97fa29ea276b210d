"""Dice statistics: each seat's armies lost in battle against the exact expectation.

A service of the engine (not a hook): ``Game`` records every attack roll here and
:meth:`Game.luck <pywar.game.Game.luck>` reads it back. Expected losses are kept exactly, as
integers in units of 1/6^6 of an army, so saves and replays agree to the bit.

>>> stats: dict[int, list[float]] = {}
>>> record_dice(stats, 0, 1, 3, 2, 2)
>>> luck(stats, 0)["attack_lost"], luck(stats, 1)["defend_killed"]
(2, 2)
"""

from __future__ import annotations

from .odds import roll_outcomes

#: Most dice a side rolls.
MAX_DICE = 3
#: The eight numbers kept per seat, in this order.
DICE_STAT_KEYS = (
    "attack_rolls",
    "attack_lost",
    "attack_killed",
    "attack_expected_lost",
    "defend_rolls",
    "defend_lost",
    "defend_killed",
    "defend_expected_lost",
)
#: Expected losses are kept exactly, as integers in units of 1/6^6 of an army.
EXPECTATION_UNIT = 6**6
#: Exact expected attacker losses per roll, by (attacker dice, defender dice), in those units.
_EXACT = {
    (a, d): sum(k * p for k, p in enumerate(roll_outcomes(a, d))) * EXPECTATION_UNIT
    for a in range(1, MAX_DICE + 1)
    for d in range(1, MAX_DICE + 1)
}
assert all(v.denominator == 1 for v in _EXACT.values())
EXPECTED_ATTACKER_LOSS = {k: int(v) for k, v in _EXACT.items()}


def record_dice(
    stats: dict[int, list[float]],
    attacker: int,
    defender: int,
    att_dice: int,
    def_dice: int,
    att_loss: int,
) -> None:
    """Add one roll of ``att_dice`` against ``def_dice`` dice in which the attacker lost
    ``att_loss`` armies to both seats' rows of ``stats``."""
    expected = EXPECTED_ATTACKER_LOSS[att_dice, def_dice]
    pairs = att_dice if att_dice < def_dice else def_dice
    unit_pairs = pairs * EXPECTATION_UNIT
    row = stats.get(attacker)
    if row is None:
        row = stats[attacker] = [0, 0, 0, 0, 0, 0, 0, 0]
    row[0] += 1
    row[1] += att_loss
    row[2] += pairs - att_loss
    row[3] += expected
    row = stats.get(defender)
    if row is None:
        row = stats[defender] = [0, 0, 0, 0, 0, 0, 0, 0]
    row[4] += 1
    row[5] += pairs - att_loss
    row[6] += att_loss
    row[7] += unit_pairs - expected


def luck(stats: dict[int, list[float]], seat: int) -> dict[str, float]:
    """How the dice went for ``seat``: armies lost against the exact expectation.

    ``attack_luck``/``defend_luck`` are expected minus actual losses (positive: lucky).
    """
    row = stats.get(seat, [0] * len(DICE_STAT_KEYS))
    out: dict[str, float] = dict(zip(DICE_STAT_KEYS, row, strict=True))
    for key in ("attack_expected_lost", "defend_expected_lost"):
        out[key] = round(out[key] / EXPECTATION_UNIT, 3)
    out["attack_luck"] = round(out["attack_expected_lost"] - out["attack_lost"], 3)
    out["defend_luck"] = round(out["defend_expected_lost"] - out["defend_lost"], 3)
    return out
