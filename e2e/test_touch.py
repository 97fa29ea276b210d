"""The page by touch, at every size of issue 14, on every board.

One touch browser context (``has_touch``, ``is_mobile``) and one page, resized from size to
size (a page load costs a Python start); games are set up by importing a saved position
on the saved-games screen. Everything a player does is a real touch: ``page.touchscreen
.tap`` and ``locator.tap``; pinch and pan are CDP touch events.

- a whole turn (place, trade, attack, conquer, regroup) on every board at two sizes and at
  every size on the classic board, plus the embed at 360 x 640 and 800 x 560;
- the hit rate: taps at every territory's badge centre, name and points inside its shape,
  on every board at 1024 x 768 and 390 x 844 (the table is printed);
- pinch, pan and double tap zoom and never select;
- the layout at every size: no sideways scrolling, the map at least half of the screen,
  nothing cut or covered, text of at least 14 px on phones (screenshots are kept in
  ``PYWAR_SHOTS`` when set).
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e import touch_page
from e2e.helpers import assert_game_named, settle
from e2e.test_engines import colour_counts
from e2e.touch_page import (
    BOARDS,
    PHONES,
    SCALE_1024,
    SEATS,
    SIZES,
    TIMEOUT,
    centre,
    choose_battle,
    front,
    front_board,
    go,
    in_sight,
    load_position,
    open_curtain,
    place_everything,
    press,
    reset_zoom,
    resize,
    shots_dir,
    state_of,
    switch_language,
    tap_in_sight,
    to_the_attack,
    touch_badge,
    turn_position,
)
from pywar.game import Game
from pywar.tournament import new_match
from pywar.variants import get_variant

pytestmark = pytest.mark.e2e

# one touch page for this module
touch = touch_page.touch
page = touch_page.page


def play_a_turn_by_touch(page: Any, board_id: str) -> dict[str, int]:
    """Trade, place, attack until a conquest, move in, regroup, end the turn. Returns how
    many taps each part took."""
    _game, source, enemy, own = to_the_attack(page, board_id)
    choose_battle(page, source, enemy)
    rolls = 0
    for _ in range(30):
        if page.locator(".phase.occupy").count() or state_of(page)[enemy][0] == "azul":
            break
        press(page, "attack")
        rolls += 1
        page.wait_for_selector(".dice .die.red")
        page.wait_for_timeout(30)
    assert state_of(page)[enemy][0] == "azul", "conquered"
    if page.locator(".phase.occupy").count():
        page.locator('[data-action="occupy"]').locator("visible=true").last.tap()
    page.wait_for_selector(".phase.attack")
    press(page, "end-attack")
    page.wait_for_selector(".phase.regroup")
    before = state_of(page)
    touch_badge(page, source)
    page.wait_for_selector(f'#board [data-territory="{source}"][data-state="source"]')
    touch_badge(page, own)
    page.wait_for_selector('[data-action="move-count"]')
    press(page, "move-count", "1")
    press(page, "regroup")
    page.wait_for_function(
        "([t, n]) => +document.querySelector(`#board [data-badge='${t}'] text`).textContent === n",
        arg=[own, before[own][1] + 1],
        timeout=TIMEOUT,
    )
    assert state_of(page)[source][1] == before[source][1] - 1
    press(page, "end-turn")
    page.wait_for_selector("#curtain:not([hidden])")
    return {"rolls": rolls}


#: Every board at a phone and a tablet size, every size on the classic board.
TURNS = sorted(
    {(b, s) for b in BOARDS for s in ("390x844", "1024x768")} | {("classic", s) for s in SIZES}
)


@pytest.mark.parametrize(("board_id", "size"), TURNS)
def test_a_whole_turn_by_touch(page: Any, board_id: str, size: str) -> None:
    resize(page, size)
    play_a_turn_by_touch(page, board_id)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


def within_reach(page: Any, action: str) -> list[float] | None:
    """A point near the top of the visible control that sends ``action`` where a finger
    lands on it as the panel stands (not scrolled), or None when no part of it shows."""
    point: list[float] | None = page.evaluate(
        """(action) => {
          const b = [...document.querySelectorAll(`[data-action="${action}"]`)]
            .find((e) => e.offsetParent);
          if (!b) return null;
          const r = b.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + Math.min(12, r.height / 2);
          const hit = document.elementFromPoint(x, y);
          return hit && b.contains(hit) ? [x, y] : null;
        }""",
        action,
    )
    return point


#: A phone and a tablet, each both ways up, on every board and in both languages.
REACH_RUNS = [
    ("classic", "pt", "360x640"),
    ("brasil", "en", "844x390"),
    ("mitologicas", "en", "768x1024"),
    ("war2", "pt", "1024x768"),
    ("classic", "pt", "844x390"),
    ("war2", "en", "390x844"),
]


@pytest.mark.parametrize(("board_id", "lang", "size"), REACH_RUNS)
def test_attack_and_end_attacks_in_reach_once_a_battle_is_chosen(
    page: Any, board_id: str, lang: str, size: str
) -> None:
    """With a battle chosen, a short panel shows Attack and End attacks without scrolling
    (the choice of dice and the blitz's floor come after them); a tap on what shows of
    End attacks ends the attacks."""
    resize(page, size)
    switch_language(page, lang)
    try:
        _game, source, enemy, _own = to_the_attack(page, board_id)
        choose_battle(page, source, enemy)
        page.wait_for_selector('.phase.attack [data-action="attack"]')
        assert in_sight(page, '.phase.attack [data-action="attack"]'), "Attack is out of sight"
        end = within_reach(page, "end-attack")
        assert end, "End attacks is out of sight: the player must scroll the panel for it"
        page.touchscreen.tap(*end)
        page.wait_for_selector(".phase.regroup")
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(
    ("size", "board_id"), [("800x560", "classic"), ("640x480", "classic"), ("640x480", "brasil")]
)
def test_the_embed_at_its_smallest_keeps_the_turn_beside_the_map(
    page: Any, size: str, board_id: str
) -> None:
    """A class page's 800 x 560 frame: the panel goes beside the map (a strip under it
    was 165 px high and cut End attacks off), so with a battle chosen Attack, End attacks
    and End turn are all in sight; a tap on End attacks ends them. The same in a frame of
    640 x 480 (smaller than docs/embed.md asks, the iframe's usual size: its strip of
    170 px cut End attacks off)."""
    goto_ready(page, "index.html?embed=1")
    try:
        resize(page, size)
        _game, source, enemy, _own = to_the_attack(page, board_id)
        assert page.locator("html").get_attribute("data-layout") == "side"
        choose_battle(page, source, enemy)
        for action in ("attack", "end-attack", "end-turn"):
            assert in_sight(page, f'.phase.attack [data-action="{action}"]'), action
        tap_in_sight(page, '.phase.attack [data-action="end-attack"]')
        page.wait_for_selector(".phase.regroup")
    finally:
        goto_ready(page, "index.html")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_frame_smaller_than_the_docs_ask_keeps_the_players_table_whole(
    page: Any, lang: str
) -> None:
    """A class page's 700 x 500 frame (under docs/embed.md's 800 x 560): the phone rules'
    14 px text cut the players table's Cards column at the narrow panel's edge."""
    goto_ready(page, f"index.html?embed=1&lang={lang}")
    try:
        resize(page, "700x500")
        load_position(page, turn_position("classic"))
        open_curtain(page)
        assert page.locator("html").get_attribute("data-layout") == "side"
        edges = page.evaluate(
            """() => {
              const panel = document.getElementById('panel').getBoundingClientRect();
              const cells = [...document.querySelectorAll('table.players th, table.players td')];
              return [panel.right, Math.max(...cells.map((c) => c.getBoundingClientRect().right))];
            }"""
        )
        assert edges[1] <= edges[0] + 0.5, edges
    finally:
        goto_ready(page, "index.html")


@pytest.mark.parametrize(
    ("board_id", "lang", "size"), [("classic", "pt", "390x844"), ("mitologicas", "en", "844x390")]
)
def test_a_big_regroup_by_touch_with_the_stepper(
    page: Any, board_id: str, lang: str, size: str
) -> None:
    """Some 30 armies to move on a phone: the question, the stepper and Move all in sight
    (no wall of buttons); three taps on "one fewer" and Move moves that many."""
    resize(page, size)
    switch_language(page, lang)
    try:
        _game, source, _enemy, own = to_the_attack(page, board_id)
        press(page, "end-attack")
        page.wait_for_selector(".phase.regroup")
        before = state_of(page)
        touch_badge(page, source)
        page.wait_for_selector(f'#board [data-territory="{source}"][data-state="source"]')
        touch_badge(page, own)
        page.wait_for_selector(".phase.regroup .stepper")
        top = int(page.locator(".stepper .count-now").inner_text())
        assert top == before[source][1] - 1 >= 25
        assert in_sight(page, ".phase.regroup p") and in_sight(page, ".stepper")
        for k in range(1, 4):
            tap_in_sight(page, '[data-action="move-count"][data-arg="fewer"]')
            page.wait_for_function(
                "(n) => document.querySelector('.stepper .count-now').textContent === String(n)",
                arg=top - k,
            )
        tap_in_sight(page, '.phase.regroup [data-action="regroup"]')
        page.wait_for_function(
            "([t, n]) => +document.querySelector(`#board [data-badge='${t}'] text`)"
            ".textContent === n",
            arg=[own, before[own][1] + top - 3],
            timeout=TIMEOUT,
        )
        assert state_of(page)[source][1] == 4
    finally:
        switch_language(page, "pt")


def test_a_whole_turn_by_touch_in_the_embed(page: Any) -> None:
    """The compact page of ?embed=1 at 360 x 640 and 800 x 560."""
    goto_ready(page, "index.html?embed=1")
    try:
        assert "embed" in (page.locator("html").get_attribute("class") or "").split()
        for size in ("360x640", "800x560"):
            resize(page, size)
            play_a_turn_by_touch(page, "classic")
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    finally:
        goto_ready(page, "index.html")


def test_an_embed_without_a_chosen_language_lets_the_player_switch(page: Any) -> None:
    """A class page that frames ?embed=1 without ?lang= leaves the choice to the player:
    the compact top bar keeps its language button (one line at 800 x 560; in the menu at
    360 x 640), and a tap turns the game to English; with ?lang= the host chose, and the
    button is left out."""
    try:
        for size in ("800x560", "360x640"):
            goto_ready(page, "index.html?embed=1")
            resize(page, size)
            assert page.locator("html").get_attribute("lang") == "pt-BR"
            height = page.evaluate("() => document.querySelector('.topbar').offsetHeight")
            assert height <= 48, (size, height)
            switch_language(page, "en")
            rules = page.locator('.header-actions [data-arg="rules"]')
            assert rules.text_content() == "Rules", size
            switch_language(page, "pt")
        goto_ready(page, "index.html?embed=1&lang=en")
        resize(page, "800x560")
        assert page.locator("html").get_attribute("lang") == "en"
        assert not page.locator('.header-actions [data-action="lang"]').is_visible()
        goto_ready(page, "index.html?embed=1&lang=xx")  # not a language of the game's
        assert page.locator('.header-actions [data-action="lang"]').is_visible()
    finally:
        goto_ready(page, "index.html")
        resize(page, "1024x768")


# --------------------------------------------------------------------------- hit rate
#: Per territory: the badge centre, the name (where shown) and this many points inside.
SHAPE_POINTS = 2
#: How far (CSS px) a point inside a shape keeps from its outline (its neighbours, the
#: sea) and from another territory's badge or name: the map may sit a fraction of a pixel
#: elsewhere from one tap to the next (what the page showed before moves it), so a point
#: at the very edge is a coin toss, not a test of the page. A territory too small for
#: this gets its deepest points, at least a pixel inside (none when its badge and name
#: cover it all: its badge's centre is still tapped).
SHAPE_CLEARANCE = 6.0
HIT_TABLE: dict[tuple[str, str], dict[str, int]] = {}

#: Points inside each territory's shape, on a grid, with their clearance: the distance
#: (CSS px) to the shape's outline (sampled every pixel along it), to another territory's
#: badge or name, to a sea link, to the map's edge and to the zoom buttons. Points where
#: the shape is not what a finger touches (covered by a badge or a name) or that are
#: less than a pixel inside are left out.
#: Those at least ``clearance`` deep (else the ``least`` deepest) are returned in map
#: units; with each point, badge and name its x on the screen now (to order the taps).
TAP_POINTS_JS = """([mine, clearance, least]) => {
  const svg = document.getElementById('board');
  const toMap = svg.getScreenCTM().inverse();
  const wrap = document.getElementById('board-wrap').getBoundingClientRect();
  const zoom = document.querySelector('.zoom-controls').getBoundingClientRect();
  const boxDistance = (x, y, r) => Math.hypot(Math.max(r.left - x, 0, x - r.right),
      Math.max(r.top - y, 0, y - r.bottom));
  const shown = (el) => el.getBoundingClientRect().width > 0
      && getComputedStyle(el).display !== 'none';
  const badges = [...svg.querySelectorAll('[data-badge]')].filter(shown).map((b) => {
    const c = b.querySelector('circle').getBoundingClientRect();
    return [b.dataset.badge, c.x + c.width / 2, c.y + c.height / 2, c.width / 2];
  });
  const labels = [...svg.querySelectorAll('[data-label]')].filter(shown)
      .map((l) => [l.dataset.label, l.getBoundingClientRect()]);
  const links = [...svg.querySelectorAll('.sea-link')].map((line) => {
    const m = line.getScreenCTM();
    const end = (x, y) => new DOMPoint(+line.getAttribute(x), +line.getAttribute(y))
        .matrixTransform(m);
    return [end('x1', 'y1'), end('x2', 'y2')];
  });
  const segmentDistance = (x, y, [a, b]) => {
    const dx = b.x - a.x, dy = b.y - a.y;
    const along = ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy || 1);
    const k = Math.max(0, Math.min(1, along));
    return Math.hypot(x - a.x - k * dx, y - a.y - k * dy);
  };
  const out = {};
  for (const t of mine) {
    const path = svg.querySelector(`[data-territory="${t}"]`);
    const c = svg.querySelector(`[data-badge="${t}"] circle`).getBoundingClientRect();
    const entry = {badge: c.x + c.width / 2, label: null, shape: []};
    const label = svg.querySelector(`[data-label="${t}"]`);
    if (label && shown(label)) {
      const l = label.getBoundingClientRect();
      entry.label = l.x + l.width / 2;
    }
    // the outline on the screen, a point every pixel or so
    const ctm = path.getScreenCTM();
    const length = path.getTotalLength();
    const n = Math.max(16, Math.ceil(length * Math.hypot(ctm.a, ctm.b)));
    const outline = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const q = path.getPointAtLength(length * i / n);
      const p = new DOMPoint(q.x, q.y).matrixTransform(ctm);
      outline[2 * i] = p.x;
      outline[2 * i + 1] = p.y;
    }
    const others = badges.filter(([id]) => id !== t);
    const names = labels.filter(([id]) => id !== t);
    const b = path.getBoundingClientRect();
    const step = Math.max(1.5, Math.sqrt(b.width * b.height / 1500));
    const found = [];
    for (let y = b.top + step / 2; y < b.bottom; y += step) {
      for (let x = b.left + step / 2; x < b.right; x += step) {
        if (document.elementFromPoint(x, y) !== path) continue;
        let room = Math.min(x - wrap.left, wrap.right - x, y - wrap.top, wrap.bottom - y,
            boxDistance(x, y, zoom));
        for (const [, bx, by, r] of others) room = Math.min(room, Math.hypot(x - bx, y - by) - r);
        for (const [, r] of names) room = Math.min(room, boxDistance(x, y, r));
        for (const link of links) room = Math.min(room, segmentDistance(x, y, link) - 2);
        for (let i = 0; i < outline.length && room > 0; i += 2) {
          room = Math.min(room, Math.hypot(x - outline[i], y - outline[i + 1]));
        }
        if (room >= 1) found.push([x, y, room]);
      }
    }
    found.sort((p, q) => q[2] - p[2]);
    const deep = found.filter((p) => p[2] >= clearance);
    entry.shape = (deep.length >= least ? deep : found.slice(0, least)).map(([x, y, room]) => {
      const at = new DOMPoint(x, y).matrixTransform(toMap);
      return [at.x, at.y, x];
    });
    out[t] = entry;
  }
  return out;
}"""

#: Where a tap meant for a territory goes now (after the page settled): its badge's
#: centre, its name's centre, or a point inside its shape given in map units, on the
#: screen as the map sits at this moment.
TAP_POINT_NOW_JS = """([t, kind, at]) => {
  const svg = document.getElementById('board');
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  if (kind === 'badge') return centre(svg.querySelector(`[data-badge="${t}"] circle`));
  if (kind === 'label') return centre(svg.querySelector(`[data-label="${t}"]`));
  const p = new DOMPoint(at[0], at[1]).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""

OUTCOME_JS = """(before) => {
  const choice = document.getElementById('choice');
  if (choice && !choice.hidden) return {choice: [...choice.querySelectorAll(
      '[data-action="pick"]')].map(b => b.dataset.arg)};
  const s = document.querySelector('#board [data-territory][data-state="source"]');
  const now = s ? s.dataset.territory : '';
  return now !== before ? {source: now} : null;
}"""


def hit_position(board_id: str, half: int) -> Game:
    """Ana holds every other territory (``half`` 0 or 1), three armies on each."""
    board = get_variant(board_id).board
    owner = {t: 0 if i % 2 == half else 1 + (i // 2) % 2 for i, t in enumerate(board.territories)}
    armies = dict.fromkeys(board.territories, 3)
    goal = "territories_18" if board_id == "brasil" else "territories_24"  # out of reach
    return Game.scenario(
        board_id,
        SEATS,
        owner,
        armies=armies,
        round=2,
        seed=2,
        objectives=dict.fromkeys(range(3), goal),
    )


def settle_layout(page: Any) -> None:
    """Wait for the page's frames and two animation frames: the layout is done."""
    settle(page)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def tap_and_see(page: Any, x: float, y: float, before: str) -> dict[str, Any]:
    page.touchscreen.tap(x, y)
    try:
        return page.wait_for_function(OUTCOME_JS, arg=before, timeout=1500).json_value()
    except Exception:  # noqa: BLE001 - nothing happened: a miss
        return {"none": True}


def source_now(page: Any) -> str:
    return page.evaluate(
        "() => (document.querySelector('#board [data-state=\"source\"]')"
        " || {dataset: {}}).dataset.territory || ''"
    )


@pytest.mark.parametrize("size", ["1024x768", "390x844"])
@pytest.mark.parametrize("board_id", BOARDS)
def test_taps_land_on_the_territory_meant(page: Any, board_id: str, size: str) -> None:
    resize(page, size)
    counts = {"taps": 0, "hits": 0, "direct": 0, "asked": 0, "badge_taps": 0, "badge_direct": 0}
    misses: list[str] = []
    rnd = random.Random(f"{board_id}-{size}")
    for half in (0, 1):
        load_position(page, hit_position(board_id, half))
        open_curtain(page)
        if size == "1024x768" and half == 0:
            scale = page.evaluate("() => pywarZoom.scale()")
            assert scale >= SCALE_1024[board_id] - 0.005, scale
        first_own = next(t for t, (o, _a, _s) in state_of(page).items() if o == "azul")
        place_everything(page, first_own)
        page.wait_for_selector(".phase.attack")
        mine = [t for t, (o, _a, _s) in state_of(page).items() if o == "azul"]
        settle_layout(page)
        points = page.evaluate(TAP_POINTS_JS, [mine, SHAPE_CLEARANCE, SHAPE_POINTS])
        # (territory, badge/label/shape, a point in map units for a shape, screen x now)
        taps: list[tuple[str, str, list[float], float]] = []
        for t in mine:
            taps.append((t, "badge", [], points[t]["badge"]))
            if points[t]["label"] is not None:
                taps.append((t, "label", [], points[t]["label"]))
            inside = points[t]["shape"]  # none when the badge and name cover it all
            for p in rnd.sample(inside, min(SHAPE_POINTS, len(inside))):
                taps.append((t, "shape", p[:2], p[2]))
        # far apart one after the other, so that no two taps make a double tap
        taps.sort(key=lambda tp: tp[3])
        order = [
            tp
            for pair in zip(taps[: len(taps) // 2], taps[len(taps) // 2 :], strict=False)
            for tp in pair
        ]
        order += taps[len(order) :]
        for t, kind, at, _x in order:
            settle(page)
            before = source_now(page)
            if before == t:
                page.keyboard.press("Escape")
                settle(page)
                before = ""
            settle_layout(page)  # where the map sits now, not where it sat before
            x, y = page.evaluate(TAP_POINT_NOW_JS, [t, kind, at])
            seen = tap_and_see(page, x, y, before)
            counts["taps"] += 1
            counts["badge_taps"] += kind == "badge"
            if seen.get("choice"):
                counts["asked"] += 1
                if t in seen["choice"]:
                    page.locator(f'#choice-slot [data-action="pick"][data-arg="{t}"]').tap()
                    settle(page)
                    page.wait_for_function(OUTCOME_JS, arg=before, timeout=TIMEOUT)
                else:
                    press(page, "escape")
                    page.wait_for_selector("#choice", state="hidden")
            elif seen.get("source") == t:
                counts["direct"] += 1
                counts["badge_direct"] += kind == "badge"
            if source_now(page) == t:
                counts["hits"] += 1
            else:
                misses.append(f"{t} {kind} at ({x:.0f},{y:.0f}): {seen}")
        page.keyboard.press("Escape")
        settle(page)
    HIT_TABLE[board_id, size] = counts
    print_hit_table()
    assert counts["badge_direct"] == counts["badge_taps"], misses
    assert counts["hits"] >= 0.99 * counts["taps"], misses


def print_hit_table() -> None:
    lines = ["", "board        size      taps  hits     %  direct     %  asked  badge-centre"]
    for (board_id, size), c in sorted(HIT_TABLE.items()):
        lines.append(
            f"{board_id:12s} {size:8s} {c['taps']:5d} {c['hits']:5d} "
            f"{100 * c['hits'] / c['taps']:5.1f} {c['direct']:6d} "
            f"{100 * c['direct'] / c['taps']:5.1f} {c['asked']:5d}  "
            f"{c['badge_direct']}/{c['badge_taps']}"
        )
    print("\n".join(lines))


# --------------------------------------------------------------------------- gestures
class Fingers:
    """Two fingers on the screen, by CDP touch events (what a pinch is made of)."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": x, "y": y, "id": i + 1} for i, (x, y) in enumerate(points)],
            },
        )

    def pinch(self, cx: float, cy: float, start: float, end: float, steps: int = 6) -> None:
        self.send("touchStart", [(cx - start, cy), (cx + start, cy)])
        for i in range(1, steps + 1):
            d = start + (end - start) * i / steps
            self.send("touchMove", [(cx - d, cy), (cx + d, cy)])
        self.send("touchEnd", [])

    def drag(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        self.send("touchStart", [(x, y)])
        for i in range(1, steps + 1):
            self.send("touchMove", [(x + dx * i / steps, y + dy * i / steps)])
        self.send("touchEnd", [])

    def close(self) -> None:
        self.cdp.detach()


def view_box(page: Any) -> list[float]:
    return [float(v) for v in page.get_attribute("#board", "viewBox").split()]


@pytest.mark.parametrize("size", ["390x844", "1024x768"])
def test_pinch_pan_and_double_tap_zoom_and_never_select(page: Any, size: str) -> None:
    resize(page, size)
    game = turn_position("classic")
    source, _enemy, _own = front("classic")
    load_position(page, game)
    open_curtain(page)
    place_everything(page, source)
    page.wait_for_selector(".phase.attack")
    armies = {t: a for t, (_o, a, _s) in state_of(page).items()}
    fingers = Fingers(page)
    try:
        wrap = page.locator("#board-wrap").bounding_box()
        cx, cy = wrap["x"] + wrap["width"] / 2, wrap["y"] + wrap["height"] / 2
        far = min(120.0, wrap["width"] / 2 - 12)
        whole = view_box(page)
        fingers.pinch(cx, cy, 25, far)  # spread two fingers: zoom in around them
        zoomed = view_box(page)
        assert zoomed[2] < whole[2] / 2.5, (whole, zoomed)
        fingers.drag(cx, cy, 80, 40)  # one finger drags the map
        panned = view_box(page)
        assert panned[:2] != zoomed[:2] and panned[2] == pytest.approx(zoomed[2])
        fingers.pinch(cx, cy, far, 40)  # pinch in: zoom out
        assert view_box(page)[2] > panned[2]
    finally:
        fingers.close()
    assert page.evaluate("() => visualViewport.scale") == 1, "the page itself kept its size"
    assert source_now(page) == "", "no gesture selects a territory"
    reset_zoom(page)
    # a double tap on a territory zooms in there, and leaves nothing selected
    whole = view_box(page)
    x, y = centre(page, f'#board [data-badge="{source}"] circle')
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(60)
    page.touchscreen.tap(x, y)
    page.wait_for_function(
        "(w) => +document.getElementById('board').getAttribute('viewBox').split(' ')[2] < w",
        arg=whole[2],
        timeout=TIMEOUT,
    )
    page.wait_for_timeout(100)
    assert source_now(page) == "", "a double tap does not select"
    assert {t: a for t, (_o, a, _s) in state_of(page).items()} == armies
    # zoomed in, a single tap selects as usual
    page.wait_for_timeout(400)
    touch_badge(page, source)
    page.wait_for_selector(f'#board [data-territory="{source}"][data-state="source"]')
    page.keyboard.press("Escape")
    reset_zoom(page)


@pytest.mark.parametrize("size", ["390x844", "844x390"])
def test_a_refused_tap_corrected_at_once_places_rather_than_zooms(page: Any, size: str) -> None:
    """War Brasil on a phone: the north-east's badges sit closer than a double tap's 30 px.
    A tap on an enemy state, then at once on the player's own beside it, places an army
    there (it zoomed the map and placed nothing)."""
    resize(page, size)
    game = turn_position("brasil")
    load_position(page, game)
    open_curtain(page)
    mine = game.players[game.current].color
    shown = state_of(page)
    at = {t: centre(page, f'#board [data-badge="{t}"] circle') for t in shown}
    gap, enemy, own = min(
        (math.dist(at[e], at[o]), e, o)
        for e, (colour, _a, _s) in shown.items()
        if colour != mine
        for o, (colour_o, _a2, _s2) in shown.items()
        if colour_o == mine
    )
    assert gap < 30, (gap, enemy, own)  # a double tap's distance (web/zoom.js)
    press(page, "amount", "1")  # (the page keeps the amount an earlier test chose)
    whole = view_box(page)
    before = shown[own][1]
    page.touchscreen.tap(*at[enemy])
    page.wait_for_timeout(80)
    page.touchscreen.tap(*at[own])
    page.wait_for_function(
        "([t, n]) => +document.querySelector(`#board [data-badge='${t}'] text`).textContent > n",
        arg=[own, before],
        timeout=TIMEOUT,
    )
    assert state_of(page)[own][1] == before + 1
    assert view_box(page) == whole, "nothing zoomed"


# ------------------------------------------------------------------ WAR II's centre stars
#: Each Strategic Centre's star and army badge on the screen, as boxes: how far apart
#: (negative: overlapping) its star is from its own badge, and from any other badge.
CENTRE_STARS_JS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const apart = (a, b) => Math.max(a.left - b.right, b.left - a.right,
                                   a.top - b.bottom, b.top - a.bottom);
  const badges = [...document.querySelectorAll('#board [data-badge]')];
  return [...document.querySelectorAll('#board .ce')].map((ce) => {
    const t = ce.dataset.ce, star = box(ce);
    const own = document.querySelector(`#board [data-badge="${t}"]`);
    const others = badges.filter((b) => b !== own).map((b) => apart(star, box(b)));
    return {t, digits: own.querySelector('text').textContent.length,
            own: apart(star, box(own)), others: Math.min(...others), star: star.width};
  });
}"""


def test_war2_centre_stars_keep_clear_of_three_digit_badges(page: Any, tmp_path: Path) -> None:
    """Three-digit armies on every Strategic Centre: no star touches its badge at any badge
    size the page draws (r 13 on wide screens, 15 on narrower ones, 21 on a phone's whole
    map), nor, where the page shows names, another territory's badge. The air bases show
    on the map except on a phone's whole map, where the panel lists them."""
    board = get_variant("war2").board
    centres = board.raw["strategic_centres"]
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    armies = {t: 188 if t in centres else 1 + i % 3 for i, t in enumerate(board.territories)}
    load_position(page, Game.scenario("war2", SEATS, owner, armies=armies, round=2, seed=4))
    open_curtain(page)
    folder = shots_dir(tmp_path)
    scales = set()
    try:
        for size in ("1280x800", "1024x768", "390x844", "844x390"):
            resize(page, size)
            reset_zoom(page)
            settle_layout(page)
            scale = page.evaluate("() => document.getElementById('board').dataset.scale")
            scales.add((page.evaluate("() => innerWidth > 1100"), scale))
            stars = page.evaluate(CENTRE_STARS_JS)
            page.screenshot(path=str(folder / f"war2-centres-{size}.png"))
            # the air bases' boxes where their numbers can be read; on a phone's whole
            # map (about 19 x 9 px) the panel's list of every player's bombers says it
            assert page.locator("#board .air-bases").is_visible() == (scale != "small"), size
            assert page.locator(".w2-bases li").count() == 3
            assert sorted(s["t"] for s in stars) == sorted(centres)
            for star in stars:
                assert star["digits"] == 3 and star["star"] > 0, star
                assert star["own"] >= 1, (size, star)  # a pixel at least between the boxes
                if scale != "small":  # the whole map on a phone: badges touch anyway
                    assert star["others"] >= 0, (size, star)
    finally:
        resize(page, "1024x768")
    # every badge size of the page was seen: wide, narrower, the whole map on a phone
    assert {(True, "normal"), (False, "normal"), (False, "small")} <= scales


# ----------------------------------------------------------------------------- layout
LAYOUT_JS = """() => {
  const vw = innerWidth, vh = innerHeight;
  const r = (el) => el.getBoundingClientRect();
  const visible = (el) => { const b = r(el); const s = getComputedStyle(el);
    return b.width > 0 && b.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const board = r(document.getElementById('board-wrap'));
  const panel = document.getElementById('panel');
  const out = {scrollX: document.documentElement.scrollWidth - vw,
               scrollY: document.documentElement.scrollHeight - vh,
               boardShare: board.width * board.height / (vw * vh), cut: [], overlap: [],
               small: [], layout: document.documentElement.dataset.layout};
  // every control in sight is wholly on the screen and inside its scrolling box
  for (const el of document.querySelectorAll('.topbar button, #panel-slot .btn, .pool-show, '
                                             + '.zoom-controls .btn')) {
    if (!visible(el)) continue;
    const b = r(el);
    if (b.left < -1 || b.right > vw + 1 || b.top < -1) out.cut.push(el.textContent.trim());
    if (b.height < 43.5 || b.width < 43.5) out.small.push('target ' + el.textContent.trim());
  }
  // the panel and the map do not overlap
  if (visible(panel)) { const p = r(panel);
    const ix = Math.min(p.right, board.right) - Math.max(p.left, board.left);
    const iy = Math.min(p.bottom, board.bottom) - Math.max(p.top, board.top);
    if (ix > 1 && iy > 1) out.overlap.push('panel over the map'); }
  // text of at least 14 px (phones)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || seen.has(el) || !walker.currentNode.textContent.trim()) continue;
    seen.add(el);
    if (el.closest('svg, .visually-hidden, [hidden], #loader') || !visible(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 13.95) out.small.push(size + 'px ' + walker.currentNode.textContent.trim()
                                     .slice(0, 30));
  }
  // badges: the number fits its circle
  for (const g of document.querySelectorAll('#board .badge[data-owner]')) {
    const c = g.querySelector('circle').getBoundingClientRect();
    const t = g.querySelector('text').getBoundingClientRect();
    if (c.width && t.width > c.width + 0.5) out.cut.push('badge ' + g.dataset.badge);
  }
  return out;
}"""


def big_numbers(board_id: str) -> Game:
    """A position with armies of one to five digits (the badges must still fit: a game of
    many rounds piles up thousands)."""
    board = get_variant(board_id).board
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    armies = {t: (1, 12, 345, 999, 1234, 12345)[i % 6] for i, t in enumerate(board.territories)}
    return Game.scenario(board_id, SEATS, owner, armies=armies, round=2, seed=1)


def test_the_layout_at_every_size(page: Any, tmp_path: Path) -> None:
    """During play, at every size: nothing scrolls sideways, the map has at least half of
    the screen, no control is cut or under 44 px, the panel never covers the map, numbers
    of up to five digits fit their badges, text is at least 14 px on phones, a message
    never covers the zoom buttons. Screenshots of each size are kept for a look."""
    shots = shots_dir(tmp_path)
    load_position(page, big_numbers("classic"))
    open_curtain(page)
    report = []
    for size in SIZES:
        resize(page, size)
        page.wait_for_timeout(150)
        found = page.evaluate(LAYOUT_JS)
        page.screenshot(path=str(shots / f"touch-play-{size}.png"))
        report.append(f"{size}: {found['layout']}, map {found['boardShare']:.0%} of the screen")
        assert found["scrollX"] <= 0 and found["scrollY"] <= 0, (size, found)
        assert found["boardShare"] >= 0.5, (size, found)
        assert not found["cut"] and not found["overlap"], (size, found)
        small = [s for s in found["small"] if size in PHONES or s.startswith("target")]
        assert not small, (size, small)
        # a refusal's message does not cover the zoom buttons
        touch_badge(page, next(t for t, (o, _a, _s) in state_of(page).items() if o != "azul"))
        page.wait_for_selector("#message:not([hidden])")
        m = page.locator("#message").bounding_box()
        z = page.locator(".zoom-controls").bounding_box()
        assert (
            m["x"] + m["width"] <= z["x"]
            or m["y"] + m["height"] <= z["y"]
            or z["y"] + z["height"] <= m["y"]
        ), (size, m, z)
    print("\n" + "\n".join(report))


def test_the_menu_and_dialogs_on_a_phone(page: Any, tmp_path: Path) -> None:
    """On a phone the top bar's actions fold into a menu; each screen opens over the map
    with the focus in it, and closes with its ✕ back to the game; the new-game screen's
    Start button stays in sight."""
    shots = shots_dir(tmp_path)
    load_position(page, turn_position("classic"))
    open_curtain(page)
    resize(page, "390x844")
    gap = page.evaluate(
        """() => { const b = document.querySelector('.menu-toggle');
          const sign = b.querySelector('span').getBoundingClientRect();
          const word = document.createRange(); word.selectNodeContents(b.lastChild);
          return word.getBoundingClientRect().left - sign.right; }"""
    )
    assert gap >= 3, f"the menu's sign and word run together ({gap} px)"
    for size in ("360x640", "844x390"):
        resize(page, size)
        assert not page.locator('.header-actions [data-arg="rules"]').is_visible()
        press(page, "menu")
        assert page.locator('.header-actions [data-arg="rules"]').is_visible()
        page.screenshot(path=str(shots / f"touch-menu-{size}.png"))
        page.locator('.header-actions [data-arg="rules"]').tap()
        page.wait_for_selector(".screen.rules")
        assert page.evaluate("() => document.activeElement.id") == "rules-title"
        press(page, "escape")
        page.wait_for_selector("#overlay", state="hidden")
        go(page, "setup")
        page.wait_for_selector(".screen.setup")
        start = page.locator('[data-action="start"]').bounding_box()
        box = page.locator("#overlay-slot").bounding_box()
        assert start["y"] + start["height"] <= box["y"] + box["height"] + 1, size
        page.screenshot(path=str(shots / f"touch-setup-{size}.png"))
        press(page, "escape")
        page.wait_for_selector("#overlay", state="hidden")
    # by keyboard, Escape gives the focus back to what opened the screen: the rules button,
    # or on a phone the menu button (the menu folded away when the screen opened)
    active = "() => document.activeElement.dataset.action || document.activeElement.id"
    for size, opener in (("360x640", "menu"), ("1280x800", "screen")):
        resize(page, size)
        if opener == "menu":
            page.locator('[data-action="menu"]').focus()
            page.keyboard.press("Enter")
        rules = page.locator('.header-actions [data-arg="rules"]')
        rules.wait_for(state="visible")
        rules.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".screen.rules")
        assert page.evaluate(active) == "rules-title", size
        page.keyboard.press("Escape")
        page.wait_for_selector("#overlay", state="hidden")
        page.wait_for_function(f"() => ({active})() === '{opener}'", timeout=TIMEOUT)


def test_full_screen_where_the_browser_allows_it(page: Any, dist_dir: Path) -> None:
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    assert manifest["display"] == "fullscreen"  # the installed app opens full screen
    resize(page, "1024x768")
    if not page.evaluate("() => document.fullscreenEnabled"):
        assert page.locator('[data-action="fullscreen"]').count() == 0
        return
    press(page, "fullscreen")
    page.wait_for_function("() => !!document.fullscreenElement", timeout=TIMEOUT)
    page.wait_for_selector('[data-action="fullscreen"][aria-pressed="true"]')
    press(page, "fullscreen")
    page.wait_for_function("() => !document.fullscreenElement", timeout=TIMEOUT)


# ------------------------------------------------------------------------------- axe
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
#: Rules of the issue that must pass whatever axe calls their impact.
NAMED_RULES = {"scrollable-region-focusable", "heading-order", "region"}
#: Each board in both languages, each at a phone and a desktop size, every language at
#: both sizes: four boards x two combinations cover every pair.
AXE_RUNS = [
    ("classic", "pt", "390x844"),
    ("classic", "en", "1280x800"),
    ("war2", "pt", "1280x800"),
    ("war2", "en", "360x640"),
    ("mitologicas", "pt", "844x390"),
    ("mitologicas", "en", "1920x1080"),
    ("brasil", "pt", "1024x768"),
    ("brasil", "en", "390x844"),
]
AXE_LOG: list[str] = []


def axe_problems(page: Any, screen: str) -> list[str]:
    """axe-core's serious and critical violations (and the issue's named rules)."""
    # evaluated, not added as an inline <script>: the page's CSP blocks inline scripts
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: [
            'wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    bad = [
        f"{screen}: {v['id']} ({v['impact']}) {v['nodes']}"
        for v in found
        if v["impact"] in ("serious", "critical") or v["id"] in NAMED_RULES
    ]
    AXE_LOG.append(f"{screen}: {len(bad)} serious/critical")
    return bad


def won_soon(board_id: str) -> Game:
    """Ana needs one more territory for her objective, next to her largest army."""
    board = get_variant(board_id).board
    goal = 18 if board_id == "brasil" else 24
    source, enemy, _own = front(board_id)
    rest = [t for t in board.territories if t not in (source, enemy)]
    owner = {t: 1 + i % 2 for i, t in enumerate(rest)}
    owner.update(dict.fromkeys(rest[: goal - 2], 0))
    owner.update({source: 0, enemy: 1})
    armies = {source: 40, enemy: 1}
    objective = f"territories_{goal}"
    return Game.scenario(
        board_id,
        SEATS,
        owner,
        armies=armies,
        round=2,
        seed=6,
        objectives={0: objective, 1: objective, 2: objective},
    )


def closest_pair(page: Any, owner: str | None = None) -> tuple[float, float]:
    """The middle of the two nearest badges on the screen, of one ``owner`` colour or of
    any (a tap there is a close call between two territories)."""
    return tuple(
        page.evaluate(
            """(owner) => {
      const held = owner ? `[data-owner="${owner}"]` : '[data-owner]';
      const c = [...document.querySelectorAll(`#board .badge${held} circle`)].map(
          e => { const b = e.getBoundingClientRect();
                 return [b.x + b.width / 2, b.y + b.height / 2]; });
      let best = null;
      for (let i = 0; i < c.length; i++) for (let j = i + 1; j < c.length; j++) {
        const d = Math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1]);
        if (!best || d < best[0]) best = [d, (c[i][0] + c[j][0]) / 2, (c[i][1] + c[j][1]) / 2];
      }
      return [best[1], best[2]];
    }""",
            owner,
        )
    )


@pytest.mark.skipif(not AXE.is_file(), reason="npm ci installs axe-core")
@pytest.mark.parametrize(("board_id", "lang", "size"), AXE_RUNS)
def test_no_serious_accessibility_problem_on_any_screen(
    page: Any, board_id: str, lang: str, size: str
) -> None:
    resize(page, size)
    if page.locator("html").get_attribute("lang")[:2] != lang:
        item = page.locator('.header-actions [data-action="lang"]')
        if not item.is_visible():
            press(page, "menu")
        item.tap()
        page.wait_for_function("(l) => document.documentElement.lang.startsWith(l)", arg=lang)
    bad: list[str] = []
    logged = len(AXE_LOG)
    go(page, "setup")
    page.wait_for_selector(".screen.setup")
    press(page, "variant", board_id)
    bad += axe_problems(page, "setup")
    game = turn_position(board_id)
    source, enemy, own = front(board_id)
    load_position(page, game)
    bad += axe_problems(page, "curtain")
    open_curtain(page)
    bad += axe_problems(page, "placing")
    press(page, "reveal")
    bad += axe_problems(page, "cards")
    press(page, "hide")
    if page.locator('[data-action="menu"]').is_visible():
        press(page, "menu")
        bad += axe_problems(page, "menu")
        press(page, "menu")
    place_everything(page, source)
    page.wait_for_selector(".phase.attack")
    page.touchscreen.tap(*closest_pair(page))
    if page.locator("#choice:not([hidden])").count():
        bad += axe_problems(page, "chooser")
        press(page, "escape")
    touch_badge(page, source)
    touch_badge(page, enemy)
    page.wait_for_selector('[data-action="attack"]')
    bad += axe_problems(page, "attack chosen")
    for _ in range(30):
        if page.locator(".phase.occupy").count() or state_of(page)[enemy][0] == "azul":
            break
        press(page, "attack")
        page.wait_for_selector(".dice .die.red")
    bad += axe_problems(page, "dice" if not page.locator(".phase.occupy").count() else "occupy")
    if page.locator(".phase.occupy").count():
        page.locator('[data-action="occupy"]').locator("visible=true").last.tap()
    press(page, "end-attack")
    page.wait_for_selector(".phase.regroup")
    touch_badge(page, source)
    touch_badge(page, own)
    page.wait_for_selector('[data-action="regroup"]')
    bad += axe_problems(page, "regroup")
    for screen in ("rules", "history", "stats", "saves"):
        go(page, screen)
        page.wait_for_selector(f".screen.{screen}")
        if screen == "stats":  # the chart's figures unfolded: a table in a scrolling box
            if not page.locator(".chart-figures table.figures").count():
                press(page, "chart-figures")  # (it stays unfolded for the next visits)
            page.wait_for_selector(".chart-figures table.figures")
        bad += axe_problems(page, screen)
        if screen == "history":
            press(page, "replay-start")
            page.wait_for_selector(".replay")
            bad += axe_problems(page, "replay")
            press(page, "screen", "play")
            page.wait_for_selector(".replay", state="detached")
            continue
        press(page, "escape")
        page.wait_for_selector("#overlay", state="hidden")
    load_position(page, won_soon(board_id))
    open_curtain(page)
    place_everything(page, source)
    touch_badge(page, source)
    touch_badge(page, enemy)
    for _ in range(30):
        if page.locator("html[data-screen=over], .phase.occupy").count():
            break
        press(page, "attack")
        page.wait_for_timeout(30)
    if page.locator(".phase.occupy").count():
        page.locator('[data-action="occupy"]').locator("visible=true").last.tap()
    page.wait_for_selector("html[data-screen=over]", timeout=TIMEOUT)
    bad += axe_problems(page, "game over")
    print(f"\naxe {board_id} {lang} {size}: " + "; ".join(AXE_LOG[logged:]))
    assert bad == []


#: Each seat's select: its longest choice's text width (in the select's font), and the room
#: for text in the select (its inner width less the padding and Chromium's 18 px arrow).
SELECT_ROOM_JS = """() => [...document.querySelectorAll('.seat select')].map((sel) => {
  const style = getComputedStyle(sel);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.font;
  if (style.letterSpacing !== 'normal') ctx.letterSpacing = style.letterSpacing;
  const text = Math.max(...[...sel.options].map((o) => ctx.measureText(o.text).width));
  const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const room = sel.clientWidth - pad - 18;
  return {what: sel.className, text: Math.ceil(text), room: Math.floor(room)};
})"""


#: WCAG 1.4.12's text spacing, as a reader's style sheet sets it (through the CSSOM: the
#: page's CSP refuses a style element).
TEXT_SPACING_JS = """() => {
  const sheet = document.styleSheets[0];
  sheet.insertRule('* { line-height: 1.5 !important; letter-spacing: 0.12em !important;'
                   + ' word-spacing: 0.16em !important; }', sheet.cssRules.length);
  sheet.insertRule('p { margin-bottom: 2em !important; }', sheet.cssRules.length);
}"""


@pytest.mark.parametrize(("lang", "spacing"), [("pt", False), ("en", False), ("pt", True)])
def test_the_new_game_seats_read_whole_on_a_phone(
    chromium_browser: Any, server_url: str, lang: str, spacing: bool
) -> None:
    """On the narrowest phones the seat's colour and who plays ("Computador normal") read
    whole in their selects, in both languages; with WCAG's wider text spacing too (the
    colour cut "vermelho" to "vermelh": who plays now takes a line of its own)."""
    context = chromium_browser.new_context(
        base_url=server_url, has_touch=True, is_mobile=True, viewport={"width": 360, "height": 640}
    )
    try:
        page = context.new_page()
        goto_ready(page, f"index.html?lang={lang}")
        if spacing:
            page.evaluate(TEXT_SPACING_JS)
        for size in PHONES:
            resize(page, size)
            found = page.evaluate(SELECT_ROOM_JS)
            assert len(found) == 6, found
            cut = [f for f in found if f["text"] > f["room"]]
            assert not cut, (size, cut)
    finally:
        context.close()


#: How far the open dialog scrolls sideways (CSS px).
SIDEWAYS_JS = """() => {
  const box = document.querySelector('.overlay-box');
  return box.scrollWidth - box.clientWidth;
}"""

#: Each row of the statistics: the colour swatch's box and the lines of the name beside it.
STATS_ROWS_JS = """() => {
  const rows = [...document.querySelectorAll('table.stats tbody tr')].map((tr) => {
    const cell = tr.querySelector('td');
    const swatch = cell.querySelector('.swatch').getBoundingClientRect();
    const text = [...cell.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = [...range.getClientRects()];
    const first = lines[0];
    return {name: text.textContent, lines: new Set(lines.map((r) => Math.round(r.top))).size,
            lefts: lines.map((r) => r.left),
            swatch: [swatch.left, swatch.right, (swatch.top + swatch.bottom) / 2],
            line: [first.left, first.top, first.bottom]};
  });
  return rows;
}"""


#: The chart's tick labels' left edges against the chart's own (negative: cut off).
CHART_TICKS_JS = """() => {
  const svg = document.querySelector('.chart svg').getBoundingClientRect();
  const ticks = [...document.querySelectorAll('.chart .tick')];
  return {lefts: ticks.map((t) => t.getBoundingClientRect().left - svg.left),
          top: Math.max(...ticks.map((t) => +t.textContent || 0))};
}"""


def six_at_round_fourteen() -> Game:
    """Six players (one with a name of 40 characters) after 13 rounds of normal bots:
    three-digit losses and rolls in the statistics."""
    game, _levels, bots = new_match(["normal"] * 6, 11, "classic")
    names = ["Bruno", "Maria Aparecida dos Santos Figueiredo Jr", "Ana", "Carla", "Davi", "Edu"]
    for player, name in zip(game.players, names, strict=True):
        player.name = name
    game.setup["players"] = [[p.name, p.color] for p in game.players]
    while game.phase != "over" and game.round < 14:
        game.apply(bots[game.current].choose(game))
    assert game.phase != "over" and max(game.luck(i)["attack_lost"] for i in range(6)) >= 100
    return game


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_statistics_show_each_colour_beside_its_name(
    chromium_browser: Any, server_url: str, lang: str
) -> None:
    """In the statistics of six players with three-digit losses every player's colour sits
    on the first line of the name, left of it, however long the name (40 characters wrap
    beside it, never under it), and no dialog scrolls sideways: on phones and tablets held
    both ways."""
    context = chromium_browser.new_context(
        base_url=server_url, has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.new_page()
        goto_ready(page, f"index.html?lang={lang}")
        game = six_at_round_fourteen()
        names = [p.name for p in game.players]
        load_position(page, game, kinds=("human",) * 6)
        open_curtain(page)
        for size in ("360x640", "390x844", "844x390", "768x1024", "1280x800"):
            resize(page, size)
            go(page, "stats")
            page.wait_for_selector(".screen.stats")
            sideways = page.evaluate(SIDEWAYS_JS)
            assert sideways <= 1, (size, sideways)
            rows = page.evaluate(STATS_ROWS_JS)
            assert [r["name"] for r in rows] == names
            for row in rows:  # every line of every name right of the swatch
                left, right, middle = row["swatch"]
                line_left, top, bottom = row["line"]
                assert top <= middle <= bottom, (size, row)
                assert all(right <= x + 1 for x in row["lefts"]), (size, row)
            assert rows[0]["lines"] == 1, (size, rows[0])
            if size in ("360x640", "390x844"):  # the long name wraps, beside its swatch
                assert rows[1]["lines"] > 1, rows[1]
            for chart in ("armies", "territories"):  # three-digit armies: "121" read "21"
                press(page, "chart", chart)
                ticks = page.evaluate(CHART_TICKS_JS)
                assert min(ticks["lefts"]) >= -0.5, (size, chart, ticks)
                assert chart != "armies" or ticks["top"] > 99, ticks
            press(page, "escape")
            page.wait_for_selector("#overlay", state="hidden")
            for screen in ("rules", "history", "saves", "setup"):  # nor does any other dialog
                go(page, screen)
                page.wait_for_selector(f".screen.{screen}")
                sideways = page.evaluate(SIDEWAYS_JS)
                assert sideways <= 1, (size, screen, sideways)
                press(page, "escape")
                page.wait_for_selector("#overlay", state="hidden")
    finally:
        context.close()


# ------------------------------------------------------- the panel follows the player
def siege_position(board_id: str) -> Game:
    """Ana to attack from a stack of 25 a neighbour of 30 (a roll conquers nothing)."""
    owner, armies = front_board(board_id, 30)
    return Game.scenario(board_id, SEATS, owner, armies=armies, round=2, seed=4)


@pytest.mark.parametrize(
    ("board_id", "size", "lang"),
    [("classic", "390x844", "pt"), ("mitologicas", "390x844", "en"), ("war2", "844x390", "en")],
)
def test_the_panel_shows_each_new_step_and_the_last_roll_beside_the_buttons(
    page: Any, board_id: str, size: str, lang: str
) -> None:
    """On a phone, by touch only (no control scrolled into view for the finger): after a
    roll the dice's outcome is in sight with the Attack button; a panel scrolled down (to
    the dice or the log) comes back to its top when the player's step changes, so the new
    instruction is in sight; the zoom buttons speak the page's language."""
    resize(page, size)
    switch_language(page, lang)
    try:
        source, enemy, _own = front(board_id)
        load_position(page, siege_position(board_id))
        open_curtain(page)
        # the amounts in sight before the list of armies bound to places
        assert in_sight(page, '[data-action="amount"][data-arg="all"]')
        place_everything(page, source)
        page.wait_for_selector(".phase.attack")
        page.evaluate("() => { document.getElementById('panel').scrollTop = 0; }")
        touch_badge(page, source)
        touch_badge(page, enemy)
        page.wait_for_selector('[data-action="attack"]')
        tap_in_sight(page, '[data-action="attack"]')
        page.wait_for_selector(".dice .die.red")
        red = page.locator(".dice .die.red").all_inner_texts()
        yellow = page.locator(".dice .die.yellow").all_inner_texts()
        roll = page.locator(".last-roll").inner_text()
        assert " ".join(red) in roll and " ".join(yellow) in roll, (roll, red, yellow)
        assert in_sight(page, ".last-roll") and in_sight(page, '[data-action="attack"]')
        tap_in_sight(page, '[data-action="attack"]')  # again, the buttons where they were
        # the player scrolls the panel down (the dice, the log), then taps the map: the
        # source let go, a new step whose instruction is at the top
        page.evaluate(
            "() => { for (const el of [document.getElementById('panel'),"
            " ...document.querySelectorAll('#panel .panel-group')]) el.scrollTop = 1e5; }"
        )
        assert not in_sight(page, ".phase.attack .turn, .turn")
        touch_badge(page, source)
        page.wait_for_selector(f'#board [data-territory="{source}"]:not([data-state="source"])')
        settle(page)
        assert in_sight(page, ".turn") and in_sight(page, ".phase.attack .hint")
        # a blitz that conquers, the panel scrolled down to its button: the question of
        # how many move in is in sight whole, the turn's name above it
        to_the_attack(page, board_id)
        choose_battle(page, source, enemy)
        page.wait_for_selector('[data-action="blitz"]')
        page.evaluate(
            """() => { const panel = document.getElementById('panel');
              const b = document.querySelector('[data-action="blitz"]').getBoundingClientRect();
              panel.scrollTop += b.top - panel.getBoundingClientRect().top - 4; }"""
        )
        assert not in_sight(page, ".turn")
        tap_in_sight(page, '[data-action="blitz"]')
        page.wait_for_selector(".phase.occupy", timeout=TIMEOUT)
        settle(page)
        assert in_sight(page, ".phase.occupy p") and in_sight(page, ".turn")
        labels = page.evaluate(
            "() => [...document.querySelectorAll('.zoom-controls [data-zoom]')]"
            ".map((b) => b.getAttribute('aria-label'))"
        )
        want = (
            ["Zoom in", "Zoom out", "Whole map"]
            if lang == "en"
            else ["Aproximar o mapa", "Afastar o mapa", "Mapa inteiro"]
        )
        assert labels == want
        assert page.locator("#panel").get_attribute("aria-label") == (
            "Game panel" if lang == "en" else "Painel do jogo"
        )
        assert page.locator("#notice-slot").get_attribute("aria-label") == (
            "Notices" if lang == "en" else "Avisos"
        )
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(
    ("board_id", "lang", "size"), [("classic", "pt", "390x844"), ("brasil", "en", "844x390")]
)
def test_a_battle_of_thousands_by_touch_on_a_phone(
    page: Any, board_id: str, lang: str, size: str
) -> None:
    """A late game's stacks (7,600 against 4,300): the odds are "about" (choosing the battle
    set the game aside as damaged), the blitz's floor lists round numbers (it listed 7,599
    choices), the blitz ends in seconds (it rolled some 7 times a second: 8 minutes), and
    the history tells it in one line (it listed every roll)."""
    resize(page, size)
    switch_language(page, lang)
    try:
        source, enemy, _own = front(board_id)
        owner, armies = front_board(board_id, 4300)
        armies[source] = 7600  # (9,000 would be "more than 99.9%", with no "about")
        load_position(page, Game.scenario(board_id, SEATS, owner, armies=armies, round=2, seed=4))
        open_curtain(page)
        place_everything(page, source)
        page.wait_for_selector(".phase.attack")
        choose_battle(page, source, enemy)
        odds = page.locator(".phase.attack .odds").inner_text()
        assert ("about" if lang == "en" else "cerca de") in odds, odds
        cells = page.locator("table.players td").all_text_contents()  # Ana's 7,600 and more
        mark = {"en": r",", "pt": r"\."}[lang]
        assert any(re.fullmatch(rf"[7-9]{mark}\d{{3}}", c) for c in cells), cells  # "7.620"
        floors = page.locator('select[data-action="blitz-floor"] option').count()
        assert 20 < floors < 45, floors
        tap_in_sight(page, '[data-action="blitz"]')
        page.wait_for_selector('[data-action="stop"]', state="detached", timeout=60_000)
        go(page, "history")
        page.wait_for_selector(".screen.history")
        lines = page.locator(".history-lines li").all_inner_texts()
        word = "times." if lang == "en" else "vezes."
        grouped = [x for x in lines if f" {word} " in x or x.endswith(word)]
        assert len(grouped) == 1 and len(lines) < 20, lines[-5:]
        page.locator(".dialog-close").tap()
        page.wait_for_selector("html[data-screen=play]")
    finally:
        switch_language(page, "pt")


SCROLLED_DIALOG_JS = """() => {
  const box = document.querySelector('.overlay-box');
  box.scrollTop = box.scrollHeight / 2;
  const x = document.querySelector('.dialog-close').getBoundingClientRect();
  const title = document.querySelector('.overlay-box h2').getBoundingClientRect();
  const inner = box.getBoundingClientRect();
  const at = (px, py) => {
    const el = document.elementFromPoint(px, py);
    return !el ? null : el.closest('.dialog-head') ? 'head' : el.tagName.toLowerCase();
  };
  return {scrolled: box.scrollTop, top: x.top - inner.top, right: inner.right - x.right,
          title: title.top - inner.top, beside: at(x.left - 8, x.top + x.height / 2),
          above: at(x.left + x.width / 2, x.top - 2)};
}"""


@pytest.mark.parametrize(
    ("board", "size", "lang"), [("mitologicas", "390x844", "en"), ("war2", "1024x768", "pt")]
)
def test_a_scrolled_dialog_keeps_its_close_button_clear_of_the_text(
    page: Any, board: str, size: str, lang: str
) -> None:
    """The rules scrolled half way: the ✕ stays at the top right on the heading's row, the
    heading in sight beside it, and no line of the rules shows beside or above the ✕ (a
    floating ✕ alone covered a word on a phone); a tap on it closes the rules."""
    resize(page, size)
    switch_language(page, lang)
    try:
        load_position(page, turn_position(board))
        open_curtain(page)
        go(page, "rules")
        page.wait_for_selector(".screen.rules")
        seen = page.evaluate(SCROLLED_DIALOG_JS)
        assert seen["scrolled"] > 300, seen
        assert 0 <= seen["top"] <= 32 and 0 <= seen["right"] <= 32, seen
        assert 0 <= seen["title"] <= 32, seen
        assert seen["beside"] == "head" and seen["above"] == "head", seen
        page.locator(".dialog-close").tap()
        page.wait_for_selector("#overlay", state="hidden")
        assert page.locator("html").get_attribute("data-screen") == "play"
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize("size", ["1024x768", "1280x800"])
def test_a_dialog_over_the_longest_name_keeps_the_top_bar_on_one_line(page: Any, size: str) -> None:
    """A tablet held sideways, Mythological Battles in English (the longest name): with a
    dialog open the top bar stays one line (its "Back to the game" gives way to the
    dialog's ✕, which goes back) and names the game whole; the ✕ closes each dialog."""
    resize(page, size)
    switch_language(page, "en")
    try:
        load_position(page, turn_position("mitologicas"))
        open_curtain(page)
        one_line = page.evaluate("() => document.querySelector('.topbar').offsetHeight")
        for screen in ("history", "stats", "rules", "saves", "setup"):
            go(page, screen)
            page.wait_for_selector(f".screen.{screen}")
            assert page.evaluate("() => document.querySelector('.topbar').offsetHeight") == (
                one_line
            ), screen
            if screen != "setup":  # the new-game screen names the game it sets up
                assert_game_named(page, "mitologicas")
            # its ✕ at the top right of the dialog, as on every dialog
            corner = page.evaluate(
                """() => { const box = document.getElementById('overlay-slot')
                    .getBoundingClientRect();
                  const x = document.querySelector('.dialog-close').getBoundingClientRect();
                  return [box.right - x.right, x.top - box.top]; }"""
            )
            assert 0 <= corner[0] <= 32 and 0 <= corner[1] <= 32, (screen, corner)
            if screen == "saves":  # the game in play as wide as the others, below the ✕
                widths = page.evaluate(
                    "() => [...document.querySelectorAll('.save-list, .save-list .save')]"
                    ".map((el) => Math.round(el.getBoundingClientRect().width))"
                )
                assert len(widths) > 1 and max(widths) - min(widths) <= 1, widths
                # each row's buttons line up with the other rows' (the game in play's
                # outline once pushed its own 10 px inwards; the games of the module's
                # earlier tests are listed too)
                edges = page.evaluate(
                    """() => [...document.querySelectorAll('.save-list .save')].map((el) =>
                        Math.round([...el.querySelectorAll('.btn')].pop()
                          .getBoundingClientRect().right))"""
                )
                assert max(edges) - min(edges) <= 1, edges
            page.locator(".dialog-close").tap()
            page.wait_for_selector("#overlay", state="hidden")
            assert page.locator("html").get_attribute("data-screen") == "play"
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize("size", ["844x390", "390x844"])
def test_war2_first_placement_shows_the_amounts_in_sight(page: Any, size: str) -> None:
    """WAR II's first placement lists the armies bound to continents, majorities and
    centres: on a phone, either way up, the amounts (+1, +5, All) come before that list,
    in sight without scrolling, and All then a tap places a whole pool."""
    resize(page, size)
    game, _levels, bots = new_match(["normal"] * 3, 11, "war2")
    while not (game.current == 0 and game.phase == "reinforce"):
        game.apply(bots[game.current].choose(game))
    assert len(game.pools) > 2, game.pools
    load_position(page, game)
    open_curtain(page)
    assert page.locator(".pools li").count() > 2
    assert in_sight(page, '[data-action="amount"][data-arg="all"]')
    tap_in_sight(page, '[data-action="amount"][data-arg="all"]')
    before = page.locator("#pending").inner_text()
    ana = game.players[0].color
    free = next(t for t, (o, _a, s) in state_of(page).items() if o == ana and s == "option")
    touch_badge(page, free)
    page.wait_for_function(
        "(b) => !document.querySelector('#pending') || "
        "document.querySelector('#pending').textContent !== b",
        arg=before,
        timeout=TIMEOUT,
    )


@pytest.mark.parametrize(("size", "lang"), [("1024x768", "en"), ("844x390", "pt")])
def test_war2_second_stage_keeps_the_end_buttons_in_sight(page: Any, size: str, lang: str) -> None:
    """WAR II's first round, stage 2 (attacks with no new armies): the note that says so
    comes after the buttons, so a tablet's strip and a phone held sideways show End
    attacks and End turn unscrolled (before them, the note pushed them out of the strip);
    a tap on End attacks goes on to the regroup."""
    resize(page, size)
    switch_language(page, lang)
    try:
        game, _levels, bots = new_match(["normal"] * 3, 11, "war2")
        while not (game.current == 0 and game.phase == "attack" and game.stage == 2):
            game.apply(bots[game.current].choose(game))
        load_position(page, game)
        open_curtain(page)
        assert page.locator("#panel .hint.stage").count() == 1
        for action in ("end-attack", "end-turn"):
            assert in_sight(page, f'#panel [data-action="{action}"]'), action
        tap_in_sight(page, '#panel [data-action="end-attack"]')
        page.wait_for_selector("#panel .phase.regroup", timeout=TIMEOUT)
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(("size", "lang"), [("390x844", "en"), ("768x1024", "pt")])
def test_a_finished_game_shows_its_map_statistics_and_history(
    page: Any, size: str, lang: str
) -> None:
    """The result of a finished game (War Brasil, four seats) offers, besides a new game,
    its final map (the result then in the panel, a tap brings it back), the statistics
    and the history; closing either comes back to the result."""
    resize(page, size)
    switch_language(page, lang)
    try:
        game, _levels, bots = new_match(["normal"] * 4, 5, "brasil")
        while game.phase != "over":
            game.apply(bots[game.current].choose(game))
        winner = game.players[game.winner].name
        load_position(page, game, kinds=("human",) * 4, screen="over")
        wins = "wins!" if lang == "en" else "venceu!"
        assert f"{winner} {wins}" in page.locator("#overlay").inner_text()
        tap_in_sight(page, '#overlay [data-action="screen"][data-arg="final"]')
        page.wait_for_selector("html[data-screen=final]")
        assert not page.locator("#overlay").is_visible()
        assert f"{winner} {wins}" in page.locator("#panel").inner_text()
        assert page.locator("#board [data-territory][data-owner]").count() == len(
            game.board.territories
        )
        tap_in_sight(page, '#panel [data-action="screen"][data-arg="play"]')
        page.wait_for_selector("html[data-screen=over]")
        for screen in ("stats", "history"):
            tap_in_sight(page, f'#overlay [data-action="screen"][data-arg="{screen}"]')
            page.wait_for_selector(f".screen.{screen}")
            page.locator(".dialog-close").tap()
            page.wait_for_selector("html[data-screen=over]")
    finally:
        switch_language(page, "pt")


def test_a_turn_starts_with_what_the_computers_took(page: Any, tmp_path: Path) -> None:
    """On a phone, in English: Ana ends her turn by touch, two computers play theirs (one
    has 40 armies beside her South America), and her next turn opens with what she lost
    and to whom, above her placement, and again after a reload (recalled from the game's
    log); once she has placed it is gone."""
    resize(page, "390x844")
    switch_language(page, "en")
    try:
        board = get_variant("classic").board
        south = ["venezuela", "peru", "brasil", "argentina"]
        caio = ["australia", "nova_guine"]
        bia = [t for t in board.territories if t not in south + caio][:30]
        owner = {t: 0 for t in board.territories} | dict.fromkeys(bia, 1) | dict.fromkeys(caio, 2)
        owner |= {"mexico": 1, "argelia": 1}
        armies = {t: 1 for t in board.territories} | {"mexico": 40, "argelia": 40}
        game = Game.scenario("classic", SEATS, owner, armies=armies, seed=3)
        load_position(page, game, kinds=("human", "normal", "normal"))
        place_everything(page, "argentina")
        press(page, "end-attack")
        press(page, "end-turn")
        note = page.locator("#panel .losses")
        note.wait_for(timeout=90_000)
        said = note.inner_text()
        assert said.startswith("Since your last turn you lost"), said
        assert re.search(r"(Venezuela|Peru|Brazil|Argentina) \(to (Bia|Caio)\)", said), said
        assert in_sight(page, "#panel .losses")
        page.screenshot(path=str(shots_dir(tmp_path) / "losses-390x844.png"))
        goto_ready(page)  # a reload (or the game opened on another device): the same note
        page.wait_for_selector("html[data-screen=play]")
        note.wait_for(timeout=TIMEOUT)
        assert note.inner_text() == said
        place_everything(page, "argentina")
        assert page.locator("#panel .losses").count() == 0
    finally:
        switch_language(page, "pt")


def spying_position(ana_cards: list[int] | None = None) -> Game:
    """WAR II with Information Centres, round 2: Ana (Brazil, Argentina, Peru; her centre
    on Brazil) to place, Bia with two cards to spy on, Ana with ``ana_cards``."""
    from pywar.variants.war2.rules import War2Game

    board = get_variant("war2").board
    owner = {t: 1 + i % 2 for i, t in enumerate(board.territories)} | {"brasil": 0}
    owner |= {"argentina": 0, "peru": 0}
    return War2Game.scenario(
        "war2",
        SEATS,
        owner,
        armies={"brasil": 5},
        objectives={s: "territories_18_x2" for s in range(3)},
        hands={0: ana_cards or [], 1: [0, 1]},
        seed=5,
        options={"information_centres": True},
        round=2,
        ci={0: "brasil"},
    )


def test_war2_spied_cards_come_into_sight(page: Any) -> None:
    """WAR II with Information Centres, on a phone in English: after a tap on "Spy" the
    cards just seen are focused and in sight (they appeared below the panel's fold)."""
    resize(page, "390x844")
    switch_language(page, "en")
    try:
        load_position(page, spying_position(), kinds=("human", "human", "normal"))
        open_curtain(page)
        place_everything(page, "brasil")
        page.locator('#panel [data-action="w2-spy"][data-arg="1"]').first.wait_for()
        page.locator('#panel [data-action="w2-spy"][data-arg="1"]').first.tap()
        page.wait_for_selector("#w2-intel")
        page.wait_for_function("() => document.activeElement?.id === 'w2-intel'")
        assert "Bia" in page.locator("#w2-intel").inner_text()
        assert in_sight(page, "#w2-intel h2")
        # the air bases' tooltips in English too (the map's own are Portuguese)
        title = page.locator('#board .air-base[data-color="azul"] title').text_content()
        assert title.startswith("Air base (blue): "), title
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(
    ("board_id", "size"), [("classic", "1024x768"), ("mitologicas", "844x390")]
)
def test_three_cards_picked_by_hand_bring_trade_into_sight(
    page: Any, board_id: str, size: str
) -> None:
    """Three cards tapped one by one (each brought into sight as a person scrolls to it):
    the Trade button under them comes into sight (on a tablet's strip and a phone on its
    side it stayed below the fold) and a tap on it trades."""
    resize(page, size)
    game = turn_position(board_id)
    load_position(page, game)
    open_curtain(page)
    press(page, "reveal")
    page.wait_for_selector(".secrets.open")
    pending = page.locator("#pending").inner_text()
    for card in page.locator('.secrets.open [data-action="card"]').all()[:3]:
        card.tap()
    page.wait_for_function(
        """() => { const b = document.querySelector('.secrets [data-action="trade"]')
          .getBoundingClientRect(); const p = document.getElementById('panel')
          .getBoundingClientRect(); return b.top >= p.top - 1
          && b.bottom <= Math.min(innerHeight, p.bottom) + 1; }""",
        timeout=TIMEOUT,
    )
    tap_in_sight(page, '.secrets [data-action="trade"]')
    page.wait_for_function(
        "(b) => document.querySelector('#pending').textContent !== b",
        arg=pending,
        timeout=TIMEOUT,
    )


@pytest.mark.parametrize(
    ("size", "lang"), [("1024x768", "en"), ("768x1024", "pt"), ("844x390", "en")]
)
def test_war2_spying_and_a_cards_uses_are_in_sight_on_a_tablet(
    page: Any, size: str, lang: str
) -> None:
    """WAR II with Information Centres on a tablet, both ways round, and a phone on its
    side: "Spy…" is in sight beside End turn (the Information Centres' spy buttons sat
    below the strip, never seen: a spy not made by the turn's end is lost), its choices
    come at the panel's top; a tap on a territory card brings its uses into sight (they
    opened below the fold and the tap seemed to do nothing)."""
    resize(page, size)
    switch_language(page, lang)
    try:
        # Ana's card: South America, a card of her own territories
        game = spying_position(ana_cards=[2])
        load_position(page, game, kinds=("human", "human", "normal"))
        open_curtain(page)
        place_everything(page, "brasil")
        page.wait_for_selector(".phase.attack")
        tap_in_sight(page, '#panel .btn-row.end [data-action="w2-mode"][data-arg="spy"]')
        page.wait_for_selector("#panel .phase.spy")
        tap_in_sight(page, '#panel .phase.spy [data-action="w2-spy"][data-arg="1"]')
        page.wait_for_selector("#w2-intel")
        assert page.locator('[data-action="w2-mode"][data-arg="spy"]').count() == 0
        assert "Bia" in page.locator("#w2-intel").inner_text()
        page.locator(".secrets.open .w2-card:not(.kind-number)").first.tap()
        page.wait_for_selector(".w2-card-uses [data-action='w2-card-armies']")
        page.wait_for_function(
            '() => { const b = document.querySelector(".w2-card-uses button")'
            ".getBoundingClientRect(); const p = document.getElementById('panel')"
            ".getBoundingClientRect(); return b.bottom <= Math.min(innerHeight, p.bottom) + 1"
            " && b.top >= p.top - 1; }",
            timeout=TIMEOUT,
        )
        assert in_sight(page, ".w2-card-uses [data-action='w2-card-armies']")
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(
    ("board_id", "lang", "size", "undo"),
    [
        ("brasil", "en", "390x844", "Undo {name}'s last placement"),
        ("classic", "pt", "844x390", "Desfazer a última colocação de {name}"),
    ],
)
def test_the_curtain_takes_back_a_first_round_last_army_by_touch(
    page: Any, board_id: str, lang: str, size: str, undo: str
) -> None:
    """Pass-and-play, the first round (placements only): the army that ends the first
    person's turn passes it at once. Before the next opens the curtain, the first takes it
    back with a tap and places again; once the next has opened it, nothing can be undone."""
    try:
        resize(page, size)
        options = {"first_round_placement_only": True} if board_id == "classic" else {}
        game = Game.new(board_id, SEATS, seed=5, options=options)
        load_position(page, game)
        switch_language(page, lang)
        open_curtain(page)
        ana = game.players[game.current].color
        mine = [t for t, (owner, _a, _s) in state_of(page).items() if owner == ana]
        where = mine[0]
        before = state_of(page)[where][1]
        press(page, "amount", "all")
        touch_badge(page, where)
        page.wait_for_selector("#curtain:not([hidden])")
        # the curtain shows nothing of the map: no browser tap highlight over it (Chrome on
        # Android painted the badges' whole group pale blue, over the curtain that followed)
        wrap = page.locator("#board-wrap").bounding_box()
        box = (wrap["x"] + wrap["width"] / 2 - 20, wrap["y"] + 40, 40, 40)
        plain = colour_counts(page.screenshot(), box, {"curtain": (0x22, 0x31, 0x3D)})
        assert plain["curtain"] == 40 * 40, plain
        said = undo.format(name=game.players[game.current].name)
        assert page.locator('#curtain [data-action="undo-turn-end"]').inner_text() == said
        tap_in_sight(page, '#curtain [data-action="undo-turn-end"]')
        # the curtain passes back to Ana (the next person held the device: her objective
        # was theirs to see with one more tap)
        name = game.players[game.current].name
        page.wait_for_function(
            "(n) => document.querySelector('#curtain:not([hidden])') && "
            "document.getElementById('curtain').textContent.includes(n)",
            arg=name,
            timeout=TIMEOUT,
        )
        assert page.locator('#curtain [data-action="undo-turn-end"]').count() == 0
        press(page, "curtain-open")
        page.wait_for_selector("#curtain", state="hidden")
        assert state_of(page)[where][1] == before
        assert page.locator("#pending").count() == 1, "Ana's armies are hers to place again"
        press(page, "amount", "all")
        touch_badge(page, mine[-1])
        page.wait_for_selector("#curtain:not([hidden])")
        press(page, "curtain-open")
        page.wait_for_selector("#curtain", state="hidden")
        assert page.locator('[data-action="undo-turn-end"], [data-action="undo"]').count() == 0
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Bruno knocked Ana out of the game."), ("pt", "Bruno eliminou Ana do jogo.")],
)
def test_a_person_knocked_out_by_a_computer_is_told_on_a_phone(
    page: Any, lang: str, said: str
) -> None:
    """Pass-and-play with a computer between two people: the computer takes Ana's last
    territory. The page says so at once (over the curtain), and Caio's turn opens with it
    and the word, the same for everyone, to look at one's objective."""
    try:
        resize(page, "360x640")
        board = get_variant("classic").board
        seats = [("Ana", "azul"), ("Bruno", "verde"), ("Caio", "preto")]
        owner = {t: 1 + i % 2 for i, t in enumerate(board.territories)}
        owner.update(argentina=0, brasil=1)
        armies = {t: 40 for t in board.territories}
        armies.update(argentina=1, brasil=30)
        game = Game.scenario("classic", seats, owner, armies=armies, current=1, seed=3)
        switch_language(page, lang)  # first: the computer moves as soon as the game opens
        load_position(page, game, kinds=("human", "normal", "human"))
        page.wait_for_selector("#curtain:not([hidden])", timeout=TIMEOUT)
        page.wait_for_function(
            "(t) => document.getElementById('message').textContent.includes(t)", arg=said
        )
        assert page.locator("#message").is_visible()
        open_curtain(page)
        note = page.locator(".losses")
        assert said in note.inner_text()
        assert in_sight(page, ".losses")
    finally:
        switch_language(page, "pt")


def test_a_long_name_wraps_beside_its_colour_in_the_turn_header(page: Any) -> None:
    """War Brasil on a phone held sideways, a 25-letter name: the name wraps beside its
    colour (the dot sat alone on a line of its own, the name under it)."""
    resize(page, "844x390")
    game = turn_position("brasil")
    game.players[0].name = "Maria Eduarda Albuquerque"
    game.setup["players"] = [[p.name, p.color] for p in game.players]
    load_position(page, game)
    open_curtain(page)
    boxes = page.evaluate(
        """() => {
          const r = (s) => document.querySelector(s).getBoundingClientRect();
          const dot = r('.turn .swatch'), name = r('.turn-name');
          const lines = document.querySelector('.turn-name').getClientRects().length;
          return {dot: [dot.left, dot.right, (dot.top + dot.bottom) / 2],
                  name: [name.left, name.top, name.bottom], lines};
        }"""
    )
    left, right, middle = boxes["dot"]
    name_left, top, bottom = boxes["name"]
    assert right <= name_left + 0.5, boxes  # beside it, not under it
    assert top <= middle <= bottom, boxes


#: Each candidate badge the chooser covers (by more than a pixel), and the chooser's box.
CHOOSER_COVERS_JS = """() => {
  const box = document.getElementById('choice').getBoundingClientRect();
  const covered = [];
  for (const b of document.querySelectorAll('#choice [data-action="pick"]')) {
    const r = document.querySelector(`#board [data-badge="${b.dataset.arg}"] circle`)
        .getBoundingClientRect();
    const w = Math.min(r.right, box.right) - Math.max(r.left, box.left);
    const h = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
    if (w > 1 && h > 1) covered.push(b.dataset.arg);
  }
  const wrap = document.getElementById('board-wrap').getBoundingClientRect();
  const inside = box.left >= wrap.left && box.right <= wrap.right + 1
      && box.top >= wrap.top && box.bottom <= wrap.bottom + 1;
  return {covered, inside};
}"""


@pytest.mark.parametrize(
    ("board_id", "size"),
    [("brasil", "390x844"), ("brasil", "844x390"), ("classic", "360x640"), ("war2", "844x390")],
)
def test_the_chooser_leaves_the_territories_it_names_in_sight(
    page: Any, board_id: str, size: str
) -> None:
    """A finger between two of the player's close territories on a phone asks which one it
    meant; the chooser sits clear of both badges (the player compares the buttons with
    the map) and inside the map, and its button places there."""
    resize(page, size)
    game = turn_position(board_id)
    load_position(page, game)
    open_curtain(page)
    settle_layout(page)
    page.touchscreen.tap(*closest_pair(page, SEATS[0][1]))  # two of the player's own
    page.wait_for_selector("#choice:not([hidden])", timeout=TIMEOUT)
    picks = page.locator('#choice [data-action="pick"]').evaluate_all(
        "bs => bs.map(b => b.dataset.arg)"
    )
    assert len(picks) >= 2, picks
    seen = page.evaluate(CHOOSER_COVERS_JS)
    assert seen == {"covered": [], "inside": True}, (picks, seen)
    before = state_of(page)[picks[1]][1]
    page.locator(f'#choice [data-action="pick"][data-arg="{picks[1]}"]').tap()
    page.wait_for_selector("#choice", state="hidden")
    page.wait_for_function(
        "([t, n]) => +document.querySelector(`#board [data-badge='${t}'] text`).textContent > n",
        arg=[picks[1], before],
        timeout=TIMEOUT,
    )


def double_tap_zoom(page: Any, territory: str) -> float:
    """A double tap on a territory's badge zooms the map in; the view box's new width."""
    whole = view_box(page)[2]
    page.wait_for_timeout(400)  # the last tap's double-tap window has passed
    x, y = centre(page, f'#board [data-badge="{territory}"] circle')
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(60)
    page.touchscreen.tap(x, y)
    page.wait_for_function(
        "(w) => +document.getElementById('board').getAttribute('viewBox').split(' ')[2] < w",
        arg=whole,
        timeout=TIMEOUT,
    )
    page.wait_for_timeout(400)  # past the double tap's window: the next tap is a tap
    return view_box(page)[2]


@pytest.mark.parametrize("size", ["390x844", "844x390"])
def test_a_new_game_and_a_replay_start_on_the_whole_map(page: Any, size: str) -> None:
    """The map zoomed in during one game: the replay of its history, the game again after
    the replay and a new game all open on the whole map (the replay and the new game
    kept the old zoom, with the territories of the new choice out of sight)."""
    resize(page, size)
    game = turn_position("classic")
    source, _enemy, _own = front("classic")
    load_position(page, game)
    open_curtain(page)
    whole = view_box(page)
    place_everything(page, source)
    page.wait_for_selector(".phase.attack")
    double_tap_zoom(page, source)
    go(page, "history")
    press(page, "replay-start")
    page.wait_for_selector("html[data-screen=replay]")
    assert view_box(page) == pytest.approx(whole)
    double_tap_zoom(page, source)
    press(page, "screen", "play")
    page.wait_for_selector("html[data-screen=play]")
    assert view_box(page) == pytest.approx(whole)
    double_tap_zoom(page, source)
    go(page, "setup")
    page.wait_for_selector(".screen.setup")
    press(page, "variant", "classic")  # the same board (the form remembers the last one)
    press(page, "start")
    page.wait_for_selector("html[data-screen=play]")
    open_curtain(page)
    settle(page)
    assert view_box(page) == pytest.approx(whole)


#: What the finger would touch at the middle of the board's area: the curtain, a dialog
#: over the game, or the map itself.
ON_TOP_OF_THE_MAP_JS = """() => {
  const r = document.getElementById('board-wrap').getBoundingClientRect();
  const el = document.elementFromPoint(r.left + r.width / 2, r.top + 10);
  return el.closest('#overlay') ? 'overlay' : el.closest('#curtain') ? 'curtain'
      : el.closest('#board-wrap') ? 'map' : el.tagName;
}"""


@pytest.mark.parametrize(("screen", "size"), [("history", "820x1180"), ("stats", "390x844")])
def test_a_screen_opened_from_the_menu_keeps_the_curtain_under_it(
    page: Any, screen: str, size: str
) -> None:
    """Pass-and-play: while the curtain waits for the next person, a screen opened from the
    menu (History, Statistics) sits over the curtain, never over the map and the last
    person's turn; closing it shows the curtain again, its button in reach."""
    resize(page, size)
    load_position(page, turn_position("classic"))
    page.wait_for_selector("#curtain:not([hidden])")
    go(page, screen)
    page.wait_for_selector(f"html[data-screen={screen}]")
    assert page.locator("#curtain").is_visible(), "the map shows under the screen"
    assert page.evaluate(ON_TOP_OF_THE_MAP_JS) == "overlay"
    press(page, "escape")
    page.wait_for_selector("html[data-screen=play]")
    assert page.evaluate(ON_TOP_OF_THE_MAP_JS) == "curtain"
    tap_in_sight(page, '#curtain [data-action="curtain-open"]')
    page.wait_for_selector("#curtain", state="hidden")
    assert page.evaluate(ON_TOP_OF_THE_MAP_JS) == "map"


def test_a_language_switch_leaves_no_announcement_in_the_other_language(page: Any) -> None:
    """The screen reader's live region held the last move in Portuguese after a switch to
    English ("Ana colocou 1 exército..."): it is emptied with the switch."""
    resize(page, "820x1180")
    switch_language(page, "pt")  # the module's page may come in English from a test before
    game = turn_position("classic")
    source, _enemy, _own = front("classic")
    load_position(page, game)
    open_curtain(page)
    try:
        press(page, "amount", "1")
        touch_badge(page, source)
        page.wait_for_function(
            "() => document.getElementById('announce').textContent.includes('colocou')",
            timeout=TIMEOUT,
        )
        switch_language(page, "en")
        assert page.locator("#announce").text_content() == ""
        touch_badge(page, source)  # the next move is announced in English
        page.wait_for_function(
            "() => document.getElementById('announce').textContent.includes('placed')",
            timeout=TIMEOUT,
        )
    finally:
        switch_language(page, "pt")


#: How far the curtain's text and button reach past the screen's edges, and how far the
#: panel and the players' table reach past the panel (0: none).
SPILL_JS = """() => {
  const w = innerWidth, out = (r) => Math.max(0, -r.left, r.right - w);
  const curtain = document.querySelector('#curtain:not([hidden]) .curtain-box');
  const panel = document.querySelector('.panel');
  const table = document.querySelector('table.players');
  const kids = curtain ? [...curtain.children].map((e) => out(e.getBoundingClientRect())) : [];
  const edge = panel && panel.getBoundingClientRect().right;
  return {
    curtain: curtain ? Math.max(...kids) : null,
    panel: panel ? panel.scrollWidth - panel.clientWidth : null,
    table: table && panel ? Math.max(0, table.getBoundingClientRect().right - edge) : null,
  };
}"""


@pytest.mark.parametrize(("board_id", "lang"), [("war2", "en"), ("classic", "pt")])
def test_a_name_of_one_long_word_wraps_on_a_phone(page: Any, board_id: str, lang: str) -> None:
    """A 40-letter name of one word (the field takes 40): the curtain cut "Pass to ..." and
    its button off at both edges, and the players' table (and WAR II's air bases) pushed
    the panel sideways; now the name wraps, held upright and sideways, and in a class
    page's 640 x 480 frame."""
    switch_language(page, lang)
    try:
        game = turn_position(board_id)
        game.players[0].name = "Wolfeschlegelsteinhausenbergerdorffwelch"
        game.setup["players"] = [[p.name, p.color] for p in game.players]
        load_position(page, game)
        for size in ("390x844", "844x390"):
            resize(page, size)
            spill = page.evaluate(SPILL_JS)
            assert spill["curtain"] is not None and spill["curtain"] <= 1, (size, spill)
        open_curtain(page)
        for size in ("390x844", "844x390", "360x640"):
            resize(page, size)
            spill = page.evaluate(SPILL_JS)
            assert spill["panel"] <= 1 and spill["table"] <= 1, (size, spill)
        goto_ready(page, f"index.html?embed=1&lang={lang}")  # a class page's frame
        load_position(page, game)
        open_curtain(page)
        resize(page, "640x480")  # (the embed kept a name on one line: the panel scrolled)
        spill = page.evaluate(SPILL_JS)
        assert spill["panel"] <= 1 and spill["table"] <= 1, spill
    finally:
        goto_ready(page, "index.html")
        switch_language(page, "pt")


@pytest.mark.parametrize(("lang", "size"), [("en", "390x844"), ("pt", "844x390")])
def test_a_board_for_fewer_players_says_who_sits_out_and_brings_them_back(
    page: Any, lang: str, size: str
) -> None:
    """Six seats on War Brasil, a tap on Batalhas Mitológicas (4 players), a tap back: two
    seats went without a word and Davi's yellow stayed black. Now a note in the form, in
    sight, says who sits out and why (a message over the form hid its title on a phone),
    and War Brasil brings all six back, Davi in yellow."""
    resize(page, size)
    switch_language(page, lang)
    try:
        go(page, "setup")
        page.wait_for_selector(".screen.setup")
        tap_in_sight(page, '[data-action="variant"][data-arg="brasil"]')
        while page.locator(".screen.setup .seat").count() < 6:
            tap_in_sight(page, '[data-action="seat-add"]')
        colours = page.locator('select[data-action="seat-color"]')
        assert colours.nth(3).input_value() == "amarelo"
        tap_in_sight(page, '[data-action="variant"][data-arg="mitologicas"]')
        page.wait_for_function(
            "() => document.querySelectorAll('.screen.setup .seat').length === 4"
        )
        note = page.locator(".screen.setup .seats-left-out")
        words = {"en": "2 players sit this one out", "pt": "2 jogadores ficam de fora"}[lang]
        assert words in note.inner_text() and in_sight(page, ".screen.setup .seats-left-out")
        # said in the form, not over it: the title and the boards stay uncovered
        assert page.locator("#message").is_hidden()
        assert in_sight(page, "#setup-title")
        assert colours.nth(3).input_value() == "preto"
        tap_in_sight(page, '[data-action="variant"][data-arg="brasil"]')
        page.wait_for_function(
            "() => document.querySelectorAll('.screen.setup .seat').length === 6"
        )
        assert colours.nth(3).input_value() == "amarelo"
        names = page.locator('.screen.setup input[data-action="seat-name"]')
        assert [names.nth(i).input_value() for i in (4, 5)] == ["Elisa", "Fábio"]
        assert page.locator(".screen.setup .seats-left-out").count() == 0
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(
    ("board_id", "size", "lang"), [("war2", "360x640", "en"), ("classic", "844x390", "pt")]
)
def test_a_big_placement_by_tens_and_twenty_fives(
    page: Any, board_id: str, size: str, lang: str
) -> None:
    """A late game's 42 or 54 armies to place (150 and more after big trades) were +1 or
    +5 a tap, or all on one: from 20 a tap may place 10, from 50 also 25, the buttons in
    sight on one line."""
    resize(page, size)
    switch_language(page, lang)
    try:
        territories = list(get_variant(board_id).board.territories)
        owner = {t: 0 for t in territories}
        owner.update({territories[-1]: 1, territories[-2]: 2})
        game = Game.scenario(
            board_id, SEATS, owner, round=2, seed=4, objectives={0: "destroy_vermelho"}
        )
        load_position(page, game)
        open_curtain(page)
        pending = game.pending_armies
        amount = "25" if pending >= 50 else "10"
        buttons = page.locator('.phase [data-action="amount"]')
        assert [buttons.nth(i).get_attribute("data-arg") for i in range(buttons.count())] == [
            "1",
            "5",
            "10",
            *(["25"] if amount == "25" else []),
            "all",
        ]
        assert len({round(b.bounding_box()["y"]) for b in buttons.all()}) == 1  # one line
        tap_in_sight(page, f'.phase [data-action="amount"][data-arg="{amount}"]')
        before = state_of(page)[territories[0]][1]
        touch_badge(page, territories[0])
        page.wait_for_function(
            "([t, n]) => +document.querySelector(`#board [data-badge='${t}'] text`)"
            ".textContent === n",
            arg=[territories[0], before + int(amount)],
            timeout=TIMEOUT,
        )
        left = int(re.sub(r"\D", "", page.locator("#pending").inner_text()))
        assert left == pending - int(amount)
    finally:
        switch_language(page, "pt")


@pytest.mark.parametrize(("board_id", "size"), [("war2", "390x844"), ("classic", "844x390")])
def test_a_bound_pools_line_shows_its_place_on_the_map(page: Any, board_id: str, size: str) -> None:
    """A phone's whole map has no names: "1 only on Australia (★ Strategic Centre)" or "2
    only in South America" could not be found. A tap on the line (a finger's 44 px) zooms
    the map in on the place, its name in sight."""
    resize(page, size)
    try:
        game = turn_position(board_id)
        load_position(page, game)
        open_curtain(page)
        if not page.locator('[data-action="show-on-map"]').count():
            touch_page.use_cards(page, game)  # the traded card's territory: "2 only on ..."
        before = page.evaluate("() => pywarZoom.scale()")
        line = page.locator('[data-action="show-on-map"]').first
        pool = line.get_attribute("data-arg") or ""
        box = line.bounding_box()
        assert box and box["height"] >= 43.5, f"a finger's target of {box} px"  # (was 32)
        kind, _, ident = pool.partition(":")
        board = get_variant(board_id).board
        place = ident if kind == "territory" else board.continents[ident].territories[0]
        tap_in_sight(page, f'[data-action="show-on-map"][data-arg="{pool}"]')
        page.wait_for_function(
            "(k) => pywarZoom.scale() > 1.4 * k && "
            "document.getElementById('board').dataset.scale === 'normal'",  # names shown
            arg=before,
            timeout=TIMEOUT,
        )
        shown = page.evaluate(
            """(t) => { const el = document.querySelector(`#board [data-badge="${t}"]`);
              const b = el.getBoundingClientRect();
              const s = document.getElementById('board').getBoundingClientRect();
              return b.left >= s.left && b.right <= s.right && b.top >= s.top
                && b.bottom <= s.bottom; }""",
            place,
        )
        assert shown, f"{place} out of sight after the tap"
    finally:
        reset_zoom(page)
