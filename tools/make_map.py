"""Build ``web/maps/classic.svg``: the classic WAR world board from Natural Earth shapes.

Build-time only. Needs ``shapely`` and ``topojson`` (``pip install -e .[map]``) and the
``world-atlas`` npm package (``cd tools/mapdata && npm ci``). Run ``python tools/make_map.py``.

Country shapes (Natural Earth 1:50m, via world-atlas) are grouped into the 42 WAR territories;
countries the board splits (USA, Canada, Russia, ...) are cut with longitude/latitude polygons.
The result is projected (cropped Mercator with gentle magnifying lenses on Europe and
Indonesia), simplified along shared borders so neighbours still meet, rounded to 0.1 units
and written as an SVG with paths, labels, army badges and dotted sea links. The output is
deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import shapely
import topojson
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box, shape
from shapely.ops import nearest_points, polylabel, unary_union

ROOT = Path(__file__).resolve().parents[1]
BOARD_JSON = ROOT / "pywar" / "boards" / "classic.json"
ATLAS_JSON = ROOT / "tools" / "mapdata" / "node_modules" / "world-atlas" / "countries-50m.json"
OUT_SVG = ROOT / "web" / "maps" / "classic.svg"

# ---------------------------------------------------------------------------------------------
# Map frame and projection
# ---------------------------------------------------------------------------------------------

WIDTH = 1100.0
LON_W, LON_E = -176.0, 196.0  # Bering Strait at both edges; Asia's far east is shifted +360
LAT_N, LAT_S = 79.0, -57.0  # crop the far Arctic and everything south of Cape Horn
MILLER_K = 1.0  # 0.8 = Miller cylindrical, 1.0 = Mercator
SIMPLIFY_PX = 0.45  # Douglas-Peucker tolerance along shared arcs, in SVG units
MIN_PART_PX2 = 6.0  # drop islands smaller than this (px^2) unless it is a territory's only part

BADGE_R = 13.0  # the circle as written in the SVG
FONT_PX = 12.0  # default label size written in the SVG (CSS may override)
# Layout room: the page's CSS enlarges labels (14 px) and badges (r 15) on tablet widths, so
# labels are placed for those sizes and stay clear at both.
LAYOUT_FONT = 14.0
LAYOUT_R = 15.0
LABEL_GAP = 2.0  # gap between badge circle and label box


def _merc_y(lat_deg: np.ndarray | float) -> np.ndarray | float:
    """Miller-family ordinate in radians (k=0.8 Miller, k=1 Mercator)."""
    phi = np.radians(lat_deg)
    return np.log(np.tan(np.pi / 4 + MILLER_K * phi / 2)) / MILLER_K


SCALE = WIDTH / math.radians(LON_E - LON_W)
Y_TOP = float(_merc_y(LAT_N))
HEIGHT = round((Y_TOP - float(_merc_y(LAT_S))) * SCALE)


def _cyl_xy(coords: np.ndarray) -> np.ndarray:
    """Plain cylindrical projection of lon/lat degrees to SVG units (no lenses)."""
    x = np.radians(coords[:, 0] - LON_W) * SCALE
    y = (Y_TOP - _merc_y(coords[:, 1])) * SCALE
    return np.column_stack([x, y])


# Magnifying lenses, like the printed board's oversized Europe: (lon, lat, magnification at
# the centre, x radius, y radius in SVG units). Inside the ellipse points move outwards
# (scale 1 + (m - 1)(1 - u)^2 for normalised radius u), so the warp is continuous, monotone
# along every ray (for m < 4) and the identity outside.
LENSES: list[tuple[float, float, float, float, float]] = [
    (14.0, 50.0, 1.8, 190.0, 160.0),  # Europe
    (114.0, -1.0, 1.6, 130.0, 110.0),  # Indonesia
]


def _lens(xy: np.ndarray) -> np.ndarray:
    """Apply the magnifying lenses to projected points."""
    for lon, lat, mag, rx, ry in LENSES:
        cx, cy = _cyl_xy(np.array([[lon, lat]], dtype=float))[0]
        dx, dy = xy[:, 0] - cx, xy[:, 1] - cy
        u = np.sqrt((dx / rx) ** 2 + (dy / ry) ** 2)
        f = np.where(u < 1, 1 + (mag - 1) * (1 - np.minimum(u, 1)) ** 2, 1.0)
        xy = np.column_stack([cx + dx * f, cy + dy * f])
    return xy


def project_xy(coords: np.ndarray) -> np.ndarray:
    """Project an (n, 2) array of lon/lat degrees to SVG units."""
    return _lens(_cyl_xy(coords))


def project(geom: shapely.Geometry) -> shapely.Geometry:
    """Project a lon/lat geometry to SVG units."""
    return shapely.transform(geom, project_xy)


def project_point(lon: float, lat: float) -> tuple[float, float]:
    """Project one lon/lat point."""
    x, y = project_xy(np.array([[lon, lat]], dtype=float))[0]
    return float(x), float(y)


# ---------------------------------------------------------------------------------------------
# Which country goes where
# ---------------------------------------------------------------------------------------------

Box = tuple[float, float, float, float]  # lon0, lat0, lon1, lat1

# Whole countries. Parts whose representative point falls outside the territory's HOME box
# (far-away islands and overseas departments) are dropped.
COUNTRIES: dict[str, list[str]] = {
    "alasca": [],
    "groenlandia": ["Greenland"],
    "mexico": [
        "Mexico", "Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica",
        "Panama", "Cuba", "Jamaica", "Haiti", "Dominican Rep.", "Puerto Rico", "Cayman Is.",
    ],
    "venezuela": [
        "Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago", "Aruba", "Curaçao",
    ],
    "peru": ["Peru", "Ecuador", "Bolivia"],
    "brasil": ["Brazil"],
    "argentina": ["Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."],
    "islandia": ["Iceland"],
    "inglaterra": ["United Kingdom", "Ireland", "Isle of Man", "Guernsey", "Jersey"],
    "suecia": ["Sweden", "Norway", "Finland", "Åland"],
    "alemanha": [
        "Germany", "Netherlands", "Belgium", "Luxembourg", "Denmark", "Switzerland",
        "Liechtenstein", "Austria", "Czechia",
    ],
    "franca": [
        "Spain", "Portugal", "Andorra", "Monaco", "Italy", "San Marino", "Vatican", "Malta",
    ],
    "polonia": [
        "Poland", "Slovakia", "Hungary", "Romania", "Bulgaria", "Moldova", "Ukraine", "Belarus",
        "Lithuania", "Latvia", "Estonia", "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia",
        "Montenegro", "Kosovo", "Macedonia", "Albania", "Greece",
    ],
    "argelia": [
        "Morocco", "W. Sahara", "Algeria", "Tunisia", "Mauritania", "Mali", "Niger", "Chad",
    ],
    "egito": ["Egypt", "Libya"],
    "sudao": [
        "Sudan", "S. Sudan", "Eritrea", "Ethiopia", "Djibouti", "Somalia", "Somaliland", "Kenya",
        "Uganda", "Tanzania", "Rwanda", "Burundi",
    ],
    "congo": [
        "Senegal", "Gambia", "Guinea-Bissau", "Guinea", "Sierra Leone", "Liberia",
        "Côte d'Ivoire", "Burkina Faso", "Ghana", "Togo", "Benin", "Nigeria", "Cameroon",
        "Central African Rep.", "Eq. Guinea", "Gabon", "Congo", "Dem. Rep. Congo",
        "São Tomé and Principe",
    ],
    "africa_do_sul": [
        "South Africa", "Namibia", "Botswana", "Zimbabwe", "Mozambique", "Zambia", "Malawi",
        "Lesotho", "eSwatini", "Angola",
    ],
    "madagascar": ["Madagascar", "Comoros"],
    "oriente_medio": [
        "Turkey", "Syria", "Lebanon", "Israel", "Palestine", "Jordan", "Iraq", "Iran",
        "Saudi Arabia", "Kuwait", "Bahrain", "Qatar", "United Arab Emirates", "Oman", "Yemen",
        "Georgia", "Armenia", "Azerbaijan", "Cyprus", "N. Cyprus",
    ],
    "aral": [
        "Uzbekistan", "Turkmenistan", "Kyrgyzstan", "Tajikistan", "Afghanistan",
    ],
    "india": ["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka",
              "Siachen Glacier"],
    "china": ["China", "Taiwan", "Hong Kong", "Macao", "North Korea", "South Korea"],
    "mongolia": ["Mongolia"],
    "japao": ["Japan"],
    "vietna": ["Vietnam", "Laos", "Cambodia", "Thailand", "Myanmar", "Singapore"],
    "sumatra": ["Timor-Leste"],
    "borneu": ["Brunei", "Philippines"],
    "nova_guine": ["Papua New Guinea", "Solomon Is."],
    "australia": ["Australia", "New Zealand"],
}


def _poly(*pts: tuple[float, float]) -> Polygon:
    """A lon/lat polygon from its corners."""
    return Polygon(pts)


# Countries the board splits: an ordered list of (territory, lon/lat polygon). The largest
# part of the country is cut by the polygons (first match wins); every other part (island)
# goes whole to the first polygon holding its representative point.
SPLITS: dict[str, list[tuple[str, Polygon]]] = {
    "United States of America": [
        ("alasca", box(-180, 50, -129, 75)),
        ("california", box(-130, 20, -100, 50)),
        ("nova_york", box(-100, 20, -60, 50)),
    ],
    "Canada": [
        ("vancouver", box(-141, 45, -110, 60)),
        # Quebec, Labrador and the Maritimes: east of the Ontario border (Ottawa River).
        ("labrador", _poly(
            (-79.52, 65), (-50, 65), (-50, 40), (-74.35, 40), (-74.35, 45.05), (-75.7, 45.45),
            (-77.0, 45.85), (-78.7, 46.3), (-79.52, 47.4),
        )),
        ("mackenzie", box(-142, 60, -55, 85)),
        ("ottawa", box(-142, 40, -50, 85)),
    ],
    "France": [
        ("franca", box(-10, 35.95, 19, 51.5)),
        ("venezuela", box(-55, 1, -51, 6.5)),  # French Guiana
    ],
    "Russia": [
        ("moscou", box(19, 40, 60, 82)),
        ("omsk", _poly((60, 40), (60, 82), (75, 82), (75, 62), (92, 55), (92, 40))),
        ("dudinka", _poly((75, 82), (112, 82), (100, 58), (100, 40), (92, 40), (92, 55), (75, 62))),
        ("tchita", _poly((100, 40), (100, 58), (106, 61), (130, 61), (130, 40))),
        ("siberia", _poly((112, 82), (142, 82), (142, 61), (106, 61), (100, 58))),
        ("vladivostok", box(100, 30, 200, 85)),
    ],
    "Kazakhstan": [
        ("omsk", box(82, 44, 90, 56)),  # the east, so Omsk meets China
        ("aral", box(40, 35, 90, 60)),
    ],
    "Malaysia": [
        ("vietna", box(98, 0, 106, 8)),
        ("borneu", box(108, 0, 121, 8)),
    ],
    "Indonesia": [
        ("sumatra", box(94, -12, 106.9, 6.5)),
        ("sumatra", box(106.9, -12, 125.9, -6.9)),  # Java and the Lesser Sunda Islands
        ("nova_guine", box(125.9, -12, 142, 3)),  # Moluccas and western New Guinea
        ("borneu", box(106.9, -6.9, 125.9, 8)),  # Kalimantan and Sulawesi
    ],
}

# Islands and exclaves of split countries that go elsewhere (checked before SPLITS).
EXCLAVES: dict[str, list[tuple[str, Box]]] = {
    "Russia": [
        ("polonia", (19.0, 54.0, 23.0, 55.5)),  # Kaliningrad
        ("polonia", (32.0, 44.0, 37.0, 46.3)),  # Crimea (Natural Earth draws it as Russian)
    ],
}

# Generous lon/lat boxes: parts assigned to a territory whose representative point lies
# outside are dropped (Hawaii, the Canaries, Azores, Svalbard, Galapagos, ...).
HOME: dict[str, Box] = {
    "alasca": (-169.0, 51.0, -129.0, 72.0),
    "mackenzie": (-142.0, 60.0, -60.0, 84.0),
    "groenlandia": (-75.0, 58.0, -10.0, 84.0),
    "vancouver": (-141.0, 45.0, -110.0, 60.0),
    "ottawa": (-120.0, 40.0, -74.0, 60.0),
    "labrador": (-80.0, 43.0, -52.0, 64.0),
    "california": (-126.0, 24.0, -100.0, 50.0),
    "nova_york": (-100.0, 24.0, -66.0, 50.0),
    "mexico": (-118.0, 5.0, -64.0, 33.0),
    "venezuela": (-82.0, -5.0, -50.0, 13.5),
    "peru": (-82.0, -23.0, -57.0, 2.0),
    "brasil": (-75.0, -34.0, -28.0, 6.0),
    "argentina": (-76.0, -57.0, -53.0, -17.0),
    "islandia": (-25.0, 62.0, -12.0, 67.5),
    "inglaterra": (-11.0, 49.0, 2.0, 61.0),
    "suecia": (4.0, 54.0, 32.0, 72.0),
    "moscou": (19.0, 40.0, 60.0, 78.0),
    "alemanha": (2.0, 45.0, 19.0, 58.0),
    "polonia": (13.0, 34.5, 41.0, 60.0),
    "franca": (-10.0, 35.95, 19.0, 51.5),
    "argelia": (-18.0, 7.0, 24.5, 38.0),
    "egito": (9.0, 19.0, 37.0, 34.0),
    "sudao": (28.0, -12.0, 55.0, 23.0),
    "congo": (-18.0, -14.0, 32.0, 17.0),
    "africa_do_sul": (11.0, -35.0, 41.0, -4.3),
    "madagascar": (42.0, -26.5, 51.0, -11.0),
    "oriente_medio": (25.0, 11.0, 64.0, 43.5),
    "aral": (46.0, 29.0, 88.0, 56.0),
    "omsk": (60.0, 44.0, 92.0, 80.0),
    "dudinka": (75.0, 45.0, 113.0, 80.0),
    "siberia": (105.0, 55.0, 150.0, 80.0),
    "tchita": (99.0, 45.0, 131.0, 62.0),
    "mongolia": (87.0, 41.0, 120.0, 53.0),
    "vladivostok": (126.0, 40.0, 196.0, 80.0),
    "china": (73.0, 17.0, 135.0, 54.0),
    "india": (60.0, 5.5, 98.0, 37.5),
    "japao": (128.0, 30.0, 146.0, 46.0),
    "vietna": (92.0, 0.5, 110.0, 28.6),
    "sumatra": (94.0, -12.0, 127.5, 6.5),
    "borneu": (106.0, -7.0, 127.5, 21.0),
    "nova_guine": (125.9, -12.0, 162.0, 3.0),
    "australia": (112.0, -48.0, 179.9, -9.0),
}

# Parts dropped whatever their country (representative point inside the box).
DROP: list[tuple[str, Box]] = [
    ("Andaman and Nicobar Islands", (91.5, 6.0, 94.5, 14.5)),
]

# Countries whose parts west of the date line are moved +360 degrees (to the east edge).
WRAP_EAST = {"Russia"}


# ---------------------------------------------------------------------------------------------
# TopoJSON decoding
# ---------------------------------------------------------------------------------------------


def load_countries(path: Path) -> dict[str, list[Polygon]]:
    """Decode world-atlas TopoJSON into {country name: [polygon parts]} in lon/lat."""
    topo = json.loads(path.read_text(encoding="utf-8"))
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs: list[np.ndarray] = []
    for arc in topo["arcs"]:
        q = np.cumsum(np.asarray(arc, dtype=np.int64), axis=0)
        arcs.append(np.column_stack([q[:, 0] * sx + tx, q[:, 1] * sy + ty]))

    def ring(indexes: Sequence[int]) -> np.ndarray:
        pieces: list[np.ndarray] = []
        for n, i in enumerate(indexes):
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pieces.append(a if n == 0 else a[1:])
        xy = np.concatenate(pieces)
        # rings crossing the date line jump by ~360 degrees: make them continuous
        xy[:, 0] = np.unwrap(xy[:, 0], discont=180.0, period=360.0)
        return xy

    def polygon(rings: Sequence[Sequence[int]]) -> Polygon:
        outer = ring(rings[0])
        holes = [ring(r) for r in rings[1:]]
        shift = 360.0 if outer[:, 0].min() < -180 else -360.0 if outer[:, 0].min() >= 180 else 0
        if shift:
            outer[:, 0] += shift
            for h in holes:
                h[:, 0] += shift
        return Polygon(outer, holes)

    out: dict[str, list[Polygon]] = {}
    for g in topo["objects"]["countries"]["geometries"]:
        name = g["properties"]["name"]
        if g["type"] == "Polygon":
            parts = [polygon(g["arcs"])]
        elif g["type"] == "MultiPolygon":
            parts = [polygon(p) for p in g["arcs"]]
        else:
            continue
        fixed: list[Polygon] = []
        for p in parts:
            fixed.extend(polygons_of(p if p.is_valid else shapely.make_valid(p)))
        out[name] = fixed
    return out


def polygons_of(geom: shapely.Geometry) -> list[Polygon]:
    """Flatten any geometry into its non-empty polygons."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if hasattr(geom, "geoms"):
        found: list[Polygon] = []
        for g in geom.geoms:
            found.extend(polygons_of(g))
        return found
    return []


# ---------------------------------------------------------------------------------------------
# Building the territories
# ---------------------------------------------------------------------------------------------


def in_box(pt: Point, b: Box) -> bool:
    """Whether a lon/lat point lies inside a box."""
    return b[0] <= pt.x <= b[2] and b[1] <= pt.y <= b[3]


def shift_lon(geom: Polygon, dlon: float) -> Polygon:
    """Move a polygon east by dlon degrees."""
    return shapely.transform(geom, lambda c: c + np.array([dlon, 0.0]))


def build_territories(
    countries: dict[str, list[Polygon]], tids: Sequence[str], log: list[str]
) -> dict[str, list[Polygon]]:
    """Group country parts into territories (lon/lat polygons, unprojected)."""
    parts: dict[str, list[Polygon]] = {t: [] for t in tids}
    owner: dict[str, str] = {}
    for tid, names in COUNTRIES.items():
        for name in names:
            owner[name] = tid

    def place(tid: str, geom: Polygon, country: str) -> None:
        rp = geom.representative_point()
        for why, b in DROP:
            if in_box(rp, b):
                log.append(f"dropped {country} part at {rp.x:.1f},{rp.y:.1f} ({why})")
                return
        if not in_box(rp, HOME[tid]):
            if geom.area > 0.5:
                log.append(
                    f"dropped {country} part at {rp.x:.1f},{rp.y:.1f} "
                    f"(outside {tid}, {geom.area:.1f} sq deg)"
                )
            return
        parts[tid].append(geom)

    unused = []
    for name in sorted(countries):
        polys = countries[name]
        if name in WRAP_EAST:
            polys = [shift_lon(p, 360.0) if p.bounds[2] < -100 else p for p in polys]
        if name in owner:
            for p in polys:
                place(owner[name], p, name)
        elif name in SPLITS:
            regions = SPLITS[name]
            polys = sorted(polys, key=lambda p: -p.area)
            rest: shapely.Geometry = polys[0]
            for tid, region in regions:
                cut = rest.intersection(region)
                rest = rest.difference(region)
                for p in polygons_of(cut):
                    place(tid, p, name)
            if rest.area > 0.01:
                log.append(f"unassigned mainland of {name}: {rest.area:.2f} sq deg")
            for p in polys[1:]:
                rp = p.representative_point()
                dest = [t for t, b in EXCLAVES.get(name, []) if in_box(rp, b)]
                dest += [t for t, region in regions if region.contains(rp)]
                if dest:
                    place(dest[0], p, name)
                elif p.area > 0.5:
                    log.append(f"dropped {name} part at {rp.x:.1f},{rp.y:.1f} (no region)")
        else:
            unused.append(name)
    log.append("countries left off the board: " + ", ".join(unused))
    return parts


def clean(geom: shapely.Geometry) -> shapely.Geometry:
    """Make a geometry valid and keep only its polygons."""
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    polys = polygons_of(geom)
    return MultiPolygon(polys) if len(polys) != 1 else polys[0]


def project_territories(parts: dict[str, list[Polygon]]) -> dict[str, shapely.Geometry]:
    """Union, crop, project and de-speckle each territory; result in SVG units."""
    frame = box(LON_W, LAT_S, LON_E, LAT_N)
    out: dict[str, shapely.Geometry] = {}
    for tid, polys in parts.items():
        geom = unary_union(polys).intersection(frame)
        geom = project(shapely.segmentize(geom, 0.25))
        geom = shapely.set_precision(geom, 0.01)
        polys2 = sorted(polygons_of(geom), key=lambda p: -p.area)
        if not polys2:
            raise SystemExit(f"territory {tid} is empty")
        keep = [polys2[0]] + [p for p in polys2[1:] if p.area >= MIN_PART_PX2]
        out[tid] = clean(MultiPolygon(keep))
    return out


def simplify_shared(geoms: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """Douglas-Peucker simplify along shared arcs so neighbouring borders stay identical."""
    feats = {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "id": tid, "properties": {"tid": tid},
             "geometry": shapely.geometry.mapping(g)}
            for tid, g in geoms.items()
        ],
    }
    topo = topojson.Topology(
        feats, prequantize=False, toposimplify=SIMPLIFY_PX, prevent_oversimplify=True
    )
    gj = json.loads(topo.to_geojson())
    out: dict[str, shapely.Geometry] = {}
    for f in gj["features"]:
        tid = f["properties"]["tid"]
        g = clean(shape(f["geometry"]))
        polys = sorted(polygons_of(g), key=lambda p: -p.area)
        keep = [polys[0]] + [p for p in polys[1:] if p.area >= MIN_PART_PX2]
        out[tid] = MultiPolygon(keep) if len(keep) > 1 else keep[0]
    return {tid: out[tid] for tid in geoms}


MIN_GAP_PX = 2.0


def separate_non_neighbours(
    geoms: dict[str, shapely.Geometry], board: dict, log: list[str]
) -> None:
    """Open a visible strait between territories that nearly touch but are not neighbours."""
    pairs = {tuple(sorted(p)) for p in board["borders"]}
    tids = list(geoms)
    for i, a in enumerate(tids):
        for b in tids[i + 1:]:
            if tuple(sorted((a, b))) in pairs:
                continue
            d = geoms[a].distance(geoms[b])
            if d < MIN_GAP_PX:
                big, small = (a, b) if geoms[a].area >= geoms[b].area else (b, a)
                cut = geoms[small].buffer(MIN_GAP_PX, quad_segs=4)
                geoms[big] = clean(geoms[big].difference(cut))
                log.append(f"opened a strait between {big} and {small} (were {d:.1f} px apart)")


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
    **dict.fromkeys("abdeghnopqu", 0.70), **dict.fromkeys("ckvxyz", 0.65), "s": 0.60,
    "f": 0.44, "r": 0.50, "t": 0.48, **dict.fromkeys("ijl", 0.35), "m": 1.07, "w": 0.92,
    " ": 0.35, **dict.fromkeys("ABCDGHKNOPRUVXY", 0.82), **dict.fromkeys("EFLSTZ", 0.72),
    **dict.fromkeys("IJ", 0.38), "M": 0.99, "W": 1.10,
}
_PLAIN = str.maketrans("áâãàéêíóôõúçÁÂÃÉÍÓÔÚÇ", "aaaaeeiooouc" + "AAAEIOOUC")


def label_width(text: str) -> float:
    """Rendered width of a label at the layout font size, with its halo."""
    em = sum(_GLYPH_EM.get(ch, 0.72) for ch in text.translate(_PLAIN))
    return em * LAYOUT_FONT + 3.0


# Where the label goes relative to the badge, in order of preference (penalty in score units).
SIDES: dict[str, float] = {"below": 0.0, "above": 150.0, "right": 200.0, "left": 200.0}

# Manual placements for crowded spots: territory -> (lon, lat of the badge, side of label).
FIXED: dict[str, tuple[float, float, str]] = {
    "madagascar": (46.8, -19.3, "right"),
    "egito": (26.5, 28.0, "below"),
    "africa_do_sul": (24.5, -16.5, "below"),
}

Rect = tuple[float, float, float, float]


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
    """Offsets (relative to the badge centre) outlining the badge circle and the label box."""
    ang = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    circle = np.column_stack([np.cos(ang), np.sin(ang)]) * (LAYOUT_R + 1.0)
    ox, oy = label_offset(text, side)
    w, h = label_width(text) / 2, LAYOUT_FONT / 2
    xs = np.linspace(ox - w, ox + w, 7)
    rect = np.concatenate([
        np.column_stack([xs, np.full(7, oy - h)]),
        np.column_stack([xs, np.full(7, oy + h)]),
        [[ox - w, oy], [ox + w, oy]],
    ])
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


def candidates(geom: shapely.Geometry, text: str) -> list[Candidate]:
    """Badge positions inside the territory's largest part, best first."""
    main = main_part(geom)
    boundary = main.boundary
    minx, miny, maxx, maxy = main.bounds
    step = max(1.0, min(maxx - minx, maxy - miny) / 50)
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
        in_frame = (xs.min(axis=1) > 2) & (xs.max(axis=1) < WIDTH - 2) & (ys.min(axis=1) > 2)
        in_frame &= ys.max(axis=1) < HEIGHT - 2
        # fit inside first; then stay near the pole of inaccessibility
        key = np.minimum(score, 3.0) * 10 + np.maximum(score - 3.0, 0) * 0.4 - dist * 0.08
        key = key - penalty - np.where(in_frame, 0.0, 1000.0)
        for i in np.argsort(-key, kind="stable")[:600]:
            out.append(Candidate(float(key[i]), float(cand[i, 0]), float(cand[i, 1]), side,
                                 float(score[i])))
    out.sort(key=lambda c: -c.key)
    return out


def place_labels(
    geoms: dict[str, shapely.Geometry],
    names: dict[str, str],
    links: list[tuple[str, str, tuple[float, float, float, float]]],
    log: list[str],
) -> dict[str, Placement]:
    """Badge and label positions for every territory, avoiding overlaps greedily."""
    taken: list[tuple[str, Rect]] = []
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

    for tid, (lon, lat, side) in FIXED.items():
        x, y = project_point(lon, lat)
        commit(tid, x, y, side)
    # the tightest territories choose first
    order = sorted((t for t in geoms if t not in FIXED), key=lambda t: main_part(geoms[t]).area)
    for tid in order:
        cands = candidates(geoms[tid], names[tid])
        chosen = None
        for c in cands:
            badge, label = block_rects(c.x, c.y, names[tid], c.side)
            if not any(overlaps(r, badge, pad) or overlaps(r, label, pad)
                       for t, r in taken for pad in (3.0 if t else 1.0,)):
                chosen = c
                break
        if chosen is None:
            chosen = cands[0]
            log.append(f"label of {tid} overlaps another label or badge")
        if chosen.clearance < -2:
            log.append(f"label of {tid} sticks out of its territory ({chosen.clearance:.0f} px, "
                       f"{chosen.side})")
        commit(tid, chosen.x, chosen.y, chosen.side)
    return {tid: out[tid] for tid in geoms}


# ---------------------------------------------------------------------------------------------
# Sea links
# ---------------------------------------------------------------------------------------------

# Optional fixed ends (lon/lat) for sea links, keyed by the pair as written in the board JSON.
SEA_ENDS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {
    ("india", "sumatra"): ((81.0, 15.0), (95.0, 5.8)),  # across the Bay of Bengal
    ("vietna", "borneu"): ((107.5, 11.0), (110.0, 2.5)),  # across the South China Sea
    ("franca", "argelia"): ((0.5, 39.3), (3.0, 36.9)),  # Valencia to Algiers
    ("franca", "egito"): ((16.2, 38.3), (20.0, 32.3)),  # Calabria to Cyrenaica
    ("polonia", "egito"): ((26.0, 35.1), (28.5, 31.2)),  # Crete to the Egyptian coast
}
MIN_LINK_PX = 30.0
WRAP_LAT = 65.8  # latitude of the two Bering Strait stubs


def main_part(geom: shapely.Geometry) -> Polygon:
    """Largest polygon of a territory."""
    return max(polygons_of(geom), key=lambda p: p.area)


def sea_link_lines(
    links: Iterable[Sequence[str]], geoms: dict[str, shapely.Geometry]
) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """Line segments for the dotted sea links (two edge stubs for the wrap-around one)."""
    lines: list[tuple[str, str, tuple[float, float, float, float]]] = []
    for a, b in links:
        if (a, b) in SEA_ENDS:
            (lo1, la1), (lo2, la2) = SEA_ENDS[(a, b)]
            x1, y1 = project_point(lo1, la1)
            x2, y2 = project_point(lo2, la2)
            lines.append((a, b, (x1, y1, x2, y2)))
            continue
        ga, gb = geoms[a], geoms[b]
        ca, cb = ga.centroid, gb.centroid
        if abs(ca.x - cb.x) > WIDTH / 2:  # wraps around the world
            west, east = (a, b) if ca.x < cb.x else (b, a)
            _, y = project_point(0.0, WRAP_LAT)
            row = LineString([(-10, y), (WIDTH + 10, y)])
            wx = min(c[0] for c in line_coords(row.intersection(geoms[west])))
            ex = max(c[0] for c in line_coords(row.intersection(geoms[east])))
            lines.append((a, b, (wx - 3, y, 0.0, y)))
            lines.append((a, b, (ex + 3, y, WIDTH, y)))
            continue
        pa, pb = nearest_points(main_part(ga), main_part(gb))
        x1, y1, x2, y2 = pa.x, pa.y, pb.x, pb.y
        length = math.hypot(x2 - x1, y2 - y1)
        if length < MIN_LINK_PX:
            if length < 1e-6:
                ux, uy = cb.x - ca.x, cb.y - ca.y
                n = math.hypot(ux, uy)
                ux, uy = ux / n, uy / n
            else:
                ux, uy = (x2 - x1) / length, (y2 - y1) / length
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            h = MIN_LINK_PX / 2
            x1, y1, x2, y2 = mx - ux * h, my - uy * h, mx + ux * h, my + uy * h
        lines.append((a, b, (x1, y1, x2, y2)))
    return lines


def line_coords(geom: shapely.Geometry) -> list[tuple[float, float]]:
    """All coordinates of a (multi)line geometry."""
    return [tuple(c) for c in shapely.get_coordinates(geom)]


# ---------------------------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------------------------

FAR_PX = 6.0


def adjacency_report(board: dict, geoms: dict[str, shapely.Geometry]) -> list[str]:
    """Borders in the board JSON whose shapes are far apart, and touching non-borders."""
    lines: list[str] = []
    pairs = {tuple(sorted(p)) for p in board["borders"]}
    for a, b in sorted(pairs):
        d = geoms[a].distance(geoms[b])
        if d > FAR_PX:
            lines.append(f"far border: {a} - {b}: {d:.0f} px apart")
    tids = [t["id"] for t in board["territories"]]
    for i, a in enumerate(tids):
        for b in tids[i + 1:]:
            if tuple(sorted((a, b))) in pairs:
                continue
            d = geoms[a].distance(geoms[b])
            if d < 1.0:
                lines.append(f"not a border but touching: {a} - {b} ({d:.1f} px)")
    return lines


# ---------------------------------------------------------------------------------------------
# SVG output
# ---------------------------------------------------------------------------------------------


def num(tenths: int) -> str:
    """Format a value given in tenths of a unit, compactly (e.g. 5 -> '.5', -12 -> '-1.2')."""
    sign = "-" if tenths < 0 else ""
    q, r = divmod(abs(tenths), 10)
    if r == 0:
        return f"{sign}{q}"
    return f"{sign}{q}.{r}" if q else f"{sign}.{r}"


def join_nums(values: Iterable[int]) -> str:
    """Join numbers with the fewest separators SVG path syntax allows."""
    out = ""
    for v in values:
        s = num(v)
        if out and not s.startswith("-") and not (s.startswith(".") and "." in out_last(out)):
            out += " "
        out += s
    return out


def out_last(s: str) -> str:
    """Last number token of a path string."""
    i = len(s)
    while i > 0 and (s[i - 1].isdigit() or s[i - 1] == "."):
        i -= 1
    return s[i:]


def ring_path(coords: np.ndarray) -> str:
    """One closed subpath with relative coordinates (exact, from rounded absolutes)."""
    t = np.rint(np.asarray(coords)[:, :2] * 10).astype(np.int64)
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
    head = f"M{join_nums(t[0].tolist())}"
    body = join_nums(d.ravel().tolist())
    return f"{head}l{body}z"


def geom_path(geom: shapely.Geometry) -> str:
    """SVG path data for a (multi)polygon."""
    out = []
    for p in sorted(polygons_of(geom), key=lambda p: -p.area):
        out.append(ring_path(np.asarray(p.exterior.coords)))
        out.extend(ring_path(np.asarray(r.coords)) for r in p.interiors)
    return "".join(out)


def f1(v: float) -> str:
    """Round to one decimal, without trailing zeros."""
    return num(round(v * 10))


def render_svg(
    board: dict,
    geoms: dict[str, shapely.Geometry],
    places: dict[str, Placement],
    links: list[tuple[str, str, tuple[float, float, float, float]]],
) -> str:
    """The whole SVG document."""
    w, h = round(WIDTH), HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" class="board" '
        'id="board" role="group" aria-label="Mapa">',
        "<!-- Generated by tools/make_map.py from Natural Earth (public domain) via "
        "world-atlas (ISC). Do not edit by hand. -->",
        '<g class="sea-links">',
    ]
    for a, b, (x1, y1, x2, y2) in links:
        out.append(
            f'<line class="sea-link" data-a="{a}" data-b="{b}" x1="{f1(x1)}" y1="{f1(y1)}" '
            f'x2="{f1(x2)}" y2="{f1(y2)}"/>'
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
    out.append(f'<g class="labels" aria-hidden="true" text-anchor="middle" '
               f'font-size="{f1(FONT_PX)}">')
    for t in board["territories"]:
        p = places[t["id"]]
        out.append(
            f'<text class="t-name" data-label="{t["id"]}" x="{f1(p.lx)}" y="{f1(p.ly)}">'
            f"{escape(t['name'])}</text>"
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


PREVIEW_CSS = ROOT / "web" / "maps" / "classic-preview.css"


def write_preview(svg: str, path: Path) -> None:
    """An HTML page showing the SVG with the preview styles (for a headless screenshot)."""
    css = PREVIEW_CSS.read_text(encoding="utf-8") if PREVIEW_CSS.exists() else ""
    path.write_text(
        "<!doctype html><html><head><meta charset='utf-8'><style>"
        "html,body{margin:0;background:#1d3b57}svg{display:block;width:100vw;height:auto}"
        f"{css}</style></head><body>{svg}</body></html>\n",
        encoding="utf-8",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Generate the SVG and print the reports."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT_SVG)
    ap.add_argument("--atlas", type=Path, default=ATLAS_JSON)
    ap.add_argument("--preview", type=Path, help="also write an HTML preview page here")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the data log too")
    args = ap.parse_args(argv)
    if not args.atlas.exists():
        print(f"missing {args.atlas}: run `npm ci` in tools/mapdata", file=sys.stderr)
        return 1
    board = json.loads(BOARD_JSON.read_text(encoding="utf-8"))
    tids = [t["id"] for t in board["territories"]]
    names = {t["id"]: t["name"] for t in board["territories"]}
    log: list[str] = []
    countries = load_countries(args.atlas)
    wanted = {n for ns in COUNTRIES.values() for n in ns} | set(SPLITS)
    missing = sorted(wanted - set(countries))
    if missing:
        print("unknown country names: " + ", ".join(missing), file=sys.stderr)
        return 1
    parts = build_territories(countries, tids, log)
    geoms = simplify_shared(project_territories(parts))
    separate_non_neighbours(geoms, board, log)
    links = sea_link_lines(board["sea_links"], geoms)
    places = place_labels(geoms, names, links, log)
    svg = render_svg(board, geoms, places, links)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(svg, encoding="utf-8")
    if args.preview:
        write_preview(svg, args.preview)
    if args.verbose:
        print("\n".join(log))
    else:
        print("\n".join(line for line in log if not line.startswith("dropped")))
    report = adjacency_report(board, geoms)
    print("\n".join(report) if report else "all borders touch or are close")
    print(f"wrote {args.out} ({len(svg.encode('utf-8')) / 1024:.1f} KB, "
          f"{round(WIDTH)}x{HEIGHT})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
