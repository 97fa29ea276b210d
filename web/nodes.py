"""View nodes: the plain data the view model builds and the DOM adapter writes out.

Text from players only ever travels as a string child, which the adapter turns into a
text node; nothing here is parsed as HTML.
"""

from __future__ import annotations

from typing import Any

Node = dict[str, Any]


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
    """A view node: tag, attributes and children (nodes or plain text)."""
    kids = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, list):
            kids.extend(c for c in child if c is not None)
        else:
            kids.append(child)
    return {
        "tag": tag,
        "attrs": {k: v for k, v in (attrs or {}).items() if v is not None},
        "children": kids,
    }


def button(
    label: str,
    action: str,
    arg: Any = None,
    *,
    cls: str = "btn",
    disabled: bool = False,
    pressed: bool | None = None,
    title: str | None = None,
    aria_label: str | None = None,
    unavailable: bool = False,
) -> Node:
    """A button that sends ``action`` (and ``arg``) to :meth:`App.dispatch` when tapped
    (``aria_label``: its name for a screen reader where its face is a sign such as +)."""
    attrs: dict[str, Any] = {
        "type": "button",
        "class": cls,
        "data-action": action,
        "data-arg": None if arg is None else str(arg),
        "title": title,
        "aria-label": aria_label,
    }
    if disabled:
        attrs["disabled"] = "disabled"
    if unavailable:  # shown and said as disabled, but it keeps the keyboard's focus
        attrs["aria-disabled"] = "true"
    if pressed is not None:
        attrs["aria-pressed"] = "true" if pressed else "false"
    return h("button", attrs, label)


def text_of(node: Any) -> str:
    """All the text of a view node (for tests)."""
    if isinstance(node, str):
        return node
    if node is None:
        return ""
    return " ".join(filter(None, (text_of(c) for c in node["children"])))


def find(node: Any, pred: Any) -> list[Node]:
    """Every node under ``node`` for which ``pred(node)`` holds."""
    if not isinstance(node, dict):
        return []
    found = [node] if pred(node) else []
    for child in node["children"]:
        found.extend(find(child, pred))
    return found
