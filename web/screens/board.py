"""The board's view: owners, armies, selection states and names of every territory."""

from __future__ import annotations

from typing import Any

from pywar.board import load_board

from screens.common import PageBase


class BoardView(PageBase):
    """The board's view (a mixin of :class:`viewmodel.App`)."""

    def map_names(self) -> dict[str, Any]:
        """The names the map shows (territory labels, the map's own name) in the page
        language, for the board on screen: the SVG maps carry Portuguese ones."""
        board = load_board(self.board_id())
        english = self.lang == "en"
        return {
            "names": {
                tid: terr.name_en if english else terr.name
                for tid, terr in board.territories.items()
            },
            "map_label": self.tr("map_label"),
            # the page's own controls around the map (index.html names them in both
            # languages until Python speaks)
            "labels": {
                "zoom": self.tr("zoom_group"),
                "zoom-in": self.tr("zoom_in"),
                "zoom-out": self.tr("zoom_out"),
                "zoom-reset": self.tr("zoom_reset"),
                "panel": self.tr("panel_label"),
                "notices": self.tr("notices_label"),
            },
        }

    def _board(self) -> dict[str, Any]:
        board = self._board_state()
        board.update(self.map_names())
        return board

    def _board_state(self) -> dict[str, Any]:
        g = self.game
        replaying = self.screen == "replay" and self.replay is not None
        if replaying:
            g = self.replay["game"]
        if g is None or (self.screen == "setup" and g.board.id != self.board_id()):
            return {"territories": {}}
        me = g.current
        human_turn = (
            self.screen == "play"
            and self.curtain is None
            and not self.is_bot(me)
            and g.phase != "over"
            and not self.blitz_running
        )
        blitz = getattr(self, "blitz", None)  # a screen opened over the game ends it
        out = {}
        targets: set[str] = set()
        if human_turn and self.source:
            targets = {
                n
                for n in g.board.neighbors[self.source]
                if (g.owner[n] != me) == (g.phase == "attack")
            }
        for tid in g.board.territories:
            owner = g.owner.get(tid)
            if owner is None:  # not claimed yet (WAR II's setup); a page module marks it
                out[tid] = {"owner": "", "armies": "", "state": "", "label": self.tname(tid)}
                continue
            state = self.replay["marks"].get(tid, "") if replaying else ""
            if blitz is not None and not replaying:  # the battle rolling on stays marked
                state = {blitz["source"]: "source", blitz["target"]: "target"}.get(tid, "")
            elif human_turn:
                if tid == self.source:
                    state = "source"
                elif tid == self.target:
                    state = "target"
                elif tid in targets or (g.pending_armies and owner == me and g.available_for(tid)):
                    state = "option"
            armies = g.armies[tid]
            out[tid] = {
                "owner": g.players[owner].color,
                "armies": armies,
                "state": state,
                "label": self.tr(
                    "territory_label",
                    territory=self.place(tid),
                    name=self.name(owner),
                    color=self.tr("color_" + g.players[owner].color),
                    armies=armies,
                ),
            }
        board: dict[str, Any] = {"territories": out}
        ext = self.extension()
        if ext is not None:
            # g is the game shown: the one in play or the step a replay shows.
            ext.decorate_board(self, out, g)
            # Other marks of a variant's map (WAR II: air bases, centre markers): CSS
            # selector -> {"attrs": {name: value or None}, "text": str}; main.py writes them.
            marks = ext.board_marks(self, g)
            if marks is not None:
                board["marks"] = marks
        for cell in out.values():
            # what the colours and outlines show, said to a screen reader too
            if cell["state"] in ("source", "target", "option"):
                cell["label"] += " · " + self.tr("label_state_" + cell["state"])
        return board


def badge_text(armies: int | str) -> str:
    """What an army badge says: the count, up to five digits (the most a badge fits);
    thousands or millions past that (a save may hold up to a billion armies: six digits
    spilled over the next territory). The territory's label says the count whole.

    >>> [badge_text(n) for n in (7, 99999, 123456, 9999999, 12345678, 10**9, "")]
    ['7', '99999', '123k', '9999k', '12M', '1000M', '']
    """
    if isinstance(armies, str) or armies < 100_000:
        return str(armies)
    if armies < 10_000_000:
        return f"{armies // 1000}k"
    return f"{armies // 1_000_000}M"
