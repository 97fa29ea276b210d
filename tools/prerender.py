"""The page's first screen, rendered at build time from the view model (build.py runs it).

    python3 tools/prerender.py SITE     # prints one JSON object

Run with SITE (the built site: its web modules and pywar/) first on ``sys.path``, so the
screens come from the very files the page runs. For each language of the catalogue: the
header and the new-game screen exactly as ``App.render()`` gives them to a first visitor
(as HTML, with the CRC-32 of their view JSON, which main.py compares before adopting the
markup), a "continue your game" card for a returning player, the page title and the top
bar's name of each game (``brands``; ``brand`` the first screen's). Also the
storage keys the view model uses for the current game and the language preference, with
"{ns}" where the saves namespace goes, so tools/first_screen.js can read them before Python.
"""

from __future__ import annotations

import html
import json
import sys
import zlib
from pathlib import Path
from typing import Any

#: Elements with no closing tag.
VOID = frozenset(
    {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)


def to_html(node: Any) -> str:
    """A view node as HTML; every text and attribute value escaped (never parsed as HTML)."""
    if isinstance(node, str):
        return html.escape(node, quote=False)
    attrs = "".join(
        f' {name}="{html.escape(str(value), quote=True)}"' for name, value in node["attrs"].items()
    )
    if node["tag"] in VOID:
        return f"<{node['tag']}{attrs}>"
    inner = "".join(to_html(child) for child in node["children"])
    return f"<{node['tag']}{attrs}>{inner}</{node['tag']}>"


def view_key(node: Any) -> str:
    """CRC-32 of a slot's view JSON, as main.py computes it (``json.dumps(sort_keys=True)``)."""
    return f"{zlib.crc32(json.dumps(node, sort_keys=True).encode()):08x}"


def storage_keys() -> dict[str, str]:
    """The keys of the current game and of the language preference, "{ns}" for the
    namespace (two stores, with and without one, tell where it goes)."""
    from saves import MemoryStorage, SaveStore

    out = {}
    for ns, name in (("", "plain"), ("NS\u0001", "namespaced")):
        storage = MemoryStorage()
        store = SaveStore(storage, ns)
        store.set_current("ID\u0002")
        store.set_pref("lang", "LANG\u0003")
        for key, value in storage.data.items():
            kind = "current" if value == "ID\u0002" else "lang"
            out[f"{kind}_{name}"] = key.replace("NS\u0001", "{ns}")
    return out


def main(site: str) -> int:
    sys.path[:0] = [site]
    from pywar.variants import VARIANTS

    from i18n import CATALOGUE
    from nodes import h
    from saves import MemoryStorage
    from viewmodel import App

    screens: dict[str, Any] = {}
    for lang in CATALOGUE:
        app = App(MemoryStorage(), lang=lang)
        view = app.render()
        assert view["screen"] == "setup" and view["overlay"] is not None
        names = app.map_names()
        card = h(
            "section",
            {"class": "screen resume", "aria-labelledby": "resume-title"},
            h("h2", {"id": "resume-title"}, app.tr("resume")),
            h("p", {}, app.tr("loading")),
        )
        screens[lang] = {
            "title": view["title"],
            "brand": view["brand"],
            "brands": {vid: app.variant_title(vid) for vid in VARIANTS},
            "html_lang": view["html_lang"],
            "header": to_html(view["header"]),
            "header_key": view_key(view["header"]),
            "overlay": to_html(view["overlay"]),
            "overlay_key": view_key(view["overlay"]),
            "continue": to_html(card),
            # the drawn board's names (the SVG's are Portuguese) in this language
            "names": names["names"],
            "map_label": names["map_label"],
        }
    json.dump(
        {"screens": screens, "keys": storage_keys(), "default": "pt"},
        sys.stdout,
        ensure_ascii=False,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(str(Path(sys.argv[1]).resolve())))
