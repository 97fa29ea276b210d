"""A player who sees poorly: Windows' high contrast (forced colours), a chosen small
territory seen by its ringed badge (by touch and by keyboard), the page zoomed to 400 %."""

from __future__ import annotations

from typing import Any

import pytest

from e2e import touch_page
from e2e.conftest import goto_ready
from e2e.touch_page import (
    front,
    go,
    load_position,
    open_curtain,
    place_everything,
    press,
    resize,
    touch_badge,
    turn_position,
)

# a touch page (a phone or a tablet, touched), one for this module
touch = touch_page.touch
page = touch_page.page

#: The badge circle's ring: its colour and width as drawn.
RING_JS = """(t) => { const c = getComputedStyle(
    document.querySelector(`#board [data-badge="${t}"] circle`));
  return [c.stroke, parseFloat(c.strokeWidth)]; }"""


@pytest.mark.parametrize(("board_id", "size"), [("war2", "390x844"), ("brasil", "844x390")])
def test_a_chosen_territorys_badge_is_ringed_as_its_outline(
    page: Any, board_id: str, size: str
) -> None:
    """A small territory's white (source) or yellow (target) outline was a few pixels: its
    army badge is ringed in the same colour, on a phone both ways up, by touch."""
    resize(page, size)
    load_position(page, turn_position(board_id))
    open_curtain(page)
    source, enemy, _own = front(board_id)
    place_everything(page, source)
    page.wait_for_selector(".phase.attack")
    before = page.evaluate(RING_JS, enemy)
    touch_badge(page, source)
    touch_badge(page, enemy)
    page.wait_for_selector('[data-action="attack"]')
    assert page.locator(f'#board [data-badge="{source}"]').get_attribute("data-state") == "source"
    assert page.locator(f'#board [data-badge="{enemy}"]').get_attribute("data-state") == "target"
    assert page.evaluate(RING_JS, source) == ["rgb(255, 255, 255)", 3.5]
    assert page.evaluate(RING_JS, enemy) == ["rgb(255, 235, 59)", 3.5]
    assert before[1] < 3.5
    press(page, "cancel")
    page.wait_for_function(
        "(t) => !document.querySelector(`#board [data-badge='${t}']`).dataset.state", arg=enemy
    )


def test_the_keyboards_territory_has_its_badge_ringed(page: Any) -> None:
    """An arrow key's territory has its badge ringed in the focus ring's orange (a small
    territory's focus outline was a speck); a territory tapped gets no ring."""
    resize(page, "1280x800")
    load_position(page, turn_position("classic"))
    open_curtain(page)
    page.locator('#board [data-territory="islandia"]').focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.dataset.territory !== 'islandia'")
    there = page.evaluate("() => document.activeElement.dataset.territory")
    assert page.locator(f'#board [data-badge="{there}"]').get_attribute("data-focus") == ""
    assert page.evaluate(RING_JS, there) == ["rgb(255, 152, 0)", 3.5]
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("(t) => document.activeElement.dataset.territory !== t", arg=there)
    assert page.locator(f'#board [data-badge="{there}"]').get_attribute("data-focus") is None
    touch_badge(page, "mexico")
    assert page.locator('#board [data-badge="mexico"]').get_attribute("data-focus") is None


def test_forced_colours_keep_what_colour_alone_showed(page: Any) -> None:
    """Windows' high contrast: a pressed toggle stands out of its row, the players' colour
    dots keep their colours, a dialog has an edge (all were lost in forced colours)."""
    resize(page, "1280x800")
    page.emulate_media(forced_colors="active", color_scheme="dark")
    try:
        load_position(page, turn_position("classic"))
        open_curtain(page)
        backgrounds = page.evaluate(
            """() => [...document.querySelectorAll('[data-action="amount"]')].map((b) =>
              [b.getAttribute('aria-pressed'), getComputedStyle(b).backgroundColor])"""
        )
        pressed = {bg for p, bg in backgrounds if p == "true"}
        unpressed = {bg for p, bg in backgrounds if p != "true"}
        assert len(pressed) == 1 and not pressed & unpressed, backgrounds
        swatch = page.evaluate(
            "() => getComputedStyle(document.querySelector('.turn .swatch')).backgroundImage"
        )
        assert swatch != "none"
        go(page, "stats")
        page.wait_for_selector(".screen.stats")
        edge = page.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector('.overlay-box'))"
            ".borderTopWidth)"
        )
        assert edge >= 2
        press(page, "escape")
    finally:
        page.emulate_media(forced_colors="none", color_scheme="light")


def test_more_contrast_outlines_the_controls_and_darkens_grey_words(page: Any) -> None:
    """The system asks for more contrast: buttons get a black border of 2 px (a faint 1 px
    grey before) and the grey hints and round line read in near black."""
    resize(page, "390x844")
    page.emulate_media(contrast="more")
    try:
        load_position(page, turn_position("brasil"))
        open_curtain(page)
        found = page.evaluate(
            """() => {
              const b = getComputedStyle(document.querySelector(
                '[data-action="amount"]:not([aria-pressed="true"])'));
              const meta = getComputedStyle(document.querySelector('.turn-meta'));
              return [b.borderTopWidth, b.borderTopColor, meta.color]; }"""
        )
        assert found == ["2px", "rgb(27, 27, 27)", "rgb(27, 27, 27)"], found
    finally:
        page.emulate_media(contrast="no-preference")


def test_the_new_game_screen_at_400_percent_does_not_scroll_sideways(
    chromium_browser: Any, server_url: str
) -> None:
    """A 1280 x 1024 screen zoomed to 400 % is 320 x 256 CSS pixels: the seed's box went
    40 px past the screen's edge."""
    context = chromium_browser.new_context(
        base_url=server_url, viewport={"width": 320, "height": 256}, device_scale_factor=4
    )
    try:
        page_zoomed = context.new_page()
        goto_ready(page_zoomed, "index.html?lang=en")
        page_zoomed.wait_for_selector(".screen.setup")
        widest = page_zoomed.evaluate(
            """() => Math.max(...[...document.querySelectorAll('.screen.setup *')]
              .map((el) => el.getBoundingClientRect().right))"""
        )
        assert widest <= 320, widest
    finally:
        context.close()
