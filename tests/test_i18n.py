"""The page's texts: every catalogue entry formats on every board in both languages, and the
boards' own words (warriors, regions, states) are parameters, never a rewrite of a template."""

from __future__ import annotations

import gettext
import re
from string import Formatter
from typing import Any

import pytest

from pywar.actions import Attack
from pywar.game import Game
from pywar.objectives import describe
from pywar.variants import VARIANTS, get_variant

import viewmodel  # noqa: F401 - merges the WAR II page's texts into the catalogue
from i18n import (
    CATALOGUE,
    PLURAL_FORMS,
    Place,
    Plural,
    board_terms,
    fill,
    place,
    plural_index,
    t,
)
from rules_help import rules_for
from saves import MemoryStorage, make_record
from viewmodel import App, find, text_of

LANGS = ("pt", "en")
BOARDS = ("classic", "war2", "mitologicas", "brasil")
#: Parameters that carry a number; every other one is a piece of text (a name, a place...).
NUMBERS = {
    "n",
    "count",
    "armies",
    "lost",
    "killed",
    "max",
    "round",
    "step",
    "last",
    "low",
    "high",
    "value",
    "flying",
    "base",
    "box",
    "limit",
    "room",
    "turn",
    "stage",
    "shot",
    "destroyed",
    "returned",
    "aa",
    "bombs",
    "bombers",
    "air_base",
}


COUNTS = (0, 1, 2, 5)
#: "(s)", "(es)", "(ies)", "dado(s)", "abatido(s)": a plural written as a guess.
GUESSED_PLURAL = re.compile(r"\w\((s|es|ies|ns|ões)\)|\(s\)")
#: A count right before a word that agrees with it (noun, participle or verb).
COUNTED = re.compile(
    r"\{(" + "|".join(sorted(NUMBERS)) + r")\} "
    r"(\{board\.(army|armies)\}|exércit|arm(y|ies)|dad|dic|die\b|cart|card|bombardeir|bomber|lance|rounds?\b|territ|guerreir|warrior|estad|states?\b|jogador|"
    r"players?\b|abatid|destruíd|perdid|necessári|pode|cabe)"
)
#: Counted texts only ever said of 1 or more (cards an eliminated player leaves behind).
NEVER_ZERO = {"ev_took_cards", "ev_discarded"}
#: Counts that are never 1: the players of a game (3 to 6); a hand that must be traded
#: down (more than 5 cards).
NEVER_ONE = {"variant_players", "setup_hint", "final_trade_must"}


def placeholders(template: str) -> set[str]:
    """The names a template reads, e.g. ``{n}`` and ``{board.armies}`` give n and board."""
    names = set()
    for _text, field, _spec, _conv in Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


def params_for(entry: str | Plural) -> dict[str, Any]:
    """Values for every parameter an entry needs (the board's words come from t itself):
    numbers for counts, text for names and places."""
    if isinstance(entry, Plural):
        names = placeholders(entry.one) | placeholders(entry.other)
        places = with_forms(entry.one) | with_forms(entry.other)
        counts = NUMBERS | {entry.count}
    else:
        names, places, counts = placeholders(entry), with_forms(entry), NUMBERS
    return {
        name: 5 if name in counts else Place(f"‹{name}›") if name in places else f"‹{name}›"
        for name in names - {"board"}
    }


def with_forms(template: str) -> set[str]:
    """Parameters a template reads forms of (``{territory.em}``): places, not plain text."""
    return {
        field.split(".")[0]
        for _t, field, _s, _c in Formatter().parse(template)
        if field and "." in field
    } - {"board"}


def entries() -> list[tuple[str, str]]:
    return [(lang, key) for lang in LANGS for key in sorted(CATALOGUE[lang])]


@pytest.mark.parametrize("board", BOARDS)
def test_every_entry_formats_on_every_board_in_both_languages(board: str) -> None:
    assert set(CATALOGUE["pt"]) == set(CATALOGUE["en"])
    for lang, key in entries():
        template = CATALOGUE[lang][key]
        params = params_for(template)
        text = t(lang, key, board, **params)
        assert "{" not in text and "}" not in text, (lang, key, board, text)
        for value in params.values():
            assert str(value) in text, (lang, key, board, text)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("lang", LANGS)
def test_rules_help_formats_in_the_boards_words(variant: str, lang: str) -> None:
    sections = rules_for(variant, lang)
    text = " ".join(h + " " + " ".join(ps) for h, ps in sections)
    assert sections and "{" not in text and "}" not in text
    if variant == "mitologicas":
        word = {"pt": "guerreiros", "en": "warriors"}[lang]
        assert word in text and text.count(word) >= 5
        assert ("exército" if lang == "pt" else "armies") not in text
    if variant == "brasil":
        assert ("estados" if lang == "pt" else "states") in text
    # dotted lines across the sea only where the board draws them (War Brasil has none)
    dotted = {"pt": "pontilhad", "en": "dotted line"}[lang]
    drawn = bool(get_variant(variant).board.sea_links)
    assert (dotted in text) == drawn, (variant, lang)
    if not drawn:
        assert {"pt": "fronteira em comum", "en": "share a border"}[lang] in text


def test_mitologicas_rules_read_naturally_in_portuguese() -> None:
    text = " ".join(" ".join(ps) for _h, ps in rules_for("mitologicas", "pt"))
    # the old rewording turned "o continente" and "continente inteiro" into these
    for garbled in (
        "o região",
        "do região",
        "região inteiro",
        "próprio região",
        "um guerreiros",
        "Guerreiros recebidas",
    ):
        assert garbled not in text
    assert "Guerreiros recebidos: metade dos seus territórios" in text
    assert "Um guerreiro sempre fica" in text


def test_a_template_cannot_take_the_boards_name_as_a_parameter() -> None:
    with pytest.raises(ValueError):
        t("pt", "to_place", "classic", n=1, board="x")


def board_app(
    variant: str,
    lang: str,
    names: list[str],
    whole: str | None = None,
    current: int = 0,
    armies: dict[str, int] | None = None,
    held: dict[str, int] | None = None,
) -> App:
    """A page in ``lang`` playing ``variant`` with people, seat 0 holding region ``whole``."""
    board = VARIANTS[variant].board
    seats = [
        (name, color) for name, color in zip(names, ("azul", "vermelho", "verde"), strict=False)
    ]
    territories = list(board.territories)
    owner = {tid: i % len(seats) for i, tid in enumerate(territories)}
    if whole:
        owner.update(dict.fromkeys(board.continents[whole].territories, 0))
    owner.update(held or {})
    game = Game.scenario(variant, seats, owner, armies=armies, current=current, seed=5, round=2)
    app = App(MemoryStorage(), lang=lang)
    app.game = game
    app.seats = [{"name": n, "color": c, "kind": "human"} for n, c in seats]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.screen = "play"
    return app


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("variant", "region"), [("mitologicas", "peloponeso"), ("brasil", "sul")])
def test_each_board_renders_with_a_whole_region_held(variant: str, region: str, lang: str) -> None:
    """The crash of issue 13: English with a region held raised KeyError 'region'."""
    names = ["{armies} continent", "Ana {region}", "warriors"]
    app = board_app(variant, lang, names, whole=region)
    g = app.game
    assert any(k.startswith("continent:") for k in g.pools)
    view = app.render()
    panel = text_of(view["panel"])
    words = {
        ("mitologicas", "pt"): "Guerreiros a colocar",
        ("mitologicas", "en"): "Warriors to place",
        ("brasil", "pt"): "Exércitos a colocar",
        ("brasil", "en"): "Armies to place",
    }
    assert words[(variant, lang)] in panel
    assert "{armies} continent" in panel  # player text is never reworded

    def unnamed(text: str) -> str:
        for name in names:
            text = text.replace(name, "")
        return text

    for info in view["board"]["territories"].values():
        assert "{" not in unnamed(info["label"])
    own = next(tid for tid in g.board.continents[region].territories)
    app.dispatch("territory", own)
    assert app.render()["message"] is None
    for screen in ("rules", "history", "stats", "saves", "setup"):
        app.dispatch("screen", screen)
        overlay = text_of(app.render()["overlay"])
        assert overlay and "{" not in unnamed(overlay)


def test_plural_rules_are_gettexts() -> None:
    for lang, header in PLURAL_FORMS.items():
        rule = gettext.c2py(header.split("plural=")[1].rstrip(";"))
        assert [plural_index(lang, n) for n in range(300)] == [rule(n) for n in range(300)]
    assert [n for n in COUNTS if plural_index("pt", n) == 0] == [0, 1]
    assert [n for n in COUNTS if plural_index("en", n) == 0] == [1]


@pytest.mark.parametrize("board", BOARDS)
def test_every_text_with_a_count_takes_the_form_of_its_count(board: str) -> None:
    plurals = 0
    for lang, key in entries():
        entry = CATALOGUE[lang][key]
        forms = (
            [entry.one, entry.other, *([entry.zero] if entry.zero else [])]
            if isinstance(entry, Plural)
            else [entry]
        )
        for form in forms:
            assert not GUESSED_PLURAL.search(form), (lang, key, form)
        if not isinstance(entry, Plural):
            found = COUNTED.search(entry)
            assert not found or key in NEVER_ONE, (lang, key, "needs Plural forms")
            continue
        plurals += 1
        assert placeholders(entry.one) <= placeholders(entry.other), (lang, key)
        assert entry.count in placeholders(entry.other), (lang, key)
        # a singular that does not show its count ("a carta") must never be asked for 0,
        # which takes the singular in Portuguese
        assert entry.count in placeholders(entry.one) or key in NEVER_ZERO, (lang, key)
        for n in COUNTS:
            params = dict(params_for(entry.one), **{entry.count: n})
            text = t(lang, key, board, **params)
            if n == 0 and entry.zero:  # its own words for none ("nenhum ataque")
                assert text == fill(lang, entry.zero, board, **params)
                continue
            singular = n == 1 or (lang == "pt" and n == 0)
            assert text == fill(lang, entry.one if singular else entry.other, board, **params)
            assert not GUESSED_PLURAL.search(text)
    assert plurals >= 30


@pytest.mark.parametrize(
    ("lang", "board", "key", "params", "expected"),
    [
        ("pt", "classic", "dice_n", {"n": 1}, "1 dado"),
        ("pt", "classic", "dice_n", {"n": 0}, "0 dado"),
        ("pt", "classic", "dice_n", {"n": 2}, "2 dados"),
        ("en", "classic", "dice_n", {"n": 1}, "1 die"),
        ("en", "classic", "dice_n", {"n": 0}, "0 dice"),
        ("en", "classic", "dice_n", {"n": 3}, "3 dice"),
        ("pt", "mitologicas", "n_armies", {"n": 1}, "1 guerreiro"),
        ("pt", "mitologicas", "n_armies", {"n": 5}, "5 guerreiros"),
        ("en", "mitologicas", "n_armies", {"n": 1}, "1 warrior"),
        ("en", "mitologicas", "n_armies", {"n": 2}, "2 warriors"),
        (
            "en",
            "classic",
            "territory_label",
            {"territory": "Alaska", "name": "Ana", "color": "blue", "armies": 1},
            "Alaska: Ana (blue), 1 army",
        ),
        (
            "en",
            "classic",
            "territory_label",
            {"territory": "Alaska", "name": "Ana", "color": "blue", "armies": 5},
            "Alaska: Ana (blue), 5 armies",
        ),
        (
            "pt",
            "classic",
            "regroup_pick_target",
            {"source": place("pt", "classic", "peru"), "n": 1},
            "Do Peru pode sair 1: escolha um território seu vizinho.",
        ),
        ("pt", "war2", "w2_ev_cards", {"name": "Ana", "n": 1}, "Ana recebeu 1 carta."),
        ("pt", "war2", "w2_ev_cards", {"name": "Ana", "n": 3}, "Ana recebeu 3 cartas."),
    ],
)
def test_counts_read_as_a_person_writes_them(
    lang: str, board: str, key: str, params: dict[str, Any], expected: str
) -> None:
    assert t(lang, key, board, **params) == expected


@pytest.mark.parametrize(
    ("lang", "one", "many", "dice"),
    [
        ("en", "1 army", "armies", ["1 die", "2 dice", "3 dice"]),
        ("pt", "1 exército", "exércitos", ["1 dado", "2 dados", "3 dados"]),
    ],
)
def test_a_player_sees_counts_in_their_plural_forms(
    lang: str, one: str, many: str, dice: list[str]
) -> None:
    app = board_app("classic", lang, ["Ana", "Bia", "Caio"])
    g = app.game
    source = next(
        t for t in g.territories_of(0) if any(g.owner[n] != 0 for n in g.board.neighbors[t])
    )
    app.dispatch("territory", source)  # one army, as the amount is +1
    assert app.log[-1].startswith("Ana ") and f" {one} " in app.log[-1]
    app.dispatch("amount", "all")
    while g.pending_armies:
        app.dispatch(
            "territory",
            source
            if g.available_for(source)
            else next(t for t in g.territories_of(0) if g.available_for(t)),
        )
    labels = app.render()["board"]["territories"]
    lone = next(t for t in g.board.territories if g.armies[t] == 1)
    assert labels[lone]["label"].endswith(", " + one)
    assert labels[source]["label"].endswith(f", {g.armies[source]} {many}")
    target = next(n for n in sorted(g.board.neighbors[source]) if g.owner[n] != 0)
    app.dispatch("territory", source)
    app.dispatch("territory", target)
    shown = [
        text_of(b)
        for b in find(app.render()["panel"], lambda n: n["attrs"].get("data-action") == "dice")
    ]
    assert shown == dice


#: Places whose English name differs from the Portuguese one, as English writes them.
ENGLISH = {
    "classic": {
        "alasca": "Alaska",
        "groenlandia": "Greenland",
        "oriente_medio": "Middle East",
        "moscou": "Moscow",
        "japao": "Japan",
        "borneu": "Borneo",
        "africa_do_sul": "South Africa",
        "north_america": "North America",
    },
    "war2": {
        "groenlandia": "Greenland",
        "nova_york": "New York",
        "oriente_medio": "Middle East",
        "vietna": "Vietnam",
        "europe": "Europe",
    },
    "mitologicas": {
        "esparta": "Sparta",
        "atenas": "Athens",
        "delfos": "Delphi",
        "troia": "Troy",
        "bizancio": "Byzantium",
        "peloponeso": "Peloponnese",
        "ilhas": "Aegean Islands",
        "tessalia": "Thessaly",
    },
    "brasil": {
        "sao_paulo": "São Paulo",
        "para": "Pará",
        "distrito_federal": "Federal District",
        "sul": "South",
        "centro_oeste": "Central-West",
    },
}


@pytest.mark.parametrize("board_id", BOARDS)
def test_every_place_has_an_english_name(board_id: str) -> None:
    board = VARIANTS[board_id].board
    raw = {p["id"]: p for p in board.raw["territories"] + board.raw["continents"]}
    assert all(p.get("name_en") for p in raw.values())
    for pid, english in ENGLISH[board_id].items():
        assert raw[pid]["name_en"] == english
    if board_id == "brasil":  # the states keep their names
        assert all(
            t.name_en == t.name for t in board.territories.values() if t.id != "distrito_federal"
        )


@pytest.mark.parametrize("variant", BOARDS)
def test_the_map_shows_the_names_of_the_page_language(variant: str) -> None:
    app = App(MemoryStorage(), lang="en")
    app.dispatch("variant", variant)
    board = app.render()["board"]
    assert board["map_label"] == "Map"
    for pid, english in ENGLISH[variant].items():
        if pid in board["names"]:
            assert board["names"][pid] == english
    app.dispatch("lang", "pt")
    board = app.render()["board"]
    assert board["map_label"] == "Mapa"
    terr = VARIANTS[variant].board.territories
    assert board["names"] == {tid: t.name for tid, t in terr.items()}


def test_english_names_in_the_log_labels_and_dialogs() -> None:
    app = board_app(
        "classic",
        "en",
        ["Ana", "Bia", "Caio"],
        armies={"alasca": 6},
        held={"alasca": 0, "vladivostok": 1},
    )
    g = app.game
    label = app.render()["board"]["territories"]["alasca"]["label"]
    assert label.startswith("Alaska: Ana (blue), ")
    app.dispatch("amount", "all")
    while g.pending_armies:
        app.dispatch(
            "territory",
            "alasca"
            if g.available_for("alasca")
            else next(t for t in g.territories_of(0) if g.available_for(t)),
        )
    app.dispatch("territory", "alasca")
    app.dispatch("territory", "vladivostok")
    panel = text_of(app.render()["panel"])
    assert "Alaska (" in panel and "attacks Vladivostok" in panel
    app.dispatch("attack")
    assert any("Vladivostok from Alaska" in line for line in app.log)


#: Portuguese: "em" and "de" joined with each article.
CONTRACTED = {
    "o": ("no", "do"),
    "a": ("na", "da"),
    "os": ("nos", "dos"),
    "as": ("nas", "das"),
    "": ("em", "de"),
}


@pytest.mark.parametrize("board_id", BOARDS)
def test_every_place_has_its_article_in_the_board_data(board_id: str) -> None:
    raw = VARIANTS[board_id].board.raw
    for p in raw["territories"] + raw["continents"]:
        assert (p["em"], p["de"]) == CONTRACTED[p["article"]], p["id"]
        assert p["article_en"] in ("", "the"), p["id"]


@pytest.mark.parametrize(
    ("lang", "board_id", "pid", "the", "em", "de"),
    [
        ("pt", "brasil", "sul", "o Sul", "no Sul", "do Sul"),
        ("pt", "mitologicas", "peloponeso", "o Peloponeso", "no Peloponeso", "do Peloponeso"),
        (
            "pt",
            "mitologicas",
            "ilhas",
            "as Ilhas do Egeu",
            "nas Ilhas do Egeu",
            "das Ilhas do Egeu",
        ),
        ("pt", "mitologicas", "esparta", "Esparta", "em Esparta", "de Esparta"),
        ("pt", "classic", "europe", "a Europa", "na Europa", "da Europa"),
        ("pt", "classic", "moscou", "Moscou", "em Moscou", "de Moscou"),
        ("pt", "brasil", "pernambuco", "Pernambuco", "em Pernambuco", "de Pernambuco"),
        ("en", "brasil", "sul", "the South", "in the South", "from the South"),
        (
            "en",
            "mitologicas",
            "peloponeso",
            "the Peloponnese",
            "in the Peloponnese",
            "from the Peloponnese",
        ),
        ("en", "classic", "europe", "Europe", "in Europe", "from Europe"),
    ],
)
def test_places_take_their_articles(
    lang: str, board_id: str, pid: str, the: str, em: str, de: str
) -> None:
    named = place(lang, board_id, pid)
    assert (named.the, named.em, named.de) == (the, em, de)
    assert named.De == de[0].upper() + de[1:]


@pytest.mark.parametrize(
    ("variant", "region", "lang", "line"),
    [
        ("brasil", "sul", "pt", "só no Sul"),
        ("brasil", "sul", "en", "only in the South"),
        ("brasil", "nordeste", "pt", "só no Nordeste"),
        ("mitologicas", "peloponeso", "pt", "só no Peloponeso"),
        ("mitologicas", "peloponeso", "en", "only in the Peloponnese"),
        ("mitologicas", "ilhas", "pt", "só nas Ilhas do Egeu"),
        ("mitologicas", "macedonia", "pt", "só na Macedônia"),
        ("classic", "oceania", "pt", "só na Oceania"),
        ("classic", "oceania", "en", "only in Oceania"),
    ],
)
def test_a_region_bonus_reads_with_its_article(
    variant: str, region: str, lang: str, line: str
) -> None:
    app = board_app(variant, lang, ["Ana", "Bia", "Caio"], whole=region)
    bound = [
        text_of(n)
        for n in find(app.render()["panel"], lambda n: n["attrs"].get("class") == "pool-bound")
    ]
    assert len(bound) == 1 and bound[0].endswith(line), bound


def test_the_log_and_prompts_use_articles_and_contractions() -> None:
    held = {"brasil": 0, "argentina": 1, "peru": 1}
    app = board_app("classic", "pt", ["Ana", "Bia", "Caio"], armies={"brasil": 30}, held=held)
    g = app.game
    app.dispatch("amount", "all")
    while g.pending_armies:
        app.dispatch(
            "territory",
            "brasil"
            if g.available_for("brasil")
            else next(t for t in g.territories_of(0) if g.available_for(t)),
        )
    app.dispatch("territory", "brasil")
    assert "Atacar do Brasil:" in text_of(app.render()["panel"])
    app.dispatch("territory", "argentina")
    while g.owner["argentina"] != 0:
        app.dispatch("attack")
    history = app.history_lines()
    assert any(line.startswith("Ana atacou a Argentina a partir do Brasil:") for line in history)
    assert "Ana conquistou a Argentina." in history
    assert "Você conquistou a Argentina!" in text_of(app.render()["panel"])


#: The fourteen objective cards of the classic game as war-classico.txt prints them (with
#: ÁSIA's accent, and BRANCOS in the plural as the other colours).
PRINTED_CLASSIC = [
    "Conquistar na totalidade a EUROPA, a OCEANIA e mais um terceiro.",
    "Conquistar na totalidade a ÁSIA e a AMÉRICA DO SUL.",
    "Conquistar na totalidade a EUROPA, a AMÉRICA DO SUL e mais um terceiro.",
    "Conquistar 18 TERRITÓRIOS e ocupar cada um deles com pelo menos dois exércitos.",
    "Conquistar na totalidade a ÁSIA e a ÁFRICA.",
    "Conquistar na totalidade a AMÉRICA DO NORTE e a ÁFRICA.",
    "Conquistar 24 TERRITÓRIOS à sua escolha.",
    "Conquistar na totalidade a AMÉRICA DO NORTE e a OCEANIA.",
    "Destruir totalmente OS EXÉRCITOS AZUIS.",
    "Destruir totalmente OS EXÉRCITOS AMARELOS.",
    "Destruir totalmente OS EXÉRCITOS VERMELHOS.",
    "Destruir totalmente OS EXÉRCITOS PRETOS.",
    "Destruir totalmente OS EXÉRCITOS BRANCOS.",
    "Destruir totalmente OS EXÉRCITOS VERDES.",
]


def test_classic_objectives_read_as_the_printed_cards() -> None:
    board = VARIANTS["classic"].board
    assert [describe(o, board) for o in board.objectives] == PRINTED_CLASSIC
    english = [describe(o, board, "en") for o in board.objectives]
    assert english[0] == (
        "Conquer the whole of EUROPE, OCEANIA and a third continent of your choice."
    )
    assert english[1] == "Conquer the whole of ASIA and SOUTH AMERICA."
    assert english[3] == "Conquer 18 TERRITORIES and hold each with at least two armies."
    assert english[8] == "Destroy the BLUE ARMIES completely."


@pytest.mark.parametrize(
    ("board_id", "objective", "lang", "text"),
    [
        (
            "war2",
            "europe_africa_plus_one",
            "pt",
            "Conquistar na totalidade a EUROPA, a ÁFRICA e mais um terceiro.",
        ),
        (
            "war2",
            "territories_18_x2",
            "en",
            "Conquer 18 TERRITORIES and hold each with at least two armies.",
        ),
        ("brasil", "norte_sul", "pt", "Conquistar na totalidade o NORTE e o SUL."),
        (
            "brasil",
            "sudeste_sul_plus_one",
            "en",
            "Conquer the whole of the SOUTHEAST, the SOUTH and a third region of your choice.",
        ),
        (
            "mitologicas",
            "grecia_central_ilhas",
            "pt",
            "Conquistar na totalidade a GRÉCIA CENTRAL e as ILHAS DO EGEU.",
        ),
        (
            "mitologicas",
            "peloponeso_epiro_plus_one",
            "en",
            "Conquer the whole of the PELOPONNESE, EPIRUS and a third region of your choice.",
        ),
    ],
)
def test_every_boards_objectives_read_like_the_cards(
    board_id: str, objective: str, lang: str, text: str
) -> None:
    board = VARIANTS[board_id].board
    spec = next(o for o in board.objectives if o["id"] == objective)
    assert describe(spec, board, lang) == text


def test_the_objective_shown_to_its_player_reads_like_the_card() -> None:
    app = board_app("classic", "pt", ["Ana", "Bia", "Caio"])
    g = app.game
    app.dispatch("reveal")
    shown = " ".join(
        text_of(
            find(app.render()["panel"], lambda n: n["attrs"].get("class") == "objective")[0]
        ).split()
    )
    assert shown == "Objetivo: " + describe(g.objective_of(0), g.board)
    assert shown.removeprefix("Objetivo: ") in PRINTED_CLASSIC


def game_app(game: Game, lang: str = "pt") -> App:
    """A page in ``lang`` playing ``game`` with people in every seat."""
    app = App(MemoryStorage(), lang=lang)
    app.game = game
    app.seats = [{"name": p.name, "color": p.color, "kind": "human"} for p in game.players]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.screen = "play"
    return app


def secret_text(app: App) -> str:
    return " ".join(text_of(app.render()["panel"]).split())


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        (
            "pt",
            "Seu objetivo mudou: sua carta mandava destruir os exércitos azuis, que são os "
            "seus. Agora vale o objetivo acima.",
        ),
        (
            "en",
            "Your objective changed: your card said to destroy the blue armies, which are "
            "your own. The objective above is yours now.",
        ),
    ],
)
def test_a_card_against_ones_own_colour_is_explained_to_its_holder(lang: str, note: str) -> None:
    board = VARIANTS["classic"].board
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    game = Game.scenario(
        "classic",
        [("Ana", "azul"), ("Bia", "vermelho"), ("Caio", "verde")],
        owner,
        objectives={0: "destroy_azul"},
        seed=2,
        round=2,
    )
    app = game_app(game, lang)
    assert note not in secret_text(app)  # nothing shows before the player reveals
    app.dispatch("reveal")
    text = secret_text(app)
    assert note in text
    assert describe(board.raw["fallback_objective"], board, lang) in text


def test_a_destroy_card_whose_colour_someone_else_destroyed_is_explained_privately() -> None:
    board = VARIANTS["classic"].board
    owner = {t: i % 2 for i, t in enumerate(board.territories)}
    owner.update({"brasil": 1, "argentina": 2})
    game = Game.scenario(
        "classic",
        [("Ana", "azul"), ("Bia", "vermelho"), ("Caio", "verde")],
        owner,
        armies={"brasil": 20},
        current=1,
        seed=4,
        round=2,
        objectives={0: "destroy_verde", 1: "territories_18_x2", 2: "territories_24"},
    )
    app = game_app(game)
    app.last_human = 1
    app.dispatch("amount", "all")
    while game.pending_armies:
        app.dispatch(
            "territory",
            "brasil"
            if game.available_for("brasil")
            else next(t for t in game.territories_of(1) if game.available_for(t)),
        )
    app.dispatch("territory", "brasil")
    app.dispatch("territory", "argentina")
    while game.owner["argentina"] != 1:
        app.dispatch("attack")
    assert not game.players[2].alive and game.players[0].objective_converted
    note = (
        "Seu objetivo mudou: sua carta mandava destruir os exércitos verdes, mas Bia os "
        "destruiu. Agora vale o objetivo acima."
    )
    # Bia's turn goes on: her screen, her secrets and the log say nothing of it
    app.dispatch("reveal")
    assert "objetivo mudou" not in secret_text(app)
    app.dispatch("hide")
    if game.phase == "occupy":
        app.dispatch("occupy", "1")
    app.dispatch("end-attack")
    app.dispatch("end-turn")
    assert app.curtain == 0
    curtain = app.render()
    assert "objetivo mudou" not in " ".join(text_of(curtain["curtain"]).split())
    assert all("objetivo" not in line.lower() for line in app.history_lines() + app.log)
    app.dispatch("curtain-open")
    assert "objetivo mudou" not in secret_text(app)
    app.dispatch("reveal")
    text = secret_text(app)
    assert note in text
    assert "Objetivo: Conquistar 24 TERRITÓRIOS à sua escolha." in text


def test_war2_explains_a_changed_objective_in_english_too() -> None:
    from pywar.variants.war2.rules import War2Game

    board = VARIANTS["war2"].board
    owner = {t: i % 3 for i, t in enumerate(board.territories)}
    seats = [("Ana", "azul"), ("Bia", "vermelho"), ("Caio", "verde")]
    game = War2Game.scenario("war2", seats, owner, objectives={0: "destroy_azul"}, seed=5, round=2)
    app = game_app(game, "en")
    app.dispatch("reveal")
    assert (
        "Your objective changed: your card said to destroy the blue armies, which are your own."
    ) in secret_text(app)


def test_one_plural_mechanism_no_key_pairs_for_counts() -> None:
    """Counted texts are Plural entries, not ``x_one``/``x_other`` keys picked by hand."""
    for lang in LANGS:
        keys = set(CATALOGUE[lang])
        pairs = sorted(k for k in keys if k.endswith("_one") and k[:-4] + "_other" in keys)
        assert pairs == [], lang


#: Two rolls of one battle, the board's words for what fell: the log names who lost what.
BATTLE_LINES = {
    ("pt", "classic"): [
        "Ana atacou a Argentina a partir do Brasil: 6 3 2 contra 5 4 2. Ana perdeu 2 "
        "exércitos e Bia perdeu 1 exército.",
        "Ana atacou a Argentina a partir do Brasil: 6 contra 2 1 1. Bia perdeu 1 exército.",
    ],
    ("en", "classic"): [
        "Ana attacked Argentina from Brazil: 6 3 2 against 5 4 2. Ana lost 2 armies and "
        "Bia lost 1 army.",
        "Ana attacked Argentina from Brazil: 6 against 2 1 1. Bia lost 1 army.",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", BOARDS)
def test_a_battle_in_the_log_says_who_lost_how_many(lang: str, variant: str) -> None:
    board = VARIANTS[variant].board
    # two neighbours of different owners, whatever the board
    source = next(iter(board.territories))
    target = sorted(board.neighbors[source])[0]
    if variant == "classic":
        source, target = "brasil", "argentina"
    held = {source: 0, target: 1}
    app = board_app(
        variant, lang, ["Ana", "Bia", "Caio"], armies={source: 10, target: 4}, held=held
    )
    g = app.game
    while g.pending_armies:  # placed where it changes nothing of the battle
        spot = next(t for t in g.territories_of(0) if t != source and g.available_for(t))
        app.dispatch("amount", "all")
        app.dispatch("territory", spot)
    g.apply(Attack(source, target), rolls=([6, 3, 2], [5, 4, 2]))
    g.apply(Attack(source, target, dice=1), rolls=([6], [2, 1, 1]))
    lines = [x for x in app.history_lines() if x.startswith("Ana ")][-2:]
    words = board_terms(lang, g.board.id)
    src, dst = app.place(source), app.place(target)
    if lang == "pt":
        first = (
            f"Ana atacou {dst.the} a partir {src.de}: 6 3 2 contra 5 4 2. Ana perdeu 2 "
            f"{words.armies} e Bia perdeu 1 {words.army}."
        )
        second = (
            f"Ana atacou {dst.the} a partir {src.de}: 6 contra 2 1 1. Bia perdeu 1 {words.army}."
        )
    else:
        first = (
            f"Ana attacked {dst.the} from {src.the}: 6 3 2 against 5 4 2. Ana lost 2 "
            f"{words.armies} and Bia lost 1 {words.army}."
        )
        second = f"Ana attacked {dst.the} from {src.the}: 6 against 2 1 1. Bia lost 1 {words.army}."
    assert lines == [first, second]
    if (lang, variant) in BATTLE_LINES:  # the words themselves, as a person reads them
        assert lines == BATTLE_LINES[lang, variant]
