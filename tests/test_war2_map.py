"""The generated WAR II map (pywar/variants/war2/map.svg): what it has beyond the structure
every board map shares (tested in tests/test_maps.py): Cuba's sea link, the Strategic Centre
markers and the air bases; and its thumbnail's size."""

from __future__ import annotations

import json
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


def test_a_marker_for_each_strategic_centre(root, board):
    markers = group(root, "ce-markers")
    assert markers.get("aria-hidden") == "true"
    ces = markers.findall(f"{NS}g")
    assert sorted(g.get("data-ce") for g in ces) == sorted(board["strategic_centres"])
    badges = {g.get("data-badge"): translate(g) for g in group(root, "badges").findall(f"{NS}g")}
    for g in ces:
        assert g.get("class") == "ce"
        x, y = translate(g)
        bx, by = badges[g.get("data-ce")]
        assert abs(x - bx) < 20 and abs(y - by) < 20  # beside its territory's badge


def test_an_air_base_for_each_colour(root, board):
    bases = group(root, "air-bases")
    assert bases.get("aria-hidden") == "true"
    found = bases.findall(f"{NS}g")
    assert [g.get("data-color") for g in found] == board["colors"]
    for g in found:
        assert g.get("class") == "air-base" and g.find(f"{NS}rect") is not None
        assert g.find(f"{NS}text").get("class") == "air-base-count"
