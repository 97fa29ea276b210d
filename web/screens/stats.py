"""The statistics screen: luck against the exact expectation, and the chart."""

from __future__ import annotations

from typing import Any

from nodes import Node, button, h
from screens.common import PageBase


class StatsScreen(PageBase):
    """The statistics screen (a mixin of :class:`viewmodel.App`)."""

    def on_chart(self, arg: str | None, _v: str | None) -> None:
        if arg in ("territories", "armies"):
            self.chart = arg

    def on_chart_figures(self, _a: str | None, _v: str | None) -> None:
        """Show or hide the chart's figures (a table under it)."""
        self.chart_figures = not self.chart_figures

    def _stats_screen(self) -> Node:
        g = self.game
        assert g is not None
        rows = []
        for i, p in enumerate(g.players):
            luck = g.luck(i)
            rows.append(
                h(
                    "tr",
                    {},
                    h(
                        "td",
                        {},
                        h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                        p.name,
                    ),
                    self._lost_cell(
                        luck["attack_lost"],
                        luck["attack_expected_lost"],
                        self.tr_count("stats_attacks", luck["attack_rolls"]),
                    ),
                    self._lost_cell(
                        luck["defend_lost"],
                        luck["defend_expected_lost"],
                        self.tr_count("stats_defences", luck["defend_rolls"]),
                    ),
                    h(
                        "td",
                        {"class": "luck"},
                        self.signed(luck["attack_luck"] + luck["defend_luck"]),
                    ),
                )
            )
        # Four columns: a phone shows the whole table (the rolls go under their losses).
        table = h(
            "table",
            {"class": "stats"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    [
                        h("th", {"scope": "col"}, self.tr(k))
                        for k in ("th_player", "th_att_lost", "th_def_lost", "th_luck")
                    ],
                ),
            ),
            h("tbody", {}, rows),
        )
        return h(
            "section",
            {"class": "screen stats", "aria-labelledby": "stats-title"},
            h("h2", {"id": "stats-title"}, self.tr("stats_title")),
            h("p", {"class": "hint"}, self.tr("stats_hint")),
            table,
            h(
                "div",
                {"class": "btn-row", "role": "group"},
                [
                    button(
                        self.tr("chart_" + k), "chart", k, cls="btn small", pressed=self.chart == k
                    )
                    for k in ("territories", "armies")
                ],
            ),
            self._chart(),
        )

    def _lost_cell(self, lost: int, expected: float, rolls: str) -> Node:
        """Armies lost against those expected, and in how many rolls (on a line below)."""
        return h(
            "td",
            {},
            h("span", {"class": "lost"}, f"{self.whole(lost)} / {self.number(expected)}"),
            h("span", {"class": "rolls"}, rolls),
        )

    def _chart(self) -> Node:
        """A line chart of territories (or armies) per player over the rounds, in SVG."""
        g = self.game
        assert g is not None
        points = g.timeline or [
            {"round": g.round, "territories": [0] * len(g.players), "armies": [0] * len(g.players)}
        ]
        key = self.chart
        width, height, pad = 520, 220, 34
        top = max(1, max(max(p[key]) for p in points))
        # room for the top value's digits at a phone's 22-unit ticks ("121" read "21")
        top_text = self.whole(top)
        left = max(pad, 10 + 14 * len(top_text))
        rounds = [p["round"] for p in points]
        r0, r1 = min(rounds), max(rounds)

        def x(r: int) -> float:
            if r1 == r0:  # one round of figures: in the middle, under its one label
                return round((left + width - 10) / 2, 1)
            return round(left + (width - left - 10) * (r - r0) / (r1 - r0), 1)

        def y(v: int) -> float:
            return round(height - pad + 4 - (height - pad - 10) * v / top, 1)

        lines = []
        for i, p in enumerate(g.players):
            coords = " ".join(f"{x(pt['round'])},{y(pt[key][i])}" for pt in points)
            lines.append(
                h("polyline", {"points": coords, "class": f"line c-{p.color}", "data-seat": str(i)})
            )
            # a dot where each line ends: a game of one round so far is a line of one point,
            # which draws nothing; players with the same figure side by side (one dot hid
            # the other), leftwards from the chart's right edge, around a lone round
            last = points[-1]
            same = [j for j, v in enumerate(last[key]) if v == last[key][i]]
            k, m = same.index(i), len(same)
            shift = 13 * (k - (m - 1)) if r1 > r0 else 13 * (k - (m - 1) / 2)
            lines.append(
                h(
                    "circle",
                    {
                        "cx": round(x(last["round"]) + shift, 1),
                        "cy": y(last[key][i]),
                        "r": 6,
                        "class": f"dot c-{p.color}",
                        "data-seat": str(i),
                    },
                )
            )
        axes = [
            h("line", {"x1": left, "y1": y(0), "x2": width - 10, "y2": y(0), "class": "axis"}),
            h("line", {"x1": left, "y1": y(0), "x2": left, "y2": 8, "class": "axis"}),
            h(
                "text",
                {"x": left - 6, "y": y(top) + 4, "class": "tick", "text-anchor": "end"},
                top_text,
            ),
            h("text", {"x": left - 6, "y": y(0) + 4, "class": "tick", "text-anchor": "end"}, "0"),
            h("text", {"x": x(r0), "y": height - 6, "class": "tick"}, str(r0)) if r1 > r0 else None,
            h(
                "text",
                {
                    "x": x(r1),
                    "y": height - 6,
                    "class": "tick",
                    "text-anchor": "end" if r1 > r0 else "middle",
                },
                self.tr("round_n", n=r1),
            ),
        ]
        legend = h(
            "ul",
            {"class": "legend"},
            [
                h(
                    "li",
                    {},
                    h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                    p.name,
                )
                for p in g.players
            ],
        )
        return h(
            "figure",
            {"class": "chart"},
            h(
                "svg",
                {
                    "viewBox": f"0 0 {width} {height}",
                    "role": "img",
                    "aria-label": self.tr("chart_label_" + key),
                },
                axes,
                lines,
            ),
            legend,
            self._chart_figures(g.timeline, key),
        )

    def _chart_figures(self, points: list[dict[str, Any]], key: str) -> Node | None:
        """The chart's figures as a table under it, behind a button: what a line shows to
        the eye, for a screen reader (and whoever wants the numbers). None before the first
        round's figures."""
        g = self.game
        assert g is not None
        if not points:
            return None
        toggle = h(
            "button",
            {
                "type": "button",
                "class": "btn small",
                "data-action": "chart-figures",
                "aria-expanded": "true" if self.chart_figures else "false",
                "aria-controls": "chart-figures",
            },
            self.tr("chart_figures"),
        )
        if not self.chart_figures:
            return h("div", {"class": "chart-figures"}, toggle)
        head = h(
            "tr",
            {},
            h("th", {"scope": "col"}, self.tr("th_round")),
            [h("th", {"scope": "col"}, p.name) for p in g.players],
        )
        rows = [
            h(
                "tr",
                {},
                h("th", {"scope": "row"}, str(pt["round"])),
                [h("td", {}, self.whole(v)) for v in pt[key]],
            )
            for pt in points
        ]
        return h(
            "div",
            {"class": "chart-figures"},
            toggle,
            # six long names on a phone scroll sideways in this box, which the keyboard
            # may focus (and its arrows scroll)
            h(
                "div",
                {
                    "class": "figures-scroll",
                    "id": "chart-figures",
                    "role": "region",
                    "tabindex": "0",
                    "aria-label": self.tr("chart_figures"),
                },
                h(
                    "table",
                    {"class": "figures"},
                    h("caption", {"class": "visually-hidden"}, self.tr("chart_label_" + key)),
                    h("thead", {}, head),
                    h("tbody", {}, rows),
                ),
            ),
        )
