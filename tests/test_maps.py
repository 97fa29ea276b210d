"""Every generated board map (pywar/variants/<board>/map.svg) and every board's thumbnail.

Each map matches its board data and the structure the page relies on (docs/maps.md),
with a layout check (no two badges or labels on top of each other); the thumbnails' size
and tints. The WAR II map's own groups are tested in tests/test_war2_map.py.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from conftest import NS, group, translate

ROOT = Path(__file__).resolve().parents[1]
VARIANTS_DIR = ROOT / "pywar" / "variants"
BOARDS = ROOT / "pywar" / "variants"
VARIANT_MAPS = ["mitologicas", "brasil"]
ALL_MAPS = ["classic", *VARIANT_MAPS, "war2"]
#: Groups a board's map has after the classic ones.
EXTRA_GROUPS = {"war2": ["ce-markers", "air-bases"]}
#: Layout room the generators use (tools/maplib.py): 14 px labels, r = 15 badges.
FONT, R = 14.0, 15.0


def board_of(name: str) -> dict:
    return json.loads((BOARDS / name / "board.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=ALL_MAPS)
def pair(request) -> tuple[dict, ET.Element, Path]:
    path = VARIANTS_DIR / request.param / "map.svg"
    return board_of(request.param), ET.parse(path).getroot(), path


def view_box(root: ET.Element) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    return x, y, w, h


def test_file_is_small(pair):
    assert pair[2].stat().st_size < 250 * 1024


def test_root_element(pair):
    _, root, _ = pair
    assert root.tag == f"{NS}svg"
    assert root.get("id") == "board" and root.get("class") == "board"
    assert root.get("role") == "group" and root.get("aria-label") == "Mapa"
    x, y, w, h = view_box(root)
    assert (x, y) == (0, 0) and 1000 <= w <= 1200 and w > h > 0
    assert root.find(f".//{NS}style") is None


def test_group_order_matches_the_classic_map(pair):
    board, root, _ = pair
    order = [g.get("class") for g in root.findall(f"{NS}g")]
    assert [c for c in order if c != "backdrop"] == [
        "sea-links",
        "territories",
        "labels",
        "badges",
        *EXTRA_GROUPS.get(board["id"], []),
    ]
    if "backdrop" in order:  # inert land drawn first, with its own fill, nothing to click
        backdrop = group(root, "backdrop")
        assert order[0] == "backdrop" and backdrop.get("aria-hidden") == "true"
        assert backdrop.get("fill")
        for el in backdrop.iter():
            assert not any(k.startswith("data-") or k == "tabindex" for k in el.attrib)


def test_one_path_per_territory(pair):
    board, root, _ = pair
    paths = group(root, "territories").findall(f"{NS}path")
    expected = {t["id"]: t for t in board["territories"]}
    assert Counter(p.get("data-territory") for p in paths) == Counter(list(expected))
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


def test_one_label_per_territory(pair):
    board, root, _ = pair
    labels = group(root, "labels")
    assert labels.get("aria-hidden") == "true"
    names = {t["id"]: t["name"] for t in board["territories"]}
    texts = labels.findall(f"{NS}text")
    assert Counter(t.get("data-label") for t in texts) == Counter(list(names))
    _, _, w, h = view_box(root)
    for t in texts:
        assert t.get("class") == "t-name" and t.text == names[t.get("data-label")]
        assert 0 <= float(t.get("x", "")) <= w and 0 <= float(t.get("y", "")) <= h
    assert float(labels.get("font-size", "0")) >= 12


def badge_positions(root: ET.Element) -> dict[str, tuple[float, float]]:
    return {g.get("data-badge"): translate(g) for g in group(root, "badges").findall(f"{NS}g")}


def test_one_badge_per_territory(pair):
    board, root, _ = pair
    badges = group(root, "badges")
    assert badges.get("aria-hidden") == "true"
    gs = badges.findall(f"{NS}g")
    assert Counter(g.get("data-badge") for g in gs) == Counter(
        t["id"] for t in board["territories"]
    )
    _, _, w, h = view_box(root)
    for g in gs:
        assert g.get("class") == "badge"
        circle = g.find(f"{NS}circle")
        assert circle is not None and 13 <= float(circle.get("r", "0")) <= 15
        assert g.find(f"{NS}text") is not None
    for x, y in badge_positions(root).values():
        assert 0 <= x <= w and 0 <= y <= h


def test_badges_and_labels_do_not_overlap(pair):
    """Badges (r 13 as drawn) never touch; label boxes (14 px, DejaVu Sans Bold widths
    approximated as 0.8 em a letter at most) do not cover another territory's badge centre."""
    board, root, _ = pair
    pos = badge_positions(root)
    ids = sorted(pos)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            (x1, y1), (x2, y2) = pos[a], pos[b]
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= 26**2, (a, b)
    for t in group(root, "labels").findall(f"{NS}text"):
        x, y = float(t.get("x")), float(t.get("y")) - FONT * 0.35
        half = len(t.text) * 0.8 * FONT / 2
        for other, (bx, by) in pos.items():
            if other != t.get("data-label"):
                assert not (abs(bx - x) < half and abs(by - y) < FONT / 2), (t.text, other)


def test_sea_links(pair):
    board, root, _ = pair
    ids = {t["id"] for t in board["territories"]}
    drawn = set()
    for line in group(root, "sea-links").findall(f"{NS}line"):
        assert line.get("class") == "sea-link"
        a, b = line.get("data-a"), line.get("data-b")
        assert a in ids and b in ids
        drawn.add(frozenset((a, b)))
        for attr in ("x1", "y1", "x2", "y2"):
            float(line.get(attr, ""))
    assert drawn == {frozenset(p) for p in board["sea_links"]}


def test_no_unknown_ids(pair):
    board, root, _ = pair
    ids = {t["id"] for t in board["territories"]}
    for el in root.iter():
        for attr in ("data-territory", "data-label", "data-badge", "data-a", "data-b"):
            value = el.get(attr)
            if value is not None:
                assert value in ids, f"{attr}={value!r}"


# ------------------------------------------------------------------ thumbnails
CLASSIC_TINTS = {"#d9a441", "#6fae4b", "#5b8fd1", "#c9774a", "#b3a36e", "#a77bc4"}


@pytest.mark.parametrize("name", ["classic", *VARIANT_MAPS])
def test_thumbnail(name):
    path = VARIANTS_DIR / name / "thumb.svg"
    assert path.stat().st_size < 15 * 1024
    root = ET.parse(path).getroot()
    assert root.tag == f"{NS}svg" and root.get("role") == "img" and root.get("aria-label")
    assert root.get("id") is None  # never a second #board on the page
    x, y, w, h = view_box(root)
    assert (x, y) == (0, 0) and w > 0 and h > 0
    fills = {p.get("fill") for p in root.iter(f"{NS}path")}
    board = board_of(name)
    tints = {c["tint"] for c in board["continents"]} if name != "classic" else CLASSIC_TINTS
    assert tints <= fills  # one tinted outline per continent (region)
    assert root.find(f".//{NS}text") is None and root.find(f".//{NS}style") is None


def test_every_variant_folder_has_its_map_and_thumbnail():
    """A board is one folder: the page's map and setup thumbnail live beside board.json."""
    from pywar.variants import VARIANTS

    for variant in VARIANTS.values():
        folder = VARIANTS_DIR / variant.board_id
        assert (folder / "map.svg").is_file() and (folder / "thumb.svg").is_file(), folder


def test_region_tints_are_board_data():
    for name in VARIANT_MAPS:
        tints = [c.get("tint") for c in board_of(name)["continents"]]
        assert all(re.fullmatch(r"#[0-9a-f]{6}", t or "") for t in tints)
        assert len(set(tints)) == len(tints)
