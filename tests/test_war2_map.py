"""The generated WAR II map (pywar/variants/war2/map.svg): what it has beyond the structure
every board map shares (tested in tests/test_maps.py): Cuba's sea link, the Strategic Centre
markers and the air bases; and its thumbnail's size."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import NS, group, translate

ROOT = Path(__file__).resolve().parents[1]
SVG_PATH = ROOT / "pywar" / "variants" / "war2" / "map.svg"
THUMB_PATH = ROOT / "pywar" / "variants" / "war2" / "thumb.svg"
BOARD_PATH = ROOT / "pywar" / "variants" / "war2" / "board.json"


@pytest.fixture(scope="module")
def board() -> dict:
    return json.loads(BOARD_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def root() -> ET.Element:
    return ET.parse(SVG_PATH).getroot()


def test_thumbnail_size():
    assert THUMB_PATH.stat().st_size < 20 * 1024


def test_cuba_sea_link(root):
    drawn = {
        frozenset((line.get("data-a"), line.get("data-b")))
        for line in group(root, "sea-links").findall(f"{NS}line")
    }
    assert frozenset(("cuba", "nova_york")) in drawn


#: Where the page moves a centre's star, by its side (unit vectors, y downwards).
SIDES = {"right": (1, 0), "left": (-1, 0), "up": (0, -1), "down": (0, 1)}
#: The star's circle (r) and ring (half its widest stroke), web/variants/war2/page.css.
STAR_R, STAR_RING = 6.5, 1.3
#: A badge's radius as the SVG draws it and as the page draws it on narrower screens and
#: on a whole map on a phone (web/style.css), and the star's move out for each
#: (``--ce-out``, web/variants/war2/page.css).
BADGE_RADII = {"svg": 13.0, "narrow": 15.0, "small": 21.0}


def page_css_figures() -> tuple[dict[str, float], dict[str, float]]:
    """The badges' radii and the stars' moves as the page's stylesheets say them."""
    style = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    war2 = (ROOT / "web" / "variants" / "war2" / "page.css").read_text(encoding="utf-8")
    narrow = style[style.index("@media (max-width: 1100px)") :]
    radii = {
        "svg": 13.0,
        "narrow": float(re.search(r"\.badge circle \{ r: ([\d.]+)px", narrow)[1]),
        "small": float(
            re.search(r'\[data-scale="small"\] \.badge circle \{ r: ([\d.]+)px', style)[1]
        ),
    }
    moves = {
        "svg": float(re.search(r"\n\.ce \{ --ce-out: ([\d.]+)px", war2)[1]),
        "narrow": float(
            re.search(r"max-width: 1100px\) \{\s*\.ce \{ --ce-out: ([\d.]+)px", war2)[1]
        ),
        "small": float(re.search(r'\[data-scale="small"\] \.ce \{ --ce-out: ([\d.]+)px', war2)[1]),
    }
    return radii, moves


def test_a_marker_for_each_strategic_centre(root, board):
    """A star per centre on one side of its badge, clear of it at every size the page draws
    badges (three digits fit inside the circle), and clear of the other badges and of
    every name at the size the map is laid out for (r = 15 badges, 14 px names)."""
    markers = group(root, "ce-markers")
    assert markers.get("aria-hidden") == "true"
    ces = markers.findall(f"{NS}g")
    assert sorted(g.get("data-ce") for g in ces) == sorted(board["strategic_centres"])
    badges = {g.get("data-badge"): translate(g) for g in group(root, "badges").findall(f"{NS}g")}
    names = []
    for t in group(root, "labels").findall(f"{NS}text"):
        x, y = float(t.get("x")), float(t.get("y")) - 14 * 0.35
        half = len(t.text) * 0.7 * 14 / 2
        names.append((x - half, y - 7, x + half, y + 7))
    radii, moves = page_css_figures()
    assert radii == BADGE_RADII
    for size, r in radii.items():  # the star moves out as far as the badge grows
        assert moves[size] == r - radii["svg"], size
    for g in ces:
        assert g.get("class") == "ce" and g.get("data-side") in SIDES
        tid = g.get("data-ce")
        (ux, uy), (x, y), (bx, by) = SIDES[g.get("data-side")], translate(g), badges[tid]
        # on its side of its own badge, 12 out from the edge of the badge as drawn
        assert (x - bx, y - by) == pytest.approx((25 * ux, 25 * uy), abs=0.11), tid
        for size, r in radii.items():
            sx, sy = x + ux * moves[size], y + uy * moves[size]
            gap = max(abs(sx - bx), abs(sy - by)) - r - STAR_R  # between the boxes
            assert gap >= 4, (tid, size, gap)
            assert gap - STAR_RING - 2 >= 2, (tid, size)  # rings (Information Centre) apart
        sx, sy = x + ux * moves["narrow"], y + uy * moves["narrow"]
        star = (sx - STAR_R, sy - STAR_R, sx + STAR_R, sy + STAR_R)
        others = [
            (ox - 15, oy - 15, ox + 15, oy + 15) for o, (ox, oy) in badges.items() if o != tid
        ]
        for box in others + names:
            apart = box[0] >= star[2] or star[0] >= box[2] or box[1] >= star[3] or star[1] >= box[3]
            assert apart, (tid, box)


def test_an_air_base_for_each_colour(root, board):
    bases = group(root, "air-bases")
    assert bases.get("aria-hidden") == "true"
    found = bases.findall(f"{NS}g")
    assert [g.get("data-color") for g in found] == board["colors"]
    for g in found:
        assert g.get("class") == "air-base" and g.find(f"{NS}rect") is not None
        assert g.find(f"{NS}text").get("class") == "air-base-count"
