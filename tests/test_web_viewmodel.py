"""The page's view model: what a player sees and what a tap does, without a browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pywar.board import load_board
from pywar.game import Game
from pywar.objectives import describe

from i18n import CATALOGUE
from i18n import t as text
from saves import MemoryStorage, make_record
from viewmodel import App, find, text_of

WEB = Path(__file__).resolve().parent.parent / "web"
BOARD = load_board("classic")
SA = ["venezuela", "peru", "brasil", "argentina"]


def scenario_app(
    owner_of: dict[int, list[str]],
    kinds: list[str],
    armies=None,
    current=0,
    hands=None,
    storage=None,
) -> App:
    """An App playing a game set at a given position (seat 0 gets every unnamed territory)."""
    owner = {t: 0 for t in BOARD.territories}
    for seat, ts in owner_of.items():
        for t in ts:
            owner[t] = seat
    seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")][: len(kinds)]
    game = Game.scenario(
        "classic", seats, owner, armies=armies, current=current, hands=hands, seed=3
    )
    return app_playing(game, kinds, storage=storage)


def app_playing(game: Game, kinds: list[str], lang: str = "pt", storage=None) -> App:
    """An App on the play screen of ``game``, its seats played as ``kinds`` say, saved."""
    app = App(storage or MemoryStorage(), lang=lang)
    app.game = game
    app.seats = [
        {"name": p.name, "color": p.color, "kind": k}
        for p, k in zip(game.players, kinds, strict=True)
    ]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.store.set_current(app.record["id"])
    app.screen = "play"
    return app


def buttons(view_node, action: str) -> list[dict]:
    return find(view_node, lambda n: n["attrs"].get("data-action") == action)


def test_first_screen_is_setup_with_three_seats():
    app = App(MemoryStorage())
    view = app.render()
    assert view["screen"] == "setup"
    assert len(find(view["overlay"], lambda n: n["attrs"].get("class") == "seat")) == 3
    assert "Novo jogo" in text_of(view["overlay"])


def test_a_colour_taken_by_another_seat_swaps():
    """Picking a colour another seat has gives that seat the picker's old colour."""
    app = App(MemoryStorage())
    app.dispatch("seat-add")
    before = [s["color"] for s in app.form["seats"]]
    assert before == ["azul", "vermelho", "verde", "amarelo"]
    app.dispatch("seat-color", "3", "azul")
    assert [s["color"] for s in app.form["seats"]] == ["amarelo", "vermelho", "verde", "azul"]
    app.dispatch("seat-color", "1", "preto")  # a free colour: nobody else changes
    assert [s["color"] for s in app.form["seats"]] == ["amarelo", "preto", "verde", "azul"]
    selects = find(app.render()["overlay"], lambda n: n["attrs"].get("data-action") == "seat-color")
    shown = [
        next(o["attrs"]["value"] for o in sel["children"] if o["attrs"].get("selected"))
        for sel in selects
    ]
    assert shown == ["amarelo", "preto", "verde", "azul"]
    app.dispatch("start")
    assert app.game is not None
    assert [p.color for p in app.game.players] == ["amarelo", "preto", "verde", "azul"]


def test_setup_validates_and_starts_a_game():
    app = App(MemoryStorage())
    app.dispatch("seat-add")
    app.form["seats"][3]["color"] = "azul"  # a clash only a stored form can bring
    app.dispatch("start")
    assert app.game is None
    assert app.render()["message"]["text"] == text("pt", "setup_colors_clash")
    app.dispatch("seat-color", "3", "amarelo")
    app.dispatch("seat-name", "1", "   ")
    app.dispatch("start")
    assert app.render()["message"]["text"] == text("pt", "setup_need_names")
    app.dispatch("seat-name", "1", "Bruna")
    app.dispatch("seed", None, "42")
    app.dispatch("opt-first-round", None, "true")
    app.dispatch("start")
    assert app.game is not None and len(app.game.players) == 4
    assert app.game.setup["seed"] == 42
    assert app.game.options == {"first_round_placement_only": True}
    assert app.render()["screen"] == "play"


def test_a_hostile_name_is_only_ever_text():
    app = App(MemoryStorage())
    evil = "<img src=x onerror=alert(1)>"
    app.dispatch("seat-name", "0", evil)
    app.dispatch("start")
    view = app.render()
    blob = json.dumps(view, ensure_ascii=False)
    assert evil in blob
    texts = find(view["panel"], lambda n: evil in [c for c in n["children"] if isinstance(c, str)])
    assert texts, "the name appears as a text child"
    assert not find(view["panel"], lambda n: n["tag"] == "img")


SPREAD = {1: ["peru", "mexico", "franca", "egito"], 2: ["china", "australia"]}


def test_placement_by_taps_with_amounts():
    app = scenario_app(SPREAD, ["human", "bot", "bot"])
    g = app.game
    start = g.pending_armies
    app.dispatch("territory", "brasil")
    assert g.armies["brasil"] == 2 and g.pending_armies == start - 1
    app.dispatch("amount", "5")
    app.dispatch("territory", "brasil")
    assert g.armies["brasil"] == 7
    app.dispatch("territory", "peru")
    owner = app.game.players[app.game.owner["peru"]].name
    assert app.render()["message"]["text"] == text("pt", "place_not_yours", owner=owner)
    app.dispatch("amount", "all")
    app.dispatch("territory", "argentina")
    assert g.pending_armies == 0
    assert g.phase == "attack"


def test_continent_armies_are_shown_apart_and_bound():
    # Ana holds 19 territories with all of South America: 9 + 2, the 2 only there.
    na = [t for t in BOARD.continents["north_america"].territories if t != "mexico"]
    eu = [t for t in BOARD.continents["europe"].territories if t != "moscou"]
    ana = SA + na + eu + ["egito"]
    assert len(ana) == 19
    rest = [t for t in BOARD.territories if t not in ana]
    app = scenario_app({0: ana, 1: rest[:12], 2: rest[12:]}, ["human", "bot", "bot"])
    panel = text_of(app.render()["panel"])
    assert "Exércitos a colocar: 11" in panel
    assert "9 em qualquer território seu" in panel
    assert "2 só na América do Sul" in panel
    outside = next(t for t in ana if t not in SA)
    app.dispatch("amount", "all")
    app.dispatch("territory", outside)
    assert app.game.armies[outside] == 10 and app.game.pending_armies == 2
    panel = text_of(app.render()["panel"])  # the free armies are all placed: not listed
    assert "2 só na América do Sul" in panel and "em qualquer território seu" not in panel
    app.dispatch("territory", "brasil")
    assert app.game.armies["brasil"] == 3 and app.game.phase == "attack"


def test_attack_conquest_occupy_and_regroup_by_taps():
    armies = {"brasil": 10, "peru": 1, "argentina": 1}
    app = scenario_app(SPREAD, ["human", "bot", "bot"], armies=armies)
    g = app.game
    app.dispatch("amount", "all")
    app.dispatch("territory", "venezuela")
    assert g.phase == "attack"
    app.dispatch("territory", "peru")
    assert app.render()["message"]["text"] == text("pt", "pick_source_first")
    app.dispatch("territory", "brasil")
    board = app.render()["board"]["territories"]
    assert board["brasil"]["state"] == "source" and board["peru"]["state"] == "option"
    app.dispatch("territory", "peru")
    view = app.render()
    assert "Chance de conquistar" in text_of(view["panel"])
    while g.owner["peru"] != 0:
        app.dispatch("attack")
        panel = app.render()["panel"]
        assert find(panel, lambda n: "die" in n["attrs"].get("class", ""))
    assert g.phase == "occupy"
    choices = [b["attrs"]["data-arg"] for b in buttons(app.render()["panel"], "occupy")]
    assert choices == [str(k) for k in range(1, g.occupy["max"] + 1)]
    before = g.armies["brasil"]
    app.dispatch("occupy", choices[-1])
    assert g.armies["peru"] == int(choices[-1])
    assert g.armies["brasil"] == before - int(choices[-1]) + 1
    app.dispatch("end-attack")
    assert g.phase == "regroup"
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argentina")
    app.dispatch("move-count", "2")
    app.dispatch("regroup")
    assert g.armies["argentina"] == 3
    app.dispatch("end-turn")
    assert g.current != 0
    assert len(g.players[0].cards) == 1


def test_a_regroup_of_every_movable_army_goes_back_to_choosing_a_territory():
    """Moving all that can leave a territory ends that move: the panel asks for the next
    territory to move from, never offers "Move 0"; moving part keeps the pair chosen."""
    armies = {"brasil": 5, "argentina": 1}
    app = scenario_app(SPREAD, ["human", "bot", "bot"], armies=armies)
    g = app.game
    app.dispatch("amount", "all")
    app.dispatch("territory", "venezuela")
    app.dispatch("end-attack")
    assert g.phase == "regroup"
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argentina")
    app.dispatch("move-count", "1")
    app.dispatch("regroup")
    assert (app.source, app.target) == ("brasil", "argentina")  # 3 more may go
    app.dispatch("move-count", "3")
    app.dispatch("regroup")
    assert g.armies["argentina"] == 5 and g.movable_from("brasil") == 0
    assert app.source is None and app.target is None
    panel = app.render()["panel"]
    assert not buttons(panel, "regroup")
    assert text("pt", "regroup_pick_source") in text_of(panel)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_big_regroup_counts_with_a_stepper_one_half_and_all(lang):
    """40 armies to move: no wall of 40 buttons but one fewer, the count, one more (named
    for a screen reader in the page's language), and one, half and all; the steps stay
    within 1..40 and Move moves the count shown."""
    app = scenario_app(SPREAD, ["human", "bot", "bot"], armies={"brasil": 41, "argentina": 1})
    app.lang = lang
    g = app.game
    app.dispatch("amount", "all")
    app.dispatch("territory", "venezuela")
    app.dispatch("end-attack")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argentina")
    panel = app.render()["panel"]
    counts = buttons(panel, "move-count")
    assert [b["attrs"]["data-arg"] for b in counts] == ["fewer", "more", "1", "20", "40"]
    assert [b["attrs"].get("aria-label") for b in counts[:2]] == [
        text(lang, "count_fewer"),
        text(lang, "count_more"),
    ]
    # all 40 chosen at first: no more (said so, but it keeps a keyboard's focus)
    assert counts[1]["attrs"]["aria-disabled"] == "true" and "disabled" not in counts[1]["attrs"]
    assert text(lang, "regroup_go", n=40) in text_of(panel)

    def chosen() -> str:
        out = find(app.render()["panel"], lambda n: n["tag"] == "output")
        return text_of(out[0])

    app.dispatch("move-count", "more")
    assert chosen() == "40"
    app.dispatch("move-count", "fewer")
    app.dispatch("move-count", "fewer")
    assert chosen() == "38"
    assert app.render()["announce"]["text"] == "38"  # a screen reader hears the new count
    app.dispatch("move-count", "1")
    app.dispatch("move-count", "fewer")
    assert chosen() == "1"
    assert buttons(app.render()["panel"], "move-count")[0]["attrs"]["aria-disabled"] == "true"
    app.dispatch("move-count", "20")
    app.dispatch("move-count", "more")
    app.dispatch("regroup")
    assert g.armies["argentina"] == 22 and g.armies["brasil"] == 20


def test_a_turn_starts_with_what_was_lost_while_the_computers_played():
    """Ana's next turn names the territories the computers took from her, and who took
    them; nothing is said before her first turn has ended, or once she has placed. The game
    opened again (a reload, Saved games, an import on another computer) says the same:
    recalled from its log (it said nothing: the page's memory was gone)."""
    caio = ["australia", "nova_guine"]
    bia = [t for t in BOARD.territories if t not in SA + caio][:30] + ["mexico", "argelia"]
    armies = {t: 1 for t in BOARD.territories} | {"mexico": 40, "argelia": 40}
    app = scenario_app({1: bia, 2: caio}, ["human", "bot", "bot"], armies=armies)
    g = app.game
    assert g.owner["venezuela"] == 0 and g.owner["mexico"] == 1
    assert app._losses_note() is None
    app.dispatch("amount", "all")
    app.dispatch("territory", "argentina")
    app.dispatch("end-attack")
    app.dispatch("end-turn")
    held = g.territories_of(0)
    steps = 0
    while g.current != 0 and steps < 500:
        app.bot_step()
        steps += 1
    lost = [t for t in held if g.owner[t] != 0]
    assert g.current == 0 and g.phase == "reinforce" and lost, lost
    note = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "losses")
    assert len(note) == 1
    said = text_of(note[0])
    assert said.startswith("Desde a sua última jogada você perdeu")
    for t in lost:
        assert f"{app.tname(t)} (para {app.name(g.owner[t])})" in said
    app._open(app.record["id"])  # Saved games > Continue, a take-over, an import
    (again,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "losses")
    assert text_of(again) == said
    g = app.game
    app.dispatch("amount", "all")
    app.dispatch("territory", g.territories_of(0)[0])
    assert not find(app.render()["panel"], lambda n: n["attrs"].get("class") == "losses")


def test_a_territory_lost_twice_over_names_who_took_it_from_us():
    """Bia takes Venezuela from Ana, then Caio takes it from Bia: Ana's next turn says she
    lost it to Bia (who took it from her), not to Caio (who holds it now)."""
    from pywar.actions import Attack, EndAttack, EndTurn, Occupy, Place

    bia = [t for t in BOARD.territories if t not in SA][:20] + ["mexico"]
    armies = {t: 1 for t in BOARD.territories} | {"mexico": 40, "brasil": 1}
    app = scenario_app({1: bia, 2: ["nova_york"]}, ["human"] * 3, armies=armies)
    g = app.game
    g.owner["brasil"] = 2  # Caio beside Venezuela (a scenario's own owners, set up here)
    g.armies["brasil"] = 40

    def place_all(territory: str) -> None:
        while g.pending_armies:  # the rest (bound to other continents) where it may go
            spot = max(
                g.territories_of(g.current), key=lambda t: (g.available_for(t) > 0, t == territory)
            )
            app._act(Place(spot, g.available_for(spot)))

    place_all("argentina")
    app._act(EndAttack())
    app._act(EndTurn())

    def take_venezuela(source: str) -> None:
        place_all(source)
        while g.owner["venezuela"] != g.current:
            app._act(Attack(source, "venezuela"))
        app._act(Occupy(1))
        app._act(EndAttack())
        app._act(EndTurn())

    take_venezuela("mexico")
    assert g.current == 2
    take_venezuela("brasil")
    assert g.current == 0 and g.owner["venezuela"] == 2
    app.on_curtain_open(None, None)  # Ana takes the tablet
    for lang, said in (("pt", "Venezuela (para Bia)"), ("en", "Venezuela (to Bia)")):
        app.lang = lang
        note = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "losses")
        assert said in text_of(note[0])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Escolha um território seu na América do Sul para colocar."),
        ("en", "Choose one of your territories in South America to place."),
    ],
)
def test_the_placement_hint_says_where_the_last_bound_armies_go(lang, said):
    """Once the armies left are all bound to one continent, the hint names it (it said
    "one of your territories" while a tap elsewhere was refused)."""
    from pywar.actions import Place

    rest = [t for t in BOARD.territories if t not in SA and t != "mexico"]
    app = scenario_app({1: rest[::2], 2: rest[1::2]}, ["human", "bot", "bot"])
    app.lang = lang
    g = app.game
    assert set(g.pools) == {"free", "continent:south_america"}, g.pools
    assert text(lang, "place_hint") in text_of(app.render()["panel"])
    app._act(Place("mexico", g.pools["free"]))
    panel = text_of(app.render()["panel"])
    assert said in panel and text(lang, "place_hint") not in panel


def test_the_keyboard_starts_on_the_persons_own_territory_while_a_computer_moves():
    """A game whose first turn is a computer's: the keyboard's place on the map is the
    person's largest army (it was the computer's, an enemy territory to the player)."""
    armies = {"china": 9, "brasil": 5}
    app = scenario_app(
        {1: ["brasil", "peru"], 2: ["australia"]}, ["bot", "human", "bot"], armies=armies
    )
    g = app.game
    assert g.current == 0 and app.is_bot(0)
    assert app.default_cursor() == "brasil" and g.owner["brasil"] == 1


def test_curtain_hides_the_next_players_secrets():
    app = scenario_app(SPREAD, ["human", "human", "bot"])
    g = app.game
    app.on_curtain_open(None, None)
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    app.dispatch("end-turn")
    assert g.current == 1
    view = app.render()
    assert view["curtain"] is not None
    assert "Passe para Bia" in text_of(view["curtain"])
    bia_objective = describe(g.objective_of(1), g.board, "pt")
    assert bia_objective not in json.dumps(view, ensure_ascii=False)
    app.dispatch("curtain-open")
    view = app.render()
    assert view["curtain"] is None
    assert bia_objective not in json.dumps(view, ensure_ascii=False)
    app.dispatch("reveal")
    assert bia_objective in text_of(app.render()["panel"])
    ana_objective = describe(g.objective_of(0), g.board, "pt")
    if ana_objective != bia_objective:
        assert ana_objective not in json.dumps(app.render(), ensure_ascii=False)


@pytest.mark.parametrize(
    ("lang", "undo"),
    [("pt", "Desfazer a última colocação de Ana"), ("en", "Undo Ana's last placement")],
)
def test_the_curtain_takes_back_the_army_that_ended_a_first_round_turn(lang, undo):
    """In a first round of placements only the last army passes the turn at once: a mis-tap
    could not be taken back. The curtain offers it to the one who placed it, until the next
    person opens it; then it is theirs to play, and their Undo never reaches Ana's turn."""
    seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
    game = Game.new("classic", seats, seed=7, options={"first_round_placement_only": True})
    ana, bia = game.current, (game.current + 1) % 3
    kinds = ["bot"] * 3
    kinds[ana] = kinds[bia] = "human"
    app = app_playing(game, kinds, lang)
    app.last_human = ana
    where = game.territories_of(ana)[0]
    armies, pending = game.armies[where], game.pending_armies
    app.dispatch("amount", "all")
    app.dispatch("territory", where)
    assert game.current == bia and app.curtain == bia
    (button,) = buttons(app.render()["curtain"], "undo-turn-end")
    assert text_of(button) == undo
    app.dispatch("undo-turn-end")
    # the curtain passes back to Ana: whoever tapped it could not then see her objective
    assert game.current == ana and app.curtain == ana
    assert app.focus_target == ("action", "curtain-open")  # the button pressed is gone
    assert not buttons(app.render()["curtain"], "undo-turn-end")
    app.dispatch("reveal")
    assert not app.revealed
    app.dispatch("curtain-open")
    assert (game.armies[where], game.pending_armies) == (armies, pending)
    assert app.store.load(app.record["id"])[1].to_json() == game.to_json()  # saved at once
    # placed again, and the next person opens the curtain: nothing of Ana's to undo now
    app.dispatch("amount", "all")
    app.dispatch("territory", where)
    assert app.curtain == bia
    app.dispatch("curtain-open")
    view = app.render()
    assert not buttons(view["panel"], "undo-turn-end") and not buttons(view["panel"], "undo")
    app.dispatch("undo-turn-end")
    assert game.current == bia and game.armies[where] == armies + pending


def test_the_curtain_never_offers_to_undo_a_computers_placement():
    """Ana, a computer, then Bia: Bia's curtain comes after the computer's last army passed
    its first-round turn; there is nothing of Ana's left to take back."""
    seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
    game = Game.new("classic", seats, seed=7, options={"first_round_placement_only": True})
    ana, bot, bia = game.current, (game.current + 1) % 3, (game.current + 2) % 3
    kinds = ["human"] * 3
    kinds[bot] = "bot"
    app = app_playing(game, kinds)
    app.last_human = ana
    app.dispatch("amount", "all")
    app.dispatch("territory", game.territories_of(ana)[0])
    assert game.current == bot
    while game.current == bot:
        app.bot_step()
    assert app.curtain == bia and game.can_undo_turn_end()  # the computer's army
    assert not buttons(app.render()["curtain"], "undo-turn-end")
    app.dispatch("undo-turn-end")
    assert game.current == bia


@pytest.mark.parametrize(
    ("lang", "said"),
    [("pt", "Bruno eliminou Ana do jogo."), ("en", "Bruno knocked Ana out of the game.")],
)
def test_a_person_knocked_out_by_a_computer_is_told_and_so_is_the_next_person(lang, said):
    """A computer takes Ana's last territory: the page says so at once (it was only in the
    history, and gone from "latest moves" by the next turn), and Caio's turn opens with it."""
    seats = [("Ana", "azul"), ("Bruno", "verde"), ("Caio", "preto")]
    owner = {t: 1 + i % 2 for i, t in enumerate(BOARD.territories)}
    owner.update(argentina=0, brasil=1)
    armies = {t: 40 for t in BOARD.territories}
    armies.update(argentina=1, brasil=30)
    game = Game.scenario("classic", seats, owner, armies=armies, current=1, seed=3)
    app = app_playing(game, ["human", "normal", "human"], lang)
    while game.current == 1:
        app.bot_step()
    assert not game.players[0].alive and game.current == 2
    assert app.render()["message"]["text"] == said
    app.dispatch("curtain-open")
    (note,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "losses")
    # and a word to look at one's objective, the same for everyone (a destroy card may
    # have changed: saying so to this person alone would tell the table their card)
    assert text_of(note) == said + " " + text(lang, "objective_check")


def test_forced_trade_then_trade_picker():
    hand = [0, 1, 2, 3, 4]  # five cards: a set always exists
    app = scenario_app({1: ["peru"], 2: ["china"]}, ["human", "bot", "bot"], hands={0: hand})
    g = app.game
    assert g.must_trade
    app.dispatch("territory", "brasil")
    assert app.render()["message"]["text"] == text("pt", "rule_forced_trade")
    app.dispatch("reveal")
    rows = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "btn-row")
    actions = [[b["attrs"].get("data-action") for b in r["children"]] for r in rows]
    assert ["trade", "hide"] in actions  # one row, with the gap between its buttons
    trade = g.valid_trades()[0]
    for c in trade:
        app.dispatch("card", str(c))
    assert not buttons(app.render()["panel"], "trade")[0]["attrs"].get("disabled")
    app.dispatch("trade")
    assert len(g.players[0].cards) == 2 and not g.must_trade
    assert g.trades_done == 1
    assert app.picked == []  # the traded cards are let go: none shows as picked


def test_autosave_and_resume_exactly():
    storage = MemoryStorage()
    app = App(storage)
    app.dispatch("start")
    steps = 0
    while app.bot_to_move and steps < 300:
        app.bot_step()
        steps += 1
    g = app.game
    if g.pending_armies:
        app.dispatch("amount", "all")
        app.dispatch("territory", g.territories_of(g.current)[0])
    again = App(storage)
    assert again.game.to_json() == app.game.to_json()
    # the dice still to come are the same
    assert again.game.rng.to_json() == app.game.rng.to_json()


def test_saved_games_list_damaged_and_import_export():
    storage = MemoryStorage()
    app = App(storage)
    app.dispatch("start")
    good = app.record["id"]
    storage.set("pywar:v1:save:broken", '{"format": "pywar-save", "version": 1, "game": {')
    storage.set("pywar:v1:save:foreign", json.dumps({"hello": "world"}))
    app.dispatch("screen", "saves")
    overlay = app.render()["overlay"]
    lines = find(overlay, lambda n: n["tag"] == "li")
    assert len(lines) == 3
    damaged = [n for n in lines if "damaged" in n["attrs"]["class"]]
    assert {n["attrs"]["data-save"] for n in damaged} == {"broken", "foreign"}
    assert "danificado" in text_of(overlay) and "não é um jogo salvo" in text_of(overlay)
    exported = app.dispatch("export", good)
    assert exported["download"].endswith(".json")
    app.dispatch("import", None, exported["text"])
    assert app.game.to_json() == App(storage).game.to_json()
    # the same game imported again is not a second save
    assert len([s for s in app.store.list() if not s.damaged]) == 1
    assert "já estava salvo" in app.render()["message"]["text"]
    app.dispatch("import", None, "not json at all")
    assert app.render()["message"]["kind"] == "error"
    app.dispatch("delete", "broken")
    assert len(app.store.list()) == 2


def test_a_damaged_current_save_is_reported_not_fatal():
    storage = MemoryStorage()
    app = App(storage)
    app.dispatch("start")
    storage.set(f"pywar:v1:save:{app.record['id']}", "{truncated")
    again = App(storage)
    # set aside: the saved games are shown, the damaged one listed there, with the reason
    assert again.screen == "saves" and again.game is None
    view = again.render()
    assert view["message"]["kind"] == "error"
    assert "Não foi possível abrir o último jogo" in view["message"]["text"]
    assert "danificado" in view["message"]["text"]
    damaged = find(view["overlay"], lambda n: "damaged" in n["attrs"].get("class", ""))
    assert [n["attrs"]["data-save"] for n in damaged] == [app.record["id"]]


def test_language_switch_and_catalogue_complete():
    assert set(CATALOGUE["pt"]) == set(CATALOGUE["en"])
    source = (WEB / "viewmodel.py").read_text(encoding="utf-8")
    used = set(re.findall(r'tr\(\s*"([a-z_0-9]+)"\s*[,)]', source))
    missing = sorted(k for k in used if k not in CATALOGUE["pt"])
    assert not missing
    app = App(MemoryStorage())
    app.dispatch("lang", "en")
    assert "New game" in text_of(app.render()["overlay"])
    assert App(app.store.storage).lang == "en"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_of_bots_reaches_the_winners_screen(seed):
    app = App(MemoryStorage())
    for seat in app.form["seats"]:
        seat["kind"] = "bot"
    app.dispatch("seed", None, str(seed))
    app.dispatch("start")
    steps = 0
    while app.bot_to_move and steps < 20000:
        app.bot_step()
        steps += 1
    assert app.screen == "over"
    overlay = text_of(app.render()["overlay"])
    g = app.game
    assert f"{g.players[g.winner].name} venceu!" in overlay
    for i in range(3):
        assert describe(g.objective_of(i), g.board, "pt") in overlay
    # and who left the game on the way, by whose hand
    for p in g.players:
        said = f"Fora do jogo: eliminação por {app.name(p.eliminated_by)}." if not p.alive else None
        assert said is None or said in overlay
        assert p.alive or p.eliminated_by is not None
    # the result offers a new game, the map, the statistics and the history
    view = app.render()
    offered = {
        b["attrs"]["data-arg"]
        for b in find(view["overlay"], lambda n: n["attrs"].get("data-action") == "screen")
    }
    assert offered == {"setup", "final", "stats", "history"}
    app.dispatch("screen", "final")  # the finished map, the result in the panel
    view = app.render()
    assert app.screen == "final" and view["overlay"] is None
    assert f"{g.players[g.winner].name} venceu!" in text_of(view["panel"])
    assert buttons(view["panel"], "screen")[0]["attrs"]["data-arg"] == "play"
    app.dispatch("screen", "play")
    assert app.screen == "over"
    app.dispatch("screen", "final")
    app.dispatch("escape")  # Escape on the final map: back to the result
    assert app.screen == "over"
    app.dispatch("screen", "stats")
    app.dispatch("escape")
    assert app.screen == "over"
    # in Saved games a finished game offers its result, not a game to resume; the one
    # still in play offers to resume
    app.dispatch("new")  # a second game, left in play
    app.dispatch("start")
    app.dispatch("screen", "saves")
    opens = buttons(app.render()["overlay"], "resume")
    assert sorted(text_of(b) for b in opens) == ["Continuar", "Ver o resultado"]
    finished = next(b for b in opens if text_of(b) == "Ver o resultado")
    app.dispatch("lang", "en")
    assert sorted(text_of(b) for b in buttons(app.render()["overlay"], "resume")) == [
        "Resume",
        "See the result",
    ]
    app.dispatch("resume", finished["attrs"]["data-arg"])
    assert app.screen == "over" and app.game.winner == g.winner
    assert f"{g.players[g.winner].name} wins!" in text_of(app.render()["overlay"])


def test_blitz_rolls_until_the_floor_and_undo_takes_back_a_placement():
    armies = {"brasil": 12, "peru": 40}
    app = scenario_app(SPREAD, ["human", "bot", "bot"], armies=armies)
    g = app.game
    app.dispatch("amount", "5")
    app.dispatch("territory", "brasil")
    assert g.armies["brasil"] == 17 and g.can_undo()
    app.dispatch("undo")
    assert g.armies["brasil"] == 12
    app.dispatch("amount", "all")
    app.dispatch("territory", "venezuela")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "peru")
    app.dispatch("blitz-floor", None, "5")
    app.dispatch("blitz")
    rolls = 0
    while app.blitz_running and rolls < 200:
        app.blitz_step()
        rolls += 1
    assert 1 < g.armies["brasil"] <= 5 and g.owner["peru"] != 0
    attacks = [e for e in g.log if e["action"]["type"] == "attack"]
    assert len(attacks) == rolls
    # every roll is in the history, in words
    lines = app.history_lines()
    assert sum("atacou o Peru a partir do Brasil" in x for x in lines) == rolls


def test_replay_steps_through_the_log_and_stats_add_up():
    app = scenario_app(SPREAD, ["human", "bot", "bot"], armies={"brasil": 10})
    g = app.game
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "peru")
    app.dispatch("attack")
    app.dispatch("replay-start")
    assert app.render()["board"]["territories"]["brasil"]["armies"] == 10
    app.dispatch("replay-step", "next")
    # a screen reader hears where the replay is and what the step did (it heard nothing)
    said = app.render()["announce"]["text"]
    assert said == f"Lance 1 de {len(g.log)}, rodada {g.round}. " + " ".join(app.replay["lines"])
    assert "colocou" in said
    # every step says something: an end of attacks said nothing, on screen or aloud
    for step in range(1, len(g.log) + 1):
        app._replay_goto(step)
        assert app.replay["lines"], (step, g.log[step - 1])
    app.dispatch("replay-step", "last")
    assert app.replay["step"] == len(g.log)
    assert app.render()["board"]["territories"]["brasil"]["armies"] == g.armies["brasil"]
    assert app.focus_target == ("action", "replay-step", "prev")  # "last" went grey
    app.dispatch("replay-step", "first")
    assert app.focus_target == ("action", "replay-step", "next")
    app.dispatch("replay-step", "last")
    app.dispatch("screen", "stats")
    overlay = app.render()["overlay"]
    assert len(find(overlay, lambda n: n["tag"] == "polyline")) == 3
    luck = g.luck(0)
    assert luck["attack_rolls"] == 1
    assert app.number(luck["attack_expected_lost"]) in text_of(overlay)
    # Four columns (a phone shows them all): the rolls under the losses, counted in words
    # (Portuguese takes the singular for 0 and 1, English for 1 only).
    (luck_table,) = find(overlay, lambda n: n["attrs"].get("class") == "stats")
    assert len(find(luck_table, lambda n: n["tag"] == "th")) == 4

    def rolls() -> list[str]:
        cells = find(app.render()["overlay"], lambda n: n["attrs"].get("class") == "rolls")
        return [text_of(c) for c in cells]

    defended = g.luck(1)["defend_rolls"]
    assert defended == 1
    # none is "nenhum" ("em 0 ataque" read badly: pt_BR puts 0 in the singular)
    assert rolls()[:4] == ["em 1 ataque", "nenhuma defesa", "nenhum ataque", "em 1 defesa"]
    app.dispatch("lang", "en")
    assert rolls()[:4] == ["in 1 attack", "no defences", "no attacks", "in 1 defence"]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_seats_a_smaller_board_leaves_out_come_back(lang: str) -> None:
    """Six seats on War Brasil, then Batalhas Mitológicas (4 players, no yellow), then War
    Brasil again: Elisa and Fábio were dropped without a word and Davi's yellow stayed
    black. Now the page says who sits out and why, and the board with room brings them
    back, Davi in yellow."""
    app = App(MemoryStorage())
    app.dispatch("lang", lang)
    app.dispatch("variant", "brasil")
    for _ in range(3):
        app.dispatch("seat-add")
    before = [dict(s) for s in app.form["seats"]]
    assert [s["name"] for s in before] == ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio"]
    assert before[3]["color"] == "amarelo"
    app.dispatch("variant", "mitologicas")
    seats = app.form["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bruno", "Carla", "Davi"]
    assert seats[3]["color"] == "preto"
    said = {
        "pt": "2 jogadores ficam de fora (Elisa e Fábio): Batalhas Mitológicas é para até 4 "
        "jogadores. Voltam se você escolher outro jogo.",
        "en": "2 players sit this one out (Elisa and Fábio): Mythological Battles is for up "
        "to 4 players. They come back if you choose another game.",
    }[lang]
    # in the form, beside the seats (a message over the form hid its title on a phone),
    # and read out once
    view = app.render()
    assert view["message"] is None
    assert said in text_of(view["overlay"]) and view["announce"]["text"] == said
    other = "en" if lang == "pt" else "pt"
    app.dispatch("lang", other)
    assert "Elisa" in text_of(app.render()["overlay"]) and said not in text_of(
        app.render()["overlay"]
    )
    app.dispatch("lang", lang)
    app.dispatch("variant", "mitologicas")  # tapped again: they still sit out, and it says so
    assert said in text_of(app.render()["overlay"])
    app.dispatch("variant", "brasil")
    assert app.form["seats"] == before  # all six, Davi in yellow again
    assert "Elisa" not in text_of(app.render()["overlay"])  # nobody sits out: no note
    app.dispatch("variant", "mitologicas")
    app.dispatch("seat-color", "3", "verde")  # Davi picks green here: it sticks
    app.dispatch("variant", "classic")
    colours = [s["color"] for s in app.form["seats"]]
    assert colours[3] == "verde" and len(colours) == 6 and len(set(colours)) == 6
    app.dispatch("start")
    assert app.game is not None and len(app.game.players) == 6
    assert all(set(s) == {"name", "color", "kind"} for s in app.record["seats"])
    remembered = json.loads(app.store.get_pref("setup", limit=4000) or "{}")
    assert all(set(s) == {"name", "color", "kind"} for s in remembered["seats"])


def test_each_board_speaks_its_own_words_and_plays_through_a_turn():
    app = App(MemoryStorage())
    app.dispatch("variant", "mitologicas")
    assert len(app.colors_of("mitologicas")) == 4
    for _ in range(3):
        app.dispatch("seat-add")
    assert len(app.form["seats"]) == 4  # the book's limit
    app.dispatch("start")
    assert app.game.variant.id == "mitologicas"
    assert app.render()["board_id"] == "mitologicas"
    while app.bot_to_move:
        app.bot_step()
    panel = text_of(app.render()["panel"])
    assert "Guerreiros a colocar" in panel
    app.dispatch("screen", "rules")
    rules = text_of(app.render()["overlay"])
    assert "figura mitológica vale 10 guerreiros" in rules
    assert "Bônus por região" in rules and "Grécia Central 5" in rules  # the board's own
    app.dispatch("screen", "setup")
    app.dispatch("variant", "brasil")
    assert app.render()["board_id"] == "brasil"
    app.dispatch("start")
    g = app.game
    assert g.variant.id == "brasil" and g.options == {}
    while app.bot_to_move:
        app.bot_step()
    assert "Exércitos a colocar" in text_of(app.render()["panel"])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bot_levels_think_in_chunks_and_play_legal_moves(level):
    app = App(MemoryStorage())
    for seat in app.form["seats"]:
        seat["kind"] = level
    app.dispatch("seed", None, "4")
    app.dispatch("start")
    g = app.game
    steps = actions = 0
    while app.bot_to_move and g.turn <= 6 and steps < 5000:
        before = len(g.log)
        app.bot_step()
        actions += len(g.log) - before
        steps += 1
    assert g.turn > 6 and actions > 0
    assert type(app.bot_for(0)).__name__.lower().startswith(level)
    assert app.bot_delay() in (0, 300)


def test_speed_pause_and_fast_forward():
    for seed in range(1, 30):  # a seed where a computer opens the game
        app = App(MemoryStorage())
        app.dispatch("seed", None, str(seed))
        app.dispatch("start")
        if app.bot_to_move:
            break
    assert app.bot_to_move
    app.dispatch("speed", "slow")
    assert app.bot_delay() == 700 and App(app.store.storage).speed == "slow"
    app.dispatch("pause")
    assert not app.bot_to_move
    assert "Continuar" in text_of(app.render()["panel"])
    app.dispatch("fast-forward")
    assert app.bot_to_move and app.bot_delay() == 0
    while app.bot_to_move:
        app.bot_step()
    assert not app.fast_forward
    assert not app.is_bot(app.game.current)


def test_the_top_bar_names_the_game_shown_in_the_page_language():
    """The top bar says which game of the family the page shows: the one picked on the
    setup screen, the one started, the one a saved game is of; in the page's language."""
    app = App(MemoryStorage())
    assert app.render()["brand"] == "WAR clássico"
    app.dispatch("variant", "war2")
    assert app.render()["brand"] == "WAR II"
    app.dispatch("variant", "mitologicas")
    app.dispatch("start")
    assert app.game.variant.id == "mitologicas"
    assert app.render()["brand"] == "Batalhas Mitológicas"
    app.dispatch("lang", "en")
    assert app.render()["brand"] == "Mythological Battles"
    mythological = app.record["id"]
    app.dispatch("screen", "setup")  # the map shows the game picked, and so does the bar
    app.dispatch("variant", "brasil")
    assert app.render()["brand"] == "War Brasil"
    app.dispatch("escape")
    assert app.render()["screen"] == "play"
    assert app.render()["brand"] == "Mythological Battles"
    app.dispatch("lang", "pt")
    app.dispatch("screen", "setup")
    app.dispatch("variant", "classic")
    app.dispatch("start")
    assert app.render()["brand"] == "WAR clássico"
    app.dispatch("screen", "saves")
    app.dispatch("resume", mythological)  # a saved game of another board
    assert app.game.variant.id == "mitologicas"
    assert app.render()["brand"] == "Batalhas Mitológicas"
    names = {}
    for lang in ("pt", "en"):
        app.dispatch("lang", lang)
        app.dispatch("screen", "setup")
        for vid in ("classic", "war2", "mitologicas", "brasil"):
            app.dispatch("variant", vid)
            names[lang, vid] = app.render()["brand"]
            card = buttons(app.render()["overlay"], "variant")
            shown = [text_of(c) for c in card if c["attrs"]["data-arg"] == vid]
            assert shown[0].startswith(names[lang, vid])  # the setup screen's own name
    assert names["en", "classic"] == "Classic WAR" and names["en", "brasil"] == "War Brasil"


def test_the_tab_title_names_the_game_in_play():
    """The browser tab says which game is being played (a class with several tabs open
    tells them apart); before a game, the app's own title."""
    app = App(MemoryStorage())
    assert app.render()["title"] == "pywar — WAR no navegador"
    app.dispatch("variant", "war2")
    assert app.render()["title"] == "pywar — WAR no navegador"  # only picked, not begun
    app.dispatch("start")
    assert app.render()["title"] == "WAR II — pywar"
    app.dispatch("lang", "en")
    app.dispatch("screen", "setup")
    app.dispatch("variant", "mitologicas")
    app.dispatch("start")
    assert app.render()["title"] == "Mythological Battles — pywar"
    app.dispatch("screen", "setup")
    assert app.render()["title"] == "pywar — WAR in the browser"


@pytest.mark.parametrize("screen", ["rules", "history", "stats", "saves", "setup"])
def test_a_dialog_over_a_game_keeps_its_log_beside_it_and_no_secret(screen):
    """Behind a dialog the side panel shows the game's public log (not a blank panel),
    never the player's controls or the objective just revealed."""
    app = scenario_app(SPREAD, ["human", "human", "bot"])
    g = app.game
    app.on_curtain_open(None, None)
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    app.dispatch("reveal")
    objective = describe(g.objective_of(0), g.board, "pt")
    assert objective in text_of(app.render()["panel"])
    app.dispatch("screen", screen)
    view = app.render()
    assert view["overlay"] is not None
    panel = view["panel"]
    assert panel is not None and panel["attrs"]["class"] == "log"
    assert text("pt", "log_title") in text_of(panel)
    lines = find(panel, lambda n: n["tag"] == "li")
    assert lines and [text_of(li) for li in lines] == app.log
    assert objective not in text_of(panel)
    assert not find(panel, lambda n: "data-action" in n["attrs"])


def blitz_into_peru() -> App:
    """Ana places everything on Venezuela, then blitzes Peru (1) from Brazil (30) to the end."""
    app = scenario_app(SPREAD, ["human", "bot", "bot"], armies={"brasil": 30, "peru": 1})
    app.dispatch("amount", "all")
    app.dispatch("territory", "venezuela")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "peru")
    app.dispatch("blitz")
    for _ in range(50):
        if not app.blitz_running:
            break
        app.blitz_step()
    return app


def test_a_blitz_report_stays_with_its_attack_and_its_game():
    """'It stopped because...' is gone at the regroup, and a game opened after a blitz
    (another board's, whose map lacks the blitz's territories) opens and shows."""
    app = blitz_into_peru()
    assert app.game.owner["peru"] == 0 and app.blitz_report is not None
    assert "blitz-report" in json.dumps(app.render()["panel"])
    mito = Game.new("mitologicas", [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")], seed=2)
    seats = [{"name": p.name, "color": p.color, "kind": "human"} for p in mito.players]
    app.on_import(None, json.dumps(make_record("other", mito, seats)))
    view = app.render()
    assert app.game.board.id == "mitologicas"
    assert app.screen == "play" and "blitz-report" not in json.dumps(view["panel"])
    assert view["message"]["kind"] != "error"
    # and in the game where it ran, the regroup leaves the report behind
    app2 = blitz_into_peru()
    if app2.game.phase == "occupy":
        app2.dispatch("occupy", "1")
    assert app2.blitz_report is not None
    app2.dispatch("end-attack")
    assert app2.game.phase == "regroup"
    assert "blitz-report" not in json.dumps(app2.render()["panel"])


@pytest.mark.parametrize(
    ("lang", "names"), [("en", ("shield", "helmet", "sword")), ("pt", ("escudo", "elmo", "espada"))]
)
def test_mythological_cards_name_their_figure_on_the_card(lang, names):
    """The rules say a card shows a shield, a helmet or a sword: the card in the hand says
    which (a touch player never sees a tooltip); classic cards keep their plain shapes."""
    board = load_board("mitologicas")
    by_shape = {}
    for i, card in enumerate(board.cards):
        if card.territory is not None:
            by_shape.setdefault(card.shape, i)
    hand = [by_shape["triangle"], by_shape["square"], by_shape["circle"]]
    seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "vermelho")]
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    game = Game.scenario("mitologicas", seats, owner, round=2, seed=3, hands={0: hand})
    app = App(MemoryStorage())
    app.game = game
    app.seats = [{"name": n, "color": c, "kind": "human"} for n, c in seats]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.screen = "play"
    app.dispatch("lang", lang)
    app.dispatch("reveal")
    cards = [text_of(b) for b in buttons(app.render()["panel"], "card")]
    assert len(cards) == 3
    for card, name in zip(cards, names, strict=True):
        assert card.endswith(f"({name})"), cards
    classic = scenario_app({1: ["peru"]}, ["human", "human", "bot"], hands={0: [0, 1, 2]})
    classic.dispatch("reveal")
    assert not any("(" in text_of(b) for b in buttons(classic.render()["panel"], "card"))


def test_the_log_rebuilt_after_a_reload_speaks_the_games_own_words():
    """A Mythological Battles game reopened (a reload, another tab) rebuilds its last moves
    with warriors, not armies, though the page starts on the new-game screen's board."""
    storage = MemoryStorage()
    app = App(storage)
    app.dispatch("variant", "mitologicas")
    for seat in app.form["seats"]:
        seat["kind"] = "bot"
    app.dispatch("seed", None, "5")
    app.dispatch("start")
    for _ in range(40):
        app.bot_step()
    assert any("guerreiro" in line for line in app.log), app.log
    assert not any("exército" in line for line in app.log), app.log
    again = App(storage)
    assert again.game is not None and again.game.variant.id == "mitologicas"
    assert again.log == app.log


@pytest.mark.parametrize(
    ("variant", "option", "lang", "said"),
    [
        ("brasil", False, "pt", "a vez passa com o último colocado"),
        ("mitologicas", False, "en", "your turn ends with the last warrior placed"),
        ("classic", True, "pt", "a vez passa com o último colocado"),
        ("classic", False, "pt", None),
    ],
)
def test_a_first_round_of_placing_only_says_the_turn_passes_with_the_last_army(
    variant: str, option: bool, lang: str, said: str | None
) -> None:
    """War Brasil and Mythological Battles (their rule) and classic with the option end a
    first-round turn with the last army placed: the placement says so beforehand, in the
    board's words; a classic first round with attacks says nothing of the kind."""
    app = App(MemoryStorage(), lang=lang)
    app.dispatch("variant", variant)
    app.dispatch("opt-first-round", None, "true" if option else "")
    app.dispatch("seed", None, "2")
    app.dispatch("start")
    while app.bot_to_move:
        app.bot_step()
    assert app.game.round == 1 and app.game.phase == "reinforce"
    app.on_curtain_open(None, None)
    panel = text_of(app.render()["panel"])
    if said:
        assert said in panel, panel
    else:
        assert "a vez passa" not in panel, panel


def test_the_map_shows_whole_for_a_new_game_and_a_replay():
    """The page resets its zoom when the view's ``whole_map`` changes: a game started or
    opened, a replay begun or left; never on a tap of the game."""
    app = App(MemoryStorage())
    app.dispatch("start")
    counts = [app.render()["whole_map"]]
    app.dispatch("amount", "all")
    app.dispatch("territory", next(iter(app.game.territories_of(app.game.current))))
    counts.append(app.render()["whole_map"])
    app.dispatch("screen", "history")
    counts.append(app.render()["whole_map"])
    app.dispatch("replay-start")
    counts.append(app.render()["whole_map"])
    app.dispatch("replay-step", "next")
    counts.append(app.render()["whole_map"])
    app.dispatch("screen", "play")
    counts.append(app.render()["whole_map"])
    app.dispatch("screen", "setup")
    app.dispatch("start")
    counts.append(app.render()["whole_map"])
    saved = app.record["id"]
    app.dispatch("screen", "saves")
    app.dispatch("resume", saved)
    counts.append(app.render()["whole_map"])
    steps = [b - a for a, b in zip(counts, counts[1:], strict=False)]
    # tap, history, replay, a step, back, new game, opened
    assert steps == [0, 0, 1, 0, 1, 1, 1]


def test_a_new_game_a_computer_starts_shows_no_curtain_of_the_last_game():
    """Pass-and-play, the curtain up for Bruno; a new game in which a computer moves first
    opens with the computer playing, not with the last game's "Pass to Bruno" (whose
    button then played the computer's move and named the wrong person)."""
    for seed in range(1, 40):
        app = App(MemoryStorage())
        seats = app.form["seats"]
        seats[0]["kind"], seats[1]["kind"], seats[2]["kind"] = "human", "human", "normal"
        app.dispatch("seed", None, str(seed))
        app.dispatch("start")
        if app.is_bot(app.game.current):
            continue
        first = app.game
        app.curtain = 1 - app.game.current if app.game.current < 2 else 0
        app.dispatch("screen", "setup")
        for other in range(1, 40):
            app.dispatch("seed", None, str(other))
            app.dispatch("start")
            if app.is_bot(app.game.current):
                break
        else:
            continue
        assert app.game is not first and app.curtain is None
        assert app.render()["curtain"] is None and app.bot_to_move
        return
    raise AssertionError("no seed found")


def test_the_page_speaks_the_browsers_language_until_one_is_chosen():
    """?lang= first, then the language chosen here before, then the browser's (one the page
    speaks: web/pwa.js offers "pt", "en" or nothing), then Portuguese."""
    storage = MemoryStorage()
    assert App(storage, browser_lang="en").lang == "en"
    assert App(storage, browser_lang=None).lang == "pt"
    assert App(storage, browser_lang="fr").lang == "pt"  # not one of ours
    assert App(storage, lang="pt", browser_lang="en").lang == "pt"
    chosen = App(storage, browser_lang="en")
    chosen.dispatch("lang", "pt")
    assert App(storage, browser_lang="en").lang == "pt"  # the player's choice stays


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_luck_that_reads_zero_has_no_sign(lang: str) -> None:
    """The statistics showed one player's luck as "+0.0" beside the others' "0.0"."""
    app = App(MemoryStorage())
    app.dispatch("lang", lang)
    point = "," if lang == "pt" else "."
    figures = [app.signed(x) for x in (0.04, -0.04, 0.0, 0.05, 0.26, -1.24)]
    assert figures == [
        f"0{point}0",
        f"0{point}0",
        f"0{point}0",
        f"+0{point}1",
        f"+0{point}3",
        f"-1{point}2",
    ]


def test_a_screen_opened_over_the_game_hides_the_players_secrets() -> None:
    """Ana showed her cards, then opened the history to show the others a move: closing
    it showed her objective and cards again without a tap."""
    app = App(MemoryStorage())
    app.dispatch("start")
    while app.bot_to_move:
        app.bot_step()
    if app.curtain is not None:
        app.dispatch("curtain-open")
    app.dispatch("reveal")
    assert app.revealed
    for screen in ("history", "stats", "rules", "saves", "setup"):
        app.dispatch("screen", screen)
        app.dispatch("escape")
        assert app.screen == "play" and not app.revealed, screen
        assert not find(
            app.render()["panel"], lambda n: "secrets open" in str(n["attrs"].get("class"))
        )
        app.dispatch("reveal")


def test_the_new_game_form_explains_the_seed_and_a_five_player_option() -> None:
    """A newcomer met "Seed (optional)" with no word on what it does, and WAR II's "With 5
    players, deal all 12 centres" offered to 3 players as if it applied."""
    app = App(MemoryStorage())
    app.dispatch("lang", "en")
    app.dispatch("screen", "setup")
    form = text_of(app.render()["overlay"])
    assert "The same seed deals the same cards and rolls the same dice" in form
    app.dispatch("variant", "war2")
    form = " ".join(text_of(app.render()["overlay"]).split())
    assert "deal all 12 centres (no choice) (only with 5 players)" in form
    while len(app.form["seats"]) < 5:
        app.dispatch("seat-add")
    assert "(only with 5 players)" not in text_of(app.render()["overlay"])
