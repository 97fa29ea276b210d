"""The keyboard alone, as a player without a mouse or a screen reader's user plays: the
focus stays where the next key is expected when a control changes its face (Show/Hide my
objective, the language switch) and when a step leaves the map for a button (an air
attack's next round); a screen reader hears each new step of a turn."""

from __future__ import annotations

from typing import Any

import pytest

from e2e.test_play_experience import position, seed_save

TIMEOUT = 15_000


def focused(page: Any) -> list[str | None]:
    """The focused element's action and arg (or its tag when it has none)."""
    return page.evaluate(
        """() => { const el = document.activeElement;
          return el && el.dataset.action ? [el.dataset.action, el.dataset.arg || null]
              : [el ? el.tagName : null, null]; }"""
    )


def key_on(page: Any, selector: str, key: str = "Enter") -> None:
    """Focus a control as Tab would and press ``key`` on it."""
    page.locator(selector).locator("visible=true").first.focus()
    page.keyboard.press(key)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_keyboard_stays_on_a_toggle_that_changes_its_face(
    app_page: Any, size: tuple[int, int]
) -> None:
    """Show my objective, then Hide it, by Enter: the focus stays on the toggle (it fell to
    the map). The language switch by Enter keeps the focus on the switch, or on the menu
    button once the narrow screen's menu folds away (it fell to the page)."""
    page = app_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seed_save(page, position({"brasil": 5}), kinds=("human", "human", "bot"))
    if page.locator("#curtain:not([hidden])").count():
        key_on(page, '#curtain [data-action="curtain-open"]')
        page.wait_for_selector("#curtain", state="hidden")
    key_on(page, '[data-action="reveal"]')
    page.wait_for_selector('[data-action="hide"]')
    page.wait_for_function("() => document.activeElement.dataset.action === 'hide'")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-action="reveal"]')
    page.wait_for_function("() => document.activeElement.dataset.action === 'reveal'")
    narrow = page.locator('[data-action="menu"]').is_visible()
    if narrow:
        key_on(page, '[data-action="menu"]')
        page.wait_for_selector('.header-actions [data-action="lang"]', state="visible")
    key_on(page, '.header-actions [data-action="lang"]')
    page.wait_for_selector("html[lang=en]")
    page.wait_for_function(
        "(narrow) => { const el = document.activeElement;"
        " return narrow ? el.dataset.action === 'menu'"
        " : el.dataset.action === 'lang' && el.dataset.arg === 'pt'; }",
        arg=narrow,
        timeout=TIMEOUT,
    )


def test_a_new_step_is_heard_after_the_move(app_page: Any) -> None:
    """By keyboard: the last army placed, the live region says the move and then the
    attack phase's instruction; a source chosen, the next instruction."""
    page = app_page
    seed_save(page, position({"brasil": 5}))
    page.locator('[data-action="amount"][data-arg="all"]').focus()
    page.keyboard.press("Enter")
    page.locator('#board [data-territory="brasil"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".phase.attack")
    live = page.locator("#announce")
    page.wait_for_function(
        "() => document.getElementById('announce').textContent.includes('colocou')"
    )
    said = live.text_content()
    assert said.endswith("com 2 ou mais exércitos para atacar dele."), said
    page.locator('#board [data-territory="brasil"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#board [data-territory="brasil"][data-state="source"]')
    page.wait_for_function(
        "() => document.getElementById('announce').textContent.startsWith('Atacar do Brasil')",
        timeout=TIMEOUT,
    )
    label = page.locator('#board [data-territory="brasil"]').get_attribute("aria-label")
    assert label.endswith("· selecionado (origem)")


#: Whether the focused territory's badge is wholly inside the map's box on the screen.
FOCUSED_IN_SIGHT_JS = """() => {
  const t = document.activeElement.dataset.territory;
  const b = document.querySelector(`#board [data-badge="${t}"]`).getBoundingClientRect();
  const s = document.getElementById('board').getBoundingClientRect();
  return [t, b.left >= s.left && b.right <= s.right && b.top >= s.top
      && b.bottom <= s.bottom];
}"""


def test_a_zoomed_map_follows_the_arrow_keys(app_page: Any) -> None:
    """Zoomed in on North America, arrows walk the keyboard's place south to South America
    and east across Africa: each territory reached comes into sight (it stayed off the
    screen, its focus ring unseen)."""
    page = app_page
    page.set_viewport_size({"width": 1024, "height": 768})
    seed_save(page, position({"brasil": 5}))
    page.evaluate(
        """() => { const b = document.querySelector('#board [data-badge="california"]')
            .getBoundingClientRect();
          pywarZoom.zoomBy(4, b.left + b.width / 2, b.top + b.height / 2); }"""
    )
    page.locator('#board [data-territory="california"]').focus()
    seen = []
    for key in ["ArrowDown"] * 4 + ["ArrowRight"] * 4:
        before = page.evaluate("() => document.activeElement.dataset.territory")
        page.keyboard.press(key)
        page.wait_for_function(
            "(t) => document.activeElement.dataset.territory"
            " && document.activeElement.dataset.territory !== t",
            arg=before,
            timeout=TIMEOUT,
        )
        seen.append(page.evaluate(FOCUSED_IN_SIGHT_JS))
    assert all(inside for _t, inside in seen), seen
    assert len({t for t, _ in seen}) >= 5, seen


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_page_down_and_up_jump_to_the_territories_one_may_choose(app_page: Any, lang: str) -> None:
    """Placing, Page Down goes from Brasil to Ana's next territory in the board's order
    (Venezuela is two arrows away, Egito a continent away) and Page Up back; with a
    source chosen, Page Down goes round its enemy neighbours. The map's hint says so."""
    page = app_page
    game = position({"brasil": 5, "argelia": 1})
    seed_save(page, game, path=f"index.html?lang={lang}")
    page.wait_for_selector(f"html[lang|={lang}]", state="attached")
    hint = page.locator("#board-keys").text_content()
    assert ("Page Down e Page Up" if lang == "pt" else "Page Down and Page Up") in hint, hint
    own = [t for t in game.board.territories if game.owner[t] == 0]
    page.locator('#board [data-territory="brasil"]').focus()
    after = own[own.index("brasil") + 1]
    page.keyboard.press("PageDown")
    page.wait_for_function(
        "(t) => document.activeElement.dataset.territory === t", arg=after, timeout=TIMEOUT
    )
    page.keyboard.press("PageUp")
    page.wait_for_function(
        "() => document.activeElement.dataset.territory === 'brasil'", timeout=TIMEOUT
    )
    page.locator('[data-action="amount"][data-arg="all"]').focus()
    page.keyboard.press("Enter")
    page.locator('#board [data-territory="brasil"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".phase.attack")
    page.locator('#board [data-territory="brasil"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#board [data-territory="brasil"][data-state="source"]')
    enemies = {n for n in game.board.neighbors["brasil"] if game.owner[n] != 0}
    seen = set()
    for _ in enemies:
        before = page.evaluate("() => document.activeElement.dataset.territory")
        page.keyboard.press("PageDown")
        page.wait_for_function(
            "(t) => document.activeElement.dataset.territory !== t", arg=before, timeout=TIMEOUT
        )
        seen.add(page.evaluate("() => document.activeElement.dataset.territory"))
    assert seen == enemies
    assert (
        page.locator('#board [data-territory="argelia"]')
        .get_attribute("aria-label")
        .endswith("· " + ("disponível" if lang == "pt" else "available"))
    )


def test_pause_is_the_first_control_after_the_map_while_a_computer_plays(app_page: Any) -> None:
    """While a computer plays, Tab from the map reaches Pause right after the zoom buttons
    (it came after the three speeds: 7 Tabs), and Enter there pauses."""
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 800})
    seed_save(page, position({"brasil": 5}), kinds=("bot", "human", "human"))
    page.wait_for_selector('[data-action="pause"]')
    page.locator('#board [tabindex="0"]').first.focus()
    for _ in range(4):
        page.keyboard.press("Tab")
    assert focused(page) == ["pause", None]
    page.keyboard.press("Enter")
    page.wait_for_selector("html[data-paused=true]", state="attached")


def test_the_keyboard_follows_a_blitz_to_stop_and_back_to_attack(app_page: Any) -> None:
    """Enter on Blitz left the focus on the map (the button gave way to Stop): it lands on
    Stop, and Enter there stops the blitz with the focus on Attack."""
    page = app_page
    seed_save(page, position({"brasil": 400, "argelia": 400}))
    page.locator('[data-action="amount"][data-arg="all"]').focus()
    page.keyboard.press("Enter")
    page.locator('#board [data-territory="brasil"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".phase.attack")
    # each choice seen before the next key, as a person waits for it (a frame still on its
    # way moved the focus off the next territory on a busy machine)
    page.wait_for_timeout(300)
    for territory, state in (("brasil", "source"), ("argelia", "target")):
        page.locator(f'#board [data-territory="{territory}"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(
            f'#board [data-territory="{territory}"][data-state="{state}"]', timeout=TIMEOUT
        )
    page.wait_for_selector('.phase.attack [data-action="blitz"]', timeout=TIMEOUT)
    page.locator('.phase.attack [data-action="blitz"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.dataset.action === 'stop'",
        timeout=TIMEOUT,
    )
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.dataset.action === 'attack'",
        timeout=TIMEOUT,
    )
