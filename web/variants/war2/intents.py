"""WAR II's intents: its buttons (``w2-*``) and taps on the map."""

from __future__ import annotations

from typing import Any

from pywar.actions import Action
from pywar.variants.war2.actions import (
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
)
from pywar.variants.war2.base import CARD_PHASES

from screens.counts import step_count
from variant_ui import PageApp
from variants.war2.common import War2Base, _game, _number, _reset, _sane, _state


class War2Intents(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

    # ------------------------------------------------------------------ intents
    def on_w2_cancel(self, app: PageApp, _a: str | None, _v: str | None) -> None:
        if app.game is not None:
            _reset(_state(app))
            app.clear_selection()

    def escape(self, app: PageApp) -> None:
        self.on_w2_cancel(app, None, None)

    def input_snapshot(self, app: PageApp) -> Any:
        st = app.variant_state
        return (st.get("target"), st.get("dst"), st.get("mode"))

    def focus_after(self, app: PageApp, before: Any) -> tuple[str, str] | None:
        """A target chosen for an air attack, or a centre to airlift to: the keyboard goes
        to the button that launches it (as a regroup's target sends it to Move); the spy
        mode opened: to its first opponent."""
        st = app.variant_state
        if st.pop("spied_now", False):  # the cards just seen: into sight, and read out
            return ("region", "w2-intel")
        if _game(app).phase == "air":  # the bombers fly: the next key rolls the next round
            return ("action", "w2-air-round")
        target, dst, mode = before if isinstance(before, tuple) else (None, None, None)
        if st.get("mode") == "spy" and mode != "spy":  # whose cards: the first to choose
            return ("action", "w2-spy")
        if st.get("target") and st.get("mode") == "air" and target != st["target"]:
            return ("action", "w2-launch")
        if st.get("dst") and st.get("mode") == "airlift" and dst != st["dst"]:
            return ("action", "w2-airlift")
        return None

    def on_w2_mode(self, app: PageApp, arg: str | None, _v: str | None) -> None:
        if not self._ready(app):
            return
        st = _state(app)
        mode, _, seat = (arg or "").partition(":")
        _reset(st)
        app.clear_selection()
        if mode in ("air", "airlift", "ci_place", "ci_move", "spy"):
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
        """A count for an airlift or a card transport (both move from ``src``)."""
        if not self._ready(app):
            return
        g, st = _game(app), _state(app)
        if not st["src"]:
            return
        top = g.movable_from(st["src"])
        n = step_count(arg if arg is not None else value, min(st["count"] or top, top), top)
        if n is not None:
            st["count"] = n
            app.say(str(n))

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
        if st["picked"] and g.phase in CARD_PHASES:  # what they may do, under them: in sight
            app.bring_into_sight(".w2-card-uses")

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
            _reset(_state(app))  # (the spy mode, if it was chosen there)
            self._act(app, Spy(seat))
            app.revealed = True  # the cards seen appear in the spy's own box at once
            _state(app)["spied_now"] = True

    # ------------------------------------------------------------------ taps
    def on_territory_tap(self, app: PageApp, territory: str) -> bool:
        g, st = _game(app), _state(app)
        t = territory
        if g.phase == "claim":
            if t in g.owner:  # ("This territory is taken." for one's own read as wrong)
                key = "w2_claim_own" if g.owner[t] == g.current else "w2_claim_taken"
                app.message = ("error", app.tr(key, territory=app.place(t)))
                return True
            self._act(app, Claim(t))
            return True
        if g.phase == "centre_choice":
            self._centre_choice_tap(app, st, t)
            return True
        if g.phase == "air":
            app.message = ("error", app.tr("rule_air_combat"))
            return True
        mode = st["mode"]
        if mode == "spy":  # a tap on the map: the spy put off, the tap acts as usual
            _reset(st)
            return False
        if mode == "air":
            if g.owner[t] == g.current:
                app.message = ("error", app.tr("rule_attack_own_territory"))
            elif g.armies[t] < g.rules.air_target_min_armies:
                app.message = (
                    "error",
                    app.tr(
                        "w2_air_target_armies",
                        territory=app.place(t),
                        n=g.armies[t],
                        least=g.rules.air_target_min_armies,
                    ),
                )
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

    def tap_refused(self, app: PageApp, territory: str) -> bool | None:
        g, st = _game(app), _state(app)
        if g.phase == "claim":  # only a vacant territory may be chosen
            return territory in g.owner
        if g.phase == "centre_choice":
            return territory in g.owner and territory not in g.centre_cards_left
        if g.phase == "air" or st["mode"] in ("air", "airlift", "ci_place", "ci_move"):
            return False  # the mode's own rules: every territory stays offered
        return None

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
        elif not g.pair_allowed():
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
