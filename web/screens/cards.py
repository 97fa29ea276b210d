"""The secret box: the objective and the cards, shown only on request, and trading."""

from __future__ import annotations

import itertools

from pywar.ai.core import Position, best_set, valid_sets
from pywar.game import is_valid_set
from pywar.objectives import describe

from nodes import Node, button, h
from screens.common import SHAPE_SYMBOLS, PageBase


class CardsBox(PageBase):
    """The secret box (a mixin of :class:`viewmodel.App`)."""

    def _secrets(self) -> Node:
        g = self.game
        assert g is not None
        ext = self.extension()
        special = ext.secrets(self) if ext is not None else None
        if special is not None:
            return special
        me = g.players[g.current]
        if not self.revealed:
            # Only what everybody may know: the hand's size and whether trading is open now.
            may = g.trade_allowed() and len(me.cards) >= 3 and not g.must_trade
            return h(
                "div",
                {"class": "secrets"},
                h("p", {}, self.tr("cards_count", n=len(me.cards), value=g.next_trade_value())),
                h("p", {"class": "hint trade-hint"}, self.tr("trade_may")) if may else None,
                button(self.tr("reveal"), "reveal", cls="btn"),
            )
        cards = []
        for c in me.cards:
            card = g.board.cards[c]
            label = self.tr("joker") if card.territory is None else self.tname(card.territory)
            terms = g.board.raw.get("terms", {})
            shapes_named = terms.get(self.lang, {}).get("shapes", {})
            # a board whose figures are things of its own (Mitológicas: shield, helmet,
            # sword) names the figure on the card, not only in a mouse's tooltip
            own = terms.get("en", {}).get("shapes", {}).get(card.shape, card.shape)
            if own != card.shape and card.shape in shapes_named:
                label = f"{label} ({shapes_named[card.shape]})"
            shape = self.shape_word(card.shape)
            cards.append(
                button(
                    f"{SHAPE_SYMBOLS[card.shape]} {label}",
                    "card",
                    c,
                    cls="btn card shape-" + card.shape,
                    pressed=c in self.picked,
                    title=shape,
                    # a screen reader heard "● Mackenzie": the figure in words
                    aria_label=label
                    if card.territory is None
                    else self.tr("card_aria", card=self.tname(card.territory), shape=shape),
                )
            )
        shapes = [g.board.cards[c].shape for c in self.picked]
        can_trade = g.trade_allowed() and len(self.picked) == 3 and is_valid_set(shapes)
        objective = describe(g.objective_of(g.current), g.board, self.lang)
        return h(
            "div",
            {"class": "secrets open"},
            h("p", {"class": "objective"}, h("strong", {}, self.tr("objective")), " ", objective),
            self.objective_change_note(g.current),
            h("p", {}, self.tr("cards_count", n=len(me.cards), value=g.next_trade_value())),
            h("div", {"class": "cards", "role": "group", "aria-label": self.tr("cards")}, cards),
            self._trade_advice(),
            h(
                "div",
                {"class": "btn-row"},
                button(
                    # it promised "the 3 chosen cards" before any was chosen
                    self.tr("trade" if len(self.picked) == 3 else "trade_choose"),
                    "trade",
                    cls="btn primary",
                    disabled=not can_trade,
                )
                if g.trade_allowed() and len(me.cards) >= 3
                else None,
                button(self.tr("hide"), "hide", cls="btn small"),
            ),
        )

    def shape_word(self, shape: str) -> str:
        """A card's figure in words: the board's own (Batalhas Mitológicas: shield, helmet,
        sword) or the catalogue's (square, triangle, circle, joker)."""
        g = self.game
        assert g is not None
        named = g.board.raw.get("terms", {}).get(self.lang, {}).get("shapes", {})
        return str(named.get(shape) or self.tr("shape_" + shape))

    def _trade_advice(self) -> Node | None:
        """Whether the shown hand can (or must) trade now, and why a picked set is refused."""
        g = self.game
        assert g is not None
        hand = g.players[g.current].cards
        cards = g.board.cards
        has_set = any(
            is_valid_set([cards[c].shape for c in combo])
            for combo in itertools.combinations(hand, 3)
        )
        if len(self.picked) == 3 and not is_valid_set([cards[c].shape for c in self.picked]):
            text = self.tr(
                "trade_invalid",
                shapes=", ".join(self.shape_word(cards[c].shape) for c in self.picked),
            )
            return h("p", {"class": "alert trade-advice"}, text)
        if not has_set:
            return (
                h("p", {"class": "hint trade-advice"}, self.tr("trade_none"))
                if len(hand) >= 3
                else None
            )
        if not g.trade_allowed():
            return h("p", {"class": "hint trade-advice"}, self.tr("trade_later"))
        key = "trade_must" if g.must_trade else "trade_ready"
        if len(self.picked) == 3:  # a set (a refused one was said above)
            key = "trade_set_picked"
        advice = h(
            "p",
            {"class": ("alert" if g.must_trade else "hint") + " trade-advice"},
            self.tr(key, value=g.next_trade_value()),
            " " + self.tr("trade_picked", n=len(self.picked)) if len(self.picked) < 3 else None,
        )
        if len(self.picked) == 3:
            return advice
        return h("div", {}, advice, button(self.tr("trade_pick_set"), "pick-set", cls="btn small"))

    def suggested_set(self) -> list[int]:
        """The set a tap on "Pick a set for me" picks, as the computer players choose
        (:func:`pywar.ai.core.best_set`: one with a card of a territory the player holds,
        for its +2, then the fewest jokers); empty when the hand holds no set."""
        g = self.game
        assert g is not None
        pos = Position.from_view(g.view(g.current))
        sets = valid_sets(pos.info, g.players[g.current].cards)
        return list(best_set(pos, sets)[0]) if sets else []
