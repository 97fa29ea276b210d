"""WAR II for the hard level: its rollouts (:mod:`pywar.ai.rollout`) and whole-board score see
the air war, through :class:`pywar.variants.war2.ai.War2Layer`'s hooks.

* Placement rollouts start with the air base's raid that helps the land attacks most.
* Regrouping weighs airlifts between Strategic Centres with the other moves.

Hard flies its raids as normal does (:meth:`War2Layer.air_attack
<pywar.variants.war2.ai.War2Layer.air_attack>`: exact odds and value). Choosing them by
rollouts of the rest of the attack phase measured no better and was dropped (docs/ai.md).
"""

from __future__ import annotations

import random

from ...ai.base import RolloutPlay
from ...ai.core import Position
from .air_odds import raid_plan, sample_air

#: A raid stops when the land attack has these odds (as the war2 layer's).
AIR_AIM = 0.9


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


def airlift_targets(pos: Position, s: int) -> list[int]:
    """Own Strategic Centres not next to ``s`` that its armies may fly to (none unless ``s``
    is a centre)."""
    info = pos.info
    if not info.is_centre[s]:
        return []
    return [u for u in info.centres if pos.owner[u] == pos.me and u != s and u not in info.nbrs[s]]
