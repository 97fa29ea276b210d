"""Every pair of player colours on every board stays apart for colour-blind players.

The colours are read from the page itself: the badges', swatches' and chart's (``--c-*`` in
``web/style.css``) and the map fills' (the base of each owner pattern in ``web/index.html``).
Each is seen as by a person with normal vision and with full protanopia, deuteranopia and
tritanopia, simulated with the matrices of Machado, Oliveira and Fernandes (2009, severity 1)
on linear sRGB. Two colours count as apart when their CIEDE2000 difference is at least
:data:`MIN_DELTA_E`: 2.3 is about the least difference anyone notices side by side, and two
owners must be told apart at a glance on a small badge or a 14-pixel swatch, so we ask for
more than six times that. Badge numbers keep a WCAG contrast of 4.5 with their badge.

``python3 tests/test_palette.py`` prints the closest pairs of each palette.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from pywar.board import load_board
from pywar.variants import VARIANTS, get_variant

WEB = Path(__file__).resolve().parent.parent / "web"
MIN_DELTA_E = 15.0
MIN_CONTRAST = 4.5

#: Machado et al. (2009), severity 1.0, on linear RGB; None: normal vision.
VISION: dict[str, tuple[tuple[float, ...], ...] | None] = {
    "normal": None,
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

Lab = tuple[float, float, float]


def linear(hex_colour: str) -> list[float]:
    """sRGB ``#rrggbb`` as linear RGB in 0..1."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def seen(hex_colour: str, vision: str) -> Lab:
    """The CIELAB (D65) colour a person with ``vision`` sees."""
    rgb = linear(hex_colour)
    matrix = VISION[vision]
    if matrix is not None:
        rgb = [
            min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
        ]
    r, g, b = rgb
    xyz = (
        0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
        0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
        0.0193339 * r + 0.1191920 * g + 0.9503041 * b,
    )

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = (f(v / n) for v, n in zip(xyz, (0.95047, 1.0, 1.08883), strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_hue = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = (
        -math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
        * 2
        * (math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7)))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    dl, dc, dhh = (l2 - l1) / sl, (c2p - c1p) / sc, d_hue / sh
    return math.sqrt(dl**2 + dc**2 + dhh**2 + rotation * dc * dhh)


def contrast(hex1: str, hex2: str) -> float:
    """WCAG 2 contrast ratio."""

    def lum(h: str) -> float:
        r, g, b = linear(h)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((lum(hex1), lum(hex2)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def badge_palette() -> dict[str, str]:
    """Owner colours of badges, swatches and the chart (``--c-*`` in style.css)."""
    css = (WEB / "style.css").read_text(encoding="utf-8")
    return dict(re.findall(r"--c-([a-z]+):\s*(#[0-9a-fA-F]{6})", css))


def map_palette() -> dict[str, str]:
    """Owner colours of the map: the base of each owner's pattern in index.html."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    pattern = r'<pattern id="pat-([a-z]+)"[^>]*>\s*<rect [^>]*fill="(#[0-9a-fA-F]{6})"'
    return dict(re.findall(pattern, html))


def badge_text(colour: str) -> str:
    """The colour of the army count on a badge of ``colour`` (white unless style.css says)."""
    css = (WEB / "style.css").read_text(encoding="utf-8")
    dark = re.search(r'\.badge\[data-owner="' + colour + r'"\] text[^{]*\{ fill: #111; \}', css)
    return "#111111" if dark else "#ffffff"


def closest(palette: dict[str, str], colours: list[str]) -> list[tuple[float, str, str, str]]:
    """Every pair of ``colours`` under every vision, closest first."""
    return sorted(
        (delta_e(seen(palette[a], v), seen(palette[b], v)), v, a, b)
        for v in VISION
        for a, b in itertools.combinations(colours, 2)
    )


def test_the_colour_difference_is_ciede2000():
    # Sharma, Wu and Dalal's test data, pairs 1, 7 and 17
    assert delta_e((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # and the simulation keeps greys grey and turns red and green into one colour
    assert delta_e(seen("#777777", "deuteranopia"), seen("#777777", "normal")) < 0.5
    assert delta_e(seen("#e06666", "deuteranopia"), seen("#64a866", "deuteranopia")) < 2.5


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("palette", [badge_palette, map_palette], ids=["badges", "map"])
def test_every_pair_of_player_colours_is_told_apart(variant, palette):
    colours = load_board(get_variant(variant).board_id).raw["colors"]
    shades = palette()
    assert set(colours) <= set(shades)
    near = [(round(d, 1), v, a, b) for d, v, a, b in closest(shades, colours) if d < MIN_DELTA_E]
    assert near == []


def test_badge_numbers_are_readable_on_every_colour():
    for colour, shade in badge_palette().items():
        assert contrast(shade, badge_text(colour)) >= MIN_CONTRAST, colour


if __name__ == "__main__":  # the figures: the three closest pairs of each palette
    for name, palette in (("badges", badge_palette()), ("map", map_palette())):
        for d, vision, a, b in closest(palette, sorted(palette))[:3]:
            print(f"{name:6} {vision:12} {a:8} {b:8} ΔE00 {d:5.1f}")
