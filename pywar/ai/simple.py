"""Level "simple": the original :class:`pywar.bot.SimpleBot` behind the common interface."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..bot import SimpleBot
from ..game import Game
from .base import Bot


class SimpleLevel(Bot):
    """:class:`pywar.bot.SimpleBot` (reads only the public board and its own objective)."""

    level = "simple"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.bot = SimpleBot()

    def think(self, game: Game) -> Any:
        action: Action = self.bot.choose(game)
        yield action
