"""Taps, keys and focus: how a finger, a mouse or a keyboard reaches the board and the
page's dialogs. A mixin of :class:`viewmodel.App` (plain Python, tested under pytest).

- A tap on the board arrives as the point (map units), the scale (CSS px per map unit)
  and what the finger touched; :func:`taps.resolve` decides which territory it means, or
  the few it might mean, which the page then offers as big buttons (the "chooser").
- A second quick tap at the same place (a double tap, which the page marks) zooms in,
  and undoes what the first tap selected, so a double tap never selects by accident; a
  first tap that acted (placed armies) is not undone: the second one acts again.
- Arrow keys move the keyboard's place on the map (the "cursor") to a neighbouring
  territory; Enter or Space taps it. After a step, focus goes where the next key is
  expected (the Attack button once a target is chosen, the largest move after a
  conquest), so a whole attack takes a handful of keys.
- Escape closes what can be closed: the chooser, the menu, a screen over the game, the
  selection.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from pywar.variants import get_variant

from i18n import grouped
from nodes import Node, button, h
from taps import resolve, step
from variant_ui import DEFAULT_VARIANT

if TYPE_CHECKING:  # pragma: no cover
    from pywar.board import Board
    from pywar.game import Game

#: The arrow keys' names in keyboard events, and the direction each moves.
ARROWS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}
#: Screens over the game that Escape closes (back to the game).
CLOSABLE = ("rules", "history", "stats", "saves", "replay")
#: How much a double tap zooms in.
DOUBLE_TAP_ZOOM = 2.0
#: The full-screen button's icon: four corners out (enter) or in (leave).
FULLSCREEN_ICON = {
    False: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
    True: "M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5",
}


class BoardInput:
    """The input half of the page: taps, the chooser, the cursor, focus, Escape, the
    menu and full screen."""

    game: Game | None
    screen: str
    curtain: int | None
    source: str | None
    target: str | None
    message: tuple[str, str] | None
    lang: str

    def _init_input(self) -> None:
        #: Each board's anchors (badge centres, map units), as the page reports them.
        self.anchors: dict[str, dict[str, tuple[float, float]]] = {}
        #: Territories a tap may have meant, offered as buttons (empty: no chooser).
        self.candidates: list[str] = []
        self.candidate_at: tuple[float, float] | None = None
        #: The keyboard's place on the map (one territory in the tab order).
        self.cursor: str | None = None
        self.focus_seq = 0
        self.focus_target: tuple[str, ...] | None = None
        self.menu_open = False
        self.can_fullscreen = False
        self.is_fullscreen = False
        #: What the last tap changed, when it only changed the selection (for a double tap).
        self.tap_undo: dict[str, Any] | None = None
        #: The territories the last tap may have meant (a double tap is on the same ones).
        self.tap_found: list[str] = []

    # ------------------------------------------------------------------ helpers
    def set_anchors(self, board_id: str, anchors: dict[str, tuple[float, float]]) -> None:
        """The badge centres of a board in the page (the adapter reads them once)."""
        self.anchors[board_id] = {t: (float(x), float(y)) for t, (x, y) in anchors.items()}

    def request_focus(self, kind: str, *what: str) -> None:
        """Ask the page to move the keyboard focus ("territory", id), ("action", name[,
        arg]) or ("choice",)."""
        self.focus_seq += 1
        self.focus_target = (kind, *what)

    def input_board(self) -> Board:
        """The board on the screen (the game's, or the one chosen for a new game)."""
        return get_variant(self._variant_shown()).board

    def _variant_shown(self) -> str:
        g = self.game
        if g is not None and self.screen != "setup":
            return g.variant.id
        return str(getattr(self, "form", {}).get("variant", DEFAULT_VARIANT))

    def territory_name(self, territory: str) -> str:
        """A territory's name in the page language (any board on the screen)."""
        terr = self.input_board().territories[territory]
        return terr.name if self.lang == "pt" else terr.name_en

    def taps_wanted(self) -> bool:
        """Whether taps on the board may act now (a person's turn in play)."""
        g = self.game
        return (
            g is not None
            and self.screen == "play"
            and self.curtain is None
            and g.phase != "over"
            and not self.is_bot(g.current)  # type: ignore[attr-defined]
            and not getattr(self, "blitz_running", False)
        )

    def _selection(self) -> dict[str, Any]:
        keep = (
            "source",
            "target",
            "dice_choice",
            "move_count",
            "candidates",
            "candidate_at",
            "cursor",
            "message",
        )
        snap = {k: copy.copy(getattr(self, k, None)) for k in keep}
        snap["variant_state"] = copy.deepcopy(getattr(self, "variant_state", None))
        return snap

    def _restore(self, snap: dict[str, Any]) -> None:
        for key, value in snap.items():
            if key == "variant_state":
                if value is not None:
                    self.variant_state = value  # type: ignore[attr-defined]
            else:
                setattr(self, key, value)

    def default_cursor(self) -> str | None:
        """Where the keyboard starts on the map: the largest army of the player to move (of
        the first person at the table while a computer moves), else the first territory
        of the board."""
        g = self.game
        board = self.input_board()
        if g is not None and self.screen == "play" and g.board.id == board.id:
            seat = g.current
            if self.is_bot(seat):  # type: ignore[attr-defined]
                people = [s for s in range(len(g.players)) if not self.is_bot(s)]  # type: ignore[attr-defined]
                seat = people[0] if people else seat
            own = [t for t in board.territories if g.owner.get(t) == seat]
            if own:
                return max(own, key=lambda t: g.armies[t])
        return next(iter(board.territories), None)

    def cursor_now(self) -> str | None:
        """The cursor, if it is on the board shown, else the default place."""
        if self.cursor in self.input_board().territories:
            return self.cursor
        return self.default_cursor()

    # ------------------------------------------------------------------ intents
    def on_tap(self, arg: str | None, value: str | None) -> dict[str, Any] | None:
        """A tap on the board: ``arg`` "territory|part" of what the finger touched (empty
        on the sea), ``value`` "x,y,scale" in map units, ", double" for a double tap."""
        hit, _, part = (arg or "").partition("|")
        fields = (value or "").split(",")
        try:
            x, y, scale = (float(v) for v in fields[:3])
        except ValueError:
            return None
        double = len(fields) > 3 and fields[3].strip() == "double"
        board = self.input_board()
        hit_id = hit if hit in board.territories else None
        found = (
            resolve((x, y), scale, hit_id, part or None, self.anchors.get(board.id, {}))
            if self.taps_wanted()
            else []
        )
        # A quick second tap on another territory (a refused tap corrected on a small
        # phone map, where neighbours' badges sit closer than the double tap's 30 px) is
        # a tap of its own: only the same place twice zooms.
        same_place = not found or not self.tap_found or bool(set(found) & set(self.tap_found))
        if double and self.tap_undo is not None and same_place:
            self._restore(self.tap_undo)
            self.tap_undo = None
            self.tap_found = []
            return {"zoom": DOUBLE_TAP_ZOOM}
        before = self._selection()
        self.candidates = []
        g = self.game
        acted_from = (id(g), len(g.log) if g is not None else 0)
        self.tap_found = found
        if len(found) > 1:
            # a close call: only the territories the tap may act on (the taken ones of
            # WAR II's free choice, someone else's while placing... only tell the player
            # no); none of them: every one, and the chooser's answer says why not
            meant = [t for t in found if not self.tap_refused(t)]  # type: ignore[attr-defined]
            found = meant or found
        if len(found) == 1:
            self.cursor = found[0]
            self.on_territory(found[0], None)  # type: ignore[attr-defined]
        elif found:
            self.candidates = found
            self.candidate_at = (x, y)
            self.request_focus("choice")
        g = self.game
        acted = (id(g), len(g.log) if g is not None else 0) != acted_from
        self.tap_undo = None if acted else before
        return None

    def on_pick(self, arg: str | None, _v: str | None) -> None:
        """A territory chosen on the chooser."""
        if arg in self.input_board().territories:
            self.cursor = arg
            self.request_focus("territory", arg)
            self.on_territory(arg, None)  # type: ignore[attr-defined]

    def on_key_move(self, arg: str | None, value: str | None) -> None:
        """An arrow key on the map: ``arg`` the direction, ``value`` the focused territory."""
        board = self.input_board()
        here = value if value in board.territories else self.cursor_now()
        if here is None:
            return
        there = step(here, arg or "", self.anchors.get(board.id, {}), board.neighbors[here])
        self.cursor = there or here
        self.request_focus("territory", self.cursor)

    def on_key_jump(self, arg: str | None, value: str | None) -> None:
        """Page Down or Page Up on the map: ``arg`` "next" or "previous", ``value`` the
        focused territory. The keyboard goes to the next territory (in the board's order,
        round the end) the player may choose now: a whole continent of arrows saved."""
        board = self.input_board()
        here = value if value in board.territories else self.cursor_now()
        order = list(board.territories)
        choosable = set(self.choosable())
        if here is None or not choosable:
            return
        at = order.index(here)
        turn = -1 if arg == "previous" else 1
        ahead = (order[(at + turn * k) % len(order)] for k in range(1, len(order) + 1))
        self.cursor = next(t for t in ahead if t in choosable)
        self.request_focus("territory", self.cursor)

    def choosable(self) -> list[str]:
        """The territories the player to move may choose on the map now: those marked
        available (where to place, the targets of a source, WAR II's vacant territories)
        and the chosen target, else those a tap would not refuse (an attack's sources with
        an enemy beside them, say); none while the map has nothing to choose (a computer's
        turn, the curtain, a blitz, moving in after a conquest, an air battle)."""
        g = self.game
        if g is None or not self.taps_wanted() or getattr(g, "must_trade", False):
            return []
        if g.phase in ("occupy", "air"):
            return []
        cells = self._board_state()["territories"]  # type: ignore[attr-defined]
        marked = [t for t, cell in cells.items() if cell["state"] in ("option", "target")]
        if marked:
            return marked
        free = [t for t in g.board.territories if t != self.source]
        free = [t for t in free if not self.tap_refused(t)]  # type: ignore[attr-defined]
        if g.phase == "attack" and self.source is None and not g.pending_armies:
            free = [
                t
                for t in free
                if any(g.owner.get(n) not in (None, g.current) for n in g.board.neighbors[t])
            ]
        return free

    def on_escape(self, _a: str | None, _v: str | None) -> None:
        """Escape: close the chooser, the menu, a screen over the game, or the selection."""
        if self.candidates:
            self.candidates = []
            self.request_focus("territory", self.cursor_now() or "")
        elif self.menu_open:
            self.menu_open = False
            self.request_focus("action", "menu")
        elif (
            self.screen in CLOSABLE
            or self.screen == "final"  # a finished game's map: back to its result
            or (self.screen == "setup" and self.game is not None)
        ):
            self.on_screen("play", None)  # type: ignore[attr-defined]
        elif getattr(self, "blitz", None) is not None:
            self._end_blitz("stopped")  # type: ignore[attr-defined]
        else:
            ext = self.extension()  # type: ignore[attr-defined]
            if ext is not None:
                ext.escape(self)
            self.on_cancel(None, None)  # type: ignore[attr-defined]

    def on_menu(self, _a: str | None, _v: str | None) -> None:
        self.menu_open = not self.menu_open

    def on_fullscreen(self, _a: str | None, _v: str | None) -> dict[str, Any] | None:
        if not self.can_fullscreen:
            return None
        return {"fullscreen": not self.is_fullscreen}

    # ------------------------------------------------------------------ focus
    def focus_after(self, action: str, before: dict[str, Any]) -> None:
        """Move focus where the next key is expected after ``action``."""
        g = self.game
        if g is None or not self.taps_wanted() or self.candidates:
            return
        if action == "escape" and before.get("screen") != self.screen:
            return  # a screen over the game closed: the focus goes back to what opened it
        if action in ("curtain-open", "start", "resume"):
            self.cursor = self.default_cursor()
            self.request_focus("territory", self.cursor or "")
        elif g.phase == "occupy" and before["phase"] != "occupy" and g.occupy:
            self.request_focus("action", "occupy", str(g.occupy["max"]))
        elif self.target and self.target != before["target"]:
            if g.phase in ("attack", "regroup"):
                self.request_focus("action", "attack" if g.phase == "attack" else "regroup")
        elif before["phase"] == "occupy" and g.phase == "attack" and g.occupy is None:
            self.cursor = before["occupy_target"] or self.cursor
            self.request_focus("territory", self.cursor_now() or "")
        elif action in ("end-attack", "regroup", "cancel", "escape") or (
            before["phase"] != g.phase and action != "tap"
        ):
            self.request_focus("territory", self.cursor_now() or "")
        ext = self.extension()  # type: ignore[attr-defined]
        focus = ext.focus_after(self, before.get("variant")) if ext is not None else None
        if focus is not None:
            self.request_focus(*focus)

    def input_before(self) -> dict[str, Any]:
        """What :meth:`focus_after` compares with (taken before an action)."""
        g = self.game
        ext = self.extension()  # type: ignore[attr-defined]
        return {
            "phase": g.phase if g else None,
            "screen": getattr(self, "screen", None),
            "target": self.target,
            "occupy_target": (g.occupy or {}).get("target") if g else None,
            "variant": ext.input_snapshot(self) if ext is not None else None,
        }

    # ------------------------------------------------------------------ views
    def choice_view(self) -> dict[str, Any] | None:
        """The chooser: the territories a tap may have meant, as big buttons near it."""
        if not self.candidates or self.candidate_at is None:
            return None
        g = self.game
        buttons = []
        for t in self.candidates:
            label = self.territory_name(t)
            swatch = None
            if g is not None and t in g.owner:
                color = g.players[g.owner[t]].color
                label = f"{label} ({grouped(self.lang, g.armies[t])})"
                swatch = h("span", {"class": f"swatch c-{color}", "aria-hidden": "true"})
            node = button(label, "pick", t, cls="btn choice")
            if swatch is not None:
                node["children"].insert(0, swatch)
            buttons.append(node)
        title = self.tr("tap_which")  # type: ignore[attr-defined]
        node = h(
            "div",
            {"class": "tap-choice-box", "role": "group", "aria-label": title},
            h("p", {"class": "tap-choice-title"}, title),
            h("div", {"class": "tap-choice-buttons"}, buttons),
            button(
                "✕",
                "escape",
                cls="btn icon choice-close",
                title=self.tr("close"),  # type: ignore[attr-defined]
                aria_label=self.tr("close"),  # type: ignore[attr-defined]
            ),
        )  # type: ignore[attr-defined]
        return {"node": node, "at": list(self.candidate_at)}

    def menu_button(self) -> Node:
        """The menu button of narrow screens (the header's actions fold into it)."""
        return h(
            "button",
            {
                "type": "button",
                "class": "btn small menu-toggle",
                "data-action": "menu",
                "aria-expanded": "true" if self.menu_open else "false",
                "aria-controls": "menu-list",
            },
            h("span", {"aria-hidden": "true"}, "☰ "),
            self.tr("menu"),
        )  # type: ignore[attr-defined]

    def fullscreen_button(self) -> Node | None:
        """Full screen, where the browser allows it."""
        if not self.can_fullscreen:
            return None
        key = "fullscreen_exit" if self.is_fullscreen else "fullscreen"
        return h(
            "button",
            {
                "type": "button",
                "class": "btn small icon fullscreen",
                "data-action": "fullscreen",
                "aria-pressed": "true" if self.is_fullscreen else "false",
                "aria-label": self.tr(key),  # type: ignore[attr-defined]
                "title": self.tr(key),
            },  # type: ignore[attr-defined]
            h(
                "svg",
                {
                    "viewBox": "0 0 24 24",
                    "width": "22",
                    "height": "22",
                    "aria-hidden": "true",
                    "focusable": "false",
                },
                h(
                    "path",
                    {
                        "d": FULLSCREEN_ICON[self.is_fullscreen],
                        "fill": "none",
                        "stroke": "currentColor",
                        "stroke-width": "2.4",
                        "stroke-linecap": "round",
                    },
                ),
            ),
        )
