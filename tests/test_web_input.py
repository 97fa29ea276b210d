"""Taps, keys and focus in the view model (web/board_input.py), without a browser: a tap
on the map selects, or offers the territories it may mean; a double tap zooms without
selecting; arrows and Enter play a turn; Escape closes; each event is announced once."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import NS, group, translate

from pywar.board import load_board
from pywar.game import Game

from saves import MemoryStorage, make_record
from taps import resolve
from viewmodel import App, find, text_of

VARIANTS_DIR = Path(__file__).resolve().parent.parent / "pywar" / "variants"
BOARD = load_board("classic")
SEATS = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
#: CSS px per map unit at a 1024 x 768 tablet's default zoom (see test_web_taps.py).
SCALE = 0.87


def anchors(board: str = "classic") -> dict[str, tuple[float, float]]:
    root = ET.parse(VARIANTS_DIR / board / "map.svg").getroot()
    return {g.get("data-badge"): translate(g) for g in group(root, "badges").findall(f"{NS}g")}


def app_at(
    armies: dict[str, int] | None = None, mine: tuple[str, ...] = (), humans: int = 1
) -> App:
    """Ana to move in a classic game where she holds ``mine`` (and South America)."""
    held = set(mine) | {"brasil", "argentina", "peru", "venezuela"}
    owner = {t: 0 if t in held else 1 + i % 2 for i, t in enumerate(BOARD.territories)}
    game = Game.scenario("classic", SEATS, owner, armies=armies or {}, seed=3)
    app = App(MemoryStorage())
    app.set_anchors("classic", anchors())
    app.game = game
    kinds = ["human"] * humans + ["normal"] * (3 - humans)
    app.seats = [{"name": n, "color": c, "kind": k} for (n, c), k in zip(SEATS, kinds, strict=True)]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.screen = "play"
    return app


def tap_at(
    app: App,
    territory: str,
    part: str = "badge",
    dx: float = 0.0,
    dy: float = 0.0,
    double: bool = False,
    scale: float = SCALE,
):
    x, y = app.anchors["classic"][territory]
    value = f"{x + dx},{y + dy},{scale}" + (",double" if double else "")
    return app.dispatch("tap", f"{territory}|{part}", value)


def place_all(app: App, territory: str) -> None:
    g = app.game
    app.dispatch("amount", "all")
    while g.pending_armies:
        options = [t for t in BOARD.territories if g.owner[t] == 0 and g.available_for(t)]
        app.dispatch("pick", territory if territory in options else options[0])


def test_a_tap_on_a_badge_places_on_its_territory():
    app = app_at()
    before = app.game.armies["brasil"]
    tap_at(app, "brasil")
    assert app.game.armies["brasil"] == before + 1
    assert app.cursor == "brasil"


def test_a_tap_between_two_close_badges_offers_both_and_a_pick_selects():
    app = app_at({"brasil": 6, "peru": 4, "argentina": 3})
    place_all(app, "brasil")
    a, b = app.anchors["classic"]["peru"], app.anchors["classic"]["argentina"]
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    app.dispatch("tap", "|", f"{middle[0]},{middle[1]},{SCALE}")
    view = app.render()
    assert set(view["board"]["picks"]) == {"peru", "argentina"}
    choice = view["choice"]["node"]
    picks = [
        b["attrs"]["data-arg"]
        for b in find(choice, lambda n: n["attrs"].get("data-action") == "pick")
    ]
    assert set(picks) == {"peru", "argentina"}
    assert "Qual território?" in text_of(choice)
    assert view["focus"]["target"] == ["choice"]
    app.dispatch("pick", "peru")
    assert app.source == "peru" and app.candidates == []
    assert app.render()["choice"] is None


def middle_of(app: App, a: str, b: str) -> str:
    """The tap's point halfway between two badges (a close call)."""
    p, q = app.anchors["classic"][a], app.anchors["classic"][b]
    return f"{(p[0] + q[0]) / 2},{(p[1] + q[1]) / 2},{SCALE}"


def test_a_close_call_leaves_out_what_the_tap_could_only_be_refused():
    """Between Peru and Argentina: while placing, with Peru in Bia's hands, the tap places
    on Ana's Argentina; both Ana's, with Argentina down to 1 army (no attack from
    there), the tap takes Peru as the source at once; where both could only be refused
    the chooser offers both (its answer says why)."""
    app = app_at({"brasil": 6, "peru": 4, "argentina": 1})
    g = app.game
    g.owner["peru"] = 1
    app.dispatch("tap", "|", middle_of(app, "peru", "argentina"))
    assert app.candidates == [] and g.armies["argentina"] == 2 and g.armies["peru"] == 4
    g.owner["peru"] = 0
    app.dispatch("undo")
    assert g.armies["argentina"] == 1
    place_all(app, "brasil")
    app.dispatch("tap", "|", middle_of(app, "peru", "argentina"))
    assert app.candidates == [] and app.source == "peru"
    app.dispatch("escape")
    assert app.source is None
    g.armies["peru"] = 1  # neither can attack now
    app.dispatch("tap", "|", middle_of(app, "peru", "argentina"))
    assert set(app.candidates) == {"peru", "argentina"} and app.source is None


def test_escape_closes_the_chooser_then_the_selection():
    app = app_at({"brasil": 6})
    place_all(app, "brasil")
    tap_at(app, "brasil")
    assert app.source == "brasil"
    app.candidates, app.candidate_at = ["peru", "argentina"], (0.0, 0.0)
    app.dispatch("escape")
    assert app.candidates == [] and app.source == "brasil"
    app.dispatch("escape")
    assert app.source is None


def test_a_double_tap_zooms_and_selects_nothing():
    app = app_at({"brasil": 6})
    place_all(app, "brasil")
    assert tap_at(app, "brasil") is None
    assert app.source == "brasil"
    effect = tap_at(app, "brasil", double=True)
    assert effect == {"zoom": 2.0}
    assert app.source is None  # the first tap's selection is undone


def test_a_quick_second_tap_while_placing_places_again():
    app = app_at()
    before = app.game.armies["brasil"]
    tap_at(app, "brasil")
    assert tap_at(app, "brasil", double=True) is None
    assert app.game.armies["brasil"] == before + 2


def test_a_quick_tap_on_another_territory_is_a_tap_not_a_zoom():
    """A refused tap corrected at once (neighbours' badges closer than a double tap's
    30 px on a phone): the second tap places, as a player means, and nothing zooms."""
    app = app_at()
    before = app.game.armies["brasil"]
    assert tap_at(app, "mexico") is None
    owner = app.game.players[app.game.owner["mexico"]].name  # whose, and what to do
    said = f"Esse território é de {owner}: coloque num território seu."
    assert app.render()["message"]["text"] == said
    assert tap_at(app, "brasil", double=True) is None
    assert app.game.armies["brasil"] == before + 1
    # in the attack phase a second quick tap on the enemy chooses the battle
    app = app_at({"brasil": 6})
    place_all(app, "brasil")
    tap_at(app, "brasil")
    assert tap_at(app, "argelia", double=True) is None
    assert (app.source, app.target) == ("brasil", "argelia")


def test_a_double_tap_on_the_sea_zooms():
    app = app_at()
    app.dispatch("tap", "|", "5,5,0.87")
    assert app.dispatch("tap", "|", "5,5,0.87,double") == {"zoom": 2.0}


def test_taps_do_nothing_behind_the_curtain():
    app = app_at(humans=3)
    app.curtain = 0
    before = dict(app.game.armies)
    tap_at(app, "brasil")
    assert app.game.armies == before and app.candidates == []


def test_an_attack_by_keys_takes_four_keys_from_the_source():
    app = app_at({"brasil": 6, "argelia": 1})
    place_all(app, "peru")
    keys = 0
    app.dispatch("pick", "brasil")  # Enter on Brasil
    keys += 1
    assert app.source == "brasil"
    assert app.render()["focus"]["target"] == ["territory", "brasil"]
    app.dispatch("key-move", "right", "brasil")  # → towards Africa
    keys += 1
    assert app.cursor == "argelia"
    assert app.render()["focus"]["target"] == ["territory", "argelia"]
    app.dispatch("pick", "argelia")  # Enter
    keys += 1
    assert app.target == "argelia"
    assert app.render()["focus"]["target"] == ["action", "attack"]
    app.dispatch("attack")  # Enter on the focused Attack button
    keys += 1
    assert keys <= 6
    assert any(e["action"]["type"] == "attack" for e in app.game.log)


def test_after_a_conquest_focus_goes_to_the_largest_move_then_back_to_the_map():
    app = app_at({"brasil": 30, "argelia": 1})
    place_all(app, "peru")
    app.dispatch("pick", "brasil")
    app.dispatch("pick", "argelia")
    for _ in range(20):
        if app.game.phase == "occupy":
            break
        app.dispatch("attack")
    assert app.game.phase == "occupy"
    top = app.game.occupy["max"]
    assert app.render()["focus"]["target"] == ["action", "occupy", str(top)]
    app.dispatch("occupy", str(top))
    assert app.render()["focus"]["target"] == ["territory", "argelia"]


def test_escape_closes_a_screen_over_the_game():
    app = app_at()
    for screen in ("rules", "history", "stats", "saves"):
        app.dispatch("screen", screen)
        view = app.render()
        assert find(view["overlay"], lambda n: "dialog-close" in n["attrs"].get("class", ""))
        asked = app.render()["focus"]
        app.dispatch("escape")
        assert app.screen == "play", screen
        # no new focus request: the page gives the focus back to what opened the screen
        assert app.render()["focus"] == asked, screen


def test_the_close_button_works_on_a_page_with_no_game_yet():
    """Another computer, or storage wiped: the rules or the saved games opened from the
    new-game screen close (✕ or Escape) back to it; they stayed open, the ✕ dead."""
    app = App(MemoryStorage())
    assert app.game is None and app.screen == "setup"
    for screen in ("rules", "saves"):
        app.dispatch("screen", screen)
        assert app.screen == screen
        (close,) = find(
            app.render()["overlay"], lambda n: "dialog-close" in n["attrs"].get("class", "")
        )
        app.dispatch(close["attrs"]["data-action"])
        assert app.screen == "setup", screen
    for screen in ("history", "stats", "play"):  # nothing to show: nothing opens
        app.dispatch("screen", screen)
        assert app.screen == "setup", screen


def test_a_dialog_over_the_game_heads_its_title_and_close_button_together():
    """Every dialog opened over a game starts with one row holding its heading and its ✕
    (the page keeps that row at the top while the dialog scrolls)."""
    app = app_at()
    for screen in ("rules", "history", "stats", "saves", "setup"):
        app.dispatch("screen", screen)
        overlay = app.render()["overlay"]
        heads = find(overlay, lambda n: n["attrs"].get("class") == "dialog-head")
        assert len(heads) == 1, screen
        head = heads[0]
        assert overlay["children"][0] is head, screen
        assert [n["tag"] for n in head["children"]] == ["h2", "button"], screen
        assert head["children"][0]["attrs"]["id"] == f"{screen}-title"
        assert "dialog-close" in head["children"][1]["attrs"]["class"]
        app.dispatch("escape")
        assert app.screen == "play", screen


def test_each_event_is_announced_once():
    app = app_at()
    tap_at(app, "brasil")
    first = app.render()["announce"]
    # the move, then what is left to place (a screen reader heard only the move)
    left = app.game.pending_armies
    said = f"Ana colocou 1 exército no Brasil. Exércitos a colocar: {left}."
    assert first["text"].startswith(said) and first["text"].count("Exércitos a colocar") == 1
    assert app.render()["announce"] == first  # drawn again: nothing new to say
    app.dispatch("amount", "5")
    again = app.render()["announce"]
    assert again["id"] == first["id"] and again["text"] == ""
    app.dispatch("amount", "1")
    tap_at(app, "brasil")
    said = app.render()["announce"]
    assert said["id"] > first["id"] and said["text"].endswith(f"a colocar: {left - 1}.")


def test_a_new_step_of_a_persons_turn_is_read_out_once():
    """The curtain opened, the attack phase reached, a source and a target chosen: each
    step's heading and instruction go to the screen reader once (the eye reads them at
    the panel's top), after what just happened."""
    app = app_at({"brasil": 6, "peru": 4, "argentina": 3}, humans=2)
    app.curtain = 0
    app.render()
    app.dispatch("curtain-open")
    said = app.render()["announce"]
    assert said["text"].startswith("Exércitos a colocar:")
    assert "Escolha um território seu para colocar." in said["text"]
    assert app.render()["announce"] == said
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    while app.game.pending_armies:
        app.dispatch(
            "territory", next(t for t in app.game.territories_of(0) if app.game.available_for(t))
        )
    said = app.render()["announce"]["text"]
    assert "colocou" in said and said.endswith(app.tr("attack_pick_source"))
    app.dispatch("territory", "brasil")
    said = app.render()["announce"]["text"]
    assert said == app.tr("attack_pick_target", source=app.place("brasil"))
    enemy = next(n for n in BOARD.neighbors["brasil"] if app.game.owner[n] != 0)
    app.dispatch("territory", enemy)
    said = app.render()["announce"]["text"]
    assert said.startswith(f"{app.tname('brasil')} (")
    assert f"ataca {app.tname(enemy)} (" in said


def test_the_dice_are_not_a_second_live_region():
    app = app_at({"brasil": 6, "argelia": 1})
    place_all(app, "peru")
    app.dispatch("pick", "brasil")
    app.dispatch("pick", "argelia")
    app.dispatch("attack")
    panel = app.render()["panel"]
    assert find(panel, lambda n: n["attrs"].get("class") == "dice")
    assert not find(panel, lambda n: "aria-live" in n["attrs"])


def test_the_menu_and_full_screen():
    app = app_at()
    header = app.render()["header"]
    assert not find(header, lambda n: n["attrs"].get("data-action") == "fullscreen")
    toggle = find(header, lambda n: n["attrs"].get("data-action") == "menu")[0]
    assert toggle["attrs"]["aria-expanded"] == "false"
    app.dispatch("menu")
    header = app.render()["header"]
    assert (
        find(header, lambda n: n["attrs"].get("id") == "menu-list")[0]["attrs"]["data-open"]
        == "true"
    )
    app.dispatch("escape")
    assert not app.menu_open
    app.can_fullscreen = True
    assert find(app.render()["header"], lambda n: n["attrs"].get("data-action") == "fullscreen")
    assert app.dispatch("fullscreen") == {"fullscreen": True}
    app.is_fullscreen = True
    assert app.dispatch("fullscreen") == {"fullscreen": False}


def test_panel_headings_follow_the_page_title():
    app = app_at({"brasil": 6, "argelia": 1})
    panel = app.render()["panel"]
    levels = [int(n["tag"][1]) for n in find(panel, lambda n: n["tag"] in ("h2", "h3", "h4", "h5"))]
    assert levels and levels[0] == 2
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))


def test_the_chooser_and_the_keys_say_the_boards_own_word():
    """War Brasil's states are states in the chooser and the map's keyboard help too."""
    board = load_board("brasil")
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    owner.update(paraiba=0, pernambuco=0)  # two of Ana's states, 13 px apart
    game = Game.scenario("brasil", SEATS, owner, seed=3)
    assert game.current == 0
    app = App(MemoryStorage())
    app.set_anchors("brasil", anchors("brasil"))
    app.game = game
    app.seats = [{"name": n, "color": c, "kind": "human"} for n, c in SEATS]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.screen = "play"
    a, b = app.anchors["brasil"]["paraiba"], app.anchors["brasil"]["pernambuco"]
    for lang, which, keys in (
        ("pt", "Qual estado?", "ir a um estado vizinho"),
        ("en", "Which state?", "go to a neighbouring state"),
    ):
        app.dispatch("lang", lang)
        app.dispatch("tap", "|", f"{(a[0] + b[0]) / 2},{(a[1] + b[1]) / 2},0.4")
        view = app.render()
        assert view["choice"] is not None, "the tap between two states offers both"
        assert which in text_of(view["choice"]["node"])
        assert keys in str(view)


def test_war2_free_choice_never_offers_a_taken_territory():
    """WAR II's free choice of vacant territories: a tap between a taken territory and a
    vacant one (close enough on a phone to ask which) claims the vacant one at once."""
    app = App(MemoryStorage())
    app.set_anchors("war2", anchors("war2"))
    app.dispatch("variant", "war2")
    for seat in app.form["seats"][1:]:
        seat["kind"] = "human"
    app.dispatch("seed", None, "3")
    app.dispatch("start")
    g = app.game
    app.curtain = None
    assert g.phase == "claim"
    at = app.anchors["war2"]
    pairs = sorted(
        (math.dist(at[a], at[b]), a, b)
        for a in g.board.territories
        for b in g.board.neighbors[a]
        if a in g.owner and b not in g.owner
    )
    scale = 0.45  # a phone upright: the world map's badges a few px apart
    for _d, taken, vacant in pairs:
        point = ((at[taken][0] + at[vacant][0]) / 2, (at[taken][1] + at[vacant][1]) / 2)
        if set(resolve(point, scale, None, None, at)) == {taken, vacant}:
            break
    else:
        raise AssertionError("no close call between a taken and a vacant territory")
    seat = g.current
    app.dispatch("tap", "|", f"{point[0]},{point[1]},{scale}")
    assert app.candidates == [] and g.owner.get(vacant) == seat
    assert app.message is None


def test_the_keyboard_stays_on_a_control_that_changes_its_face():
    """A toggle or a row that goes away leaves the keyboard where the next key is expected
    (it fell to the map or to the page): Show/Hide my objective, the language switch, a
    game deleted and put back, a player removed from a new game."""
    app = app_at()
    app.dispatch("reveal")
    assert app.focus_target == ("action", "hide")
    app.dispatch("hide")
    assert app.focus_target == ("action", "reveal")
    app.dispatch("lang", "en")
    assert app.focus_target == ("action", "lang", "pt")
    app.dispatch("lang", "pt")
    assert app.focus_target == ("action", "lang", "en")
    saved = app.record["id"]
    app.dispatch("screen", "saves")
    app.dispatch("delete", saved)
    assert app.focus_target == ("action", "undo-delete")
    app.dispatch("undo-delete")
    assert app.focus_target == ("action", "resume", saved)
    app.dispatch("screen", "setup")
    for _ in range(3):
        app.dispatch("seat-add")
    assert len(app.form["seats"]) == 6
    app.dispatch("seat-remove", "5")  # the last row: the new last row's ✕
    assert app.focus_target == ("action", "seat-remove", "4")
    app.dispatch("seat-remove", "1")  # a middle row: the row that moved up
    assert app.focus_target == ("action", "seat-remove", "1")
    app.dispatch("seat-remove", "0")  # three left: none can go, "+ Player"
    assert app.focus_target == ("action", "seat-add")


def test_every_close_and_remove_button_says_what_it_does_to_a_screen_reader():
    app = app_at()
    app.dispatch("screen", "setup")
    overlay = app.render()["overlay"]
    removes = find(overlay, lambda n: n["attrs"].get("data-action") == "seat-remove")
    names = [s["name"] for s in app.form["seats"]]
    assert [b["attrs"]["aria-label"] for b in removes] == [
        f"Tirar o jogador {i + 1} ({name})" for i, name in enumerate(names)
    ]
    (close,) = find(overlay, lambda n: "dialog-close" in str(n["attrs"].get("class")))
    assert close["attrs"]["aria-label"] == "Fechar"
    app.dispatch("lang", "en")
    overlay = app.render()["overlay"]
    (close,) = find(overlay, lambda n: "dialog-close" in str(n["attrs"].get("class")))
    assert close["attrs"]["aria-label"] == "Close"
    removes = find(overlay, lambda n: n["attrs"].get("data-action") == "seat-remove")
    assert removes[0]["attrs"]["aria-label"] == f"Remove player 1 ({names[0]})"


def test_a_territory_says_what_its_colours_show_to_a_screen_reader():
    """Chosen as the source or the target, or one the player may choose now: said in the
    territory's label, not only by its outline (in the page's language)."""
    app = app_at({"brasil": 6, "peru": 4, "argentina": 3})
    labels = app.render()["board"]["territories"]
    assert labels["brasil"]["label"].endswith(" · disponível")  # armies may go there
    assert app.game.owner["mexico"] != 0 and "·" not in labels["mexico"]["label"]
    place_all(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia" if app.game.owner["argelia"] else "peru")
    labels = app.render()["board"]["territories"]
    assert labels["brasil"]["label"].endswith(" · selecionado (origem)")
    target = app.target
    assert target and labels[target]["label"].endswith(" · selecionado (destino)")
    app.dispatch("lang", "en")
    labels = app.render()["board"]["territories"]
    assert labels["brasil"]["label"].endswith(" · selected (from)")
    assert labels[target]["label"].endswith(" · selected (to)")
    app.dispatch("territory", "brasil")  # the source dropped: its neighbours to attack go
    assert app.source is None
    app.dispatch("territory", "brasil")
    labels = app.render()["board"]["territories"]
    enemies = [n for n in BOARD.neighbors["brasil"] if app.game.owner[n] != 0]
    assert enemies and all(labels[n]["label"].endswith(" · available") for n in enemies)


def test_undo_is_heard_the_replay_takes_the_keyboard_and_the_curtain_is_modal():
    app = app_at(humans=2)
    tap_at(app, "brasil")
    app.dispatch("undo")
    said = app.render()["announce"]["text"]
    assert said.startswith("Ana desfez o último lance.")  # not the placement undone
    app.dispatch("screen", "history")
    app.dispatch("replay-start")
    assert app.focus_target == ("action", "replay-step", "next")
    app.dispatch("screen", "play")
    app.curtain = 1
    curtain = app.render()["curtain"]
    # dialogs, not modal ones: Tab and a screen reader reach the top bar, which stays in
    # use (aria-modal told a screen reader it was out of reach while Tab went there)
    assert curtain["attrs"]["role"] == "dialog" and "aria-modal" not in curtain["attrs"]
    index = (Path(__file__).resolve().parent.parent / "web" / "index.html").read_text()
    assert 'id="overlay-slot" role="dialog">' in index and "aria-modal" not in index


def test_page_down_and_page_up_jump_to_the_next_territory_one_may_choose():
    """Placing: the keyboard goes round Ana's own territories in the board's order, in both
    directions; a computer's turn offers nothing to jump to."""
    app = app_at(mine=("alasca",))
    own = [t for t in BOARD.territories if app.game.owner[t] == 0]
    app.dispatch("key-jump", "next", own[0])
    assert app.cursor == own[1]
    assert app.render()["focus"]["target"] == ["territory", own[1]]
    app.dispatch("key-jump", "previous", own[0])
    assert app.cursor == own[-1]  # round the end
    app.dispatch("key-jump", "next", own[-1])
    assert app.cursor == own[0]
    enemy = next(t for t in BOARD.territories if app.game.owner[t] != 0)
    app.dispatch("key-jump", "next", enemy)  # from anywhere: the next of hers after it
    after = list(BOARD.territories)[list(BOARD.territories).index(enemy) + 1 :]
    assert app.cursor == next(t for t in after + own if t in own)


def test_page_down_goes_through_sources_that_may_attack_then_through_targets():
    app = app_at({"brasil": 6, "peru": 3, "argentina": 1, "venezuela": 4, "argelia": 1})
    place_all(app, "peru")
    g = app.game
    sources = [
        t
        for t in BOARD.territories
        if g.owner[t] == 0 and g.armies[t] >= 2 and any(g.owner[n] != 0 for n in BOARD.neighbors[t])
    ]
    seen = []
    here = sources[0]
    for _ in sources:
        app.dispatch("key-jump", "next", here)
        here = app.cursor
        seen.append(here)
    assert sorted(seen) == sorted(sources) and "argentina" not in seen
    app.dispatch("pick", "brasil")
    targets = [n for n in BOARD.neighbors["brasil"] if g.owner[n] != 0]
    seen = set()
    for _ in targets:
        app.dispatch("key-jump", "next", app.cursor)
        seen.add(app.cursor)
    assert seen == set(targets)


def test_page_down_while_a_computer_moves_stays_put():
    app = app_at(humans=1)
    app.game.current = 1  # Bia, a computer, to move
    app.cursor = "brasil"
    app.dispatch("key-jump", "next", "brasil")
    assert app.cursor == "brasil"


def test_a_big_placement_offers_ten_and_twenty_five_a_tap():
    """42 armies to place by fives were 9 taps (150, late in a game, 30): from 20 armies a
    tap may place 10, from 50 also 25; the amount chosen stays offered to the end."""
    owner = {t: 0 for t in BOARD.territories}
    last, before_last = list(BOARD.territories)[-2:]
    owner.update({last: 1, before_last: 2})
    game = Game.scenario("classic", SEATS, owner, seed=4, objectives={0: "destroy_preto"})
    app = App(MemoryStorage())
    app.game = game
    app.seats = [{"name": n, "color": c, "kind": "human"} for n, c in SEATS]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.screen = "play"

    def amounts() -> list[str]:
        panel = app.render()["panel"]
        found = find(panel, lambda n: n["attrs"].get("data-action") == "amount")
        return [b["attrs"]["data-arg"] for b in found]

    assert game.pending_armies == 42
    assert amounts() == ["1", "5", "10", "all"]
    app.dispatch("amount", "10")
    where = "brasil"
    armies = game.armies[where]
    app.dispatch("territory", where)
    assert game.armies[where] == armies + 10 and game.pending_armies == 32
    game.pools["free"] += 100  # a late game's trade
    assert amounts() == ["1", "5", "10", "25", "all"]
    app.dispatch("amount", "25")
    app.dispatch("territory", where)
    assert game.armies[where] == armies + 35 and game.pending_armies == 107
    while game.available_for(where) >= 25:
        app.dispatch("territory", where)
    assert game.pending_armies < 50 and "25" in amounts()  # the one chosen stays
    app.dispatch("amount", "1")
    assert amounts() == (
        ["1", "5", "10", "all"] if game.pending_armies >= 20 else ["1", "5", "all"]
    )


@pytest.mark.parametrize("skipping", [False, True])
def test_a_screen_reader_hears_the_computers_take_not_every_roll(skipping: bool) -> None:
    """While the computers played, every placement and roll went to the live region (16
    lines in 6 seconds at the normal speed, each taking seconds to speak), burying the
    person's own turn. Now it hears whose turn it is and what they conquer (skipping to
    one's turn: nothing but who is knocked out or wins), and the person's turn starts
    with its step; the log keeps every line."""
    app = app_at(humans=1)
    place_all(app, "brasil")
    app.dispatch("end-attack")
    app.dispatch("end-turn")
    if skipping:
        app.dispatch("fast-forward")
    heard: list[str] = []
    while app.bot_step():
        heard.append(app.render()["announce"]["text"])
    heard.append(app.render()["announce"]["text"])
    said = [s for s in heard if s]
    assert app.game.current == 0 and app.game.phase != "over"
    assert not any(" colocou " in s or " atacou " in s for s in said), said
    assert any(" atacou " in line for line in app.history_lines())
    if skipping:  # the person's own turn line is heard even so
        assert said == [said[-1]] and said[-1].startswith("Rodada 2: vez de Ana."), said
    else:
        assert any("Rodada 1: vez de" in s or "conquistou" in s for s in said[:-1]), said
    assert "Exércitos a colocar: 5. Escolha um território seu para colocar." in said[-1]


def test_a_screen_reader_hears_the_war2_moves_aimed_at_a_person() -> None:
    """Of the computers' WAR II moves, the territories they claim and what they aim at a
    person (bombs, spying, an Information Centre captured) are read out; a computer's
    bombs on another computer and each roll are not."""
    app = app_at(humans=1)
    heard = app.heard_of_computers
    assert heard({"type": "claim", "player": 1, "territory": "brasil"})
    assert heard({"type": "spy", "player": 1, "target": 0})
    assert heard({"type": "air_attack", "player": 1, "defender": 0, "target": "brasil"})
    assert heard({"type": "ci_captured", "player": 2, "ci": 0, "territory": "peru"})
    assert not heard({"type": "air_attack", "player": 1, "defender": 2, "target": "china"})
    assert not heard({"type": "battle", "player": 1, "defender": 0})
    app.fast_forward = True  # skipping to one's turn: only what is aimed at the person
    assert not heard({"type": "claim", "player": 1, "territory": "brasil"})
    assert heard({"type": "spy", "player": 1, "target": 0})
