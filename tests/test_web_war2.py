"""WAR II in the page: setup claims, reinforcements with bombers, air attacks with the two
blue dice, cards, airlift, Information Centres and a whole game of bots, driven through
:class:`viewmodel.App` as the page does (no browser)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pywar.board import load_board
from pywar.variants.war2.data import describe as describe_war2
from pywar.variants.war2.data import war2_rules
from pywar.variants.war2.rules import War2Game

from i18n import CATALOGUE
from saves import MemoryStorage, make_record
from viewmodel import App, find, text_of

WEB = Path(__file__).resolve().parent.parent / "web"
BOARD = load_board("war2")
RULES = war2_rules()
TERRITORIES = list(BOARD.territories)
CARD = {c.id: c.index for c in RULES.cards}
SEATS = [
    ("Ana", "azul"),
    ("Bia", "verde"),
    ("Caio", "preto"),
    ("Duda", "vermelho"),
    ("Edu", "amarelo"),
]
SAFE = "territories_18_x2"
SOUTH = ["venezuela", "brasil", "peru", "argentina"]


def war2_app(
    held: dict[int, list[str]],
    kinds: list[str],
    *,
    armies=None,
    current=0,
    hands=None,
    bombers=None,
    ci=None,
    options=None,
    objectives=None,
    round_=2,
) -> App:
    """An App playing a WAR II game at a position: ``held`` territories per seat, every
    other territory dealt round the seats that are not current."""
    n = len(kinds)
    owner: dict[str, int] = {}
    for seat, names in held.items():
        for t in names:
            owner[t] = seat
    rest = [s for s in range(n) if s != current]
    for i, t in enumerate(t for t in TERRITORIES if t not in owner):
        owner[t] = rest[i % len(rest)]
    goals = {s: SAFE for s in range(n)}
    goals.update(objectives or {})
    game = War2Game.scenario(
        "war2",
        SEATS[:n],
        owner,
        armies=armies,
        current=current,
        hands=hands,
        objectives=goals,
        seed=5,
        options=options,
        round=round_,
        bombers=bombers,
        ci=ci,
    )
    app = App(MemoryStorage())
    app.game = game
    app.seats = [
        {"name": name, "color": color, "kind": k}
        for (name, color), k in zip(SEATS[:n], kinds, strict=True)
    ]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.store.set_current(app.record["id"])
    app.screen = "play"
    return app


def buttons(node: Any, action: str, arg: str | None = None) -> list[dict]:
    return find(
        node,
        lambda n: (
            n["attrs"].get("data-action") == action
            and (arg is None or n["attrs"].get("data-arg") == arg)
        ),
    )


def options(app: App, state: str = "option") -> list[str]:
    return [t for t, info in app.render()["board"]["territories"].items() if info["state"] == state]


def panel(app: App) -> str:
    return text_of(app.render()["panel"])


def place_everything(app: App) -> None:
    """Place the pending armies by taps, all at once on the first territory offered."""
    g = app.game
    me = g.current
    app.dispatch("amount", "all")
    while g.pending_armies and g.current == me:
        app.dispatch("territory", options(app)[0])


def open_curtain(app: App) -> None:
    if app.curtain is not None:
        app.dispatch("curtain-open")


def test_catalogue_complete_in_both_languages():
    assert set(CATALOGUE["pt"]) == set(CATALOGUE["en"])
    source = "".join(
        p.read_text(encoding="utf-8") for p in sorted((WEB / "variants" / "war2").glob("*.py"))
    )
    used = set(re.findall(r'tr\(\s*"([a-z_0-9]+)"\s*[,)]', source))
    used |= {
        "w2_pool_continent",
        "w2_pool_majority",
        "w2_pool_majority_any",
        "w2_air_end_shot_down",
        "w2_air_end_one_army_left",
        "w2_air_end_stopped",
    }
    assert sorted(k for k in used if k not in CATALOGUE["pt"]) == []
    # every refusal of the engine's WAR II rules reads in words of the page
    engine = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted((WEB.parent / "pywar" / "variants" / "war2").glob("*.py"))
    )
    rules = set(re.findall(r'_fail\(\s*"([a-z_]+)"', engine)) - {
        "unknown_territory",
        "unknown_ci",
        "bad_rolls",
        "rolls_without_attack",
    }
    assert sorted(r for r in rules if "rule_" + r not in CATALOGUE["en"]) == []


def test_new_game_screen_offers_the_war2_options():
    app = App(MemoryStorage())
    app.dispatch("variant", "war2")
    overlay = app.render()["overlay"]
    boxes = buttons(overlay, "opt-variant")
    assert {b["attrs"]["data-arg"] for b in boxes} == {
        "information_centres",
        "five_players_deal_all_centres",
        "majority_armies_bound",
    }
    assert "Centros de Informação e espionagem" in text_of(overlay)
    app.dispatch("opt-variant", "information_centres", "true")
    app.dispatch("opt-variant", "no_such_option", "true")
    app.dispatch("start")
    assert isinstance(app.game, War2Game)
    assert app.game.options == {"information_centres": True}
    assert app.render()["board_id"] == "war2"


def claiming() -> App:
    """A new WAR II game of seed 3, at its claims."""
    app = App(MemoryStorage())
    app.dispatch("variant", "war2")
    app.dispatch("seed", None, "3")
    app.dispatch("start")
    return app


def test_setup_claims_by_taps_then_the_two_stage_first_round():
    app = claiming()
    g = app.game
    assert g.phase == "claim"
    # the dealt centres are on the board; the vacant territories show no owner
    board = app.render()["board"]
    for t in RULES.centres:
        assert board["territories"][t]["armies"] == 2
        assert board["marks"][f'.ce[data-ce="{t}"]']["attrs"]["data-owner"]
    vacant = set(g.vacant())
    assert all(board["territories"][t]["owner"] == "" for t in vacant)
    taps = 0
    while g.phase == "claim":
        while app.bot_to_move:
            app.bot_step()
        if g.phase != "claim":
            break
        assert g.current == 0
        text = panel(app)
        assert f"Vagos: {len(g.vacant())}" in text and "território vago" in text
        free = options(app)
        assert sorted(free) == sorted(g.vacant())
        taken = next(t for t in TERRITORIES if t in g.owner and g.owner[t] != 0)
        app.dispatch("territory", taken)
        said = f"{app.place(taken).The} já tem dono: escolha um território vago (tracejado)."
        assert app.render()["message"]["text"] == said
        own = next((t for t in TERRITORIES if g.owner.get(t) == 0), None)
        if own is not None:  # one's own: said so ("taken" read as wrong)
            app.dispatch("territory", own)
            said = f"Você já tem {app.place(own).the}: escolha um território vago (tracejado)."
            assert app.render()["message"]["text"] == said
        app.dispatch("territory", free[0])
        assert g.owner[free[0]] == 0 and g.armies[free[0]] == 1
        taps += 1
    assert taps == 10  # 30 vacant territories, one at a time round three seats
    assert sum("escolheu" in line for line in app.history_lines()) == 30
    while app.bot_to_move:
        app.bot_step()
    # stage 1: placement and bombers only, then stage 2 without new armies
    assert (g.phase, g.round, g.stage, g.current) == ("reinforce", 1, 1, 0)
    text = panel(app)
    assert "1ª etapa" in text and "Exércitos a colocar" in text
    word = "bombardeiros" if g.bombers[0] > 1 else "bombardeiro"
    assert f"✈ Sua base aérea: {g.bombers[0]} {word} ·" in text
    assert g.bombers[0] == len(g.centres_of(0))
    place_everything(app)
    while app.bot_to_move:
        app.bot_step()
    assert (g.phase, g.stage, g.current) == ("attack", 2, 0)
    assert "2ª etapa" in panel(app)
    marks = app.render()["board"]["marks"]
    assert marks['.air-base[data-color="azul"]']["text"] == str(g.bombers[0])
    assert marks['.air-base[data-color="azul"]']["attrs"]["data-current"] == "true"
    assert marks['.air-base[data-color="branco"]']["attrs"]["data-idle"] == "true"
    # a colour nobody plays in this game of three is not drawn; the three in play are
    playing = {p.color for p in g.players}
    for color in g.board.raw["colors"]:
        unused = marks[f'.air-base[data-color="{color}"]']["attrs"]["data-unused"]
        assert unused == (None if color in playing else "true"), color


def test_five_players_choose_a_centre_card_or_two_territories():
    app = App(MemoryStorage())
    app.dispatch("variant", "war2")
    for _ in range(2):
        app.dispatch("seat-add")
    for i in range(5):
        app.dispatch("seat-kind", str(i), "human")
    app.dispatch("seed", None, "11")
    app.dispatch("start")
    g = app.game
    assert g.phase == "centre_choice" and len(g.centre_cards_left) == 2
    # the choice of territories passes behind the curtain like every other turn
    assert app.curtain == g.current
    assert "objective" not in json.dumps(app.render()).lower()
    open_curtain(app)
    text = panel(app)
    assert "cartas de CE que restam" in text
    take = buttons(app.render()["panel"], "w2-take-centre")
    assert {b["attrs"]["data-arg"] for b in take} == set(g.centre_cards_left)
    # a pair by taps: same continent refused, then two continents
    first, same, other = "alasca", "mackenzie", "sumatra"
    app.dispatch("territory", first)
    assert options(app, "source") == [first]
    assert same not in options(app)
    app.dispatch("territory", same)
    assert app.render()["message"]["text"] == (
        "Os dois territórios devem ser de continentes diferentes."
    )
    app.dispatch("territory", other)
    assert g.owner[first] == g.owner[other] and g.choices_made == 1
    for t1, t2 in (("labrador", "siberia"), ("groenlandia", "madagascar")):
        open_curtain(app)
        app.dispatch("territory", t1)
        app.dispatch("territory", t2)
    assert g.choices_made == 3
    open_curtain(app)
    assert "Três jogadores já escolheram dois territórios" in panel(app)
    app.dispatch("territory", "aral")
    assert app.render()["message"]["text"].startswith("Três jogadores")
    centre = g.centre_cards_left[0]
    me = g.current
    app.dispatch("w2-take-centre", centre)
    assert g.owner[centre] == me and g.armies[centre] == 2
    open_curtain(app)
    app.dispatch("territory", g.centre_cards_left[0])  # a tap on the centre takes it too
    assert g.phase == "claim" and not g.centre_cards_left
    assert any("ficou com o CE" in line for line in app.log)
    while g.phase == "claim":
        assert app.curtain == g.current  # each chooser's secrets are theirs alone
        secrets_before_open = json.dumps(app.render())
        objective = app.objective_text(g.current)
        assert objective not in secrets_before_open
        open_curtain(app)
        app.dispatch("territory", g.vacant()[0])
    # the first turn is private: the curtain asks to pass the tablet
    assert g.phase == "reinforce" and app.curtain == g.current


def test_reinforcement_shows_majority_and_centre_pools_and_the_bombers():
    held = {0: ["venezuela", "brasil", "peru", "nova_york", "ottawa", "moscou"]}
    app = war2_app(held, ["human", "bot", "bot"], bombers={0: 2})
    g = app.game
    text = panel(app)
    # majority armies go anywhere (RULINGS.md, WAR II readings)
    assert "2 pela maioria da América do Sul (em qualquer território)" in text
    for t in ("em Nova York", "em Ottawa", "em Moscou", "no Brasil"):
        assert f"só {t} (★ Centro Estratégico)" in text
    # 2 bombers kept plus one per centre held at the start of the turn
    assert g.bombers[0] == 2 + len(g.centres_of(0))
    assert g.bombers[0] > 1
    assert f"✈ Sua base aérea: {g.bombers[0]} bombardeiros · na caixa: {10 - g.bombers[0]}" in text
    # the bound armies only go where they belong: the centre's one on the centre
    app.dispatch("amount", "1")
    app.dispatch("territory", "japao")
    owner = app.game.players[app.game.owner["japao"]].name
    said = f"Esse território é de {owner}: coloque num território seu."
    assert app.render()["message"]["text"] == said
    place_everything(app)
    assert g.phase == "attack" and not g.pools
    labels = app.render()["board"]["territories"]
    assert labels["brasil"]["label"].endswith("Centro Estratégico")
    app.dispatch("lang", "en")
    assert "Strategic Centre" in app.render()["board"]["territories"]["brasil"]["label"]


def test_escape_drops_the_air_attack_being_chosen_and_the_launch_keeps_its_focus_rule():
    held = {0: ["brasil", "argentina", "peru"], 1: ["china", "india"]}
    app = war2_app(held, ["human", "bot", "bot"], bombers={0: 6}, armies={"china": 12, "india": 1})
    place_everything(app)
    app.dispatch("w2-mode", "air")
    app.dispatch("territory", "china")
    assert options(app, "target") == ["china"]
    assert app.focus_target == ("action", "w2-launch")
    app.dispatch("escape")
    assert options(app, "target") == [] and not buttons(app.render()["panel"], "w2-launch")
    # choosing the same target again asks for the launch button again
    app.dispatch("w2-mode", "air")
    app.dispatch("territory", "china")
    assert options(app, "target") == ["china"]
    assert app.focus_target == ("action", "w2-launch")


def test_an_air_attack_from_the_base_shows_both_blue_dice():
    held = {0: ["brasil", "argentina", "peru"], 1: ["china", "india"]}
    app = war2_app(held, ["human", "bot", "bot"], bombers={0: 6}, armies={"china": 12, "india": 1})
    g = app.game
    place_everything(app)
    assert g.phase == "attack"
    base = g.bombers[0]
    launch = buttons(app.render()["panel"], "w2-mode", "air")
    assert launch and f"({base})" in text_of(launch[0])
    app.dispatch("w2-mode", "air")
    assert "pelo menos 2 exércitos" in panel(app)
    targets = options(app)
    assert "china" in targets and "india" not in targets and "brasil" not in targets
    app.dispatch("territory", "india")
    assert app.render()["message"]["text"] == (
        "A Índia tem só 1 exército: os bombardeiros só atacam um território com 2 ou mais."
    )
    app.dispatch("territory", "brasil")
    assert app.render()["message"]["text"] == "Não se ataca o próprio território."
    app.dispatch("territory", "china")
    assert options(app, "target") == ["china"]
    # the next key is expected on the launch button: the keyboard's focus goes there
    assert app.focus_target == ("action", "w2-launch")
    counts = buttons(app.render()["panel"], "w2-bombers")
    assert [b["attrs"]["data-arg"] for b in counts] == [str(k) for k in range(1, base + 1)]
    assert [b["attrs"]["aria-label"] for b in counts[:2]] == ["1 bombardeiro", "2 bombardeiros"]
    app.dispatch("w2-bombers", "5")
    app.dispatch("w2-launch")
    if g.phase == "air":  # the next key rolls the next round (it went back to the map)
        assert app.focus_target == ("action", "w2-air-round")
    log = [e for e in g.log if e["action"]["type"] == "air_attack"]
    assert log and log[-1]["action"] == {"type": "air_attack", "target": "china", "bombers": 5}
    rounds = 1
    while g.phase == "air":
        view = app.render()["panel"]
        assert buttons(view, "w2-air-round") and buttons(view, "w2-air-stop")
        # only the air attack goes on: a tap elsewhere is refused in words
        app.dispatch("territory", "brasil")
        assert app.render()["message"]["text"].startswith("Termine o ataque aéreo")
        assert options(app, "target") == ["china"]
        if rounds == 2:
            app.dispatch("w2-air-stop")
        else:
            app.dispatch("w2-air-round")
            rounds += 1
    view = app.render()["panel"]
    dice = find(view, lambda n: "die blue" in n["attrs"].get("class", ""))
    kinds = [d["attrs"]["data-die"] for d in dice]
    # the first round had 5 bombers flying and the anti-aircraft die shoots 2 at most,
    # so both blue dice were rolled
    assert kinds[:2] == ["anti-aircraft", "air-attack"]
    text = text_of(view)
    assert "Ataque aéreo contra a China (Bia)" in text and "abateu" in text and "destruiu" in text
    assert "de volta à base" in text
    end = [e for e in app.log if e.startswith("Fim do ataque aéreo contra a China")]
    assert end
    assert g.owner["china"] == 1 and g.armies["china"] >= 1  # never conquered from the air
    assert g.bombers[0] + g.bombers_in_box(0) == 10
    # a ground attack afterwards: the air dice give way to the red and yellow ones, and
    # leave as soon as its source is chosen (on a phone they pushed the attack's buttons
    # to the bottom of the screen)
    app.dispatch("territory", "brasil")
    assert not find(app.render()["panel"], lambda n: "die blue" in n["attrs"].get("class", ""))
    app.dispatch("territory", "venezuela")
    app.dispatch("attack")
    view = app.render()["panel"]
    assert find(view, lambda n: "die red" in n["attrs"].get("class", ""))
    assert not find(view, lambda n: "die blue" in n["attrs"].get("class", ""))


def test_cards_armies_bombers_transport_and_discard():
    hand = [
        CARD["america_do_sul"],
        CARD["n3_1"],
        CARD["china"],
        CARD["california_vancouver"],
        CARD["n1_1"],
    ]
    held = {0: [*SOUTH, "california", "mexico"], 1: ["china", "vancouver"]}
    app = war2_app(
        held,
        ["human", "bot", "bot"],
        hands={0: hand},
        armies={"china": 6, "brasil": 5, "california": 4},
    )
    g = app.game
    text = panel(app)
    assert "Cartas: 5 de 5" in text
    assert not buttons(app.render()["panel"], "w2-card")  # hidden until revealed
    app.dispatch("w2-card", str(hand[0]))
    assert not _picked(app)
    app.dispatch("reveal")
    view = app.render()["panel"]
    labels = [text_of(b) for b in buttons(view, "w2-card")]
    assert "América do Sul: Venezuela, Brasil ★, Peru, Argentina" in labels
    assert "+3" in labels and "China ★" in labels and "Califórnia / Vancouver" in labels
    # a continent card plus a 3: four armies on one of its territories
    app.dispatch("w2-card", str(CARD["america_do_sul"]))
    app.dispatch("w2-card", str(CARD["n3_1"]))
    uses = buttons(app.render()["panel"], "w2-card-armies")
    assert {b["attrs"]["data-arg"] for b in uses} == set(SOUTH)
    assert text_of(uses[0]).startswith("+4 exércitos")
    before = g.armies["peru"]
    app.dispatch("w2-card-armies", "peru")
    assert g.armies["peru"] == before + 4 and len(g.players[0].cards) == 3
    assert "Ana usou América do Sul: Venezuela, Brasil ★, Peru, Argentina; +3" in app.log[-1]
    # the China card against China: 1 + 1 bombers from the box
    app.dispatch("w2-card", str(CARD["china"]))
    app.dispatch("w2-card", str(CARD["n1_1"]))
    air = buttons(app.render()["panel"], "w2-card-air")
    assert [b["attrs"]["data-arg"] for b in air] == ["china"]
    assert "2 bombardeiros contra a China" in text_of(air[0])
    app.dispatch("w2-card-air", "china")
    assert g.log[-1]["action"]["type"] in ("card_air_attack", "air_round", "air_stop")
    while g.phase == "air":
        assert find(app.render()["panel"], lambda n: n["attrs"].get("data-die"))
        app.dispatch("w2-air-round")
    assert any("da caixa (cartas China ★; +1)" in line for line in app.log)
    # one card left: a discard (transport needs two)
    assert [g.cards[c].id for c in g.players[0].cards] == ["california_vancouver"]
    app.dispatch("w2-card", str(CARD["california_vancouver"]))
    text = panel(app)
    assert "+1 exército na Califórnia" in text
    assert "Vancouver: " in text  # why no bombers: box or armies, in words
    app.dispatch("w2-discard", str(CARD["california_vancouver"]))
    assert not g.players[0].cards and app.log[-1] == "Ana descartou uma carta."


def _picked(app: App) -> list[int]:
    return app.variant_state.get("picked", [])


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_cards_hint_names_the_button_not_a_place(lang: str) -> None:
    """ "Show them below": on a tablet the cards' box sits beside the hint, not below it.
    The hint names the button that shows them, as the panel labels it."""
    app = war2_app({0: [*SOUTH], 1: ["china"]}, ["human", "bot", "bot"], hands={0: [CARD["china"]]})
    app.dispatch("lang", lang)
    (hint,) = [
        p for p in find(app.render()["panel"], lambda n: n["tag"] == "p") if "“" in text_of(p)
    ]
    (reveal,) = buttons(app.render()["panel"], "reveal")
    assert f"“{text_of(reveal)}”" in text_of(hint)
    assert not {"below", "abaixo"} & set(text_of(hint).replace(")", " ").split())
    app.dispatch("reveal")  # shown: the hint has no button to name
    assert not [
        p for p in find(app.render()["panel"], lambda n: n["tag"] == "p") if "“" in text_of(p)
    ]


def test_a_transport_with_two_cards():
    hand = [CARD["california_vancouver"], CARD["mexico_cuba"]]
    held = {0: ["california", "vancouver", "mexico", "cuba"]}
    app = war2_app(
        held, ["human", "bot", "bot"], hands={0: hand}, armies={"california": 7, "cuba": 1}
    )
    g = app.game
    place_everything(app)
    app.dispatch("reveal")
    for c in hand:
        app.dispatch("w2-card", str(c))
    view = app.render()["panel"]
    sources = [b["attrs"]["data-arg"] for b in buttons(view, "w2-transport-src")]
    assert "california" in sources and "cuba" not in sources
    app.dispatch("w2-transport-src", "california")
    targets = [b["attrs"]["data-arg"] for b in buttons(app.render()["panel"], "w2-transport-dst")]
    assert sorted(targets) == ["cuba", "mexico"]
    app.dispatch("w2-transport-dst", "cuba")
    armies = g.armies["california"]
    app.dispatch("w2-count", "3")
    app.dispatch("w2-transport")
    assert g.armies["cuba"] == 4 and g.armies["california"] == armies - 3
    assert not g.players[0].cards
    assert "transportou 3 exércitos da Califórnia para Cuba" in app.log[-1]


def test_a_big_airlift_counts_with_the_stepper():
    """30 armies to fly: the same stepper as the regroup's (one fewer, one more, one,
    half, all), its steps kept within what may leave; the airlift flies the count shown."""
    held = {0: ["brasil", "venezuela", "nova_york", "egito", "sudao"]}
    app = war2_app(held, ["human", "bot", "bot"], armies={"brasil": 31})
    g = app.game
    place_everything(app)
    app.dispatch("end-attack")
    app.dispatch("w2-mode", "airlift")
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "egito")
    top = g.movable_from("brasil")
    assert top >= 30
    args = [b["attrs"]["data-arg"] for b in buttons(app.render()["panel"], "w2-count")]
    assert args == ["fewer", "more", "1", str(top // 2), str(top)]
    app.dispatch("w2-count", "more")
    app.dispatch("w2-count", "fewer")
    app.dispatch("w2-count", "fewer")
    before = g.armies["egito"]
    app.dispatch("w2-airlift")
    assert g.armies["egito"] == before + top - 2
    assert g.movable_from("brasil") == 2


def test_airlift_between_centres_without_chains():
    held = {0: ["brasil", "venezuela", "nova_york", "egito", "sudao"]}
    app = war2_app(held, ["human", "bot", "bot"], armies={"brasil": 9})
    g = app.game
    place_everything(app)
    app.dispatch("end-attack")
    assert g.phase == "regroup"
    app.dispatch("w2-mode", "airlift")
    assert "Escolha o seu Centro Estratégico" in panel(app)
    assert set(options(app)) <= set(g.centres_of(0))
    app.dispatch("territory", "venezuela")
    assert app.render()["message"]["text"] == "Aerotransporte só entre Centros Estratégicos seus."
    src = max(g.centres_of(0), key=lambda c: g.armies[c])
    app.dispatch("territory", src)
    assert options(app, "source") == [src]
    app.dispatch("territory", "egito")
    assert app.focus_target == ("action", "w2-airlift")  # the next key flies them
    top = g.movable_from(src)
    counts = buttons(app.render()["panel"], "w2-count")
    assert counts or find(app.render()["panel"], lambda n: n["tag"] == "select")
    app.dispatch("w2-count", "2")
    app.dispatch("w2-airlift")
    assert g.armies["egito"] >= 3 and g.movable_from(src) == top - 2
    assert app.log[-1] == f"Ana aerotransportou 2 exércitos {app.place(src).de} para o Egito."
    app.dispatch("lang", "en")  # "airlifted 2 from ...": what was flown said too
    assert app.log[-1] == f"Ana airlifted 2 armies from {app.place(src).the} to Egypt."
    app.dispatch("lang", "pt")
    # armies flown in do not move on: only those that were there may still leave
    assert g.movable_from("egito") == g.armies["egito"] - 1 - 2
    if g.movable_from("egito"):
        app.dispatch("territory", "egito")
        app.dispatch("territory", "sudao")
        # asked for every army there, the page moves only those that may leave
        app.dispatch("move-count", str(g.armies["egito"] - 1))
        app.dispatch("regroup")
        assert g.armies["egito"] == 3 and g.movable_from("egito") == 0
    else:
        app.dispatch("territory", "egito")
        assert app.render()["message"]["text"] == ("Nenhum exército pode sair daqui nesta jogada.")
    # and no second flight from the centre they reached
    app.dispatch("w2-mode", "airlift")
    assert "egito" not in options(app) or g.movable_from("egito")


def test_spying_shows_the_cards_only_to_the_spy():
    hand_bia = [CARD["china"], CARD["n2_1"]]
    app = war2_app(
        {0: ["brasil"], 1: ["china"]},
        ["human", "human", "bot"],
        options={"information_centres": True},
        ci={0: "brasil"},
        hands={1: hand_bia},
    )
    g = app.game
    app.last_human = 0
    place_everything(app)
    view = app.render()["panel"]
    assert "Centros de Informação" in text_of(view)
    spy = buttons(view, "w2-spy")
    assert {b["attrs"]["data-arg"] for b in spy} == {"1", "2"}
    app.dispatch("w2-spy", "1")
    assert g.spied and app.revealed
    # the cards just seen are focused (the page scrolls them into sight)
    assert app.focus_target == ("region", "w2-intel")
    intel = find(app.render()["panel"], lambda n: n["attrs"].get("id") == "w2-intel")
    assert len(intel) == 1 and intel[0]["attrs"]["tabindex"] == "-1"
    text = panel(app)
    # dated by the round the header counts, not the table's turn count
    assert f"Cartas de Bia (espionadas na rodada {g.round}):" in text and "China ★, +2" in text
    assert not buttons(app.render()["panel"], "w2-spy")  # once per turn
    # the log says who spied on whom, never which cards
    assert app.log[-1] == "Ana espionou as cartas de Bia."
    assert all("China ★" not in line for line in app.history_lines())
    app.dispatch("lang", "en")
    assert f"Bia's cards (spied in round {g.round}):" in panel(app)
    # a save from before the round was kept loads, its record dated by the replay
    state = g.to_json()
    del state["war2"]["intel"]["0"]["1"]["round"]
    assert type(g).from_json(state).intel == g.intel
    app.dispatch("lang", "pt")
    app.dispatch("end-attack")
    app.dispatch("end-turn")
    assert g.current == 1 and app.curtain == 1
    app.dispatch("curtain-open")
    app.dispatch("reveal")
    text = panel(app)
    assert "espionadas" not in text and "Cartas de Bia" not in text


def test_capturing_an_information_centre_shows_its_objective_to_the_captor_only():
    app = war2_app(
        {0: ["brasil"], 1: ["argentina"]},
        ["human", "human", "bot"],
        options={"information_centres": True},
        ci={0: "brasil", 1: "argentina"},
        armies={"brasil": 30, "argentina": 1},
        objectives={1: "centres_8"},
        hands={1: [CARD["n3_1"]]},
    )
    g = app.game
    app.last_human = 0
    place_everything(app)
    while g.owner["argentina"] != 0:
        app.dispatch("territory", "brasil")
        app.dispatch("territory", "argentina")
        app.dispatch("attack")
    assert g.phase == "occupy"
    app.dispatch("occupy", "1")
    assert any(
        line == "Ana capturou o Centro de Informação de Bia na Argentina." for line in app.log
    )
    app.dispatch("reveal")
    text = panel(app)
    objective = describe_war2(g.objective_of(1), g.board, "pt")
    assert "Centro de Informação de Bia capturado" in text and objective in text
    assert "Bia: na Argentina, com Ana" in text
    # the captor may move the captured centre while regrouping
    app.dispatch("end-attack")
    moves = buttons(app.render()["panel"], "w2-mode", "ci_move:1")
    assert moves
    app.dispatch("w2-mode", "ci_move:1")
    app.dispatch("territory", "brasil")
    assert g.ci["1"]["territory"] == "brasil"
    app.dispatch("end-turn")
    app.dispatch("curtain-open")
    assert g.current == 1
    app.dispatch("reveal")
    text = panel(app)
    assert "capturado" not in text and "O que você viu" not in text


def test_a_new_war2_step_is_a_new_panel_step():
    """Choosing an air attack, then its target, each changes the panel's step (the page
    then scrolls the panel to its top, where the new instruction is: a tablet's strip
    kept showing its foot, and the tap seemed to do nothing)."""
    held = {0: ["brasil", "argentina", "peru"], 1: ["china", "india"]}
    app = war2_app(held, ["human", "bot", "bot"], bombers={0: 6}, armies={"china": 12, "india": 1})
    g = app.game
    place_everything(app)
    assert g.phase == "attack"
    steps = [app.render()["step"]]
    app.dispatch("w2-mode", "air")
    steps.append(app.render()["step"])
    app.dispatch("territory", "china")
    steps.append(app.render()["step"])
    assert None not in steps and len(set(steps)) == 3, steps


def test_air_base_boxes_are_named_in_the_page_language():
    """The air bases' tooltips say whose box it is and its bombers in the page's language
    (the map's own titles are Portuguese), and that a colour out of the game is idle."""
    app = war2_app({0: ["brasil"]}, ["human", "bot", "bot"])
    g = app.game
    g.bombers[0] = 2
    colors = [p.color for p in g.players]
    idle = next(c for c in g.board.raw["colors"] if c not in colors)
    for lang, mine, other in (
        ("en", "Air base (blue): 2 bombers", "Air base ({}): a colour not in this game"),
        ("pt", "Base aérea (azul): 2 bombardeiros", "Base aérea ({}): cor fora deste jogo"),
    ):
        app.lang = lang
        marks = app.render()["board"]["marks"]
        assert marks[f'.air-base[data-color="{colors[0]}"]']["title"] == mine
        name = app.tr("color_" + idle)
        assert marks[f'.air-base[data-color="{idle}"]']["title"] == other.format(name)


def test_information_centre_placed_by_tap_before_round_two_ends():
    app = war2_app({0: ["brasil"]}, ["human", "bot", "bot"], options={"information_centres": True})
    g = app.game
    place_everything(app)
    view = app.render()["panel"]
    assert "Coloque seu Centro de Informação antes de terminar" in text_of(view)
    end = buttons(view, "end-turn")
    assert end and end[0]["attrs"].get("disabled") == "disabled"
    # the reason and the way out just before the greyed End turn (once, not again below)
    (phase,) = find(view, lambda n: "phase attack" in str(n["attrs"].get("class")))
    classes = [n["attrs"].get("class") for n in phase["children"] if isinstance(n, dict)]
    at = classes.index("btn-row end")
    assert classes[at - 1] == "end-why"
    assert "Coloque seu Centro de Informação" in text_of(phase["children"][at - 1])
    assert len(buttons(view, "w2-mode", "ci_place")) == 1
    app.dispatch("w2-mode", "ci_place")
    assert set(options(app)) == set(g.territories_of(0))
    app.dispatch("territory", "brasil")
    assert g.ci["0"]["territory"] == "brasil"
    assert app.log[-1] == "Ana colocou seu Centro de Informação no Brasil."
    marks = app.render()["board"]["marks"]
    assert marks['[data-badge="brasil"]']["attrs"]["data-ci"] == "azul"
    assert "disabled" not in buttons(app.render()["panel"], "end-turn")[0]["attrs"]


def test_events_in_words_never_leak_private_parts():
    app = App(MemoryStorage())
    app.dispatch("variant", "war2")
    for seat in app.form["seats"]:
        seat["kind"] = "bot"
    app.dispatch("opt-variant", "information_centres", "true")
    app.dispatch("seed", None, "4")
    app.dispatch("start")
    steps = 0
    while app.bot_to_move and steps < 3000:
        app.bot_step()
        steps += 1
    g = app.game
    ui = app.extension()
    seen: set[str] = set()
    from pywar.game import Game

    for _game, events in Game.iter_replay(g.setup, g.log):
        for e in events:
            seen.add(e["type"])
            line = app.describe_event(e)
            if e["type"] in ("spy", "card", "discard", "ci_captured") and line:
                # no card of the private part is named
                for key in ("cards", "cards_taken", "cut"):
                    for c in e.get("private", {}).get(str(e["player"]), {}).get(key, []):
                        assert ui.card_label(app, c) not in line, (e, line)
    assert {"claim", "air_attack", "air_round", "air_end", "spy", "place_ci"} <= seen
    for lang in ("pt", "en"):
        app.lang = lang
        assert all(x for x in app.history_lines())


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_of_bots_reaches_the_winners_screen(seed):
    app = App(MemoryStorage())
    app.dispatch("variant", "war2")
    app.dispatch("seat-add")
    for seat in app.form["seats"]:
        seat["kind"] = "bot"
    app.dispatch("seed", None, str(seed))
    app.dispatch("start")
    steps = 0
    while app.bot_to_move and steps < 30000:
        app.bot_step()
        steps += 1
        if steps % 97 == 0:
            app.render()  # every screen of the way renders
    assert app.screen == "over"
    overlay = text_of(app.render()["overlay"])
    g = app.game
    assert f"{g.players[g.winner].name} venceu!" in overlay
    for i in range(4):
        assert describe_war2(g.objective_of(i), g.board, "pt") in overlay
    app.dispatch("screen", "history")
    assert "escolheu" in text_of(app.render()["overlay"])
    app.dispatch("replay-start")
    app.dispatch("replay-step", "next")
    assert app.render()["panel"]  # the setup replays with vacant territories


def test_the_information_centre_travels_with_two_cards():
    hand = [CARD["california_vancouver"], CARD["mexico_cuba"], CARD["n2_1"]]
    app = war2_app(
        {0: ["brasil", "california", "cuba"]},
        ["human", "bot", "bot"],
        options={"information_centres": True},
        ci={0: "brasil"},
        hands={0: hand},
    )
    g = app.game
    place_everything(app)
    app.dispatch("reveal")
    app.dispatch("w2-card", str(CARD["california_vancouver"]))
    app.dispatch("w2-card", str(CARD["mexico_cuba"]))
    # Like the armies, it moves only in the regroup phase (RULINGS.md, WAR II readings).
    assert buttons(app.render()["panel"], "w2-ci-transport") == []
    app.dispatch("end-attack")
    assert g.phase == "regroup"
    moves = buttons(app.render()["panel"], "w2-ci-transport")
    assert {b["attrs"]["data-arg"] for b in moves} == {"0:california", "0:cuba"}
    assert "Levar o Centro de Informação de Ana para Cuba" in panel(app)
    app.dispatch("w2-ci-transport", "0:cuba")
    assert g.ci["0"]["territory"] == "cuba"
    assert [g.cards[c].id for c in g.players[0].cards] == ["n2_1"]
    assert app.log[-1] == "Ana usou 2 cartas e levou o Centro de Informação de Ana para Cuba."


def test_every_war2_screen_reads_in_english():
    app = war2_app(
        {0: [*SOUTH, "nova_york", "ottawa"], 1: ["china"]},
        ["human", "bot", "bot"],
        bombers={0: 3},
        armies={"china": 9},
        options={"information_centres": True},
        hands={0: [CARD["china"], CARD["n1_1"]]},
    )
    app.dispatch("lang", "en")
    g = app.game
    text = panel(app)
    assert "only in South America (whole continent)" in text
    assert "only on Brazil (★ Strategic Centre)" in text
    assert "Your air base: " in text and "Place my Information Centre" in text
    place_everything(app)
    app.dispatch("w2-mode", "air")
    assert "anywhere on the map" in panel(app)
    app.dispatch("territory", "china")
    app.dispatch("w2-launch")
    text = panel(app)
    assert "Air attack on China (Bia)" in text and "Anti-aircraft" in text
    while g.phase == "air":
        app.dispatch("w2-air-stop")
    app.dispatch("reveal")
    app.dispatch("w2-card", str(CARD["china"]))
    assert "✈ 1 bomber against China" in panel(app)
    app.dispatch("end-attack")
    assert "Airlift between centres" in panel(app)
    for line in app.log:
        assert not re.search(r"[ãçõé]|vez de|atacou", line), line


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_war2_offers_every_bot_level_and_each_thinks_in_chunks(level):
    app = App(MemoryStorage())
    app.dispatch("variant", "war2")
    selects = find(app.render()["overlay"], lambda n: n["attrs"].get("data-action") == "seat-kind")
    offered = [o["attrs"]["value"] for o in selects[0]["children"]]
    assert offered == ["human", "easy", "normal", "hard"]
    app.dispatch("opt-variant", "information_centres", "true")
    for i in range(len(app.form["seats"])):
        app.dispatch("seat-kind", str(i), level)
    app.dispatch("seed", None, "6")
    app.dispatch("start")
    g = app.game
    assert all(s["kind"] == level for s in app.seats)
    steps = 0
    while app.bot_to_move and g.round <= 3 and steps < 20000:
        app.bot_step()
        steps += 1
    assert g.round > 3 or g.phase == "over"
    assert type(app.bot_for(0)).__name__.lower().startswith(level)
    kinds = {e["action"]["type"] for e in g.log}
    assert {"claim", "place", "air_attack", "place_ci", "spy"} <= kinds


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_each_simple_event_reads_with_its_places_and_players(lang):
    from variants.war2.words import PLACE, SEAT, SIMPLE_EVENTS

    app = war2_app({0: ["brasil", "argentina"], 1: ["china"]}, ["human", "bot", "bot"])
    app.lang = lang
    fields = {"territory": "brasil", "source": "brasil", "target": "argentina", "count": 4}
    for kind, (_key, params) in SIMPLE_EVENTS.items():
        event: dict[str, Any] = {"type": kind, "player": 0, **fields, "ci": 1}
        wanted = [app.name(0)]
        for field, read in params.values():
            if read == SEAT:
                event[field] = 1
                wanted.append(app.name(1))
            elif read == PLACE:
                wanted.append(app.tname(event[field]))
            else:
                wanted.append(str(event[field]))
        line = app.describe_event(event)
        assert line and "{" not in line, (kind, line)
        assert all(w in line for w in wanted), (kind, line, wanted)


def test_page_down_goes_round_the_vacant_territories_while_claiming():
    app = claiming()
    g = app.game
    while app.bot_to_move:
        app.bot_step()
    assert g.phase == "claim" and g.current == 0
    vacant = set(g.vacant())
    taken = next(t for t in TERRITORIES if t in g.owner)
    app.dispatch("key-jump", "next", taken)
    seen = {app.cursor}
    for _ in range(len(vacant) - 1):
        app.dispatch("key-jump", "next", app.cursor)
        seen.add(app.cursor)
    assert seen == vacant


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_bound_pools_line_shows_its_place_on_the_map(lang: str) -> None:
    """A phone's whole map has no names: "1 only on Australia (★ Strategic Centre)" could
    not be found. Each bound pool's line is a button that asks the page to show its
    territory (or its continent's territories) on the map."""
    held = {0: ["venezuela", "brasil", "peru", "nova_york", "ottawa", "moscou"]}
    app = war2_app(held, ["human", "bot", "bot"], bombers={0: 2})
    app.dispatch("lang", lang)
    g = app.game
    lines = find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "show-on-map")
    pools = [n["attrs"]["data-arg"] for n in lines]
    bound = sorted(k for k in g.pools if k != "free")
    assert pools == bound and pools
    word = {"pt": "(mostrar no mapa)", "en": "(show on the map)"}[lang]
    assert all(n["attrs"]["aria-label"].endswith(word) for n in lines)
    before = app.render()["show_on_map"]["seq"]
    for pool in pools:
        app.dispatch("show-on-map", pool)
        shown = app.render()["show_on_map"]
        kind, _, ident = pool.partition(":")
        want = [ident] if kind == "territory" else list(g.board.continents[ident].territories)
        assert shown["ids"] == want and shown["seq"] == before + 1
        before = shown["seq"]


def test_the_attack_stage_of_the_first_round_says_what_was_lost_before_it():
    """WAR II's first round: Bia (the person) places in stage 1, then Ana's stage-2
    attacks (a computer's, 40 armies beside Bia's ones) come before Bia's. Bia's stage 2
    opens on the attack (nothing to place) and says what she lost and to whom, until her
    first move (it said nothing: the note waited for a placement)."""
    armies = {t: 1 for t in TERRITORIES} | {"mexico": 40}
    held = {0: ["mexico"], 1: SOUTH + ["california", "cuba", "nova_york"]}
    app = war2_app(held, ["bot", "human", "bot"], armies=armies, round_=1, current=0)
    g = app.game

    def notes() -> list[dict]:
        return find(app.render()["panel"], lambda n: n["attrs"].get("class") == "losses")

    steps = 0
    while g.current != 1 and steps < 500:
        app.bot_step()
        steps += 1
    assert (g.stage, g.phase) == (1, "reinforce") and not notes()
    place_everything(app)
    while not (g.stage == 2 and g.current == 1) and steps < 1000:
        app.bot_step()
        steps += 1
    assert g.phase == "attack"
    lost = [t for t in held[1] if g.owner[t] != 1]
    assert lost, "Ana's 40 armies took nothing"
    (note,) = notes()
    said = text_of(note)
    assert said.startswith("Desde a sua última jogada você perdeu")
    for t in lost:
        assert f"{app.tname(t)} (para {app.name(g.owner[t])})" in said
    app._open(app.record["id"])  # a reload: the same, recalled from the game's log
    g = app.game
    (again,) = notes()
    assert text_of(again) == said
    app.dispatch("end-attack")  # her first move: the note has been read
    assert not notes()


@pytest.mark.parametrize("phase", ["attack", "regroup"])
def test_spying_is_offered_beside_the_end_of_the_turn(phase: str) -> None:
    """The Information Centres' spy buttons sit low in the panel (below a tablet's strip):
    while a spy may still be made, "Spy…" stands beside End attacks and End turn, opens
    whose cards to see at the panel's top (the keyboard on the first), and Cancel goes
    back; once spied, it is gone."""
    app = war2_app(
        {0: ["brasil"], 1: ["china"]},
        ["human", "human", "bot"],
        options={"information_centres": True},
        ci={0: "brasil"},
        hands={1: [CARD["china"]]},
    )
    g = app.game
    app.last_human = 0
    place_everything(app)
    if phase == "regroup":
        app.dispatch("end-attack")
    assert g.phase == phase

    def end_row() -> list[str]:
        rows = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "btn-row end")
        return [b["attrs"].get("data-action") for b in rows[0]["children"]]

    assert end_row()[-1] == "w2-mode" and "end-turn" in end_row()
    (spy_open,) = buttons(app.render()["panel"], "w2-mode", "spy")
    assert text_of(spy_open) == "Espionar…"
    app.dispatch("w2-mode", "spy")
    phase_node = find(app.render()["panel"], lambda n: "phase spy" in str(n["attrs"].get("class")))
    assert phase_node, panel(app)
    choices = buttons(phase_node[0], "w2-spy")
    assert [text_of(b) for b in choices] == ["Espionar Bia", "Espionar Caio"]
    assert app.focus_target == ("action", "w2-spy")
    app.dispatch("w2-cancel")
    assert not find(app.render()["panel"], lambda n: "phase spy" in str(n["attrs"].get("class")))
    app.dispatch("lang", "en")
    assert text_of(buttons(app.render()["panel"], "w2-mode", "spy")[0]) == "Spy…"
    app.dispatch("w2-mode", "spy")
    app.dispatch("w2-spy", "1")
    assert g.spied and g.phase == phase and app.variant_state["mode"] is None
    assert "w2-mode" not in end_row() and not buttons(app.render()["panel"], "w2-spy")


def test_a_picked_cards_uses_are_brought_into_sight():
    """At 1024 x 768 a WAR II card's uses (armies, a bomber, discard) opened below the
    strip's fold: a tap on a card asks the page to scroll them into sight; a tap that
    unpicks the last card does not."""
    app = war2_app({0: ["china"]}, ["human", "bot", "bot"], hands={0: [CARD["china"]]})
    app.dispatch("reveal")
    seq = app.render()["in_sight"]["seq"]
    app.dispatch("w2-card", str(CARD["china"]))
    sight = app.render()["in_sight"]
    assert sight == {"seq": seq + 1, "selector": ".w2-card-uses"}
    assert find(app.render()["panel"], lambda n: n["attrs"].get("class") == "w2-card-uses")
    app.dispatch("w2-card", str(CARD["china"]))
    assert app.render()["in_sight"]["seq"] == seq + 1


def test_the_spy_mode_gives_way_to_a_map_tap_and_to_an_undo():
    """ "Spy…" opened, then a tap on the map: the spy put off, the tap chooses the attack as
    usual (it chose one behind the spy's buttons). Opened again, then Undo of the last
    placement: back to placing, with its controls (the spy's choices stayed in their
    place and a tap placed every army unseen)."""
    app = war2_app(
        {0: ["brasil", "argentina"], 1: ["peru"]},
        ["human", "human", "bot"],
        options={"information_centres": True},
        ci={0: "brasil"},
        armies={"brasil": 5, "peru": 1},
    )
    g = app.game
    app.last_human = 0
    place_everything(app)
    assert g.phase == "attack"

    def spying() -> bool:
        return bool(
            find(app.render()["panel"], lambda n: "phase spy" in str(n["attrs"].get("class")))
        )

    app.dispatch("w2-mode", "spy")
    assert spying()
    app.dispatch("territory", "brasil")
    assert not spying() and app.variant_state["mode"] is None and app.source == "brasil"
    app.dispatch("escape")
    app.dispatch("w2-mode", "spy")
    assert spying() and g.can_undo()
    app.dispatch("undo")
    assert g.phase == "reinforce" and g.pending_armies
    assert not spying() and app.variant_state["mode"] is None
    assert buttons(app.render()["panel"], "amount")
