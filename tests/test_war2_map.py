"""The generated WAR II map (web/maps/war2.svg) matches the board data and the structure the
page relies on (web/maps/README.md), plus the Strategic Centre markers and air bases."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SVG_PATH = ROOT / "web" / "maps" / "war2.svg"
THUMB_PATH = ROOT / "web" / "maps" / "thumbs" / "war2.svg"
BOARD_PATH = ROOT / "pywar" / "boards" / "war2.json"
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def board() -> dict:
    return json.loads(BOARD_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def root() -> ET.Element:
    return ET.parse(SVG_PATH).getroot()


def group(root: ET.Element, cls: str) -> ET.Element:
    found = [g for g in root.findall(f"{NS}g") if g.get("class") == cls]
    assert len(found) == 1, f"expected one <g class={cls!r}>"
    return found[0]


def translate(el: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(1)), float(m.group(2))


def test_root_and_size(root):
    assert SVG_PATH.stat().st_size < 250 * 1024 and THUMB_PATH.stat().st_size < 20 * 1024
    assert (root.get("id"), root.get("class"), root.get("role")) == ("board", "board", "group")
    _, _, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert 1000 <= w <= 1200 and w > h > 0


def test_territories_labels_badges(root, board):
    territories = {t["id"]: t for t in board["territories"]}
    paths = group(root, "territories").findall(f"{NS}path")
    assert Counter(p.get("data-territory") for p in paths) == Counter(list(territories))
    for p in paths:
        t = territories[p.get("data-territory")]
        assert p.get("class") == "territory" and p.get("tabindex") == "0"
        assert p.get("data-continent") == t["continent"] and p.get("aria-label") == t["name"]
        assert p.get("fill") is None and re.fullmatch(r"[MmLlZz0-9.\s,-]+", p.get("d", ""))
    labels = group(root, "labels")
    assert labels.get("aria-hidden") == "true"
    assert {t.get("data-label"): t.text for t in labels.findall(f"{NS}text")} == {
        k: v["name"] for k, v in territories.items()}
    badges = group(root, "badges").findall(f"{NS}g")
    assert sorted(g.get("data-badge") for g in badges) == sorted(territories)
    assert all(g.get("class") == "badge" and g.find(f"{NS}circle") is not None for g in badges)


def test_sea_links(root, board):
    drawn = {frozenset((line.get("data-a"), line.get("data-b")))
             for line in group(root, "sea-links").findall(f"{NS}line")}
    assert drawn == {frozenset(p) for p in board["sea_links"]}
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
