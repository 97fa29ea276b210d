"""The touch page the e2e tests share and the moves a person makes on it: one touch browser
context (``has_touch``, ``is_mobile``) and one page per test module, resized from size to
size; positions opened by importing a saved game on the saved-games screen; taps on army
badges, the panel's controls and the top bar; what is in sight without scrolling.

A test module takes the page with ``touch = touch_page.touch`` and ``page =
touch_page.page`` (pytest finds fixtures by their names in the module).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import goto_ready, watched_page

from e2e.helpers import assert_game_named, settle
from pywar.game import Game
from pywar.variants import get_variant

from saves import make_record

SIZES = {
    "360x640": (360, 640),
    "390x844": (390, 844),
    "844x390": (844, 390),
    "768x1024": (768, 1024),
    "1024x768": (1024, 768),
    "1280x800": (1280, 800),
    "1920x1080": (1920, 1080),
}
PHONES = ("360x640", "390x844", "844x390")
BOARDS = ("classic", "war2", "mitologicas", "brasil")
SEATS = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "vermelho")]
#: CSS px per map unit that tests/test_web_taps.py assumes at 1024 x 768 (the page shows
#: at least this much).
SCALE_1024 = {"classic": 0.77, "war2": 0.77, "mitologicas": 0.67, "brasil": 0.86}
TIMEOUT = 15_000


# ---------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def touch(chromium_browser: Any, server_url: str) -> Iterator[Any]:
    """A touch page (the tests resize it), failing the test on any page problem."""
    page, _problems = watched_page(
        chromium_browser,
        server_url,
        [],
        has_touch=True,
        is_mobile=True,
        viewport={"width": 1024, "height": 768},
    )
    goto_ready(page)
    yield page
    page.context.close()


@pytest.fixture
def page(touch: Any) -> Iterator[Any]:
    yield touch
    problems = touch.pywar_problems.problems
    errors = touch.locator(".py-error")
    found = [errors.nth(i).inner_text()[:2000] for i in range(errors.count())]
    copied, problems[:] = list(problems) + found, []
    assert not copied, "page problems:\n  " + "\n  ".join(copied)


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PYWAR_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# ------------------------------------------------------------------------------ moves
def resize(page: Any, size: str) -> None:
    w, h = SIZES.get(size) or tuple(map(int, size.split("x")))
    page.set_viewport_size({"width": w, "height": h})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[w, h])
    page.wait_for_timeout(50)


def press(page: Any, action: str, arg: str | None = None) -> None:
    """Tap the first visible control that sends ``action`` (with ``arg``)."""
    selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg else "")
    page.locator(selector).locator("visible=true").first.tap()
    settle(page)


def go(page: Any, screen: str) -> None:
    """Open a screen from the top bar (through the menu on narrow screens)."""
    item = page.locator(f'.header-actions [data-action="screen"][data-arg="{screen}"]')
    if not item.is_visible():
        press(page, "menu")
    item.tap()


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_badge(page: Any, territory: str) -> None:
    """A finger on a territory's army badge."""
    page.touchscreen.tap(*centre(page, f'#board [data-badge="{territory}"] circle'))


def state_of(page: Any) -> dict[str, list[Any]]:
    """Every territory's owner colour, army count and state as shown."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#board [data-territory]')].map(p => [p.dataset.territory, [p.dataset.owner || null,
        +document.querySelector(`#board [data-badge="${p.dataset.territory}"] text`)
        .textContent, p.dataset.state || '']]))""")


def load_position(
    page: Any, game: Game, kinds: tuple[str, ...] = ("human",) * 3, screen: str = "play"
) -> None:
    """Open ``game`` by importing it on the saved-games screen, as a file a teacher sent
    (a finished game opens on its ``screen`` "over")."""
    seats = [
        {"name": n, "color": c, "kind": k}
        for (n, c), k in zip([(p.name, p.color) for p in game.players], kinds, strict=True)
    ]
    record = make_record("lesson", game, seats)
    go(page, "saves")
    page.wait_for_selector(".screen.saves")
    page.locator('input[type=file][data-action="import"]').set_input_files(
        files=[
            {
                "name": "lesson.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ]
    )
    # (a whole game's log replays on import: a busy machine may take a while)
    page.wait_for_selector(f"html[data-screen={screen}]", timeout=3 * TIMEOUT)
    page.wait_for_function(
        "(n) => document.querySelectorAll('#board [data-territory]').length === n",
        arg=len(game.board.territories),
        timeout=TIMEOUT,
    )
    page.wait_for_function(
        "(t) => document.querySelector(`#board [data-badge='${t}'][data-owner]`)",
        arg=next(iter(game.board.territories)),
        timeout=TIMEOUT,
    )
    assert_game_named(page, game.variant.id)
    reset_zoom(page)


def reset_zoom(page: Any) -> None:
    page.evaluate("() => pywarZoom.reset()")


def open_curtain(page: Any) -> None:
    if page.locator("#curtain:not([hidden])").count():
        press(page, "curtain-open")
        page.wait_for_selector("#curtain", state="hidden")


# --------------------------------------------------------------------------- positions
def front(board_id: str) -> tuple[str, str, str]:
    """A territory with two neighbours: Ana's source, the enemy she conquers, and her own
    neighbour she moves armies to."""
    board = get_variant(board_id).board
    for t in board.territories:
        near = sorted(board.neighbors[t])
        if len(near) >= 3:
            return t, near[0], near[1]
    raise AssertionError("no territory with three neighbours")


def front_board(board_id: str, enemy_armies: int) -> tuple[dict[str, int], dict[str, int]]:
    """Owners and armies around :func:`front`: Ana's source of 25 and her own neighbour of
    1 beside Bia's enemy of ``enemy_armies``, the rest dealt round the table."""
    board = get_variant(board_id).board
    source, enemy, own = front(board_id)
    owner = {t: 1 + i % 2 for i, t in enumerate(board.territories)}
    for i, t in enumerate(board.territories):
        if i % 3 == 0:
            owner[t] = 0
    owner.update({source: 0, own: 0, enemy: 1})
    armies = {t: 1 + i % 3 for i, t in enumerate(board.territories)}
    armies.update({source: 25, enemy: enemy_armies, own: 1})
    return owner, armies


def turn_position(board_id: str) -> Game:
    """Ana to move in round 2 of a game on ``board_id`` with three cards to use."""
    owner, armies = front_board(board_id, 1)
    game = Game.scenario(board_id, SEATS, owner, armies=armies, round=2, seed=4)
    hand = cards_to_use(game, owner)
    return Game.scenario(board_id, SEATS, owner, armies=armies, round=2, seed=4, hands={0: hand})


def cards_to_use(game: Game, owner: dict[str, int]) -> list[int]:
    """Three cards Ana can turn into armies: a set to trade (classic rules) or, in WAR II,
    a territory card naming one of her territories first."""
    if game.variant.id == "war2":
        cards = game.cards  # type: ignore[attr-defined]
        mine = [
            i
            for i, c in enumerate(cards)
            if not c.numbered and any(owner.get(t) == 0 for t in c.territories)
        ]
        numbered = [i for i, c in enumerate(cards) if c.numbered]
        return [mine[0], *numbered[:2]]
    by_shape: dict[str, list[int]] = {}
    for i, card in enumerate(game.board.cards):
        if card.territory is not None:
            by_shape.setdefault(card.shape, []).append(i)
    shapes = sorted(by_shape)
    if len(shapes) >= 3:
        return [by_shape[s][0] for s in shapes[:3]]
    return by_shape[shapes[0]][:3]


# ----------------------------------------------------------------------- a whole turn
def use_cards(page: Any, game: Game) -> None:
    """Trade the three cards (classic card by card, Mythological Battles and War Brasil by
    "Pick a set for me"; in WAR II, use the territory card for armies)."""
    press(page, "reveal")
    page.wait_for_selector(".secrets.open")
    pending = int(re.sub(r"\D", "", page.locator("#pending").inner_text()) or 0)
    if game.variant.id == "war2":
        before = state_of(page)
        first = page.locator(".secrets.open .w2-card:not(.kind-number)").first
        first.tap()
        page.wait_for_selector('[data-action="w2-card-armies"]')
        territory = page.locator('[data-action="w2-card-armies"]').first.get_attribute("data-arg")
        press(page, "w2-card-armies", territory)
        page.wait_for_function(
            "([t, n]) => +document.querySelector("
            "`#board [data-badge='${t}'] text`).textContent > n",
            arg=[territory, before[territory][1]],
            timeout=TIMEOUT,
        )
    else:
        if game.variant.id == "classic":
            for card in page.locator('.secrets.open [data-action="card"]').all()[:3]:
                card.tap()
        else:
            press(page, "pick-set")
            assert (
                page.locator('.secrets.open [data-action="card"][aria-pressed="true"]').count() == 3
            )
        press(page, "trade")
        page.wait_for_function(
            "(n) => +document.querySelector('#pending').textContent.replace(/\\D/g, '') > n",
            arg=pending,
            timeout=TIMEOUT,
        )
    press(page, "hide")


def place_everything(page: Any, territory: str) -> None:
    press(page, "amount", "all")
    for _ in range(30):
        if not page.locator("#pending").count():
            return
        options = [t for t, (_o, _a, s) in state_of(page).items() if s == "option"]
        target = territory if territory in options or not options else options[0]
        before = page.locator("#pending").inner_text()
        touch_badge(page, target)
        page.wait_for_function(
            "(b) => !document.querySelector('#pending') || "
            "document.querySelector('#pending').textContent !== b",
            arg=before,
            timeout=TIMEOUT,
        )
    raise AssertionError("armies left to place")


def to_the_attack(page: Any, board_id: str) -> tuple[Game, str, str, str]:
    """Open :func:`turn_position` by touch, trade and place everything on the source, up to
    the attack phase; returns the game and :func:`front`'s source, enemy and own."""
    game = turn_position(board_id)
    source, enemy, own = front(board_id)
    load_position(page, game)
    open_curtain(page)
    use_cards(page, game)
    place_everything(page, source)
    page.wait_for_selector(".phase.attack")
    return game, source, enemy, own


def choose_battle(page: Any, source: str, enemy: str) -> None:
    """A finger on the source's badge, then on the enemy's: the battle chosen."""
    touch_badge(page, source)
    page.wait_for_selector(f'#board [data-territory="{source}"][data-state="source"]')
    touch_badge(page, enemy)
    page.wait_for_selector(f'#board [data-territory="{enemy}"][data-state="target"]')


def switch_language(page: Any, lang: str) -> None:
    """Tap the top bar's language button (in the menu on narrow screens)."""
    if (page.locator("html").get_attribute("lang") or "").startswith(lang[:2]):
        return
    item = page.locator(f'.header-actions [data-action="lang"][data-arg="{lang}"]')
    if not item.is_visible():
        press(page, "menu")
    item.tap()
    page.wait_for_function("(l) => document.documentElement.lang.startsWith(l)", arg=lang)


def in_sight(page: Any, selector: str) -> bool:
    """The element is wholly inside the window and not scrolled out of its panel."""
    return page.evaluate(
        """(sel) => { const el = [...document.querySelectorAll(sel)].find(
              (e) => e.getClientRects().length);
            if (!el) return false;
            const b = el.getBoundingClientRect();
            if (b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth)
              return false;
            const p = document.getElementById('panel').getBoundingClientRect();
            return !document.getElementById('panel').contains(el)
              || (b.top >= p.top - 1 && b.bottom <= p.bottom + 1); }""",
        selector,
    )


def tap_in_sight(page: Any, selector: str) -> None:
    """A finger on a control the player can see (no scrolling it into view first)."""
    assert in_sight(page, selector), f"{selector} is out of sight"
    page.touchscreen.tap(*centre(page, selector))
    settle(page)
