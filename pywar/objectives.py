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
    "pt": {"branco": "BRANCOS", "preto": "PRETOS", "vermelho": "VERMELHOS", "azul": "AZUIS",
           "amarelo": "AMARELOS", "verde": "VERDES"},
    "en": {"branco": "WHITE", "preto": "BLACK", "vermelho": "RED", "azul": "BLUE",
           "amarelo": "YELLOW", "verde": "GREEN"},
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
        extra = objective.get("extra", 0)
        if not extra:
            return True
        others = sum(1 for c in board.continents
                     if c not in required and owns_continent(board, owner, player, c))
        return others >= extra
    if kind == "territories":
        need = objective["count"]
        floor = objective.get("min_armies", 1)
        held = sum(1 for t, p in owner.items() if p == player and armies[t] >= floor)
        return held >= need
    if kind == "destroy":
        return destroyed_by_player
    raise ValueError(f"unknown objective kind {kind!r}")


def describe(objective: Mapping[str, Any], board: Board, lang: str = "pt") -> str:
    """The objective's card text in Portuguese (``pt``) or English (``en``).

    A board may word its cards itself: templates under ``terms[lang]["objectives"]`` (keys
    ``continents``, ``continents_extra``, ``territories``, ``territories_armies``,
    ``destroy``; fields ``{names}``, ``{count}``, ``{armies}``, ``{color}``) replace the
    classic wording, e.g. for a game whose continents are called regions.
    """
    kind = objective["kind"]
    terms = board.raw.get("terms", {}).get(lang, {})
    templates = terms.get("objectives", {})
    if templates:
        return _describe_with(templates, terms, objective, board, lang)
    if kind == "continents":
        attr = "name" if lang == "pt" else "name_en"
        names = [getattr(board.continents[c], attr).upper() for c in objective["continents"]]
        joined = " e a ".join(names) if lang == "pt" else " and ".join(names)
        extra = objective.get("extra", 0)
        if lang == "pt":
            text = f"Conquistar na totalidade a {joined}"
            return text + (" e mais um terceiro." if extra else ".")
        text = f"Conquer the whole of {joined}"
        return text + (" and one more continent of your choice." if extra else ".")
    if kind == "territories":
        count, floor = objective["count"], objective.get("min_armies", 1)
        if lang == "pt":
            if floor > 1:
                return (f"Conquistar {count} TERRITÓRIOS e ocupar cada um deles com pelo "
                        f"menos {floor} exércitos.")
            return f"Conquistar {count} TERRITÓRIOS à sua escolha."
        if floor > 1:
            return f"Conquer {count} TERRITORIES and hold each with at least {floor} armies."
        return f"Conquer {count} TERRITORIES of your choice."
    if kind == "destroy":
        color = COLOR_NAMES[lang].get(objective["color"], objective["color"].upper())
        if lang == "pt":
            return f"Destruir totalmente OS EXÉRCITOS {color}."
        return f"Destroy the {color} armies completely."
    raise ValueError(f"unknown objective kind {kind!r}")


def _describe_with(templates: Mapping[str, str], terms: Mapping[str, Any],
                   objective: Mapping[str, Any], board: Board, lang: str) -> str:
    """The card text from a board's own templates."""
    kind = objective["kind"]
    if kind == "continents":
        attr = "name" if lang == "pt" else "name_en"
        names = [getattr(board.continents[c], attr).upper() for c in objective["continents"]]
        last = terms.get("and", " e " if lang == "pt" else " and ")
        joined = ", ".join(names[:-1]) + last + names[-1] if len(names) > 1 else names[0]
        key = "continents_extra" if objective.get("extra", 0) else "continents"
        return templates[key].format(names=joined)
    if kind == "territories":
        count, floor = objective["count"], objective.get("min_armies", 1)
        key = "territories_armies" if floor > 1 else "territories"
        return templates[key].format(count=count, armies=floor)
    if kind == "destroy":
        color = COLOR_NAMES[lang].get(objective["color"], objective["color"].upper())
        return templates["destroy"].format(color=color)
    raise ValueError(f"unknown objective kind {kind!r}")
