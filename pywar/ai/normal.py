"""Level "normal": a strong one-turn heuristic.

* Targets: each enemy territory is worth its objective weight, the value of the continent
  it lies in (bonus times the share already held, more for the last one), the bonus of an
  enemy continent it breaks, and a card for the first conquest of the turn.
* Attacks pass a gate on the exact odds of taking the territory (lower for valuable
  targets) and go for the best chance times value first.
* Placement: enough armies on the best attack base to pass the gate comfortably, the rest
  by Border Security Ratio (enemy armies adjacent over own armies); bound armies go where
  they must, on the most threatened territory allowed.
* Cards: trade at once when the set is worth at least 8 or the hand is full, else keep.
* Regroup: armies in the interior march one step to the front; conquering armies move in
  when the new territory is the more exposed one.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from .base import Bot, Clock, Thinking
from .core import Position, best_set, p_win, valid_sets, war2_worth
from .objective import target_weights

#: Gate on the odds of conquest for a target of value 0, and its floor.
GATE_TOP = 0.85
GATE_FLOOR = 0.5
GATE_SLOPE = 0.04
#: Odds the placement aims for on the attack base.
PLACE_AIM = 0.85


def trade_now(
    pos: Position, trade_allowed: bool, hold_below: int, threat_weight: list[float]
) -> Action | None:
    """The trade to make now, if any (common to the levels that time their trades)."""
    if not trade_allowed or pos.phase not in ("reinforce", "final_trade"):
        return None
    sets = valid_sets(pos.info, pos.hand)
    if not sets:
        return None
    if (
        not pos.must_trade
        and pos.phase == "reinforce"
        and len(pos.hand) < 5
        and pos.trade_value < hold_below
        and len(pos.hand) < 4
    ):
        return None
    combo, bonus = best_set(pos, sets, threat_weight)
    return Trade(combo, None if bonus is None else pos.info.ids[bonus])


def armies_needed(a: int, d: int, aim: float, most: int) -> int:
    """Fewest armies (up to ``most``) to add to ``a`` for odds ``aim`` against ``d``."""
    if p_win(a, d) >= aim:
        return 0
    if p_win(a + most, d) < aim:
        return most
    low, high = 0, most  # p(a + low) < aim <= p(a + high)
    while high - low > 1:
        mid = (low + high) // 2
        if p_win(a + mid, d) >= aim:
            high = mid
        else:
            low = mid
    return high


def finishing_top_up(pos: Position, threat: list[float] | None = None) -> Place | None:
    """The first placement of a plan that meets a territory objective with a floor of
    armies (18 territories with 2 each) with this turn's free armies, if there is one:
    a player holding enough territories tops the short ones up and wins on the spot.

    The short territories are topped up safest first, so the plan stays the same from one
    placement to the next.
    """
    spec = pos.objective
    floor = int(spec.get("min_armies", 1)) if spec.get("kind") == "territories" else 1
    free = pos.pools.get("free", 0)
    if floor <= 1 or free <= 0:
        return None
    mine = pos.mine()
    ok = sum(1 for t in mine if pos.armies[t] >= floor)
    lack = int(spec["count"]) - ok
    if lack <= 0:
        return None
    danger = threat if threat is not None else threat_of(pos)
    short = sorted(
        (t for t in mine if pos.armies[t] < floor),
        key=lambda t: (danger[t], floor - pos.armies[t], t),
    )
    if len(short) < lack or sum(floor - pos.armies[t] for t in short[:lack]) > free:
        return None
    t = short[0]
    return Place(pos.info.ids[t], floor - pos.armies[t])


def threat_of(pos: Position) -> list[float]:
    """Enemy armies adjacent to each territory (relative to its owner)."""
    owner = pos.owner
    armies = pos.armies
    nbrs = pos.info.nbrs
    out = []
    for t in range(pos.info.n):
        o = owner[t]
        out.append(float(sum(armies[u] for u in nbrs[t] if owner[u] != o)))
    return out


def front_distance(pos: Position) -> list[int]:
    """Steps over own territories from each own territory to one touching an enemy."""
    me = pos.me
    owner = pos.owner
    nbrs = pos.info.nbrs
    dist = [99] * pos.info.n
    queue: deque[int] = deque()
    for t in range(pos.info.n):
        if owner[t] == me and any(owner[u] != me for u in nbrs[t]):
            dist[t] = 0
            queue.append(t)
    while queue:
        t = queue.popleft()
        for u in nbrs[t]:
            if owner[u] == me and dist[u] > dist[t] + 1:
                dist[u] = dist[t] + 1
                queue.append(u)
    return dist


def interior_regroup(pos: Position) -> Regroup | None:
    """Move the armies of an interior territory one step toward the front."""
    me = pos.me
    owner = pos.owner
    nbrs = pos.info.nbrs
    dist = front_distance(pos)
    threat = threat_of(pos)
    for s in range(pos.info.n):
        if owner[s] != me or dist[s] == 0:
            continue
        movable = pos.armies[s] - 1 - pos.moved[s]
        if movable <= 0:
            continue
        steps = [u for u in nbrs[s] if owner[u] == me and dist[u] < dist[s]]
        if steps:
            u = max(steps, key=lambda x: (threat[x] - pos.armies[x], -x))
            return Regroup(pos.info.ids[s], pos.info.ids[u], movable)
    return None


class NormalBot(Bot):
    """Continent values, BSR placement, objective targets and an exact-odds attack gate."""

    level = "normal"
    skill = 1
    hold_below = 8
    gate_top = 0.75
    gate_floor = 0.4
    gate_slope = GATE_SLOPE
    place_aim = PLACE_AIM
    obj_weight = 4.0
    card_bonus = 0.1
    all_in = True
    stack_front = False
    occupy_max = False
    late_gate = 0.0

    def decide(self, view: dict[str, Any], trade_allowed: bool, clock: Clock) -> Thinking:
        pos = Position.from_view(view)
        return self.act(pos, trade_allowed)
        yield  # pragma: no cover - a generator that never needs to pause

    def act(self, pos: Position, trade_allowed: bool) -> Action:
        """The action for this position."""
        threat = threat_of(pos)
        trade = trade_now(pos, trade_allowed, self.hold_below, threat)
        if trade is not None:
            return trade
        if pos.pools:
            return self.place(pos, threat)
        if pos.phase == "occupy":
            return self.occupy(pos, threat)
        if pos.phase == "attack":
            return self.attack(pos) or EndAttack()
        if pos.phase == "regroup":
            return interior_regroup(pos) or EndTurn()
        if pos.phase == "final_trade":  # after an elimination; trade_now traded what it would
            return EndTurn()
        raise RuntimeError(f"nothing to do in phase {pos.phase}")  # pragma: no cover

    # ---------------------------------------------------------------- values
    def values(self, pos: Position) -> list[float]:
        """Worth of conquering each territory (0 for our own)."""
        info = pos.info
        me = pos.me
        owner = pos.owner
        objw = target_weights(pos, pos.objective, me)
        extra = war2_worth(pos)
        share = []
        missing = []
        whole_by = []
        for ts in info.conts:
            held = sum(1 for t in ts if owner[t] == me)
            share.append(held / len(ts))
            missing.append(len(ts) - held)
            first = owner[ts[0]]
            whole_by.append(first if all(owner[t] == first for t in ts) else -1)
        out = []
        for t in range(info.n):
            if owner[t] == me:
                out.append(0.0)
                continue
            c = info.cont_of[t]
            v = 1.0 + self.obj_weight * objw[t] + info.bonus[c] * share[c] + extra[t]
            if missing[c] == 1:
                v += 2.0 * info.bonus[c]
            if whole_by[c] >= 0:
                v += 1.5 * info.bonus[c]
            out.append(v)
        return out

    def gate(self, pos: Position, value: float) -> float:
        """Odds of conquest needed to attack a target of ``value``."""
        g = max(self.gate_floor, self.gate_top - self.gate_slope * value)
        if self.late_gate and pos.round > 20:
            g -= min(0.3, self.late_gate * (pos.round - 20))
        if not pos.conquered:
            g -= self.card_bonus  # the turn's card
        return g

    # ------------------------------------------------------------- placement
    def place(self, pos: Position, threat: list[float]) -> Place:
        info = pos.info
        me = pos.me
        ids = info.ids
        for key in sorted(pos.pools):
            if key.startswith("territory:"):
                return Place(key.split(":", 1)[1], pos.pools[key])
        finish = finishing_top_up(pos, threat)
        if finish is not None:
            return finish
        values = self.values(pos)
        free = pos.pools.get("free", 0)
        base = self.attack_base(
            pos, values, free + sum(n for k, n in pos.pools.items() if k.startswith("continent:"))
        )
        for key in sorted(pos.pools):
            if key.startswith("continent:"):
                c = info.continent_index(key.split(":", 1)[1])
                inside = [t for t in info.conts[c] if pos.owner[t] == me]
                if base is not None and base[0] in inside:
                    return Place(ids[base[0]], pos.pools[key])
                best = max(inside, key=lambda t: (threat[t] / pos.armies[t], -t))
                return Place(ids[best], pos.pools[key])
        if base is not None:
            s, need = base
            return Place(ids[s], free if self.all_in else min(free, need))
        if self.stack_front:
            front = self.front_base(pos, values, threat)
            if front is not None:
                return Place(ids[front], free)
        # Defence by Border Security Ratio: one army at a time to the worst ratio.
        borders = [t for t in range(info.n) if pos.owner[t] == me and threat[t] > 0]
        if not borders:
            borders = pos.mine()
        add = {t: 0 for t in borders}
        for _ in range(free):
            t = max(borders, key=lambda x: (threat[x] / (pos.armies[x] + add[x]), -x))
            add[t] += 1
        t = max(add, key=lambda x: (add[x], -x))
        return Place(ids[t], add[t])

    def attack_base(
        self, pos: Position, values: list[float], armies: int
    ) -> tuple[int, int] | None:
        """(territory, armies to add) for the best attack the reinforcements make possible."""
        me = pos.me
        owner = pos.owner
        best: tuple[float, int, int] | None = None
        for s in range(pos.info.n):
            if owner[s] != me:
                continue
            a = pos.armies[s]
            for t in pos.info.nbrs[s]:
                if owner[t] == me:
                    continue
                d = pos.armies[t]
                p = p_win(a + armies, d)
                if p < self.gate(pos, values[t]):
                    continue
                need = armies_needed(a, d, self.place_aim, armies)
                score = values[t] * p_win(a + need, d) - 0.05 * need
                if best is None or score > best[0]:
                    best = (score, s, need)
        if best is None or best[2] == 0:
            return None
        return best[1], best[2]

    def front_base(self, pos: Position, values: list[float], threat: list[float]) -> int | None:
        """The own territory facing the most valuable enemy territories (to build a stack)."""
        me = pos.me
        best: tuple[float, int] | None = None
        for s in range(pos.info.n):
            if pos.owner[s] != me:
                continue
            worth = max((values[t] for t in pos.info.nbrs[s] if pos.owner[t] != me), default=0.0)
            if worth <= 0:
                continue
            score = worth + 0.05 * pos.armies[s]
            if best is None or score > best[0]:
                best = (score, s)
        return None if best is None else best[1]

    # --------------------------------------------------------------- attacks
    def attack(self, pos: Position) -> Attack | None:
        values = self.values(pos)
        me = pos.me
        owner = pos.owner
        best: tuple[float, int, int] | None = None
        for s in range(pos.info.n):
            if owner[s] != me or pos.armies[s] < 2:
                continue
            a = pos.armies[s]
            for t in pos.info.nbrs[s]:
                if owner[t] == me:
                    continue
                p = p_win(a, pos.armies[t])
                if p < self.gate(pos, values[t]):
                    continue
                score = p * values[t]
                if best is None or score > best[0]:
                    best = (score, s, t)
        if best is None:
            return None
        return Attack(pos.info.ids[best[1]], pos.info.ids[best[2]])

    def occupy(self, pos: Position, threat: list[float]) -> Occupy:
        assert pos.occupy is not None
        s, t, top = pos.occupy
        if self.occupy_max:
            return Occupy(top)
        # Threat around the source once the new territory is ours.
        left = threat[s] - 0  # the conquered territory had one army left: 0 now
        if left <= threat[t] or pos.armies[s] - top > 2 * left:
            return Occupy(top)
        return Occupy(1)
