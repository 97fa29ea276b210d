"""WAR II's events and objectives in words (public information only)."""

from __future__ import annotations

from typing import Any

from pywar.variants.war2.data import describe as describe_war2_objective

from variant_ui import PageApp
from variants.war2.common import War2Base, _game


class War2Words(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

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

    def describe_objective(self, app: PageApp, objective: dict[str, Any]) -> str:
        """An objective card's text, WAR II's own kinds included."""
        return describe_war2_objective(objective, _game(app).board, app.lang)
