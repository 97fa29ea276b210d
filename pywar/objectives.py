"""Secret objectives: data from the board file, a test for each kind, and their wording.

Three kinds exist in the books:

* ``continents``: hold every listed continent whole, plus ``extra`` more of your choice;
* ``territories``: hold ``count`` territories, each with at least ``min_armies`` armies;
* ``destroy``: eliminate every army of ``color`` yourself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import Board

COLOR_NAMES = {
    "pt": {
        "branco": "BRANCOS",
        "preto": "PRETOS",
        "vermelho": "VERMELHOS",
        "azul": "AZUIS",
        "amarelo": "AMARELOS",
        "verde": "VERDES",
    },
    "en": {
        "branco": "WHITE",
        "preto": "BLACK",
        "vermelho": "RED",
        "azul": "BLUE",
        "amarelo": "YELLOW",
        "verde": "GREEN",
    },
}


def owns_continent(board: Board, owner: Mapping[str, int], player: int, continent: str) -> bool:
    """True when ``player`` holds every territory of ``continent``."""
    return all(owner[t] == player for t in board.continents[continent].territories)


def objective_met(
    objective: Mapping[str, Any],
    board: Board,
    owner: Mapping[str, int],
    armies: Mapping[str, int],
    player: int,
    destroyed_by_player: bool = False,
) -> bool:
    """Whether ``player`` has achieved ``objective`` on this board position.

    ``destroyed_by_player`` tells a ``destroy`` objective that its colour is gone and that
    this player dealt the last blow (the game knows who eliminated whom).
    """
    kind = objective["kind"]
    if kind == "continents":
        required = objective["continents"]
        if not all(owns_continent(board, owner, player, c) for c in required):
            return False
        extra: int = objective.get("extra", 0)
        if not extra:
            return True
        others = sum(
            1
            for c in board.continents
            if c not in required and owns_continent(board, owner, player, c)
        )
        return others >= extra
    if kind == "territories":
        need: int = objective["count"]
        floor = objective.get("min_armies", 1)
        held = sum(1 for t, p in owner.items() if p == player and armies[t] >= floor)
        return held >= need
    if kind == "destroy":
        return destroyed_by_player
    raise ValueError(f"unknown objective kind {kind!r}")


#: The card texts of the classic game (war-classico.txt), and their English; a board may word
#: its own under ``terms[lang]["objectives"]`` (same keys and fields).
CARD_TEXTS = {
    "pt": {
        "continents": "Conquistar na totalidade {names}.",
        "continents_extra": "Conquistar na totalidade {names} e mais um terceiro.",
        "territories": "Conquistar {count} TERRITÓRIOS à sua escolha.",
        "territories_armies": "Conquistar {count} TERRITÓRIOS e ocupar cada um deles com pelo "
        "menos {armies} exércitos.",
        "destroy": "Destruir totalmente OS EXÉRCITOS {color}.",
    },
    "en": {
        "continents": "Conquer the whole of {names}.",
        "continents_extra": "Conquer the whole of {names} and a third continent of your choice.",
        "territories": "Conquer {count} TERRITORIES of your choice.",
        "territories_armies": "Conquer {count} TERRITORIES and hold each with at least "
        "{armies} armies.",
        "destroy": "Destroy the {color} ARMIES completely.",
    },
}
#: Small numbers as the cards write them ("pelo menos dois exércitos").
NUMBER_WORDS = {
    "pt": {1: "um", 2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis"},
    "en": {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"},
}


def continent_on_card(board: Board, continent: str, lang: str) -> str:
    """A continent as the cards print it: its article, then its name in capitals
    ("a EUROPA", "o PELOPONESO", "the NORTH"); the article is board data."""
    data = next(c for c in board.raw["continents"] if c["id"] == continent)
    if lang == "pt":
        name, article = data["name"], data.get("article", "")
    else:
        name, article = data.get("name_en", data["name"]), data.get("article_en", "")
    return f"{article} {name.upper()}" if article else name.upper()


def describe(objective: Mapping[str, Any], board: Board, lang: str = "pt") -> str:
    """The objective's card text in Portuguese (``pt``) or English (``en``), as the printed
    cards word it: "Conquistar na totalidade a EUROPA, a OCEANIA e mais um terceiro.",
    "... com pelo menos dois exércitos.".

    A board may word its cards itself: templates under ``terms[lang]["objectives"]`` (keys
    of :data:`CARD_TEXTS`; fields ``{names}``, ``{count}``, ``{armies}``, ``{color}``), e.g.
    for a game whose continents are called regions.

    >>> from pywar.board import load_board
    >>> board = load_board("classic")
    >>> describe(board.objectives[0], board)
    'Conquistar na totalidade a EUROPA, a OCEANIA e mais um terceiro.'
    >>> describe(board.objectives[3], board, "en")
    'Conquer 18 TERRITORIES and hold each with at least two armies.'
    """
    lang = lang if lang in CARD_TEXTS else "pt"
    terms = board.raw.get("terms", {}).get(lang, {})
    templates: dict[str, str] = {**CARD_TEXTS[lang], **terms.get("objectives", {})}
    kind = objective["kind"]
    if kind == "continents":
        names = [continent_on_card(board, c, lang) for c in objective["continents"]]
        if objective.get("extra", 0):
            return templates["continents_extra"].format(names=", ".join(names))
        last = terms.get("and", " e " if lang == "pt" else " and ")
        joined = ", ".join(names[:-1]) + last + names[-1] if len(names) > 1 else names[0]
        return templates["continents"].format(names=joined)
    if kind == "territories":
        count, floor = objective["count"], objective.get("min_armies", 1)
        key = "territories_armies" if floor > 1 else "territories"
        return templates[key].format(count=count, armies=NUMBER_WORDS[lang].get(floor, floor))
    if kind == "destroy":
        color = COLOR_NAMES[lang].get(objective["color"], objective["color"].upper())
        return templates["destroy"].format(color=color)
    raise ValueError(f"unknown objective kind {kind!r}")
