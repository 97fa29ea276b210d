"""Build ``pywar/variants/classic/map.svg``: the classic WAR world board from Natural Earth shapes.

Build-time only. Needs ``shapely`` and ``topojson`` (``pip install -e .[map]``) and the
``world-atlas`` npm package (``cd tools/mapdata && npm ci``). Run ``python tools/make_map.py``.

Country shapes (Natural Earth 1:50m, via world-atlas) are grouped into the 42 WAR territories;
countries the board splits (USA, Canada, Russia, ...) are cut with longitude/latitude polygons.
The result is projected (cropped Mercator with gentle magnifying lenses on Europe and
Indonesia), simplified along shared borders so neighbours still meet, rounded to 0.1 units
and written as an SVG with paths, labels, army badges and dotted sea links. The output is
deterministic. The generic steps (simplification along shared borders, straits, labels, the
SVG writer) come from ``tools/maplib.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import maplib
import numpy as np
import shapely
from maplib import clean, main_part, polygons_of
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, unary_union

ROOT = Path(__file__).resolve().parents[1]
BOARD_JSON = ROOT / "pywar" / "variants" / "classic" / "board.json"
ATLAS_JSON = ROOT / "tools" / "mapdata" / "node_modules" / "world-atlas" / "countries-50m.json"
OUT_SVG = ROOT / "pywar" / "variants" / "classic" / "map.svg"

# ---------------------------------------------------------------------------------------------
# Map frame and projection
# ---------------------------------------------------------------------------------------------

WIDTH = 1100.0
LON_W, LON_E = -176.0, 196.0  # Bering Strait at both edges; Asia's far east is shifted +360
LAT_N, LAT_S = 79.0, -57.0  # crop the far Arctic and everything south of Cape Horn
MILLER_K = 1.0  # 0.8 = Miller cylindrical, 1.0 = Mercator
SIMPLIFY_PX = 0.45  # Douglas-Peucker tolerance along shared arcs, in SVG units
MIN_PART_PX2 = 6.0  # drop islands smaller than this (px^2) unless it is a territory's only part

FONT_PX = 12.0  # default label size written in the SVG (CSS may override)
# Labels are laid out (in maplib) for the page's tablet sizes, 14 px labels and r 15 badges,
# so they stay clear at both. The grid of badge positions tried is no finer than this:
MIN_STEP_PX = 1.0


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


# Magnifying lenses (maplib.magnify), like the printed board's oversized Europe: (lon, lat,
# magnification at the centre, x radius, y radius in SVG units).
LENSES: list[tuple[float, float, float, float, float]] = [
    (14.0, 50.0, 1.8, 190.0, 160.0),  # Europe
    (114.0, -1.0, 1.6, 130.0, 110.0),  # Indonesia
]


def _lens(xy: np.ndarray) -> np.ndarray:
    """Apply the magnifying lenses to projected points."""
    for lon, lat, mag, rx, ry in LENSES:
        cx, cy = _cyl_xy(np.array([[lon, lat]], dtype=float))[0]
        xy = maplib.magnify(xy, cx, cy, mag, rx, ry)
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
        "Mexico",
        "Guatemala",
        "Belize",
        "Honduras",
        "El Salvador",
        "Nicaragua",
        "Costa Rica",
        "Panama",
        "Cuba",
        "Jamaica",
        "Haiti",
        "Dominican Rep.",
        "Puerto Rico",
        "Cayman Is.",
    ],
    "venezuela": [
        "Venezuela",
        "Colombia",
        "Guyana",
        "Suriname",
        "Trinidad and Tobago",
        "Aruba",
        "Curaçao",
    ],
    "peru": ["Peru", "Ecuador", "Bolivia"],
    "brasil": ["Brazil"],
    "argentina": ["Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."],
    "islandia": ["Iceland"],
    "inglaterra": ["United Kingdom", "Ireland", "Isle of Man", "Guernsey", "Jersey"],
    "suecia": ["Sweden", "Norway", "Finland", "Åland"],
    "alemanha": [
        "Germany",
        "Netherlands",
        "Belgium",
        "Luxembourg",
        "Denmark",
        "Switzerland",
        "Liechtenstein",
        "Austria",
        "Czechia",
    ],
    "franca": [
        "Spain",
        "Portugal",
        "Andorra",
        "Monaco",
        "Italy",
        "San Marino",
        "Vatican",
        "Malta",
    ],
    "polonia": [
        "Poland",
        "Slovakia",
        "Hungary",
        "Romania",
        "Bulgaria",
        "Moldova",
        "Ukraine",
        "Belarus",
        "Lithuania",
        "Latvia",
        "Estonia",
        "Slovenia",
        "Croatia",
        "Bosnia and Herz.",
        "Serbia",
        "Montenegro",
        "Kosovo",
        "Macedonia",
        "Albania",
        "Greece",
    ],
    "argelia": [
        "Morocco",
        "W. Sahara",
        "Algeria",
        "Tunisia",
        "Mauritania",
        "Mali",
        "Niger",
        "Chad",
    ],
    "egito": ["Egypt", "Libya"],
    "sudao": [
        "Sudan",
        "S. Sudan",
        "Eritrea",
        "Ethiopia",
        "Djibouti",
        "Somalia",
        "Somaliland",
        "Kenya",
        "Uganda",
        "Tanzania",
        "Rwanda",
        "Burundi",
    ],
    "congo": [
        "Senegal",
        "Gambia",
        "Guinea-Bissau",
        "Guinea",
        "Sierra Leone",
        "Liberia",
        "Côte d'Ivoire",
        "Burkina Faso",
        "Ghana",
        "Togo",
        "Benin",
        "Nigeria",
        "Cameroon",
        "Central African Rep.",
        "Eq. Guinea",
        "Gabon",
        "Congo",
        "Dem. Rep. Congo",
        "São Tomé and Principe",
    ],
    "africa_do_sul": [
        "South Africa",
        "Namibia",
        "Botswana",
        "Zimbabwe",
        "Mozambique",
        "Zambia",
        "Malawi",
        "Lesotho",
        "eSwatini",
        "Angola",
    ],
    "madagascar": ["Madagascar", "Comoros"],
    "oriente_medio": [
        "Turkey",
        "Syria",
        "Lebanon",
        "Israel",
        "Palestine",
        "Jordan",
        "Iraq",
        "Iran",
        "Saudi Arabia",
        "Kuwait",
        "Bahrain",
        "Qatar",
        "United Arab Emirates",
        "Oman",
        "Yemen",
        "Georgia",
        "Armenia",
        "Azerbaijan",
        "Cyprus",
        "N. Cyprus",
    ],
    "aral": [
        "Uzbekistan",
        "Turkmenistan",
        "Kyrgyzstan",
        "Tajikistan",
        "Afghanistan",
    ],
    "india": ["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka", "Siachen Glacier"],
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
        (
            "labrador",
            _poly(
                (-79.52, 65),
                (-50, 65),
                (-50, 40),
                (-74.35, 40),
                (-74.35, 45.05),
                (-75.7, 45.45),
                (-77.0, 45.85),
                (-78.7, 46.3),
                (-79.52, 47.4),
            ),
        ),
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
    arcs = maplib.topo_arcs(topo)

    def ring(indexes: Sequence[int]) -> np.ndarray:
        xy = maplib.arc_ring(arcs, indexes)
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

    return dict(maplib.topo_features(topo, "countries", polygon))


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


def unknown_countries(countries: dict[str, list[Polygon]]) -> list[str]:
    """Names in the country tables (COUNTRIES, SPLITS) that the atlas does not have."""
    wanted = {n for ns in COUNTRIES.values() for n in ns} | set(SPLITS)
    return sorted(wanted - set(countries))


def world_geoms(
    countries: dict[str, list[Polygon]], board: dict, log: list[str]
) -> tuple[dict[str, shapely.Geometry], list[maplib.Link]]:
    """A world board's territory shapes (SVG units) and sea-link segments.

    Uses this module's tables as they are at the call (make_map_war2.py swaps them).
    """
    parts = build_territories(countries, [t["id"] for t in board["territories"]], log)
    geoms = maplib.simplify_shared(project_territories(parts), SIMPLIFY_PX, MIN_PART_PX2)
    maplib.separate_non_neighbours(geoms, board["borders"], log)
    return geoms, sea_link_lines(board["sea_links"], geoms)


# ---------------------------------------------------------------------------------------------
# Labels and badges
# ---------------------------------------------------------------------------------------------


# Manual placements for crowded spots: territory -> (lon, lat of the badge, side of label).
FIXED: dict[str, tuple[float, float, str]] = {
    "madagascar": (46.8, -19.3, "right"),
    "egito": (26.5, 28.0, "below"),
    "africa_do_sul": (24.5, -16.5, "below"),
}


def fixed_places() -> dict[str, tuple[float, float, str]]:
    """FIXED with the badges projected to SVG units (``fixed`` of maplib.place_labels)."""
    return {t: (*project_point(lon, lat), side) for t, (lon, lat, side) in FIXED.items()}


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


def sea_link_lines(
    links: Iterable[Sequence[str]], geoms: dict[str, shapely.Geometry]
) -> list[maplib.Link]:
    """Line segments for the dotted sea links (two edge stubs for the wrap-around one)."""
    lines: list[maplib.Link] = []
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
        lines.append((a, b, maplib.lengthen((pa.x, pa.y, pb.x, pb.y), ga, gb, MIN_LINK_PX)))
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
        for b in tids[i + 1 :]:
            if tuple(sorted((a, b))) in pairs:
                continue
            d = geoms[a].distance(geoms[b])
            if d < 1.0:
                lines.append(f"not a border but touching: {a} - {b} ({d:.1f} px)")
    return lines


# ---------------------------------------------------------------------------------------------
# Preview
# ---------------------------------------------------------------------------------------------


def write_preview(svg: str, path: Path) -> None:
    """An HTML page showing the SVG with the preview styles (for a headless screenshot)."""
    css = maplib.PREVIEW_CSS.read_text(encoding="utf-8") if maplib.PREVIEW_CSS.exists() else ""
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
    names = {t["id"]: t["name"] for t in board["territories"]}
    log: list[str] = []
    countries = load_countries(args.atlas)
    missing = unknown_countries(countries)
    if missing:
        print("unknown country names: " + ", ".join(missing), file=sys.stderr)
        return 1
    geoms, links = world_geoms(countries, board, log)
    places = maplib.place_labels(
        geoms, names, links, log, WIDTH, HEIGHT, fixed=fixed_places(), min_step=MIN_STEP_PX
    )
    svg = maplib.render_svg(
        board,
        geoms,
        places,
        links,
        WIDTH,
        HEIGHT,
        "Generated by tools/make_map.py from Natural Earth (public domain) via world-atlas "
        "(ISC). Do not edit by hand.",
        font_px=FONT_PX,
    )
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
    print(f"wrote {args.out} ({len(svg.encode('utf-8')) / 1024:.1f} KB, {round(WIDTH)}x{HEIGHT})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
