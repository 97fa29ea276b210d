"""The placement panel every board shares: armies to place, their pools, the amount a tap
places. A variant's page part builds its own pool lines and extra hints around it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from icons import icon
from nodes import Node, button, h

#: What one tap on a territory places: one army, five, ten, twenty-five, or all that are
#: left.
AMOUNTS = ("1", "5", "10", "25", "all")
#: A big amount is offered from this many armies to place on (150 armies by fives were 30
#: taps), and while it is the one chosen.
BIG_AMOUNT_FROM = {"10": 20, "25": 50}


def amounts_offered(pending: int, amount: str) -> list[str]:
    """The amount buttons for ``pending`` armies to place, ``amount`` chosen.

    >>> amounts_offered(7, "1"), amounts_offered(20, "1"), amounts_offered(150, "5")
    (['1', '5', 'all'], ['1', '5', '10', 'all'], ['1', '5', '10', '25', 'all'])
    >>> amounts_offered(12, "25")  # the one chosen stays
    ['1', '5', '25', 'all']
    """
    return [a for a in AMOUNTS if a == amount or pending >= BIG_AMOUNT_FROM.get(a, 0)]


def free_pool_lines(tr: Callable[..., str], pools: dict[str, int]) -> list[Node]:
    """The line of the armies that may go on any territory (none once they are placed:
    the bound ones are listed after it).

    >>> [len(free_pool_lines(lambda key, **kw: key, p)) for p in ({"free": 3}, {"free": 0})]
    [1, 0]
    """
    free = pools.get("free", 0)
    return [h("li", {"class": "pool-free"}, tr("pool_free", n=free))] if free else []


def bound_pool_line(tr: Callable[..., str], text: str, pool: str) -> Node:
    """The line ``text`` of armies bound to a place (``pool``, a key of ``Game.pools``): a
    tap shows that place on the map (a phone's whole map has no names: "1 only on
    Australia" could not be found).

    >>> line = bound_pool_line(lambda key, **kw: key, "2 only in Africa", "continent:africa")
    >>> b = line["children"][0]
    >>> b["attrs"]["data-action"], b["attrs"]["data-arg"], b["attrs"]["aria-label"]
    ('show-on-map', 'continent:africa', 'show_on_map_named')
    """
    node = button(
        "",
        "show-on-map",
        pool,
        cls="pool-show",
        title=tr("show_on_map"),
        aria_label=tr("show_on_map_named", pool=text),
    )
    node["children"] = [text, icon("find")]
    return h("li", {"class": "pool-bound"}, node)


def placement_panel(
    tr: Callable[..., str],
    amount: str,
    pending: int,
    pool_lines: list[Node],
    cls: str = "phase place",
    before: Node | None = None,
    after: list[Node | None] | None = None,
    hint: str | None = None,
) -> Node:
    """The panel: ``before`` (a stage hint), the count to place, the amount buttons, the
    hint (``hint``, or "any of your territories"), ``pool_lines`` (one ``li`` each: after
    the buttons, so a long list of bound armies never pushes them out of a short panel),
    then ``after``.

    >>> from nodes import text_of
    >>> panel = placement_panel(lambda key, **kw: key, "5", 7, [])
    >>> text_of(panel)
    'to_place amount_1 amount_5 amount_all place_hint'
    """
    parts: list[Any] = [
        before,
        h("p", {"class": "big-number", "id": "pending"}, tr("to_place", n=pending)),
        h(
            "div",
            {"class": "btn-row", "role": "group", "aria-label": tr("amount_label")},
            [
                button(tr("amount_" + a), "amount", a, cls="btn amount", pressed=amount == a)
                for a in amounts_offered(pending, amount)
            ],
        ),
        h("p", {"class": "hint"}, hint or tr("place_hint")),
        h("ul", {"class": "pools"}, pool_lines),
        *(after or []),
    ]
    return h("div", {"class": cls}, parts)
