"""Shared moves of the browser tests: taps on the board, clicks on controls, reading badges."""

from __future__ import annotations

import time
from typing import Any

from pywar.board import load_board
from pywar.variants import get_variant


def settle(page: Any, timeout_s: float = 20.0) -> None:
    """Wait until the page has written the frames of what was just done (a session in a
    worker answers a message later: ``<html data-pending>`` until then)."""
    deadline = time.monotonic() + timeout_s
    pending = "() => document.documentElement.hasAttribute('data-pending')"
    while page.evaluate(pending) and time.monotonic() < deadline:
        time.sleep(0.01)


def tap(page: Any, territory: str) -> None:
    """A real mouse click on a territory, at its army badge (always inside the shape)."""
    box = page.locator(f'[data-badge="{territory}"] circle').bounding_box()
    assert box, f"no badge for {territory}"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    settle(page)


def click(page: Any, action: str, arg: str | None = None) -> None:
    """Click the first control that sends ``action`` (with ``arg``)."""
    selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg else "")
    page.locator(selector).first.click()
    settle(page)


def badge(page: Any, territory: str) -> int:
    """The army count shown on a territory."""
    return int(page.locator(f'[data-badge="{territory}"] text').text_content())


def board_state(page: Any) -> dict[str, list[Any]]:
    """Every territory's owner colour and army count as shown."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#board [data-territory]')].map(p => [p.dataset.territory, [p.dataset.owner || null,
        document.querySelector(`[data-badge="${p.dataset.territory}"] text`).textContent]]))""")


def place_all_on(page: Any, territory: str) -> None:
    """Place every pending army on ``territory`` (bound armies follow where they must)."""
    click(page, "amount", "all")
    for _ in range(20):
        if not page.locator("#pending").count():
            return
        options = page.evaluate("""() => [...document.querySelectorAll(
            '#board [data-territory][data-state="option"]')].map(p => p.dataset.territory)""")
        tap(page, territory if territory in options or not options else options[0])
        page.wait_for_timeout(30)


def front(page: Any, color: str, board_id: str = "classic", min_armies: int = 1) -> tuple[str, str]:
    """An own territory (with at least ``min_armies``) and the enemy neighbour with the
    fewest armies."""
    board = load_board(board_id)
    state = board_state(page)
    best = None
    for t, (owner, armies) in state.items():
        if owner != color or int(armies) < min_armies:
            continue
        for n in sorted(board.neighbors[t]):
            if state[n][0] != color:
                score = int(state[n][1])
                if best is None or score < best[0]:
                    best = (score, t, n)
    assert best, f"{color} has no front"
    return best[1], best[2]


def assert_game_named(page: Any, variant: str, playing: bool = True) -> None:
    """The top bar names ``variant``'s game in the page's language ("WAR II", "Mythological
    Battles"), as the new-game screen does, whole and clear of the bar's buttons (the
    compact embed shows no name); while it is ``playing``, so does the
    browser tab ("WAR II — pywar")."""
    lang = "en" if (page.locator("html").get_attribute("lang") or "").startswith("en") else "pt"
    name = get_variant(variant).board.short_title[lang]
    page.wait_for_function(
        "(n) => document.getElementById('brand-sub').textContent === n", arg=name, timeout=15_000
    )
    fits = page.evaluate("""() => {
        if (document.documentElement.classList.contains('embed')) return true;
        const bar = document.querySelector('.topbar').getBoundingClientRect();
        const brand = document.querySelector('.brand');
        const sub = document.getElementById('brand-sub');
        const r = sub.getBoundingClientRect();
        const b = brand.getBoundingClientRect();
        // whole: neither the bar's title nor (on a phone, a line of its own) the name cut
        // with an ellipsis; and clear of the bar's buttons
        const whole = brand.scrollWidth <= brand.clientWidth + 1
            && (getComputedStyle(sub).display === 'inline'
                || sub.scrollWidth <= sub.clientWidth + 1);
        const buttons = [...document.querySelectorAll('.topbar button')]
            .map((x) => x.getBoundingClientRect()).filter((x) => x.width > 0);
        const clear = buttons.every((x) => x.left >= b.right - 1);
        return r.width > 0 && whole && clear && r.top >= bar.top && r.bottom <= bar.bottom
            && document.documentElement.scrollWidth <= innerWidth;
    }""")
    assert fits, f"the top bar's {name!r} is cut off or out of the bar"
    if playing:
        page.wait_for_function("(t) => document.title === t", arg=f"{name} — pywar", timeout=15_000)
