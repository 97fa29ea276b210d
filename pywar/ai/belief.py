"""A public belief over the other seats' secret objectives.

Everybody at the table can do this: start from the objective cards that could be in a
seat's hand (every card of this game but our own), then watch what the seat does between
our turns - which territories it conquers and where its armies grow - and weigh each
card by how well it explains those moves. Only the public board of successive views is
used; the belief never looks at anybody's cards.
"""

from __future__ import annotations

import math
from typing import Any

from .core import Position
from .objective import target_weights

#: How much more likely a move toward a hypothesis's targets is than any other move.
PULL = 3.0
#: Log-likelihoods are tempered by this factor (the others do not play perfectly).
TEMPER = 0.7
#: Old evidence fades by this factor at every update (the others' plans change).
DECAY = 0.85
#: No hypothesis goes below this probability.
FLOOR = 0.01


def effective_spec(pos: Position, card: str, seat: int) -> dict[str, Any]:
    """What a seat holding objective ``card`` plays for now (the rulings' conversions)."""
    info = pos.info
    spec = info.objectives[card]
    if spec["kind"] == "destroy":
        victim = pos.seat_of_color(spec["color"])
        if victim is None or victim == seat or not pos.alive[victim]:
            if info.fallback_id:
                return info.objectives[info.fallback_id]
    return spec


def candidate_cards(pos: Position) -> list[str]:
    """Objective cards another seat may hold: this game's cards but our own."""
    info = pos.info
    colors = set(pos.colors)
    cards = [o["id"] for o in info.board.objectives
             if o["kind"] != "destroy" or o["color"] in colors]
    mine = pos.objective_id
    if mine in cards:
        cards.remove(mine)
    return cards


class Belief:
    """Log-weights over objective cards for every other seat, updated from public moves."""

    def __init__(self, pos: Position) -> None:
        self.cards = candidate_cards(pos)
        self.logw: dict[int, dict[str, float]] = {
            o: {c: 0.0 for c in self.cards} for o in range(pos.nplayers) if o != pos.me}
        self.last_owner: list[int] | None = None
        self.last_armies: list[int] | None = None

    # ---------------------------------------------------------------- update
    def observe(self, pos: Position) -> None:
        """Update from what changed on the board since the last observation."""
        if self.last_owner is not None and self.last_armies is not None:
            self._update(pos, self.last_owner, self.last_armies)
        self.remember(pos)

    def remember(self, pos: Position) -> None:
        """Remember the board as it is now (after our own moves)."""
        self.last_owner = list(pos.owner)
        self.last_armies = list(pos.armies)

    def _update(self, pos: Position, owner0: list[int], armies0: list[int]) -> None:
        info = pos.info
        owner = pos.owner
        before = pos.clone()
        before.owner = list(owner0)
        before.armies = list(armies0)
        for o, logw in self.logw.items():
            if o == pos.me or not pos.alive[o]:
                continue
            taken = [t for t in range(info.n) if owner[t] == o and owner0[t] != o]
            grown = {t: pos.armies[t] - armies0[t] for t in range(info.n)
                     if owner[t] == o and owner0[t] == o and pos.armies[t] > armies0[t]}
            if not taken and not grown:
                continue
            for card in logw:
                logw[card] *= DECAY
            # Where the seat could have attacked and placed, on the board before its turn.
            reach = [t for t in range(info.n) if owner0[t] != o
                     and any(owner0[u] == o for u in info.nbrs[t])]
            held = [t for t in range(info.n) if owner0[t] == o]
            total_growth = sum(grown.values()) or 1
            for card in self.cards:
                spec = effective_spec(before, card, o)
                w = target_weights(before, spec, o)
                ll = 0.0
                if taken and reach:
                    mean = sum(w[t] for t in reach) / len(reach)
                    for t in taken:
                        ll += math.log((1 + PULL * w[t]) / (1 + PULL * mean))
                if grown and held:
                    near = [max([w[t]] + [w[u] for u in info.nbrs[t] if owner0[u] != o])
                            for t in held]
                    mean = sum(near) / len(near)
                    rel = {t: max([w[t]] + [w[u] for u in info.nbrs[t] if owner0[u] != o])
                           for t in grown}
                    share = 0.0
                    for t, g in grown.items():
                        share += g / total_growth * math.log((1 + PULL * rel[t])
                                                             / (1 + PULL * mean))
                    ll += share
                logw[card] += TEMPER * ll

    # ---------------------------------------------------------------- output
    def probabilities(self, o: int) -> dict[str, float]:
        """The belief about seat ``o``'s objective card (sums to 1)."""
        logw = self.logw.get(o)
        if not logw:
            return {}
        top = max(logw.values())
        raw = {c: math.exp(v - top) for c, v in logw.items()}
        total = sum(raw.values())
        probs = {c: max(FLOOR, v / total) for c, v in raw.items()}
        total = sum(probs.values())
        return {c: v / total for c, v in probs.items()}

    def hypotheses(self, pos: Position, o: int, mass: float = 0.9,
                   most: int = 6) -> list[tuple[float, dict[str, Any]]]:
        """The likeliest effective objectives of seat ``o`` with their probabilities
        (renormalised), merging cards that play the same."""
        merged: dict[str, tuple[float, dict[str, Any]]] = {}
        for card, p in self.probabilities(o).items():
            spec = effective_spec(pos, card, o)
            key = spec["id"] if spec["kind"] != "destroy" else card
            if spec["kind"] == "territories" and spec.get("min_armies", 1) == 1:
                key = "territories_24"
            old = merged.get(key)
            merged[key] = ((old[0] if old else 0.0) + p, spec)
        ranked = sorted(merged.values(), key=lambda x: -x[0])
        out = []
        acc = 0.0
        for p, spec in ranked:
            out.append((p, spec))
            acc += p
            if acc >= mass or len(out) >= most:
                break
        return [(p / acc, spec) for p, spec in out]
