"""Build ``pywar/variants/brasil/map.svg``: the War Brasil board, Brazil's 26 states and the DF.

Build-time only: ``shapely``, ``topojson`` (``pip install -e .[map]``) and the npm packages
of ``tools/mapdata`` (``npm ci``): ``@svg-maps/brazil`` 2.0.0 (state shapes, CC BY 4.0) and
``world-atlas`` 2.0.2 (neighbouring countries, Natural Earth 1:10m, for the backdrop). Run
``python tools/make_map_brasil.py``.

The state shapes come already projected (a Mercator view of Brazil, checked against Natural
Earth: the outlines agree to about 3 % of the area). They are scaled into the board frame
with three gentle magnifying lenses (the small north-eastern states, the Federal District,
Espírito Santo and Rio de Janeiro) so every state holds its army badge; the neighbouring
countries are projected the same way and drawn as an inert backdrop. The board data is
``pywar/variants/brasil/board.json``; ``--derive`` prints the borders the shapes imply.
"""

from __future__ import annotations

import json
import re
import sys

import maplib
import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

ROOT = maplib.ROOT
BOARD_JSON = ROOT / "pywar" / "variants" / "brasil" / "board.json"
NODE = ROOT / "tools" / "mapdata" / "node_modules"
STATES_JS = NODE / "@svg-maps" / "brazil" / "index.js"
ATLAS = NODE / "world-atlas" / "countries-10m.json"
OUT_SVG = maplib.map_path("brasil")
OUT_THUMB = maplib.thumb_path("brasil")

WIDTH, HEIGHT = 1100.0, 740.0
SCALE = 1.12  # source units -> board units
OFFSET = (215.0, 14.0)  # where the source origin lands on the board
SIMPLIFY_PX = 0.4
MIN_PART_PX2 = 3.0
NEIGHBOURS = (
    "Argentina",
    "Uruguay",
    "Paraguay",
    "Bolivia",
    "Peru",
    "Colombia",
    "Venezuela",
    "Guyana",
    "Suriname",
    "France",
    "Ecuador",
    "Chile",
)
BACKDROP_FILL = "#b8b39c"

#: Magnifying lenses (maplib.magnify) in source units: (x, y, magnification at the centre,
#: x radius, y radius).
LENSES = [
    (582.0, 212.0, 2.3, 105.0, 95.0),  # RN, PB, PE, AL, SE
    (409.0, 330.0, 2.6, 34.0, 30.0),  # Distrito Federal
    (497.0, 418.0, 1.45, 60.0, 55.0),  # Espírito Santo, Rio de Janeiro
]

#: Pinned badges in board units: territory -> (x, y, side of the label).
FIXED: dict[str, tuple[float, float, str]] = {
    "rio_grande_do_norte": (866.0, 190.0, "right"),
    "paraiba": (890.0, 219.0, "right"),
    "pernambuco": (884.0, 252.0, "right"),
    "alagoas": (880.0, 291.0, "right"),
    "sergipe": (851.0, 311.0, "below"),
    "distrito_federal": (674.0, 383.0, "right"),
    "espirito_santo": (803.0, 446.0, "right"),
    "rio_de_janeiro": (780.0, 497.0, "right"),
}
#: Territories whose label may sit outside them (small states), in px.
REACH = {
    "sergipe": 30.0,
    "alagoas": 30.0,
    "paraiba": 30.0,
    "rio_grande_do_norte": 30.0,
    "pernambuco": 20.0,
    "distrito_federal": 30.0,
    "espirito_santo": 30.0,
    "rio_de_janeiro": 30.0,
    "santa_catarina": 20.0,
}


def parse_path(d: str) -> list[Polygon]:
    """Polygons of an SVG path made of m/M, l/L and z/Z commands (implicit lineto pairs)."""
    toks = re.findall(r"[MmLlZz]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?", d)
    polys: list[Polygon] = []
    ring: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    cmd, first, i = "m", True, 0
    while i < len(toks):
        t = toks[i]
        if t in "MmLl":
            cmd, first = t, t in "Mm"
            i += 1
            continue
        if t in "Zz":
            if len(ring) >= 3:
                polys.append(Polygon(ring))
            ring, x, y = [], sx, sy
            i += 1
            continue
        a, b = float(toks[i]), float(toks[i + 1])
        i += 2
        x, y = (x + a, y + b) if cmd in "ml" else (a, b)
        if first:
            sx, sy, first = x, y, False
        ring.append((x, y))
    return polys


def load_states() -> dict[str, shapely.Geometry]:
    """{UF (lower case): state shape in source units}."""
    text = STATES_JS.read_text(encoding="utf-8")
    data = json.loads(text[text.index("{") :].rstrip().rstrip(";"))
    out = {}
    for loc in data["locations"]:
        polys = [p if p.is_valid else shapely.make_valid(p) for p in parse_path(loc["path"])]
        out[loc["id"]] = maplib.clean(unary_union(polys))
    # the Federal District sits inside Goiás
    out["go"] = maplib.clean(out["go"].difference(out["df"]))
    return out


def warp(xy: np.ndarray) -> np.ndarray:
    """Source units -> board units: lenses, then scale and offset."""
    for lens in LENSES:
        xy = maplib.magnify(xy, *lens)
    return np.column_stack([xy[:, 0] * SCALE + OFFSET[0], xy[:, 1] * SCALE + OFFSET[1]])


def geo_to_source(states: dict[str, shapely.Geometry], countries: dict) -> callable:
    """A lon/lat -> source-units Mercator fit from Brazil's mainland bounds."""
    src = maplib.main_part(unary_union(list(states.values())))
    geo = max(countries["Brazil"], key=lambda p: p.area)
    x0, y0, x1, y1 = src.bounds
    l0, a0, l1, a1 = geo.bounds

    def merc(lat: np.ndarray) -> np.ndarray:
        return np.log(np.tan(np.pi / 4 + np.radians(lat) / 2))

    def f(a: np.ndarray) -> np.ndarray:
        x = (a[:, 0] - l0) / (l1 - l0) * (x1 - x0) + x0
        y = (merc(a1) - merc(a[:, 1])) / (merc(a1) - merc(a0)) * (y1 - y0) + y0
        return np.column_stack([x, y])

    return f


def build(log: list[str]) -> tuple[dict[str, shapely.Geometry], shapely.Geometry]:
    """State shapes and the backdrop, in board units."""
    board = json.loads(BOARD_JSON.read_text(encoding="utf-8"))
    states = load_states()
    countries = maplib.load_topo(ATLAS)
    to_src = geo_to_source(states, countries)
    geoms = {}
    for t in board["territories"]:
        g = shapely.transform(shapely.segmentize(states[t["uf"].lower()], 1.0), warp)
        g = shapely.set_precision(g, 0.01)
        polys = sorted(maplib.polygons_of(g), key=lambda p: -p.area)
        keep = [polys[0]] + [p for p in polys[1:] if p.area >= MIN_PART_PX2]
        if len(keep) < len(polys):
            log.append(f"dropped {len(polys) - len(keep)} specks of {t['id']}")
        geoms[t["id"]] = maplib.clean(shapely.MultiPolygon(keep))
    brazil = unary_union(list(geoms.values()))
    frame_geo = box(-90, -45, -20, 15)
    near = unary_union([p for n in NEIGHBOURS for p in countries[n]]).intersection(frame_geo)
    near = shapely.transform(shapely.transform(shapely.segmentize(near, 0.1), to_src), warp)
    near = near.intersection(box(0, 0, WIDTH, HEIGHT))
    # Close the hairline gaps the two sources leave along the land borders.
    seam = near.buffer(6).intersection(brazil.buffer(6))
    backdrop = maplib.clean(unary_union([near, seam]).difference(brazil).buffer(0))
    return geoms, backdrop


def main(argv: list[str] | None = None) -> int:
    args = maplib.board_arg_parser(__doc__, OUT_SVG, OUT_THUMB).parse_args(argv)
    for path in (STATES_JS, ATLAS):
        if not path.exists():
            print(f"missing {path}: run `npm ci` in tools/mapdata", file=sys.stderr)
            return 1
    board = json.loads(BOARD_JSON.read_text(encoding="utf-8"))
    tids = [t["id"] for t in board["territories"]]
    log: list[str] = []
    geoms, backdrop = build(log)
    geoms = maplib.simplify_shared(geoms, SIMPLIFY_PX, MIN_PART_PX2)
    geoms = {t: geoms[t] for t in tids}
    if args.derive:
        for a, b in maplib.touching_pairs(geoms, 0.5):
            print(json.dumps([a, b]))
        return 0
    backdrop = maplib.clean(backdrop.simplify(SIMPLIFY_PX))
    maplib.separate_non_neighbours(geoms, board["borders"], log)
    names = {t["id"]: t["name"] for t in board["territories"]}
    places = maplib.place_labels(geoms, names, [], log, WIDTH, HEIGHT, fixed=FIXED, reach=REACH)
    svg = maplib.render_svg(
        board,
        geoms,
        places,
        [],
        WIDTH,
        HEIGHT,
        "Generated by tools/make_map_brasil.py from @svg-maps/brazil (CC BY 4.0, "
        "github.com/VictorCazanave/svg-maps) and Natural Earth (public domain) via world-atlas "
        "(ISC). Do not edit by hand.",
        backdrop=backdrop,
        backdrop_fill=BACKDROP_FILL,
    )
    maplib.write_board(args, board, svg, geoms, places, log, WIDTH, HEIGHT, BACKDROP_FILL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
