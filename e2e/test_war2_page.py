"""WAR II in a real browser: chosen on the new-game screen, the free choice of territories
by clicks on the map, the two-stage first round, an air attack from the air base with the
two blue dice, a ground conquest; screenshots at 1366x768 and 1024x768 (``PYWAR_SHOTS``
names a folder to keep them in)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import goto_ready

from e2e.helpers import assert_game_named, board_state, click, front, settle

from i18n import place

pytestmark = pytest.mark.e2e

HUMAN = ("Ana", "azul")
TIMEOUT = 30_000


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two computed ``rgb(...)`` colours."""

    def luminance(colour: str) -> float:
        parts = [int(x) / 255 for x in re.findall(r"\d+", colour)[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def tap(page: Any, territory: str) -> None:
    """A real mouse click on a territory at its badge's place (hidden while it is vacant)."""
    box = page.evaluate(
        """(t) => {const r = document.querySelector(
        `#board [data-badge="${t}"] circle`).getBoundingClientRect();
        return {x: r.x + r.width / 2, y: r.y + r.height / 2};}""",
        territory,
    )
    page.mouse.click(box["x"], box["y"])


def options(page: Any, state: str = "option") -> list[str]:
    return page.evaluate(
        """(s) => [...document.querySelectorAll(
        `#board [data-territory][data-state="${s}"]`)].map(p => p.dataset.territory)""",
        state,
    )


def my_turn(page: Any) -> None:
    """Wait until the person plays (the bots in between play at ?speed=fast)."""
    page.wait_for_function(
        """(name) => document.querySelector('.turn-name')?.textContent === name
            && !document.querySelector('.turn-meta').textContent.includes('comput')""",
        arg=HUMAN[0],
        timeout=TIMEOUT,
    )


def shoot(page: Any, folder: Path, name: str) -> Path:
    path = folder / f"war2-{name}.png"
    page.screenshot(path=str(path))
    return path


def keyboard_focus(page: Any) -> dict[str, Any]:
    """Tab to the map, then on to an offered territory (the arrows' focus, as the keyboard
    leaves it): the focused territory, its state and the colour of its outline."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('#board [data-territory]')"):
            break
    else:
        raise AssertionError("the Tab key never reached the map")
    assert page.locator('#board [data-territory][data-state="option"]').count(), "none offered"
    return page.evaluate("""() => {
        document.querySelector('#board [data-territory][data-state="option"]').focus();
        const el = document.activeElement;
        return {territory: el.dataset.territory, state: el.dataset.state || '',
                focus: el.matches(':focus-visible'), stroke: getComputedStyle(el).stroke}; }""")


def test_war2_set_up_by_clicks_and_played_through_its_first_turns(
    app_page: Any, tmp_path: Path
) -> None:
    page = app_page
    shots = Path(os.environ.get("PYWAR_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    goto_ready(page, "index.html?speed=fast")
    click(page, "variant", "war2")
    page.wait_for_selector('[data-action="variant"][data-arg="war2"][aria-pressed=true]')
    page.locator('[data-action="opt-variant"][data-arg="information_centres"]').check()
    page.locator("#seed").fill("3")
    click(page, "start")
    # the map swaps to WAR II's, with its centre markers and air bases
    page.wait_for_selector("#board .air-bases .air-base", state="attached", timeout=TIMEOUT)
    page.wait_for_function(
        "() => document.querySelectorAll('#board .ce[data-owner]').length === 12", timeout=TIMEOUT
    )
    assert_game_named(page, "war2")

    # the free choice: tap vacant territories until every one is taken
    claims = 0
    while True:
        page.wait_for_function(
            """() => document.querySelector('#w2-claim, #pending')
                && !document.querySelector('.turn-meta').textContent.includes('comput')""",
            timeout=TIMEOUT,
        )
        if not page.locator("#w2-claim").count():
            break
        free = options(page)
        assert free, "vacant territories are offered"
        if claims == 1:
            assert "território vago" in page.locator("#w2-claim").inner_text()
            shoot(page, shots, "claim-1366")
            # a vacant territory offered (white dashes) shows the keyboard's orange focus
            focused = keyboard_focus(page)
            assert focused["state"] == "option" and focused["focus"], focused
            assert focused["stroke"] == "rgb(255, 152, 0)", focused
        before = len(free)
        tap(page, free[0])
        page.wait_for_function(
            """([t, n]) => document.querySelector(`#board [data-territory="${t}"]`)
                .dataset.owner === 'azul' || !document.querySelector('#w2-claim')""",
            arg=[free[0], before],
            timeout=TIMEOUT,
        )
        claims += 1
    assert claims == 10
    # round 1, stage 1: place everything (bound pools on their territories)
    my_turn(page)
    assert "1ª etapa" in page.locator("#panel").inner_text()
    focused = keyboard_focus(page)  # and so does a territory of ours offered for placing
    assert focused["state"] == "option" and focused["stroke"] == "rgb(255, 152, 0)", focused
    bombers = page.locator('#board .air-base[data-color="azul"] .air-base-count').text_content()
    assert int(bombers) >= 1
    word = "bombardeiros" if int(bombers) > 1 else "bombardeiro"
    assert f"Sua base aérea: {bombers} {word} ·" in page.locator("#panel").inner_text()
    # the Information Centre goes on one of Ana's territories by a tap
    click(page, "w2-mode", "ci_place")
    spot = options(page)[0]
    tap(page, spot)
    page.wait_for_selector(f'#board [data-badge="{spot}"][data-ci="azul"]', state="attached")
    # its ring stands out from the badge it rings (both are Ana's blue: a blue ring vanished)
    ring, fill = page.evaluate(
        """(t) => { const s = getComputedStyle(
              document.querySelector(`#board [data-badge="${t}"] circle`));
            return [s.stroke, s.fill]; }""",
        spot,
    )
    assert contrast(ring, fill) >= 3, (ring, fill)
    assert f"Ana: {place('pt', 'war2', spot).em}" in page.locator(".w2-ci").inner_text()
    click(page, "amount", "all")
    while page.locator("#pending").count():
        tap(page, options(page)[0])
        page.wait_for_timeout(40)

    # round 1, stage 2: an air attack from the base, then a ground attack
    my_turn(page)
    page.wait_for_selector(".phase.attack")
    assert "2ª etapa" in page.locator("#panel").inner_text()
    click(page, "w2-mode", "air")
    page.wait_for_function(
        "() => document.querySelectorAll('#board [data-state=option]').length > 0"
    )
    state = board_state(page)
    target = max(options(page), key=lambda t: int(state[t][1]))
    tap(page, target)
    page.wait_for_selector('[data-action="w2-launch"]')
    page.locator('[data-action="w2-bombers"]').last.click()
    settle(page)  # its frame written (a worker answers later)
    shoot(page, shots, "air-choose-1366")
    click(page, "w2-launch")
    page.wait_for_selector(".air-dice .die.blue")
    page.set_viewport_size({"width": 1024, "height": 768})
    shoot(page, shots, "air-dice-1024")
    for _ in range(20):
        if not page.locator('[data-action="w2-air-round"]').count():
            break
        click(page, "w2-air-round")
        page.wait_for_timeout(60)
    page.wait_for_selector(".phase.attack .air-dice .dice-result")
    dice = page.locator(".air-dice .die.blue")
    assert dice.count() >= 1
    assert page.locator('.air-dice [data-die="anti-aircraft"]').count() >= 1
    result = page.locator(".air-dice .dice-result").inner_text()
    assert "de volta à base" in result
    assert board_state(page)[target][0] != "azul"  # no conquest from the air
    shoot(page, shots, "air-over-1024")
    page.set_viewport_size({"width": 1366, "height": 768})

    source, enemy = front(page, "azul", "war2", min_armies=2)
    conquered = False
    for _ in range(80):
        if page.locator(".phase.occupy").count():
            page.locator('[data-action="occupy"]').last.click()
            settle(page)  # its frame written (a worker answers later)
            conquered = True
            break
        if board_state(page)[enemy][0] == "azul":
            conquered = True
            break
        if not page.locator('[data-action="attack"]').count():
            if page.locator('[data-action="cancel"]').count():
                click(page, "cancel")
            source, enemy = front(page, "azul", "war2", min_armies=2)
            if int(board_state(page)[source][1]) < 2:
                break
            tap(page, source)
            tap(page, enemy)
            page.wait_for_selector('[data-action="attack"]')
        click(page, "attack")
        page.wait_for_timeout(40)
    shoot(page, shots, "conquest-1366")
    assert conquered, "a conquest in the first attacks"
    page.wait_for_selector(".phase.attack")
    click(page, "end-attack")
    page.wait_for_selector(".phase.regroup")
    click(page, "end-turn")
    # the bots play round 2 and it is the person's turn again, with new armies
    my_turn(page)
    page.wait_for_selector("#pending")
    assert "Rodada 2" in page.locator(".turn-meta").inner_text()
    log = page.locator(".log-lines").inner_text()
    assert "Rodada 2: vez de Ana." in log
    click(page, "reveal")
    page.wait_for_selector(".secrets.open .w2-card")  # three cards after the conquest
    assert page.locator(".secrets.open .w2-card").count() == 3
    # a territory card and a numbered one picked: what they can do, or why not, in words
    page.locator(".secrets.open .w2-card:not(.kind-number)").first.click()
    settle(page)  # its frame written (a worker answers later)
    if page.locator(".secrets.open .w2-card.kind-number").count():
        page.locator(".secrets.open .w2-card.kind-number").first.click()
        settle(page)  # its frame written (a worker answers later)
    page.wait_for_selector(".w2-card-uses")
    assert page.locator(".w2-card-uses").inner_text().strip()
    page.locator(".w2-card-uses").scroll_into_view_if_needed()
    shoot(page, shots, "round2-cards-1366")
