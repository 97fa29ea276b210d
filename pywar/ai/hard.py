"""Level "hard": searches its own turn with exact odds and a whole-board score.

* Belief: a public guess at every other seat's objective, updated from the territories
  they conquer and where their armies grow between our turns (:mod:`pywar.ai.belief`).
* Score: own objective distance and income, armies, exact-odds risk on our borders, and the
  danger of every other seat by the belief (:mod:`pywar.ai.evaluate`). Taking what the
  likeliest winner needs is how it blocks.
* Placement: candidate placements (stacks on the best attack bases, splits with the
  Border Security Ratio, a greedy defensive one, a push for the objective from one base or
  two, top-ups to an objective's floor of armies) are each tried in Monte Carlo rollouts
  of the attack phase (:mod:`pywar.ai.rollout`), dice sampled from the exact roll tables
  with the bot's own generator; the best mean score wins. One that meets the objective
  as placed wins at once.
  The best :attr:`HardBot.reply_top` of them are then played again, each rollout followed
  by the others' next turns by a cheap normal-like policy (:mod:`pywar.ai.reply`): a plan
  that leaves us open, or lets a likely winner finish, scores worse (at tables of up to
  4; on WAR II too, whose air war the replies leave out).
* Attacks (``attack_mode = "policy"``, the default): before each new battle it weighs, by
  rollouts of the rest of its attack phase with the same dice seeds, how boldly to go on
  (the odds gate shifted by each of :attr:`HardBot.shifts`, or a push for the objective)
  against stopping, and fights the first battle of the best choice to its break-off point.
  The next roll of a battle under way is played at once, without weighing anything.
  A turn may spend :data:`TURN_WORK` rollouts; past them its battles follow the plain
  gate policy, so no turn of many conquests runs away.
  ``attack_mode = "expectimax"`` instead scores every candidate battle by the exact odds of
  winning or losing it and the score of both outcomes, re-weighed after every roll.
* Occupation: as many armies as the rollouts assumed (policy mode) or the best by the
  whole-board score (expectimax). Regrouping: the move with the best whole-board score,
  or a gathering of every neighbour's movable armies into one territory when it scores
  better (played move by move).
* Cards: traded when the set is worth 8 or more, the hand is full, or the objective is
  within reach.
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Attack, EndAttack, EndTurn, Occupy, Place
from .base import Bot, Clock, RolloutPlay, Thinking
from .belief import Belief
from .core import (
    Position,
    left_if_fail,
    left_if_win,
    p_win,
    war2_worth,
)
from .evaluate import Evaluator, Goal, seat_goals
from .normal import front_distance, threat_of, trade_now
from .reply import Replies
from .rollout import (
    gate_move,
    gate_pick,
    gate_play,
    gate_stop,
    mean_score,
    objective_floor,
    over_budget,
    placed_armies,
    push_bases,
    push_move,
    push_pick,
    push_play,
    push_targets,
    reply_score,
    spend,
)

#: Rollouts per candidate placement.
ROLLOUTS = 16
#: Candidate attack bases tried for the placement.
BASES = 12
#: Attacks considered at each decision (by a quick estimate first).
ATTACK_CANDIDATES = 10
#: An attack must beat stopping by this much score.
MARGIN = 0.25
#: Thinking budget of one turn, in rollouts (a rollout of a 3-player board is about
#: 0.2 ms; larger tables count more per rollout). Past it, the turn's remaining battles
#: follow the cheap gate policy: no turn runs away, and the budget stays deterministic.
TURN_WORK = 4000


class HardBot(Bot):
    """Turn search with exact odds, rollouts for the placement, a belief over objectives."""

    level = "hard"
    skill = 2
    rollouts = ROLLOUTS
    bases = BASES
    weights: dict[str, float] = {}
    hold_below = 8
    attack_mode = "policy"
    shifts = (-0.2, -0.1, 0.0, 0.1)
    splits: tuple[float, ...] = (0.5,)
    attack_rollouts = 10
    #: Placement rollouts start with the variant layer's opening (WAR II: a raid).
    air_rollouts = True
    #: Rollouts one turn may spend (see :data:`TURN_WORK`).
    turn_work = TURN_WORK
    #: Placement: the best candidates by the own rollouts played again with the others'
    #: replies (:mod:`pywar.ai.reply`); 0 or 1: off.
    reply_top = 4
    reply_rollouts = 16
    #: Replies only at tables of at most this many seats (with 6, hard won 23 of 60 games
    #: with them against 30 without).
    reply_seats = 4
    #: No replies once we hold this few territories: nothing left to guard, and a last
    #: fortress that never sallies out would stall the game (4 of 900 games did).
    reply_floor = 3

    def decide(self, view: dict[str, Any], trade_allowed: bool, clock: Clock) -> Thinking:
        pos = Position.from_view(view)
        mem = self.seat_memory(pos)
        belief = self.belief(pos, mem)
        for seat, seen in (view.get("intel") or {}).items():
            if "objective" in seen:  # WAR II: a captured Information Centre showed it
                belief.know(int(seat), seen["objective"])
        if mem.get("observed_turn") != pos.turn:
            if clock.due():
                yield
            belief.observe(pos)
            mem["observed_turn"] = pos.turn
            mem.pop("plan", None)
            mem.pop("battle", None)
            mem.pop("mode", None)
            mem.pop("regroup", None)
            mem.pop("replies", None)
            mem["work"] = 0.0
        going_on = self.battle_going_on(pos, mem)
        if going_on is not None:  # the next roll of a battle under way: nothing to weigh
            belief.remember(pos)
            return going_on
        # The others' likely objectives, a seat at a time: in 6 players they are the
        # longest stretch of work before the first checkpoint of the plans.
        hyps: dict[int, list[tuple[float, dict[str, Any]]]] = {}
        goals: dict[int, list[tuple[float, Goal, tuple[int, ...]]]] = {}
        for o in range(pos.nplayers):
            if o != pos.me and pos.alive[o]:
                if clock.due():
                    yield
                hyps[o] = belief.hypotheses(pos, o)
                goals[o] = seat_goals(pos, o, hyps[o])
        ev = Evaluator(pos, hyps, self.weights, goals)
        rnd = self.rng_for(view)
        action = yield from self._decide(pos, trade_allowed, ev, mem, rnd, clock)
        belief.remember(pos)
        return action

    def battle_going_on(self, pos: Position, mem: dict[str, Any]) -> Attack | None:
        """The next roll of the battle the attack policy started, while it lasts (the
        policy fights a battle to its break-off point)."""
        battle = mem.get("battle")
        if battle is None or self.attack_mode != "policy" or pos.phase != "attack" or pos.pools:
            return None
        s, t, stop = battle
        if pos.owner[s] == pos.me and pos.owner[t] != pos.me and pos.armies[s] > max(1, stop):
            return Attack(pos.info.ids[s], pos.info.ids[t])
        return None

    def _decide(
        self,
        pos: Position,
        trade_allowed: bool,
        ev: Evaluator,
        mem: dict[str, Any],
        rnd: random.Random,
        clock: Clock,
    ) -> Thinking:
        threat = threat_of(pos)
        hold = self.hold_below
        if ev.spec and _closeness(pos, ev) > 0.5:
            hold = 0
        trade = trade_now(pos, trade_allowed, hold, threat)
        if trade is not None:
            return trade
        if pos.pools:
            action = yield from self.place(pos, ev, mem, rnd, clock)
            return action
        if pos.phase == "occupy":
            assert pos.occupy is not None
            if mem.get("mode") == "push":
                needed = push_targets(pos, ev)
                if needed is not None:
                    return Occupy(push_move(pos, pos.owner, needed, *pos.occupy))
            if self.attack_mode == "policy":  # move as the rollouts assumed
                return Occupy(gate_move(pos, pos.owner, *pos.occupy))
            return self.occupy(pos, ev)
        if pos.phase == "attack":
            action = yield from self.attack(pos, ev, mem, rnd, clock)
            return action
        if pos.phase == "regroup":
            action = yield from self.regroup(pos, ev, clock, mem)
            return action
        if pos.phase == "final_trade":  # after an elimination; trade_now traded what it would
            return EndTurn()
        raise RuntimeError(f"nothing to do in phase {pos.phase}")  # pragma: no cover

    # ------------------------------------------------------------- placement
    def place(
        self, pos: Position, ev: Evaluator, mem: dict[str, Any], rnd: random.Random, clock: Clock
    ) -> Thinking:
        info = pos.info
        plan = mem.get("plan")
        total = sum(pos.pools.values())
        if plan is None or sum(plan.values()) != total or not _fits(pos, plan):
            plan, mode = yield from self.plan_placement(pos, ev, rnd, clock, mem)
            mem["plan"] = plan
            mem["mode"] = mode
        t = min(plan, key=lambda x: (-_bound_first(pos, x), x))
        k = plan.pop(t)
        k = min(k, _available(pos, t))
        if k <= 0:  # pragma: no cover - the plan always fits the pools
            mem.pop("plan", None)
            t = next(x for x in range(info.n) if _available(pos, x) > 0)
            k = _available(pos, t)
        if not plan:
            mem.pop("plan", None)
        return Place(info.ids[t], k)

    def plan_placement(
        self,
        pos: Position,
        ev: Evaluator,
        rnd: random.Random,
        clock: Clock,
        mem: dict[str, Any] | None = None,
    ) -> Thinking:
        """{territory: armies} for every pending army, chosen by rollouts."""
        info = pos.info
        me = pos.me
        fixed: dict[int, int] = {}
        for key, k in pos.pools.items():
            if key.startswith("territory:"):
                t = info.index[key.split(":", 1)[1]]
                fixed[t] = fixed.get(t, 0) + k
        cont_pools = {
            info.continent_index(key.split(":", 1)[1]): k
            for key, k in pos.pools.items()
            if key.startswith("continent:")
        }
        free = pos.pools.get("free", 0)
        values = self.rollout_values(pos, ev)
        threat = threat_of(pos)
        bases = self.attack_bases(pos, values, free + sum(cont_pools.values()))
        candidates: list[dict[int, int]] = []

        def finish(alloc_free: dict[int, int], base: int | None) -> dict[int, int]:
            alloc = dict(fixed)
            for t, k in alloc_free.items():
                if k:
                    alloc[t] = alloc.get(t, 0) + k
            for c, k in cont_pools.items():
                inside = [t for t in info.conts[c] if pos.owner[t] == me]
                if base is not None and base in inside:
                    t = base
                else:
                    t = max(inside, key=lambda x: (threat[x] / pos.armies[x], -x))
                alloc[t] = alloc.get(t, 0) + k
            return alloc

        bsr = _bsr_allocation(pos, threat, free)
        candidates.append(finish(bsr, None))
        for s in bases:
            candidates.append(finish({s: free}, s))
            for share in self.splits:
                part = round(free * share)
                if 0 < part < free:
                    split = _bsr_allocation(pos, threat, free - part)
                    split[s] = split.get(s, 0) + part
                    candidates.append(finish(split, s))
        tried: list[tuple[dict[int, int], str]] = []
        for c in candidates:
            if (c, "gate") not in tried:
                tried.append((c, "gate"))
        needed = push_targets(pos, ev)
        if needed is not None:
            pbases = push_bases(pos, needed, free + sum(cont_pools.values()), self.bases)
            for s in pbases:
                tried.append((finish({s: free}, s), "push"))
            # What the objective lacks may lie in two places: half on each of two bases.
            half = free // 2
            if half > 0:
                for i, s in enumerate(pbases[:3]):
                    for u in pbases[i + 1 : 3]:
                        tried.append((finish({s: free - half, u: half}, s), "push"))
        floor = objective_floor(ev)
        if floor > 1 and free > 0:  # a floor of armies: top the short territories up first
            short = sorted(
                (t for t in pos.mine() if pos.armies[t] < floor),
                key=lambda t: (-threat[t], t),
            )
            alloc: dict[int, int] = {}
            left = free
            for t in short:
                k = floor - pos.armies[t]
                if k > left:
                    break
                alloc[t] = k
                left -= k
            if left and bases:
                alloc[bases[0]] = alloc.get(bases[0], 0) + left
            elif left:
                for t, k in _bsr_allocation(pos, threat, left).items():
                    alloc[t] = alloc.get(t, 0) + k
            if alloc:
                tried.append((finish(alloc, bases[0] if bases else None), "gate"))
        # A placement that meets the objective wins at once: no rollouts needed.
        for alloc, mode in tried:
            if clock.due():
                yield
            placed = list(pos.armies)
            for t, k in alloc.items():
                placed[t] += k
            if ev.parts(pos.owner, placed)[2]:
                return alloc, mode
        if clock.due():
            yield
        if len(tried) == 1:
            return tried[0]
        if over_budget(pos, mem, self.turn_work):  # the cheap plan: the best base
            return tried[1]
        spend(pos, mem, self.rollouts * len(tried))
        seeds = [rnd.getrandbits(32) for _ in range(self.rollouts)]
        best: tuple[float, int] | None = None
        means: list[float] = []
        plays: list[RolloutPlay] = []
        for alloc, mode in tried:
            owner = pos.owner
            base_armies = placed_armies(pos, alloc)
            if mode == "push":
                assert needed is not None
                play = push_play(pos, needed)
            else:
                play = gate_play(pos, values)
            if self.air_rollouts:
                play = self.layer.rollout_opening(pos, owner, base_armies, values, play)
            mean = yield from mean_score(pos, ev, owner, base_armies, seeds, play, clock)
            means.append(mean)
            plays.append(play)
            if best is None or mean > best[0]:
                best = (mean, len(means) - 1)
        assert best is not None
        if (
            self.reply_top > 1
            and len(means) > 1
            and pos.nplayers <= self.reply_seats
            and pos.owner.count(pos.me) > self.reply_floor
            and not over_budget(pos, mem, self.turn_work)
        ):
            # The best few again, each followed by the others' replies.
            top = sorted(range(len(tried)), key=lambda i: (-means[i], i))[: self.reply_top]
            replies = self.replies(pos, ev, mem)
            spend(pos, mem, 3 * self.reply_rollouts * len(top))
            rseeds = [rnd.getrandbits(32) for _ in range(self.reply_rollouts)]
            best = None
            for i in top:
                alloc, mode = tried[i]
                mean = yield from reply_score(
                    ev, pos.owner, placed_armies(pos, alloc), rseeds, plays[i], replies, clock
                )
                if best is None or mean > best[0]:
                    best = (mean, i)
            assert best is not None
        return tried[best[1]]

    def replies(self, pos: Position, ev: Evaluator, mem: dict[str, Any] | None) -> Replies:
        """The others' reply model, built once a turn (from the turn's first position)."""
        if mem is None:
            return Replies(pos, ev)
        model: Replies | None = mem.get("replies")
        if model is None:
            model = mem["replies"] = Replies(pos, ev)
        return model

    def belief(self, pos: Position, mem: dict[str, Any]) -> Belief:
        """This seat's belief about the others' objectives (new for a new game)."""
        belief: Belief | None = mem.get("belief")
        if belief is None or mem.get("cards") != belief.cards:
            belief = mem["belief"] = Belief(pos)
            mem["cards"] = belief.cards
        return belief

    def values(self, pos: Position) -> list[float]:
        """Worth of conquering each territory, by the belief of this seat's memory (for the
        WAR II layer's raids and cards)."""
        belief = self.belief(pos, self.seat_memory(pos))
        hyps = {
            o: belief.hypotheses(pos, o)
            for o in range(pos.nplayers)
            if o != pos.me and pos.alive[o]
        }
        return self.rollout_values(pos, Evaluator(pos, hyps, self.weights))

    def rollout_values(self, pos: Position, ev: Evaluator) -> list[float]:
        """Quick worth of each enemy territory for the rollout policy."""
        info = pos.info
        me = pos.me
        owner = pos.owner
        danger_w = [0.0] * info.n
        for o, hyps in ev.hyp.items():
            for prob, spec in hyps:
                if spec["kind"] == "continents":
                    for cid in spec["continents"]:
                        for t in info.conts[info.continent_index(cid)]:
                            if owner[t] == o:
                                danger_w[t] += prob
        gate_w = [0.0] * info.n
        for t in ev.gateways:
            gate_w[t] = 0.8
        extra = war2_worth(pos)
        out = []
        for t in range(info.n):
            if owner[t] == me:
                out.append(0.0)
                continue
            c = info.cont_of[t]
            ts = info.conts[c]
            held = sum(1 for u in ts if owner[u] == me)
            v = 1.0 + 3.0 * max(ev.w_me[t], gate_w[t]) + info.bonus[c] * held / len(ts)
            v += danger_w[t] + extra[t]
            if held == len(ts) - 1:
                v += 2.0 * info.bonus[c]
            if all(owner[u] == owner[t] for u in ts):
                v += 1.5 * info.bonus[c]
            out.append(v)
        return out

    def attack_bases(self, pos: Position, values: list[float], armies: int) -> list[int]:
        """Own territories from which the reinforcements make the best attacks."""
        me = pos.me
        owner = pos.owner
        scored: dict[int, float] = {}
        for s in range(pos.info.n):
            if owner[s] != me:
                continue
            a = pos.armies[s] + armies
            best = 0.0
            for t in pos.info.nbrs[s]:
                if owner[t] != me:
                    best = max(best, p_win(a, pos.armies[t]) * values[t])
            if best > 0:
                scored[s] = best
        return sorted(scored, key=lambda s: (-scored[s], s))[: self.bases]

    # --------------------------------------------------------------- attacks
    def attack(
        self, pos: Position, ev: Evaluator, mem: dict[str, Any], rnd: random.Random, clock: Clock
    ) -> Thinking:
        info = pos.info
        owner = pos.owner
        armies = pos.armies
        if self.attack_mode == "policy":
            action = yield from self.attack_by_policy(pos, ev, mem, rnd, clock)
            return action
        if mem.get("mode") == "push":
            needed = push_targets(pos, ev)
            pick = None if needed is None else push_pick(pos, owner, armies, needed)
            if pick is not None:
                return Attack(info.ids[pick[0]], info.ids[pick[1]])
            mem["mode"] = "gate"
        battle = mem.get("battle")
        if battle is not None:
            s, t, p0 = battle
            if owner[s] == pos.me and owner[t] != pos.me and armies[s] >= 2:
                p = p_win(armies[s], armies[t])
                if p >= p0 - 0.08:
                    return Attack(info.ids[s], info.ids[t])  # the odds still hold
                here = ev(owner, armies, pos.conquered)
                value = self.battle_value(pos, ev, s, t)
                if value > here + MARGIN * 0.5:
                    mem["battle"] = (s, t, p)
                    return Attack(info.ids[s], info.ids[t])
            mem.pop("battle", None)
        here = ev(owner, armies, pos.conquered)
        candidates = self.attack_candidates(pos, ev)
        best: tuple[float, int, int] | None = None
        for s, t in candidates:
            value = self.battle_value(pos, ev, s, t)
            if best is None or value > best[0]:
                best = (value, s, t)
            if clock.due():
                yield
        if best is None or best[0] <= here + MARGIN:
            return EndAttack()
        mem["battle"] = (best[1], best[2], p_win(armies[best[1]], armies[best[2]]))
        return Attack(info.ids[best[1]], info.ids[best[2]])

    def attack_by_policy(
        self, pos: Position, ev: Evaluator, mem: dict[str, Any], rnd: random.Random, clock: Clock
    ) -> Thinking:
        """Choose, by rollouts, how boldly to go on (a gate shift, a push, or stop), and
        play the first battle of the best choice; a battle runs to its stop level."""
        info = pos.info
        owner = pos.owner
        armies = pos.armies
        going_on = self.battle_going_on(pos, mem)
        if going_on is not None:
            return going_on
        mem.pop("battle", None)
        values = self.rollout_values(pos, ev)
        needed = push_targets(pos, ev)
        options: list[tuple[str, float, tuple[int, int]]] = []
        for shift in self.shifts:
            pick = gate_pick(pos, owner, armies, values, pos.conquered, shift)
            if pick is not None:
                options.append(("gate", shift, pick))
        if needed is not None:
            pick = push_pick(pos, owner, armies, needed)
            if pick is not None:
                options.append(("push", 0.0, pick))
        if not options:
            return EndAttack()
        if over_budget(pos, mem, self.turn_work):  # out of time: go on as chosen last
            kind = "push" if mem.get("mode") == "push" else "gate"
            cheap = [o for o in options if o[0] == kind and o[1] <= 0.0]
            if not cheap:
                return EndAttack()
            kind, shift, (s, t) = max(cheap, key=lambda o: o[1])
            mem["mode"] = kind
            mem["battle"] = (s, t, 1 if kind == "push" else gate_stop(armies[s]))
            return Attack(info.ids[s], info.ids[t])
        spend(pos, mem, self.attack_rollouts * len(options))
        best_value = ev(owner, armies, pos.conquered) + MARGIN
        best: tuple[str, float, tuple[int, int]] | None = None
        seeds = [rnd.getrandbits(32) for _ in range(self.attack_rollouts)]
        for kind, shift, (s, t) in options:
            if kind == "push":
                assert needed is not None
                play = push_play(pos, needed)
            else:
                play = gate_play(pos, values, shift, (s, t, gate_stop(armies[s])))
            mean = yield from mean_score(pos, ev, owner, armies, seeds, play, clock)
            if mean > best_value:
                best_value = mean
                best = (kind, shift, (s, t))
        if best is None:
            return EndAttack()
        kind, shift, (s, t) = best
        mem["mode"] = kind
        stop = 1 if kind == "push" else gate_stop(armies[s])
        mem["battle"] = (s, t, stop)
        return Attack(info.ids[s], info.ids[t])

    def attack_candidates(self, pos: Position, ev: Evaluator) -> list[tuple[int, int]]:
        """The most promising (source, target) pairs by a quick estimate."""
        me = pos.me
        owner = pos.owner
        armies = pos.armies
        values = self.rollout_values(pos, ev)
        scored = []
        for s in range(pos.info.n):
            if owner[s] != me or armies[s] < 2:
                continue
            for t in pos.info.nbrs[s]:
                if owner[t] == me:
                    continue
                p = p_win(armies[s], armies[t])
                if p < 0.15:
                    continue
                scored.append((p * values[t], s, t))
        scored.sort(key=lambda x: (-x[0], x[1], x[2]))
        return [(s, t) for _, s, t in scored[:ATTACK_CANDIDATES]]

    def battle_value(self, pos: Position, ev: Evaluator, s: int, t: int) -> float:
        """Expected score of fighting from ``s`` into ``t`` to the end (exact odds)."""
        owner = pos.owner
        armies = pos.armies
        a = armies[s]
        d = armies[t]
        p = p_win(a, d)
        value = 0.0
        if p > 0.0:
            left = max(2, round(left_if_win(a, d)))
            own = list(owner)
            own[t] = pos.me
            best_win = None
            for move in sorted({1, min(3, left - 1)}):
                arm = list(armies)
                arm[s] = left - move
                arm[t] = move
                v = ev(own, arm, True)
                if best_win is None or v > best_win:
                    best_win = v
            assert best_win is not None
            value += p * best_win
        if p < 1.0:
            arm = list(armies)
            arm[s] = 1
            arm[t] = max(1, round(left_if_fail(a, d)))
            value += (1.0 - p) * ev(owner, arm, pos.conquered)
        return value

    # ------------------------------------------------------------ occupation
    def occupy(self, pos: Position, ev: Evaluator) -> Occupy:
        assert pos.occupy is not None
        s, t, top = pos.occupy
        best: tuple[float, int] | None = None
        for k in range(1, top + 1):
            arm = list(pos.armies)
            arm[s] -= k - 1
            arm[t] += k - 1
            v = ev(pos.owner, arm, True)
            # What the moved armies could still attack from the new territory.
            trial = pos.clone()
            trial.armies = arm
            for u in pos.info.nbrs[t]:
                if trial.owner[u] != pos.me and arm[t] >= 2 and p_win(arm[t], arm[u]) > 0.5:
                    v = max(v, self.battle_value(trial, ev, t, u))
            if best is None or v > best[0] + 1e-9:
                best = (v, k)
        assert best is not None
        return Occupy(best[1])

    # ------------------------------------------------------------- regroup
    def regroup(
        self, pos: Position, ev: Evaluator, clock: Clock, mem: dict[str, Any] | None = None
    ) -> Thinking:
        info = pos.info
        me = pos.me
        owner = pos.owner
        armies = pos.armies
        if mem is not None and mem.get("regroup"):  # the rest of a gathering chosen before
            s, u, k = mem["regroup"].pop(0)
            if owner[s] == me and owner[u] == me and 0 < k <= armies[s] - 1 - pos.moved[s]:
                return self.layer.regroup_move(pos, s, u, k)
            mem.pop("regroup", None)
        here = ev(owner, armies, pos.conquered)
        dist = front_distance(pos)
        floor = objective_floor(ev)
        best: tuple[float, int, int, int] | None = None
        for s in range(info.n):
            if owner[s] != me:
                continue
            movable = armies[s] - 1 - pos.moved[s]
            if movable <= 0:
                continue
            targets = [u for u in info.nbrs[s] if owner[u] == me]
            targets += self.layer.regroup_targets(pos, s)  # WAR II: airlifts
            for u in targets:
                ks = {movable, (movable + 1) // 2}
                if floor > 1 and armies[u] < floor:  # just enough to top it up
                    ks.add(min(movable, floor - armies[u]))
                for k in sorted(ks):
                    arm = list(armies)
                    arm[s] -= k
                    arm[u] += k
                    v = ev(owner, arm, pos.conquered)
                    # Interior armies are worth more nearer the front.
                    v += 0.05 * k * (dist[s] - dist[u])
                    if best is None or v > best[0]:
                        best = (v, s, u, k)
            if clock.due():
                yield
        # Gatherings: every neighbour's movable armies into one territory at once (the
        # risk on a border falls off steeply only with all of them: one move at a time
        # may not look worth it).
        gather: tuple[float, list[tuple[int, int, int]]] | None = None
        for u in range(info.n):
            if owner[u] != me:
                continue
            moves = []
            for s in info.nbrs[u]:
                if owner[s] == me:
                    k = armies[s] - 1 - pos.moved[s]
                    if k > 0:
                        moves.append((s, u, k))
            if len(moves) < 2:
                continue
            arm = list(armies)
            v = 0.0
            for s, _, k in moves:
                arm[s] -= k
                arm[u] += k
                v += 0.05 * k * (dist[s] - dist[u])
            v += ev(owner, arm, pos.conquered)
            if gather is None or v > gather[0]:
                gather = (v, moves)
            if clock.due():
                yield
        if gather is not None and gather[0] > here + 0.1 and (best is None or gather[0] > best[0]):
            moves = gather[1]
            if mem is not None:
                mem["regroup"] = moves[1:]
            s, u, k = moves[0]
            return self.layer.regroup_move(pos, s, u, k)
        if best is None or best[0] <= here + 0.1:
            return EndTurn()
        return self.layer.regroup_move(pos, best[1], best[2], best[3])


def _bsr_allocation(pos: Position, threat: list[float], count: int) -> dict[int, int]:
    """Armies one at a time to the own border territory with the worst threat ratio."""
    me = pos.me
    borders = [t for t in range(pos.info.n) if pos.owner[t] == me and threat[t] > 0]
    if not borders:
        borders = pos.mine()
    add = {t: 0 for t in borders}
    for _ in range(count):
        t = max(borders, key=lambda x: (threat[x] / (pos.armies[x] + add[x]), -x))
        add[t] += 1
    return {t: k for t, k in add.items() if k}


def _available(pos: Position, t: int) -> int:
    info = pos.info
    pools = pos.pools
    return (
        pools.get("free", 0)
        + pools.get(f"continent:{info.cont_ids[info.cont_of[t]]}", 0)
        + pools.get(f"territory:{info.ids[t]}", 0)
    )


def _bound_first(pos: Position, t: int) -> int:
    """Place on territories with bound armies first (2: own card, 1: continent)."""
    info = pos.info
    if f"territory:{info.ids[t]}" in pos.pools:
        return 2
    if f"continent:{info.cont_ids[info.cont_of[t]]}" in pos.pools:
        return 1
    return 0


def _fits(pos: Position, plan: dict[int, int]) -> bool:
    """Whether a placement plan still matches the pools."""
    return all(pos.owner[t] == pos.me for t in plan)


def _closeness(pos: Position, ev: Evaluator) -> float:
    """0..1: how near our objective looks (1 = reached)."""
    r = ev.remaining_now()
    return 1.0 / (1.0 + r / max(1.0, pos.income(pos.me)))
