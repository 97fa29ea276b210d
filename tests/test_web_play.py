"""Issue 17, what a player notices in the first minutes: the log after a reload, what a blitz
did, trades, the paused bots, the remembered setup, the chart, the replay and the rules of
every variant (view model, no browser)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from pywar.odds import battle_odds
from pywar.variants import VARIANTS, get_variant

from i18n import t as text
from saves import MemoryStorage
from screens.bots import APPLY_AFTER_THINKING
from viewmodel import App, find, text_of


def bots_game(variant: str, seed: int = 3, storage: MemoryStorage | None = None) -> App:
    """A game of simple bots of ``variant`` started from the new-game form."""
    app = App(storage or MemoryStorage())
    app.dispatch("variant", variant)
    for seat in app.form["seats"]:
        seat["kind"] = "bot"
    app.dispatch("seed", None, str(seed))
    app.dispatch("start")
    assert app.game is not None
    return app


def play_rounds(app: App, rounds: int, cap: int = 20000) -> None:
    """Let the bots play until round ``rounds`` starts (or the game ends)."""
    steps = 0
    while app.bot_to_move and app.game.round < rounds and steps < cap:
        app.bot_step()
        steps += 1


def chart_lines(app: App) -> list[dict[str, Any]]:
    app.dispatch("screen", "stats")
    return find(app.render()["overlay"], lambda n: n["tag"] == "polyline")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_statistics_chart_has_a_point_per_round_in_every_variant(variant):
    app = bots_game(variant)
    play_rounds(app, 5)
    g = app.game
    assert g.round >= 4 or g.phase == "over"
    lines = chart_lines(app)
    assert len(lines) == len(g.players)
    for line in lines:
        points = line["attrs"]["points"].split()
        assert len(points) == len(g.timeline) >= 3, variant
    assert [p["round"] for p in g.timeline] == list(range(1, g.round + 1))
    territories = len(get_variant(variant).board.territories)
    assert all(sum(p["territories"]) == territories for p in g.timeline)
    # each line ends in a dot of its own, inside the chart (the same figures side by side)
    dots = find(app.render()["overlay"], lambda n: n["tag"] == "circle")
    assert len({(d["attrs"]["cx"], d["attrs"]["cy"]) for d in dots}) == len(g.players)
    assert all(0 < d["attrs"]["cx"] <= 510 for d in dots)
    # the figures under the lines are the game's own at each round start
    first = g.timeline[0]
    assert first["armies"] != g.timeline[-1]["armies"]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_chart_of_a_first_round_shows_each_player(variant: str) -> None:
    """Statistics opened in round 1 (or a game imported and won in the round it was taken
    at): each line had one point, which draws nothing, and the chart was bare axes. Each
    line now ends in a dot of the player's colour at the latest figures."""
    app = bots_game(variant)
    g = app.game
    while not g.timeline:  # (WAR II's first round starts after the claims)
        app.bot_step()
    assert len(g.timeline) == 1
    app.dispatch("screen", "stats")
    for key in ("territories", "armies"):
        app.dispatch("chart", key)
        dots = find(app.render()["overlay"], lambda n: n["tag"] == "circle")
        assert [d["attrs"]["class"] for d in dots] == [f"dot c-{p.color}" for p in g.players]
        tops = {d["attrs"]["cy"] for d in dots}
        assert len(tops) > 1 or len(set(g.timeline[0][key])) == 1  # at each one's figure
        # the axis names the one round there are figures of (it named the next one too)
        ticks = [
            text_of(n)
            for n in find(app.render()["overlay"], lambda n: n["attrs"].get("class") == "tick")
        ]
        assert ticks[-1] == app.tr("round_n", n=1) and ticks.count(app.tr("round_n", n=2)) == 0
        # each dot in sight: the same figures side by side, around the round's label
        label = find(app.render()["overlay"], lambda n: n["attrs"].get("class") == "tick")[-1]
        assert len({(d["attrs"]["cx"], d["attrs"]["cy"]) for d in dots}) == len(dots)
        xs = [d["attrs"]["cx"] for d in dots]
        assert abs((min(xs) + max(xs)) / 2 - label["attrs"]["x"]) < 0.2


def test_a_variant_cannot_skip_the_round_snapshot():
    from pywar.game import Game

    with pytest.raises(TypeError, match="_begin_turn"):

        class Careless(Game):  # noqa: F841 - defining it is the test
            def _start_turn(self, events: list[dict[str, Any]]) -> None:
                self.phase = "reinforce"


def air_bases(view: dict[str, Any]) -> dict[str, str]:
    """The bombers each colour's air base shows on the board."""
    marks = view["board"].get("marks", {})
    return {
        sel.split('"')[1]: spec["text"]
        for sel, spec in marks.items()
        if sel.startswith(".air-base")
    }


def test_the_replay_shows_the_air_bases_of_the_step_it_replays():
    app = bots_game("war2", seed=4)
    play_rounds(app, 4)
    g = app.game
    live = air_bases(app.render())
    assert live == {p.color: str(g.bombers[i]) for i, p in enumerate(g.players)} | {
        c: "" for c in g.board.raw["colors"] if c not in {p.color for p in g.players}
    }
    assert any(b > 0 for b in g.bombers)
    app.dispatch("screen", "history")
    app.dispatch("replay-start")
    at_start = air_bases(app.render())
    assert {at_start[p.color] for p in g.players} == {"0"}  # nobody had bombers yet
    # step on to the first turn that brought bombers: the bases show that step's count
    while not any(app.replay["game"].bombers):
        app.dispatch("replay-step", "next")
    shown = app.replay["game"]
    bases = air_bases(app.render())
    assert [bases[p.color] for p in g.players] == [str(b) for b in shown.bombers]
    assert shown.bombers != g.bombers
    # a centre's marker shows its holder at that step too
    centre = next(iter(g.rules.centres))
    marks = app.render()["board"]["marks"]
    owner = shown.owner.get(centre)
    assert marks[f'.ce[data-ce="{centre}"]']["attrs"]["data-owner"] == (
        None if owner is None else g.players[owner].color
    )


def log_lines(app: App) -> list[str]:
    """The lines of the game log panel (the last moves)."""
    (box,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "log-lines")
    # a list without numbers: the lines shown scroll, and "1." would name another move
    assert box["tag"] == "ul"
    return [text_of(li) for li in box["children"]]


@pytest.mark.parametrize("variant", ["classic", "war2"])
def test_the_game_log_is_rebuilt_after_a_reload(variant):
    storage = MemoryStorage()
    app = bots_game(variant, seed=5, storage=storage)
    play_rounds(app, 3)
    app.paused = True
    before = log_lines(app)
    assert len(before) == 8 and all(before)
    again = App(storage)  # the page reloaded: the current game resumes
    assert again.game is not None and again.game.to_json() == app.game.to_json()
    again.paused = True
    assert log_lines(again) == before
    # and in the other language, the same moves in its words
    again.dispatch("lang", "en")
    english = log_lines(again)
    assert len(english) == 8 and english != before
    assert any(app.name(app.game.current) in line for line in english)


SEATS3 = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]


def lesson(
    armies: dict[str, int],
    kinds: tuple[str, ...] = ("human", "bot", "bot"),
    hands: dict[int, list[int]] | None = None,
    seed: int = 3,
) -> App:
    """Ana (seat 0, a person) holds South America and Africa but Argélia, at her turn."""
    from pywar.board import load_board
    from pywar.game import Game

    from saves import make_record

    board = load_board("classic")
    mine = {
        "brasil",
        "argentina",
        "peru",
        "venezuela",
        "egito",
        "sudao",
        "congo",
        "africa_do_sul",
        "madagascar",
    }
    owner = {t: 0 if t in mine else 1 + i % 2 for i, t in enumerate(board.territories)}
    game = Game.scenario(
        "classic",
        SEATS3,
        owner,
        armies=armies,
        hands=hands,
        seed=seed,
        objectives={i: "territories_18_x2" for i in range(3)},
    )
    app = App(MemoryStorage())
    app.game = game
    app.seats = [
        {"name": n, "color": c, "kind": k} for (n, c), k in zip(SEATS3, kinds, strict=True)
    ]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.screen = "play"
    return app


def place_all_on(app: App, territory: str) -> None:
    app.dispatch("amount", "all")
    while app.game.pending_armies:
        app.dispatch("territory", territory)


def brasil_on_argelia(armies: dict[str, int]) -> App:
    """:func:`lesson` with every army placed on Brasil and the battle Brasil on Argélia
    chosen."""
    app = lesson(armies)
    place_all_on(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    return app


def blitz(app: App, source: str, target: str, floor: int = 1, stop_after: int | None = None) -> str:
    """Run a blitz as the page does (a roll per tick); return the panel's words after it."""
    app.dispatch("territory", source)
    app.dispatch("territory", target)
    app.dispatch("blitz-floor", None, str(floor))
    app.dispatch("blitz")
    ticks = 0
    while app.blitz_running:
        running = text_of(app.render()["panel"])
        # the tally runs as it rolls, next to the stop button
        assert app.tr("blitz_stop") in running and app.blitz_lines()[0] in running
        app.blitz_step()
        ticks += 1
        if ticks == stop_after:
            app.dispatch("stop")
    return text_of(app.render()["panel"])


def tally(app: App, since: int) -> tuple[int, int, int]:
    """Rolls and losses of the attacks in the game's log since entry ``since``."""
    rolls = lost = killed = 0
    from pywar.game import Game

    for _g, events in list(Game.iter_replay(app.game.setup, app.game.log))[since + 1 :]:
        for e in events:
            if e["type"] == "battle":
                rolls += 1
                lost += e["attacker_losses"]
                killed += e["defender_losses"]
    return rolls, lost, killed


def test_blitz_reports_its_rolls_losses_and_the_floor_it_stopped_at():
    app = lesson({"brasil": 12, "argelia": 40})
    place_all_on(app, "brasil")
    start, before = len(app.game.log), app.game.armies["brasil"]
    text = blitz(app, "brasil", "argelia", floor=6)
    rolls, lost, killed = tally(app, start)
    assert rolls >= 2 and 1 < app.game.armies["brasil"] <= 6
    assert lost == before - app.game.armies["brasil"]
    assert (
        f"Blitz {app.place('brasil').de} contra {app.place('argelia').the} — rolagens: "
        f"{rolls} · o ataque perdeu: {lost} · a defesa perdeu: {killed}"
    ) in text
    assert f"Parou no limite que você escolheu: 6 {app.place('brasil').em}." in text
    (report,) = find(app.render()["panel"], lambda n: "blitz-report" in n["attrs"].get("class", ""))
    assert report["attrs"]["class"] == "blitz-report"
    assert 40 - killed == app.game.armies["argelia"]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_battle_of_thousands_shows_its_odds_as_about(lang: str) -> None:
    """A late game's stacks past the exact odds' reach (over 1000 armies a side): choosing
    the battle set the game aside as damaged (the odds refused the stacks); now the panel
    gives the odds as "about" and a blitz rolls on."""
    app = brasil_on_argelia({"brasil": 3500, "argelia": 2000})
    app.dispatch("lang", lang)
    panel = text_of(app.render()["panel"])
    assert app.game is not None and app.screen == "play" and app.message is None
    (line,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "odds")
    chance = float(line["attrs"]["data-p-conquer"])
    assert 0.6 < chance < 0.9  # 3500 against 2000: better than even, far from sure
    assert app.tr("odds_line_about", pct=app.chance(chance)) in panel
    about = {"pt": "você fica com cerca de", "en": "you keep about"}[lang]
    assert about in panel
    app.dispatch("blitz-floor", None, "3400")
    app.dispatch("blitz")
    for _ in range(5):
        assert app.blitz_step()
        assert app.tr("blitz_stop") in text_of(app.render()["panel"])
    app.dispatch("stop")
    assert app.game is not None and app.screen == "play"
    assert app.blitz_report["rolls"] == 5 and app.blitz_report["reason"] == "stopped"


@pytest.mark.parametrize(("lang", "mark"), [("pt", "."), ("en", ",")])
def test_numbers_of_thousands_are_grouped_in_the_page_language(lang: str, mark: str) -> None:
    """A late game's counts ("57832", "1648,6") read with the language's thousands
    separator: the players' table, the odds' armies kept, the blitz floors, the log."""
    app = brasil_on_argelia({"brasil": 3500, "argelia": 2000})
    app.dispatch("lang", lang)
    panel = app.render()["panel"]
    (table,) = find(panel, lambda n: n["tag"] == "table" and "players" in n["attrs"]["class"])
    assert f"3{mark}5" in text_of(table)  # Ana's 3,500 and more
    big = brasil_on_argelia({"brasil": 9000, "argelia": 4300})  # keeps some 1,700
    big.dispatch("lang", lang)
    (expect,) = find(big.render()["panel"], lambda n: n["attrs"].get("class") == "odds-expect")
    decimal = "," if lang == "pt" else "."
    assert re.search(rf"\b\d{{1,3}}\{mark}\d{{3}}\{decimal}\d\b", text_of(expect)), text_of(expect)
    (select,) = find(panel, lambda n: n["attrs"].get("data-action") == "blitz-floor")
    shown = [text_of(o) for o in select["children"]]
    assert f"1{mark}000" in shown and "1000" not in shown
    assert all(o["attrs"]["value"].isdigit() for o in select["children"])  # values stay plain
    assert app.tr("n_armies", n=1250) == {"pt": "1.250 exércitos", "en": "1,250 armies"}[lang]
    assert app.tr("n_armies", n=999) == {"pt": "999 exércitos", "en": "999 armies"}[lang]


def test_the_blitz_floor_of_a_huge_stack_offers_round_numbers() -> None:
    """A stack of thousands offered a floor list of thousands of choices (rebuilt at every
    frame): now every floor up to 20, then round numbers, and the one chosen."""
    app = brasil_on_argelia({"brasil": 3500, "argelia": 2000})
    app.dispatch("blitz-floor", None, "37")
    (select,) = find(
        app.render()["panel"], lambda n: n["attrs"].get("data-action") == "blitz-floor"
    )
    values = [int(o["attrs"]["value"]) for o in select["children"]]
    chosen = [o["attrs"]["value"] for o in select["children"] if o["attrs"].get("selected")]
    assert values[:20] == list(range(1, 21)) and 37 in values and chosen == ["37"]
    assert len(values) < 45 and values == sorted(values)
    assert values[-1] < app.game.armies["brasil"] and 1000 in values and 3000 in values


def test_a_floor_kept_from_a_bigger_stack_is_not_a_blitz_that_never_rolls() -> None:
    """The floor chosen for a stack of 40 stayed chosen for the next battle, from a stack
    of 4: the list showed 1 (the floor was not among its choices) and the blitz stopped
    at once, "at the floor you chose". Now the floor in force is the stack's armies less
    one, shown selected, and the blitz rolls."""
    app = lesson({"brasil": 4, "argelia": 9, "egito": 40})
    place_all_on(app, "argentina")
    app.dispatch("blitz-floor", None, "10")  # chosen with Egito's 40 in mind
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    (select,) = find(
        app.render()["panel"], lambda n: n["attrs"].get("data-action") == "blitz-floor"
    )
    chosen = [o["attrs"]["value"] for o in select["children"] if o["attrs"].get("selected")]
    assert chosen == ["3"]
    app.dispatch("blitz")
    while app.blitz_running:
        app.blitz_step()
    assert app.blitz_report["rolls"] >= 1


def test_a_sure_conquest_of_thousands_leaves_the_defence_0_not_minus_0() -> None:
    app = brasil_on_argelia({"brasil": 9000, "argelia": 4300})
    for lang, zero in (("pt", "0,0"), ("en", "0.0")):
        app.dispatch("lang", lang)
        (line,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "odds-expect")
        assert text_of(line).endswith(" " + zero) and "-0" not in text_of(line)
    assert app.number(-0.04) == "0.0" and app.number(-0.06) == "-0.1"  # (in English now)


@pytest.mark.parametrize(
    ("armies", "pt", "en"),
    [
        ({"brasil": 18, "argelia": 2}, ": mais de 99,9%", ": more than 99.9%"),
        ({"brasil": 40, "argelia": 1}, ": mais de 99,9%", ": more than 99.9%"),  # 1.0 in floats
        ({"brasil": 3906, "argelia": 2000}, ": mais de 99,9%", ": more than 99.9%"),  # not "about"
        ({"brasil": 2, "argelia": 9}, ": menos de 0,1%", ": less than 0.1%"),
        ({"brasil": 2, "argelia": 5000}, ": menos de 0,1%", ": less than 0.1%"),
        ({"brasil": 10, "argelia": 6}, ": 48,6%", ": 48.6%"),
    ],
)
def test_a_chance_that_is_not_sure_never_reads_100_or_0(
    armies: dict[str, int], pt: str, en: str
) -> None:
    """20 armies on 2 fail once in 47,000 attacks: "100.0%" promised a sure thing (and past
    the exact odds' reach, "about more than 99.9%" said it twice)."""
    app = lesson(armies)
    place_all_on(app, "peru")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    for lang, want in (("pt", pt), ("en", en)):
        app.dispatch("lang", lang)
        (line,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "odds")
        assert text_of(line).endswith(want), text_of(line)


def test_a_battle_within_reach_shows_its_exact_odds() -> None:
    app = brasil_on_argelia({"brasil": 330, "argelia": 190})  # 528 armies in all
    odds = battle_odds(app.game.armies["brasil"], 190)
    assert 0.05 < odds.p_conquer < 0.95
    panel = text_of(app.render()["panel"])
    exact = app.tr("odds_line", pct=app.chance(odds.p_conquer))
    assert exact in panel and "cerca de" not in panel


def test_the_history_screen_tells_a_blitz_as_one_line_with_its_cost() -> None:
    """A blitz's rolls, each a line of the history (a round of big stacks' blitzes made a
    list of 40,000 lines that took 6 s to open), are one line on the history screen: how
    many times, and what each side lost in all."""
    app = lesson({"brasil": 12, "argelia": 40})
    place_all_on(app, "brasil")
    start = len(app.game.log)
    blitz(app, "brasil", "argelia", floor=6)
    rolls, lost, killed = tally(app, start)
    assert rolls >= 2 and killed >= 1
    defender = app.name(app.game.owner["argelia"])
    for lang, want in (
        ("pt", f"Ana atacou a Argélia a partir do Brasil {rolls} vezes. Ana perdeu {lost} "),
        ("en", f"Ana attacked Algeria from Brazil {rolls} times. Ana lost {lost} "),
    ):
        app.dispatch("lang", lang)
        app.dispatch("screen", "history")
        items = [text_of(li) for li in find(app.render()["overlay"], lambda n: n["tag"] == "li")]
        assert len(items) < len(app.history_lines())  # the rolls one by one
        grouped = [x for x in items if x.startswith(want)]
        assert len(grouped) == 1, items[-6:]
        assert grouped[0].endswith(app.tr("battle_side_lost", name=defender, n=killed) + ".")
        app.dispatch("escape")
    # the panel's log, written roll by roll as it played, keeps each roll's dice
    assert sum(1 for x in app.log if x.startswith("Ana attacked Algeria from Brazil:")) >= 2


def test_the_history_groups_only_rolls_of_one_battle_in_a_row() -> None:
    """Two rolls of Brasil on Argélia are one line; a roll from Egito between them and
    Brasil's next roll each keep their own line with their dice."""
    app = lesson({"brasil": 30, "egito": 30, "argelia": 60})
    place_all_on(app, "brasil")
    for source in ("brasil", "brasil", "egito", "brasil"):
        app.dispatch("territory", source)
        app.dispatch("territory", "argelia")
        app.dispatch("attack")
        app.dispatch("cancel")
    app.dispatch("lang", "en")
    lines = app.history_lines(group_battles=True)
    battles = [x for x in lines if x.startswith("Ana attacked Algeria")]
    assert [x.split(":")[0].split(".")[0] for x in battles] == [
        "Ana attacked Algeria from Brazil 2 times",
        "Ana attacked Algeria from Egypt",
        "Ana attacked Algeria from Brazil",
    ]
    assert len(app.history_lines()) == len(lines) + 1  # one roll by one


def test_blitz_says_it_conquered_and_what_it_cost():
    app = lesson({"brasil": 30, "argelia": 2})
    place_all_on(app, "brasil")
    start = len(app.game.log)
    text = blitz(app, "brasil", "argelia")
    rolls, lost, killed = tally(app, start)
    assert app.game.owner["argelia"] == 0 and killed == 2
    assert f"rolagens: {rolls} · o ataque perdeu: {lost} · a defesa perdeu: 2" in text
    conquered = f"Parou porque você conquistou {app.place('argelia').the}."
    assert conquered in text
    # good news in green, not a warning's red edge
    (report,) = find(app.render()["panel"], lambda n: "blitz-report" in n["attrs"].get("class", ""))
    assert report["attrs"]["class"] == "blitz-report won"
    if app.game.phase == "occupy":
        # the next key says how many move in (the focus went to the map)
        assert app.focus_target == ("action", "occupy", str(app.game.occupy["max"]))
        app.dispatch("occupy", "1")  # the report stays until the next attack
    assert conquered in text_of(app.render()["panel"])
    app.dispatch("end-attack")
    app.dispatch("end-turn")
    assert "Blitz" not in text_of(app.render()["panel"])  # the next player's panel


def test_blitz_stopped_by_the_player_or_out_of_armies_says_so_in_both_languages():
    app = lesson({"brasil": 60, "argelia": 60})
    place_all_on(app, "brasil")
    text = blitz(app, "brasil", "argelia", stop_after=2)
    assert "rolagens: 2 ·" in text and "Parou porque você mandou parar." in text
    app.dispatch("lang", "en")
    text = text_of(app.render()["panel"])
    src, dst = app.tname("brasil"), app.tname("argelia")
    assert f"Blitz from {src} on {dst} — rolls: 2 ·" in text
    assert "It stopped because you stopped it." in text
    app = lesson({"brasil": 3, "argelia": 60})
    app.dispatch("lang", "en")
    place_all_on(app, "peru")  # Brasil keeps its 3
    text = blitz(app, "brasil", "argelia")
    assert app.game.armies["brasil"] == 1
    assert f"{app.tname('brasil')} has nothing left to attack with (one always stays" in text


def secrets(app: App) -> str:
    (box,) = find(app.render()["panel"], lambda n: "secrets" in n["attrs"].get("class", ""))
    return text_of(box)


def trade_button(app: App) -> dict[str, Any]:
    (b,) = find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "trade")
    return b


# classic cards: 0 Alasca ▲, 3 Vancouver ▲, 7 Nova York ▲, 5 Labrador ■, 6 Califórnia ■,
# 1 Mackenzie ●, 42 and 43 jokers
def test_the_hand_says_a_trade_is_possible_and_why_a_chosen_set_is_refused():
    app = lesson({"brasil": 5}, hands={0: [0, 3, 5, 1]})
    before = secrets(app)
    # open trading, said without telling onlookers whether the hand holds a set
    assert "Trocas abertas agora: veja suas cartas para saber se formam um conjunto." in before
    assert "▲" not in before  # nothing of the hand shows before it is asked for
    app.dispatch("reveal")
    assert "Você tem um conjunto para trocar agora (vale 4): escolha 3 cartas." in secrets(app)
    for card in ("0", "3", "5"):
        app.dispatch("card", card)
    assert (
        "Estas 3 cartas (triângulo, triângulo, quadrado) não formam um conjunto: são precisas "
        "3 figuras iguais ou 3 diferentes, e o coringa vale qualquer uma."
    ) in secrets(app)
    # a screen reader hears the figure in words, not "● Mackenzie"
    labels = [
        b["attrs"].get("aria-label")
        for b in find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "card")
    ]
    assert labels == [
        "Alasca: triângulo",
        "Vancouver: triângulo",
        "Labrador: quadrado",
        "Mackenzie: círculo",
    ]
    app.dispatch("lang", "en")
    assert "These 3 cards (triangle, triangle, square) are not a set" in secrets(app)
    app.dispatch("lang", "pt")
    assert trade_button(app)["attrs"].get("disabled")
    app.dispatch("card", "3")
    assert "Escolhidas: 2 de 3." in secrets(app)
    # the button names the 3 chosen cards only once there are 3
    assert text_of(trade_button(app)) == "Trocar (escolha 3 cartas)"
    app.dispatch("card", "1")
    assert not trade_button(app)["attrs"].get("disabled")
    assert text_of(trade_button(app)) == "Trocar as 3 cartas escolhidas"
    pending = app.game.pending_armies
    app.dispatch("trade")
    assert app.game.pending_armies == pending + 4
    assert app.game.players[0].cards == [3]  # one card left: nothing more to say or trade
    assert "conjunto" not in secrets(app)
    assert not find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "trade")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_pick_a_set_for_me_picks_one_with_a_held_territory_and_trades_it(lang):
    """▲ Alasca, ▲ Vancouver, ■ Labrador, ● Mackenzie, Ana holding Mackenzie: "Pick a set
    for me" picks a set with Mackenzie (its +2) and the Trade button is ready; one more tap
    trades it."""
    app = lesson({"brasil": 5}, hands={0: [0, 3, 5, 1]})
    app.lang = lang
    g = app.game
    g.owner["mackenzie"] = 0  # the scenario's owners, Mackenzie now Ana's
    app.dispatch("reveal")
    (pick,) = find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "pick-set")
    assert text_of(pick) == text(lang, "trade_pick_set")
    app.dispatch("pick-set")
    assert sorted(app.picked) in ([0, 1, 5], [1, 3, 5]) and app.focus_target == ("action", "trade")
    assert not trade_button(app)["attrs"].get("disabled")
    assert not find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "pick-set")
    assert text(lang, "trade_set_picked", value=4) in secrets(app)
    pending = g.pending_armies
    app.dispatch("trade")
    assert g.pending_armies == pending + 4 + 2 and g.pools.get("territory:mackenzie") == 2
    assert len(g.players[0].cards) == 1


def test_a_third_card_picked_brings_the_trade_button_into_sight():
    """On a tablet's strip (classic at 1024 x 768) the Trade button sat under the cards,
    below the fold, once three were picked by hand: the third asks the page to scroll it
    into sight; the first two, and a card put back, do not."""
    app = lesson({"brasil": 5}, hands={0: [0, 3, 5, 1]})
    app.dispatch("reveal")
    seq = app.render()["in_sight"]["seq"]
    app.dispatch("card", "0")
    app.dispatch("card", "3")
    assert app.render()["in_sight"]["seq"] == seq
    app.dispatch("card", "5")
    assert app.render()["in_sight"] == {
        "seq": seq + 1,
        "selector": '.secrets [data-action="trade"]',
    }
    app.dispatch("card", "5")
    assert app.render()["in_sight"]["seq"] == seq + 1


def test_no_set_yet_must_trade_and_trade_later_are_each_said():
    app = lesson({"brasil": 5}, hands={0: [0, 3, 5, 6]})
    app.dispatch("reveal")
    assert "Ainda não há conjunto nestas cartas" in secrets(app)
    app = lesson({"brasil": 5}, hands={0: [0, 3, 5, 6, 42]})
    app.dispatch("lang", "en")
    app.dispatch("reveal")
    assert (
        "With 5 cards or more you must trade now (worth 4): pick 3 cards that make a set."
        in secrets(app)
    )
    app = lesson({"brasil": 5}, hands={0: [0, 3, 7]})
    place_all_on(app, "brasil")
    app.dispatch("reveal")
    assert app.game.phase == "attack"
    assert (
        "Você tem um conjunto, mas as trocas são feitas no início da jogada (ou no fim "
        "dela, depois de eliminar um jogador)."
    ) in secrets(app)
    app.dispatch("hide")
    assert "trocar cartas agora" not in secrets(app)


def test_paused_computers_show_a_paused_state_until_resumed():
    app = bots_game("classic", seed=2)
    play_rounds(app, 2)
    name = app.name(app.game.current)
    view = app.render()
    assert not view["paused"] and "computador jogando" in text_of(view["panel"])
    app.dispatch("pause")
    view = app.render()
    assert view["paused"] and not app.bot_to_move
    (banner,) = find(view["panel"], lambda n: n["attrs"].get("class") == "paused-banner")
    assert text_of(banner) == f"Pausado: {name} (computador) espera até você usar Continuar."
    assert find(banner, lambda n: n["tag"] == "svg")  # the pause icon ships with the page
    assert "Rodada 2 · colocar exércitos · pausado" in text_of(view["panel"])
    (resume,) = find(view["panel"], lambda n: n["attrs"].get("data-action") == "pause")
    assert resume["attrs"]["aria-label"] == "Continuar"
    log = app.game.log[:]
    assert not app.bot_step() and app.game.log == log  # nothing moves while paused
    app.dispatch("lang", "en")
    assert f"Paused: {name} (computer) waits until you press Resume." in text_of(
        app.render()["panel"]
    )
    app.dispatch("pause")
    view = app.render()
    assert not view["paused"] and app.bot_to_move
    assert not find(view["panel"], lambda n: n["attrs"].get("class") == "paused-banner")


def test_the_replay_buttons_are_icons_shipped_with_the_page():
    app = bots_game("classic", seed=2)
    play_rounds(app, 2)
    app.dispatch("screen", "history")
    app.dispatch("replay-start")
    controls = find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "replay-step")
    assert [b["attrs"]["data-arg"] for b in controls] == ["first", "prev", "next", "last"]
    assert [b["attrs"]["aria-label"] for b in controls] == [
        "Início",
        "Lance anterior",
        "Próximo lance",
        "Fim",
    ]
    for b in controls:
        (svg,) = b["children"]
        assert svg["tag"] == "svg" and svg["children"][0]["attrs"]["d"]
        assert not text_of(b).strip()  # no glyph that a font may lack
    # the way back sits with them, above the step's lines (below, a phone had to scroll)
    (row,) = find(app.render()["panel"], lambda n: n["attrs"].get("role") == "group")
    assert [b["attrs"].get("data-action") for b in row["children"]][-1] == "screen"
    # and they work
    app.dispatch("replay-step", "last")
    assert app.replay["step"] == len(app.game.log)
    app.dispatch("replay-step", "first")
    assert app.replay["step"] == 0


def setup_seats(app: App) -> list[tuple[str, str, str]]:
    """Name, colour and who plays, as the new-game screen shows each seat."""
    app.dispatch("screen", "setup")
    overlay = app.render()["overlay"]
    out = []
    for seat in find(overlay, lambda n: n["attrs"].get("class") == "seat"):
        (name,) = find(seat, lambda n: n["tag"] == "input")
        chosen = [
            o["attrs"]["value"]
            for o in find(seat, lambda n: n["tag"] == "option" and n["attrs"].get("selected"))
        ]
        out.append((name["attrs"]["value"], *chosen))
    return out


def test_the_new_game_form_remembers_the_last_setup_across_visits():
    storage = MemoryStorage()
    app = App(storage)
    app.dispatch("seat-add")
    app.dispatch("seat-name", "0", "Zé")
    app.dispatch("seat-name", "3", "Iara")
    app.dispatch("seat-color", "1", "preto")
    app.dispatch("seat-kind", "2", "hard")
    app.dispatch("opt-first-round", None, "true")
    app.dispatch("seed", None, "77")
    app.dispatch("start")
    assert app.game is not None
    chosen = [
        ("Zé", "azul", "human"),
        ("Bruno", "preto", "normal"),
        ("Carla", "verde", "hard"),
        ("Iara", "amarelo", "normal"),
    ]
    assert setup_seats(app) == chosen
    later = App(storage)  # another visit: the game resumes, the form is the last one
    assert later.screen == "play"
    assert setup_seats(later) == chosen
    checkbox = find(later.render()["overlay"], lambda n: n["attrs"].get("id") == "opt-first-round")
    assert checkbox[0]["attrs"].get("checked") == "checked"
    assert later.form["seed"] == ""  # the same seed would deal the same game again
    # a WAR II setup with its option, in another namespace of the same storage
    other = App(storage, namespace="class-b")
    assert setup_seats(other)[0] == ("Ana", "azul", "human")  # namespaces keep apart
    other.dispatch("variant", "war2")
    other.dispatch("opt-variant", "information_centres", "true")
    other.dispatch("start")
    again = App(storage, namespace="class-b")
    assert again.form["variant"] == "war2" and again.form["options"] == {
        "information_centres": True
    }
    # ?variant= in the address still picks the board, keeping names and colours
    linked = App(storage, variant="mitologicas")
    assert linked.form["variant"] == "mitologicas"
    assert [s[0] for s in setup_seats(linked)] == ["Zé", "Bruno", "Carla", "Iara"]


GOOD = {
    "variant": "classic",
    "first_round_placement_only": False,
    "options": {},
    "seats": [
        {"name": "Zé", "color": "azul", "kind": "human"},
        {"name": "Bia", "color": "verde", "kind": "easy"},
        {"name": "Caio", "color": "preto", "kind": "hard"},
    ],
}


def damaged(change: Any) -> str:
    import copy
    import json

    data = copy.deepcopy(GOOD)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        "[]",
        "null",
        '"classic"',
        damaged(lambda d: d.update(variant="risk")),
        damaged(lambda d: d["seats"][1].update(color="azul")),  # two blues
        damaged(lambda d: d["seats"][1].update(color="roxo")),  # no such colour
        damaged(lambda d: d["seats"][1].update(kind="<script>")),
        damaged(lambda d: d["seats"][1].update(name="x" * 41)),
        damaged(lambda d: d["seats"][1].update(name="   ")),
        damaged(lambda d: d["seats"][1].update(name=7)),
        damaged(lambda d: d["seats"].pop()),  # 2 players
        damaged(lambda d: d["seats"].extend([d["seats"][0]] * 5)),  # 8 players
        damaged(lambda d: d.update(seats="Ana")),
        damaged(lambda d: d.update(options={"nukes": True})),
        damaged(lambda d: d.update(first_round_placement_only="yes")),
        damaged(
            lambda d: d.update(variant="mitologicas") or d["seats"][1].update(color="amarelo")
        ),  # not a colour there
    ],
)
def test_a_damaged_remembered_setup_is_ignored(stored):
    storage = MemoryStorage({"pywar:v1:pref:setup": stored})
    app = App(storage)
    assert app.form == App(MemoryStorage()).form
    assert setup_seats(app)[0] == ("Ana", "azul", "human")
    app.dispatch("start")  # and the page still starts a game
    assert app.game is not None


def test_a_sound_remembered_setup_is_used():
    import json

    app = App(MemoryStorage({"pywar:v1:pref:setup": json.dumps(GOOD)}))
    assert setup_seats(app) == [
        ("Zé", "azul", "human"),
        ("Bia", "verde", "easy"),
        ("Caio", "preto", "hard"),
    ]


def rules_text(app: App) -> str:
    app.dispatch("screen", "rules")
    return text_of(app.render()["overlay"])


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_rules_screen_of_a_war2_game_tells_war2s_rules(lang):
    app = bots_game("war2")
    app.dispatch("lang", lang)
    text = rules_text(app)
    words = {
        "pt": [
            "Ataques aéreos",
            "bombardeiro",
            "Centros Estratégicos",
            "base aérea",
            "pelo ar",
            "Centros de Informação",
            "61 cartas",
        ],
        "en": [
            "Air attacks",
            "bomber",
            "Strategic Centres",
            "air base",
            "by air",
            "Information Centre",
            "61 cards",
        ],
    }[lang]
    missing = [w for w in words if w.lower() not in text.lower()]
    assert missing == []
    assert "4, 6, 8, 10, 12, 15" not in text  # the classic card trades are not WAR II's
    app.dispatch("screen", "play")
    app.dispatch("variant", "classic")  # the new-game form's board does not change it
    assert rules_text(app) == text


def test_war2_rules_quote_the_boards_own_numbers():
    from pywar.board import load_board
    from pywar.variants.war2.data import war2_rules

    from rules_help import rules_for

    rules = war2_rules()
    board = load_board("war2")
    for lang in ("pt", "en"):
        text = " ".join(" ".join(p) for _h, p in rules_for("war2", lang))
        for c in board.continents.values():
            name = c.name if lang == "pt" else c.name_en
            assert f"{name} {c.bonus}/{rules.majority_bonus[c.id]}" in text, (lang, name)
        faces = (
            ", ".join(map(str, rules.anti_aircraft[:-1]))
            + (" e " if lang == "pt" else " and ")
            + str(rules.anti_aircraft[-1])
        )
        assert faces in text
        faces = (
            ", ".join(map(str, rules.air_attack[:-1]))
            + (" e " if lang == "pt" else " and ")
            + str(rules.air_attack[-1])
        )
        assert faces in text
        numbered = [c for c in rules.cards if c.numbered]
        assert f"{len(rules.cards)} " in text and f"{len(rules.cards) - len(numbered)} " in text
        assert f"{len(numbered)} " in text
        assert {c.value for c in numbered} == {1, 2, 3} and "1, 2" in text
        assert f"{len(rules.centres)} " in text
        assert f"{rules.bombers_per_player} " in text
        assert f"{rules.cards_per_conquest_turn} " in text and f"{rules.hand_limit})" in text


def test_every_variant_has_its_own_rules_in_both_languages():
    from rules_help import rules_for

    seen = {}
    for variant in VARIANTS:
        for lang in ("pt", "en"):
            sections = rules_for(variant, lang)
            assert sections and all(heading and paragraphs for heading, paragraphs in sections)
            seen[variant, lang] = sections
        assert seen[variant, "pt"] != seen[variant, "en"]
    for lang in ("pt", "en"):
        texts = [repr(seen[v, lang]) for v in VARIANTS]
        assert len(set(texts)) == len(texts), lang  # no variant borrows another's whole help


def test_six_long_names_are_remembered_too():
    storage = MemoryStorage()
    app = App(storage)
    for _ in range(3):
        app.dispatch("seat-add")
    for i in range(6):
        app.dispatch("seat-name", str(i), f"{i} Maria Eduarda dos Santos Vasconcelos"[:40])
    app.dispatch("start")
    assert app.game is not None
    again = App(storage)
    assert [s[0] for s in setup_seats(again)] == [
        f"{i} Maria Eduarda dos Santos Vasconcelos"[:40] for i in range(6)
    ]


def test_a_chunk_of_bot_thought_changes_nothing_on_the_page():
    """The page draws again only when a bot plays: a step that only thought (the page's
    task is then the thinking alone) leaves the game and its view as they were."""
    app = App(MemoryStorage())
    for seat in app.form["seats"]:
        seat["kind"] = "hard"
    app.dispatch("seed", None, "3")
    app.dispatch("start")
    thought = played = 0
    while app.bot_to_move and app.game.round < 3:
        view, log = app.render(), len(app.game.log)
        app.bot_step()
        if app.only_thought:
            thought += 1
            assert len(app.game.log) == log and app.render() == view
        else:
            played += 1
            assert len(app.game.log) > log
    assert thought and played


def test_a_slow_decision_plays_its_action_in_the_next_step():
    """A bot step whose thinking took its time only thinks: the action (the game's move,
    the save and the page's update that follow it) comes in the next step, so no task of
    the page holds both the thinking and the drawing."""
    app = App(MemoryStorage())
    for seat in app.form["seats"]:
        seat["kind"] = "normal"
    app.dispatch("seed", None, "3")
    app.dispatch("start")
    g = app.game
    real = app.bot_for(g.current)

    class SlowBot:
        def think(self, game):
            time.sleep(2 * APPLY_AFTER_THINKING)
            yield real.choose(game)

    app.bots[g.current] = SlowBot()
    log, view = len(g.log), app.render()
    assert app.bot_step() and app.only_thought
    assert len(g.log) == log and app.render() == view and app.bot_delay() == 0
    app.bot_step()
    assert not app.only_thought and len(g.log) == log + 1


@pytest.mark.parametrize(
    ("variant", "why"),
    [
        ("classic", None),
        ("mitologicas", "(regra deste jogo)"),
        ("brasil", "(regra deste jogo)"),
        ("war2", "(não se aplica a este jogo)"),
    ],
)
def test_a_first_round_box_that_cannot_change_says_why(variant: str, why: str | None) -> None:
    """War Brasil and Mythological Battles always begin by placing only (their rule), WAR II
    has its own first round: their box is greyed out and says so; classic's is a choice."""
    app = App(MemoryStorage())
    app.dispatch("variant", variant)
    overlay = app.render()["overlay"]
    box = find(overlay, lambda n: n["attrs"].get("id") == "opt-first-round")[0]
    label = find(overlay, lambda n: n["tag"] == "label" and box in n["children"])[0]
    assert (box["attrs"].get("disabled") == "disabled") == (why is not None)
    reasons = find(label, lambda n: n["attrs"].get("class") == "opt-why")
    assert [text_of(r).strip() for r in reasons] == ([why] if why else [])


def test_the_first_round_option_ticked_in_classic_is_not_shown_ticked_in_war2() -> None:
    app = App(MemoryStorage())
    app.dispatch("opt-first-round", None, "true")
    app.dispatch("variant", "war2")  # WAR II has its own first round: not ticked there
    box = find(app.render()["overlay"], lambda n: n["attrs"].get("id") == "opt-first-round")
    assert box[0]["attrs"].get("checked") is None and box[0]["attrs"]["disabled"] == "disabled"
    app.dispatch("variant", "classic")  # the choice is kept for the game that has it
    box = find(app.render()["overlay"], lambda n: n["attrs"].get("id") == "opt-first-round")
    assert box[0]["attrs"].get("checked") == "checked"


@pytest.mark.parametrize("variant", ["classic", "war2"])
def test_stepping_on_through_the_replay_plays_one_entry_not_the_whole_log(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Next plays the log's next entry on the game shown (each step replayed the whole log
    twice: 2.5 s a step after a round of big stacks' blitzes); every step shows what a
    replay from the start shows, Previous and Last included."""
    from pywar.game import Game

    app = bots_game(variant, seed=4)
    play_rounds(app, 3)
    app.paused = True
    g = app.game
    replays: list[int | None] = []
    real = Game.replay.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Game], setup: Any, log: Any, upto: int | None = None) -> Game:
        replays.append(upto)
        return real(cls, setup, log, upto)

    monkeypatch.setattr(Game, "replay", classmethod(counted))
    app.dispatch("replay-start")
    steps = min(len(g.log), 60)
    for step in range(1, steps + 1):
        app.dispatch("replay-step", "next")
        assert app.replay["step"] == step
        if step % 15 == 0:
            shown = app.replay["game"].to_json()
            assert shown == real(Game, g.setup, g.log, step).to_json()
    assert replays[1 : steps + 1] == []  # the start replays once, the steps none
    app.dispatch("replay-step", "prev")
    assert app.replay["step"] == steps - 1
    assert app.replay["game"].to_json() == real(Game, g.setup, g.log, steps - 1).to_json()
    app.dispatch("replay-step", "last")
    assert app.replay["game"].to_json() == g.to_json()
    assert app.replay["lines"]  # the last step's events in words


def test_a_replay_step_after_another_game_opened_under_it_shows_that_game() -> None:
    """Next plays on the game shown only while it came from the game's own log: a game
    opened under the replay (another tab's, taken over) is replayed afresh."""
    from pywar.game import Game

    app = bots_game("classic", seed=4)
    play_rounds(app, 2)
    other = bots_game("classic", seed=9)
    play_rounds(other, 3)
    app.paused = True
    app.dispatch("replay-start")
    app.dispatch("replay-step", "next")
    app.game = other.game  # (as a take-over opens the newer game; the replay stays)
    app.dispatch("replay-step", "next")
    g = other.game
    assert app.replay["game"].to_json() == Game.replay(g.setup, g.log, upto=2).to_json()


def test_the_replay_marks_where_each_step_happened():
    """Each replayed step marks its territories on the map, as a turn marks them: an
    attack's source and target, a placement's territory; the step before is unmarked."""
    app = bots_game("classic", seed=4)
    play_rounds(app, 2)
    app.dispatch("screen", "history")
    app.dispatch("replay-start")

    def marked() -> dict[str, str]:
        board = app.render()["board"]["territories"]
        return {t: s["state"] for t, s in board.items() if s["state"]}

    assert marked() == {}  # the game as it was set up: nothing happened yet
    seen = set()
    for _ in range(len(app.game.log)):
        app.dispatch("replay-step", "next")
        entry = app.game.log[app.replay["step"] - 1]["action"]
        states = marked()
        if entry["type"] == "attack":
            assert states == {entry["source"]: "source", entry["target"]: "target"}, states
            seen.add("attack")
        elif entry["type"] == "place":
            assert states == {entry["territory"]: "target"}, states
            seen.add("place")
        if seen == {"attack", "place"}:
            break
    assert seen == {"attack", "place"}
    app.dispatch("replay-step", "first")
    assert marked() == {}


def test_ending_the_attacks_drops_the_battle_chosen_so_no_move_into_an_enemy_is_offered():
    """A failed attack, then End attacks: the regroup starts from a source to choose (the
    panel offered "Move 6" from Brasil into the enemy's Argélia, and refused it)."""
    app = lesson({"brasil": 8, "argelia": 30})
    place_all_on(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    app.dispatch("attack")
    assert app.game.owner["argelia"] != 0 and (app.source, app.target) == ("brasil", "argelia")
    app.dispatch("end-attack")
    assert app.game.phase == "regroup"
    assert (app.source, app.target) == (None, None)
    panel = app.render()["panel"]
    assert not find(panel, lambda n: n["attrs"].get("data-action") == "regroup")
    (phase,) = find(panel, lambda n: "phase" in n["attrs"].get("class", "").split())
    assert "Argélia" not in text_of(phase)


def dice_titles(app: App) -> list[str]:
    """The headings of the dice shown in the panel ("Brasil contra Argélia")."""
    return [
        text_of(n)
        for n in find(app.render()["panel"], lambda n: "dice-title" in n["attrs"].get("class", ""))
    ]


def test_a_blitz_never_shows_an_earlier_battles_dice():
    """A roll from Brazil on Algeria, then a blitz from Egypt on Libya... the panel shows
    no dice of the first battle while the blitz runs; each of its rolls shows its own."""
    app = lesson({"brasil": 20, "argelia": 30, "egito": 20, "oriente_medio": 30})
    place_all_on(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    app.dispatch("attack")
    first = dice_titles(app)
    assert len(first) == 1 and app.tname("argelia") in first[0]
    app.dispatch("territory", "egito")
    app.dispatch("territory", "oriente_medio")
    app.dispatch("blitz")
    assert app.blitz_running and dice_titles(app) == []
    app.blitz_step()
    (now,) = dice_titles(app)
    assert app.tname("oriente_medio") in now and app.tname("argelia") not in now


@pytest.mark.parametrize(
    ("lang", "said"),
    [("pt", "Último lance: 6 6 6 contra 1."), ("en", "Last roll: 6 6 6 against 1.")],
)
def test_the_roll_that_conquered_shows_beside_how_many_move_in(lang: str, said: str) -> None:
    from pywar.actions import Attack

    app = lesson({"brasil": 10, "argelia": 1})
    app.dispatch("lang", lang)
    place_all_on(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    events = app.game.apply(Attack("brasil", "argelia"), rolls=([6, 6, 6], [1]))
    app.after_action(events, 0)
    assert app.game.phase == "occupy"
    (occupy,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "phase occupy")
    (line,) = find(occupy, lambda n: n["attrs"].get("class") == "last-roll")
    assert text_of(line).startswith(said)
    # each count says what it does to a screen reader (not a bare "2")
    names = [
        b["attrs"]["aria-label"]
        for b in find(occupy, lambda n: n["attrs"].get("data-action") == "occupy")
    ]
    if lang == "pt":
        assert names == [
            "Mover 1 exército para lá",
            "Mover 2 exércitos para lá",
            "Mover 3 exércitos para lá",
        ]
    else:
        assert names == ["Move 1 army in", "Move 2 armies in", "Move 3 armies in"]


def test_a_blitz_is_read_out_once_when_it_stops_not_roll_by_roll():
    """A screen reader heard every roll of a blitz and then its tally: the rolls stay in
    the log, the live region says the conquest and the tally once, when it stops."""
    app = brasil_on_argelia({"brasil": 30, "argelia": 3})
    app.dispatch("blitz")
    heard = []
    while app.blitz_running:
        app.blitz_step()
        heard.append(app.render()["announce"]["text"])
    assert all(" atacou " not in said for said in heard), heard
    rolls = sum(" atacou " in line for line in app.log)
    assert rolls >= 1
    last = heard[-1]
    assert f"Rolagens: {rolls}; o ataque perdeu " in last and "·" not in last
    assert f"Parou porque você conquistou {app.place('argelia').the}." in last
    assert last.count("Rolagens:") == 1
    report = find(app.render()["panel"], lambda n: "blitz-report" in n["attrs"].get("class", ""))
    assert "role" not in report[0]["attrs"]  # not a live region read at every roll


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_charts_figures_are_a_table_under_it_in_both_languages(lang):
    """A screen reader heard "Territories of each player per round" and no figures: the
    chart's numbers unfold under it as a table, a row per round, a column per player, and
    stay unfolded when the chart switches to armies."""
    app = bots_game("brasil")
    play_rounds(app, 4)
    g = app.game
    app.dispatch("lang", lang)
    overlay = chart_overlay(app)
    (toggle,) = find(overlay, lambda n: n["attrs"].get("data-action") == "chart-figures")
    assert text_of(toggle) == ("Os números do gráfico" if lang == "pt" else "The chart's figures")
    assert toggle["attrs"]["aria-expanded"] == "false"
    assert not find(overlay, lambda n: n["attrs"].get("class") == "figures")
    app.dispatch("chart-figures")
    for key in ("territories", "armies"):
        app.dispatch("chart", key)
        overlay = chart_overlay(app)
        (toggle,) = find(overlay, lambda n: n["attrs"].get("data-action") == "chart-figures")
        assert toggle["attrs"]["aria-expanded"] == "true"
        (table,) = find(overlay, lambda n: n["attrs"].get("class") == "figures")
        cols = find(table, lambda n: n["tag"] == "th" and n["attrs"].get("scope") == "col")
        head = [text_of(n) for n in cols]
        assert head == [("Rodada" if lang == "pt" else "Round")] + [p.name for p in g.players]
        body = find(table, lambda n: n["tag"] == "tbody")[0]
        rows = [[text_of(c) for c in row["children"]] for row in body["children"]]
        assert rows == [[str(pt["round"])] + [str(v) for v in pt[key]] for pt in g.timeline]
        caption = text_of(find(table, lambda n: n["tag"] == "caption")[0])
        assert caption == app.tr("chart_label_" + key)
    app.dispatch("chart-figures")
    assert not find(chart_overlay(app), lambda n: n["attrs"].get("class") == "figures")


def chart_overlay(app: App) -> dict[str, Any]:
    app.dispatch("screen", "stats")
    return app.render()["overlay"]


def test_a_blitz_under_way_keeps_its_source_and_target_marked_on_the_map():
    """The outlines of the battle vanished while a blitz rolled: they stay until it stops."""
    app = brasil_on_argelia({"brasil": 60, "argelia": 60})
    app.dispatch("blitz")
    app.blitz_step()
    assert app.blitz_running
    cells = app.render()["board"]["territories"]
    states = {t: c["state"] for t, c in cells.items() if c["state"]}
    assert states == {"brasil": "source", "argelia": "target"}
    assert cells["argelia"]["label"].endswith("· " + app.tr("label_state_target"))


def test_escape_during_a_blitz_ends_it_as_stop_does():
    """Escape stopped a blitz in silence, with no report: it says and shows its tally."""
    app = brasil_on_argelia({"brasil": 60, "argelia": 60})
    app.dispatch("blitz")
    app.blitz_step()
    app.blitz_step()
    app.dispatch("escape")
    assert not app.blitz_running
    said = app.render()["announce"]["text"]
    assert "Rolagens: 2;" in said and "Parou porque você mandou parar." in said
    assert "Parou porque você mandou parar." in text_of(app.render()["panel"])


def test_page_down_has_nothing_to_go_to_during_a_blitz_or_while_moving_in():
    app = brasil_on_argelia({"brasil": 30, "argelia": 1})
    assert "argelia" in app.choosable()
    app.dispatch("blitz")
    assert app.blitz_running and app.choosable() == []
    while app.blitz_running:
        app.blitz_step()
    assert app.game.phase == "occupy" and app.choosable() == []


def test_the_keyboard_focus_follows_a_blitz_to_stop_and_back_to_attack() -> None:
    """Enter on Blitz sent the focus to the map (the button gave way to Stop): it goes to
    Stop, and when the player stops it, to Attack (the battle still chosen); a blitz that
    conquers goes to how many armies move in."""
    app = lesson({"brasil": 60, "argelia": 60})
    place_all_on(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    app.dispatch("blitz")
    assert app.focus_target == ("action", "stop")
    assert find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "stop")
    app.blitz_step()
    app.dispatch("stop")
    assert app.focus_target == ("action", "attack")
    assert find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "attack")
    app = lesson({"brasil": 60, "argelia": 2})
    place_all_on(app, "brasil")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    app.dispatch("blitz")
    while app.blitz_running:
        app.blitz_step()
    assert app.game.phase == "occupy"
    assert app.focus_target[:2] == ("action", "occupy")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_dice_read_as_sentences_to_a_screen_reader(lang: str) -> None:
    """A screen reader read the dice as "4 defence wins ▶ 6 4 1": each pair is a sentence
    ("6 against 4: the attack wins."), an unmatched die says so, the arrows are hidden."""
    app = lesson({"brasil": 10, "argelia": 1})
    app.dispatch("lang", lang)
    place_all_on(app, "peru")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    app.dispatch("attack")
    battle = app.battle
    (dice,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "dice")
    said = [text_of(n) for n in find(dice, lambda n: n["attrs"].get("class") == "visually-hidden")]
    top, unmatched = battle["attack"][0], battle["attack"][1:]
    d = battle["defend"][0]
    first = {
        ("pt", True): f"{top} contra {d}: o ataque vence.",
        ("pt", False): f"{top} contra {d}: a defesa vence.",
        ("en", True): f"{top} against {d}: the attack wins.",
        ("en", False): f"{top} against {d}: the defence wins.",
    }[lang, top > d]
    word = {"pt": "Dado de ataque {}, sem par.", "en": "Attack die {}, unmatched."}[lang]
    assert said == [first, *(word.format(x) for x in unmatched)]
    hidden = find(dice, lambda n: n["attrs"].get("class") == "vs")
    assert all(n["attrs"].get("aria-hidden") == "true" for n in hidden)


def test_a_persons_conquest_is_said_once() -> None:
    """A screen reader heard "Ana conquistou a Argélia. Você conquistou a Argélia! ...":
    the step that asks how many move in says it."""
    app = lesson({"brasil": 30, "argelia": 1})
    place_all_on(app, "peru")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argelia")
    while app.game.phase == "attack":
        app.dispatch("attack")
    said = app.render()["announce"]["text"]
    assert "Você conquistou" in said and "Ana conquistou" not in said, said
    assert "Ana conquistou" in " ".join(app.log)  # the log keeps it


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_refused_attack_tap_says_why_and_what_to_do(lang: str) -> None:
    """A newcomer read "You can only attack or move to a neighbouring territory" where two
    shapes met on the map, and "one stays as the occupying army" as jargon; a tap on their
    own territory of 1 also dropped the attacker chosen. Now each refusal names the
    territories and what to do instead."""
    app = lesson({"brasil": 5})
    app.dispatch("lang", lang)
    place_all_on(app, "brasil")
    app.dispatch("territory", "peru")  # 1 army: no attack from there
    words = {
        "pt": "O Peru tem só 1 exército, e 1 sempre fica. Ataque a partir de um território "
        "seu com 2 ou mais.",
        "en": "Peru has only 1 army, and 1 always stays. Attack from one of your territories "
        "with 2 or more.",
    }[lang]
    assert app.message == ("error", words)
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "peru")  # her own neighbour of 1: Brasil stays chosen
    assert app.source == "brasil"
    assert (
        app.message[1]
        == {
            "pt": "Esse território é seu: para atacar a partir do Brasil, escolha um território "
            "inimigo vizinho.",
            "en": "That territory is yours: to attack from Brazil, choose an enemy territory next "
            "to it.",
        }[lang]
    )
    app.dispatch("territory", "franca")  # not Brasil's neighbour
    assert app.source == "brasil" and app.target is None
    assert (
        app.message[1]
        == {
            "pt": "A França e o Brasil não são vizinhos. A partir do Brasil você pode atacar: "
            "Argélia.",
            "en": "France is not next to Brazil. From Brazil you can attack: Algeria.",
        }[lang]
    )


def test_a_replay_step_that_ends_the_attacks_says_so() -> None:
    """A replayed end of attacks showed and said nothing ("Move 11 of 20, round 1.")."""
    app = lesson({"brasil": 5})
    place_all_on(app, "brasil")
    app.dispatch("end-attack")
    app.dispatch("screen", "history")
    app.dispatch("replay-start")
    app.dispatch("replay-step", "last")
    assert app.replay["lines"] == ["Ana encerrou os ataques."]
    assert app.render()["announce"]["text"].endswith("Ana encerrou os ataques.")
