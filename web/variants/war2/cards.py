"""WAR II's secret box: objective, cards and their uses, transports."""

from __future__ import annotations

from typing import Any

from pywar.variants.war2.actions import CardAirAttack, CardArmies, Discard, Transport, TransportCI
from pywar.variants.war2.base import CARD_PHASES
from pywar.variants.war2.data import describe as describe_war2_objective

from nodes import Node, button, h
from variant_ui import PageApp
from variants.war2.common import War2Base, _count_picker, _game, _state


class War2Cards(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

    # ------------------------------------------------------------------ secrets
    def card_label(self, app: PageApp, index: int) -> str:
        """A card in words: its territories (★ on a centre), its continent, or its number."""
        g = _game(app)
        card = g.cards[index]
        if card.numbered:
            return f"+{card.value}"
        names = [app.tname(t) + (" ★" if t == card.centre else "") for t in card.territories]
        if card.kind == "continent":
            cont = g.board.continents[g.board.continent_of(card.territories[0])]
            return f"{cont.name if app.lang == 'pt' else cont.name_en}: {', '.join(names)}"
        return " / ".join(names)

    def secrets(self, app: PageApp) -> Node | None:
        g, st = _game(app), _state(app)
        me = g.players[g.current]
        limit = g.rules.hand_limit
        count = h("p", {}, app.tr("w2_cards_count", n=len(me.cards), limit=limit))
        if not app.revealed:
            st["picked"] = []
            return h(
                "div", {"class": "secrets"}, count, button(app.tr("reveal"), "reveal", cls="btn")
            )
        cards = []
        for c in me.cards:
            card = g.cards[c]
            cards.append(
                button(
                    self.card_label(app, c),
                    "w2-card",
                    c,
                    cls=f"btn card w2-card kind-{card.kind}",
                    pressed=c in st["picked"],
                )
            )
        objective = describe_war2_objective(g.objective_of(g.current), g.board, app.lang)
        room = limit - len(me.cards)
        return h(
            "div",
            {"class": "secrets open w2"},
            h("p", {"class": "objective"}, h("strong", {}, app.tr("objective")), " ", objective),
            app.objective_change_note(g.current),
            count,
            h("div", {"class": "cards", "role": "group", "aria-label": app.tr("cards")}, cards),
            h("p", {"class": "hint"}, app.tr("w2_card_hint")) if me.cards else None,
            self._card_uses(app, st),
            h(
                "p",
                {"class": "hint"},
                app.tr("w2_hand_room", room=min(room, g.rules.cards_per_conquest_turn)),
            )
            if g.conquered and room < g.rules.cards_per_conquest_turn
            else None,
            self._intel(app),
            button(app.tr("hide"), "hide", cls="btn small"),
        )

    def _card_uses(self, app: PageApp, st: dict[str, Any]) -> Node | None:
        g = _game(app)
        picked = st["picked"]
        if not picked:
            return None
        if g.phase not in CARD_PHASES:
            return h("p", {"class": "alert"}, app.tr("w2_card_timing"))
        me = g.current
        places = [c for c in picked if not g.cards[c].numbered]
        numbers = tuple(sorted(c for c in picked if g.cards[c].numbered))
        parts: list[Any] = []
        if len(places) == 1:
            card = places[0]
            n = 1 + sum(g.cards[c].value for c in numbers)
            for t in g.cards[card].territories:
                if g.owner[t] == me:
                    if g.is_legal(CardArmies(card, t, numbers)):
                        parts.append(
                            button(
                                app.tr("w2_card_armies", n=n, territory=app.place(t)),
                                "w2-card-armies",
                                t,
                                cls="btn primary",
                            )
                        )
                elif g.is_legal(CardAirAttack(card, t, numbers)):
                    parts.append(
                        button(
                            app.tr("w2_card_air", n=n, territory=app.place(t)),
                            "w2-card-air",
                            t,
                            cls="btn primary air",
                        )
                    )
                elif g.armies[t] < g.rules.air_target_min_armies:
                    parts.append(
                        h(
                            "p",
                            {"class": "hint"},
                            app.tr("w2_card_air_floor", territory=app.place(t)),
                        )
                    )
                else:
                    parts.append(
                        h(
                            "p",
                            {"class": "hint"},
                            app.tr(
                                "w2_card_air_box",
                                territory=app.place(t),
                                n=n,
                                box=g.bombers_in_box(me),
                            ),
                        )
                    )
        elif not places:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_card_numbers_only")))
        elif len(places) == 2 and not numbers:
            parts.append(self._transport(app, st, (places[0], places[1])))
        else:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_card_too_many")))
        if len(picked) == 1 and g.is_legal(Discard(picked[0])):
            parts.append(button(app.tr("w2_discard"), "w2-discard", picked[0], cls="btn small"))
        return h("div", {"class": "w2-card-uses"}, parts)

    def _transport(self, app: PageApp, st: dict[str, Any], pair: tuple[int, int]) -> Node:
        g = _game(app)
        me = g.current
        a, b = (g.cards[c].territories for c in pair)
        parts: list[Any] = []
        sources = [
            t
            for t in (*a, *b)
            if g.owner[t] == me
            and g.movable_from(t) >= 1
            and g.is_legal(
                Transport(
                    pair, t, next((x for x in (b if t in a else a) if g.owner[x] == me), t), 1
                )
            )
        ]
        if sources:
            parts.append(h("p", {"class": "w2-transport-title"}, app.tr("w2_transport_title")))
            parts.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    [
                        button(
                            app.tr("w2_transport_from", territory=app.place(t)),
                            "w2-transport-src",
                            t,
                            cls="btn small",
                            pressed=st["src"] == t,
                        )
                        for t in sources
                    ],
                )
            )
            src = st["src"] if st["src"] in sources else None
            if src is not None:
                other = b if src in a else a
                targets = [t for t in other if g.is_legal(Transport(pair, src, t, 1))]
                parts.append(
                    h(
                        "div",
                        {"class": "btn-row"},
                        [
                            button(
                                app.tr("w2_transport_to", territory=app.place(t)),
                                "w2-transport-dst",
                                t,
                                cls="btn small",
                                pressed=st["dst"] == t,
                            )
                            for t in targets
                        ],
                    )
                )
                if st["dst"] in targets:
                    top = g.movable_from(src)
                    n = min(st["count"] or top, top)
                    parts.append(_count_picker(app, "w2-count", top, n))
                    parts.append(
                        button(
                            app.tr(
                                "w2_transport_go",
                                n=n,
                                source=app.place(src),
                                target=app.place(st["dst"]),
                            ),
                            "w2-transport",
                            cls="btn primary",
                        )
                    )
        else:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_transport_none")))
        for seat in g.ci_held_by(me):
            spots = sorted({t for t in (*a, *b) if g.is_legal(TransportCI(pair, seat, t))})
            parts.extend(
                button(
                    app.tr("w2_ci_transport", owner=app.name(seat), territory=app.place(t)),
                    "w2-ci-transport",
                    f"{seat}:{t}",
                    cls="btn small",
                )
                for t in spots
            )
        return h("div", {"class": "w2-transport"}, parts)
