"""The simple built-in bot: plays for its objective well enough to finish games.

It reads only what its seat may see (the board, its own objective and cards) and acts
through the same :meth:`Game.apply` as people. Real AI levels come later.

>>> from pywar.game import Game
>>> game = Game.new("classic", [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=5)
>>> bot = SimpleBot()
>>> game.is_legal(bot.choose(game))
True
"""

from __future__ import annotations

from .actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from .game import Game
from .phase import Phase

#: Attack a territory the objective needs when the source has this many times its armies.
TARGET_RATIO = 1.0
#: Attack any other territory only with a clear advantage.
OTHER_RATIO = 2.0


_VARIANT_BOTS: dict[str, SimpleBot] = {}


def variant_bot(game: Game) -> SimpleBot | None:
    """The bot of the game's variant when it has one (``Variant.bot_class``), else None."""
    path = game.variant.bot_class
    if not path:
        return None
    if path not in _VARIANT_BOTS:
        _VARIANT_BOTS[path] = game.variant.resolve("bot_class")()
    return _VARIANT_BOTS[path]


class SimpleBot:
    """A greedy objective-directed bot: concentrate, attack with the odds, push to the front."""

    name = "simple"

    def choose(self, game: Game) -> Action:
        """The next action for the current player of ``game``."""
        own = variant_bot(game)
        if own is not None and not isinstance(self, type(own)):
            return own.choose(game)  # a variant with rules of its own has its own bot
        me = game.current
        trades = game.valid_trades()
        if trades and (game.must_trade or game.phase in (Phase.REINFORCE, Phase.FINAL_TRADE)):
            return Trade(trades[0])
        if game.pending_armies:
            return self._place(game, me)
        if game.phase == Phase.OCCUPY:
            assert game.occupy is not None
            return Occupy(game.occupy["max"])
        if game.phase == Phase.ATTACK:
            attack = self._attack(game, me)
            return attack or EndAttack()
        if game.phase == Phase.REGROUP:
            return self._regroup(game, me) or EndTurn()
        if game.phase == Phase.FINAL_TRADE:
            return EndTurn()  # the sets worth trading went above
        raise RuntimeError(f"nothing to do in phase {game.phase}")  # pragma: no cover

    # --------------------------------------------------------------- targets
    def wanted(self, game: Game, me: int) -> set[str]:
        """Territories the bot's objective asks for."""
        spec = game.objective_of(me)
        board = game.board
        owner = game.owner
        if spec["kind"] == "destroy":
            victim = next((i for i, p in enumerate(game.players) if p.color == spec["color"]), None)
            if victim is not None and game.players[victim].alive:
                return {t for t, p in owner.items() if p == victim}
            return set(board.territories)
        if spec["kind"] == "continents":
            want: set[str] = set()
            for c in spec["continents"]:
                want.update(board.continents[c].territories)
            if spec.get("extra"):
                others = [c for c in board.continents if c not in spec["continents"]]

                def share(cid: str) -> float:
                    ts = board.continents[cid].territories
                    return sum(owner[t] == me for t in ts) / len(ts)

                want.update(board.continents[max(others, key=share)].territories)
            return want
        return set(board.territories)

    def _front(self, game: Game, me: int, t: str) -> int:
        """Enemy armies next to ``t`` (0 for an interior territory)."""
        return sum(game.armies[n] for n in game.board.neighbors[t] if game.owner[n] != me)

    def _place(self, game: Game, me: int) -> Place:
        wanted = self.wanted(game, me)
        mine = game.territories_of(me)
        for key in sorted(game.pools):
            if key.startswith("territory:"):
                t = key.split(":", 1)[1]
                return Place(t, game.pools[key])
            if key.startswith("continent:"):
                cid = key.split(":", 1)[1]
                inside = [t for t in mine if game.board.continent_of(t) == cid]
                best = max(inside, key=lambda t: (self._front(game, me, t), game.armies[t]))
                return Place(best, game.pools[key])

        def score(t: str) -> tuple[int, int, int]:
            targets = [n for n in game.board.neighbors[t] if game.owner[n] != me]
            good = sum(1 for n in targets if n in wanted)
            return (
                good > 0,
                bool(targets),
                game.armies[t] - min((game.armies[n] for n in targets), default=99),
            )

        best = max(mine, key=score)
        return Place(best, game.available_for(best))

    def _attack(self, game: Game, me: int) -> Attack | None:
        wanted = self.wanted(game, me)
        best: tuple[float, str, str] | None = None
        for source in game.territories_of(me):
            mine = game.armies[source]
            if mine < 2:
                continue
            for target in sorted(game.board.neighbors[source]):
                if game.owner[target] == me:
                    continue
                theirs = game.armies[target]
                ratio = TARGET_RATIO if target in wanted else OTHER_RATIO
                needed = ratio * theirs + 1
                easy = not game.conquered and theirs == 1 and mine >= 3
                if mine - 1 >= needed or easy:
                    edge = (mine - 1) / theirs + (1.0 if target in wanted else 0.0)
                    if best is None or edge > best[0]:
                        best = (edge, source, target)
        if best is None:
            return None
        return Attack(best[1], best[2])

    def _regroup(self, game: Game, me: int) -> Regroup | None:
        for source in game.territories_of(me):
            movable = game.movable_from(source)
            if not movable or self._front(game, me, source):
                continue
            neighbors = [n for n in sorted(game.board.neighbors[source]) if game.owner[n] == me]
            fronts = [n for n in neighbors if self._front(game, me, n)]
            if fronts:
                return Regroup(source, max(fronts, key=lambda n: self._front(game, me, n)), movable)
        return None
