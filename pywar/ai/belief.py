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
from .objective import met, target_weights

#: How much more likely a move toward a hypothesis's targets is than any other move.
PULL = 1.5
#: Log-likelihoods are tempered by this factor (the others do not play perfectly).
TEMPER = 0.6
#: Old evidence fades by this factor at every update (the others' plans change).
DECAY = 0.85
#: Weight of the present board as evidence (per unit of extra share held).
STATIC = 4.0
#: Share of a uniform guess mixed into the belief when scoring danger (robustness).
MIX = 0.4
#: No hypothesis goes below this probability.
FLOOR = 0.01


def effective_spec(pos: Position, card: str, seat: int) -> dict[str, Any]:
    """What a seat holding objective ``card`` plays for now (the rulings' conversions)."""
    info = pos.info
    spec = info.objectives[card]
    if spec["kind"] == "destroy":
        victim = pos.seat_of_color(spec["color"])
        gone = victim is None or victim == seat or not pos.alive[victim]
        if gone and info.fallback_id:
            return info.objectives[info.fallback_id]
    return spec


def candidate_cards(pos: Position) -> list[str]:
    """Objective cards another seat may hold: this game's cards but our own."""
    info = pos.info
    colors = set(pos.colors)
    cards = [
        o["id"] for o in info.board.objectives if o["kind"] != "destroy" or o["color"] in colors
    ]
    mine = pos.objective_id
    if mine in cards:
        cards.remove(mine)
    return cards


class Belief:
    """Log-weights over objective cards for every other seat, updated from public moves."""

    def __init__(self, pos: Position) -> None:
        self.cards = candidate_cards(pos)
        self.logw: dict[int, dict[str, float]] = {
            o: {c: 0.0 for c in self.cards} for o in range(pos.nplayers) if o != pos.me
        }
        self.last_owner: list[int] | None = None
        self.last_armies: list[int] | None = None
        #: Objectives seen for certain (WAR II: a captured Information Centre shows it).
        self.known: dict[int, str] = {}

    def know(self, o: int, card: str) -> None:
        """Seat ``o`` is known to play for objective ``card`` (an id of the board)."""
        self.known[o] = card

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
            grown = {
                t: pos.armies[t] - armies0[t]
                for t in range(info.n)
                if owner[t] == o and owner0[t] == o and pos.armies[t] > armies0[t]
            }
            if not taken and not grown:
                continue
            for card in logw:
                logw[card] *= DECAY
            # Where the seat could have attacked and placed, on the board before its turn.
            reach = [
                t
                for t in range(info.n)
                if owner0[t] != o and any(owner0[u] == o for u in info.nbrs[t])
            ]
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
                    near = [
                        max([w[t]] + [w[u] for u in info.nbrs[t] if owner0[u] != o]) for t in held
                    ]
                    mean = sum(near) / len(near)
                    rel = {
                        t: max([w[t]] + [w[u] for u in info.nbrs[t] if owner0[u] != o])
                        for t in grown
                    }
                    share = 0.0
                    for t, g in grown.items():
                        share += (
                            g / total_growth * math.log((1 + PULL * rel[t]) / (1 + PULL * mean))
                        )
                    ll += share
                logw[card] += TEMPER * ll

    # ---------------------------------------------------------------- output
    def probabilities(self, o: int, pos: Position | None = None) -> dict[str, float]:
        """The belief about seat ``o``'s objective card (sums to 1).

        With ``pos``, the board as it stands is evidence too: a seat holding far more of
        a card's continents than of the board is likelier to be playing for them.
        """
        logw = self.logw.get(o)
        if not logw:
            return {}
        logw = dict(logw)
        if pos is not None:
            for card, bonus in self.static(pos, o).items():
                logw[card] += bonus
            for card in self.impossible(pos, o):
                if len(logw) > 1:
                    del logw[card]
        top = max(logw.values())
        raw = {c: math.exp(v - top) for c, v in logw.items()}
        total = sum(raw.values())
        probs = {c: max(FLOOR, v / total) for c, v in raw.items()}
        total = sum(probs.values())
        return {c: v / total for c, v in probs.items()}

    def impossible(self, pos: Position, o: int) -> list[str]:
        """Cards seat ``o`` cannot hold: it would have won with them on this board (a seat
        wins as soon as its objective is met on its own turn, and only its own turn can
        have given it what it holds now)."""
        out = []
        for card in self.cards:
            spec = effective_spec(pos, card, o)
            if spec["kind"] != "destroy" and met(pos, spec, o):
                out.append(card)
        return out

    def static(self, pos: Position, o: int) -> dict[str, float]:
        """Log-evidence of the present board for each card of seat ``o``."""
        info = pos.info
        owner = pos.owner
        share_all = sum(1 for x in owner if x == o) / info.n
        out = {}
        for card in self.cards:
            spec = effective_spec(pos, card, o)
            if spec["kind"] not in ("continents", "centres"):
                out[card] = 0.0
                continue
            if spec["kind"] == "centres" and info.centres:
                held = sum(1 for t in info.centres if owner[t] == o) / len(info.centres)
                out[card] = STATIC * (held - share_all)
                continue
            ts = [t for c in spec["continents"] for t in info.conts[info.continent_index(c)]]
            share = sum(1 for t in ts if owner[t] == o) / len(ts)
            out[card] = STATIC * (share - share_all)
        return out

    def hypotheses(
        self, pos: Position, o: int, mass: float = 0.97, most: int = 8
    ) -> list[tuple[float, dict[str, Any]]]:
        """The likeliest effective objectives of seat ``o`` with their probabilities
        (renormalised), merging cards that play the same."""
        if o in self.known and self.known[o] in pos.info.objectives:
            return [(1.0, effective_spec(pos, self.known[o], o))]
        merged: dict[str, tuple[float, dict[str, Any]]] = {}
        prior: dict[str, float] = {}
        uniform = 1.0 / len(self.cards) if self.cards else 0.0
        for card, p in self.probabilities(o, pos).items():
            p = (1.0 - MIX) * p + MIX * uniform
            spec = effective_spec(pos, card, o)
            key = spec["id"] if spec["kind"] != "destroy" else card
            if spec["kind"] == "territories":
                key = f"territories:{spec['count']}:{spec.get('min_armies', 1)}"
            old = merged.get(key)
            merged[key] = ((old[0] if old else 0.0) + p, spec)
            prior[key] = prior.get(key, 0.0) + uniform
        # Counting objectives leave no trail in where a seat attacks: never trust the
        # trail to rule them out (the count of territories is what tells).
        for key, (p, spec) in merged.items():
            if spec["kind"] == "territories" and p < prior[key]:
                merged[key] = (prior[key], spec)
        ranked = sorted(merged.values(), key=lambda x: -x[0])
        out = []
        acc = 0.0
        for p, spec in ranked:
            out.append((p, spec))
            acc += p
            if acc >= mass or len(out) >= most:
                break
        return [(p / acc, spec) for p, spec in out]
