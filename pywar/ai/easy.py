"""Level "easy": sensible but plain.

It trades as soon as it can, piles its reinforcements on one territory next to something
its objective wants, attacks when it simply has clearly more armies (half as many again
for what its objective wants, two and a half times for anything else; no odds tables and
no thought for defence), moves everything into what it conquers and brings the interior
armies to the front.
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Trade
from .base import Bot, Clock, Thinking
from .core import Position, best_set, valid_sets
from .normal import finishing_top_up, interior_regroup
from .objective import target_weights


class EasyBot(Bot):
    """Objective-minded, greedy and careless about the dice."""

    level = "easy"
    skill = 0
    #: Attack when the armies that can fight are at least this many times the defence
    #: (plus one): for what the objective wants, and for anything else.
    ratio_wanted = 1.5
    ratio_other = 2.5

    def decide(self, view: dict[str, Any], trade_allowed: bool, clock: Clock) -> Thinking:
        return self.act(Position.from_view(view), trade_allowed)
        yield  # pragma: no cover

    def act(self, pos: Position, trade_allowed: bool) -> Action:
        """The action for this position."""
        info = pos.info
        if trade_allowed and pos.phase in ("reinforce", "final_trade"):
            sets = valid_sets(info, pos.hand)
            if sets:
                combo, bonus = best_set(pos, sets)
                return Trade(combo, None if bonus is None else info.ids[bonus])
        if pos.pools:
            return self.place(pos)
        if pos.phase == "occupy":
            assert pos.occupy is not None
            return Occupy(pos.occupy[2])
        if pos.phase == "attack":
            return self.attack(pos) or EndAttack()
        if pos.phase == "regroup":
            return interior_regroup(pos) or EndTurn()
        if pos.phase == "final_trade":  # after an elimination: every set went above
            return EndTurn()
        raise RuntimeError(f"nothing to do in phase {pos.phase}")  # pragma: no cover

    def place(self, pos: Position) -> Place:
        info = pos.info
        me = pos.me
        owner = pos.owner
        for key in sorted(pos.pools):
            if key.startswith("territory:"):
                return Place(key.split(":", 1)[1], pos.pools[key])
        finish = finishing_top_up(pos)
        if finish is not None:
            return finish
        wanted = target_weights(pos, pos.objective, me)

        def score(t: int) -> tuple[bool, bool, int, int]:
            enemies = [u for u in info.nbrs[t] if owner[u] != me]
            good = any(wanted[u] >= 1.0 for u in enemies)
            weakest = min((pos.armies[u] for u in enemies), default=99)
            return (good, bool(enemies), pos.armies[t] - weakest, -t)

        for key in sorted(pos.pools):
            if key.startswith("continent:"):
                c = info.continent_index(key.split(":", 1)[1])
                inside = [t for t in info.conts[c] if owner[t] == me]
                return Place(info.ids[max(inside, key=score)], pos.pools[key])
        return Place(info.ids[max(pos.mine(), key=score)], pos.pools["free"])

    def attack(self, pos: Position) -> Attack | None:
        me = pos.me
        owner = pos.owner
        wanted = target_weights(pos, pos.objective, me)
        best: tuple[float, int, int] | None = None
        for s in pos.mine():
            a = pos.armies[s]
            if a < 2:
                continue
            for t in pos.info.nbrs[s]:
                if owner[t] == me:
                    continue
                d = pos.armies[t]
                ratio = self.ratio_wanted if wanted[t] >= 1.0 else self.ratio_other
                if a - 1 >= ratio * d + 1 or (not pos.conquered and d == 1 and a >= 3):
                    edge = (a - 1) / d + wanted[t]
                    if best is None or edge > best[0]:
                        best = (edge, s, t)
        if best is None:
            return None
        return Attack(pos.info.ids[best[1]], pos.info.ids[best[2]])
