"""Odds, blitz, undo, history, statistics, keyboard, touch and accessibility in the browser."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from pywar_e2e import ROOT, goto_ready

from e2e.helpers import badge, click, place_all_on, settle, tap
from pywar.board import load_board
from pywar.game import Game
from pywar.odds import battle_odds

from saves import make_record

pytestmark = pytest.mark.e2e

BOARD = load_board("classic")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SEATS = [("Ana", "azul"), ("Bruno", "vermelho"), ("Carla", "verde")]


def seed_save(
    page: Any,
    game: Game,
    kinds: tuple[str, ...] = ("human", "bot", "bot"),
    path: str = "index.html",
) -> None:
    """Store ``game`` as the current saved game (a teaching position) and load the page."""
    seats = [{"name": n, "color": c, "kind": k} for (n, c), k in zip(SEATS, kinds, strict=False)]
    record = make_record("lesson", game, seats)
    stored = json.dumps(json.dumps(record))
    page.context.add_init_script(
        script=(
            "if (!localStorage.getItem('pywar:v1:save:lesson')) {"
            f"localStorage.setItem('pywar:v1:save:lesson', {stored});"
            "localStorage.setItem('pywar:v1:current', 'lesson');}"
        )
    )
    goto_ready(page, path)
    page.wait_for_selector("html[data-screen=play]")


def position(armies: dict[str, int], seed: int = 1) -> Game:
    """Ana (seat 0) holds South America and Africa bar Argélia; the rest is shared out."""
    mine = [
        "brasil",
        "argentina",
        "peru",
        "venezuela",
        "egito",
        "sudao",
        "congo",
        "africa_do_sul",
        "madagascar",
    ]
    owner = {t: (0 if t in mine else 1 + i % 2) for i, t in enumerate(BOARD.territories)}
    return Game.scenario("classic", SEATS, owner, armies=armies, current=0, seed=seed)


def saved_game(page: Any) -> Game:
    text = page.evaluate("() => localStorage.getItem('pywar:v1:save:lesson')")
    return Game.from_json(json.loads(text)["game"])


def test_odds_shown_equal_the_engines_exact_figure(app_page: Any) -> None:
    page = app_page
    seed_save(page, position({"brasil": 3, "argelia": 4}))
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    a, d = badge(page, "brasil"), badge(page, "argelia")
    shown = float(page.locator(".odds").get_attribute("data-p-conquer"))
    assert shown == pytest.approx(battle_odds(a, d).p_conquer, abs=1e-6)
    percent = f"{battle_odds(a, d).p_conquer * 100:.1f}".replace(".", ",")
    assert percent in page.locator(".odds").inner_text()
    assert "Em média, lutando até o fim" in page.locator(".odds-expect").inner_text()


def test_blitz_stops_at_the_chosen_floor_and_logs_every_roll(app_page: Any) -> None:
    page = app_page
    seed_save(page, position({"brasil": 12, "argelia": 40}))
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    page.locator('[data-action="blitz-floor"]').select_option("6")
    click(page, "blitz")
    page.wait_for_selector('[data-action="blitz"]', timeout=30_000)  # the blitz ended
    assert 1 < badge(page, "brasil") <= 6
    game = saved_game(page)
    battles = [e for e in game.log if e["action"]["type"] == "attack"]
    assert len(battles) >= 2
    assert game.owner["argelia"] != 0
    report = page.locator(".blitz-report").inner_text()
    assert f"rolagens: {len(battles)} ·" in report
    assert "Parou no limite que você escolheu: 6 no Brasil." in report


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_blitz_with_less_motion_asked_for_changes_the_board_once(
    app_page: Any, motion: str
) -> None:
    """With "reduce motion" set in the system, a blitz rolls to its end at once: Brasil's
    army badge changes once, not at every roll (it flickered 8 times a second)."""
    page = app_page
    page.emulate_media(reduced_motion=motion)
    seed_save(page, position({"brasil": 12, "argelia": 40}))
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    page.locator('[data-action="blitz-floor"]').select_option("3")
    page.evaluate(
        """() => { window.badgeChanges = 0;
          new MutationObserver(() => { window.badgeChanges += 1; }).observe(
            document.querySelector('#board [data-badge="brasil"] text'),
            { childList: true, characterData: true, subtree: true }); }"""
    )
    click(page, "blitz")
    page.wait_for_selector('[data-action="blitz"]', timeout=30_000)  # the blitz ended
    rolls = len([e for e in saved_game(page).log if e["action"]["type"] == "attack"])
    assert rolls >= 3
    changes = page.evaluate("() => window.badgeChanges")
    if motion == "reduce":
        assert changes == 1, (changes, rolls)
    else:
        assert changes > 1, (changes, rolls)
    assert 1 < badge(page, "brasil") <= 3


def test_blitz_can_be_stopped(app_page: Any) -> None:
    page = app_page
    seed_save(page, position({"brasil": 60, "argelia": 60}), path="index.html?speed=normal")
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    click(page, "blitz")
    page.wait_for_selector('[data-action="stop"]')
    click(page, "stop")
    page.wait_for_selector('[data-action="blitz"]')
    armies = badge(page, "brasil")
    page.wait_for_timeout(500)
    assert badge(page, "brasil") == armies > 1


def test_undo_restores_the_board_exactly(app_page: Any) -> None:
    page = app_page
    seed_save(page, position({"brasil": 3}))
    before = page.evaluate(
        "() => [...document.querySelectorAll('.badge text')].map(t => t.textContent)"
    )
    pending = page.locator("#pending").inner_text()
    click(page, "amount", "5")
    tap(page, "brasil")
    assert badge(page, "brasil") == 8
    click(page, "undo")
    after = page.evaluate(
        "() => [...document.querySelectorAll('.badge text')].map(t => t.textContent)"
    )
    assert after == before
    assert page.locator("#pending").inner_text() == pending
    assert saved_game(page).armies["brasil"] == 3


def test_history_replay_and_statistics(app_page: Any) -> None:
    page = app_page
    seed_save(page, position({"brasil": 10}))
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    click(page, "attack")
    page.wait_for_selector(".dice")
    click(page, "screen", "history")
    lines = page.locator(".history-lines li")
    assert lines.count() >= 3
    assert "atacou a Argélia a partir do Brasil" in page.locator(".history-lines").inner_text()
    click(page, "replay-start")
    page.wait_for_selector(".replay")
    assert "Lance 0 de" in page.locator(".replay-step").inner_text()
    assert badge(page, "brasil") == 10
    click(page, "replay-step", "last")
    click(page, "replay-step", "prev")
    assert "Lance" in page.locator(".replay-step").inner_text()
    click(page, "screen", "stats")
    rows = page.locator("table.stats tbody tr")
    assert rows.count() == 3
    assert rows.nth(0).locator("td .rolls").first.inner_text() == "em 1 ataque"
    assert page.locator(".chart svg polyline").count() == 3
    click(page, "chart", "armies")
    assert page.locator(".chart svg[aria-label*='Exércitos']").count() == 1


class Keys:
    """The keyboard, counting every key pressed."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        settle(self.page)
        self.count += 1

    def focused(self, selector: str) -> bool:
        return self.page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        )

    def tab_to(self, selector: str, limit: int = 40) -> None:
        for _ in range(limit):
            self.press("Tab")
            if self.focused(selector):
                return
        raise AssertionError(f"could not reach {selector} with the Tab key")


def test_a_whole_turn_by_keyboard_alone(app_page: Any) -> None:
    """Place, attack until a conquest, move in, end the attacks and the turn: the keys are
    counted; an attack (source, target, roll) takes at most 6."""
    page = app_page
    seed_save(page, position({"brasil": 3}))
    keys = Keys(page)
    # Tab reaches the map once: one territory is in the tab order, Ana's largest army
    keys.tab_to("[data-territory]")
    assert keys.focused('[data-territory="brasil"]')
    outline = page.evaluate("() => getComputedStyle(document.activeElement).stroke")
    assert outline == "rgb(255, 152, 0)", "the focused territory is visibly marked"
    to_map = keys.count
    while page.locator("#pending").count():  # Enter places one army at a time
        keys.press("Enter")
    page.wait_for_selector(".phase.attack")
    placed = keys.count - to_map
    assert keys.focused('[data-territory="brasil"]')
    attack_keys = keys.count
    keys.press("Enter")  # Brasil is the source
    page.wait_for_selector('[data-territory="brasil"][data-state="source"]')
    keys.press("ArrowRight")  # towards Africa: Argélia, its neighbour that way
    assert keys.focused('[data-territory="argelia"]')
    keys.press("Enter")  # the target: focus goes to the Attack button
    page.wait_for_selector('[data-territory="argelia"][data-state="target"]')
    assert keys.focused('[data-action="attack"]')
    keys.press("Enter")  # roll
    page.wait_for_selector(".dice .die.red")
    attack_keys = keys.count - attack_keys
    assert attack_keys <= 6
    for _ in range(30):  # Enter again rolls again, until the conquest
        if (
            page.locator(".phase.occupy").count()
            or page.locator('[data-territory="argelia"][data-owner="azul"]').count()
        ):
            break
        assert keys.focused('[data-action="attack"]')
        keys.press("Enter")
        page.wait_for_timeout(50)
    if page.locator(".phase.occupy").count():
        assert keys.focused('[data-action="occupy"]')  # the largest move is focused
        keys.press("Enter")
    page.wait_for_selector(".phase.attack")
    assert keys.focused('[data-territory="argelia"]')  # back on the map, where it happened
    keys.tab_to('[data-action="end-attack"]')
    keys.press("Enter")
    page.wait_for_selector(".phase.regroup")
    keys.tab_to('[data-action="end-turn"]')
    keys.press("Enter")
    page.wait_for_function(
        "() => !document.querySelector('.turn-name')"
        " || document.querySelector('.turn-name').textContent !== 'Ana'"
    )
    game = saved_game(page)
    assert game.current != 0 or game.turn > 1
    print(
        f"\nkeys for a whole turn: {keys.count} (to the map {to_map}, placing {placed}, "
        f"an attack {attack_keys})"
    )
    assert keys.count <= 60


def test_a_blitz_by_keyboard_ends_on_the_move_in_buttons(app_page: Any) -> None:
    """A blitz started with the keyboard that conquers leaves the focus on the largest
    move-in button, as a single roll's conquest does (it went to the map: five Tabs to
    the buttons); Enter there moves in."""
    page = app_page
    seed_save(page, position({"brasil": 30}))
    keys = Keys(page)
    keys.tab_to('[data-territory="brasil"]')
    while page.locator("#pending").count():
        keys.press("Enter")
    page.wait_for_selector(".phase.attack")
    keys.press("Enter")
    keys.press("ArrowRight")
    keys.press("Enter")
    page.wait_for_selector('[data-territory="argelia"][data-state="target"]')
    keys.tab_to('[data-action="blitz"]')
    keys.press("Enter")
    page.wait_for_selector(".phase.occupy", timeout=30_000)
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.matches("
        "'[data-action=\"occupy\"]')",
        timeout=10_000,
    )
    assert page.evaluate("() => document.activeElement.dataset.arg") == "3"
    keys.press("Enter")
    page.wait_for_selector(".phase.attack")
    assert page.locator('[data-territory="argelia"][data-owner="azul"]').count() == 1


def test_restore_from_a_file_shows_the_keyboard_focus(app_page: Any) -> None:
    """Tab on the saved games screen reaches "Restore from a file" (a hidden file input
    inside its label): the label shows the orange focus ring (nothing showed)."""
    page = app_page
    seed_save(page, position({"brasil": 3}))
    click(page, "screen", "saves")
    page.wait_for_selector(".screen.saves")
    keys = Keys(page)
    keys.tab_to('input[type=file][data-action="import"]')
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement.closest('label'));
          return [s.outlineStyle, s.outlineColor]; }"""
    )
    assert ring == ["solid", "rgb(255, 152, 0)"], ring


def test_a_turn_by_touch_on_a_tablet(chromium_browser: Any, server_url: str) -> None:
    context = chromium_browser.new_context(
        viewport={"width": 1024, "height": 768}, has_touch=True, base_url=server_url
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        seed_save(page, position({"brasil": 3}))

        def touch(territory: str) -> None:
            box = page.locator(f'[data-badge="{territory}"] circle').bounding_box()
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        def press(action: str, arg: str | None = None) -> None:
            selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg else "")
            page.locator(selector).first.tap()

        press("amount", "all")
        touch("brasil")
        page.wait_for_selector(".phase.attack")
        touch("brasil")
        touch("argelia")
        press("attack")
        page.wait_for_selector(".dice")
        # every control on the panel is a comfortable tap target
        small = page.evaluate("""() => [...document.querySelectorAll('#panel .btn')]
            .map(b => b.getBoundingClientRect()).filter(r => r.width && r.height)
            .filter(r => r.width < 44 || r.height < 44).length""")
        assert small == 0
        if page.locator(".phase.occupy").count():
            page.locator('[data-action="occupy"]').last.tap()
        press("end-turn")
        page.wait_for_function(
            "() => document.querySelector('.turn-name') &&"
            " document.querySelector('.turn-name').textContent !== 'Ana'"
        )
        # pinch to zoom the board with two fingers
        before = page.get_attribute("#board", "viewBox")
        box = page.locator("#board").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = context.new_cdp_session(page)

        def touches(kind: str, spread: float) -> None:
            points = (
                []
                if kind == "touchEnd"
                else [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
            )
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touches("touchStart", 40)
        for spread in (60, 90, 120, 150):
            touches("touchMove", spread)
        touches("touchEnd", 0)
        after = page.get_attribute("#board", "viewBox")
        assert after != before
        assert float(after.split()[2]) < float(before.split()[2])
        assert not errors
    finally:
        context.close()


def axe_violations(page: Any) -> list[dict[str, Any]]:
    # evaluated, not added as an inline <script>: the page's CSP blocks inline scripts
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: [
            'wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.mark.skipif(not AXE.is_file(), reason="npm ci installs axe-core")
def test_accessibility_of_setup_turn_and_game_over(app_page: Any) -> None:
    page = app_page
    goto_ready(page)
    assert axe_violations(page) == [], "setup screen"
    seed_save(page, position({"brasil": 10}))
    place_all_on(page, "brasil")
    tap(page, "brasil")
    tap(page, "argelia")
    click(page, "attack")
    page.wait_for_selector(".dice")
    assert axe_violations(page) == [], "turn in progress"
    # a finished game: bots only, at full speed
    page.goto("index.html?speed=fast")
    page.wait_for_selector("html[data-ready]")
    click(page, "screen", "setup")
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("easy")
    page.locator("#seed").fill("2")
    click(page, "start")
    page.wait_for_selector("html[data-screen=over]", timeout=90_000)
    assert axe_violations(page) == [], "game over"


def test_announcements_are_polite(app_page: Any) -> None:
    page = app_page
    seed_save(page, position({"brasil": 10}))
    place_all_on(page, "brasil")
    live = page.locator("#announce")
    assert live.get_attribute("aria-live") == "polite"
    assert "colocou" in live.inner_text()
    label = page.locator('[data-territory="brasil"]').get_attribute("aria-label")
    assert label.startswith("Brasil: Ana (azul),") and label.endswith(" exércitos")


def test_rules_help_in_both_languages(app_page: Any) -> None:
    page = app_page
    goto_ready(page)
    click(page, "screen", "rules")
    assert "empate é da defesa" in page.locator(".rules").inner_text()
    click(page, "lang", "en")
    page.wait_for_selector("html[lang=en]")
    assert "ties go to the defence" in page.locator(".rules").inner_text()


def test_rules_and_saved_games_close_on_a_page_with_no_game(app_page: Any) -> None:
    """A teacher on another computer (no game stored) opens the rules and the saved games
    from the new-game screen: the ✕ (a click) and Escape close them back to it (they
    stayed open, the ✕ dead)."""
    page = app_page
    goto_ready(page)
    page.wait_for_selector("html[data-screen=setup]")
    for screen, close in (("rules", "click"), ("saves", "Escape")):
        page.locator(f'.header-actions [data-action="screen"][data-arg="{screen}"]').click()
        page.wait_for_selector(f"html[data-screen={screen}]")
        if close == "click":
            page.locator("#overlay .dialog-close").click()
        else:
            page.keyboard.press("Escape")
        page.wait_for_selector("html[data-screen=setup]")
        assert page.locator('[data-action="start"]').first.is_visible()


def six_groups_at_round_five() -> Game:
    """Six groups of pupils (long names with commas and a dash) after four rounds of War
    Brasil between normal bots: a chart of five rounds."""
    from pywar.tournament import new_match

    game, _levels, bots = new_match(["normal"] * 6, 5, "brasil")
    pupils = [
        "Maria, João, Ana",
        "Pedro, Luísa, Tom",
        "Beatriz, Carlos, Li",
        "Fernanda, Oliver, Sam",
        "Gabriela, Mohammed",
        "Rafael, Yuki, Bia",
    ]
    for i, (player, names) in enumerate(zip(game.players, pupils, strict=True)):
        player.name = f"Group {i + 1} — {names}"
    game.setup["players"] = [[p.name, p.color] for p in game.players]
    while game.phase != "over" and game.round < 5:
        game.apply(bots[game.current].choose(game))
    assert game.phase != "over"
    return game


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_six_groups_figures_fit_a_projectors_statistics(
    chromium_browser: Any, server_url: str, size: tuple[int, int]
) -> None:
    """A teacher's projector, six groups: the chart's figures show every group's column
    without scrolling sideways (the sixth was cut to "G…", the dialog 640 px wide), each
    name in a few lines."""
    width, height = size
    context = chromium_browser.new_context(
        base_url=server_url, viewport={"width": width, "height": height}
    )
    try:
        page = context.new_page()
        game = six_groups_at_round_five()
        seats = [{"name": p.name, "color": p.color, "kind": "human"} for p in game.players]
        stored = json.dumps(json.dumps(make_record("lesson", game, seats)))
        page.add_init_script(
            script=(
                "if (!localStorage.getItem('pywar:v1:save:lesson')) {"
                f"localStorage.setItem('pywar:v1:save:lesson', {stored});"
                "localStorage.setItem('pywar:v1:current', 'lesson');}"
            )
        )
        goto_ready(page, "index.html?lang=en")
        page.wait_for_selector("html[data-screen=play]")
        page.locator('.header-actions [data-action="screen"][data-arg="stats"]').click()
        page.wait_for_selector(".screen.stats")
        page.locator('[data-action="chart-figures"]').click()
        page.wait_for_selector(".chart-figures table.figures")
        found = page.evaluate(
            """() => { const box = document.querySelector('.figures-scroll');
              const heads = [...document.querySelectorAll('table.figures th[scope=col]')];
              const style = getComputedStyle(heads[1]);
              const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
              return {over: box.scrollWidth - box.clientWidth, columns: heads.length,
                      lines: Math.max(...heads.map((h) => h.clientHeight / line))}; }"""
        )
        shots = os.environ.get("PYWAR_SHOTS")
        if shots:
            page.screenshot(path=f"{shots}/stats-six-groups-{width}x{height}.png")
        assert found["columns"] == 7 and found["over"] <= 1, found
        assert found["lines"] <= 4.5, found
    finally:
        context.close()
