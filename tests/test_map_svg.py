"""The generated board map (web/maps/classic.svg) matches the classic board data."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SVG_PATH = ROOT / "web" / "maps" / "classic.svg"
BOARD_PATH = ROOT / "pywar" / "boards" / "classic.json"
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def board() -> dict:
    """The classic board data."""
    return json.loads(BOARD_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def root() -> ET.Element:
    """The parsed SVG root element."""
    return ET.parse(SVG_PATH).getroot()


def group(root: ET.Element, cls: str) -> ET.Element:
    """The single top-level <g> with the given class."""
    found = [g for g in root.findall(f"{NS}g") if g.get("class") == cls]
    assert len(found) == 1, f"expected one <g class={cls!r}>"
    return found[0]


def test_file_is_small() -> None:
    assert SVG_PATH.stat().st_size < 250 * 1024


def test_root_element(root: ET.Element) -> None:
    assert root.tag == f"{NS}svg"
    assert root.get("id") == "board"
    assert root.get("class") == "board"
    assert root.get("role") == "group"
    assert root.get("aria-label") == "Mapa"
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == (0, 0)
    assert 1000 <= w <= 1200 and w > h > 0
    assert root.find(f".//{NS}style") is None


def test_one_path_per_territory(root: ET.Element, board: dict) -> None:
    paths = group(root, "territories").findall(f"{NS}path")
    ids = [p.get("data-territory") for p in paths]
    expected = {t["id"]: t for t in board["territories"]}
    assert Counter(ids) == Counter(list(expected))
    for p in paths:
        t = expected[p.get("data-territory")]
        assert p.get("class") == "territory"
        assert p.get("data-continent") == t["continent"]
        assert p.get("aria-label") == t["name"]
        assert p.get("tabindex") == "0"
        assert p.get("fill") is None and p.get("style") is None
        d = p.get("d", "")
        assert d.startswith("M") and d.count("z") >= 1
        assert re.fullmatch(r"[MmLlZz0-9.\s,-]+", d)


def test_one_label_per_territory(root: ET.Element, board: dict) -> None:
    labels = group(root, "labels")
    assert labels.get("aria-hidden") == "true"
    texts = labels.findall(f"{NS}text")
    names = {t["id"]: t["name"] for t in board["territories"]}
    assert Counter(t.get("data-label") for t in texts) == Counter(list(names))
    for t in texts:
        assert t.get("class") == "t-name"
        assert t.text == names[t.get("data-label")]
        float(t.get("x", "")), float(t.get("y", ""))


def test_one_badge_per_territory(root: ET.Element, board: dict) -> None:
    badges = group(root, "badges")
    assert badges.get("aria-hidden") == "true"
    gs = badges.findall(f"{NS}g")
    assert Counter(g.get("data-badge") for g in gs) == Counter(
        t["id"] for t in board["territories"]
    )
    _, _, w, h = (float(v) for v in root.get("viewBox", "").split())
    for g in gs:
        assert g.get("class") == "badge"
        m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform", ""))
        assert m, g.get("transform")
        x, y = float(m.group(1)), float(m.group(2))
        assert 0 <= x <= w and 0 <= y <= h
        assert g.find(f"{NS}circle") is not None
        assert g.find(f"{NS}text") is not None


def test_sea_links(root: ET.Element, board: dict) -> None:
    lines = group(root, "sea-links").findall(f"{NS}line")
    ids = {t["id"] for t in board["territories"]}
    drawn = set()
    for line in lines:
        assert line.get("class") == "sea-link"
        a, b = line.get("data-a"), line.get("data-b")
        assert a in ids and b in ids
        drawn.add(frozenset((a, b)))
        for attr in ("x1", "y1", "x2", "y2"):
            float(line.get(attr, ""))
    assert drawn == {frozenset(pair) for pair in board["sea_links"]}


def test_no_unknown_ids(root: ET.Element, board: dict) -> None:
    ids = {t["id"] for t in board["territories"]}
    for el in root.iter():
        for attr in ("data-territory", "data-label", "data-badge", "data-a", "data-b"):
            value = el.get(attr)
            if value is not None:
                assert value in ids, f"{attr}={value!r}"
