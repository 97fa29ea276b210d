"""Where a tap on the board lands, and where the arrow keys go from a territory.

A finger covers about 40 CSS px, more than many territories are wide. The page reports
what the finger touched (a territory's shape, its army badge or its name: all three are
part of the territory's target) and the point in map units; :func:`resolve` turns that
into the territories the player may have meant:

- with no army badge within :data:`REACH_PX` of the finger, the territory touched;
- otherwise the badges (each territory's anchor, inside its shape) within reach that are
  about as near as the nearest one (less than :data:`MARGIN_PX` farther, or less than
  :data:`MARGIN_SHARE` of the gap between the two nearest badges) are candidates,
  with the territory touched: one candidate is the answer, several are a close call that
  the page settles by asking which (nearest first, at most :data:`MAX_CANDIDATES`).

Distances are judged in CSS pixels (``scale`` = CSS px per map unit), so what counts as
"near" follows the finger whatever the zoom: zoomed in, taps go straight to their
territory; on a phone showing the whole world, taps between small territories ask.

>>> anchors = {"a": (0.0, 0.0), "b": (40.0, 0.0)}
>>> resolve((1.0, 1.0), 1.0, "a", "badge", anchors)
['a']
>>> resolve((5.0, 0.0), 1.0, None, None, anchors)
['a']
>>> resolve((21.0, 0.0), 1.0, None, None, anchors)
['b', 'a']
>>> resolve((300.0, 0.0), 1.0, None, None, anchors)
[]
>>> resolve((300.0, 0.0), 1.0, "c", "shape", anchors)
['c']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

Point = tuple[float, float]

#: Badges farther than this from the finger (CSS px) do not attract a tap.
REACH_PX = 40.0
#: Badges less than this much farther (CSS px) than the nearest one are a close call.
MARGIN_PX = 20.0
#: ...or less than this share of the distance between the two nearest badges, when they
#: are closer together than that (zoomed out), so that a badge's centre is never a close
#: call.
MARGIN_SHARE = 0.75
#: At most this many candidates are offered for one tap.
MAX_CANDIDATES = 3
#: Arrow keys: unit vectors on the map (y grows downwards).
DIRECTIONS: dict[str, Point] = {
    "up": (0.0, -1.0),
    "down": (0.0, 1.0),
    "left": (-1.0, 0.0),
    "right": (1.0, 0.0),
}
#: An arrow goes to a neighbour at most 60 degrees off its direction (cosine 0.5)...
NEIGHBOUR_CONE = 0.5
#: ...else to the nearest territory at most 45 degrees off (across a sea, say).
FAR_CONE = math.cos(math.radians(45))
#: How much a candidate's angle off the arrow lengthens its distance: a neighbour straight
#: that way beats a nearer one off to the side (Amazonas → Pará on the right, not Roraima).
ANGLE_WEIGHT = 5.0


def resolve(
    point: Point, scale: float, hit: str | None, part: str | None, anchors: Mapping[str, Point]
) -> list[str]:
    """The territories a tap at ``point`` (map units) may mean: ``[]`` (none), ``[t]``
    (that one) or a few candidates, the likeliest first.

    ``hit`` is the territory whose shape, badge or name the finger touched (``part``
    says which: "shape", "badge" or "label"), None on the sea; ``anchors`` maps every
    territory to its badge's centre; ``scale`` is CSS px per map unit.
    """
    del part  # a badge or a name counts as its territory, like the shape
    scale = scale if scale > 0 else 1.0
    near = sorted((math.dist(point, at) * scale, t) for t, at in anchors.items())
    near = [(d, t) for d, t in near if d <= REACH_PX]
    if not near:
        return [hit] if hit is not None else []
    first_d, first = near[0]
    margin = MARGIN_PX
    if len(near) > 1:  # badges closer together than the margin: a tap on one is that one
        margin = min(margin, MARGIN_SHARE * math.dist(anchors[first], anchors[near[1][1]]) * scale)
    close = [t for d, t in near if d - first_d < margin]
    if hit is not None:
        close = [hit] + [t for t in close if t != hit]
    return close[:MAX_CANDIDATES]


def step(
    current: str, direction: str, anchors: Mapping[str, Point], neighbours: Iterable[str]
) -> str | None:
    """The territory the arrow key ``direction`` moves to from ``current``: the
    neighbour (by the board's borders) that lies most nearly that way on the map, else the
    nearest territory that way; None when there is nothing that way.

    >>> at = {"a": (0.0, 0.0), "b": (10.0, 1.0), "c": (0.0, 10.0), "d": (30.0, 0.0)}
    >>> step("a", "right", at, ["c", "d"]), step("a", "down", at, ["c", "d"])
    ('d', 'c')
    >>> step("a", "left", at, ["c", "d"]) is None
    True
    """
    if current not in anchors or direction not in DIRECTIONS:
        return None
    dx, dy = DIRECTIONS[direction]
    x0, y0 = anchors[current]

    def best(pool: Iterable[str], cone: float) -> str | None:
        scored = []
        for t in pool:
            if t == current or t not in anchors:
                continue
            vx, vy = anchors[t][0] - x0, anchors[t][1] - y0
            dist = math.hypot(vx, vy)
            if dist == 0:
                continue
            cos = (vx * dx + vy * dy) / dist
            if cos < cone:
                continue
            scored.append((dist * (1.0 + ANGLE_WEIGHT * (1.0 - cos)), t))
        return min(scored)[1] if scored else None

    return best(neighbours, NEIGHBOUR_CONE) or best(anchors, FAR_CONE)
