"""WAR II's phase controls: choosing territories and centres, placement, the turn's ends."""

from __future__ import annotations

from typing import Any

from pywar.actions import EndAttack, EndTurn

from nodes import Node, button, find, h
from screens.placement import bound_pool_line, free_pool_lines, placement_panel
from variant_ui import PageApp
from variants.war2.common import War2Base, _game, _state, spy_choices


class War2Controls(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

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
        if st["mode"] == "spy":
            return self._spy_controls(app)
        if g.pending_armies:
            return self._placement_controls(app)
        if g.phase == "attack":
            if st["mode"] == "air":
                return self._air_pick_controls(app, st)
            classic = app.attack_controls()
            self._guard_end_buttons(app, classic)
            self._spy_beside_the_end(app, classic)
            return h(
                "div",
                {"class": "phase attack w2"},
                self._air_summary(app, st),
                classic["children"],
                self._air_launcher(app),
                # after the buttons: before them it pushed End attacks out of a tablet's strip
                h("p", {"class": "hint stage"}, app.tr("w2_stage2")) if g.stage == 2 else None,
            )
        if g.phase == "regroup":
            if st["mode"] == "airlift":
                return self._airlift_controls(app, st)
            classic = app.regroup_controls()
            self._guard_end_buttons(app, classic)
            self._spy_beside_the_end(app, classic)
            return h(
                "div",
                {"class": "phase regroup w2"},
                self._air_summary(app, st),
                classic["children"],
                self._airlift_launcher(app),
            )
        return None

    def _guard_end_buttons(self, app: PageApp, node: Node) -> None:
        """Disable the classic end buttons the engine would refuse, and say why just before
        them with the way out (the Information Centre to place: the reason and its button
        sat at the panel's foot, out of a tablet's strip, beside a greyed End turn)."""
        g = _game(app)
        blocked = False
        for action, probe in (("end-turn", EndTurn()), ("end-attack", EndAttack())):
            if g.is_legal(probe):
                continue
            for b in find(node, lambda n, a=action: n["attrs"].get("data-action") == a):
                b["attrs"]["disabled"] = "disabled"
                b["attrs"]["title"] = app.tr("w2_end_turn_blocked")
                blocked = True
        children = node["children"]
        rows = [
            i
            for i, n in enumerate(children)
            if isinstance(n, dict) and n["attrs"].get("class") == "btn-row end"
        ]
        if blocked and rows:
            children.insert(
                rows[0],
                h(
                    "div",
                    {"class": "end-why"},
                    h("p", {"class": "alert"}, app.tr("w2_ci_place_due")),
                    button(app.tr("w2_ci_place"), "w2-mode", "ci_place", cls="btn primary"),
                ),
            )

    def _spy_beside_the_end(self, app: PageApp, node: Node) -> None:
        """Spying, while it may still be done this turn, beside End attacks and End turn:
        the book's player who ends the turn without it has lost it, and its buttons in
        the Information Centres' section sat below a tablet's strip, never seen."""
        if not _game(app).can_spy():
            return
        for row in find(node, lambda n: n["attrs"].get("class") == "btn-row end"):
            row["children"].append(button(app.tr("w2_spy_open"), "w2-mode", "spy", cls="btn"))
            return

    def _spy_controls(self, app: PageApp) -> Node:
        """Whose cards to see (the spy mode opened beside the turn's end)."""
        return h(
            "div",
            {"class": "phase spy w2"},
            spy_choices(app, "btn primary"),
            button(app.tr("w2_cancel"), "w2-cancel", cls="btn small"),
        )

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
        if not g.pair_allowed():
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
        lines = free_pool_lines(app.tr, g.pools)
        for key, n in sorted(g.pools.items()):
            kind, _, ident = key.partition(":")
            if kind in ("continent", "majority", "majority_any"):
                text = app.tr(f"w2_pool_{kind}", n=n, continent=app.place(ident))
            elif kind == "territory":
                text = app.tr("w2_pool_centre", n=n, territory=app.place(ident))
            else:
                continue
            lines.append(bound_pool_line(app.tr, text, key))
        return placement_panel(
            app.tr,
            app.amount,
            g.pending_armies,
            lines,
            cls="phase place w2",
            before=h("p", {"class": "hint stage"}, app.tr("w2_stage1")) if g.stage == 1 else None,
            after=[
                h("p", {"class": "hint"}, app.tr("w2_cards_any_time", reveal=app.tr("reveal")))
                if g.players[g.current].cards and g.stage != 1 and not app.revealed
                else None
            ],
        )
