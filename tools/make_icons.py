"""Draw the app icons in web/icons/ from the board map, rendered by headless Chromium.

    python3 tools/make_icons.py

Writes tools/icons/icon.svg (the drawing: the Atlantic side of the classic board, Brazil in
the middle, as a globe with four armies on it; a source, not shipped) and its PNG renderings
in web/icons/, reduced to a 96-colour palette (Pillow) to keep the site small: icon-192.png and
icon-512.png (rounded tile, transparent corners) and icon-maskable-512.png (full bleed, the
globe inside the safe zone's central 80 % circle). The files are committed; run this again
only when the drawing changes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "pywar" / "variants" / "classic" / "map.svg"
OUT = ROOT / "web" / "icons"
SOURCE = ROOT / "tools" / "icons"
PALETTE_COLOURS = 96
CHROMIUM = "/usr/bin/chromium"

CONTINENT_FILL = {
    "north_america": "#d9a441",
    "south_america": "#6fae4b",
    "europe": "#5b8fd1",
    "africa": "#c9774a",
    "asia": "#b3a36e",
    "oceania": "#a77bc4",
}
#: Map window of the board (x, y, size) shown in the globe: the Americas to Africa.
WINDOW = (235.0, 170.0, 420.0)
#: Army badges on the globe: (territory, colour, armies), placed at the board's badges.
ARMIES = [
    ("brasil", "#2e7d32", "5"),
    ("argelia", "#c62828", "3"),
    ("franca", "#1f5fbf", "2"),
    ("egito", "#f2c200", "4"),
]


def drawing(maskable: bool) -> str:
    board = BOARD.read_text(encoding="utf-8")
    paths = []
    for m in re.finditer(r'<path class="territory"[^>]*>', board):
        tag = m.group(0)
        cont = re.search(r'data-continent="([a-z_]+)"', tag)
        d = re.search(r'\sd="([^"]+)"', tag)
        if cont and d:
            paths.append(f'<path d="{d.group(1)}" fill="{CONTINENT_FILL[cont.group(1)]}"/>')
    badges = []
    for tid, colour, armies in ARMIES:
        b = re.search(
            rf'<g class="badge" data-badge="{tid}" transform="translate\(([\d.]+),'
            r"([\d.]+)\)",
            board,
        )
        if not b:
            raise SystemExit(f"no badge for {tid} in {BOARD}")
        x, y = float(b.group(1)), float(b.group(2))
        text = "#111" if colour == "#f2c200" else "#fff"
        badges.append(
            f'<circle cx="{x}" cy="{y}" r="25" fill="{colour}" stroke="#fff" stroke-width="5"/>'
            f'<text x="{x}" y="{y + 12.5}" font-size="35" font-weight="700" text-anchor="middle" '
            f'font-family="DejaVu Sans, sans-serif" fill="{text}">{armies}</text>'
        )
    wx, wy, ws = WINDOW
    # Globe radius: the full tile leaves a margin; a maskable icon keeps it in the 80 % circle.
    r = 178 if maskable else 196
    scale = 2 * r / ws
    tile = (
        '<rect width="512" height="512" fill="#22313d"/>'
        if maskable
        else '<rect x="8" y="8" width="496" height="496" rx="104" fill="#22313d"/>'
    )
    svg = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"'
    return f"""<svg {svg}>
  <!-- pywar's icon, drawn by tools/make_icons.py from pywar/variants/classic/map.svg -->
  <defs>
    <clipPath id="globe"><circle cx="256" cy="256" r="{r}"/></clipPath>
    <radialGradient id="shade" cx="38%" cy="32%" r="75%">
      <stop offset="0" stop-color="#fff" stop-opacity=".28"/>
      <stop offset=".6" stop-color="#fff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".35"/>
    </radialGradient>
  </defs>
  {tile}
  <g clip-path="url(#globe)">
    <rect width="512" height="512" fill="#1d3b57"/>
    <g transform="translate({256 - r} {256 - r}) scale({scale:.5f}) translate({-wx} {-wy})"
       stroke="#1b2a33" stroke-width="1.2" stroke-linejoin="round">
      {"".join(paths)}
    </g>
    <g fill="none" stroke="#e8eef3" stroke-opacity=".35" stroke-width="3">
      <ellipse cx="256" cy="256" rx="{r * 0.45:.1f}" ry="{r}"/>
      <line x1="256" y1="{256 - r}" x2="256" y2="{256 + r}"/>
      <line x1="{256 - r}" y1="256" x2="{256 + r}" y2="256"/>
    </g>
    <g transform="translate({256 - r} {256 - r}) scale({scale:.5f}) translate({-wx} {-wy})">
      {"".join(badges)}
    </g>
    <circle cx="256" cy="256" r="{r}" fill="url(#shade)"/>
  </g>
  <circle cx="256" cy="256" r="{r}" fill="none" stroke="#f7f4ec" stroke-width="8"/>
</svg>
"""


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    SOURCE.mkdir(parents=True, exist_ok=True)
    plain = drawing(maskable=False)
    (SOURCE / "icon.svg").write_text(plain, encoding="utf-8")
    jobs = [
        ("icon-192.png", plain, 192),
        ("icon-512.png", plain, 512),
        ("icon-maskable-512.png", drawing(maskable=True), 512),
    ]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, svg, size in jobs:
            page = browser.new_page(viewport={"width": size, "height": size})
            body = svg.replace('width="512" height="512">', f'width="{size}" height="{size}">', 1)
            page.set_content(
                f"<html><body style='margin:0;background:transparent'>{body}</body></html>"
            )
            page.screenshot(
                path=str(OUT / name),
                omit_background=True,
                clip={"x": 0, "y": 0, "width": size, "height": size},
            )
            page.close()
            shrink(OUT / name)
            print(f"wrote {(OUT / name).relative_to(ROOT)}")
        browser.close()
    return 0


def shrink(path: Path) -> None:
    """Re-save a PNG with a small palette (keeps transparency); a tool-time Pillow step."""
    from PIL import Image

    image = Image.open(path).convert("RGBA")
    small = image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


if __name__ == "__main__":
    sys.exit(main())
