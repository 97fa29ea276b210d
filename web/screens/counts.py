"""How many armies to move: a button per count while they fit a row or two, and past
that a stepper (one fewer, the count, one more) with the counts people want most (one,
half, all) a tap away: 40 armies made a wall of 40 buttons that pushed the question and
the Move button out of a phone's panel."""

from __future__ import annotations

from collections.abc import Callable

from nodes import Node, button, h

#: Up to this many, one button per count.
COUNT_BUTTONS = 8

#: The stepper's buttons send these, relative to the count chosen so far (a stable
#: ``data-arg`` keeps the focus on the button a keyboard pressed).
FEWER, MORE = "fewer", "more"


def step_count(arg: str | None, current: int, top: int) -> int | None:
    """The count a tap on the picker chooses: a number, or one fewer or more than
    ``current``, kept within 1..``top`` (None: not a count).

    >>> step_count("5", 9, 40), step_count(MORE, 40, 40), step_count(FEWER, 1, 40)
    (5, 40, 1)
    >>> step_count("99", 9, 40), step_count("x", 9, 40)
    (40, None)
    """
    if arg == MORE:
        n = current + 1
    elif arg == FEWER:
        n = current - 1
    elif arg is not None and arg.isdigit():
        n = int(arg)
    else:
        return None
    return max(1, min(top, n))


def count_picker(
    tr: Callable[..., str],
    action: str,
    top: int,
    chosen: int,
    label: str,
    number: Callable[[int], str] = str,
) -> Node:
    """The count buttons, or the stepper past :data:`COUNT_BUTTONS`; ``label`` names the
    group for a screen reader, ``number`` writes the count in the page's number style.

    >>> from nodes import text_of
    >>> tr = lambda key, **kw: key
    >>> text_of(count_picker(tr, "move-count", 3, 2, "how many"))
    '1 2 3'
    >>> text_of(count_picker(tr, "move-count", 40, 12, "how many"))
    '− 12 + 1 count_half amount_all'
    """
    if top <= COUNT_BUTTONS:
        return h(
            "div",
            {"class": "btn-row counts", "role": "group", "aria-label": label},
            [
                button(str(k), action, k, cls="btn small", pressed=k == chosen)
                for k in range(1, top + 1)
            ],
        )
    half = max(1, top // 2)
    return h(
        "div",
        {"class": "counts stepper", "role": "group", "aria-label": label},
        h(
            "div",
            {"class": "btn-row"},
            button(
                "−",
                action,
                FEWER,
                cls="btn step",
                # at the end of its range a step button stays focusable (a disabled one
                # dropped the keyboard onto the map): a press there changes nothing
                unavailable=chosen <= 1,
                aria_label=tr("count_fewer"),
            ),
            # (a screen reader hears a new count from the page's live region)
            h("output", {"class": "count-now"}, number(chosen)),
            button(
                "+",
                action,
                MORE,
                cls="btn step",
                unavailable=chosen >= top,
                aria_label=tr("count_more"),
            ),
        ),
        h(
            "div",
            {"class": "btn-row"},
            button("1", action, 1, cls="btn small", pressed=chosen == 1),
            button(tr("count_half", n=half), action, half, cls="btn small", pressed=chosen == half),
            button(tr("amount_all"), action, top, cls="btn small", pressed=chosen == top),
        ),
    )
