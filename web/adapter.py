"""The adapter: connects the page's script (``web/page.js``) to a :class:`session.Session`.

Everything the page decides lives in ``viewmodel.py`` and ``session.py`` (tested under
pytest); ``web/page.js`` writes the session's frames to the DOM and sends it what the
player does, one JSON message each way. This module only creates the session on the page's
thread, with the browser's storage and entropy, and hands page.js its transport. The
page's script, ``main.py``, imports it and calls :func:`start`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pywar.variants import get_variant

from precompiled import served_from_snapshot
from saves import StorageFailure
from session import Session
from variant_ui import DEFAULT_VARIANT
from viewmodel import App


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


def start() -> None:
    """Take the page over in a task after the one PyScript runs ``main.py`` in: its own start
    ends there, and the page paints and answers a tap before Python's first render (the
    prerendered screen records what the player does until then)."""
    window.setTimeout(create_once_callable(take_the_page), 0)


def take_the_page() -> None:
    """Create the session and connect page.js to it (which takes over the first screen)."""
    boot = getattr(window, "pywarBoot", None)
    if present(boot):  # web/pyodide_boot.mjs's report: was this module's code baked?
        boot.adapter = "snapshot" if served_from_snapshot(sys.modules[__name__]) else "compiled"
        boot.pyscript = "snapshot" if served_from_snapshot(sys.modules["pyscript"]) else "compiled"
    params = window.URLSearchParams.new(window.location.search)
    # -- embeds (build owner, see docs/embed.md): saves namespace = ?ns=, else the one
    # web/pwa.js derives for a page framed by another page (window.pywarSavesNamespace).
    namespace = (
        text_or_none(params.get("ns"))
        or text_or_none(getattr(window, "pywarSavesNamespace", None))
        or ""
    )
    # -- end embeds
    app = App(
        LocalStorage(),
        namespace=namespace,
        lang=text_or_none(params.get("lang")),
        browser_lang=text_or_none(getattr(window, "pywarBrowserLang", None)),
        variant=text_or_none(params.get("variant")),
        entropy=browser_entropy(),
    )
    app.can_fullscreen = bool(getattr(document, "fullscreenEnabled", False))
    session = Session(app)

    def handle(message: str) -> str | None:
        frame = session.handle(json.loads(message))
        return None if frame is None else json.dumps(frame)

    options = {
        "board_id": get_variant(DEFAULT_VARIANT).board_id,
        "speed": text_or_none(params.get("speed")),
    }
    window.pywarPage.connect(
        create_proxy(handle), to_js(options, dict_converter=window.Object.fromEntries)
    )
