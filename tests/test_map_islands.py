"""Borneo and Madagascar on the classic and WAR II maps are where the geodata puts them
(a reader wondered whether the two shapes were swapped; they are not).

The maps are Mercator with a magnifying lens on Indonesia (``tools/make_map.py``); the checks
below use only what survives any such projection: east/west and north/south order, and the
shape of each island.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

VARIANTS_DIR = Path(__file__).resolve().parent.parent / "pywar" / "variants"


def path_points(d: str) -> list[tuple[float, float]]:
    """The vertices of an SVG path of M/L/H/V/Z commands (absolute or relative)."""
    pts: list[tuple[float, float]] = []
    x = y = 0.0
    start = (0.0, 0.0)
    for cmd, args in re.findall(r"([MmLlHhVvZz])([^MmLlHhVvZz]*)", d):
        nums = [float(v) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", args)]
        if cmd in "Zz":
            x, y = start
        elif cmd in "Hh":
            for v in nums:
                x = v if cmd == "H" else x + v
                pts.append((x, y))
        elif cmd in "Vv":
            for v in nums:
                y = v if cmd == "V" else y + v
                pts.append((x, y))
        else:
            for i in range(0, len(nums), 2):
                if cmd in "ML":
                    x, y = nums[i], nums[i + 1]
                else:
                    x, y = x + nums[i], y + nums[i + 1]
                if i == 0 and cmd in "Mm":
                    start = (x, y)
                pts.append((x, y))
    return pts


def boxes(name: str) -> dict[str, tuple[float, float, float, float]]:
    """Each territory's bounding box (x0, y0, x1, y1) on a map."""
    root = ET.parse(VARIANTS_DIR / name / "map.svg").getroot()
    out = {}
    for el in root.iter():
        t, d = el.get("data-territory"), el.get("d")
        if t and d:
            pts = path_points(d)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out[t] = (min(xs), min(ys), max(xs), max(ys))
    return out


@pytest.mark.parametrize("name", ["classic", "war2"])
def test_madagascar_and_borneo_are_not_swapped(name):
    box = boxes(name)
    mad, bor = box["madagascar"], box["borneu"]
    # Madagascar lies off south-east Africa, south of the Horn (Sudão) and east of the Cape.
    assert mad[0] > box["africa_do_sul"][0] and mad[1] > box["sudao"][1]
    assert mad[2] < box["oriente_medio"][2] and mad[2] < box["india"][0]
    # The island is long from north to south (about 1,570 km by 570 km).
    assert (mad[3] - mad[1]) > 1.5 * (mad[2] - mad[0])
    # Borneo (with Sulawesi and the Philippines) lies east of Sumatra, west of New Guinea,
    # south of Vietnã's north and far to the east of Madagascar.
    assert bor[0] > box["sumatra"][0] and bor[0] < box["nova_guine"][0]
    assert bor[1] > box["vietna"][1] and bor[0] > mad[2] + 100
    # Each badge sits in its own island's box.
    root = ET.parse(VARIANTS_DIR / name / "map.svg").getroot()
    for el in root.iter():
        badge = el.get("data-badge")
        if badge in ("madagascar", "borneu"):
            x, y = map(float, re.findall(r"-?\d+(?:\.\d+)?", el.get("transform", ""))[:2])
            x0, y0, x1, y1 = box[badge]
            assert x0 <= x <= x1 and y0 <= y <= y1, badge
