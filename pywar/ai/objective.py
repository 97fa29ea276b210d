"""Objectives as targets and distances: which territories a seat's objective asks for and
roughly how many armies it still costs to reach it.

The same functions serve a bot's own objective and its guesses about the others'.
"""

from __future__ import annotations

from typing import Any

from .core import Position, conquest_cost


def continent_costs(pos: Position, p: int) -> list[float]:
    """For each continent, the rough armies ``p`` must spend to hold it whole."""
    owner = pos.owner
    armies = pos.armies
    out = []
    for ts in pos.info.conts:
        cost = 0.0
        for t in ts:
            if owner[t] != p:
                cost += conquest_cost(armies[t])
        out.append(cost)
    return out


def extra_continents(pos: Position, spec: dict[str, Any], costs: list[float]) -> list[int]:
    """The cheapest continents to add for a "plus one more" objective."""
    extra = spec.get("extra", 0)
    if not extra:
        return []
    info = pos.info
    required = {info.continent_index(c) for c in spec["continents"]}
    others = sorted((costs[c], c) for c in range(len(info.conts)) if c not in required)
    return [c for _, c in others[:extra]]


def fallback_spec(pos: Position) -> dict[str, Any]:
    """The objective a "destroy" card turns into on this board."""
    info = pos.info
    return info.objectives.get(info.fallback_id or "", {"kind": "territories", "count": 24})


def victim_of(pos: Position, spec: dict[str, Any], p: int) -> int | None:
    """The seat a "destroy" objective aims at, if it still plays (else None)."""
    v = pos.seat_of_color(spec["color"])
    if v is None or v == p or not pos.alive[v]:
        return None
    return v


def majority_costs(pos: Position, p: int) -> list[float]:
    """For each continent, the rough armies ``p`` must spend to hold more than half of it
    (WAR II majorities): its cheapest territories that ``p`` does not hold yet."""
    owner = pos.owner
    armies = pos.armies
    out = []
    for ts in pos.info.conts:
        need = len(ts) // 2 + 1 - sum(1 for t in ts if owner[t] == p)
        if need <= 0:
            out.append(0.0)
            continue
        prices = sorted(conquest_cost(armies[t]) for t in ts if owner[t] != p)
        out.append(sum(prices[:need]))
    return out


def majority_continents(pos: Position, spec: dict[str, Any], p: int) -> list[int]:
    """The continents a majorities objective is cheapest to reach with."""
    costs = majority_costs(pos, p)
    ranked = sorted(range(len(costs)), key=lambda c: (costs[c], c))
    return ranked[: int(spec["count"])]


def centres_short(pos: Position, spec: dict[str, Any], p: int) -> tuple[int, int]:
    """(Strategic Centres, territories) ``p`` still lacks for a centres objective."""
    owner = pos.owner
    centres = sum(1 for t in pos.info.centres if owner[t] == p)
    held = sum(1 for o in owner if o == p)
    return (max(0, int(spec["count"]) - centres), max(0, int(spec.get("territories", 0)) - held))


def met(pos: Position, spec: dict[str, Any], p: int) -> bool:
    """Whether ``p`` meets ``spec`` on this board ("destroy" objectives: never here)."""
    kind = spec["kind"]
    if kind == "destroy":
        return False
    return remaining_cost(pos, spec, p) <= 0.0 and (
        kind != "centres" or centres_short(pos, spec, p) == (0, 0)
    )


def remaining_cost(
    pos: Position, spec: dict[str, Any], p: int, costs: list[float] | None = None
) -> float:
    """Rough armies ``p`` still has to spend to reach ``spec`` (0 when it is met)."""
    kind = spec["kind"]
    if kind == "centres":
        short_c, short_t = centres_short(pos, spec, p)
        owner = pos.owner
        armies = pos.armies
        info = pos.info
        prices = sorted(conquest_cost(armies[t]) for t in info.centres if owner[t] != p)
        total = sum(prices[:short_c])
        short_t = max(0, short_t - short_c)
        if short_t:
            rest = sorted(
                conquest_cost(armies[t]) + 0.6
                for t in range(info.n)
                if owner[t] != p and not info.is_centre[t]
            )
            total += sum(rest[:short_t])
        return total
    if kind == "majorities":
        costs = majority_costs(pos, p)
        return sum(sorted(costs)[: int(spec["count"])])
    if kind == "continents":
        if costs is None:
            costs = continent_costs(pos, p)
        info = pos.info
        total = sum(costs[info.continent_index(c)] for c in spec["continents"])
        for c in extra_continents(pos, spec, costs):
            total += costs[c]
        return total
    if kind == "destroy":
        v = victim_of(pos, spec, p)
        if v is None:
            return remaining_cost(pos, fallback_spec(pos), p)
        armies = pos.armies
        return sum(conquest_cost(armies[t]) + 0.5 for t, o in enumerate(pos.owner) if o == v)
    # territories
    need = spec["count"]
    floor = spec.get("min_armies", 1)
    owner = pos.owner
    armies = pos.armies
    ok = 0
    extra: list[float] = []
    for t, o in enumerate(owner):
        if o == p:
            if armies[t] >= floor:
                ok += 1
            else:
                extra.append(float(floor - armies[t]))
        else:
            extra.append(conquest_cost(armies[t]) + (floor - 1) + 0.6)
    short = need - ok
    if short <= 0:
        return 0.0
    extra.sort()
    return sum(extra[:short])


def target_weights(pos: Position, spec: dict[str, Any], p: int) -> list[float]:
    """How much each territory matters to ``spec`` for ``p`` (1.0 = needed)."""
    n = pos.info.n
    kind = spec["kind"]
    if kind == "continents":
        info = pos.info
        w = [0.0] * n
        costs = continent_costs(pos, p)
        wanted = [info.continent_index(c) for c in spec["continents"]]
        wanted += extra_continents(pos, spec, costs)
        for c in wanted:
            for t in info.conts[c]:
                w[t] = 1.0
        return w
    if kind == "destroy":
        v = victim_of(pos, spec, p)
        if v is None:
            return [0.5] * n
        return [1.0 if o == v else 0.0 for o in pos.owner]
    if kind == "centres":
        info = pos.info
        base = 0.5 if spec.get("territories") else 0.2
        w = [base] * n
        for t in info.centres:
            w[t] = 1.0
        return w
    if kind == "majorities":
        info = pos.info
        w = [0.3] * n
        for c in majority_continents(pos, spec, p):
            for t in info.conts[c]:
                w[t] = 1.0
        return w
    return [0.5] * n


def progress(pos: Position, spec: dict[str, Any], p: int) -> float:
    """0..1: how far ``p`` is on the way (1 when met)."""
    kind = spec["kind"]
    if kind == "centres":
        total = int(spec["count"]) + int(spec.get("territories", 0))
        short = sum(centres_short(pos, spec, p))
        return 1.0 - short / total
    if kind == "majorities":
        costs = majority_costs(pos, p)
        need: int = spec["count"]
        return sum(1 for c in sorted(costs)[: int(spec["count"])] if c == 0) / need
    if kind == "territories":
        floor = spec.get("min_armies", 1)
        ok = sum(1 for t, o in enumerate(pos.owner) if o == p and pos.armies[t] >= floor)
        count: int = spec["count"]
        return min(1.0, ok / count)
    weights = target_weights(pos, spec, p)
    total = sum(1 for w in weights if w >= 1.0)
    if not total:
        return 0.0
    held = sum(1 for t, w in enumerate(weights) if w >= 1.0 and pos.owner[t] == p)
    return held / total
