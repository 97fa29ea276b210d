"""The common bot interface: ``choose`` for scripts, ``think`` for the browser.

Every level decides from ``game.view(game.current)`` only (see :mod:`pywar.ai.core`).
Bots that sample draw from their own :class:`random.Random`, seeded from the bot's seed and
the public view, never from the game's generator: the same seed and the same public
position give the same decision, whatever the hidden cards, objectives or dice to come.
"""

from __future__ import annotations

import json
import random
import time
import zlib
from collections.abc import Callable, Generator, Iterator
from typing import Any

from ..actions import Action, Regroup
from ..bot import variant_bot
from ..game import Game
from .core import Position

#: Stretch of work between two yields of :meth:`Bot.think`, in seconds (the page runs
#: one per task; the longest single step of work, a rollout, comes on top).
CHUNK_SECONDS = 0.008

Thinking = Generator[None, None, Any]
#: Plays a rollout on (owner, armies, generator), changing the lists; returns "conquered".
RolloutPlay = Callable[[list[int], list[int], random.Random], bool]


class Clock:
    """Tells a planner when its current chunk of work is long enough to yield."""

    __slots__ = ("budget", "start")

    def __init__(self, budget: float = CHUNK_SECONDS) -> None:
        self.budget = budget
        self.start = time.perf_counter()

    def due(self) -> bool:
        """True (and a new chunk starts) when the chunk has used its budget."""
        now = time.perf_counter()
        if now - self.start >= self.budget:
            self.start = now
            return True
        return False

    def restart(self) -> None:
        """Start a new chunk now (after the caller yielded)."""
        self.start = time.perf_counter()


class Bot:
    """Base of every level. Subclasses implement :meth:`decide`."""

    level = "base"
    #: How well the level plays a variant's own pieces (``Variant.bot_layer``): 0 plainly,
    #: 1 by value and exact odds, 2 by the whole-board evaluation.
    skill = 1

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        #: Per-seat memory between decisions (what a player remembers of the table).
        self.memory: dict[int, dict[str, Any]] = {}
        #: The variant's layer of the decision under way (:class:`BotLayer`: none adds
        #: nothing); :meth:`think` sets it from ``Variant.bot_layer``.
        self.layer = BotLayer(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # ---------------------------------------------------------------- driving
    def choose(self, game: Game) -> Action:
        """The current player's next action (runs :meth:`think` to the end)."""
        for step in self.think(game):
            if step is not None:
                return step
        raise RuntimeError("the bot finished thinking without an action")  # pragma: no cover

    def think(self, game: Game) -> Iterator[Action | None]:
        """Think in chunks: yields ``None`` between chunks of about 8 ms of work, then
        yields the action. The page drives it with ``setTimeout`` so no task runs long."""
        if game.phase == "over":
            raise RuntimeError("the game is over")
        view = game.view(game.current)
        clock = Clock()
        layer = game.variant.resolve("bot_layer")
        if layer is not None:  # the level plus its variant's layer (WAR II's pieces)
            self.layer = layer(self)
            gen = self.layer.decide(view, clock)
        else:
            self.layer = BotLayer(self)
            own = variant_bot(game)
            if own is not None:  # another variant with rules of its own plays its own bot
                yield own.choose(game)
                return
            gen = self.decide(view, game.trade_allowed(), clock)
        try:
            while True:
                next(gen)
                yield None
                clock.restart()
        except StopIteration as stop:
            action = stop.value
        yield action

    def decide(self, view: dict[str, Any], trade_allowed: bool, clock: Clock) -> Thinking:
        """Generator: ``yield`` (None) at checkpoints when ``clock.due()``; return the action."""
        raise NotImplementedError
        yield  # pragma: no cover

    # ---------------------------------------------------------------- helpers
    def rng_for(self, view: dict[str, Any]) -> random.Random:
        """A generator of the bot's own, seeded from its seed and the public view."""
        # Not what it learnt by spying (the cards seen do not change its dice).
        public = {k: v for k, v in view.items() if k != "intel"}
        text = json.dumps(public, sort_keys=True, separators=(",", ":"))
        return random.Random(zlib.crc32(text.encode()) ^ (self.seed & 0xFFFFFFFF))

    def seat_memory(self, pos: Position) -> dict[str, Any]:
        """This seat's memory (reset when the position is from an earlier or another game)."""
        mem = self.memory.setdefault(pos.me, {})
        if mem.get("turn", -1) > pos.turn:
            mem.clear()
        mem["turn"] = pos.turn
        return mem


class BotLayer:
    """What a variant adds to every level's play, named by ``Variant.bot_layer`` (WAR II:
    :class:`pywar.variants.war2.ai.War2Layer`). :meth:`Bot.think` builds one for each
    decision and hands the view to its :meth:`decide`; the levels ask it through the hooks
    below. This base is the layer of a variant with none: its hooks add nothing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(self, view: dict[str, Any], clock: Clock) -> Thinking:
        """Generator: the action for this view (the level's own, no trade outside the
        variant's rules); a variant's layer plays its own pieces here."""
        action = yield from self.bot.decide(view, False, clock)
        return action

    def rollout_opening(
        self,
        pos: Position,
        owner: list[int],
        armies: list[int],
        values: list[float],
        play: RolloutPlay,
    ) -> RolloutPlay:
        """Hard's placement rollouts from this board: ``play`` preceded by what the variant
        does first (WAR II: the air base's raid); the default is ``play`` itself."""
        return play

    def regroup_targets(self, pos: Position, s: int) -> list[int]:
        """Own territories beyond the neighbours that armies of ``s`` may move to in the
        regroup phase (WAR II: the other Strategic Centres); none by default."""
        return []

    def regroup_move(self, pos: Position, s: int, u: int, k: int) -> Action:
        """The action moving ``k`` armies from ``s`` to ``u`` in the regroup phase (``u``
        a neighbour or one of :meth:`regroup_targets`)."""
        return Regroup(pos.info.ids[s], pos.info.ids[u], k)
