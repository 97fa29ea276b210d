"""Build ``pywar/variants/mitologicas/map.svg``: the Ancient Greece board of WAR Batalhas
Mitológicas.

Build-time only: ``shapely``, ``topojson`` (``pip install -e .[map]``) and the ``world-atlas``
npm package (``cd tools/mapdata && npm ci``). Run ``python tools/make_map_greece.py``.

Coastline and islands: Natural Earth *Admin 0 – Countries* 1:10m (world-atlas 2.0.2,
``countries-10m.json``). The 42 territories are designed, not historical borders (the book:
"a divisão dos territórios ... tem por objetivo facilitar a dinâmica do jogo"): each territory
has one or more seed points at real ancient places (``SEEDS``, lon/lat); the land is split
by the Voronoi cells of the seeds (computed in map units) and every island goes whole to the
territory whose cell holds it. Land outside ``BOARD_AREA`` (Italy, inner Anatolia, the far
north) is drawn as an inert backdrop. The board data (names, regions, borders, sea links) is
``pywar/variants/mitologicas/board.json``; ``--derive`` prints the borders the shapes imply.
"""

from __future__ import annotations

import json
import sys

import maplib
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import unary_union

ROOT = maplib.ROOT
BOARD_JSON = ROOT / "pywar" / "variants" / "mitologicas" / "board.json"
ATLAS = ROOT / "tools" / "mapdata" / "node_modules" / "world-atlas" / "countries-10m.json"
OUT_SVG = maplib.map_path("mitologicas")
OUT_THUMB = maplib.thumb_path("mitologicas")

FRAME = maplib.Frame(lon_w=19.15, lon_e=29.75, lat_s=34.78, lat_n=41.55, width=1100.0)
COUNTRIES = ("Albania", "Bulgaria", "Greece", "Italy", "Macedonia", "Turkey")
SIMPLIFY_PX = 0.35
MIN_PART_PX2 = 2.0  # islands smaller than this are left off (unless a territory's only part)
#: land polygons larger than this (square degrees) are split by the cells; smaller ones
#: (islands, Euboea and Crete included) go whole to one territory
SPLIT_AREA = 1.5

#: The land that belongs to the board (lon/lat); the rest of the frame's land is backdrop.
BOARD_AREA = Polygon(
    [
        (19.15, 34.78),
        (28.75, 34.78),
        (28.55, 37.2),
        (28.7, 38.6),
        (28.5, 39.6),
        (28.9, 40.1),
        (29.75, 40.35),
        (29.75, 41.55),
        (19.15, 41.55),
    ]
)

#: Seed points (lon, lat) of each territory, at the ancient places named.
SEEDS: dict[str, list[tuple[float, float]]] = {
    # Épiro
    "caonia": [(20.09, 39.91), (19.75, 40.45), (20.25, 40.3)],  # Phoinike, Apollonia
    "tesprotia": [(20.4, 39.42), (20.6, 39.2)],  # Ephyra, Cassope
    "dodona": [(20.79, 39.55), (20.75, 40.0)],  # Dodona, Konitsa
    "atamania": [(21.3, 39.35), (21.1, 39.1), (21.3, 39.68)],  # Argithea, Pindus
    # Macedônia
    "lincestida": [(21.34, 41.01), (20.9, 40.7), (21.9, 41.3)],  # Heraclea, Orestis
    "elimeia": [(21.82, 40.25), (21.4, 40.3)],  # Aiani
    "pela": [(22.52, 40.76), (22.35, 40.35)],  # Pella, Pieria
    "calcidica": [(23.35, 40.3), (23.0, 40.6), (24.2, 40.2)],  # Olynthos, Therme, Athos
    # Tessália
    # Olympus, Oloosson and, west along the Pindus, Aeginium (Homer's Perrhaebians lived
    # "around wintry Dodona"): so Perrébia meets Atamânia, as the book's dice example needs.
    "perrebia": [(22.15, 39.95), (22.4, 40.05), (21.55, 39.85)],
    "larissa": [(22.42, 39.64)],
    "trica": [(21.77, 39.55)],  # Trikka
    "ftiotida": [(22.3, 39.12), (22.0, 39.0)],  # Pharsalus, Phthia
    "magnesia": [(22.95, 39.36), (23.1, 39.2)],  # Iolcos, Pelion
    # Grécia Central
    "itaca": [(20.68, 38.37), (20.55, 38.2), (20.65, 38.72)],  # Ithaca, Cephallenia, Leucas
    "acarnania": [(21.15, 38.75), (21.0, 38.95)],  # Stratos, Actium
    "etolia": [(21.62, 38.6), (21.53, 38.38), (21.8, 38.85)],  # Thermon, Calydon
    "delfos": [(22.5, 38.48), (22.6, 38.75), (22.85, 38.62)],  # Delphi, Thermopylae, Locris
    "beocia": [(23.32, 38.32), (23.05, 38.42), (23.5, 38.43)],  # Thebes, Orchomenos, Aulis
    "atenas": [(23.73, 37.97), (23.4, 38.02), (23.95, 37.75)],  # Athens, Megara, Sounion
    "eubeia": [(23.75, 38.6), (23.85, 38.45)],  # Chalcis, Eretria
    # Peloponeso
    "acaia": [(22.08, 38.2), (21.75, 38.2)],  # Aigion, Patrae
    "olimpia": [(21.63, 37.64), (21.4, 37.85)],  # Olympia, Elis
    "arcadia": [(22.35, 37.62), (22.2, 37.85)],  # Mantineia, Orchomenos
    "corinto": [(22.88, 37.9), (22.65, 37.95)],  # Corinth, Sicyon
    "argos": [(22.72, 37.63), (23.1, 37.52)],  # Argos, Epidaurus
    "esparta": [(22.43, 37.07), (22.13, 37.4), (22.8, 36.75)],  # Sparta, Megalopolis
    "messenia": [(21.92, 37.15), (21.7, 36.95)],  # Messene, Pylos
    # Trácia
    "anfipolis": [(23.85, 40.82), (23.6, 41.15)],
    "abdera": [(24.98, 40.94), (25.5, 41.05), (24.7, 41.3)],
    "quersoneso": [(26.45, 40.4), (26.08, 40.72), (26.6, 41.2)],  # Sestos, Ainos
    "bizancio": [(28.97, 41.01), (27.95, 40.98), (28.0, 41.35)],  # Byzantium, Perinthus
    # Ásia Menor
    "troia": [(26.24, 39.96), (27.0, 40.1), (27.9, 40.35), (28.6, 40.5)],  # Troy, Cyzicus
    "pergamo": [(27.18, 39.13), (26.9, 39.45), (27.9, 39.5)],
    "sardes": [(28.04, 38.49), (27.6, 38.7)],
    "efeso": [(27.34, 37.94), (26.6, 38.35)],  # Ephesus, Erythrae
    "mileto": [(27.28, 37.53), (28.0, 37.65)],
    "halicarnasso": [(27.42, 37.04), (28.2, 37.1), (28.0, 36.75)],
    # Ilhas do Egeu
    "lemnos": [(25.2, 39.88)],
    "lesbos": [(26.3, 39.2), (26.0, 38.4)],  # Mytilene, Chios
    "ciclades": [(25.4, 37.05), (24.9, 37.45), (24.4, 36.7), (25.4, 36.4)],  # Naxos, Delos
    "creta": [(24.0, 35.35), (25.16, 35.3), (25.9, 35.15)],  # Cydonia, Knossos
    "rodes": [(28.0, 36.25), (27.2, 35.6), (27.1, 36.85)],  # Rhodes, Karpathos, Kos
}

#: Islands whose cell would give them to the wrong territory: (lon, lat) inside the island
#: -> territory.
ISLANDS: dict[tuple[float, float], str] = {
    (26.15, 37.6): "ciclades",  # Icaria (its cell is Chios's)
    (26.35, 36.57): "ciclades",  # Astypalaia
}

#: Fixed ends (lon/lat) of the dotted sea links, keyed as written in the board JSON.
SEA_ENDS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float]]] = {
    ("lemnos", "troia"): ((25.42, 39.93), (26.14, 39.72)),
    ("lesbos", "pergamo"): ((26.6, 39.1), (26.88, 39.06)),
    ("lesbos", "efeso"): ((26.16, 38.38), (26.42, 38.38)),  # Chios to Erythrae
    ("eubeia", "ciclades"): ((24.55, 38.0), (24.72, 37.93)),  # Cape Kafireas to Andros
    ("atenas", "ciclades"): ((24.03, 37.66), (24.3, 37.62)),  # Sounion to Kea
    ("esparta", "creta"): ((23.05, 36.17), (23.6, 35.6)),  # Kythera to Crete
    ("rodes", "halicarnasso"): ((28.12, 36.42), (28.03, 36.62)),
}

#: Pinned badges: territory -> (lon, lat, side of the label).
FIXED: dict[str, tuple[float, float, str]] = {}

#: Territories whose label may sit on the sea next to them (small islands), in px.
REACH = {"lemnos": 30.0, "rodes": 20.0, "ciclades": 30.0, "itaca": 20.0}

BACKDROP_FILL = "#b8b39c"


def _is_island(piece: Polygon, islands: list[shapely.Geometry]) -> bool:
    """Whether a piece is (nearly) one whole island assigned as such."""
    c = piece.representative_point()
    return any(
        abs(i.area - piece.area) < 0.05 * i.area + 1 and i.buffer(0.5).covers(c) for i in islands
    )


def build(
    land: shapely.Geometry, log: list[str]
) -> tuple[dict[str, shapely.Geometry], shapely.Geometry]:
    """Territory shapes (SVG units) and the backdrop."""
    frame = box(FRAME.lon_w, FRAME.lat_s, FRAME.lon_e, FRAME.lat_n)
    land = land.intersection(frame)
    backdrop = FRAME.project(shapely.segmentize(land.difference(BOARD_AREA), 0.05))
    land = land.intersection(BOARD_AREA)
    # Voronoi cells of every seed, in map units, merged per territory.
    pts, owners = [], []
    for tid, seeds in SEEDS.items():
        for lon, lat in seeds:
            pts.append(FRAME.point(lon, lat))
            owners.append(tid)
    extent = box(-200, -200, FRAME.width + 200, FRAME.height + 200)
    cells_raw = shapely.voronoi_polygons(MultiPoint(pts), extend_to=extent)
    cells: dict[str, list[shapely.Geometry]] = {t: [] for t in SEEDS}
    for cell in cells_raw.geoms:
        for i, p in enumerate(pts):
            if cell.contains(Point(p)):
                cells[owners[i]].append(cell)
                break
    cell = {t: unary_union(cs) for t, cs in cells.items()}
    parts: dict[str, list[shapely.Geometry]] = {t: [] for t in SEEDS}
    land_proj = [FRAME.project(p) for p in maplib.polygons_of(land) if p.area <= SPLIT_AREA]
    for poly in maplib.polygons_of(land):
        proj = FRAME.project(shapely.segmentize(poly, 0.02))
        if poly.area > SPLIT_AREA:
            for tid, c in cell.items():
                piece = proj.intersection(c)
                if not piece.is_empty:
                    parts[tid].append(piece)
            continue
        rp = poly.representative_point()
        owner = next(
            (t for (lon, lat), t in ISLANDS.items() if poly.contains(Point(lon, lat))), None
        )
        if owner is None:
            q = Point(FRAME.point(rp.x, rp.y))
            owner = next(t for t, c in cell.items() if c.covers(q))
        parts[owner].append(proj)
    # A cell may reach across a gulf or strait and take a piece of the far shore: such a piece
    # (one holding none of the territory's seeds) goes to the neighbour it shares most
    # border with.
    seed_pts = {t: [Point(FRAME.point(lon, lat)) for lon, lat in ss] for t, ss in SEEDS.items()}
    pieces: dict[str, list[Polygon]] = {
        t: maplib.polygons_of(unary_union(ps)) for t, ps in parts.items()
    }
    orphans: list[tuple[str, Polygon]] = []
    for tid in list(pieces):
        keep = []
        for p in pieces[tid]:
            grown = p.buffer(0.05)
            if any(grown.covers(q) for q in seed_pts[tid]) or _is_island(p, land_proj):
                keep.append(p)
            else:
                orphans.append((tid, p))
        pieces[tid] = keep
    for tid, p in sorted(orphans, key=lambda o: -o[1].area):
        best, shared = None, 0.0
        for other, ops in pieces.items():
            length = sum(p.boundary.intersection(q.buffer(0.05)).length for q in ops)
            if other != tid and length > shared:
                best, shared = other, length
        best = best or tid
        pieces[best].append(p)
        log.append(f"gave a piece of {tid} across the water to {best} ({p.area:.0f} px2)")
    geoms = {}
    for tid, ps in pieces.items():
        g = shapely.set_precision(unary_union(ps), 0.01)
        polys = sorted(maplib.polygons_of(g), key=lambda p: -p.area)
        if not polys:
            raise SystemExit(f"territory {tid} is empty")
        keep = [polys[0]] + [p for p in polys[1:] if p.area >= MIN_PART_PX2]
        dropped = len(polys) - len(keep)
        if dropped:
            log.append(f"dropped {dropped} specks of {tid}")
        geoms[tid] = maplib.clean(shapely.MultiPolygon(keep))
    return geoms, backdrop


def main(argv: list[str] | None = None) -> int:
    args = maplib.board_arg_parser(__doc__, OUT_SVG, OUT_THUMB).parse_args(argv)
    if not ATLAS.exists():
        print(f"missing {ATLAS}: run `npm ci` in tools/mapdata", file=sys.stderr)
        return 1
    board = json.loads(BOARD_JSON.read_text(encoding="utf-8"))
    tids = [t["id"] for t in board["territories"]]
    if sorted(tids) != sorted(SEEDS):
        print(f"seeds and board differ: {sorted(set(tids) ^ set(SEEDS))}", file=sys.stderr)
        return 1
    countries = maplib.load_topo(ATLAS)
    land = unary_union([p for name in COUNTRIES for p in countries[name]])
    log: list[str] = []
    geoms, backdrop = build(land, log)
    geoms = maplib.simplify_shared(geoms, SIMPLIFY_PX, MIN_PART_PX2)
    geoms = {t: geoms[t] for t in tids}
    if args.derive:
        for a, b in maplib.touching_pairs(geoms, 0.5):
            print(json.dumps([a, b]))
        return 0
    backdrop = maplib.clean(backdrop.simplify(SIMPLIFY_PX))
    maplib.separate_non_neighbours(geoms, board["borders"], log)
    ends = {k: (FRAME.point(*a), FRAME.point(*b)) for k, (a, b) in SEA_ENDS.items()}
    links = maplib.sea_link_lines(board["sea_links"], geoms, ends)
    names = {t["id"]: t["name"] for t in board["territories"]}
    fixed = {t: (*FRAME.point(lon, lat), side) for t, (lon, lat, side) in FIXED.items()}
    places = maplib.place_labels(
        geoms, names, links, log, FRAME.width, FRAME.height, fixed=fixed, reach=REACH
    )
    svg = maplib.render_svg(
        board,
        geoms,
        places,
        links,
        FRAME.width,
        FRAME.height,
        "Generated by tools/make_map_greece.py from Natural Earth 1:10m (public domain) via "
        "world-atlas (ISC). Do not edit by hand.",
        backdrop=backdrop,
        backdrop_fill=BACKDROP_FILL,
    )
    maplib.write_board(
        args, board, svg, geoms, places, log, FRAME.width, FRAME.height, BACKDROP_FILL
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
