"""WAR II's Information Centres: placing, moving, spying, what they showed."""

from __future__ import annotations

from typing import Any

from pywar.actions import EndTurn
from pywar.variants.war2.actions import MoveCI, PlaceCI
from pywar.variants.war2.base import SETUP_PHASES
from pywar.variants.war2.data import describe as describe_war2_objective

from nodes import Node, button, h
from variant_ui import PageApp
from variants.war2.common import War2Base, _game, _state, spy_choices


class War2Centres(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

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
        # once End turn waits for it, the reason and this button go beside End turn
        due = g.phase in ("attack", "regroup") and not g.is_legal(EndTurn())
        if (
            mine["territory"] is None
            and not due
            and any(g.is_legal(PlaceCI(t)) for t in g.territories_of(me)[:1])
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
        if g.can_spy() and _state(app)["mode"] != "spy":  # (the spy mode shows them on top)
            actions.extend(spy_choices(app, "btn"))
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
                spec = g.objective_spec(info["objective"])
                text = app.tr(
                    "w2_intel_captured",
                    name=app.name(int(seat)),
                    objective=describe_war2_objective(spec, g.board, app.lang),
                    cards=cards,
                    round=info["round"],  # as the header counts them
                )
            else:
                text = app.tr(
                    "w2_intel_spied", name=app.name(int(seat)), cards=cards, round=info["round"]
                )
            lines.append(h("li", {}, text))
        # focusable, so that the cards a spy has just seen come into sight (see intents)
        return h(
            "div",
            {"class": "w2-intel", "id": "w2-intel", "tabindex": "-1"},
            h("h2", {}, app.tr("w2_intel_title")),
            h("ul", {}, lines),
        )
