"""WAR II's events and objectives in words (public information only)."""

from __future__ import annotations

from typing import Any

from pywar.variants.war2.data import describe as describe_war2_objective

from variant_ui import PageApp
from variants.war2.common import War2Base, _game

#: How an event field reads in a text: a territory's name, a player's name, or as it is.
PLACE, SEAT, AS_IS = "place", "seat", "as_is"
#: Events told by one text of the player's name (``name``) and the event's fields:
#: kind -> (catalogue key, {text parameter: (event field, how it reads)}).
SIMPLE_EVENTS: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {
    "claim": ("w2_ev_claim", {"territory": ("territory", PLACE)}),
    "take_centre": ("w2_ev_take_centre", {"territory": ("territory", PLACE)}),
    "transport": (
        "w2_ev_transport",
        {"count": ("count", AS_IS), "source": ("source", PLACE), "target": ("target", PLACE)},
    ),
    "discard": ("w2_ev_discard", {}),
    "airlift": (
        "w2_ev_airlift",
        {"count": ("count", AS_IS), "source": ("source", PLACE), "target": ("target", PLACE)},
    ),
    "place_ci": ("w2_ev_place_ci", {"territory": ("territory", PLACE)}),
    "move_ci": (
        "w2_ev_move_ci",
        {"owner": ("ci", SEAT), "source": ("source", PLACE), "target": ("target", PLACE)},
    ),
    "transport_ci": ("w2_ev_transport_ci", {"owner": ("ci", SEAT), "target": ("target", PLACE)}),
    "spy": ("w2_ev_spy", {"target": ("target", SEAT)}),
    "ci_captured": (
        "w2_ev_ci_captured",
        {"owner": ("ci", SEAT), "territory": ("territory", PLACE)},
    ),
    "ci_recovered": ("w2_ev_ci_recovered", {"territory": ("territory", PLACE)}),
}


class War2Words(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

    # ------------------------------------------------------------------ events
    def describe_event(self, app: PageApp, e: dict[str, Any]) -> str | None:
        kind = e["type"]
        g = _game(app)
        name = app.name(e["player"]) if isinstance(e.get("player"), int) else ""
        if kind in SIMPLE_EVENTS:
            key, params = SIMPLE_EVENTS[kind]
            words: dict[str, Any] = {"name": name}
            for param, (field, read) in params.items():
                value = e[field]
                words[param] = (
                    app.place(value)
                    if read == PLACE
                    else app.name(value)
                    if read == SEAT
                    else value
                )
            return app.tr(key, **words)
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
                cards="; ".join(self.card_label(app, c) for c in e["cards"]),
            )
        if kind == "air_attack":
            origin = (
                app.tr("w2_from_base")
                if e["source"] == "base"
                else app.tr(
                    "w2_from_box", cards="; ".join(self.card_label(app, c) for c in e["cards"])
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
        if kind in ("turn_end", "objective_changed"):
            return ""
        return None

    def describe_objective(self, app: PageApp, objective: dict[str, Any]) -> str:
        """An objective card's text, WAR II's own kinds included."""
        return describe_war2_objective(objective, _game(app).board, app.lang)
