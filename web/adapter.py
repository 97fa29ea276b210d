"""The DOM adapter: writes :class:`viewmodel.App`'s view to the page and sends it taps.

Everything the page decides lives in ``viewmodel.py`` (tested under pytest); this module
only touches the DOM: one delegated event handler, text set as text nodes, attributes
updated only where they changed. The page's script, ``main.py``, imports it and calls
:func:`start`.
"""

from __future__ import annotations

import asyncio
import json
import sys
import zlib
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pywar.variants import get_variant

from board_input import ARROWS
from precompiled import served_from_snapshot
from saves import StorageFailure
from variant_ui import DEFAULT_VARIANT
from viewmodel import App

BOT_DELAYS = {"fast": 0}
BLITZ_DELAY = 120


def browser_entropy() -> int:
    """128 bits from the browser's crypto.getRandomValues: fresh in every session, even when
    Python started from a memory snapshot (whose own random state is the snapshot's)."""
    return int.from_bytes(window.crypto.getRandomValues(window.Uint32Array.new(4)).to_bytes())


def present(value: Any) -> bool:
    """False for Python None and for JS null/undefined (``jsnull`` in Pyodide)."""
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


def text_or_none(value: Any) -> str | None:
    """A JS string as ``str``; JS null/undefined (``jsnull`` in Pyodide) as None."""
    return value if isinstance(value, str) else None


class LocalStorage:
    """:class:`saves.Storage` over the browser's localStorage (memory if it is blocked).

    ``durable`` is False when the browser blocks storage (some embeds, private modes):
    the page then says that nothing is kept. A refused write raises
    :class:`saves.StorageFailure` ("full" for a quota error, else "blocked").
    """

    def __init__(self) -> None:
        try:
            self.ls = window.localStorage
            self.ls.getItem("pywar:probe")
        except Exception:  # noqa: BLE001 - storage can be disabled in iframes/private mode
            self.ls = None
        self.memory: dict[str, str] = {}

    @property
    def durable(self) -> bool:
        return self.ls is not None

    def get(self, key: str) -> str | None:
        if self.ls is None:
            return self.memory.get(key)
        return text_or_none(self.ls.getItem(key))

    def set(self, key: str, value: str) -> None:
        if self.ls is None:
            self.memory[key] = value
            return
        try:
            self.ls.setItem(key, value)
        except Exception as exc:  # noqa: BLE001 - a JS DOMException: full, or denied
            name = str(getattr(getattr(exc, "js_error", None), "name", "")) or str(exc)
            raise StorageFailure(
                "full" if "Quota" in name or "quota" in name else "blocked", name
            ) from None

    def remove(self, key: str) -> None:
        if self.ls is None:
            self.memory.pop(key, None)
        else:
            self.ls.removeItem(key)

    def all_keys(self) -> list[str]:
        if self.ls is None:
            return list(self.memory)
        return [str(self.ls.key(i)) for i in range(self.ls.length)]


SVG_NS = "http://www.w3.org/2000/svg"


def build(node: Any, svg: bool = False) -> Any:
    """A DOM node from a view node; strings become text nodes, never HTML."""
    if isinstance(node, str):
        return document.createTextNode(node)
    svg = svg or node["tag"] == "svg"
    el = (
        document.createElementNS(SVG_NS, node["tag"])
        if svg
        else document.createElement(node["tag"])
    )
    for key, value in node["attrs"].items():
        el.setAttribute(key, str(value))
    for child in node["children"]:
        el.appendChild(build(child, svg))
    return el


class PythonViewDom:
    """web/view_dom.js's work done from Python, a bridge call per element and attribute:
    the stand-in for a page whose script is missing (same methods, same JSON)."""

    def __init__(self) -> None:
        self.paths: dict[str, Any] = {}
        self.badges: dict[str, tuple[Any, Any]] = {}
        self.labels: dict[str, Any] = {}

    def build(self, node_json: str) -> Any:
        return build(json.loads(node_json))

    def bindBoard(self) -> str:
        self.paths, self.badges = {}, {}
        self.labels = {
            str(el.dataset.label): el for el in document.querySelectorAll("#board [data-label]")
        }
        for el in document.querySelectorAll("#board [data-territory]"):
            self.paths[str(el.dataset.territory)] = el
            el.setAttribute("role", "button")
        anchors = {}
        for el in document.querySelectorAll("#board [data-badge]"):
            self.badges[str(el.dataset.badge)] = (el, el.querySelector("text"))
            m = el.transform.baseVal.consolidate()
            if present(m):
                anchors[str(el.dataset.badge)] = [float(m.matrix.e), float(m.matrix.f)]
        return json.dumps({"territories": list(self.paths), "anchors": anchors})

    def paintBoard(self, ops_json: str) -> None:
        for tid, owner, armies, state, label in json.loads(ops_json):
            path = self.paths.get(tid)
            if path is None:
                continue
            badge, text = self.badges.get(tid, (None, None))
            if owner is None:
                path.removeAttribute("data-owner")
                path.removeAttribute("data-state")
                if label:
                    path.setAttribute("aria-label", label)
                if badge is not None:
                    badge.removeAttribute("data-owner")
                continue
            path.setAttribute("data-owner", owner)
            path.setAttribute("data-state", state)
            path.setAttribute("aria-label", label)
            if badge is not None:
                badge.setAttribute("data-owner", owner)
                badge.setAttribute("data-digits", str(len(str(armies))))
                text.textContent = str(armies)

    def boardInput(self, ops_json: str) -> None:
        for tid, tabindex, picked in json.loads(ops_json):
            path = self.paths.get(tid)
            if path is None:
                continue
            path.setAttribute("tabindex", tabindex)
            if picked:
                path.setAttribute("data-pick", "true")
            else:
                path.removeAttribute("data-pick")

    def boardNames(self, ops_json: str) -> None:
        for tid, name in json.loads(ops_json):
            el = self.labels.get(tid)
            if el is not None:
                el.textContent = name

    def focusTerritory(self, tid: str) -> bool:
        path = self.paths.get(tid)
        if path is None:
            return False
        path.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        return True


class Page:
    """Binds one :class:`App` to the document."""

    def __init__(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        #: ?speed=fast (tests, demos) plays bots with no pause; otherwise the page's choice.
        self.bot_delay: int | None = BOT_DELAYS.get(text_or_none(params.get("speed")) or "")
        # -- embeds (build owner, see docs/embed.md): saves namespace = ?ns=, else the one
        # web/pwa.js derives for a page framed by another page (window.pywarSavesNamespace).
        namespace = (
            text_or_none(params.get("ns"))
            or text_or_none(getattr(window, "pywarSavesNamespace", None))
            or ""
        )
        # -- end embeds
        self.app = App(
            LocalStorage(),
            namespace=namespace,
            lang=text_or_none(params.get("lang")),
            variant=text_or_none(params.get("variant")),
            entropy=browser_entropy(),
        )
        self.slots = {
            name: document.getElementById(f"{name}-slot")
            for name in ("header", "panel", "overlay", "curtain", "choice", "notice")
        }
        self.overlay = document.getElementById("overlay")
        self.curtain = document.getElementById("curtain")
        self.message = document.getElementById("message")
        self.choice = document.getElementById("choice")
        self.behind = [document.getElementById("board-wrap"), document.getElementById("panel")]
        #: What had the focus when a dialog (a screen over the game, the curtain) opened.
        self.return_focus: Any = None
        self.dialog_key: str | None = None
        self.focus_applied = 0
        self.last_tap: tuple[float, float] = (0.0, 0.0)
        #: Whether the keyboard is in use (the map's place is then focused, else only
        #: controls are, so a tap never leaves a focus ring on the map).
        self.keyboard = False
        self.previous: dict[str, str] = {}
        self.board_id = get_variant(DEFAULT_VARIANT).board_id
        #: Boards already in the page: the first variant's comes inlined in index.html.
        self.boards: dict[str, Any] = {self.board_id: document.getElementById("board")}
        self.loading_board: str | None = None
        # web/view_dom.js writes the view (PythonViewDom should the script be missing)
        view_dom = getattr(window, "pywarViewDom", None)
        self.dom: Any = view_dom if present(view_dom) else PythonViewDom()
        self.bind_board()
        self.announcer = document.getElementById("announce")
        self.announced = 0
        #: A render's focus moves left for a later task (see :meth:`settle_focus`).
        self.pending_focus: tuple[dict[str, Any], bool, Any] | None = None
        self.bot_timer = None
        self.blitz_timer = None
        self.handler = create_proxy(self.on_event)
        self.ignore = create_proxy(lambda *_args: None)
        self.bot_tick = create_proxy(self.on_bot_tick)
        self.blitz_tick = create_proxy(self.on_blitz_tick)
        # A bot's next step with no pause (thinking, fast-forward) comes as a message: a
        # timer's zero delay is stretched to 4 ms once timers nest, a message's is not (in a
        # hidden tab a timer still, which the browser slows down: no thinking at full speed
        # out of sight)
        self.bot_now = window.MessageChannel.new()
        self.bot_now.port1.onmessage = create_proxy(lambda _message: self.on_bot_tick())
        for kind in ("click", "change", "input", "keydown"):
            document.addEventListener(kind, self.handler)
        self.app.can_fullscreen = bool(getattr(document, "fullscreenEnabled", False))
        self.on_fullscreen_change = create_proxy(self.fullscreen_changed)
        document.addEventListener("fullscreenchange", self.on_fullscreen_change)
        self.on_storage = create_proxy(self.storage_event)
        window.addEventListener("storage", self.on_storage)
        self.persist_asked = False
        self.app.dispatch("env", None, json.dumps(self.environment(params)))
        self.import_fragment()
        self.ask_persistence(request=False)

    def fullscreen_changed(self, _evt: Any = None) -> None:
        self.app.is_fullscreen = present(document.fullscreenElement)
        self.render()

    def environment(self, params: Any) -> dict[str, Any]:
        """Where the page runs: in a frame, on iPad/iPhone Safari outside a home-screen app,
        and the address of this page in a tab of its own."""
        try:
            framed = bool(window.self != window.top)
        except Exception:  # noqa: BLE001 - a cross-origin parent may refuse the question
            framed = True
        nav = window.navigator
        agent = str(nav.userAgent)
        ios = any(k in agent for k in ("iPad", "iPhone", "iPod")) or (
            "Macintosh" in agent and int(getattr(nav, "maxTouchPoints", 0) or 0) > 1
        )
        standalone = bool(getattr(nav, "standalone", False)) or bool(
            window.matchMedia("(display-mode: standalone)").matches
        )
        url = window.URL.new(window.location.href)
        url.searchParams.delete("embed")
        url.hash = ""
        return {
            "embed": framed or text_or_none(params.get("embed")) == "1",
            "ios_tab": ios and "Safari" in agent and not standalone,
            "own_tab_url": str(url.href),
        }

    def import_fragment(self) -> None:
        """Take in a game handed over in the address by an embed ("open in its own tab")."""
        fragment = str(window.location.hash or "")[1:]
        if not fragment.startswith("pywar-import="):
            return
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        self.app.dispatch("import-fragment", None, fragment)

    def ask_persistence(self, request: bool) -> None:
        """Ask the browser to keep this site's storage (asked once a game is in play)."""
        storage = getattr(window.navigator, "storage", None)
        if not present(storage) or not present(getattr(storage, "persist", None)):
            return
        if request:
            self.persist_asked = True
        asyncio.ensure_future(self._persistence(storage, request))

    async def _persistence(self, storage: Any, request: bool) -> None:
        try:
            granted = bool(await (storage.persist() if request else storage.persisted()))
        except Exception:  # noqa: BLE001 - not offered here (some embeds, old browsers)
            return
        if granted or request:
            self.app.dispatch("persist", "granted" if granted else "denied")
            self.render()

    def storage_event(self, evt: Any) -> None:
        """Another tab wrote to this site's storage: is it the game shown here?"""
        key = text_or_none(evt.key)
        if key is not None:
            self.app.dispatch("storage-changed", key)
            self.render()

    def bind_board(self) -> None:
        """Find the board's territories and badges (after load or a board swap)."""
        self.board_cache: dict[str, tuple[Any, ...]] = {}
        self.mark_cache: dict[str, str] = {}
        self.tab_cache: dict[str, str] = {}
        self.names_shown: dict[str, str] = {}
        found = json.loads(str(self.dom.bindBoard()))
        #: The board's territories, in the map's order.
        self.territory_ids: list[str] = [str(t) for t in found["territories"]]
        anchors = {str(t): (float(x), float(y)) for t, (x, y) in found["anchors"].items()}
        self.app.set_anchors(self.board_id, anchors)
        board = document.getElementById("board")
        if present(board):
            board.setAttribute("aria-describedby", "board-keys")

    async def load_board(self, board_id: str) -> None:
        """Swap the inlined board for another game's map (same-origin static file)."""
        try:
            svg = self.boards.get(board_id)
            if svg is None:
                response = await window.fetch(f"./maps/{board_id}.svg")
                text = await response.text()
                parsed = window.DOMParser.new().parseFromString(text, "image/svg+xml")
                svg = document.importNode(parsed.documentElement, True)
                self.boards[board_id] = svg
            old = document.getElementById("board")
            old.replaceWith(svg)
            self.board_id = board_id
            self.bind_board()
            if present(getattr(window, "pywarZoom", None)):
                window.pywarZoom.attach(svg)
        finally:
            self.loading_board = None
        self.render()

    # ---------------------------------------------------------------- events
    def on_event(self, evt: Any) -> None:
        kind = str(evt.type)
        target = evt.target
        if kind == "keydown":
            self.keyboard = True
        elif kind == "click":
            self.keyboard = int(evt.detail or 0) == 0  # Enter or Space on a button: 0
        if kind == "keydown" and str(evt.key) == "Escape":
            self.send("escape")
            return
        if not present(target) or not hasattr(target, "closest"):
            return
        board = document.getElementById("board")
        if kind == "click" and present(board) and board.contains(target):
            self.on_board_click(evt, board, target)
            return
        el = target.closest("[data-action],[data-territory]")
        if not present(el):
            return
        territory = text_or_none(el.getAttribute("data-territory"))
        if territory is not None:
            if kind == "keydown" and str(evt.key) in ("Enter", " "):
                evt.preventDefault()
                self.send("pick", territory)
            elif kind == "keydown" and str(evt.key) in ARROWS:
                evt.preventDefault()
                self.send("key-move", ARROWS[str(evt.key)], territory)
            return
        action = text_or_none(el.getAttribute("data-action")) or ""
        arg = text_or_none(el.getAttribute("data-arg"))
        tag = str(el.tagName).lower()
        if tag == "button":
            if kind == "click":
                self.send(action, arg)
        elif tag == "input" and str(el.type) == "file":
            if kind == "change" and el.files.length:
                asyncio.ensure_future(self.import_file(action, el.files.item(0)))
        elif tag == "input" and str(el.type) == "checkbox":
            if kind == "change":
                self.send(action, arg, "true" if el.checked else "false")
        elif tag == "input":
            if kind == "input":  # typing: keep the model current, don't redraw under the caret
                self.app.dispatch(action, arg, str(el.value))
        elif tag == "select" and kind == "change":
            self.send(action, arg, str(el.value))

    def on_board_click(self, evt: Any, board: Any, target: Any) -> None:
        """A tap or click on the map: what it touched and where, for the view model."""
        hit, part = "", ""
        for selector, name, kind in (
            ("[data-badge]", "badge", "badge"),
            ("[data-label]", "label", "label"),
            ("[data-territory]", "territory", "shape"),
        ):
            el = target.closest(selector)
            if present(el):
                hit, part = str(el.getAttribute("data-" + name)), kind
                break
        ctm = board.getScreenCTM()
        if not present(ctm):
            return
        x, y = float(evt.clientX), float(evt.clientY)
        point = window.DOMPoint.new(x, y).matrixTransform(ctm.inverse())
        double = present(getattr(evt, "pywarDouble", None)) and bool(evt.pywarDouble)
        self.last_tap = (x, y)
        value = f"{float(point.x):.2f},{float(point.y):.2f},{float(ctm.a):.5f}"
        self.send("tap", f"{hit}|{part}", value + (",double" if double else ""))

    async def import_file(self, action: str, file: Any) -> None:
        text = await file.text()
        self.send(action, None, str(text))

    def send(self, action: str, arg: str | None = None, value: str | None = None) -> None:
        try:
            effect = self.app.dispatch(action, arg, value)
        except Exception as exc:  # noqa: BLE001 - nothing a tap does may kill the page
            self.app.message = ("error", self.app.tr("error_unexpected", detail=str(exc)))
            effect = None
        if effect and "download" in effect:
            self.download(effect["download"], effect["text"])
        if effect and "zoom" in effect and present(getattr(window, "pywarZoom", None)):
            window.pywarZoom.zoomBy(effect["zoom"], *self.last_tap)
        if effect and "fullscreen" in effect:
            self.toggle_fullscreen(bool(effect["fullscreen"]))
        if self.app.game is not None and not self.persist_asked:
            self.ask_persistence(request=True)
        self.render()

    def toggle_fullscreen(self, on: bool) -> None:
        """Enter or leave full screen (the browser may refuse; fullscreenchange tells)."""
        try:
            if on:
                promise = document.documentElement.requestFullscreen()
            elif present(document.fullscreenElement):
                promise = document.exitFullscreen()
            else:
                return
            if present(promise):
                promise.catch(self.ignore)
        except Exception:  # noqa: BLE001 - a refusal leaves the page as it is
            pass

    def download(self, filename: str, text: str) -> None:
        blob = window.Blob.new(
            to_js([text]),
            to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.URL.revokeObjectURL(url)

    def on_blitz_tick(self) -> None:
        self.blitz_timer = None
        try:
            self.app.blitz_step()
        except Exception as exc:  # noqa: BLE001 - show, don't freeze
            self.app.blitz = None
            self.app.message = ("error", str(exc))
        self.render()

    def on_bot_tick(self) -> None:
        self.bot_timer = None
        try:
            self.app.bot_step()
        except Exception as exc:  # noqa: BLE001 - show, don't freeze
            self.app.only_thought = False
            self.app.message = ("error", str(exc))
        if self.app.only_thought:  # the view is the same: keep the task to the thinking
            self.schedule_timers()
        else:
            self.render()

    # ---------------------------------------------------------------- render
    def render(self, focus: bool = True) -> None:
        """Write the view; a game that cannot be shown is set aside, never bricks the page.
        ``focus=False`` leaves the focus moves to :meth:`settle_focus` (a later task)."""
        try:
            view = self.app.render()
        except Exception as exc:  # noqa: BLE001 - e.g. a save that loads but cannot show
            window.console.warn(f"pywar: the game could not be shown: {exc!r}")
            self.app.set_aside(exc)
            view = self.app.render()
        self.write(view, focus)

    def settle_focus(self) -> None:
        """The focus moves of a render made with ``focus=False``."""
        pending, self.pending_focus = self.pending_focus, None
        if pending is not None:
            self.move_focus(*pending)

    def write(self, view: dict[str, Any], focus: bool = True) -> None:
        root = document.documentElement
        if view["board_id"] != self.board_id and self.loading_board != view["board_id"]:
            self.loading_board = view["board_id"]
            asyncio.ensure_future(self.load_board(view["board_id"]))
        if root.getAttribute("lang") != view["html_lang"]:
            root.setAttribute("lang", view["html_lang"])
            document.title = view["title"]
        had_focus = self.focused_inside()
        # what had the focus before this render: folding the menu hides (and blurs) the
        # button that opened a screen, which is still where the focus goes back to
        focused_before = document.activeElement if had_focus else None
        self.fill("header", view["header"])
        self.fill("panel", view["panel"])
        self.fill("overlay", view["overlay"])
        self.fill("curtain", view["curtain"])
        self.fill("notice", view.get("notice"))
        self.overlay.hidden = view["overlay"] is None
        heading = self.slots["overlay"].querySelector("h2[id]")
        if present(heading):
            self.slots["overlay"].setAttribute("aria-labelledby", str(heading.id))
            heading.setAttribute("tabindex", "-1")
        self.curtain.hidden = view["curtain"] is None
        for el in self.behind:  # the board and panel behind a dialog take no input
            el.inert = view["overlay"] is not None or view["curtain"] is not None
        if view["board_id"] == self.board_id:
            self.render_names(view["board"])
        self.render_board(view["board"]["territories"], view["board"].get("names") or {})
        self.render_marks(view["board"].get("marks") or {})
        self.render_input(view["board"])
        self.render_choice(view.get("choice"))
        message = view["message"]
        self.message.hidden = message is None
        if message is not None:
            self.message.className = "message " + message["kind"]
            self.message.textContent = message["text"]
        root.dataset.screen = view["screen"]
        if view.get("paused"):
            root.setAttribute("data-paused", "true")
        else:
            root.removeAttribute("data-paused")
        announce = view.get("announce") or {}
        if announce.get("text") and announce.get("id") != self.announced:
            self.announced = announce["id"]
            self.announcer.textContent = announce["text"]
        if focus:
            self.move_focus(view, had_focus, focused_before)
        else:
            self.pending_focus = (view, had_focus, focused_before)
        self.schedule_timers()

    def schedule_timers(self) -> None:
        """The next bot step and blitz tick, when the game wants them."""
        if self.app.bot_to_move and self.bot_timer is None:
            delay = (
                self.app.bot_delay()
                if self.bot_delay is None
                else min(self.bot_delay, self.app.bot_delay())
            )
            if delay > 0 or document.hidden:  # a tab out of sight: the browser's pace
                self.bot_timer = window.setTimeout(self.bot_tick, delay)
            else:
                self.bot_timer = "message"
                self.bot_now.port2.postMessage(None)
        if self.app.blitz_running and self.blitz_timer is None:
            self.blitz_timer = window.setTimeout(self.blitz_tick, BLITZ_DELAY)

    def fill(self, slot: str, node: Any) -> None:
        key = json.dumps(node, sort_keys=True)
        if self.previous.get(slot) == key:
            return
        self.previous[slot] = key
        el = self.slots[slot]
        focused = document.activeElement
        focus_key = None
        if present(focused) and el.contains(focused):
            focus_key = (
                text_or_none(focused.getAttribute("data-action")),
                text_or_none(focused.getAttribute("data-arg")),
            )
        el.replaceChildren()
        if node is not None:
            el.appendChild(self.dom.build(key))
        if focus_key and focus_key[0]:
            selector = f'[data-action="{focus_key[0]}"]'
            if focus_key[1] is not None:
                selector += f'[data-arg="{focus_key[1]}"]'
            again = el.querySelector(selector)
            if present(again):
                again.focus()

    # ---------------------------------------------------------------- focus
    def focused_inside(self) -> bool:
        """Whether something of the page (not the bare body) has the focus."""
        el = document.activeElement
        return present(el) and not el.isSameNode(document.body)

    def move_focus(self, view: dict[str, Any], had_focus: bool, focused_before: Any) -> None:
        """Focus into a dialog when it opens and back when it closes; then the view
        model's requests (where the next key is expected); else keep the focus on the page
        when what had it disappeared."""
        key = None
        if view["curtain"] is not None:
            key = "curtain"
        elif view["overlay"] is not None:
            key = "overlay:" + view["screen"]
        request = view.get("focus")
        fresh = bool(request) and request["id"] != self.focus_applied
        if key != self.dialog_key:
            opened_from = self.dialog_key
            self.dialog_key = key
            if key is not None:
                if fresh:
                    self.focus_applied = request["id"]
                if opened_from is None and (self.focused_inside() or present(focused_before)):
                    el = document.activeElement if self.focused_inside() else focused_before
                    self.return_focus = (
                        el,
                        text_or_none(el.getAttribute("data-action")),
                        text_or_none(el.getAttribute("data-arg")),
                    )
                self.focus_dialog(key, switched=opened_from is not None)
                return
            back, self.return_focus = self.return_focus, None
            if not fresh and back is not None and self.focus_back(*back):
                return
        if request and request["id"] != self.focus_applied:
            self.focus_applied = request["id"]
            if self.apply_focus(request["target"]):
                return
        if had_focus and self.keyboard and not self.focused_inside() and key is None:
            self.apply_focus(["territory", view["board"].get("cursor") or ""])

    def focus_back(self, el: Any, action: str | None, arg: str | None) -> bool:
        """Back to what had the focus before a dialog (or its like, redrawn since)."""
        if not el.isConnected and action:
            selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg else "")
            el = document.querySelector(selector)
        if not present(el) or not el.isConnected or present(el.closest("[inert]")):
            return False
        if not el.getClientRects().length:  # folded away (the menu of narrow screens)
            el = document.querySelector('[data-action="menu"]')
            if not present(el) or not el.getClientRects().length:
                return False
        el.focus()
        return True

    def focus_dialog(self, key: str, switched: bool) -> None:
        """Focus into a dialog that opened (or whose screen changed), unless it just opened
        with the focus in it already: the player typing into the prerendered new-game screen
        when Python takes over keeps the field, its text and caret."""
        box = self.slots["curtain" if key == "curtain" else "overlay"]
        active = document.activeElement
        if not switched and present(active) and box.contains(active):
            return
        if not document.hasFocus():
            # a page out of focus (a frame the reader has not touched, a tab behind
            # another): the focus stays where the reader has it, and the class page
            # around a frame is not scrolled down to the game
            return
        if key == "curtain":
            el = box.querySelector("button")
        else:
            el = box.querySelector("h2[id]") or box.querySelector("button, input, select")
        if present(el):
            el.focus()

    def apply_focus(self, target: list[str]) -> bool:
        """Focus a territory, a control (by action and arg) or the chooser; True if done."""
        kind = target[0] if target else ""
        el = None
        if kind == "territory" and len(target) > 1:
            if not self.keyboard:
                return False
            return bool(self.dom.focusTerritory(target[1]))
        if kind == "action" and len(target) > 1:
            selector = f'[data-action="{target[1]}"]'
            if len(target) > 2:
                selector += f'[data-arg="{target[2]}"]'
            el = document.querySelector(f"#panel-slot {selector}, #overlay-slot {selector}")
        elif kind == "choice":
            el = document.querySelector("#choice-slot button")
        if present(el):
            el.focus()
            return True
        return False

    # ---------------------------------------------------------------- board
    def render_input(self, board: dict[str, Any]) -> None:
        """The keyboard's place on the map (one territory in the tab order) and the
        territories a tap may have meant."""
        cursor = board.get("cursor")
        picks = set(board.get("picks") or [])
        changes = []
        for tid in self.territory_ids:
            tab = "0" if tid == cursor else "-1"
            state = tab + (" pick" if tid in picks else "")
            if self.tab_cache.get(tid) != state:
                self.tab_cache[tid] = state
                changes.append([tid, tab, tid in picks])
        if changes:
            self.dom.boardInput(json.dumps(changes))

    def render_choice(self, choice: dict[str, Any] | None) -> None:
        """The chooser, near the tap that asked it (kept inside the board)."""
        self.fill("choice", None if choice is None else choice["node"])
        self.choice.hidden = choice is None
        if choice is None:
            return
        board = document.getElementById("board")
        wrap = document.getElementById("board-wrap").getBoundingClientRect()
        ctm = board.getScreenCTM()
        if not present(ctm):
            return
        x, y = choice["at"]
        point = window.DOMPoint.new(x, y).matrixTransform(ctm)
        box = self.choice.getBoundingClientRect()
        left = min(
            max(4.0, float(point.x) - wrap.left - box.width / 2),
            max(4.0, wrap.width - box.width - 4),
        )
        top = float(point.y) - wrap.top + 28  # below the finger, where it does not hide
        if top + box.height > wrap.height - 4:
            top = float(point.y) - wrap.top - box.height - 28
        top = min(max(4.0, top), max(4.0, wrap.height - box.height - 4))
        self.choice.style.left = f"{left:.0f}px"
        self.choice.style.top = f"{top:.0f}px"

    def render_names(self, board: dict[str, Any]) -> None:
        """The map's labels and its own name in the page language (the SVG's are Portuguese)."""
        svg = document.getElementById("board")
        label = board.get("map_label")
        if label and present(svg) and svg.getAttribute("aria-label") != label:
            svg.setAttribute("aria-label", label)
        changes = []
        for tid, name in (board.get("names") or {}).items():
            if self.names_shown.get(tid) != name:
                self.names_shown[tid] = name
                changes.append([tid, name])
        if changes:
            self.dom.boardNames(json.dumps(changes))

    def render_board(self, territories: dict[str, dict[str, Any]], names: dict[str, str]) -> None:
        ops = []
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
                ops.append([tid, info["owner"], info["armies"], info["state"], info["label"]])
        if ops:
            self.dom.paintBoard(json.dumps(ops))

    def render_marks(self, marks: dict[str, dict[str, Any]]) -> None:
        """Other marks of the board (WAR II's air bases and centre markers): attributes set
        or removed (None) and the text of the first ``<text>`` inside, by CSS selector."""
        for selector, spec in marks.items():
            key = json.dumps(spec, sort_keys=True)
            if self.mark_cache.get(selector) == key:
                continue
            self.mark_cache[selector] = key
            for el in document.querySelectorAll("#board " + selector):
                for name, value in spec.get("attrs", {}).items():
                    if value is None:
                        el.removeAttribute(name)
                    else:
                        el.setAttribute(name, str(value))
                if "text" in spec:
                    box = el.querySelector("text")
                    if present(box):
                        box.textContent = str(spec["text"])


# -- first screen (build owner, docs/build.md "First screen"): index.html comes with the
# header and new-game screen rendered at build time; tools/first_screen.js recorded what the
# player did there before Python was ready.
def view_key(node: Any) -> str:
    """CRC-32 of a slot's view JSON, as tools/prerender.py stamps the prerendered slots."""
    return f"{zlib.crc32(json.dumps(node, sort_keys=True).encode()):08x}"


def take_over(page: Page) -> None:
    """Replay the player's early input into the view model, then render. A prerendered slot
    whose view is still the one the build rendered, with only text typed into it, is kept
    as it is (what was typed, the focus and the caret stay); anything else is redrawn, the
    focus and caret restored."""
    early = getattr(window, "pywarEarlyEvents", None)
    events = [[text_or_none(x) for x in e] for e in early.to_py()] if present(early) else []
    window.pywarEarlyEvents = None
    first = page.app.render()
    kept = []
    for slot in ("header", "overlay"):
        el = page.slots[slot]
        stamp = text_or_none(el.getAttribute("data-view"))
        el.removeAttribute("data-view")
        if stamp is not None and stamp == view_key(first[slot]):
            kept.append(slot)
    for kind, action, arg, value in events:
        if kind == "click":
            page.send(action or "", arg)
        else:
            page.app.dispatch(action or "", arg, value)
    if all(kind == "input" for kind, *_ in events):
        after = page.app.render()
        for slot in kept:
            page.previous[slot] = json.dumps(after[slot], sort_keys=True)
    focused = document.activeElement
    caret = None
    if present(focused) and isinstance(getattr(focused, "selectionStart", None), int):
        caret = (focused.selectionStart, focused.selectionEnd)
    # The focus moves wait for a task of their own: moving the focus lays the page out, and
    # a layout at the end of Python's long start-up task reads as late visual progress
    # (Lighthouse's speed index); the page says it is ready once they are done.
    page.render(focus=False)

    def settle() -> None:
        page.settle_focus()
        again = document.activeElement
        if caret and present(again) and isinstance(getattr(again, "selectionStart", None), int):
            again.setSelectionRange(*caret)
        document.documentElement.dataset.ready = "1"

    window.setTimeout(create_once_callable(settle), 0)


# -- end first screen


def bench_new_game() -> Any:
    """Benchmark hook: a fresh 3-person game; returns the current player's territories."""
    app = page.app
    app.form = app.default_form()
    for seat in app.form["seats"]:
        seat["kind"] = "human"
    app.form["seed"] = "1"
    app.dispatch("start")
    app.dispatch("curtain-open")
    app.dispatch("amount", "1")
    page.render()
    game = app.game
    return to_js(game.territories_of(game.current) if game else [])


def bench_bots_only(level: str = "hard", variant: str | None = None, players: int = 3) -> None:
    """Benchmark hook: a game of ``players`` bots of ``level`` on ``variant`` (the default
    board when None) to watch at normal speed."""
    app = page.app
    app.form = app.default_form(str(variant)) if variant else app.default_form()
    while len(app.form["seats"]) < int(players):
        app.dispatch("seat-add")
    for seat in app.form["seats"]:
        seat["kind"] = str(level)
    app.form["seed"] = "1"
    app.speed = "normal"
    app.dispatch("start")
    page.render()


def bench_board_loading() -> bool:
    """Benchmark hook: whether another game's map is still being fetched and drawn."""
    return page.loading_board is not None


def bench_bot_pace() -> str | None:
    """Test hook: how the next bot step waits: "message", "timer" or None (none pending)."""
    if page.bot_timer is None:
        return None
    return "message" if page.bot_timer == "message" else "timer"


def bench_actions() -> int:
    """Benchmark hook: how many actions the game in play has logged."""
    return len(page.app.game.log) if page.app.game else 0


page: Page


def start() -> None:
    """Take the page over in a task after the one PyScript runs ``main.py`` in: its own start
    ends there, and the page paints and answers a tap before Python's first render (the
    prerendered screen records what the player does until then)."""
    window.setTimeout(create_once_callable(take_the_page), 0)


def take_the_page() -> None:
    """Take the page over from the prerendered first screen and expose the bench hooks."""
    global page
    boot = getattr(window, "pywarBoot", None)
    if present(boot):  # web/pyodide_boot.mjs's report: was this module's code baked?
        boot.adapter = "snapshot" if served_from_snapshot(sys.modules[__name__]) else "compiled"
        boot.pyscript = "snapshot" if served_from_snapshot(sys.modules["pyscript"]) else "compiled"
    page = Page()
    take_over(page)
    window.pywarBench = to_js(
        {
            "newGame": create_proxy(bench_new_game),
            "botsOnly": create_proxy(bench_bots_only),
            "actions": create_proxy(bench_actions),
            "boardLoading": create_proxy(bench_board_loading),
            "botPace": create_proxy(bench_bot_pace),
        },
        dict_converter=window.Object.fromEntries,
    )
