"""The phases of a turn, shared by every variant.

A :class:`Phase` member is its string (``StrEnum``): saves hold the same words as before and
the page may compare with either. A variant's own phases are its own ``StrEnum`` in its folder
(WAR II: ``War2Phase``).

>>> Phase.REINFORCE == "reinforce", f"{Phase.FINAL_TRADE}"
(True, 'final_trade')
>>> Phase("over") is Phase.OVER
True
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A phase of the shared turn engine."""

    #: Place the turn's armies (and trade cards).
    REINFORCE = "reinforce"
    ATTACK = "attack"
    #: Move armies into the territory just conquered.
    OCCUPY = "occupy"
    REGROUP = "regroup"
    #: End of the turn of an elimination: trade the cards taken (classic's ``take_all``).
    FINAL_TRADE = "final_trade"
    OVER = "over"
