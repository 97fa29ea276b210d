"""A variant's facts as data: its board, player range, numbers and rule options.

Each variant declares one :class:`Variant` in its folder ``pywar/variants/<id>/`` and the
registry (:mod:`pywar.variants`) lists them. Every number a ruling chose is a named field,
recorded in ``docs/rules.md``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from ..board import Board, load_board


@dataclass(frozen=True)
class Variant:
    """Rule options of one game of the WAR family."""

    id: str
    board_id: str
    #: Where the page lists the variant (ascending; ties by id).
    order: int = 100
    min_players: int = 3
    max_players: int = 6
    #: Armies for the first trades of the game; after them each trade adds ``trade_step``.
    trade_values: tuple[int, ...] = (4, 6, 8, 10, 12, 15)
    trade_step: int = 5
    #: Extra armies for a traded card whose territory the player holds.
    owned_card_bonus: int = 2
    #: ``once``: one owned card per trade earns the bonus; ``each``: every owned card does.
    owned_card_bonus_mode: str = "once"
    #: Holding this many cards at the start of a turn forces a trade.
    forced_trade_at: int = 5
    #: The hand size an elimination works with: ``take_all`` must trade at the end of the
    #: turn while holding more than this; ``top_up`` fills the eliminator's hand up to it.
    hand_limit: int = 5
    #: What happens to an eliminated player's cards (RULINGS.md, "Elimination"):
    #: ``take_all`` (classic): the eliminator takes them all, then may trade sets at the end of
    #: that turn, before the conquest card, and must while holding more than ``hand_limit``;
    #: ``top_up``: the eliminator keeps their own and gets, blind, only enough of the
    #: eliminated player's to hold ``hand_limit``; the rest go to the discard pile.
    elimination_cards: str = "take_all"
    #: Who draws the blind top-up: ``next_player`` (the eliminator's next living player, as
    #: the WAR II and Mitológicas books say) or ``game`` (War Brasil: "o jogo realizará um
    #: sorteio").
    top_up_drawn_by: str = "next_player"
    cards_per_conquest_turn: int = 1
    min_reinforcement: int = 3
    territory_divisor: int = 2
    #: The book allows every phase from the first round; the option restricts round 1.
    #: A variant whose book says so sets this field: round 1 is then placement only as a
    #: rule of that game, whatever the options say.
    first_round_placement_only: bool = False
    #: Who gets the first territory card of the deal: ``dealer`` (classic: "começando por si
    #: próprio") or ``left`` (the player after the dealer, clockwise).
    deal_starts_with: str = "dealer"
    #: Most rounds a simulated game may last before it is called unfinished.
    round_cap: int = 200
    options: tuple[str, ...] = field(default=("first_round_placement_only",))
    #: ``module:Class`` of the game class that plays the variant: the engine's own rules
    #: (:class:`pywar.game.Game`) unless the variant extends them; ``Game.new`` and
    #: ``Game.from_json`` build it. A string: the registry never imports a rules module.
    game_class: str = "pywar.game:Game"
    #: ``module:Class`` of the built-in bot for such a variant (empty: ``SimpleBot``).
    bot_class: str = ""
    #: ``module:Class`` of what the bot levels add for this variant's own pieces, built with
    #: the level (``Class(bot)``) and asked first for every decision (empty: none).
    bot_layer: str = ""

    @property
    def board(self) -> Board:
        """The board this variant is played on."""
        return load_board(self.board_id)

    def resolve(self, attribute: str) -> Any:
        """The class named by ``game_class``, ``bot_class`` or ``bot_layer`` (None when not
        set)."""
        path = {
            "game_class": self.game_class,
            "bot_class": self.bot_class,
            "bot_layer": self.bot_layer,
        }[attribute]
        if not path:
            return None
        module, _, name = path.partition(":")
        return getattr(importlib.import_module(module), name)

    def trade_value(self, trades_done: int) -> int:
        """Armies for the next trade when ``trades_done`` trades happened in the game.

        >>> [Variant(id="x", board_id="x").trade_value(i) for i in range(9)]
        [4, 6, 8, 10, 12, 15, 20, 25, 30]
        """
        values = self.trade_values
        if trades_done < len(values):
            return values[trades_done]
        return values[-1] + self.trade_step * (trades_done - len(values) + 1)
