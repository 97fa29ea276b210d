"""The game in WebKit (Safari's engine, as Debian's WebKitGTK) and Firefox ESR, beside the
Chromium of every other e2e test: players use iPads and Firefox.

One smoke test per engine, in one window (a start of Python costs seconds): the built site
over http, ready with Python in its worker, a game against two bots set up and started by
clicks, the board drawn (the territories coloured by owner in the screenshot's pixels, each
army badge visible and on top), a human turn played by clicks on the map (all armies placed,
a territory chosen to attack from, the phases ended) until the bots have played and it is
the human's turn again, a reload that resumes it, the same save started on the page's
thread (the PyScript fallback), and no console error, uncaught error, Python error or
request to another origin on the way. WebKit also gets a load outside automation, where it
prints its own console lines too (e.g. a CSP directive it does not know).

How the engines are driven, and why not by Playwright: e2e/engines.py. A missing engine
skips its test and says what to install (`python3 build.py test` installs both as root).
Screenshots go to ``PYWAR_SHOTS`` when set. Each engine takes about 20-40 s here.
"""

from __future__ import annotations

import functools
import os
import struct
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from buildtools.serve import DistHandler, DistServer
from e2e.engines import (
    WEBKIT_CONSOLE_ERROR,
    EngineDriver,
    EngineMissing,
    start_engine,
    webkit_console,
    x_display,
)

pytestmark = [
    pytest.mark.e2e,
    # selenium's own WebKitGTK driver class still sets it the old way
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

#: The viewport of each engine: an iPad in landscape for Safari's engine, a laptop's for
#: Firefox.
VIEWPORTS = {"webkit": (1024, 768), "firefox": (1280, 800)}
READY_S = 90  # two cores shared with other jobs: a start of Python may be slow
SEATS = [("Ana", "azul", "human"), ("Bruno", "vermelho", "easy"), ("Carla", "verde", "easy")]
#: The base colour of each owner's texture on the map (web/index.html's patterns).
OWNER_RGB = {
    "azul": (0x44, 0x74, 0xF8),
    "vermelho": (0xAC, 0x47, 0x35),
    "verde": (0x64, 0xA8, 0x66),
}
SEA_RGB = (0x1D, 0x3B, 0x57)

IDLE = "return !document.documentElement.hasAttribute('data-pending')"
BOARD = """return Object.fromEntries([...document.querySelectorAll('#board [data-territory]')]
  .map((p) => [p.dataset.territory, [p.dataset.owner || null,
    document.querySelector(`[data-badge="${p.dataset.territory}"] text`).textContent]]));"""
#: Each owned territory's badge: is it in the viewport and the topmost thing at its centre?
BADGES_ON_TOP = """return [...document.querySelectorAll('#board [data-badge]')]
  .filter((b) => b.dataset.owner).map((b) => {
    const r = b.querySelector('circle').getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && r.width > 4;
    const top = inside && document.elementFromPoint(x, y);
    return [b.dataset.badge, Boolean(top && b.contains(top))];
  });"""


# ---------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """An X display for WebKitGTK (a private Xvfb), shared by the module's WebKit tests."""
    try:
        with x_display() as name:
            yield name
    except EngineMissing as error:
        pytest.skip(f"webkit: {error}")


@pytest.fixture(params=["webkit", "firefox"])
def engine(request: pytest.FixtureRequest, server_url: str) -> Iterator[EngineDriver]:
    """A window of the engine, or a skip that says what to install."""
    name = request.param
    display = request.getfixturevalue("display") if name == "webkit" else None
    try:
        driver = start_engine(name, *VIEWPORTS[name], display=display)
    except EngineMissing as error:
        pytest.skip(f"{name}: {error}")
    try:
        yield driver
    finally:
        driver.close()


# ---------------------------------------------------------------------- helpers


def _shot(driver: EngineDriver, name: str) -> bytes:
    png = driver.screenshot()
    if os.environ.get("PYWAR_SHOTS"):
        folder = Path(os.environ["PYWAR_SHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"engines-{driver.name}-{name}.png").write_bytes(png)
    return png


def _goto_ready(driver: EngineDriver, url: str) -> float:
    """Open `url` and wait for the game to be ready (html[data-ready]); seconds taken."""
    started = time.monotonic()
    driver.open(url)
    driver.wait_for(
        "return document.documentElement.hasAttribute('data-ready')",
        timeout_s=READY_S,
        what=f"html[data-ready] on {url}",
    )
    return time.monotonic() - started


def _settle(driver: EngineDriver) -> None:
    """Wait until the page has written the frames of what was just done."""
    driver.wait_for(IDLE, what="the page to settle (html[data-pending] gone)")


def _clicked(driver: EngineDriver, selector: str) -> None:
    driver.click_element(selector)
    _settle(driver)


def png_pixels(data: bytes) -> tuple[int, int, int, bytes]:
    """Width, height, bytes per pixel and the pixels of an 8-bit RGB(A) PNG, as the engines'
    screenshots are."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    assert header, "a PNG without IHDR"
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and not interlace, f"PNG kind {header}"
    bpp = 3 if color == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), width * bpp
    out, prev = bytearray(), bytearray(stride)
    for y in range(height):
        kind_of_filter = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        if kind_of_filter == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind_of_filter == 2:  # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, prev, strict=True))
        elif kind_of_filter == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + (left + prev[i]) // 2) & 255
        elif kind_of_filter == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return width, height, bpp, bytes(out)


def colour_counts(
    png: bytes, box: tuple[float, float, float, float], colours: dict[str, tuple[int, int, int]]
) -> dict[str, int]:
    """How many pixels inside `box` (x, y, width, height in CSS px = screenshot px) are
    within 24 of each colour in every channel (engines render textures a little apart)."""
    width, height, bpp, px = png_pixels(png)
    x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
    x1, y1 = min(width, int(box[0] + box[2])), min(height, int(box[1] + box[3]))
    counts = dict.fromkeys(colours, 0)
    for y in range(y0, y1):
        row = px[y * width * bpp : (y + 1) * width * bpp]
        for x in range(x0, x1):
            r, g, b = row[x * bpp], row[x * bpp + 1], row[x * bpp + 2]
            for name, (cr, cg, cb) in colours.items():
                if abs(r - cr) <= 24 and abs(g - cg) <= 24 and abs(b - cb) <= 24:
                    counts[name] += 1
    return counts


def _assert_board_drawn(driver: EngineDriver, png: bytes) -> None:
    board = driver.run(BOARD)
    assert len(board) == 42, f"{driver.name}: {len(board)} territories on the classic map"
    owners = {owner for owner, _ in board.values()}
    assert owners == {c for _, c, _ in SEATS}, f"{driver.name}: owners {owners}"
    hidden = [t for t, on_top in driver.run(BADGES_ON_TOP) if not on_top]
    assert not hidden, f"{driver.name}: badges not visible or covered: {hidden}"
    box = driver.run(
        "const r = document.getElementById('board').getBoundingClientRect();"
        "return [r.left, r.top, r.width, r.height];"
    )
    assert box[2] > 300 and box[3] > 200, f"{driver.name}: the map is {box[2]} x {box[3]} px"
    counts = colour_counts(png, tuple(box), {**OWNER_RGB, "sea": SEA_RGB})
    # each owner's texture covers 4-6 % of the map's box (14 of the 42 territories, under
    # the badges and names), the sea 65-71 %
    share = {k: round(100 * v / (box[2] * box[3]), 1) for k, v in counts.items()}
    low = {k: v for k, v in share.items() if v < (30 if k == "sea" else 1.5)}
    assert not low, f"{driver.name}: too little of a colour on the map (% of it): {share}"


def _problems(driver: EngineDriver) -> list[str]:
    python_errors = driver.run(
        "return [...document.querySelectorAll('.py-error')].map((e) => e.innerText)"
    )
    return driver.problems() + [f".py-error element: {e[:2000]}" for e in python_errors]


# ---------------------------------------------------------------------- tests


def test_a_turn_against_bots(engine: EngineDriver, server_url: str, record_property: Any) -> None:
    driver = engine
    name = driver.name
    ready_s = _goto_ready(driver, server_url + "index.html?speed=fast&lang=pt")
    record_property(f"{name}_ready_s", round(ready_s, 2))
    print(f"\n{name} {driver.version}: ready in {ready_s:.1f} s")
    boot = driver.run("return window.pywarBoot")
    assert boot["where"] == "worker", f"{name}: Python did not start in its worker: {boot}"

    # the new-game form: a person and two easy bots, a seed for the same dice every run
    for i, (seat_name, colour, kind) in enumerate(SEATS):
        driver.run(
            """const [i, name, colour, kind] = arguments;
            const set = (action, value, event) => {
              const el = document.querySelector(`[data-action="${action}"][data-arg="${i}"]`);
              el.value = value;
              el.dispatchEvent(new Event(event, {bubbles: true}));
            };
            set("seat-kind", kind, "change");
            set("seat-color", colour, "change");
            set("seat-name", name, "input");""",
            i,
            seat_name,
            colour,
            kind,
        )
        _settle(driver)
    driver.run(
        "const el = document.getElementById('seed'); el.value = '7';"
        "el.dispatchEvent(new Event('input', {bubbles: true}));"
    )
    _clicked(driver, '[data-action="start"]')
    driver.wait_for("return document.querySelector('#pending')", what="Ana's turn to place")
    assert driver.run("return document.querySelector('.turn-name').innerText") == "Ana"
    _assert_board_drawn(driver, _shot(driver, "1-game"))

    # Ana places every army by a click on her territory's badge
    board = driver.run(BOARD)
    mine = sorted(t for t, (owner, _) in board.items() if owner == "azul")
    pending = int(
        driver.run("return document.getElementById('pending').innerText.match(/\\d+/)[0]")
    )
    _clicked(driver, '[data-action="amount"][data-arg="all"]')
    _clicked(driver, f'[data-badge="{mine[0]}"]')
    after = driver.run(BOARD)
    assert int(after[mine[0]][1]) == int(board[mine[0]][1]) + pending, f"{name}: not placed"
    assert driver.run("return !document.querySelector('#pending')"), f"{name}: armies left"
    assert driver.run("return Boolean(document.querySelector('.phase.attack'))")

    # a click on her territory chooses it to attack from: its enemy neighbours are offered
    _clicked(driver, f'[data-badge="{mine[0]}"]')
    state = driver.run(f"""return document.querySelector('[data-territory="{mine[0]}"]')
        .dataset.state""")
    options = driver.run("""return [...document.querySelectorAll(
        '#board [data-territory][data-state="option"]')].map((p) => p.dataset.territory)""")
    assert state == "source" and options, f"{name}: {mine[0]} is {state}, options {options}"
    _shot(driver, "2-attack-from")

    # end the attacks and the turn; the bots play, and it is Ana's turn again
    _clicked(driver, '[data-action="end-attack"]')
    driver.wait_for("return document.querySelector('.phase.regroup')", what="regroup")
    _clicked(driver, '[data-action="end-turn"]')
    driver.wait_for(
        """return document.querySelector('#pending')
          && document.querySelector('.turn-name').innerText === 'Ana'
          && /Rodada 2\\b/.test(document.querySelector('.turn-meta').innerText)""",
        timeout_s=60,
        what="the bots to play and Ana's second turn",
    )
    round_two = driver.run(BOARD)
    assert round_two != after, f"{name}: the bots changed nothing"

    # a reload resumes the game from the browser's storage, the same board
    _goto_ready(driver, server_url + "index.html?speed=fast&lang=pt")
    driver.wait_for("return document.querySelector('[data-territory][data-owner]')")
    assert driver.run(BOARD) == round_two, f"{name}: the reload did not resume the game"
    assert not _problems(driver), f"{name}: page problems:\n" + "\n".join(_problems(driver))

    # the same save, with Python started on the page's thread (the PyScript fallback)
    page_s = _goto_ready(driver, server_url + "index.html?speed=fast&lang=pt&start=page")
    record_property(f"{name}_page_ready_s", round(page_s, 2))
    assert driver.run("return window.pywarBoot.where") == "page"
    driver.wait_for("return document.querySelector('[data-territory][data-owner]')")
    assert driver.run(BOARD) == round_two, f"{name}: the fallback did not resume the game"
    _assert_board_drawn(driver, _shot(driver, "3-page-thread"))
    problems = _problems(driver)
    assert not problems, f"{name}: page problems:\n" + "\n".join(problems)


def test_webkit_prints_no_console_error_while_loading(
    display: str, dist_dir: Path, record_property: Any
) -> None:
    """A fresh MiniBrowser loads the game; everything WebKit prints to its console until
    the game is ready and its service worker has stored the site (the requests stop)."""
    requests: list[tuple[float, str]] = []

    class Recording(DistHandler):
        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            requests.append((time.monotonic(), self.path))

    server = DistServer(("127.0.0.1", 0), functools.partial(Recording, directory=str(dist_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/index.html"

    def stored() -> bool:
        # pwa.js registers sw.js once html[data-ready] is set; the worker then fetches
        # every file of the site: done when nothing was asked for 2 s after it
        asked = [t for t, path in requests if path.startswith("/sw.js")]
        return bool(asked) and time.monotonic() - requests[-1][0] > 2

    started = time.monotonic()
    try:
        lines = webkit_console(url, display, stored)
    except EngineMissing as error:
        pytest.skip(f"webkit: {error}")
    finally:
        server.shutdown()
        server.server_close()
    record_property("webkit_console_s", round(time.monotonic() - started, 2))
    assert any(path.startswith("/sw.js") for _, path in requests), (
        "the game was not ready (pwa.js never registered sw.js); WebKit printed:\n"
        + "\n".join(lines)
    )
    errors = [line for line in lines if WEBKIT_CONSOLE_ERROR.search(line)]
    assert not errors, "WebKit's console while loading:\n" + "\n".join(errors)
