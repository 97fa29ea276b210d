"""WAR Batalhas Mitológicas (war-batalhas-mitologicas.txt), basic game: a data-only plug-in.

"adaptado para até 4 jogadores" (3 named in the objectives note), territory cards dealt from
the dealer's left, and the first round is placement only ("receber exércitos, colocá-los no
mapa ... e passar a vez").
"""

from __future__ import annotations

from ..spec import Variant

VARIANT = Variant(
    id="mitologicas",
    order=2,
    board_id="mitologicas",
    min_players=3,
    max_players=4,
    first_round_placement_only=True,
    deal_starts_with="left",
    elimination_cards="top_up",
    options=(),
)
