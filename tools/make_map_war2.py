"""Build ``pywar/variants/war2/map.svg``: the WAR II world board from Natural Earth shapes.

Build-time only: ``shapely``, ``topojson`` (``pip install -e .[map]``) and the ``world-atlas``
npm package (``cd tools/mapdata && npm ci``). Run ``python tools/make_map_war2.py``.

The WAR II world is the classic one re-cut as the book's territory list says, so the world
part of ``tools/make_map.py`` (country grouping, splits of Russia, Canada..., the cropped
Mercator with its Europe and Indonesia lenses, the wrap-around sea link) is reused by
importing it, with these changes to its country table:

- Cuba is a territory: Cuba with the Greater Antilles and the Bahamas (out of México);
- Mongólia is gone: Mongolia is drawn in China;
- Peru (Bolívia, Chile) takes Chile from Argentina (Uruguai);
- Argélia (Nigéria) takes Nigeria from Congo;
- a third magnifying lens, on the Caribbean, makes Cuba big enough to see and tap, and
  Cuba's two sea links get fixed ends (Florida Straits, Yucatán Channel).

The generic steps (simplification along shared borders, straits, labels, the SVG writer,
the preview page and the thumbnail) come from ``tools/maplib.py``. On top of the classic
structure the SVG has ``<g class="ce-markers">`` (one ``<g class="ce" data-ce data-side>``
star per Strategic Centre, on that side of its badge and ``CE_CLEAR`` clear of its edge;
the page's CSS moves it out with badges drawn larger) and ``<g class="air-bases">`` (one
``<g class="air-base" data-color>`` box per colour in the South Pacific: the book's air
bases are printed areas of the board, not territories). The output is deterministic.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path

import make_map as mm
import maplib

ROOT = maplib.ROOT
BOARD_JSON = ROOT / "pywar" / "variants" / "war2" / "board.json"
OUT_SVG = maplib.map_path("war2")
OUT_THUMB = maplib.thumb_path("war2")

ANTILLES = [
    "Cuba",
    "Jamaica",
    "Cayman Is.",
    "Haiti",
    "Dominican Rep.",
    "Puerto Rico",
    "Bahamas",
    "Turks and Caicos Is.",
]


def countries() -> dict[str, list[str]]:
    """The classic country table re-cut for WAR II."""
    table = {t: list(names) for t, names in mm.COUNTRIES.items() if t != "mongolia"}
    table["mexico"] = [n for n in table["mexico"] if n not in ANTILLES]
    table["cuba"] = list(ANTILLES)
    table["argentina"] = [n for n in table["argentina"] if n != "Chile"]
    table["peru"] = [*table["peru"], "Chile"]
    table["congo"] = [n for n in table["congo"] if n != "Nigeria"]
    table["argelia"] = [*table["argelia"], "Nigeria"]
    table["china"] = [*table["china"], "Mongolia"]
    return table


def home() -> dict[str, tuple[float, float, float, float]]:
    """Where each territory's parts may lie (lon/lat boxes), re-cut as :func:`countries`."""
    boxes = {t: b for t, b in mm.HOME.items() if t != "mongolia"}
    boxes["cuba"] = (-86.0, 17.0, -64.0, 27.5)
    boxes["peru"] = (-82.0, -57.0, -57.0, 2.0)  # Chile down to Tierra del Fuego
    return boxes


#: One more magnifying lens (lon, lat, magnification, x and y radius in SVG units), on the
#: Caribbean, so that Cuba, a territory here, is big enough to see and tap.
CARIBBEAN_LENS = (-78.5, 21.0, 2.1, 48.0, 34.0)
#: Fixed ends (lon/lat) of Cuba's sea links: the Florida Straits and the Yucatán Channel.
SEA_ENDS = {
    ("cuba", "nova_york"): ((-80.6, 23.2), (-80.9, 25.4)),
    ("cuba", "mexico"): ((-84.9, 21.9), (-86.9, 21.4)),
}


@contextlib.contextmanager
def war2_tables() -> Iterator[None]:
    """Run make_map's world code with the WAR II tables (restored afterwards)."""
    saved = mm.COUNTRIES, mm.HOME, mm.LENSES, mm.SEA_ENDS
    mm.COUNTRIES, mm.HOME = countries(), home()
    mm.LENSES = [*mm.LENSES, CARIBBEAN_LENS]
    mm.SEA_ENDS = {**mm.SEA_ENDS, **SEA_ENDS}
    try:
        yield
    finally:
        mm.COUNTRIES, mm.HOME, mm.LENSES, mm.SEA_ENDS = saved


# Strategic Centre star beside the badge, and the air bases (lon/lat of the first box).
CE_R = 6.5
STAR_R = 4.6
#: From the badge's edge to the star's centre (map units): the star's radius and ring, an
#: Information Centre's wider ring round the badge and a gap. The map has the star this far
#: out beside an r = 13 badge (as the SVG draws it); the page moves it out as far as its
#: badges grow (web/variants/war2/page.css: r = 15 on tablets, 21 on a whole map on a
#: phone), so that no badge, three digits and all, ever touches it.
CE_CLEAR = 12.0
#: The sides a star may go to, by preference, as unit vectors (y grows downwards).
CE_SIDES = {"right": (1.0, 0.0), "up": (0.0, -1.0), "left": (-1.0, 0.0), "down": (0.0, 1.0)}
AIR_BASE_ORIGIN = (-168.0, -33.0)
AIR_BASE_SIZE = (54.0, 26.0)
AIR_BASE_GAP = 6.0
PLANE = (
    "M0-7l1.4 4.6 6.6 3.4v1.6l-6.6-1.6-.4 4.4 2 1.6v1.2l-3-1-3 1v-1.2l2-1.6-.4-4.4"
    "-6.6 1.6v-1.6l6.6-3.4z"
)
COLOR_NAMES = {
    "branco": "Branco",
    "preto": "Preto",
    "vermelho": "Vermelho",
    "azul": "Azul",
    "amarelo": "Amarelo",
    "verde": "Verde",
}


def star_path(r: float) -> str:
    """A five-pointed star of outer radius ``r`` centred on the origin."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((rad * math.cos(a), rad * math.sin(a)))
    return "M" + "L".join(f"{maplib.f1(x)} {maplib.f1(y)}" for x, y in pts) + "z"


def ce_side(tid: str, places: dict[str, maplib.Placement], names: dict[str, str]) -> str:
    """The first side of ``tid``'s badge (``CE_SIDES``' order) where its star, beside a
    badge of the layout's size, covers no other badge and no name (its own included)."""
    p = places[tid]
    reach = maplib.LAYOUT_R + CE_CLEAR
    blocks = []
    for other, q in places.items():
        badge, label = maplib.block_rects(
            q.bx, q.by, names[other], maplib.label_side(q, names[other])
        )
        blocks += [label] if other == tid else [badge, label]
    for side, (ux, uy) in CE_SIDES.items():
        x, y = p.bx + ux * reach, p.by + uy * reach
        star = (x - CE_R, y - CE_R, x + CE_R, y + CE_R)
        if not any(maplib.overlaps(star, block) for block in blocks):
            return side
    return next(iter(CE_SIDES))


def extra_groups(
    board: dict, places: dict[str, maplib.Placement], names: dict[str, str]
) -> list[str]:
    """The Strategic Centre markers (each beside its badge, on the side it names) and the
    air bases."""
    out = ['<g class="ce-markers" aria-hidden="true">']
    star = star_path(STAR_R)
    reach = maplib.BADGE_R + CE_CLEAR
    for tid in board["strategic_centres"]:
        p = places[tid]
        side = ce_side(tid, places, names)
        x, y = p.bx + CE_SIDES[side][0] * reach, p.by + CE_SIDES[side][1] * reach
        out.append(
            f'<g class="ce" data-ce="{tid}" data-side="{side}" '
            f'transform="translate({maplib.f1(x)},{maplib.f1(y)})">'
            f'<circle r="{maplib.f1(CE_R)}"/><path d="{star}"/></g>'
        )
    out.append("</g>")
    out.append('<g class="air-bases" aria-hidden="true" text-anchor="middle">')
    x0, y0 = mm.project_point(*AIR_BASE_ORIGIN)
    w, h = AIR_BASE_SIZE
    for i, color in enumerate(board["colors"]):
        col, row = i % 3, i // 3
        x = x0 + col * (w + AIR_BASE_GAP)
        y = y0 + row * (h + AIR_BASE_GAP)
        out.append(
            f'<g class="air-base" data-color="{color}" transform="translate({maplib.f1(x)},'
            f'{maplib.f1(y)})"><title>{COLOR_NAMES.get(color, color)}</title>'
            f'<rect width="{maplib.f1(w)}" height="{maplib.f1(h)}" rx="4"/>'
            f'<path class="plane" transform="translate(14,{maplib.f1(h / 2)})" d="{PLANE}"/>'
            f'<text class="air-base-count" x="{maplib.f1(w * 0.68)}" y="{maplib.f1(h / 2)}" '
            'dy="0.35em">0</text></g>'
        )
    out.append("</g>")
    return out


def air_base_box() -> maplib.Rect:
    """The SVG box the air bases take (kept clear of labels)."""
    x0, y0 = mm.project_point(*AIR_BASE_ORIGIN)
    w, h = AIR_BASE_SIZE
    return (x0 - 4, y0 - 4, x0 + 3 * w + 2 * AIR_BASE_GAP + 4, y0 + 2 * h + AIR_BASE_GAP + 4)


PREVIEW_CSS = (
    ".territory[data-continent]{stroke:#1b2a33}"
    ".ce circle{fill:#fff;stroke:#b3261e;stroke-width:1.4}.ce path{fill:#b3261e}"
    ".air-base rect{fill:#0f2438;stroke:#e8eef3;stroke-width:1}"
    ".air-base .plane{fill:#e8eef3}"
    ".air-base-count{fill:#fff;font:700 13px 'DejaVu Sans',sans-serif}"
    + "".join(
        f'.air-base[data-color="{c}"] rect{{stroke:{v};stroke-width:2.5}}'
        for c, v in {
            "branco": "#f4f4f4",
            "preto": "#222",
            "vermelho": "#d33",
            "azul": "#3b7bdc",
            "amarelo": "#f2c230",
            "verde": "#3aa548",
        }.items()
    )
)
TINTS = maplib.CLASSIC_TINTS  # the classic board's continents


def build(board: dict, log: list[str]) -> tuple[str, dict]:
    """The SVG text and the territory geometries."""
    names = {t["id"]: t["name"] for t in board["territories"]}
    world = mm.load_countries(mm.ATLAS_JSON)
    with war2_tables():
        missing = mm.unknown_countries(world)
        if missing:
            raise SystemExit("unknown country names: " + ", ".join(missing))
        geoms, links = mm.world_geoms(world, board, log)
        places = maplib.place_labels(
            geoms,
            names,
            links,
            log,
            mm.WIDTH,
            mm.HEIGHT,
            fixed=mm.fixed_places(),
            avoid=[air_base_box()],
        )
        svg = maplib.render_svg(
            board,
            geoms,
            places,
            links,
            mm.WIDTH,
            mm.HEIGHT,
            "Generated by tools/make_map_war2.py from Natural Earth (public domain) via "
            "world-atlas (ISC). Do not edit by hand.",
        )
        head, tail = svg.rsplit("</svg>", 1)
        svg = head + "\n".join(extra_groups(board, places, names)) + "\n</svg>" + tail
    for line in maplib.label_overlaps(places, names):
        log.append(f"overlap: {line}")
    return svg, geoms


def main(argv: list[str] | None = None) -> int:
    """Generate the SVG and its thumbnail and print the reports."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT_SVG)
    ap.add_argument("--thumb", type=Path, default=OUT_THUMB)
    ap.add_argument("--preview", type=Path, help="also write an HTML preview page here")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the data log too")
    args = ap.parse_args(argv)
    if not mm.ATLAS_JSON.exists():
        print(f"missing {mm.ATLAS_JSON}: run `npm ci` in tools/mapdata", file=sys.stderr)
        return 1
    board = json.loads(BOARD_JSON.read_text(encoding="utf-8"))
    log: list[str] = []
    svg, geoms = build(board, log)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(svg, encoding="utf-8")
    thumb = maplib.thumbnail_svg(svg, TINTS, board["name"]["pt"])
    args.thumb.parent.mkdir(parents=True, exist_ok=True)
    args.thumb.write_text(thumb, encoding="utf-8")
    if args.preview:
        maplib.write_preview(svg, args.preview, extra_css=PREVIEW_CSS)
    print("\n".join(line for line in log if args.verbose or not line.startswith("dropped")))
    report = maplib.adjacency_report(board["borders"], geoms)
    print("\n".join(report) if report else "all borders touch or are close")
    print(
        f"wrote {args.out} ({len(svg.encode('utf-8')) / 1024:.1f} KB, "
        f"{round(mm.WIDTH)}x{mm.HEIGHT}); {args.thumb} ({len(thumb.encode()) / 1024:.1f} KB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
