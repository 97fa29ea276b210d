"""Boards as data: the validator catches broken boards; the classic board is the printed one."""

from __future__ import annotations

import copy
import json

import pytest

from pywar import Board, BoardError, load_board, validate_board
from pywar.board import board_path

RAW = json.loads(board_path("classic").read_text(encoding="utf-8"))


def broken(change) -> list[str]:
    """Validator errors for a copy of the classic board after ``change(raw)``."""
    raw = copy.deepcopy(RAW)
    change(raw)
    errors = validate_board(raw)
    if errors:
        with pytest.raises(BoardError):
            Board(raw)
    return errors


def test_the_classic_board_is_valid():
    assert validate_board(copy.deepcopy(RAW)) == []


def test_unknown_border():
    errors = broken(lambda raw: raw["borders"].append(["brasil", "atlantida"]))
    assert any("atlantida" in e and "unknown" in e for e in errors), errors
    errors = broken(lambda raw: raw["sea_links"].append(["lemuria", "japao"]))
    assert any("lemuria" in e for e in errors), errors


def test_asymmetric_or_repeated_borders():
    # The format stores each border once as a pair; the same border both ways is a mistake.
    errors = broken(lambda raw: raw["borders"].append(["venezuela", "brasil"]))
    assert any("twice" in e for e in errors), errors
    errors = broken(lambda raw: raw["borders"].append(["brasil", "brasil"]))
    assert any("bad border" in e for e in errors), errors
    errors = broken(lambda raw: raw["borders"].append(["brasil"]))
    assert any("bad border" in e for e in errors), errors


def test_disconnected_board():
    def island(raw):
        raw["borders"] = [p for p in raw["borders"] if "madagascar" not in p]

    errors = broken(island)
    assert any("not connected" in e and "madagascar" in e for e in errors), errors


def test_disconnected_without_the_sea_links():
    def no_sea(raw):
        raw["sea_links"] = []

    errors = broken(no_sea)
    assert any("not connected" in e for e in errors), errors


def test_territory_in_no_continent():
    def lost(raw):
        raw["territories"][0]["continent"] = "atlantis"

    errors = broken(lost)
    assert any("alasca" in e and "continent" in e for e in errors), errors

    def missing(raw):
        del raw["territories"][1]["continent"]

    errors = broken(missing)
    assert any("mackenzie" in e and "continent" in e for e in errors), errors


def test_duplicate_ids():
    errors = broken(lambda raw: raw["territories"].append(dict(raw["territories"][5])))
    assert any("duplicate territory" in e and "labrador" in e for e in errors), errors
    errors = broken(lambda raw: raw["continents"].append(dict(raw["continents"][0])))
    assert any("duplicate continent" in e for e in errors), errors


def test_card_naming_an_unknown_territory():
    errors = broken(lambda raw: raw.__setitem__("cards", [{"territory": "atlantida"}]))
    assert any("card" in e and "atlantida" in e for e in errors), errors


def test_unknown_shape_and_bad_bonus():
    def shape(raw):
        raw["territories"][2]["shape"] = "hexagon"

    assert any("shape" in e for e in broken(shape))

    def bonus(raw):
        raw["continents"][0]["bonus"] = -1

    assert any("bonus" in e for e in broken(bonus))


def test_unknown_board_is_refused():
    with pytest.raises(BoardError):
        load_board("atlantida")
    with pytest.raises(BoardError):
        load_board("../classic")


# ------------------------------------------------------------------ the classic board
BOARD = load_board("classic")


def test_classic_board_size_and_bonuses():
    assert len(BOARD.territories) == 42
    bonuses = {cid: c.bonus for cid, c in BOARD.continents.items()}
    assert bonuses == {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "oceania": 2,
    }
    sizes = {cid: len(c.territories) for cid, c in BOARD.continents.items()}
    assert sizes == {
        "north_america": 9,
        "south_america": 4,
        "europe": 7,
        "africa": 6,
        "asia": 12,
        "oceania": 4,
    }


def test_classic_continents_hold_the_rulings_territories():
    names = {
        cid: {BOARD.territories[t].name for t in c.territories}
        for cid, c in BOARD.continents.items()
    }
    assert names["south_america"] == {"Venezuela", "Peru", "Brasil", "Argentina"}
    assert names["oceania"] == {"Sumatra", "Bornéu", "Nova Guiné", "Austrália"}
    assert names["africa"] == {"Argélia", "Egito", "Sudão", "Congo", "África do Sul", "Madagascar"}
    assert names["europe"] == {
        "Islândia",
        "Inglaterra",
        "Suécia",
        "Moscou",
        "Alemanha",
        "Polônia",
        "França",
    }
    assert {
        "Alasca",
        "Mackenzie",
        "Groenlândia",
        "Vancouver",
        "Ottawa",
        "Labrador",
        "Califórnia",
        "Nova York",
        "México",
    } == names["north_america"]
    assert {
        "Oriente Médio",
        "Aral",
        "Omsk",
        "Dudinka",
        "Sibéria",
        "Tchita",
        "Mongólia",
        "Vladivostok",
        "China",
        "Índia",
        "Japão",
        "Vietnã",
    } == names["asia"]


SEA_LINKS = [
    ("alasca", "vladivostok"),
    ("groenlandia", "islandia"),
    ("brasil", "argelia"),
    ("franca", "argelia"),
    ("franca", "egito"),
    ("polonia", "egito"),
    ("india", "sumatra"),
    ("vietna", "borneu"),
]


@pytest.mark.parametrize(("a", "b"), SEA_LINKS)
def test_classic_sea_links(a, b):
    assert frozenset((a, b)) in BOARD.sea_links
    assert b in BOARD.neighbors[a] and a in BOARD.neighbors[b]


def test_classic_sea_links_are_exactly_the_rulings():
    assert BOARD.sea_links == {frozenset(p) for p in SEA_LINKS}


def test_classic_neighbours_are_symmetric_and_never_self():
    for t, ns in BOARD.neighbors.items():
        assert t not in ns and ns
        for n in ns:
            assert t in BOARD.neighbors[n]


def test_classic_cards():
    cards = BOARD.cards
    assert len(cards) == 44
    assert [c.territory for c in cards[:42]] == list(BOARD.territories)
    assert [c.shape for c in cards[42:]] == ["joker", "joker"]
    assert all(c.territory is None for c in cards[42:])
    shapes = [c.shape for c in cards[:42]]
    assert all(s in ("square", "triangle", "circle") for s in shapes)


def test_classic_objectives_are_the_books_fourteen():
    objectives = BOARD.objectives
    assert len(objectives) == 14
    kinds = sorted(o["kind"] for o in objectives)
    assert kinds.count("destroy") == 6 and kinds.count("territories") == 2
    destroy = {o["color"] for o in objectives if o["kind"] == "destroy"}
    assert destroy == {"branco", "preto", "vermelho", "azul", "amarelo", "verde"}
    pairs = {
        (tuple(sorted(o["continents"])), o.get("extra", 0))
        for o in objectives
        if o["kind"] == "continents"
    }
    assert pairs == {
        (("europe", "oceania"), 1),
        (("asia", "south_america"), 0),
        (("europe", "south_america"), 1),
        (("africa", "asia"), 0),
        (("africa", "north_america"), 0),
        (("north_america", "oceania"), 0),
    }
    counts = {
        (o["count"], o.get("min_armies", 1)) for o in objectives if o["kind"] == "territories"
    }
    assert counts == {(18, 2), (24, 1)}
