"""WAR II's air: air attacks with their dice, and the airlift."""

from __future__ import annotations

from typing import Any

from pywar.variants.war2.actions import AirAttack

from nodes import Node, button, h
from variant_ui import PageApp
from variants.war2.common import AIR_ROUNDS_SHOWN, War2Base, _count_picker, _game


class War2Air(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

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
                        button(
                            str(k),
                            "w2-bombers",
                            k,
                            cls="btn small",
                            pressed=k == n,
                            aria_label=app.tr("w2_n_bombers", n=k),
                        )
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
        if st["air"] is None or st["air_at"] != len(g.log) or app.source is not None:
            return None  # gone once something happened since, or a battle is being chosen
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
