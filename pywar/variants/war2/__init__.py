"""WAR II: its own setup, turns, cards and air attacks live in ``rules.py`` (imported only
when a game is built); its numbers are in ``board.json`` (see ``docs/rules.md``)."""

from __future__ import annotations

from ..spec import Variant

VARIANT = Variant(
    id="war2",
    order=1,
    board_id="war2",
    hand_limit=5,
    cards_per_conquest_turn=3,
    elimination_cards="top_up",
    options=("information_centres", "five_players_deal_all_centres", "majority_armies_bound"),
    game_class="pywar.variants.war2.rules:War2Game",
    bot_class="pywar.variants.war2.bot:War2Bot",
    bot_layer="pywar.variants.war2.ai:War2Layer",
)
