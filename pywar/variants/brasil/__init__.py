"""War Brasil (war-brasil.txt): a data-only plug-in.

Attacks "a partir da segunda rodada" (the first round is placement only) and "2 exércitos
extras para cada carta trocada" of an owned territory.
"""

from __future__ import annotations

from ..spec import Variant

VARIANT = Variant(
    id="brasil",
    order=3,
    board_id="brasil",
    first_round_placement_only=True,
    owned_card_bonus_mode="each",
    elimination_cards="top_up",
    top_up_drawn_by="game",
    options=(),
)
