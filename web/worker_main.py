"""The page's Python in a worker (``web/python_worker.mjs``): one :class:`session.Session`
over a copy of the page's storage. The worker's script hands it JSON both ways; the page's
script (``web/page.js``) writes the frames and carries out the storage writes they carry.

>>> import json
>>> worker = WorkerSession(json.dumps({"storage": {}, "lang": "en", "entropy": "2a"}))
>>> worker.handle(json.dumps({"kind": "input", "action": "seed", "value": "7"})) is None
True
"""

from __future__ import annotations

import json

from pywar.variants import get_variant

from saves import MirroredStorage
from session import Session
from variant_ui import DEFAULT_VARIANT
from viewmodel import App


class WorkerSession:
    """The session a worker keeps, from the page's first message: ``storage`` (this site's
    keys and values), ``durable`` (False: the browser blocks storage), ``namespace``,
    ``lang``, ``browser_lang`` (web/pwa.js), ``variant``, ``entropy`` (hex, from the
    browser's crypto) and ``can_fullscreen``."""

    def __init__(self, init_json: str) -> None:
        init = json.loads(init_json)
        storage = MirroredStorage(
            {str(k): str(v) for k, v in (init.get("storage") or {}).items()},
            durable=bool(init.get("durable", True)),
        )
        app = App(
            storage,
            namespace=str(init.get("namespace") or ""),
            lang=init.get("lang") or None,
            browser_lang=init.get("browser_lang") or None,
            variant=init.get("variant") or None,
            entropy=int(str(init["entropy"]), 16),
        )
        app.can_fullscreen = bool(init.get("can_fullscreen"))
        self.session = Session(app)
        #: The board the page's inlined map is (the default game's).
        self.board_id = get_variant(DEFAULT_VARIANT).board_id

    def handle(self, message_json: str) -> str | None:
        """One message from the page (JSON); the frame to write (JSON), or None."""
        frame = self.session.handle(json.loads(message_json))
        return None if frame is None else json.dumps(frame)
