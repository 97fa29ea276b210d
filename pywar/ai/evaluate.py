"""The whole-board score the hard level searches with.

From one seat's point of view, at the end of its turn::

    score = - r * R_me + win pressure(R_me)      own objective: armies still to spend
            + alpha * income_me + beta * armies_me
            - risk                               what the others can take before our turn
            - sum over others of P(objective) * danger(R_them) + gamma * income_them
            - d_max * the largest of those dangers     (0 unless weighted)
            + card                               a card for conquering this turn

``R`` is the rough number of armies a seat must still spend on an objective (continents
to complete, territories to add, a colour's armies to destroy), as in
:func:`pywar.ai.objective.remaining_cost`. For the others it is taken over the belief
about their objective. The risk of a territory is the exact chance that the strongest
adjacent enemy stack, plus part of its owner's next reinforcements, takes it, times what
losing it costs (objective, a whole continent's bonus, its armies).
"""

from __future__ import annotations

import math
from typing import Any

from .core import ODDS_CAP, BoardInfo, Position, conquest_cost, p_win
from .objective import target_weights

#: The score's weights on the classic family of boards (classic, Mitológicas, Brasil),
#: learned (issue 19): a logistic regression of "this seat wins" on the score's terms at
#: the end of each seat's attack phase, 10,340 positions of 400 games of hard against two
#: normal (classic, 3 players), rescaled so the own-income weight stays 1.5
#: (``tools/fit_eval.py`` collects and fits).
#:   r: an army our objective still needs; alpha: an army of income per turn, in armies
#:   now; beta: an army on the board; gamma: an army of an opponent's income; lambda:
#:   share of an opponent's reinforcements that may land on one front; d_me: win pressure,
#:   being on the brink of one's own objective; d_opp: danger, an opponent on the brink of
#:   theirs; d_surv: being on the brink of elimination; risk: the risk of losing
#:   territories before our next turn.
LEARNED: dict[str, float] = {
    "r": 0.0259,
    "alpha": 1.5,
    "beta": 0.0965,
    "gamma": 6.0,
    "lambda": 0.5,
    "d_me": 67.95,
    "d_opp": 59.52,
    "d_surv": 15.68,
    "risk": 1.18,
}
#: WAR II keeps the hand-tuned weights: with the classic ones its hard bot stopped
#: airlifting idle armies from a rear centre, and weights fitted on WAR II's own games
#: (``tools/fit_eval.py collect --variant war2``) won no more (docs/ai.md, branch
#: ``war2-fit``). Its win pressure is ``d_me`` times (players - 1) / 2.
HAND_TUNED: dict[str, float] = {
    "r": 1.0,
    "alpha": 1.5,
    "beta": 1.0,
    "gamma": 0.4,
    "lambda": 0.5,
    "d_me": 25.0,
    "d_opp": 30.0,
    "d_surv": 40.0,
    "risk": 0.5,
}
#: Every weight the score reads: ``HardBot.weights`` (and the tournament's ``--weights``)
#: may set any of these over the board's defaults.
WEIGHT_NAMES: tuple[str, ...] = (*LEARNED, "d_max", "steep", "mid", "card", "card_scale", "centre")
WIN = 1000.0
STEEP = 0.0
MID = 0.6
CENTRE_VALUE = 1.8  # WAR II: a Strategic Centre's army and bomber of every turn, in income

_COST = [conquest_cost(d) for d in range(ODDS_CAP + 1)]

#: Compiled objective: ("c", required continents, extra) | ("t", count, floor) | ("d", seat)
Goal = tuple[Any, ...]
TERR24: Goal = ("t", 24, 1)


def compile_goal(pos: Position, spec: dict[str, Any], seat: int) -> Goal:
    """A compact form of what ``seat`` plays for under ``spec`` (conversions applied)."""
    info = pos.info
    kind = spec["kind"]
    if kind == "continents":
        return (
            "c",
            tuple(info.continent_index(c) for c in spec["continents"]),
            int(spec.get("extra", 0)),
        )
    if kind == "destroy":
        v = pos.seat_of_color(spec["color"])
        if v is None or v == seat or not pos.alive[v]:
            return fallback_goal(info)
        return ("d", v, fallback_goal(info))
    if kind == "centres":
        return ("s", int(spec["count"]), int(spec.get("territories", 0)))
    if kind == "majorities":
        return ("m", int(spec["count"]))
    return ("t", int(spec["count"]), int(spec.get("min_armies", 1)))


def fallback_goal(info: BoardInfo) -> Goal:
    """What a "destroy" objective turns into (the board's fallback, 24 territories if none)."""
    spec = info.objectives.get(info.fallback_id or "")
    if spec is None:
        return TERR24
    return ("t", int(spec["count"]), int(spec.get("min_armies", 1)))


def gateways(pos: Position, wanted: list[float], me: int | None = None) -> tuple[int, ...]:
    """Enemy territories we must cross (not wanted themselves) to reach the wanted ones
    we do not hold: the cheapest paths by conquest cost from our territories."""
    import heapq

    info = pos.info
    me = pos.me if me is None else me
    owner = pos.owner
    targets = [t for t in range(info.n) if wanted[t] >= 1.0 and owner[t] != me]
    if not targets:
        return ()
    dist = [math.inf] * info.n
    prev = [-1] * info.n
    heap: list[tuple[float, int]] = []
    for t in range(info.n):
        if owner[t] == me:
            dist[t] = 0.0
            heap.append((0.0, t))
    heapq.heapify(heap)
    while heap:
        d, t = heapq.heappop(heap)
        if d > dist[t]:
            continue
        for u in info.nbrs[t]:
            if owner[u] == me:
                continue
            # Wanted territories are paid for anyway; crossing them costs little more.
            step = 0.1 if wanted[u] >= 1.0 else conquest_cost(pos.armies[u])
            nd = d + step
            if nd < dist[u]:
                dist[u] = nd
                prev[u] = t
                heapq.heappush(heap, (nd, u))
    out = set()
    for t in targets:
        u = prev[t]
        while u >= 0 and owner[u] != me:
            if wanted[u] < 1.0:
                out.add(u)
            u = prev[u]
    return tuple(sorted(out))


def seat_goals(
    pos: Position, seat: int, hyps: list[tuple[float, dict[str, Any]]]
) -> list[tuple[float, Goal, tuple[int, ...]]]:
    """Each objective another seat may have (chance, spec) as the :class:`Evaluator` scores
    it: (chance, compiled goal, the gateways to what it wants)."""
    return [
        (
            p,
            compile_goal(pos, spec, seat),
            gateways(pos, target_weights(pos, spec, seat), seat)
            if spec["kind"] != "territories"
            else (),
        )
        for p, spec in hyps
    ]


class Evaluator:
    """Scores positions for one seat; built once per decision from the root position."""

    def __init__(
        self,
        pos: Position,
        hypotheses: dict[int, list[tuple[float, dict[str, Any]]]],
        weights: dict[str, float] | None = None,
        goals: dict[int, list[tuple[float, Goal, tuple[int, ...]]]] | None = None,
    ) -> None:
        self.info: BoardInfo = pos.info
        self.me = pos.me
        self.spec = pos.objective
        self.goal = compile_goal(pos, pos.objective, pos.me)
        self.nplayers = pos.nplayers
        self.alive0 = list(pos.alive)
        self.hyp = hypotheses
        if goals is None:
            goals = {o: seat_goals(pos, o, hyps) for o, hyps in hypotheses.items()}
        self.goals = goals
        base = dict(HAND_TUNED if self.info.war2 else LEARNED)
        if self.info.war2:  # more others at the table: each matters less than our own race
            base["d_me"] *= max(1.0, (pos.nplayers - 1) / 2)
        w = {**base, **(weights or {})}
        self.r_w = w["r"]
        self.alpha = w["alpha"]
        self.beta = w["beta"]
        self.gamma = w["gamma"]
        self.lam = w["lambda"]
        self.d_me = w["d_me"]
        self.d_opp = w["d_opp"]
        self.risk_w = w["risk"]
        self.d_surv = w["d_surv"]
        #: The nearest danger: the largest of the others' dangers, beside their sum
        #: (``danger_max`` in the fit's terms; 0, off, unless weighted).
        self.d_max = w.get("d_max", 0.0)
        #: 0: danger falls off as exp(-R / scale); k > 0: as a logistic of slope k
        #: centred on ``mid`` (steeper: the near ones matter, the far ones little).
        self.steep = w.get("steep", STEEP)
        self.mid = w.get("mid", MID)
        if self.info.war2:  # WAR II: up to 3 cards, each about 1.4 armies or bombers
            room = min(self.info.cards_per_turn, self.info.hand_limit - len(pos.hand))
            default = 1.4 * max(0, room)
        else:
            default = max(2.0, pos.trade_value / 3 + 1.0)
        self.card_value = w.get("card", default * w.get("card_scale", 1.0))
        self.w_me = target_weights(pos, self.spec, self.me)
        self.gateways = gateways(pos, self.w_me) if self.goal[0] != "t" else ()
        self.costs = _COST
        self.pos = pos
        self.war2 = self.info.war2
        self.centre_value = w.get("centre", CENTRE_VALUE)
        #: Extra cost of losing a territory: a Strategic Centre's army and bomber (WAR II).
        self.keep = [2.0 * self.centre_value if c else 0.0 for c in self.info.is_centre]

    def remaining_now(self) -> float:
        """Armies our own objective still needs on the root position."""
        return self.parts(self.pos.owner, self.pos.armies)[0]

    # --------------------------------------------------------------- score
    def parts(self, owner: list[int], armies: list[int]) -> tuple[float, list[float], bool]:
        """(R_me, incomes, our objective met) for a board."""
        score, r_me, inc, won = self._score(owner, armies, False, detail=True)
        return r_me, inc, won

    def __call__(self, owner: list[int], armies: list[int], conquered: bool = False) -> float:
        return self._score(owner, armies, conquered)[0]

    def _score(
        self,
        owner: list[int],
        armies: list[int],
        conquered: bool,
        detail: bool = False,
        terms: dict[str, float] | None = None,
    ) -> tuple[float, float, list[float], bool]:
        """(score, R_me, incomes, our objective met). ``terms``, when given, gets the
        score's terms before their weights (``tools/fit_eval.py`` learns the weights from
        them) and a few features beside them; it is left empty when the objective is met."""
        info = self.info
        me = self.me
        n = info.n
        np_ = self.nplayers
        cap = ODDS_CAP
        costs = self.costs
        cont_of = info.cont_of
        nconts = len(info.conts)
        # One pass: counts, armies, owned conquest cost per seat and continent.
        cost = [costs[a] if a <= cap else conquest_cost(a) for a in armies]
        counts = [0] * np_
        ones = [0] * np_
        seat_cost = [0.0] * np_
        owned = [[0.0] * nconts for _ in range(np_)]
        cont_total = [0.0] * nconts
        my_armies = 0
        for t in range(n):
            o = owner[t]
            c = cont_of[t]
            counts[o] += 1
            ct = cost[t]
            seat_cost[o] += ct
            owned[o][c] += ct
            cont_total[c] += ct
            if o == me:
                my_armies += armies[t]
            if armies[t] == 1:
                ones[o] += 1
        alive = [self.alive0[p] and counts[p] > 0 for p in range(np_)]
        whole = []
        cont_income = [0.0] * np_
        for c, ts in enumerate(info.conts):
            o = owner[ts[0]]
            for t in ts:
                if owner[t] != o:
                    o = -1
                    break
            whole.append(o)
            if o >= 0:
                cont_income[o] += info.bonus[c]
        if self.war2:
            self._war2_income(owner, whole, cont_income)
        inc = [0.0] * np_
        for o in range(np_):
            if counts[o]:
                inc[o] = max(3.0, counts[o] / 2) + cont_income[o]
        sorted_cost: list[tuple[float, int]] | None = None

        def remaining(goal: Goal, p: int) -> float:
            nonlocal sorted_cost
            kind = goal[0]
            if kind == "c":
                own = owned[p]
                total = 0.0
                req = goal[1]
                for c in req:
                    total += cont_total[c] - own[c]
                if goal[2]:
                    rest = sorted(cont_total[c] - own[c] for c in range(nconts) if c not in req)
                    total += sum(rest[: goal[2]])
                return total
            if kind == "s":
                return self._centres_remaining(goal, p, owner, cost, counts)
            if kind == "m":
                return self._majorities_remaining(goal, p, owner, cost)
            if kind == "d":
                v = goal[1]
                if alive[v]:
                    return seat_cost[v] + 0.5 * counts[v]
                goal = goal[2]
            need, floor = goal[1], goal[2]
            ok = counts[p] - (ones[p] if floor > 1 else 0)
            short = need - ok
            if short <= 0:
                return 0.0
            total = 0.0
            if floor > 1:
                cheap = min(short, ones[p])
                total += cheap * (floor - 1)
                short -= cheap
            if sorted_cost is None:
                sorted_cost = sorted(zip(cost, owner, strict=True))
            extra = floor - 0.4
            for ct, o in sorted_cost:
                if short <= 0:
                    break
                if o != p:
                    total += ct + extra
                    short -= 1
            return total

        # Own objective.
        goal = self.goal
        if goal[0] == "d" and self.alive0[goal[1]] and not alive[goal[1]]:
            return WIN, 0.0, inc, True
        r_me = remaining(goal, me)
        for t in self.gateways:
            if owner[t] != me:
                r_me += cost[t]
        if r_me <= 0.0:
            return WIN, 0.0, inc, True
        press = math.exp(-r_me / (1.5 * inc[me] + 1.0))
        score = -self.r_w * r_me + self.d_me * press
        score += self.alpha * inc[me] + self.beta * my_armies
        if conquered:
            score += self.card_value
        # Risk: what the others can take from us before our next turn.
        lam = self.lam
        w_me = self.w_me
        keep = self.keep
        bonus = info.bonus
        nbrs = info.nbrs
        risk = 0.0
        for t in range(n):
            if owner[t] != me:
                continue
            best = 0.0
            for u in nbrs[t]:
                o = owner[u]
                if o != me:
                    s = armies[u] + lam * inc[o]
                    if s > best:
                        best = s
            if best <= 1.0:
                continue
            a = int(best)
            d = armies[t]
            p = p_win(a, d)
            if p <= 0.02:
                continue
            if p < 0.6:
                p = p * p / 0.6
            value = 1.0 + 2.5 * w_me[t] + 0.3 * d + keep[t]
            c = cont_of[t]
            if whole[c] == me:
                value += bonus[c]
            risk += p * value
        score -= self.risk_w * risk
        # Staying in the game: being wiped out loses whatever the objective.
        surv = 0.0
        if self.d_surv or terms is not None:
            strongest = max(inc[o] for o in range(np_) if o != me)
            surv = math.exp(-(seat_cost[me] + counts[me]) / (1.5 * strongest + 1.0))
            score -= self.d_surv * surv
        if terms is not None:
            terms.update(
                r_me=r_me,
                press=press,
                inc_me=inc[me],
                armies_me=my_armies,
                card=1.0 if conquered else 0.0,
                card_value=self.card_value,
                risk=risk,
                surv=surv,
                inc_opp=0.0,
                inc_opp_max=0.0,
                danger=0.0,
                danger_max=0.0,
                terr_me=counts[me],
                conts_me=whole.count(me),
                armies_opp=0,
                alive_opp=0,
            )
        # The others: their income and how close they look to their objective.
        d_opp = self.d_opp
        gamma = self.gamma
        nearest = 0.0
        for o, goals in self.goals.items():
            if not alive[o]:
                continue
            score -= gamma * inc[o]
            scale = 1.5 * inc[o] + 1.0
            danger = 0.0
            for prob, g, gates in goals:
                r = remaining(g, o)
                for t in gates:
                    if owner[t] != o:
                        r += cost[t]
                if self.steep:
                    z = self.steep * (r / scale - self.mid)
                    danger += prob / (1.0 + math.exp(z if z < 50.0 else 50.0))
                else:
                    danger += prob * math.exp(-r / scale)
            score -= d_opp * danger
            if danger > nearest:
                nearest = danger
            if terms is not None:
                terms["inc_opp"] += inc[o]
                terms["inc_opp_max"] = max(terms["inc_opp_max"], inc[o])
                terms["danger"] += danger
                terms["armies_opp"] += sum(a for a, w in zip(armies, owner, strict=True) if w == o)
                terms["alive_opp"] += 1
        score -= self.d_max * nearest
        if terms is not None:
            terms["danger_max"] = nearest
        return score, r_me, inc, False

    # ---------------------------------------------------------------- WAR II
    def _war2_income(self, owner: list[int], whole: list[int], cont_income: list[float]) -> None:
        """Add majority bonuses and Strategic Centres to ``cont_income`` (in place)."""
        info = self.info
        majority = info.majority
        for c, ts in enumerate(info.conts):
            if whole[c] >= 0 or not majority[c]:
                continue
            half = len(ts) / 2
            held: dict[int, int] = {}
            for t in ts:
                o = owner[t]
                held[o] = held.get(o, 0) + 1
            for o, k in held.items():
                if k > half:
                    cont_income[o] += majority[c]
        value = self.centre_value
        for t in info.centres:
            cont_income[owner[t]] += value

    def _centres_remaining(
        self, goal: Goal, p: int, owner: list[int], cost: list[float], counts: list[int]
    ) -> float:
        info = self.info
        prices = sorted(cost[t] for t in info.centres if owner[t] != p)
        short_c = goal[1] - (len(info.centres) - len(prices))
        total = sum(prices[: max(0, short_c)])
        short_t = goal[2] - counts[p] - max(0, short_c)
        if short_t > 0:
            rest = sorted(
                cost[t] + 0.6 for t in range(info.n) if owner[t] != p and not info.is_centre[t]
            )
            total += sum(rest[:short_t])
        return total

    def _majorities_remaining(
        self, goal: Goal, p: int, owner: list[int], cost: list[float]
    ) -> float:
        per = []
        for ts in self.info.conts:
            prices = [cost[t] for t in ts if owner[t] != p]
            need = len(ts) // 2 + 1 - (len(ts) - len(prices))
            if need <= 0:
                per.append(0.0)
                continue
            prices.sort()
            per.append(sum(prices[:need]))
        per.sort()
        return sum(per[: goal[1]])
