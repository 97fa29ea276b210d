"""How a bot level plays WAR II's own pieces (used by :mod:`pywar.ai.war2`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class War2Style:
    """How a level plays WAR II's pieces."""

    #: 0: plain (claims near its own, uses cards and bombers at once); 1: weighed by value
    #: and exact odds; 2: weighed by the whole-board evaluation where it counts.
    skill: int = 1
    #: Odds of the land attack at which bombing stops (bombers kept for another day).
    air_aim: float = 0.9
    #: Smallest gain (value x odds) for which a bombing raid is flown.
    air_min_gain: float = 0.15
