"""The WAR II page module: its setup, air attacks, bombers, Strategic Centres, airlift, its
cards and the Information Centres, played by tap and click.

Registered for the ``war2`` variant (``__init__.py``); the shared page asks it first and
falls back to the classic controls (ground attacks, the conquest move, ordinary regroups)
where this module returns ``None``. It uses the view model only through
:class:`variant_ui.PageApp`. Every action offered is checked with the engine first
(:meth:`Game.is_legal`), so illegal ones are simply not offered; a refusal after a tap is
explained in words (``rule_*`` texts in ``texts.py``). Private parts of events (cards
drawn, spied, captured) are never put in words: they appear only in the box of the seat
that saw them, after that player reveals it.
"""

from __future__ import annotations

from typing import Any

from pywar.actions import Action, EndAttack, EndTurn
from pywar.war2 import (
    CARD_PHASES,
    SETUP_PHASES,
    AirAttack,
    Airlift,
    AirRound,
    AirStop,
    CardAirAttack,
    CardArmies,
    Claim,
    ClaimPair,
    Discard,
    MoveCI,
    PlaceCI,
    Spy,
    TakeCentre,
    Transport,
    TransportCI,
    War2Game,
)
from pywar.war2 import describe as describe_war2_objective

import variants.war2.texts  # noqa: F401 - WAR II's words, merged into the catalogue
from nodes import Node, button, find, h
from variant_ui import PageApp, VariantUI
from variants.war2.rules import RULES

AMOUNTS = ("1", "5", "all")
#: Counts up to this many are buttons; more are a drop-down list.
COUNT_BUTTONS = 8
#: Air rounds shown with their dice (the latest last).
AIR_ROUNDS_SHOWN = 4


# ------------------------------------------------------------------------------ helpers
def _game(app: PageApp) -> War2Game:
    g = app.game
    assert isinstance(g, War2Game)
    return g


def _state(app: PageApp) -> dict[str, Any]:
    """This page's WAR II selections, for the turn in progress (fresh each turn)."""
    g = _game(app)
    key = (id(g), (app.record or {}).get("id"), g.turn, g.current)
    st = app.variant_state
    if st.get("key") != key:
        st.clear()
        st.update(
            {
                "key": key,
                "mode": None,
                "picked": [],
                "pair_first": None,
                "target": None,
                "bombers": None,
                "src": None,
                "dst": None,
                "count": None,
                "ci": None,
                "air": None,
                "air_at": -1,
            }
        )
    _sane(g, st)
    return st


def _sane(g: War2Game, st: dict[str, Any]) -> None:
    """Drop selections the game has moved past (a phase ended, a card was used)."""
    hand = g.players[g.current].cards
    st["picked"] = [c for c in st["picked"] if c in hand]
    mode = st["mode"]
    allowed = {
        "air": g.phase == "attack" and g.bombers[g.current] > 0,
        "airlift": g.phase == "regroup",
        "ci_move": g.phase == "regroup" and st["ci"] in g.ci_held_by(g.current),
        "ci_place": g.phase in CARD_PHASES
        and bool(g.ci)
        and g.ci[str(g.current)]["territory"] is None,
    }
    if mode is not None and not allowed.get(mode, False):
        _reset(st)


def _reset(st: dict[str, Any]) -> None:
    st.update(mode=None, target=None, bombers=None, src=None, dst=None, count=None, ci=None)


def _human_turn(app: PageApp) -> bool:
    g = app.game
    return (
        g is not None
        and app.screen == "play"
        and app.curtain is None
        and not app.is_bot(g.current)
        and g.phase != "over"
    )


def _count_picker(app: PageApp, action: str, top: int, chosen: int) -> Node:
    """Buttons 1..top, or a drop-down list when there are many."""
    if top <= COUNT_BUTTONS:
        return h(
            "div",
            {"class": "btn-row counts", "role": "group", "aria-label": app.tr("w2_count_label")},
            [
                button(str(k), action, k, cls="btn small", pressed=k == chosen)
                for k in range(1, top + 1)
            ],
        )
    return h(
        "label",
        {"class": "w2-count"},
        app.tr("w2_count_label"),
        " ",
        h(
            "select",
            {"data-action": action},
            [
                h(
                    "option",
                    {"value": str(k), "selected": "selected" if k == chosen else None},
                    str(k),
                )
                for k in range(1, top + 1)
            ],
        ),
    )


def _number(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


class War2UI(VariantUI):
    """WAR II's phases and controls (see pywar/war2.py)."""

    rules = RULES

    # ------------------------------------------------------------------ acting
    def _act(self, app: PageApp, action: Action) -> list[dict[str, Any]]:
        """Apply one action for the person to play, like :meth:`viewmodel.App.act`, keeping the
        air attack's dice for the panel."""
        g = _game(app)
        before = g.current
        st = _state(app)
        events = g.apply(action)
        air = st["air"]
        for e in events:
            if e["type"] == "air_attack":
                air = {
                    "target": e["target"],
                    "defender": e["defender"],
                    "launched": e["bombers"],
                    "rounds": [],
                    "end": None,
                }
                app.battle = None  # the ground battle's dice are no longer the latest
            elif e["type"] == "air_round" and air is not None:
                air["rounds"].append(e)
            elif e["type"] == "air_end" and air is not None:
                air["end"] = e
        if any(e["type"] in ("air_attack", "air_round", "air_end") for e in events):
            st["air"], st["air_at"] = air, len(g.log)
        app.after_action(events, before)
        return events

    def _ready(self, app: PageApp) -> bool:
        return app.game is not None and _human_turn(app)

    # ------------------------------------------------------------------ intents
    def on_w2_cancel(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if app.game is not None:
            _reset(_state(app))
            app.clear_selection()

    def on_w2_mode(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        if not self._ready(app):
            return
        st = _state(app)
        mode, _, seat = (arg or "").partition(":")
        _reset(st)
        app.clear_selection()
        if mode in ("air", "airlift", "ci_place", "ci_move"):
            st["mode"] = mode
            st["ci"] = _number(seat)
        _sane(_game(app), st)

    def on_w2_take_centre(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        if self._ready(app) and arg:
            self._act(app, TakeCentre(arg))

    def on_w2_bombers(self, app: PageApp, arg: str | None, value: str | None) -> None:
        n = _number(arg) or _number(value)
        if self._ready(app) and n:
            _state(app)["bombers"] = n

    def on_w2_launch(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if not self._ready(app):
            return
        g, st = _game(app), _state(app)
        if st["mode"] == "air" and st["target"]:
            n = min(st["bombers"] or g.bombers[g.current], g.bombers[g.current])
            target = st["target"]
            _reset(st)
            self._act(app, AirAttack(target, n))

    def on_w2_air_round(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if self._ready(app):
            self._act(app, AirRound())

    def on_w2_air_stop(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if self._ready(app):
            self._act(app, AirStop())

    def on_w2_count(self, app: PageApp, arg: str | None, value: str | None) -> None:
        n = _number(arg) or _number(value)
        if self._ready(app) and n:
            _state(app)["count"] = n

    def on_w2_airlift(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if not self._ready(app):
            return
        g, st = _game(app), _state(app)
        if st["mode"] == "airlift" and st["src"] and st["dst"]:
            top = g.movable_from(st["src"])
            action = Airlift(st["src"], st["dst"], min(st["count"] or top, top))
            _reset(st)
            self._act(app, action)

    def on_w2_card(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        card = _number(arg)
        if not (self._ready(app) and app.revealed) or card is None:
            return
        g, st = _game(app), _state(app)
        if card not in g.players[g.current].cards:
            return
        st["picked"] = (
            [c for c in st["picked"] if c != card]
            if card in st["picked"]
            else [*st["picked"], card]
        )
        st.update(src=None, dst=None, count=None)

    def _card_action(self, app: PageApp, kind: str, territory: str) -> Action | None:
        g, st = _game(app), _state(app)
        places = [c for c in st["picked"] if not g.cards[c].numbered]
        numbers = tuple(sorted(c for c in st["picked"] if g.cards[c].numbered))
        if len(places) != 1:
            return None
        if kind == "armies":
            return CardArmies(places[0], territory, numbers)
        return CardAirAttack(places[0], territory, numbers)

    def on_w2_card_armies(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        action = self._card_action(app, "armies", arg or "") if self._ready(app) else None
        if action is not None:
            _state(app)["picked"] = []
            self._act(app, action)

    def on_w2_card_air(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        action = self._card_action(app, "air", arg or "") if self._ready(app) else None
        if action is not None:
            _state(app)["picked"] = []
            self._act(app, action)

    def on_w2_transport_src(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        if self._ready(app) and arg:
            st = _state(app)
            st.update(src=None if st["src"] == arg else arg, dst=None, count=None)

    def on_w2_transport_dst(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        if self._ready(app) and arg:
            st = _state(app)
            st.update(dst=arg, count=None)

    def on_w2_transport(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if not self._ready(app):
            return
        g, st = _game(app), _state(app)
        if len(st["picked"]) == 2 and st["src"] and st["dst"]:
            top = g.movable_from(st["src"])
            action = Transport(
                tuple(st["picked"]), st["src"], st["dst"], min(st["count"] or top, top)
            )
            st["picked"] = []
            _reset(st)
            self._act(app, action)

    def on_w2_ci_transport(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        if not self._ready(app) or not arg:
            return
        seat, _, target = arg.partition(":")
        st = _state(app)
        if len(st["picked"]) == 2 and seat.isdigit():
            action = TransportCI(tuple(st["picked"]), int(seat), target)
            st["picked"] = []
            self._act(app, action)

    def on_w2_discard(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        card = _number(arg)
        if self._ready(app) and app.revealed and card is not None:
            _state(app)["picked"] = []
            self._act(app, Discard(card))

    def on_w2_spy(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        seat = _number(arg)
        if self._ready(app) and seat is not None:
            self._act(app, Spy(seat))
            app.revealed = True  # the cards seen appear in the spy's own box at once

    # ------------------------------------------------------------------ taps
    def on_territory_tap(self, app: PageApp, territory: str) -> bool:
        g, st = _game(app), _state(app)
        t = territory
        if g.phase == "claim":
            self._act(app, Claim(t))
            return True
        if g.phase == "centre_choice":
            self._centre_choice_tap(app, st, t)
            return True
        if g.phase == "air":
            app.message = ("error", app.tr("rule_air_combat"))
            return True
        mode = st["mode"]
        if mode == "air":
            if g.owner[t] == g.current:
                app.message = ("error", app.tr("rule_attack_own_territory"))
            elif g.armies[t] < g.rules.air_target_min_armies:
                app.message = ("error", app.tr("rule_air_target_armies"))
            else:
                st["target"] = t
                st["bombers"] = st["bombers"] or g.bombers[g.current]
            return True
        if mode == "airlift":
            self._airlift_tap(app, st, t)
            return True
        if mode == "ci_place":
            _reset(st)
            self._act(app, PlaceCI(t))
            return True
        if mode == "ci_move" and st["ci"] is not None:
            seat = st["ci"]
            _reset(st)
            self._act(app, MoveCI(seat, t))
            return True
        return False

    def _centre_choice_tap(self, app: PageApp, st: dict[str, Any], t: str) -> None:
        g = _game(app)
        if t in g.centre_cards_left:
            st["pair_first"] = None
            self._act(app, TakeCentre(t))
            return
        if t in g.owner:
            app.message = ("error", app.tr("rule_territory_taken"))
        elif t in g.rules.centres:
            app.message = ("error", app.tr("rule_centre_territory"))
        elif not g._pair_allowed():
            app.message = ("error", app.tr("rule_pairs_closed"))
        elif st["pair_first"] is None or st["pair_first"] == t:
            st["pair_first"] = None if st["pair_first"] == t else t
        elif g.board.continent_of(st["pair_first"]) == g.board.continent_of(t):
            app.message = ("error", app.tr("rule_same_continent"))
        else:
            first, st["pair_first"] = st["pair_first"], None
            self._act(app, ClaimPair(first, t))

    def _airlift_tap(self, app: PageApp, st: dict[str, Any], t: str) -> None:
        g = _game(app)
        me = g.current
        if g.owner[t] != me:
            app.message = ("error", app.tr("rule_not_your_territory"))
        elif t not in g.rules.centres:
            app.message = ("error", app.tr("rule_not_centre"))
        elif st["src"] is None or st["src"] == t:
            if st["src"] == t:
                st.update(src=None, dst=None)
            elif g.movable_from(t) > 0:
                st.update(src=t, dst=None, count=None)
            else:
                app.message = (
                    "error",
                    app.tr("rule_airlift_chain")
                    if g.moved.get(t)
                    else app.tr("rule_occupation_army"),
                )
        else:
            st.update(dst=t, count=g.movable_from(st["src"]))

    # ------------------------------------------------------------------ the panel
    def phase_controls(self, app: PageApp) -> Node | None:
        g, st = _game(app), _state(app)
        if g.phase == "claim":
            return self._claim_controls(app)
        if g.phase == "centre_choice":
            return self._centre_choice_controls(app, st)
        if g.phase == "air":
            return self._air_controls(app, st)
        if g.phase == "occupy":
            return None
        if st["mode"] in ("ci_place", "ci_move"):
            return self._ci_pick_controls(app, st)
        if g.pending_armies:
            return self._placement_controls(app)
        if g.phase == "attack":
            if st["mode"] == "air":
                return self._air_pick_controls(app, st)
            classic = app.attack_controls()
            self._guard_end_buttons(app, classic)
            return h(
                "div",
                {"class": "phase attack w2"},
                h("p", {"class": "hint stage"}, app.tr("w2_stage2")) if g.stage == 2 else None,
                self._air_summary(app, st),
                classic["children"],
                self._air_launcher(app),
            )
        if g.phase == "regroup":
            if st["mode"] == "airlift":
                return self._airlift_controls(app, st)
            classic = app.regroup_controls()
            self._guard_end_buttons(app, classic)
            return h(
                "div",
                {"class": "phase regroup w2"},
                self._air_summary(app, st),
                classic["children"],
                self._airlift_launcher(app),
            )
        return None

    def _guard_end_buttons(self, app: PageApp, node: Node) -> None:
        """Disable the classic end buttons the engine would refuse (and say why)."""
        g = _game(app)
        for action, probe in (("end-turn", EndTurn()), ("end-attack", EndAttack())):
            if g.is_legal(probe):
                continue
            for b in find(node, lambda n, a=action: n["attrs"].get("data-action") == a):
                b["attrs"]["disabled"] = "disabled"
                b["attrs"]["title"] = app.tr("w2_end_turn_blocked")

    def _claim_controls(self, app: PageApp) -> Node:
        g = _game(app)
        return h(
            "div",
            {"class": "phase claim w2"},
            h(
                "p",
                {"class": "big-number", "id": "w2-claim"},
                app.tr("w2_claim_prompt", n=len(g.vacant())),
            ),
            h("p", {"class": "hint"}, app.tr("w2_claim_dealt")),
        )

    def _centre_choice_controls(self, app: PageApp, st: dict[str, Any]) -> Node:
        g = _game(app)
        parts: list[Any] = [h("p", {"class": "w2-choice"}, app.tr("w2_choice_prompt"))]
        if g.centre_cards_left:
            parts.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    [
                        button(
                            app.tr("w2_take_centre", territory=app.place(t)),
                            "w2-take-centre",
                            t,
                            cls="btn primary",
                        )
                        for t in g.centre_cards_left
                    ],
                )
            )
        else:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_no_centres_left")))
        if not g._pair_allowed():
            parts.append(h("p", {"class": "alert"}, app.tr("w2_pairs_closed")))
        elif st["pair_first"]:
            parts.append(
                h(
                    "p",
                    {"class": "hint"},
                    app.tr("w2_pair_first", territory=app.place(st["pair_first"])),
                )
            )
            parts.append(button(app.tr("w2_cancel"), "w2-cancel", cls="btn small"))
        else:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_pair_prompt")))
        return h("div", {"class": "phase centre-choice w2"}, parts)

    def _placement_controls(self, app: PageApp) -> Node:
        g = _game(app)
        lines = [h("li", {"class": "pool-free"}, app.tr("pool_free", n=g.pools.get("free", 0)))]
        for key, n in sorted(g.pools.items()):
            kind, _, ident = key.partition(":")
            if kind in ("continent", "majority", "majority_any"):
                lines.append(
                    h(
                        "li",
                        {"class": "pool-bound"},
                        app.tr(f"w2_pool_{kind}", n=n, continent=app.place(ident)),
                    )
                )
            elif kind == "territory":
                lines.append(
                    h(
                        "li",
                        {"class": "pool-bound"},
                        app.tr("w2_pool_centre", n=n, territory=app.place(ident)),
                    )
                )
        return h(
            "div",
            {"class": "phase place w2"},
            h("p", {"class": "hint stage"}, app.tr("w2_stage1")) if g.stage == 1 else None,
            h(
                "p",
                {"class": "big-number", "id": "pending"},
                app.tr("to_place", n=g.pending_armies),
            ),
            h("ul", {"class": "pools"}, lines),
            h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": app.tr("amount_label")},
                [
                    button(
                        app.tr("amount_" + a),
                        "amount",
                        a,
                        cls="btn amount",
                        pressed=app.amount == a,
                    )
                    for a in AMOUNTS
                ],
            ),
            h("p", {"class": "hint"}, app.tr("place_hint")),
            h("p", {"class": "hint"}, app.tr("w2_cards_any_time"))
            if g.players[g.current].cards and g.stage != 1
            else None,
        )

    # air attacks
    def _air_targets(self, app: PageApp) -> list[str]:
        g = _game(app)
        if g.phase != "attack" or not g.bombers[g.current]:
            return []
        return [t for t in g.board.territories if g.is_legal(AirAttack(t, 1))]

    def _air_launcher(self, app: PageApp) -> Node | None:
        g = _game(app)
        base = g.bombers[g.current]
        if not base or not self._air_targets(app):
            return None
        return h(
            "div",
            {"class": "btn-row w2-air-launch"},
            button(app.tr("w2_air_button", n=base), "w2-mode", "air", cls="btn big air"),
        )

    def _air_pick_controls(self, app: PageApp, st: dict[str, Any]) -> Node:
        g = _game(app)
        base = g.bombers[g.current]
        parts: list[Any] = []
        target = st["target"]
        if target is None:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_air_pick_target")))
        else:
            n = min(st["bombers"] or base, base)
            parts.append(
                h(
                    "p",
                    {"class": "matchup"},
                    app.tr("w2_air_choose", target=app.place(target), armies=g.armies[target]),
                )
            )
            parts.append(
                h(
                    "div",
                    {"class": "btn-row", "role": "group", "aria-label": app.tr("w2_bombers_label")},
                    [
                        button(str(k), "w2-bombers", k, cls="btn small", pressed=k == n)
                        for k in range(1, base + 1)
                    ],
                )
            )
            parts.append(h("p", {"class": "hint"}, app.tr("w2_air_rules")))
            parts.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    button(app.tr("w2_launch", n=n), "w2-launch", cls="btn primary big"),
                )
            )
        parts.append(
            h("div", {"class": "btn-row"}, button(app.tr("w2_cancel"), "w2-cancel", cls="btn"))
        )
        return h("div", {"class": "phase air-pick w2"}, parts)

    def _air_controls(self, app: PageApp, st: dict[str, Any]) -> Node:
        g = _game(app)
        air = g.air
        assert air is not None
        target = air["target"]
        return h(
            "div",
            {"class": "phase air w2"},
            self._air_dice(app, st["air"])
            if st["air"]
            else h(
                "p",
                {"class": "matchup"},
                app.tr("w2_air_title", target=app.place(target), name=app.name(air["defender"])),
            ),
            h(
                "p",
                {"class": "w2-air-status"},
                app.tr(
                    "w2_air_status",
                    flying=app.tr("w2_n_bombers", n=air["bombers"]),
                    target=app.place(target),
                    armies=app.tr("n_armies", n=g.armies[target]),
                ),
            ),
            h(
                "div",
                {"class": "btn-row"},
                button(app.tr("w2_air_go"), "w2-air-round", cls="btn primary big"),
                button(app.tr("w2_air_stop"), "w2-air-stop", cls="btn big"),
            ),
            h("p", {"class": "hint"}, app.tr("w2_air_rules")),
        )

    def _air_summary(self, app: PageApp, st: dict[str, Any]) -> Node | None:
        """The air attack just over, while it is still the latest thing that happened."""
        g = _game(app)
        if st["air"] is None or st["air_at"] != len(g.log):
            return None
        return self._air_dice(app, st["air"])

    def _air_dice(self, app: PageApp, air: dict[str, Any]) -> Node:
        """Each round of an air attack: the two blue dice and what they did."""
        rows = []
        for r in air["rounds"][-AIR_ROUNDS_SHOWN:]:
            aa, bombs = r["anti_aircraft"], r["air_attack"]
            rows.append(
                h(
                    "div",
                    {"class": "air-round"},
                    h(
                        "span",
                        {
                            "class": "die blue",
                            "data-die": "anti-aircraft",
                            "title": app.tr("w2_die_aa_title", n=aa),
                        },
                        str(aa),
                    ),
                    h("span", {"class": "air-what"}, app.tr("w2_aa_result", n=r["shot_down"])),
                    h(
                        "span",
                        {
                            "class": "die blue",
                            "data-die": "air-attack",
                            "title": app.tr("w2_die_air_title", n=bombs),
                        },
                        str(bombs),
                    )
                    if bombs is not None
                    else h("span", {"class": "die empty"}),
                    h(
                        "span",
                        {"class": "air-what"},
                        app.tr("w2_air_result", n=r["destroyed"])
                        if bombs is not None
                        else app.tr("w2_air_no_roll"),
                    ),
                )
            )
        earlier = air["rounds"][:-AIR_ROUNDS_SHOWN]
        end = air.get("end")
        return h(
            "div",
            {"class": "dice air-dice"},
            h(
                "p",
                {"class": "dice-title"},
                app.tr(
                    "w2_air_title", target=app.place(air["target"]), name=app.name(air["defender"])
                ),
            ),
            h(
                "p",
                {"class": "air-earlier"},
                app.tr(
                    "w2_air_earlier",
                    n=len(earlier),
                    shot=app.tr("w2_n_shot", n=sum(r["shot_down"] for r in earlier)),
                    destroyed=app.tr("w2_n_destroyed", n=sum(r["destroyed"] for r in earlier)),
                ),
            )
            if earlier
            else None,
            h(
                "div",
                {"class": "air-heads"},
                h("span", {}, app.tr("w2_die_aa")),
                h("span", {}, app.tr("w2_die_air")),
            )
            if rows
            else None,
            rows,
            h(
                "p",
                {"class": "dice-result"},
                app.tr("w2_air_end_" + end["reason"])
                + " "
                + app.tr("w2_air_summary", lost=end["lost"], returned=end["returned"]),
            )
            if end
            else None,
        )

    # airlift
    def _airlift_launcher(self, app: PageApp) -> Node | None:
        g = _game(app)
        centres = g.centres_of(g.current)
        if len(centres) < 2 or not any(g.movable_from(c) for c in centres):
            return None
        return h(
            "div",
            {"class": "btn-row w2-airlift-launch"},
            button(app.tr("w2_airlift_button"), "w2-mode", "airlift", cls="btn air"),
        )

    def _airlift_controls(self, app: PageApp, st: dict[str, Any]) -> Node:
        g = _game(app)
        parts: list[Any] = []
        if st["src"] is None:
            parts.append(h("p", {"class": "hint"}, app.tr("w2_airlift_pick_source")))
        elif st["dst"] is None:
            parts.append(
                h(
                    "p",
                    {"class": "hint"},
                    app.tr(
                        "w2_airlift_pick_target",
                        source=app.place(st["src"]),
                        n=g.movable_from(st["src"]),
                    ),
                )
            )
        else:
            top = g.movable_from(st["src"])
            count = min(st["count"] or top, top)
            parts.append(
                h(
                    "p",
                    {"class": "matchup"},
                    app.tr(
                        "w2_airlift_prompt",
                        source=app.place(st["src"]),
                        target=app.place(st["dst"]),
                    ),
                )
            )
            parts.append(_count_picker(app, "w2-count", top, count))
            parts.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    button(app.tr("w2_airlift_go", n=count), "w2-airlift", cls="btn primary big"),
                )
            )
        parts.append(h("p", {"class": "hint"}, app.tr("w2_airlift_hint")))
        parts.append(
            h("div", {"class": "btn-row"}, button(app.tr("w2_cancel"), "w2-cancel", cls="btn"))
        )
        return h("div", {"class": "phase airlift w2"}, parts)

    # information centres
    def _ci_pick_controls(self, app: PageApp, st: dict[str, Any]) -> Node:
        text = app.tr("w2_ci_place_pick" if st["mode"] == "ci_place" else "w2_ci_move_pick")
        return h(
            "div",
            {"class": "phase ci-pick w2"},
            h("p", {"class": "hint"}, text),
            h("div", {"class": "btn-row"}, button(app.tr("w2_cancel"), "w2-cancel", cls="btn")),
        )

    def _ci_panel(self, app: PageApp) -> Node | None:
        g = _game(app)
        if not g.ci:
            return None
        me = g.current
        lines = []
        for seat, ci in sorted(g.ci.items(), key=lambda kv: int(kv[0])):
            owner = app.name(int(seat))
            if ci["territory"] is None:
                lines.append(h("li", {}, app.tr("w2_ci_unplaced", owner=owner)))
            elif ci["holder"] != int(seat):
                lines.append(
                    h(
                        "li",
                        {},
                        app.tr(
                            "w2_ci_captured",
                            owner=owner,
                            territory=app.place(ci["territory"]),
                            holder=app.name(ci["holder"]),
                        ),
                    )
                )
            else:
                lines.append(
                    h(
                        "li",
                        {},
                        app.tr("w2_ci_where", owner=owner, territory=app.place(ci["territory"])),
                    )
                )
        actions: list[Any] = []
        mine = g.ci[str(me)]
        if mine["territory"] is None and any(
            g.is_legal(PlaceCI(t)) for t in g.territories_of(me)[:1]
        ):
            actions.append(
                button(
                    app.tr("w2_ci_place"),
                    "w2-mode",
                    "ci_place",
                    cls="btn primary" if g.round == 2 else "btn",
                )
            )
            if g.round == 2:
                actions.append(h("p", {"class": "alert"}, app.tr("w2_ci_place_due")))
        if g.can_spy():
            actions.append(h("p", {"class": "hint"}, app.tr("w2_spy_hint")))
            actions.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    [
                        button(app.tr("w2_spy", name=app.name(p)), "w2-spy", p, cls="btn")
                        for p, pl in enumerate(g.players)
                        if p != me and pl.alive
                    ],
                )
            )
        if g.phase == "regroup":
            for seat in g.ci_held_by(me):
                if seat not in g.ci_moved and any(
                    g.is_legal(MoveCI(seat, t)) for t in g.territories_of(me)
                ):
                    actions.append(
                        button(
                            app.tr("w2_ci_move", owner=app.name(seat)),
                            "w2-mode",
                            f"ci_move:{seat}",
                            cls="btn",
                        )
                    )
        return h(
            "div",
            {"class": "w2-ci"},
            h("h2", {}, app.tr("w2_ci_title")),
            h("ul", {"class": "w2-ci-list"}, lines),
            actions,
        )

    def extra_panel(self, app: PageApp) -> Node | None:
        g = _game(app)
        if g.phase in SETUP_PHASES:
            return None
        me = g.current
        bases = [
            h(
                "li",
                {"class": "current" if i == me else None},
                h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                f"{p.name} ✈ {g.bombers[i]}",
            )
            for i, p in enumerate(g.players)
            if p.alive
        ]
        return h(
            "div",
            {"class": "w2-extra"},
            h(
                "p",
                {"class": "w2-air-base"},
                app.tr("w2_air_base", base=g.bombers[me], box=g.bombers_in_box(me)),
            ),
            h("ul", {"class": "w2-bases", "aria-label": app.tr("w2_air_bases")}, bases),
            self._ci_panel(app),
        )

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

    def _intel(self, app: PageApp) -> Node | None:
        """What the player to move saw by spying or capturing Information Centres."""
        g = _game(app)
        seen = g.intel.get(str(g.current), {})
        if not seen:
            return None
        lines = []
        for seat, info in sorted(seen.items(), key=lambda kv: int(kv[0])):
            cards = ", ".join(self.card_label(app, c) for c in info["cards"]) or app.tr(
                "w2_no_cards"
            )
            if "objective" in info:
                spec = g._objectives[info["objective"]]
                lines.append(
                    h(
                        "li",
                        {},
                        app.tr(
                            "w2_intel_captured",
                            name=app.name(int(seat)),
                            turn=info["turn"],
                            objective=describe_war2_objective(spec, g.board, app.lang),
                            cards=cards,
                        ),
                    )
                )
            else:
                lines.append(
                    h(
                        "li",
                        {},
                        app.tr(
                            "w2_intel_spied",
                            name=app.name(int(seat)),
                            turn=info["turn"],
                            cards=cards,
                        ),
                    )
                )
        return h(
            "div", {"class": "w2-intel"}, h("h2", {}, app.tr("w2_intel_title")), h("ul", {}, lines)
        )

    def describe_objective(self, app: PageApp, objective: dict[str, Any]) -> str:
        """An objective card's text, WAR II's own kinds included."""
        return describe_war2_objective(objective, _game(app).board, app.lang)

    # ------------------------------------------------------------------ the board
    def decorate_board(
        self, app: PageApp, territories: dict[str, dict[str, Any]], game: War2Game | None = None
    ) -> None:
        g = game or _game(app)
        for t in g.vacant():
            territories[t]["label"] = app.tr("w2_free_label", territory=app.place(t))
        centre = app.tr("w2_ce_label")
        for t in g.rules.centres:
            territories[t]["label"] += " · " + centre
        for seat, ci in g.ci.items():
            where = ci["territory"]
            if where is not None:
                territories[where]["label"] += " · " + app.tr(
                    "w2_ci_label", owner=app.name(int(seat))
                )
        if not _human_turn(app):
            return
        st = _state(app)
        marks = self._board_states(app, st)
        if marks is None:
            return
        for t, info in territories.items():
            info["state"] = marks.get(t, "")

    def _board_states(self, app: PageApp, st: dict[str, Any]) -> dict[str, str] | None:
        """Territory states of the WAR II selections (None: the classic ones stand)."""
        g = _game(app)
        me = g.current
        if g.phase == "claim":
            return dict.fromkeys(g.vacant(), "option")
        if g.phase == "centre_choice":
            out = dict.fromkeys(g.centre_cards_left, "option")
            if g._pair_allowed():
                first = st["pair_first"]
                out.update(
                    {
                        t: "option"
                        for t in g.vacant()
                        if t not in g.rules.centres
                        and (
                            first is None or g.board.continent_of(t) != g.board.continent_of(first)
                        )
                    }
                )
                if first:
                    out[first] = "source"
            return out
        if g.phase == "air":
            assert g.air is not None
            return {g.air["target"]: "target"}
        mode = st["mode"]
        if mode == "air":
            out = dict.fromkeys(self._air_targets(app), "option")
            if st["target"]:
                out[st["target"]] = "target"
            return out
        if mode == "airlift":
            centres = g.centres_of(me)
            if st["src"] is None:
                return {c: "option" for c in centres if g.movable_from(c)}
            out = {c: "option" for c in centres if c != st["src"]}
            out[st["src"]] = "source"
            if st["dst"]:
                out[st["dst"]] = "target"
            return out
        if mode == "ci_place":
            return dict.fromkeys(g.territories_of(me), "option")
        if mode == "ci_move" and st["ci"] is not None:
            out = {t: "option" for t in g.territories_of(me) if g.is_legal(MoveCI(st["ci"], t))}
            out[g.ci[str(st["ci"])]["territory"]] = "source"
            return out
        if app.revealed and st["picked"] and not g.pending_armies:
            out = {t: "option" for c in st["picked"] for t in g.cards[c].territories}
            if st["src"]:
                out[st["src"]] = "source"
            if st["dst"]:
                out[st["dst"]] = "target"
            return out
        return None

    def board_marks(self, app: PageApp, game: War2Game | None = None) -> dict[str, dict[str, Any]]:
        """Air bases (bombers of each colour in play), centre markers (their holder's
        colour) and Information Centres (on the army badge) of ``game`` (the one shown: the
        game in play, or the step a replay shows)."""
        g = game or _game(app)
        seats = {p.color: i for i, p in enumerate(g.players)}
        marks: dict[str, dict[str, Any]] = {}
        for color in g.board.raw.get("colors", []):
            seat = seats.get(color)
            idle = seat is None or not g.players[seat].alive
            marks[f'.air-base[data-color="{color}"]'] = {
                "attrs": {
                    "data-idle": "true" if idle else None,
                    "data-current": "true" if seat == g.current and not idle else None,
                },
                "text": "" if seat is None else str(g.bombers[seat]),
            }
        for t in g.rules.centres:
            owner = g.owner.get(t)
            marks[f'.ce[data-ce="{t}"]'] = {
                "attrs": {"data-owner": None if owner is None else g.players[owner].color}
            }
        if g.ci:
            where = {
                ci["territory"]: g.players[int(seat)].color
                for seat, ci in g.ci.items()
                if ci["territory"]
            }
            for t in g.board.territories:
                marks[f'[data-badge="{t}"]'] = {"attrs": {"data-ci": where.get(t)}}
        return marks

    # ------------------------------------------------------------------ events
    def describe_event(self, app: PageApp, e: dict[str, Any]) -> str | None:
        kind = e["type"]
        g = _game(app)
        name = app.name(e["player"]) if isinstance(e.get("player"), int) else ""
        if kind == "turn":
            if "stage" not in e:
                if "scenario" in g.setup:
                    return app.tr("w2_ev_turn", round=e["round"], name=name)
                return app.tr("w2_ev_setup", name=name)
            line = (
                app.tr("w2_ev_turn_stage", stage=e["stage"], name=name)
                if e["stage"]
                else app.tr("w2_ev_turn", round=e["round"], name=name)
            )
            if e.get("bombers"):
                line += app.tr("w2_ev_bombers", n=e["bombers"], base=e["air_base"])
            return line
        if kind == "phase":
            return app.tr("w2_ev_claims") if e["phase"] == "claim" else ""
        if kind == "claim":
            return app.tr("w2_ev_claim", name=name, territory=app.place(e["territory"]))
        if kind == "take_centre":
            return app.tr("w2_ev_take_centre", name=name, territory=app.place(e["territory"]))
        if kind == "claim_pair":
            first, second = e["territories"]
            return app.tr(
                "w2_ev_claim_pair", name=name, first=app.place(first), second=app.place(second)
            )
        if kind == "card":  # how many, never which (the private part is the drawer's)
            return app.tr("w2_ev_cards", name=name, n=e["count"]) if e["count"] else ""
        if kind == "card_armies":
            return app.tr(
                "w2_ev_card_armies",
                name=name,
                count=e["count"],
                territory=app.place(e["territory"]),
                cards=" + ".join(self.card_label(app, c) for c in e["cards"]),
            )
        if kind == "transport":
            return app.tr(
                "w2_ev_transport",
                name=name,
                count=e["count"],
                source=app.place(e["source"]),
                target=app.place(e["target"]),
            )
        if kind == "discard":
            return app.tr("w2_ev_discard", name=name)
        if kind == "air_attack":
            origin = (
                app.tr("w2_from_base")
                if e["source"] == "base"
                else app.tr(
                    "w2_from_box", cards=" + ".join(self.card_label(app, c) for c in e["cards"])
                )
            )
            return app.tr(
                "w2_ev_air_attack",
                name=name,
                target=app.place(e["target"]),
                defender=app.name(e["defender"]),
                n=e["bombers"],
                origin=origin,
            )
        if kind == "air_round":
            if e["air_attack"] is None:
                return app.tr(
                    "w2_ev_air_round_down",
                    aa=e["anti_aircraft"],
                    shot=app.tr("w2_n_shot", n=e["shot_down"]),
                )
            return app.tr(
                "w2_ev_air_round",
                aa=e["anti_aircraft"],
                shot=app.tr("w2_n_shot", n=e["shot_down"]),
                bombs=e["air_attack"],
                destroyed=app.tr("w2_n_destroyed", n=e["destroyed"]),
                target=app.place(e["target"]),
                armies=app.tr("n_armies", n=e["armies"]),
            )
        if kind == "air_end":
            return app.tr(
                "w2_ev_air_end",
                target=app.place(e["target"]),
                lost=app.tr("w2_n_bombers_lost", n=e["lost"]),
                returned=e["returned"],
            )
        if kind == "airlift":
            return app.tr(
                "w2_ev_airlift",
                name=name,
                count=e["count"],
                source=app.place(e["source"]),
                target=app.place(e["target"]),
            )
        if kind == "place_ci":
            return app.tr("w2_ev_place_ci", name=name, territory=app.place(e["territory"]))
        if kind == "move_ci":
            return app.tr(
                "w2_ev_move_ci",
                name=name,
                owner=app.name(e["ci"]),
                source=app.place(e["source"]),
                target=app.place(e["target"]),
            )
        if kind == "transport_ci":
            return app.tr(
                "w2_ev_transport_ci",
                name=name,
                owner=app.name(e["ci"]),
                target=app.place(e["target"]),
            )
        if kind == "spy":
            return app.tr("w2_ev_spy", name=name, target=app.name(e["target"]))
        if kind == "ci_captured":
            return app.tr(
                "w2_ev_ci_captured",
                name=name,
                owner=app.name(e["ci"]),
                territory=app.place(e["territory"]),
            )
        if kind == "ci_recovered":
            return app.tr("w2_ev_ci_recovered", name=name, territory=app.place(e["territory"]))
        if kind in ("turn_end", "objective_changed"):
            return ""
        return None
