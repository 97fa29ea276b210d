"""Bot levels: ``easy``, ``normal`` and ``hard``, behind one interface.

>>> from pywar.game import Game
>>> game = Game.new("classic", [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=5)
>>> bot = make_bot("normal", seed=1)
>>> game.is_legal(bot.choose(game))
True

``bot.choose(game)`` returns the current player's next action. ``bot.think(game)`` is the
same decision in chunks for the browser: a generator that yields ``None`` after each chunk
of about 8 ms of work and finally yields the action.
"""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot
from .simple import SimpleLevel

LEVELS: dict[str, type[Bot]] = {
    "simple": SimpleLevel,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (``easy``, ``normal``, ``hard`` or ``simple``) with its own seed."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return cls(seed)


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "NormalBot", "SimpleLevel", "make_bot"]
