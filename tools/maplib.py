"""Shared helpers for the board map generators (``tools/make_map_*.py``).

Build-time only (needs ``shapely``, ``topojson`` and ``numpy``). Every generator uses this
module; the classic one, ``tools/make_map.py``, keeps only what is its own (its Mercator with
lenses, the country tables, the wrap-around sea link, its reports). What is here:

- :class:`Frame`: a cropped Mercator frame (lon/lat box → SVG units of a given width), and
  :func:`magnify`, the magnifying lens the boards use to enlarge crowded spots;
- TopoJSON decoding (world-atlas), geometry cleaning, simplification along shared borders;
- label and badge layout that avoids overlaps (sized for 14 px labels and r = 15 badges);
- the SVG writer with the structure the page relies on (see ``docs/maps.md``);
- small thumbnails with the continent tints baked in, and an HTML preview page.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import shapely
import shapely.affinity
import topojson
from shapely.geometry import MultiPolygon, Polygon, shape
from shapely.ops import nearest_points, polylabel, unary_union

ROOT = Path(__file__).resolve().parents[1]
#: The variants' folders: each board's ``map.svg`` and ``thumb.svg`` live beside its board.json.
VARIANTS_DIR = ROOT / "pywar" / "variants"
PREVIEW_CSS = ROOT / "tools" / "classic-preview.css"


def map_path(board_id: str) -> Path:
    """Where a board's map is written."""
    return VARIANTS_DIR / board_id / "map.svg"


def thumb_path(board_id: str) -> Path:
    """Where a board's setup thumbnail is written."""
    return VARIANTS_DIR / board_id / "thumb.svg"


BADGE_R = 13.0  # the circle as written in the SVG
FONT_PX = 14.0  # label size written in the SVG (CSS may override)
LAYOUT_FONT = 14.0  # labels are laid out for 14 px ...
LAYOUT_R = 15.0  # ... and r = 15 badges (the page's tablet sizes)
LABEL_GAP = 2.0

Rect = tuple[float, float, float, float]
Link = tuple[str, str, tuple[float, float, float, float]]


# ---------------------------------------------------------------------------------------------
# Frame and projection
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """A Mercator crop: lon/lat box mapped to SVG units ``width`` wide (height follows)."""

    lon_w: float
    lon_e: float
    lat_s: float
    lat_n: float
    width: float = 1100.0
    #: optional warp applied after projection (e.g. magnifying lenses), in SVG units
    warp: Callable[[np.ndarray], np.ndarray] | None = field(default=None, compare=False)

    @staticmethod
    def _merc(lat: np.ndarray | float) -> np.ndarray | float:
        return np.log(np.tan(np.pi / 4 + np.radians(lat) / 2))

    @property
    def scale(self) -> float:
        return self.width / math.radians(self.lon_e - self.lon_w)

    @property
    def height(self) -> int:
        return round((float(self._merc(self.lat_n)) - float(self._merc(self.lat_s))) * self.scale)

    def xy(self, coords: np.ndarray) -> np.ndarray:
        """Project an (n, 2) array of lon/lat degrees."""
        x = np.radians(coords[:, 0] - self.lon_w) * self.scale
        y = (float(self._merc(self.lat_n)) - self._merc(coords[:, 1])) * self.scale
        out = np.column_stack([x, y])
        return self.warp(out) if self.warp else out

    def project(self, geom: shapely.Geometry) -> shapely.Geometry:
        """Project a lon/lat geometry."""
        return shapely.transform(geom, self.xy)

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        """Project one lon/lat point."""
        x, y = self.xy(np.array([[lon, lat]], dtype=float))[0]
        return float(x), float(y)


def magnify(xy: np.ndarray, cx: float, cy: float, mag: float, rx: float, ry: float) -> np.ndarray:
    """A magnifying lens on projected points: centre, magnification there, x and y radius.

    Inside the ellipse points move outwards (scale 1 + (m - 1)(1 - u)^2 for normalised radius
    u), so the warp is continuous, monotone along every ray (for m < 4) and the identity
    outside.
    """
    dx, dy = xy[:, 0] - cx, xy[:, 1] - cy
    u = np.sqrt((dx / rx) ** 2 + (dy / ry) ** 2)
    f = np.where(u < 1, 1 + (mag - 1) * (1 - np.minimum(u, 1)) ** 2, 1.0)
    return np.column_stack([cx + dx * f, cy + dy * f])


# ---------------------------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------------------------


def polygons_of(geom: shapely.Geometry) -> list[Polygon]:
    """Flatten any geometry into its non-empty polygons."""
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if hasattr(geom, "geoms"):
        found: list[Polygon] = []
        for g in geom.geoms:
            found.extend(polygons_of(g))
        return found
    return []


def clean(geom: shapely.Geometry) -> shapely.Geometry:
    """Make a geometry valid and keep only its polygons."""
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    polys = polygons_of(geom)
    return MultiPolygon(polys) if len(polys) != 1 else polys[0]


def main_part(geom: shapely.Geometry) -> Polygon:
    """Largest polygon of a geometry."""
    return max(polygons_of(geom), key=lambda p: p.area)


def topo_arcs(topo: dict) -> list[np.ndarray]:
    """The arcs of a quantised TopoJSON topology, decoded to its coordinates (lon/lat)."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs: list[np.ndarray] = []
    for arc in topo["arcs"]:
        q = np.cumsum(np.asarray(arc, dtype=np.int64), axis=0)
        arcs.append(np.column_stack([q[:, 0] * sx + tx, q[:, 1] * sy + ty]))
    return arcs


def arc_ring(arcs: Sequence[np.ndarray], indexes: Sequence[int]) -> np.ndarray:
    """A TopoJSON ring's coordinates: its arcs joined (index ``~i``: arc ``i`` reversed)."""
    pieces = []
    for n, i in enumerate(indexes):
        a = arcs[i] if i >= 0 else arcs[~i][::-1]
        pieces.append(a if n == 0 else a[1:])
    return np.concatenate(pieces)


def load_topo(path: Path, obj: str = "countries") -> dict[str, list[Polygon]]:
    """Decode a world-atlas TopoJSON object into {feature name: [polygon parts]} (lon/lat).

    ``land-*.json`` features have no name: they come back under ``"land"``.
    """
    topo = json.loads(path.read_text(encoding="utf-8"))
    arcs = topo_arcs(topo)

    def polygon(rings: Sequence[Sequence[int]]) -> Polygon:
        outer = arc_ring(arcs, rings[0])
        if len(outer) < 4:  # a speck the quantisation collapsed
            return Polygon()
        holes = (arc_ring(arcs, r) for r in rings[1:])
        return Polygon(outer, [h for h in holes if len(h) >= 4])

    out: dict[str, list[Polygon]] = {}
    for name, parts in topo_features(topo, obj, polygon):
        out.setdefault(name, []).extend(parts)
    return out


def topo_features(
    topo: dict,
    obj: str,
    polygon: Callable[[Sequence[Sequence[int]]], Polygon],
) -> Iterator[tuple[str, list[Polygon]]]:
    """(name, valid polygon parts) of each (multi)polygon feature of a TopoJSON object.

    ``polygon`` builds one polygon from its rings' arc indexes; a feature without a name is
    named ``obj``.
    """
    geoms = topo["objects"][obj]
    for g in geoms.get("geometries", [geoms]):
        name = (g.get("properties") or {}).get("name", obj)
        if g["type"] == "Polygon":
            parts = [polygon(g["arcs"])]
        elif g["type"] == "MultiPolygon":
            parts = [polygon(p) for p in g["arcs"]]
        else:
            continue
        valid: list[Polygon] = []
        for p in parts:
            valid.extend(polygons_of(p if p.is_valid else shapely.make_valid(p)))
        yield name, valid


def simplify_shared(
    geoms: dict[str, shapely.Geometry], tolerance: float, min_part: float
) -> dict[str, shapely.Geometry]:
    """Douglas-Peucker along shared arcs, so neighbouring borders stay identical."""
    feats = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "id": tid,
                "properties": {"tid": tid},
                "geometry": shapely.geometry.mapping(g),
            }
            for tid, g in geoms.items()
        ],
    }
    topo = topojson.Topology(
        feats, prequantize=False, toposimplify=tolerance, prevent_oversimplify=True
    )
    gj = json.loads(topo.to_geojson())
    out: dict[str, shapely.Geometry] = {}
    for f in gj["features"]:
        tid = f["properties"]["tid"]
        polys = sorted(polygons_of(clean(shape(f["geometry"]))), key=lambda p: -p.area)
        keep = [polys[0]] + [p for p in polys[1:] if p.area >= min_part]
        out[tid] = MultiPolygon(keep) if len(keep) > 1 else keep[0]
    return {tid: out[tid] for tid in geoms}


def separate_non_neighbours(
    geoms: dict[str, shapely.Geometry],
    borders: Iterable[Sequence[str]],
    log: list[str],
    gap: float = 2.0,
) -> None:
    """Open a visible strait between territories that nearly touch but are not neighbours."""
    pairs = {tuple(sorted(p)) for p in borders}
    tids = list(geoms)
    for i, a in enumerate(tids):
        for b in tids[i + 1 :]:
            if tuple(sorted((a, b))) in pairs:
                continue
            d = geoms[a].distance(geoms[b])
            if d < gap:
                big, small = (a, b) if geoms[a].area >= geoms[b].area else (b, a)
                geoms[big] = clean(geoms[big].difference(geoms[small].buffer(gap, quad_segs=4)))
                log.append(f"opened a strait between {big} and {small} (were {d:.1f} px apart)")


def touching_pairs(
    geoms: dict[str, shapely.Geometry], within: float = 0.5
) -> list[tuple[str, str]]:
    """Pairs of territories whose shapes touch (closer than ``within`` units), sorted."""
    tids = sorted(geoms)
    out = []
    for i, a in enumerate(tids):
        for b in tids[i + 1 :]:
            if geoms[a].distance(geoms[b]) < within:
                out.append((a, b))
    return out


def adjacency_report(
    borders: Iterable[Sequence[str]], geoms: dict[str, shapely.Geometry], far: float = 6.0
) -> list[str]:
    """Board borders whose shapes are far apart, and touching pairs that are not borders."""
    lines = []
    pairs = {tuple(sorted(p)) for p in borders}
    for a, b in sorted(pairs):
        d = geoms[a].distance(geoms[b])
        if d > far:
            lines.append(f"far border: {a} - {b}: {d:.0f} px apart")
    for a, b in touching_pairs(geoms, 1.0):
        if (a, b) not in pairs:
            lines.append(f"not a border but touching: {a} - {b}")
    return lines


# ---------------------------------------------------------------------------------------------
# Labels and badges
# ---------------------------------------------------------------------------------------------


@dataclass
class Placement:
    """Where a territory's army badge and name label go (label y is the text baseline)."""

    bx: float
    by: float
    lx: float
    ly: float


# Approximate advance widths (em) of DejaVu Sans Bold, the widest of the page's fonts.
_GLYPH_EM = {
    **dict.fromkeys("abdeghnopqu", 0.70),
    **dict.fromkeys("ckvxyz", 0.65),
    "s": 0.60,
    "f": 0.44,
    "r": 0.50,
    "t": 0.48,
    **dict.fromkeys("ijl", 0.35),
    "m": 1.07,
    "w": 0.92,
    " ": 0.35,
    **dict.fromkeys("ABCDGHKNOPRUVXY", 0.82),
    **dict.fromkeys("EFLSTZ", 0.72),
    **dict.fromkeys("IJ", 0.38),
    "M": 0.99,
    "W": 1.10,
}
_PLAIN = str.maketrans("áâãàéêíóôõúçÁÂÃÉÍÓÔÚÇ", "aaaaeeiooouc" + "AAAEIOOUC")
SIDES: dict[str, float] = {"below": 0.0, "above": 150.0, "right": 200.0, "left": 200.0}


def label_width(text: str) -> float:
    """Rendered width of a label at the layout font size, with its halo."""
    em = sum(_GLYPH_EM.get(ch, 0.72) for ch in text.translate(_PLAIN))
    return em * LAYOUT_FONT + 3.0


def label_offset(text: str, side: str) -> tuple[float, float]:
    """Centre of the label box relative to the badge centre."""
    w = label_width(text)
    off = LAYOUT_R + LABEL_GAP
    return {
        "below": (0.0, off + LAYOUT_FONT / 2),
        "above": (0.0, -off - LAYOUT_FONT / 2),
        "right": (off + w / 2, 0.0),
        "left": (-off - w / 2, 0.0),
    }[side]


def footprint_samples(text: str, side: str) -> np.ndarray:
    """Offsets outlining the badge circle and the label box (relative to the badge centre)."""
    ang = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    circle = np.column_stack([np.cos(ang), np.sin(ang)]) * (LAYOUT_R + 1.0)
    ox, oy = label_offset(text, side)
    w, h = label_width(text) / 2, LAYOUT_FONT / 2
    xs = np.linspace(ox - w, ox + w, 7)
    rect = np.concatenate(
        [
            np.column_stack([xs, np.full(7, oy - h)]),
            np.column_stack([xs, np.full(7, oy + h)]),
            [[ox - w, oy], [ox + w, oy]],
        ]
    )
    return np.concatenate([circle, rect, [[0.0, 0.0]]])


def block_rects(x: float, y: float, text: str, side: str) -> tuple[Rect, Rect]:
    """Bounding boxes of the badge and of the label for a badge centre."""
    ox, oy = label_offset(text, side)
    w, h = label_width(text) / 2, LAYOUT_FONT / 2
    badge = (x - LAYOUT_R, y - LAYOUT_R, x + LAYOUT_R, y + LAYOUT_R)
    return badge, (x + ox - w, y + oy - h, x + ox + w, y + oy + h)


def overlaps(a: Rect, b: Rect, pad: float = 1.5) -> bool:
    """Whether two boxes overlap (with some padding)."""
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


@dataclass
class Candidate:
    """A possible badge position with the label on one side."""

    key: float
    x: float
    y: float
    side: str
    clearance: float


def candidates(
    geom: shapely.Geometry,
    text: str,
    width: float,
    height: float,
    reach: float = 0.0,
    min_step: float = 0.7,
) -> list[Candidate]:
    """Badge positions in or near the territory's largest part, best first.

    ``reach`` lets the search go that far outside the shape (for small islands whose label
    must sit on the sea); the badge itself always stays on the shape. The positions tried are
    a grid over the part, 50 steps across its narrower side but no finer than ``min_step``.
    """
    main = main_part(geom)
    boundary = main.boundary
    minx, miny, maxx, maxy = main.bounds
    step = max(min_step, min(maxx - minx, maxy - miny) / 50)
    gx, gy = np.meshgrid(np.arange(minx, maxx + step, step), np.arange(miny, maxy + step, step))
    cand = np.column_stack([gx.ravel(), gy.ravel()])
    cand = cand[shapely.contains_xy(main, cand[:, 0], cand[:, 1])]
    pole = polylabel(main, 0.5)
    if len(cand) == 0:
        cand = np.array([[pole.x, pole.y]])
    dist = np.hypot(cand[:, 0] - pole.x, cand[:, 1] - pole.y)
    out: list[Candidate] = []
    for side, penalty in SIDES.items():
        samples = footprint_samples(text, side)
        flat = (cand[:, None, :] + samples[None, :, :]).reshape(-1, 2)
        d = shapely.distance(shapely.points(flat), boundary)
        sign = np.where(shapely.contains_xy(main, flat[:, 0], flat[:, 1]), 1.0, -1.0)
        score = (d * sign).reshape(len(cand), -1).min(axis=1)
        xs, ys = flat[:, 0].reshape(len(cand), -1), flat[:, 1].reshape(len(cand), -1)
        in_frame = (xs.min(axis=1) > 2) & (xs.max(axis=1) < width - 2) & (ys.min(axis=1) > 2)
        in_frame &= ys.max(axis=1) < height - 2
        fit = np.minimum(score + reach, 3.0)
        key = fit * 10 + np.maximum(score - 3.0, 0) * 0.4 - dist * 0.08
        key = key - penalty - np.where(in_frame, 0.0, 1000.0)
        for i in np.argsort(-key, kind="stable")[:600]:
            out.append(
                Candidate(
                    float(key[i]), float(cand[i, 0]), float(cand[i, 1]), side, float(score[i])
                )
            )
    out.sort(key=lambda c: -c.key)
    return out


def place_labels(
    geoms: dict[str, shapely.Geometry],
    names: dict[str, str],
    links: list[Link],
    log: list[str],
    width: float,
    height: float,
    fixed: dict[str, tuple[float, float, str]] | None = None,
    reach: dict[str, float] | None = None,
    avoid: Iterable[Rect] = (),
    min_step: float = 0.7,
) -> dict[str, Placement]:
    """Badge and label positions for every territory, avoiding overlaps greedily.

    ``fixed`` pins a territory's badge (SVG units) and label side; ``avoid`` are boxes kept
    clear (e.g. a legend); ``min_step`` is the finest grid :func:`candidates` searches.
    """
    fixed = fixed or {}
    reach = reach or {}
    taken: list[tuple[str, Rect]] = [("", r) for r in avoid]
    for _, _, (x1, y1, x2, y2) in links:  # keep the dotted sea links visible
        n = max(2, int(math.hypot(x2 - x1, y2 - y1) / 4))
        for i in range(n + 1):
            x, y = x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n
            taken.append(("", (x - 1, y - 1, x + 1, y + 1)))
    out: dict[str, Placement] = {}

    def commit(tid: str, x: float, y: float, side: str) -> None:
        badge, label = block_rects(x, y, names[tid], side)
        taken.extend([(tid, badge), (tid, label)])
        ox, oy = label_offset(names[tid], side)
        out[tid] = Placement(x, y, x + ox, y + oy + LAYOUT_FONT * 0.35)

    for tid, (x, y, side) in fixed.items():
        commit(tid, x, y, side)
    order = sorted((t for t in geoms if t not in fixed), key=lambda t: main_part(geoms[t]).area)
    for tid in order:
        cands = candidates(geoms[tid], names[tid], width, height, reach.get(tid, 0.0), min_step)
        chosen = None
        for c in cands:
            badge, label = block_rects(c.x, c.y, names[tid], c.side)
            if not any(
                overlaps(r, badge, pad) or overlaps(r, label, pad)
                for t, r in taken
                for pad in (3.0 if t else 1.0,)
            ):
                chosen = c
                break
        if chosen is None:
            chosen = cands[0]
            log.append(f"label of {tid} overlaps another label or badge")
        if chosen.clearance < -2 and tid not in reach:
            log.append(
                f"label of {tid} sticks out of its territory ({chosen.clearance:.0f} px, "
                f"{chosen.side})"
            )
        commit(tid, chosen.x, chosen.y, chosen.side)
    return {tid: out[tid] for tid in geoms}


def label_overlaps(places: dict[str, Placement], names: dict[str, str]) -> list[str]:
    """Pairs whose badge or label boxes overlap (a check on the final layout)."""
    boxes = {}
    for tid, p in places.items():
        side = label_side(p, names[tid])
        boxes[tid] = block_rects(p.bx, p.by, names[tid], side)
    out = []
    tids = sorted(boxes)
    for i, a in enumerate(tids):
        for b in tids[i + 1 :]:
            pa, pb = places[a], places[b]
            badges_clear = (pa.bx - pb.bx) ** 2 + (pa.by - pb.by) ** 2 >= (2 * BADGE_R) ** 2
            pairs = [
                (boxes[a][1], boxes[b][1]),
                (boxes[a][0], boxes[b][1]),
                (boxes[a][1], boxes[b][0]),
            ]
            if not badges_clear or any(overlaps(r, s, 0.0) for r, s in pairs):
                out.append(f"{a} / {b}")
    return out


def label_side(p: Placement, text: str) -> str:
    """Which side of its badge a placed label is on: below, above, right or left."""
    dx, dy = p.lx - p.bx, p.ly - LAYOUT_FONT * 0.35 - p.by
    if abs(dx) < 0.5:
        return "below" if dy > 0 else "above"
    return "right" if dx > 0 else "left"


# ---------------------------------------------------------------------------------------------
# Sea links
# ---------------------------------------------------------------------------------------------


def sea_link_lines(
    links: Iterable[Sequence[str]],
    geoms: dict[str, shapely.Geometry],
    ends: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]],
    min_len: float = 24.0,
) -> list[Link]:
    """Segments for the dotted sea links: fixed ends (SVG units) or the nearest points."""
    lines: list[Link] = []
    for a, b in links:
        if (a, b) in ends:
            (x1, y1), (x2, y2) = ends[(a, b)]
            lines.append((a, b, (x1, y1, x2, y2)))
            continue
        ga, gb = geoms[a], geoms[b]
        pa, pb = nearest_points(ga, gb)
        lines.append((a, b, lengthen((pa.x, pa.y, pb.x, pb.y), ga, gb, min_len)))
    return lines


def lengthen(
    seg: tuple[float, float, float, float],
    ga: shapely.Geometry,
    gb: shapely.Geometry,
    min_len: float,
) -> tuple[float, float, float, float]:
    """A sea-link segment stretched about its middle to ``min_len`` if it is shorter.

    A segment of no length (shapes that touch) takes the direction from ``ga``'s centroid to
    ``gb``'s.
    """
    x1, y1, x2, y2 = seg
    length = math.hypot(x2 - x1, y2 - y1)
    if length >= min_len:
        return seg
    if length < 1e-6:
        ca, cb = ga.centroid, gb.centroid
        ux, uy = cb.x - ca.x, cb.y - ca.y
        n = math.hypot(ux, uy)
        ux, uy = ux / n, uy / n
    else:
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    h = min_len / 2
    return mx - ux * h, my - uy * h, mx + ux * h, my + uy * h


# ---------------------------------------------------------------------------------------------
# SVG output
# ---------------------------------------------------------------------------------------------


def num(tenths: int) -> str:
    """A value given in tenths of a unit, compactly (5 -> '.5', -12 -> '-1.2')."""
    sign = "-" if tenths < 0 else ""
    q, r = divmod(abs(tenths), 10)
    if r == 0:
        return f"{sign}{q}"
    return f"{sign}{q}.{r}" if q else f"{sign}.{r}"


def _last_token(s: str) -> str:
    i = len(s)
    while i > 0 and (s[i - 1].isdigit() or s[i - 1] == "."):
        i -= 1
    return s[i:]


def join_nums(values: Iterable[int]) -> str:
    """Join numbers with the fewest separators SVG path syntax allows."""
    out = ""
    for v in values:
        s = num(v)
        if out and not s.startswith("-") and not (s.startswith(".") and "." in _last_token(out)):
            out += " "
        out += s
    return out


def ring_path(coords: np.ndarray, unit: int = 10) -> str:
    """One closed subpath with relative coordinates (rounded to 1/unit)."""
    t = np.rint(np.asarray(coords)[:, :2] * unit).astype(np.int64)
    if unit != 10:
        t = t * (10 // unit)
    keep = [0]
    for i in range(1, len(t)):
        if (t[i] != t[keep[-1]]).any():
            keep.append(i)
    t = t[keep]
    if len(t) > 1 and (t[-1] == t[0]).all():
        t = t[:-1]
    if len(t) < 3:
        return ""
    d = np.diff(t, axis=0)
    return f"M{join_nums(t[0].tolist())}l{join_nums(d.ravel().tolist())}z"


def geom_path(geom: shapely.Geometry, unit: int = 10) -> str:
    """SVG path data for a (multi)polygon."""
    out = []
    for p in sorted(polygons_of(geom), key=lambda p: -p.area):
        out.append(ring_path(np.asarray(p.exterior.coords), unit))
        out.extend(ring_path(np.asarray(r.coords), unit) for r in p.interiors)
    return "".join(out)


def f1(v: float) -> str:
    """Round to one decimal, without trailing zeros."""
    return num(round(v * 10))


def render_svg(
    board: dict,
    geoms: dict[str, shapely.Geometry],
    places: dict[str, Placement],
    links: list[Link],
    width: float,
    height: float,
    comment: str,
    backdrop: shapely.Geometry | None = None,
    backdrop_fill: str = "#c9c2a8",
    font_px: float = FONT_PX,
) -> str:
    """The whole board SVG (structure in docs/maps.md); labels written ``font_px``."""
    w, h = round(width), round(height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" class="board" '
        'id="board" role="group" aria-label="Mapa">',
        f"<!-- {comment} -->",
    ]
    if backdrop is not None and not backdrop.is_empty:
        out.append(f'<g class="backdrop" aria-hidden="true" fill="{backdrop_fill}" stroke="none">')
        out.append(f'<path d="{geom_path(backdrop)}"/>')
        out.append("</g>")
    out.append('<g class="sea-links">')
    for a, b, (x1, y1, x2, y2) in links:
        out.append(
            f'<line class="sea-link" data-a="{a}" data-b="{b}" x1="{f1(x1)}" '
            f'y1="{f1(y1)}" x2="{f1(x2)}" y2="{f1(y2)}"/>'
        )
    out.append("</g>")
    out.append('<g class="territories">')
    for t in board["territories"]:
        tid = t["id"]
        out.append(
            f'<path class="territory" data-territory="{tid}" data-continent="{t["continent"]}" '
            f'aria-label={quoteattr(t["name"])} tabindex="0" d="{geom_path(geoms[tid])}"/>'
        )
    out.append("</g>")
    out.append(
        f'<g class="labels" aria-hidden="true" text-anchor="middle" font-size="{f1(font_px)}">'
    )
    for t in board["territories"]:
        p = places[t["id"]]
        out.append(
            f'<text class="t-name" data-label="{t["id"]}" x="{f1(p.lx)}" '
            f'y="{f1(p.ly)}">{escape(t["name"])}</text>'
        )
    out.append("</g>")
    out.append('<g class="badges" aria-hidden="true" text-anchor="middle">')
    for t in board["territories"]:
        p = places[t["id"]]
        out.append(
            f'<g class="badge" data-badge="{t["id"]}" transform="translate({f1(p.bx)},'
            f'{f1(p.by)})"><circle r="{f1(BADGE_R)}"/><text dy="0.35em">1</text></g>'
        )
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def tint_css(board: dict) -> str:
    """Preview CSS for a board's continent tints (``tint`` in the board JSON)."""
    return "".join(
        f'.territory[data-continent="{c["id"]}"]{{fill:{c["tint"]}}}'
        for c in board["continents"]
        if c.get("tint")
    )


def write_preview(svg: str, path: Path, extra_css: str = "", sea: str = "#1d3b57") -> None:
    """An HTML page showing the SVG with the preview styles (for a headless screenshot)."""
    css = PREVIEW_CSS.read_text(encoding="utf-8") if PREVIEW_CSS.exists() else ""
    path.write_text(
        "<!doctype html><html><head><meta charset='utf-8'><style>"
        f"html,body{{margin:0;background:{sea}}}svg{{display:block;width:100vw;height:auto}}"
        f"{css}svg.board{{background:{sea}}}{extra_css}</style></head><body>{svg}</body></html>\n",
        encoding="utf-8",
    )


# ---------------------------------------------------------------------------------------------
# Thumbnails
# ---------------------------------------------------------------------------------------------

_NUM = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


def parse_path(d: str) -> list[Polygon]:
    """Polygons of a path written by :func:`ring_path` (``M x y l dx dy ... z`` subpaths)."""
    out = []
    for sub in re.findall(r"M([^Mz]*)z", d):
        head, _, body = sub.partition("l")
        x, y = (float(v) for v in _NUM.findall(head)[:2])
        vals = [float(v) for v in _NUM.findall(body)]
        pts = [(x, y)]
        for i in range(0, len(vals) - 1, 2):
            x, y = x + vals[i], y + vals[i + 1]
            pts.append((x, y))
        if len(pts) >= 3:
            poly = Polygon(pts)
            out.extend(polygons_of(poly if poly.is_valid else shapely.make_valid(poly)))
    return out


def svg_territories(
    svg: str,
) -> tuple[tuple[float, float], dict[str, tuple[str, shapely.Geometry]]]:
    """The view box size and {territory: (continent, geometry)} of a board SVG."""
    m = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert m
    size = (float(m.group(1)), float(m.group(2)))
    out = {}
    for tid, cid, d in re.findall(
        r'<path class="territory" data-territory="([^"]+)" data-continent="([^"]+)"'
        r'[^>]* d="([^"]+)"',
        svg,
    ):
        # Outer rings and holes alike come back as polygons: a hole-free board is assumed, and
        # a symmetric difference would restore holes; boards here have none that matter.
        out[tid] = (cid, clean(unary_union(parse_path(d))))
    return size, out


def thumbnail_svg(
    svg: str,
    tints: dict[str, str],
    title: str,
    width: int = 220,
    sea: str = "#1d3b57",
    tolerance: float = 1.2,
    backdrop_fill: str | None = None,
) -> str:
    """A small decorative picture of a board: one tinted outline per continent."""
    (w, h), terr = svg_territories(svg)
    k = width / w
    height = round(h * k)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="board-thumb" role="img" aria-label={quoteattr(title)}>',
        f'<rect width="{width}" height="{height}" fill="{sea}"/>',
    ]
    if backdrop_fill:
        m = re.search(r'<g class="backdrop"[^>]*>\s*<path d="([^"]+)"', svg)
        if m:
            geom = clean(unary_union(parse_path(m.group(1))))
            geom = shapely.affinity.scale(geom, k, k, origin=(0, 0))
            geom = geom.simplify(tolerance * 0.8)
            geom = MultiPolygon([p for p in polygons_of(geom) if p.area > 1.5])
            parts.append(f'<path fill="{backdrop_fill}" d="{geom_path(geom, unit=1)}"/>')
    by_cont: dict[str, list[shapely.Geometry]] = {}
    for cid, g in terr.values():
        by_cont.setdefault(cid, []).append(g)
    for cid, gs in by_cont.items():
        geom = unary_union([g.buffer(0.6) for g in gs]).buffer(-0.6)
        geom = shapely.affinity.scale(geom, k, k, origin=(0, 0)).simplify(tolerance * 0.5)
        geom = MultiPolygon([p for p in polygons_of(geom) if p.area > 1.0])
        if geom.is_empty:
            continue
        parts.append(
            f'<path fill="{tints.get(cid, "#bbb")}" stroke="#1b2a33" '
            f'stroke-width=".5" stroke-linejoin="round" d="{geom_path(geom, unit=1)}"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------
# Generator command line
# ---------------------------------------------------------------------------------------------


def board_arg_parser(doc: str, out: Path, thumb: Path) -> argparse.ArgumentParser:
    """Command line of a board generator with a backdrop (Greece, Brasil)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--out", type=Path, default=out)
    ap.add_argument("--thumb", type=Path, default=thumb)
    ap.add_argument("--preview", type=Path, help="also write an HTML preview page here")
    ap.add_argument("--derive", action="store_true", help="print the borders the shapes imply")
    return ap


def write_board(
    args: argparse.Namespace,
    board: dict,
    svg: str,
    geoms: dict[str, shapely.Geometry],
    places: dict[str, Placement],
    log: list[str],
    width: float,
    height: float,
    backdrop_fill: str,
) -> None:
    """Write a board's SVG, thumbnail (continent tints of the board JSON) and preview (as
    :func:`board_arg_parser`'s ``args`` say), then print the log and the reports."""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(svg, encoding="utf-8")
    tints = {c["id"]: c["tint"] for c in board["continents"]}
    thumb = thumbnail_svg(svg, tints, board["name"]["pt"], backdrop_fill=backdrop_fill)
    args.thumb.parent.mkdir(parents=True, exist_ok=True)
    args.thumb.write_text(thumb, encoding="utf-8")
    if args.preview:
        write_preview(svg, args.preview, tint_css(board))
    print("\n".join(log))
    report = adjacency_report(board["borders"], geoms)
    print("\n".join(report) if report else "all borders touch or are close")
    overl = label_overlaps(places, {t["id"]: t["name"] for t in board["territories"]})
    print("label overlaps: " + (", ".join(overl) if overl else "none"))
    print(
        f"wrote {args.out} ({len(svg.encode()) / 1024:.1f} KB, {round(width)}x{round(height)});"
        f" {args.thumb} ({len(thumb.encode()) / 1024:.1f} KB)"
    )


#: The classic board's continent tints (as in classic-preview.css).
CLASSIC_TINTS = {
    "north_america": "#d9a441",
    "south_america": "#6fae4b",
    "europe": "#5b8fd1",
    "africa": "#c9774a",
    "asia": "#b3a36e",
    "oceania": "#a77bc4",
}


def main() -> int:
    """``python tools/maplib.py``: write ``pywar/variants/classic/thumb.svg`` from its ``map.svg``.

    (The other boards' thumbnails are written by their own generators.)
    """
    svg = map_path("classic").read_text(encoding="utf-8")
    thumb = thumbnail_svg(svg, CLASSIC_TINTS, "WAR Clássico: o mundo")
    out = thumb_path("classic")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(thumb, encoding="utf-8")
    print(f"wrote {out} ({len(thumb.encode()) / 1024:.1f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
