"""Icons that ship with the page: inline SVG paths, so no font needs the glyphs (⏮ ⏭ ⏸).

>>> icon("pause")["tag"], icon("pause")["attrs"]["aria-hidden"]
('svg', 'true')
"""

from __future__ import annotations

from typing import Any

from nodes import Node, button, h

#: 24 × 24 paths, filled with the text colour.
PATHS = {
    "first": "M5 5h2.5v14H5zM19 5v14L9 12z",
    "prev": "M17 5v14L7 12z",
    "next": "M7 5v14l10-7z",
    "last": "M16.5 5H19v14h-2.5zM5 5v14l10-7z",
    "pause": "M6 5h4.5v14H6zM13.5 5H18v14h-4.5z",
    "play": "M7 5v14l11-7z",
    "find": "M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10"
    "a5 5 0 0 0 0-10z",
}


def icon(name: str) -> Node:
    """An inline SVG icon (decorative: the control around it carries the words)."""
    return h(
        "svg",
        {
            "class": f"icon icon-{name}",
            "viewBox": "0 0 24 24",
            "width": "20",
            "height": "20",
            "aria-hidden": "true",
            "focusable": "false",
        },
        h("path", {"d": PATHS[name]}),
    )


def icon_button(
    name: str,
    label: str,
    action: str,
    arg: Any = None,
    *,
    cls: str = "btn",
    disabled: bool = False,
    text: str | None = None,
) -> Node:
    """A button showing an icon (and ``text``, if any), named ``label`` for everyone."""
    node = button("", action, arg, cls=cls + " with-icon", disabled=disabled, title=label)
    node["attrs"]["aria-label"] = label
    node["children"] = [icon(name)] + ([" " + text] if text else [])
    return node
