"""Where taps land (web/taps.py) on the real maps: every territory of every board has an
effective target of at least 44 x 44 CSS px at the default zoom of a 1024 x 768 tablet
(the territory itself, or the chooser that offers it), badge centres always hit directly,
and the arrow keys reach every territory."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest
from conftest import NS, group, translate

from pywar.variants import get_variant

from taps import DIRECTIONS, MARGIN_PX, REACH_PX, resolve, step

VARIANTS_DIR = Path(__file__).resolve().parent.parent / "pywar" / "variants"
BOARDS = ("classic", "war2", "mitologicas", "brasil")
#: CSS px per map unit of each board at its default zoom on a 1024 x 768 tablet, as the
#: page lays it out (e2e/test_touch.py checks the page shows at least this). Classic and
#: WAR II's maps give the strip under them 250 px for the turn (0.87 with 190 px).
SCALE_1024 = {"classic": 0.77, "war2": 0.77, "mitologicas": 0.67, "brasil": 0.86}
#: The page's sizes at widths up to 1100 px (style.css): badge radius and name font size.
BADGE_R, LABEL_FONT = 15.0, 14.0
TARGET_PX = 44.0
GRID_PX = 4.0

Polygon = list[tuple[float, float]]


def polygons(d: str) -> list[Polygon]:
    """The closed polygons of a map path (commands M, m, L, l, H, h, V, v, Z)."""
    out: list[Polygon] = []
    ring: Polygon = []
    x = y = 0.0
    start = (0.0, 0.0)
    cmd = ""
    tokens = re.findall(r"[MmLlHhVvZz]|-?\d*\.?\d+(?:e-?\d+)?", d)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd, i = tok, i + 1
            if cmd in "Zz":
                if ring:
                    out.append(ring)
                ring, (x, y) = [], start
            continue
        if cmd in "MmLl":
            a, b = float(tokens[i]), float(tokens[i + 1])
            i += 2
            x, y = (a, b) if cmd in "ML" else (x + a, y + b)
            if cmd in "Mm":
                if ring:
                    out.append(ring)
                ring, start = [], (x, y)
                cmd = "L" if cmd == "M" else "l"
        else:
            a = float(tokens[i])
            i += 1
            if cmd in "Hh":
                x = a if cmd == "H" else x + a
            else:
                y = a if cmd == "V" else y + a
        ring.append((x, y))
    if ring:
        out.append(ring)
    return out


def inside(rings: list[Polygon], x: float, y: float) -> bool:
    """Even-odd point-in-shape test (islands are extra rings)."""
    hit = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                hit = not hit
    return hit


class Map:
    """A board's map: shapes, badge centres and (estimated) name boxes, in map units."""

    def __init__(self, board: str) -> None:
        root = ET.parse(VARIANTS_DIR / board / "map.svg").getroot()
        self.shapes = {
            p.get("data-territory"): polygons(p.get("d", ""))
            for p in group(root, "territories").findall(f"{NS}path")
        }
        self.anchors = {
            g.get("data-badge"): translate(g) for g in group(root, "badges").findall(f"{NS}g")
        }
        self.boxes = {}
        for p, rings in self.shapes.items():
            xs = [x for r in rings for x, _ in r]
            ys = [y for r in rings for _, y in r]
            self.boxes[p] = (min(xs), min(ys), max(xs), max(ys))
        self.labels = {}
        for text in group(root, "labels").findall(f"{NS}text"):
            x, y = float(text.get("x", 0)), float(text.get("y", 0))
            width = len(text.text or "") * 0.62 * LABEL_FONT  # DejaVu Sans Bold, about
            self.labels[text.get("data-label")] = (
                x - width / 2,
                y - 0.8 * LABEL_FONT,
                x + width / 2,
                y + 0.25 * LABEL_FONT,
            )

    def touched(self, x: float, y: float) -> tuple[str | None, str | None]:
        """What a finger at (x, y) touches first: a badge, a name, a shape or the sea."""
        for t, at in self.anchors.items():
            if math.dist((x, y), at) <= BADGE_R:
                return t, "badge"
        for t, (x1, y1, x2, y2) in self.labels.items():
            if x1 <= x <= x2 and y1 <= y <= y2:
                return t, "label"
        for t, (x1, y1, x2, y2) in self.boxes.items():
            if x1 <= x <= x2 and y1 <= y <= y2 and inside(self.shapes[t], x, y):
                return t, "shape"
        return None, None

    def resolve(self, x: float, y: float, scale: float) -> list[str]:
        return resolve((x, y), scale, *self.touched(x, y), self.anchors)


@pytest.fixture(scope="module", params=BOARDS)
def board_map(request: pytest.FixtureRequest) -> tuple[str, Map]:
    return request.param, Map(request.param)


def largest_square(m: Map, t: str, scale: float) -> float:
    """The side (CSS px) of the largest square near ``t``'s badge, in steps of the grid,
    where every tap selects ``t`` or offers it (searched up to 44 px)."""
    step_u = GRID_PX / scale
    n = int(TARGET_PX / GRID_PX)
    ax, ay = m.anchors[t]
    cache: dict[tuple[int, int], bool] = {}

    def serves(i: int, j: int) -> bool:
        if (i, j) not in cache:
            cache[i, j] = t in m.resolve(ax + i * step_u, ay + j * step_u, scale)
        return cache[i, j]

    for size in (n, n - 2, n - 4):
        for oi in range(-size, 1):
            for oj in range(-size, 1):
                if all(serves(oi + a, oj + b) for a in range(size + 1) for b in range(size + 1)):
                    return size * GRID_PX
    return 0.0


def test_every_territory_has_a_44px_target_at_the_tablets_default_zoom(
    board_map: tuple[str, Map],
) -> None:
    board, m = board_map
    scale = SCALE_1024[board]
    small = {t: largest_square(m, t, scale) for t in m.shapes}
    assert {t: s for t, s in small.items() if s < TARGET_PX} == {}


def test_a_badge_centre_always_selects_its_territory(board_map: tuple[str, Map]) -> None:
    board, m = board_map
    for scale in (SCALE_1024[board], 0.355, 1.5):
        for t, (x, y) in m.anchors.items():
            assert m.resolve(x, y, scale) == [t], (board, scale, t)


def test_a_name_or_shape_far_from_other_badges_is_never_asked_about() -> None:
    anchors = {"a": (0.0, 0.0), "b": (200.0, 0.0)}
    assert resolve((30.0, 30.0), 1.0, "a", "shape", anchors) == ["a"]
    assert resolve((0.0, 25.0), 1.0, "a", "label", anchors) == ["a"]
    # zoomed in, the same spot between two badges is no longer a close call
    close = {"a": (0.0, 0.0), "b": (30.0, 0.0)}
    assert resolve((12.0, 0.0), 1.0, "a", "shape", close) == ["a", "b"]
    assert resolve((12.0, 0.0), 4.0, "a", "shape", close) == ["a"]


def test_the_sea_near_a_coast_selects_the_nearest_territory_or_asks() -> None:
    anchors = {"a": (0.0, 0.0), "b": (100.0, 0.0)}
    assert resolve((0.0, REACH_PX - 1), 1.0, None, None, anchors) == ["a"]
    assert resolve((0.0, REACH_PX + 1), 1.0, None, None, anchors) == []
    pair = {"a": (0.0, 0.0), "b": (MARGIN_PX, 0.0)}
    assert resolve((MARGIN_PX / 2, 5.0), 1.0, None, None, pair) == ["a", "b"]


def test_on_a_territory_near_another_badge_both_are_offered() -> None:
    anchors = {"big": (0.0, 0.0), "small": (100.0, 0.0)}
    assert resolve((95.0, 0.0), 1.0, "big", "shape", anchors) == ["big", "small"]


@pytest.mark.parametrize("board", BOARDS)
def test_arrow_keys_reach_every_territory(board: str) -> None:
    b = get_variant(board).board
    anchors = Map(board).anchors
    first = next(iter(b.territories))
    seen, todo = {first}, deque([first])
    while todo:
        here = todo.popleft()
        for direction in ("up", "down", "left", "right"):
            there = step(here, direction, anchors, b.neighbors[here])
            if there is not None and there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == set(b.territories)


@pytest.mark.parametrize("board", BOARDS)
def test_an_arrow_goes_to_a_neighbour_that_way_when_there_is_one(board: str) -> None:
    b = get_variant(board).board
    anchors = Map(board).anchors
    for t in b.territories:
        for direction, (dx, dy) in (("right", (1, 0)), ("down", (0, 1))):
            there = step(t, direction, anchors, b.neighbors[t])
            ways = [
                n
                for n in b.neighbors[t]
                if (anchors[n][0] - anchors[t][0]) * dx + (anchors[n][1] - anchors[t][1]) * dy
                >= 0.5 * math.dist(anchors[n], anchors[t])
            ]
            if ways:
                assert there in ways, (board, t, direction, there)


@pytest.mark.parametrize("board", BOARDS)
def test_an_arrow_takes_the_neighbour_straight_that_way_over_a_nearer_one_aside(
    board: str,
) -> None:
    """With a neighbour within 10 degrees of the arrow, the arrow never goes more than
    40 degrees off it (Amazonas's ArrowRight went to Roraima, up and to the right, not to
    Pará, straight right)."""
    b = get_variant(board).board
    anchors = Map(board).anchors

    def off(t: str, n: str, direction: str) -> float:
        dx, dy = DIRECTIONS[direction]
        vx, vy = anchors[n][0] - anchors[t][0], anchors[n][1] - anchors[t][1]
        return math.degrees(math.acos((vx * dx + vy * dy) / math.hypot(vx, vy)))

    for t in b.territories:
        for direction in DIRECTIONS:
            if min(off(t, n, direction) for n in b.neighbors[t]) <= 10:
                there = step(t, direction, anchors, b.neighbors[t])
                assert there is not None and off(t, there, direction) <= 40, (t, direction, there)


def test_the_arrows_of_a_keyboard_players_review_on_war_brasil() -> None:
    b = get_variant("brasil").board
    anchors = Map("brasil").anchors
    moves = {
        ("amazonas", "right"): "para",
        ("piaui", "right"): "pernambuco",
        ("rio_de_janeiro", "left"): "sao_paulo",
        ("minas_gerais", "up"): "bahia",
    }
    for (here, direction), there in moves.items():
        assert step(here, direction, anchors, b.neighbors[here]) == there, (here, direction)
