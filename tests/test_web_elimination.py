"""The page after an elimination (RULINGS.md, "Elimination"), in both languages: the classic
end-of-turn trade with its "more than 5" rule, and the top-up draw of the other games."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import place_all

from pywar.actions import Attack, Place
from pywar.board import load_board
from pywar.game import Game

from i18n import CATALOGUE
from saves import MemoryStorage, make_record
from viewmodel import App, find, text_of

SEATS = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]


def app_at(
    variant: str,
    owner: dict[str, int],
    hands: dict[int, list[int]],
    armies: dict[str, int],
    objectives: dict[int, str],
    seed: int = 3,
    person: int = 0,
) -> App:
    """A page playing ``variant`` at a position, seat ``person`` (Ana) a person, the others
    bots."""
    game = Game.scenario(
        variant, SEATS, owner, armies=armies, hands=hands, objectives=objectives, seed=seed, round=2
    )
    app = App(MemoryStorage())
    app.game = game
    app.seats = [
        {"name": n, "color": c, "kind": "human" if i == person else "bot"}
        for i, (n, c) in enumerate(SEATS)
    ]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.store.set_current(app.record["id"])
    app.screen = "play"
    return app


def buttons(node: Any, action: str) -> list[dict]:
    return find(node, lambda n: n["attrs"].get("data-action") == action)


def panel(app: App) -> str:
    return text_of(app.render()["panel"])


def conquer(app: App, source: str, target: str) -> None:
    """Tap the attack until ``target`` falls (the attacker has many more armies)."""
    g = app.game
    app.dispatch("territory", source)
    app.dispatch("territory", target)
    while g.owner[target] != 0:
        app.dispatch("attack")
    if g.phase == "occupy":
        app.dispatch("occupy", "1")


# --------------------------------------------------------------------------- classic
CLASSIC = load_board("classic")
CARD = {t: i for i, t in enumerate(CLASSIC.territories)}


def classic_app() -> App:
    # Bia holds Argentina alone with 4 cards; Ana (no whole continent) holds 3 cards and
    # attacks from Brasil with 30.
    ana = [
        "venezuela",
        "peru",
        "brasil",
        "islandia",
        "inglaterra",
        "suecia",
        "alemanha",
        "polonia",
        "franca",
    ]
    owner = {t: 0 if t in ana else 2 for t in CLASSIC.territories}
    owner["argentina"] = 1
    hands = {
        0: [CARD["alasca"], CARD["mackenzie"], CARD["groenlandia"]],
        1: [CARD["vancouver"], CARD["ottawa"], CARD["labrador"], 42],
    }
    return app_at(
        "classic",
        owner,
        hands,
        {"brasil": 30},
        {0: "asia_africa", 1: "asia_africa", 2: "asia_south_america"},
    )


def test_classic_page_shows_the_end_of_turn_trade_and_its_rule():
    app = classic_app()
    g = app.game
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    assert g.phase == "attack"
    conquer(app, "brasil", "argentina")
    assert not g.players[1].alive and len(g.players[0].cards) == 7
    assert "Ana eliminou Bia do jogo. Ana ficou com as 4 cartas de Bia." in app.log
    # Until the turn ends, the page says what comes.
    assert CATALOGUE["pt"]["final_trade_ahead"] in panel(app)
    app.dispatch("end-turn")
    assert g.phase == "final_trade" and g.current == 0
    text = panel(app)
    assert "trocas do fim da jogada" in text
    assert (
        "Você tem 7 cartas: com mais de 5, troque conjuntos, um após o outro, até ficar "
        "com 5 ou menos."
    ) in text
    assert buttons(app.render()["panel"], "end-turn") == []
    app.dispatch("territory", "brasil")
    assert app.render()["message"]["text"] == CATALOGUE["pt"]["rule_forced_trade_final"]
    app.dispatch("reveal")
    for card in (CARD["vancouver"], CARD["ottawa"], CARD["labrador"]):
        app.dispatch("card", str(card))
    app.dispatch("trade")
    assert len(g.players[0].cards) == 4 and g.pending_armies == 4
    assert "Exércitos a colocar: 4" in panel(app)
    app.dispatch("amount", "all")
    app.dispatch("territory", "argentina")
    assert g.phase == "final_trade" and g.armies["argentina"] == 5
    text = panel(app)
    assert "Fim da jogada: você tem 4 cartas e pode trocar conjuntos agora" in text
    assert "Encerrar a jogada e receber a carta" in text
    app.dispatch("lang", "en")
    text = panel(app)
    assert "end-of-turn trades" in text
    assert "End of the turn: you hold 4 cards and may trade sets now" in text
    assert "End the turn and draw the card" in text
    assert "Ana knocked Bia out of the game. Ana took Bia's 4 cards." in app.history_lines()
    app.dispatch("end-turn")
    assert g.current == 2 and len(g.players[0].cards) == 5


@pytest.mark.parametrize("held", [3, 4, 5])
def test_the_end_of_turn_trade_says_only_what_the_hand_allows(held: int) -> None:
    """Bia's cards taken, no forced trade now: a trade due at the start of the next turn is
    said when the turn's card makes 5 or more (of 4 and 5 cards; it was said of 3, and as
    "makes 6" only), and once the sets are traded no more "may trade sets now" (of the
    cards left, which make none): "no cards" when none are left."""
    app = classic_app()
    g = app.game
    north = ["vancouver", "ottawa", "labrador", "nova_york", "california"]
    g.players[0].cards = []
    g.players[1].cards = [CARD[t] for t in north[:held]]
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    conquer(app, "brasil", "argentina")
    app.dispatch("end-turn")
    assert g.phase == "final_trade" and not g.must_trade and len(g.players[0].cards) == held
    texts = {
        "pt": (
            "Fim da jogada: você tem {n} cartas e pode trocar conjuntos agora",
            "Com a carta da jogada você terá {n}: a troca de um conjunto será obrigatória",
            ["você não tem cartas", "você tem 1 carta.", "você tem 2 cartas."],
        ),
        "en": (
            "End of the turn: you hold {n} cards and may trade sets now",
            "The turn's card will make {n}: you will have to trade a set",
            ["you hold no cards", "you hold 1 card.", "you hold 2 cards."],
        ),
    }
    for lang, (may, due, _draw) in texts.items():
        app.dispatch("lang", lang)
        text = panel(app)
        assert may.format(n=held) in text, text
        assert (due.format(n=held + 1) in text) == (held >= 4), text
    app.dispatch("reveal")
    for t in north[:3]:
        app.dispatch("card", str(CARD[t]))
    app.dispatch("trade")
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    left = held - 3
    assert g.phase == "final_trade" and len(g.players[0].cards) == left
    for lang, (_may, due, draw) in texts.items():
        app.dispatch("lang", lang)
        text = panel(app)
        assert draw[left] in text, text
        assert "may trade" not in text and "pode trocar" not in text, text
        assert due.split("{n}")[0] not in text, text


def test_classic_page_names_the_forced_trade_in_english():
    app = classic_app()
    app.dispatch("lang", "en")
    app.dispatch("amount", "all")
    app.dispatch("territory", "brasil")
    conquer(app, "brasil", "argentina")
    assert CATALOGUE["en"]["final_trade_ahead"] in panel(app)
    app.dispatch("end-turn")
    assert (
        "You hold 7 cards: with more than 5 you must trade sets, one after another, until "
        "you hold 5 or fewer."
    ) in panel(app)
    app.dispatch("end-turn")  # refused: the page says why, in words
    assert app.render()["message"]["text"] == CATALOGUE["en"]["rule_forced_trade_final"]


# ------------------------------------------------------------- the top-up draw elsewhere
def topup_app(variant: str) -> tuple[App, str, str]:
    board = load_board(variant)
    names = list(board.territories)
    cards = {t: i for i, t in enumerate(names)}
    source = names[0]
    target = next(t for t in sorted(board.neighbors[source]))
    far = [t for t in names if t not in (source, target)]
    owner = {t: 0 if i % 2 else 2 for i, t in enumerate(far)}
    owner.update({source: 0, target: 1})
    # Ana holds 3 cards, Bia 4: 2 of Bia's come, blind; the other 2 go to the discards.
    mine = [cards[t] for t in far[:3]]
    hers = [cards[t] for t in far[3:7]]
    goal = {"mitologicas": "territories_24", "brasil": "territories_18"}[variant]
    app = app_at(variant, owner, {0: mine, 1: hers}, {source: 30}, {0: goal, 1: goal, 2: goal})
    return app, source, target


def test_mitologicas_and_brasil_pages_show_the_top_up_draw_in_both_languages():
    for variant, pt, en in (
        (
            "mitologicas",
            "Caio tirou, sem olhar, 2 cartas de Bia para a mão de Ana (até 5). As outras 2 "
            "cartas foram para o descarte.",
            "Caio drew 2 of Bia's cards blind for Ana's hand (up to 5). The other 2 cards "
            "went to the discard pile.",
        ),
        (
            "brasil",
            "O jogo sorteou 2 cartas de Bia para a mão de Ana (até 5). As outras 2 cartas "
            "foram para o descarte.",
            "The game drew 2 of Bia's cards for Ana's hand (up to 5). The other 2 cards went "
            "to the discard pile.",
        ),
    ):
        app, source, target = topup_app(variant)
        g = app.game
        place_all(g, source)
        conquer(app, source, target)
        assert not g.players[1].alive and len(g.players[0].cards) == 5
        line = next(x for x in app.log if "Bia" in x and ("eliminou" in x))
        assert line.endswith(pt), line
        # No end-of-turn trade in these games: the turn ends at once, with the card.
        assert CATALOGUE["pt"]["final_trade_ahead"] not in panel(app)
        app.dispatch("lang", "en")
        assert any(x.endswith(en) for x in app.history_lines()), variant
        app.dispatch("end-turn")
        assert g.current == 2 and len(g.players[0].cards) == 6


def test_rules_help_explains_each_elimination_in_both_languages():
    expect = {
        ("classic", "pt"): "precisa trocar enquanto tiver mais de 5 cartas",
        ("classic", "en"): "must trade while holding more than 5 cards",
        ("mitologicas", "pt"): "tiradas sem olhar por outro jogador, só as que faltam para "
        "ficar com 5",
        ("mitologicas", "en"): "only as many of the opponent's cards as bring their hand to 5",
        ("brasil", "pt"): "o jogo sorteia, das cartas dele, só as que faltam para ficar com 5",
        ("brasil", "en"): "the game draws at random, from the opponent's cards",
        ("war2", "pt"): "o jogador que joga logo depois dele tira, sem olhar",
        ("war2", "en"): "the player whose turn comes right after theirs draws blind",
    }
    for (variant, lang), words in expect.items():
        app = App(MemoryStorage())
        app.dispatch("variant", variant)
        app.dispatch("lang", lang)
        app.dispatch("screen", "rules")
        text = text_of(app.render()["overlay"])
        assert words in text, (variant, lang)
        if variant != "classic":
            assert "mais de 5 cartas descarta" not in text and "discards at random" not in text


def test_war2_page_says_the_next_player_drew_the_top_up_blind():
    from test_web_war2 import CARD as W2CARD
    from test_web_war2 import TERRITORIES as W2TERRITORIES
    from test_web_war2 import war2_app

    # Ana holds 3 numbered cards, Bia 3: Caio, the next player, draws 2 of Bia's blind for
    # Ana; the third goes to the used pile.
    mine = [W2CARD["n1_1"], W2CARD["n1_2"], W2CARD["n2_1"]]
    hers = [W2CARD["n3_1"], W2CARD["n3_2"], W2CARD["n2_2"]]
    ana = ["brasil", "venezuela"]
    caio = [t for t in W2TERRITORIES if t not in (*ana, "argentina")]
    app = war2_app(
        {0: ana, 1: ["argentina"], 2: caio},
        ["human", "bot", "bot"],
        armies={"brasil": 20, "argentina": 1},
        hands={0: mine, 1: hers},
    )
    g = app.game
    place_all(g, "venezuela")
    conquer(app, "brasil", "argentina")
    assert not g.players[1].alive and len(g.players[0].cards) == 5
    assert (
        "Ana eliminou Bia do jogo. Caio tirou, sem olhar, 2 cartas de Bia para a mão de "
        "Ana (até 5). A outra carta foi para o descarte."
    ) in app.log
    app.dispatch("lang", "en")
    assert (
        "Ana knocked Bia out of the game. Caio drew 2 of Bia's cards blind for Ana's hand "
        "(up to 5). The other card went to the discard pile."
    ) in app.history_lines()


def test_the_last_person_knocked_out_watches_rather_than_skips():
    """Once a computer knocked the only person out, the panel still offered "Skip to my
    turn" (a turn that never comes: it played the game out at once): it says only
    computers are left, and offers pause and the speeds."""
    owner = {t: (0 if i % 2 else 2) for i, t in enumerate(CLASSIC.territories)}
    owner.update({"argentina": 1, "brasil": 0})
    app = app_at("classic", owner, {}, {"brasil": 40}, {0: "territories_24"}, person=1)
    game = app.game
    assert buttons(app.render()["panel"], "fast-forward")
    assert app.tr("watch_hint_out") not in panel(app)
    app.dispatch("fast-forward")  # skipping to Bia's turn when she is knocked out
    while game.pending_armies:
        before = game.current
        app.after_action(game.apply(Place("brasil", game.pending_armies)), before)
    while game.owner["argentina"] == 1:
        app.after_action(game.apply(Attack("brasil", "argentina")), 0)
    assert not game.players[1].alive and game.phase != "over"
    app.bot_step()  # the skip ends: the rest is watched at the speed chosen, not at once
    assert not app.fast_forward and app.bot_delay() > 0
    view = app.render()
    assert not buttons(view["panel"], "fast-forward") and buttons(view["panel"], "pause")
    assert "Só restam computadores: assista à partida até o fim." in text_of(view["panel"])
    app.dispatch("lang", "en")
    assert "Only computers are left: watch the game to its end." in panel(app)


def test_mitologicas_cards_read_their_figure_in_words() -> None:
    """Batalhas Mitológicas' cards showed "▲ Caônia (escudo)" and a screen reader read the
    symbol: each card reads its territory and figure, a joker its name."""
    board = load_board("mitologicas")
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    app = app_at("mitologicas", owner, {0: [0, 1, 42]}, {}, {0: "territories_24"})
    app.dispatch("reveal")
    found = buttons(app.render()["panel"], "card")
    labels = [b["attrs"].get("aria-label") for b in found]
    place = {t: board.territories[t].name for t in ("caonia", "tesprotia")}
    assert labels == [f"{place['caonia']}: escudo", f"{place['tesprotia']}: elmo", "Coringa"]
    app.dispatch("lang", "en")
    labels = [b["attrs"].get("aria-label") for b in buttons(app.render()["panel"], "card")]
    assert labels[1].endswith(": helmet") and labels[2] == "Joker"
