"""WAR, the classic game (Grow's book): the engine's own rules, on ``board.json``."""

from __future__ import annotations

from ..spec import Variant

VARIANT = Variant(id="classic", order=0, board_id="classic")
