"""The page's session: one :class:`viewmodel.App` and what the page shows of it.

The browser side (``web/page.js``) sends what the player did as plain messages
(:meth:`Session.handle`) and writes each *frame* the session answers: only what changed
since the last one. Nothing here touches the DOM or JavaScript, so the session runs the
same on the page's thread (``adapter.py`` hands it the page's messages) or in a worker,
and is tested under pytest.

>>> from saves import MemoryStorage
>>> from viewmodel import App
>>> session = Session(App(MemoryStorage(), lang="en", entropy=1))
>>> frame = session.handle({"kind": "board", "board_id": "classic", "territories": [],
...                         "anchors": {}})
>>> frame["screen"], sorted(frame["slots"])
('setup', ['choice', 'curtain', 'header', 'notice', 'overlay', 'panel'])
>>> session.handle({"kind": "board", "board_id": "classic", "territories": [],
...                 "anchors": {}})["slots"]
{}

Messages (``kind``, then its fields):

- ``send`` (action, arg, value): a button, a choice, a tap or a key, as the view model's
  :meth:`~viewmodel.App.dispatch` takes it; answers a frame, with ``effects`` the page
  carries out (a download, a zoom, full screen, asking to keep the storage);
- ``input`` (action, arg, value): typing; the model is kept current, nothing redrawn
  (answers None: no redraw under the caret);
- ``bot``, ``blitz``: the page's timers for the next bot step and blitz battle;
- ``board`` (board_id, territories, anchors): the page (re)bound a map;
- ``take-over`` (events, stamps): the player's input on the prerendered first screen,
  replayed; slots whose prerendered view still holds are kept (see :meth:`take_over`);
- ``persist`` (granted): the browser's answer about keeping the storage;
- ``storage`` (key, value): another tab wrote this key;
- ``stored`` (state, pending): the page's word on the ``writes`` it carried out for a
  session in a worker: "ok", "full" or "blocked", and the keys it could not write yet;
- ``fullscreen`` (on): the page entered or left full screen;
- ``start`` (board_id, territories, anchors, env, fragment): the page's map, where the page
  runs (``env``, see the view model's ``env`` action) and a game handed over in the address;
  answers None (the first frame is the take-over's);
- ``bench`` (name, args): a test hook (:meth:`bench`); the frame carries its ``result``.

A frame: ``slots`` (slot name to its view JSON, or None, for the slots that changed),
``overlay``/``curtain`` (shown), ``lang``, ``title``, ``brand`` (the game's name in the
top bar), ``board_id`` (the map the view wants), ``paint``/``names``/``input`` (the
board's changed territories, as ``web/page.js`` takes them), ``map_label``, ``labels``
(the zoom buttons' and the panel's names, when they change), ``step`` (the player's step
in the panel: the page scrolls the panel back to its top when it changes), ``whole_map``
and ``show_on_map`` (counted asks: show the whole map; zoom in on some territories),
``in_sight`` (a counted ask: scroll a part of the panel into sight), ``marks``
(changed), ``choice``, ``message``, ``screen``, ``paused``, ``announce``, ``focus`` (the
dialog open and the model's focus request), ``timers`` (the next bot step's delay or None,
whether blitz runs) and ``effects``.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from typing import Any

import bytecode
from screens.board import badge_text
from viewmodel import App

#: The slots a frame writes whole from view nodes.
SLOTS = ("header", "panel", "overlay", "curtain", "notice")
#: A blitz rolled to its end in one step stops after this many rolls at most (two stacks
#: of thousands); the next step rolls on.
BLITZ_ROLLS_AT_ONCE = 500


def view_key(node: Any) -> str:
    """CRC-32 of a slot's view JSON, as tools/prerender.py stamps the prerendered slots."""
    return f"{zlib.crc32(json.dumps(node, sort_keys=True).encode()):08x}"


class Session:
    """One App and the page's last frame (see the module docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: Each slot's view JSON as last written.
        self.previous: dict[str, str] = {}
        self.board_id: str | None = None
        #: The board's territories, in the map's order.
        self.territory_ids: list[str] = []
        self.board_cache: dict[str, tuple[Any, ...]] = {}
        self.mark_cache: dict[str, str] = {}
        self.tab_cache: dict[str, str] = {}
        self.names_shown: dict[str, str] = {}
        self.map_label: str | None = None
        #: The page's controls' names last sent (the zoom buttons, the panel).
        self.labels_shown: dict[str, str] | None = None
        #: Whether the browser was asked to keep the storage (once a game is in play).
        self.persist_asked = False

    # ------------------------------------------------------------------ messages
    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Carry out one message from the page; the frame to write, or None. With a
        :class:`saves.MirroredStorage` (a session in a worker) the frame carries the
        storage writes for the page to carry out (``writes``)."""
        frame = self.answer(message)
        take_writes = getattr(self.app.store.storage, "take_writes", None)
        writes = take_writes() if take_writes is not None else None
        if writes:
            frame = {**(frame or {}), "writes": writes}
        return frame

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("kind")
        arg = message.get("arg")
        value = message.get("value")
        if kind == "send":
            return self.send(str(message.get("action") or ""), arg, value)
        if kind == "input":
            self.app.dispatch(str(message.get("action") or ""), arg, value)
            return None
        if kind == "bot":
            return self.bot_tick()
        if kind == "blitz":
            return self.blitz_tick(all_rolls=bool(message.get("all")))
        if kind == "board":
            self.bind_board(
                str(message["board_id"]), list(message["territories"]), message["anchors"]
            )
            return self.render()
        if kind == "start":
            self.bind_board(
                str(message["board_id"]), list(message["territories"]), message["anchors"]
            )
            self.app.dispatch("env", None, json.dumps(message["env"]))
            if message.get("fragment"):
                self.app.dispatch("import-fragment", None, str(message["fragment"]))
            return None
        if kind == "bench":
            result, frame = self.bench(str(message["name"]), list(message.get("args") or []))
            return {**(frame or {}), "result": result}
        if kind == "take-over":
            return self.take_over(list(message.get("events") or []), message.get("stamps") or {})
        if kind == "persist":
            self.app.dispatch("persist", "granted" if message.get("granted") else "denied")
            return self.render()
        if kind == "storage":
            written_elsewhere = getattr(self.app.store.storage, "written_elsewhere", None)
            if written_elsewhere is not None:
                written_elsewhere(str(message["key"]), message.get("value"))
            self.app.dispatch("storage-changed", str(message["key"]))
            return self.render()
        if kind == "stored":
            pending = message.get("pending")
            self.app.storage_stored(
                str(message.get("state")),
                [str(k) for k in pending] if isinstance(pending, list) else None,
            )
            return self.render()
        if kind == "fullscreen":
            self.app.is_fullscreen = bool(message.get("on"))
            return self.render()
        raise ValueError(f"unknown message: {kind!r}")

    def send(self, action: str, arg: str | None = None, value: str | None = None) -> dict[str, Any]:
        """A tap, a choice or a key: dispatched, then the frame with its effects."""
        effects = self.dispatch_tap(action, arg, value)
        frame = self.render()
        if effects:
            frame["effects"] = effects
        return frame

    def dispatch_tap(self, action: str, arg: str | None, value: str | None) -> dict[str, Any]:
        """Dispatch what the player did; the effects the page is to carry out."""
        try:
            effect = self.app.dispatch(action, arg, value)
        except Exception as exc:  # noqa: BLE001 - nothing a tap does may kill the page
            self.app.message = ("error", self.app.tr("error_unexpected", detail=str(exc)))
            effect = None
        effects: dict[str, Any] = {}
        if effect and "download" in effect:
            effects["download"] = [effect["download"], effect["text"]]
        if effect and "zoom" in effect:
            effects["zoom"] = effect["zoom"]
        if effect and "fullscreen" in effect:
            effects["fullscreen"] = bool(effect["fullscreen"])
        if self.app.game is not None and not self.persist_asked:
            self.persist_asked = True
            effects["persist"] = True
        return effects

    def bot_tick(self) -> dict[str, Any]:
        """The next bot step; a step that only thought answers only the timers."""
        try:
            self.app.bot_step()
        except Exception as exc:  # noqa: BLE001 - show, don't freeze
            self.app.only_thought = False
            self.app.message = ("error", str(exc))
        if self.app.only_thought:  # the view is the same: keep the task to the thinking
            return {"timers": self.timers()}
        return self.render()

    def blitz_tick(self, all_rolls: bool = False) -> dict[str, Any]:
        """The running blitz's next roll (or next few, for stacks of hundreds: see
        :meth:`App.blitz_pace`), or (``all_rolls``: the player asked the browser for less
        motion) every roll to its end, and the one frame after it."""
        try:
            with self.app.one_save():  # the whole game is written once, not at every roll
                for _ in range(BLITZ_ROLLS_AT_ONCE if all_rolls else self.app.blitz_pace()):
                    if not self.app.blitz_step():
                        break
        except Exception as exc:  # noqa: BLE001 - show, don't freeze
            self.app.blitz = None
            self.app.message = ("error", str(exc))
        return self.render()

    def take_over(self, events: list[list[Any]], stamps: dict[str, str]) -> dict[str, Any]:
        """Replay the player's early input (``[kind, action, arg, value]``, recorded by
        tools/first_screen.js) into the view model. A prerendered slot whose stamp is still
        the first view's, with only text typed into it, is kept as it is (what was typed,
        the focus and the caret stay); anything else is redrawn."""
        first = self.app.render()
        kept = [slot for slot, stamp in stamps.items() if stamp == view_key(first.get(slot))]
        effects: dict[str, Any] = {}
        for kind, action, arg, value in events:
            if kind == "click":
                effects.update(self.dispatch_tap(action or "", arg, value))
            else:
                self.app.dispatch(action or "", arg, value)
        if all(kind == "input" for kind, *_ in events):
            after = self.app.render()
            for slot in kept:
                self.previous[slot] = json.dumps(after[slot], sort_keys=True)
        frame = self.render()
        if effects:
            frame["effects"] = effects
        return frame

    # ------------------------------------------------------------------ board
    def bind_board(self, board_id: str, territories: list[str], anchors: dict[str, Any]) -> None:
        """The page shows ``board_id``'s map now: forget what was painted on the last one."""
        self.board_id = board_id
        self.territory_ids = [str(t) for t in territories]
        self.board_cache = {}
        self.mark_cache = {}
        self.tab_cache = {}
        self.names_shown = {}
        self.map_label = None
        self.labels_shown = None
        self.app.set_anchors(
            board_id, {str(t): (float(x), float(y)) for t, (x, y) in anchors.items()}
        )

    # ------------------------------------------------------------------ frames
    def timers(self) -> dict[str, Any]:
        """When the page's timers should call again: the next bot step's delay (None: no
        bot to move) and whether a blitz is running."""
        return {
            "bot": self.app.bot_delay() if self.app.bot_to_move else None,
            "blitz": bool(self.app.blitz_running),
        }

    def render(self) -> dict[str, Any]:
        """The frame: what changed since the last one. A game that cannot be shown is set
        aside, never bricks the page."""
        try:
            view = self.app.render()
        except Exception as exc:  # noqa: BLE001 - e.g. a save that loads but cannot show
            self.app.set_aside(exc)
            view = self.app.render()
        return self.frame(view)

    def frame(self, view: dict[str, Any]) -> dict[str, Any]:
        slots = {}
        for slot in SLOTS:
            node = view.get(slot)
            key = json.dumps(node, sort_keys=True)
            if self.previous.get(slot) != key:
                self.previous[slot] = key
                slots[slot] = None if node is None else key
        board = view["board"]
        frame: dict[str, Any] = {
            "slots": slots,
            "overlay": view["overlay"] is not None,
            "curtain": view["curtain"] is not None,
            "lang": view["html_lang"],
            "title": view["title"],
            "brand": view["brand"],
            "board_id": view["board_id"],
            "screen": view["screen"],
            "paused": bool(view.get("paused")),
            "step": view.get("step"),
            "whole_map": view.get("whole_map", 0),
            "show_on_map": view.get("show_on_map") or None,
            "in_sight": view.get("in_sight") or None,
            "message": view["message"],
            "announce": view.get("announce") or None,
            "focus": {"request": view.get("focus") or None, "cursor": board.get("cursor")},
            "timers": self.timers(),
        }
        if view["board_id"] == self.board_id:
            frame["names"] = self.names(board)
            label = board.get("map_label")
            if label and label != self.map_label:
                self.map_label = label
                frame["map_label"] = label
            labels = board.get("labels")
            if labels and labels != self.labels_shown:
                self.labels_shown = labels
                frame["labels"] = labels
        frame["paint"] = self.paint(board["territories"], board.get("names") or {})
        frame["marks"] = self.marks(board.get("marks") or {})
        frame["input"] = self.board_input(board)
        choice = view.get("choice")
        key = json.dumps(None if choice is None else choice["node"], sort_keys=True)
        if self.previous.get("choice") != key:
            self.previous["choice"] = key
            frame["slots"]["choice"] = None if choice is None else key
        frame["choice"] = None if choice is None else {"at": list(choice["at"])}
        return frame

    def names(self, board: dict[str, Any]) -> list[list[str]]:
        """The map's labels in the page language (the SVG's are Portuguese) that changed."""
        changes = []
        for tid, name in (board.get("names") or {}).items():
            if self.names_shown.get(tid) != name:
                self.names_shown[tid] = name
                changes.append([tid, name])
        return changes

    def paint(self, territories: dict[str, dict[str, Any]], names: dict[str, str]) -> list[Any]:
        """``[id, owner, armies, state, label]`` of each territory whose look changed (owner
        None: nobody's, the label is its plain name; ``armies`` as its badge says them)."""
        ops: list[Any] = []
        for tid in self.territory_ids:
            info = territories.get(tid)
            state = (
                ("", names.get(tid))
                if info is None
                else (info["owner"], info["armies"], info["state"], info["label"])
            )
            if self.board_cache.get(tid) == state:
                continue
            self.board_cache[tid] = state
            if info is None:
                ops.append([tid, None, None, None, names.get(tid)])
            else:
                armies = badge_text(info["armies"])
                ops.append([tid, info["owner"], armies, info["state"], info["label"]])
        return ops

    def marks(self, marks: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """Other marks of the board (WAR II's air bases and centre markers) that changed:
        by CSS selector, attributes to set or remove (None) and the text of the first
        ``<text>`` inside."""
        changed = {}
        for selector, spec in marks.items():
            key = json.dumps(spec, sort_keys=True)
            if self.mark_cache.get(selector) != key:
                self.mark_cache[selector] = key
                changed[selector] = spec
        return changed

    def board_input(self, board: dict[str, Any]) -> list[list[Any]]:
        """``[id, tabindex, picked]``: the keyboard's place on the map (one territory in the
        tab order) and the territories a tap may have meant, where they changed."""
        cursor = board.get("cursor")
        picks = set(board.get("picks") or [])
        changes: list[list[Any]] = []
        for tid in self.territory_ids:
            tab = "0" if tid == cursor else "-1"
            state = tab + (" pick" if tid in picks else "")
            if self.tab_cache.get(tid) != state:
                self.tab_cache[tid] = state
                changes.append([tid, tab, tid in picks])
        return changes

    # ------------------------------------------------------------------ bench hooks
    def bench(self, name: str, args: list[Any]) -> tuple[Any, dict[str, Any] | None]:
        """The benchmarks' and tests' hooks (``window.pywarBench``): a result and a frame."""
        app = self.app
        if name == "newGame":  # a fresh 3-person game; the current player's territories
            app.form = app.default_form()
            for seat in app.form["seats"]:
                seat["kind"] = "human"
            app.form["seed"] = "1"
            app.dispatch("start")
            app.dispatch("curtain-open")
            app.dispatch("amount", "1")
            game = app.game
            return (game.territories_of(game.current) if game else []), self.render()
        if name == "botsOnly":  # a game of bots of a level, on a variant, to watch
            level, variant, players = (list(args) + ["hard", None, 3])[:3]
            app.form = app.default_form(str(variant)) if variant else app.default_form()
            while len(app.form["seats"]) < int(players or 3):
                app.dispatch("seat-add")
            for seat in app.form["seats"]:
                seat["kind"] = str(level or "hard")
            app.form["seed"] = "1"
            app.speed = "normal"
            app.dispatch("start")
            return None, self.render()
        if name == "bytecode":  # the page's modules imported from the build's byte code
            return bytecode.report(sys.modules, os.getcwd()), None
        if name == "actions":  # how many actions the game in play has logged
            return (len(app.game.log) if app.game else 0), None
        raise ValueError(f"unknown bench hook: {name!r}")
