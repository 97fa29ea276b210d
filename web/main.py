"""The DOM adapter: writes :class:`viewmodel.App`'s view to the page and sends it taps.

Everything the page decides lives in ``viewmodel.py`` (tested under pytest); this module
only touches the DOM: one delegated event handler, text set as text nodes, attributes
updated only where they changed.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from saves import StorageFailure
from viewmodel import App

BOT_DELAYS = {"fast": 0}
BLITZ_DELAY = 120


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
            raise StorageFailure("full" if "Quota" in name or "quota" in name
                                 else "blocked", name) from None

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
    el = (document.createElementNS(SVG_NS, node["tag"]) if svg
          else document.createElement(node["tag"]))
    for key, value in node["attrs"].items():
        el.setAttribute(key, str(value))
    for child in node["children"]:
        el.appendChild(build(child, svg))
    return el


class Page:
    """Binds one :class:`App` to the document."""

    def __init__(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        #: ?speed=fast (tests, demos) plays bots with no pause; otherwise the page's choice.
        self.bot_delay: int | None = BOT_DELAYS.get(text_or_none(params.get("speed")) or "")
        # -- embeds (build owner, see docs/embed.md): saves namespace = ?ns=, else the one
        # web/pwa.js derives for a page framed by another page (window.pywarSavesNamespace).
        namespace = (text_or_none(params.get("ns"))
                     or text_or_none(getattr(window, "pywarSavesNamespace", None)) or "")
        # -- end embeds
        self.app = App(LocalStorage(), namespace=namespace,
                       lang=text_or_none(params.get("lang")),
                       variant=text_or_none(params.get("variant")))
        self.slots = {name: document.getElementById(f"{name}-slot")
                      for name in ("header", "panel", "overlay", "curtain", "notice")}
        self.overlay = document.getElementById("overlay")
        self.curtain = document.getElementById("curtain")
        self.message = document.getElementById("message")
        self.previous: dict[str, str] = {}
        self.board_id = "classic"
        #: Boards already in the page: the classic one comes inlined in index.html.
        self.boards: dict[str, Any] = {"classic": document.getElementById("board")}
        self.loading_board: str | None = None
        self.bind_board()
        self.announcer = document.getElementById("announce")
        self.announced = ""
        self.bot_timer = None
        self.blitz_timer = None
        self.handler = create_proxy(self.on_event)
        self.bot_tick = create_proxy(self.on_bot_tick)
        self.blitz_tick = create_proxy(self.on_blitz_tick)
        for kind in ("click", "change", "input", "keydown"):
            document.addEventListener(kind, self.handler)
        self.on_storage = create_proxy(self.storage_event)
        window.addEventListener("storage", self.on_storage)
        self.persist_asked = False
        self.app.dispatch("env", None, json.dumps(self.environment(params)))
        self.import_fragment()
        self.ask_persistence(request=False)

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
            "Macintosh" in agent and int(getattr(nav, "maxTouchPoints", 0) or 0) > 1)
        standalone = bool(getattr(nav, "standalone", False)) or bool(
            window.matchMedia("(display-mode: standalone)").matches)
        url = window.URL.new(window.location.href)
        url.searchParams.delete("embed")
        url.hash = ""
        return {"embed": framed or text_or_none(params.get("embed")) == "1",
                "ios_tab": ios and "Safari" in agent and not standalone,
                "own_tab_url": str(url.href)}

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
        self.paths = {}
        self.badges = {}
        self.labels = {str(el.dataset.label): el
                       for el in document.querySelectorAll("#board [data-label]")}
        self.names_shown: dict[str, str] = {}
        for el in document.querySelectorAll("#board [data-territory]"):
            self.paths[str(el.dataset.territory)] = el
            el.setAttribute("role", "button")
        for el in document.querySelectorAll("#board [data-badge]"):
            self.badges[str(el.dataset.badge)] = (el, el.querySelector("text"))

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
        if kind == "keydown" and str(evt.key) == "Escape":
            self.send("cancel")
            return
        if not present(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-action],[data-territory]")
        if not present(el):
            return
        territory = text_or_none(el.getAttribute("data-territory"))
        if territory is not None:
            if kind == "click" or (kind == "keydown" and str(evt.key) in ("Enter", " ")):
                if kind == "keydown":
                    evt.preventDefault()
                self.send("territory", territory)
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
        if self.app.game is not None and not self.persist_asked:
            self.ask_persistence(request=True)
        self.render()

    def download(self, filename: str, text: str) -> None:
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                    dict_converter=window.Object.fromEntries))
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
            self.app.message = ("error", str(exc))
        self.render()

    # ---------------------------------------------------------------- render
    def render(self) -> None:
        """Write the view; a game that cannot be shown is set aside, never bricks the page."""
        try:
            view = self.app.render()
        except Exception as exc:  # noqa: BLE001 - e.g. a save that loads but cannot show
            window.console.warn(f"pywar: the game could not be shown: {exc!r}")
            self.app.set_aside(exc)
            view = self.app.render()
        self.write(view)

    def write(self, view: dict[str, Any]) -> None:
        root = document.documentElement
        if view["board_id"] != self.board_id and self.loading_board != view["board_id"]:
            self.loading_board = view["board_id"]
            asyncio.ensure_future(self.load_board(view["board_id"]))
        if root.getAttribute("lang") != view["html_lang"]:
            root.setAttribute("lang", view["html_lang"])
            document.title = view["title"]
        self.fill("header", view["header"])
        self.fill("panel", view["panel"])
        self.fill("overlay", view["overlay"])
        self.fill("curtain", view["curtain"])
        self.fill("notice", view.get("notice"))
        self.overlay.hidden = view["overlay"] is None
        heading = self.slots["overlay"].querySelector("h2[id]")
        if present(heading):
            self.slots["overlay"].setAttribute("aria-labelledby", str(heading.id))
        self.curtain.hidden = view["curtain"] is None
        if view["board_id"] == self.board_id:
            self.render_names(view["board"])
        self.render_board(view["board"]["territories"], view["board"].get("names") or {})
        self.render_marks(view["board"].get("marks") or {})
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
        if view.get("announce") and view["announce"] != self.announced:
            self.announced = view["announce"]
            self.announcer.textContent = view["announce"]
        if self.app.bot_to_move and self.bot_timer is None:
            delay = self.app.bot_delay() if self.bot_delay is None else min(
                self.bot_delay, self.app.bot_delay())
            self.bot_timer = window.setTimeout(self.bot_tick, delay)
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
            focus_key = (text_or_none(focused.getAttribute("data-action")),
                         text_or_none(focused.getAttribute("data-arg")))
        el.replaceChildren()
        if node is not None:
            el.appendChild(build(node))
        if focus_key and focus_key[0]:
            selector = f'[data-action="{focus_key[0]}"]'
            if focus_key[1] is not None:
                selector += f'[data-arg="{focus_key[1]}"]'
            again = el.querySelector(selector)
            if present(again):
                again.focus()

    def render_names(self, board: dict[str, Any]) -> None:
        """The map's labels and its own name in the page language (the SVG's are Portuguese)."""
        svg = document.getElementById("board")
        label = board.get("map_label")
        if label and present(svg) and svg.getAttribute("aria-label") != label:
            svg.setAttribute("aria-label", label)
        for tid, name in (board.get("names") or {}).items():
            el = self.labels.get(tid)
            if el is not None and self.names_shown.get(tid) != name:
                el.textContent = name
                self.names_shown[tid] = name

    def render_board(self, territories: dict[str, dict[str, Any]],
                     names: dict[str, str]) -> None:
        for tid, path in self.paths.items():
            info = territories.get(tid)
            state = (("", names.get(tid)) if info is None else
                     (info["owner"], info["armies"], info["state"], info["label"]))
            if self.board_cache.get(tid) == state:
                continue
            self.board_cache[tid] = state
            badge, text = self.badges.get(tid, (None, None))
            if info is None:
                path.removeAttribute("data-owner")
                path.removeAttribute("data-state")
                if names.get(tid):
                    path.setAttribute("aria-label", names[tid])
                if badge is not None:
                    badge.removeAttribute("data-owner")
                continue
            path.setAttribute("data-owner", info["owner"])
            path.setAttribute("data-state", info["state"])
            path.setAttribute("aria-label", info["label"])
            if badge is not None:
                badge.setAttribute("data-owner", info["owner"])
                text.textContent = str(info["armies"])


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


def bench_new_game() -> Any:
    """Benchmark hook: a fresh 3-person game; returns the current player's territories."""
    app = page.app
    app.form = app._default_form()
    for seat in app.form["seats"]:
        seat["kind"] = "human"
    app.form["seed"] = "1"
    app.dispatch("start")
    app.dispatch("curtain-open")
    app.dispatch("amount", "1")
    page.render()
    game = app.game
    return to_js(game.territories_of(game.current) if game else [])


def bench_bots_only(level: str = "hard") -> None:
    """Benchmark hook: a game of three bots of ``level`` to watch at normal speed."""
    app = page.app
    app.form = app._default_form()
    for seat in app.form["seats"]:
        seat["kind"] = str(level)
    app.form["seed"] = "1"
    app.speed = "normal"
    app.dispatch("start")
    page.render()


def bench_actions() -> int:
    """Benchmark hook: how many actions the game in play has logged."""
    return len(page.app.game.log) if page.app.game else 0


page = Page()
page.render()
window.pywarBench = to_js({"newGame": create_proxy(bench_new_game),
                           "botsOnly": create_proxy(bench_bots_only),
                           "actions": create_proxy(bench_actions)},
                          dict_converter=window.Object.fromEntries)
document.documentElement.dataset.ready = "1"
