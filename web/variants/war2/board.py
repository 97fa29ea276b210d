"""WAR II's map: unclaimed territories, selection states, air bases and centre marks."""

from __future__ import annotations

from typing import Any

from pywar.variants.war2.actions import MoveCI
from pywar.variants.war2.rules import War2Game

from variant_ui import PageApp
from variants.war2.common import War2Base, _game, _human_turn, _state


class War2Board(War2Base):
    """A part of :class:`variants.war2.view.War2UI` (see the module)."""

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
            if g.pair_allowed():
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
                    # a colour nobody plays is not drawn at all; a player knocked out fades
                    "data-unused": "true" if seat is None else None,
                    "data-idle": "true" if idle else None,
                    "data-current": "true" if seat == g.current and not idle else None,
                },
                "text": "" if seat is None else str(g.bombers[seat]),
                # the box's tooltip in the page's language (the map's own is Portuguese)
                "title": app.tr("w2_air_base_idle", color=app.tr("color_" + color))
                if seat is None
                else app.tr("w2_air_base_title", color=app.tr("color_" + color), n=g.bombers[seat]),
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
