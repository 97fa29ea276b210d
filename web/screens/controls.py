"""The controls of each phase of a classic turn: placement, attack, regroup, final trade."""

from __future__ import annotations

from typing import Any

from pywar.odds import battle_outlook

from nodes import Node, button, h
from screens.common import PageBase
from screens.counts import count_picker
from screens.placement import bound_pool_line, free_pool_lines, placement_panel


class PhaseControls(PageBase):
    """The controls of each phase of a classic turn (a mixin of :class:`viewmodel.App`)."""

    def _final_trade_controls(self) -> Node:
        """The end of a turn in which the player took an eliminated player's cards: trade
        sets before the turn's card, forced while holding more than 5 (RULINGS.md)."""
        g = self.game
        assert g is not None
        held = len(g.players[g.current].cards)
        if g.must_trade:
            return h(
                "div",
                {"class": "phase final-trade"},
                h("p", {"class": "alert"}, self.tr("final_trade_must", n=held)),
            )
        if g.pending_armies:
            return self._placement_controls()
        # sets left to trade, or only the card to draw; with it, a trade due next turn?
        may = "final_trade_may" if g.valid_trades() else "final_trade_draw"
        after = held + g.variant.cards_per_conquest_turn
        due = after >= g.variant.forced_trade_at
        said = [self.tr_count(may, held)] + ([self.tr("final_trade_due", n=after)] if due else [])
        return h(
            "div",
            {"class": "phase final-trade"},
            h("p", {"class": "hint"}, " ".join(said)),
            h(
                "div",
                {"class": "btn-row end"},
                button(self.tr("final_trade_end"), "end-turn", cls="btn primary"),
            ),
        )

    def _final_trade_ahead(self) -> Node | None:
        """In the rest of an eliminating turn (classic): the trade that comes at its end."""
        g = self.game
        assert g is not None
        if not (g.eliminated_someone and g.variant.elimination_cards == "take_all"):
            return None
        return h("p", {"class": "hint final-trade-ahead"}, self.tr("final_trade_ahead"))

    def _placement_controls(self) -> Node:
        g = self.game
        assert g is not None
        lines = free_pool_lines(self.tr, g.pools)
        for key, n in sorted(g.pools.items()):
            kind, _, ident = key.partition(":")
            if kind == "continent":
                text = self.tr("pool_continent", n=n, continent=self.place(ident))
            elif kind == "territory":
                text = self.tr("pool_territory", n=n, territory=self.place(ident))
            else:
                continue
            lines.append(bound_pool_line(self.tr, text, key))
        # a first round of placing only (War Brasil, Mythological Battles, the option):
        # the turn passes with the last army, so say it before it happens
        passes = [h("p", {"class": "hint"}, self.tr("first_round_placing"))]
        after = passes if g.placement_only() else None
        return placement_panel(
            self.tr, self.amount, g.pending_armies, lines, after=after, hint=self._where_hint()
        )

    def _where_hint(self) -> str | None:
        """Where a tap places when every army left is bound to one continent or one
        territory (None: the usual "one of your territories")."""
        g = self.game
        assert g is not None
        left = [key for key, n in g.pools.items() if n > 0]
        if len(left) != 1:
            return None
        kind, _, ident = left[0].partition(":")
        if kind == "continent":
            return self.tr("place_hint_continent", continent=self.place(ident))
        if kind == "territory":
            return self.tr("place_hint_territory", territory=self.place(ident))
        return None

    def attack_controls(self) -> Node:
        g = self.game
        assert g is not None
        parts: list[Any] = []
        # the battle's settings (dice, blitz floor, the expected armies) come after the
        # way out of the phase: a short panel (a phone, a landscape phone, the strip under
        # a wide map) shows Attack and End attacks without scrolling
        options: list[Any] = []
        if self.source is None:
            parts.append(h("p", {"class": "hint"}, self.tr("attack_pick_source")))
        elif self.target is None:
            parts.append(
                h(
                    "p",
                    {"class": "hint"},
                    self.tr("attack_pick_target", source=self.place(self.source)),
                )
            )
            parts.append(button(self.tr("cancel"), "cancel", cls="btn small"))
        else:
            top = g.attack_dice_max(self.source)
            dice = min(self.dice_choice or top, top)
            odds = battle_outlook(g.armies[self.source], g.armies[self.target])
            # past the exact odds' reach "about", but not "about more than 99.9%"
            bounded = self.chance_bounded(odds.p_conquer)
            about = "_about" if odds.approximate and not bounded else ""
            parts.append(
                h(
                    "p",
                    {"class": "matchup"},
                    self.tr(
                        "attack_matchup",
                        source=self.place(self.source),
                        target=self.place(self.target),
                        a=g.armies[self.source],
                        d=g.armies[self.target],
                    ),
                )
            )
            parts.append(
                h(
                    "p",
                    {"class": "odds", "data-p-conquer": f"{odds.p_conquer:.6f}"},
                    self.tr("odds_line" + about, pct=self.chance(odds.p_conquer)),
                )
            )
            battle = self.battle
            if battle and (battle["source"], battle["target"]) == (self.source, self.target):
                parts.append(self.last_roll_line(battle))
            expect = h(
                "p",
                {"class": "odds-expect"},
                self.tr(
                    "odds_expect" + about,
                    a=self.number(odds.expected_attacker_left),
                    d=self.number(odds.expected_defender_left),
                ),
            )
            dice_row = h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": self.tr("dice_label")},
                [
                    button(self.tr("dice_n", n=k), "dice", k, cls="btn small", pressed=k == dice)
                    for k in range(1, top + 1)
                ],
            )
            if self.blitz_running:
                parts.append(
                    h(
                        "div",
                        {"class": "btn-row"},
                        button(self.tr("blitz_stop"), "stop", cls="btn primary big"),
                    )
                )
                options += [dice_row, expect]
            else:
                parts.append(
                    h(
                        "div",
                        {"class": "btn-row"},
                        button(self.tr("attack"), "attack", cls="btn primary big"),
                        button(
                            self.tr("blitz"), "blitz", cls="btn big", title=self.tr("blitz_title")
                        ),
                        button(self.tr("cancel"), "cancel", cls="btn"),
                    )
                )
                options += [dice_row, expect]
                floor = self.floor_for(self.source)
                floors = blitz_floors(g.armies[self.source], floor)
                options.append(
                    h(
                        "label",
                        {"class": "blitz-floor"},
                        self.tr("blitz_floor"),
                        " ",
                        h(
                            "select",
                            {"data-action": "blitz-floor"},
                            [
                                h(
                                    "option",
                                    {
                                        "value": str(k),
                                        "selected": "selected" if k == floor else None,
                                    },
                                    self.whole(k),
                                )
                                for k in floors
                            ],
                        ),
                    )
                )
        parts.append(self._final_trade_ahead())
        parts.append(
            h(
                "div",
                {"class": "btn-row end"},
                button(self.tr("end_attack"), "end-attack", cls="btn"),
                button(self.tr("end_turn"), "end-turn", cls="btn"),
            )
        )
        if options:
            parts.append(h("div", {"class": "attack-options"}, options))
        return h("div", {"class": "phase attack"}, parts)

    def last_roll_line(self, battle: dict[str, Any]) -> Node:
        """The last roll in one line, beside the buttons where the dice are out of sight (a
        phone: the dice come further down the panel); the dice themselves read it out."""
        return h(
            "p",
            {"class": "last-roll", "aria-hidden": "true"},
            self.tr(
                "last_roll",
                attack=" ".join(str(x) for x in battle["attack"]),
                defend=" ".join(str(x) for x in battle["defend"]),
                lost=battle["attacker_losses"],
                killed=battle["defender_losses"],
            ),
        )

    def regroup_controls(self) -> Node:
        g = self.game
        assert g is not None
        parts: list[Any] = []
        if self.source is None:
            parts.append(h("p", {"class": "hint"}, self.tr("regroup_pick_source")))
        elif self.target is None:
            parts.append(
                h(
                    "p",
                    {"class": "hint"},
                    self.tr(
                        "regroup_pick_target",
                        source=self.place(self.source),
                        n=g.movable_from(self.source),
                    ),
                )
            )
            parts.append(button(self.tr("cancel"), "cancel", cls="btn small"))
        else:
            top = g.movable_from(self.source)
            count = min(self.move_count or top, top)
            parts.append(
                h(
                    "p",
                    {},
                    self.tr(
                        "regroup_prompt",
                        source=self.place(self.source),
                        target=self.place(self.target),
                    ),
                )
            )
            parts.append(
                count_picker(self.tr, "move-count", top, count, self.tr("count_label"), self.whole)
            )
            parts.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    button(self.tr("regroup_go", n=count), "regroup", cls="btn primary big"),
                    button(self.tr("cancel"), "cancel", cls="btn"),
                )
            )
        parts.append(self._final_trade_ahead())
        parts.append(
            h(
                "div",
                {"class": "btn-row end"},
                button(self.tr("end_turn"), "end-turn", cls="btn primary"),
            )
        )
        return h("div", {"class": "phase regroup"}, parts)


#: The blitz's floors offered one by one up to here; past it, round numbers only.
FLOORS_EACH = 20


def blitz_floors(armies: int, chosen: int) -> list[int]:
    """The floors a blitz from ``armies`` armies may stop at: every one up to
    :data:`FLOORS_EACH`, then round numbers (a stack of thousands made a list of thousands
    of choices, rebuilt at every frame), and the floor already chosen.

    >>> blitz_floors(6, 1)
    [1, 2, 3, 4, 5]
    >>> blitz_floors(3500, 37)[18:28]
    [19, 20, 25, 30, 37, 40, 50, 75, 100, 150]
    >>> blitz_floors(3500, 37)[28:]
    [200, 250, 300, 400, 500, 750, 1000, 1500, 2000, 2500, 3000]
    """
    top = max(1, armies - 1)
    floors = set(range(1, min(top, FLOORS_EACH) + 1))
    step = 1
    while 25 * step <= top:
        floors.update(k * step for k in (25, 30, 40, 50, 75, 100, 150, 200) if k * step <= top)
        step *= 10
    if chosen <= top:
        floors.add(chosen)
    return sorted(floors)
