"""Boards as data: territories, continents, borders and the territory cards.

Every board of the family is one JSON file, ``pywar/variants/<id>/board.json``, in one format::

    {"id", "name": {"pt", "en"}, "short_name": {"pt", "en"} (optional),
     "continents": [{"id", "name", "name_en", "bonus"}],
     "territories": [{"id", "name", "name_en", "continent", "shape"}],
     "borders": [[a, b], ...], "sea_links": [[a, b], ...], "jokers": 2,
     "objectives": [...]}

A board may instead bring its own ``deck`` (WAR II: territory, continent and numbered
cards); its territories then carry no card ``shape`` and its game class deals the deck.

>>> board = load_board("classic")
>>> len(board.territories), board.continents["south_america"].bonus
(42, 2)
>>> "vladivostok" in board.neighbors["alasca"]
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .errors import BoardError

#: Each board lives in the folder of the variant that owns it: ``<BOARD_DIR>/<id>/board.json``.
BOARD_DIR = Path(__file__).with_name("variants")
SHAPES = ("square", "triangle", "circle")
JOKER = "joker"


@dataclass(frozen=True)
class Territory:
    """One territory of a board."""

    id: str
    name: str
    name_en: str
    continent: str
    shape: str


@dataclass(frozen=True)
class Continent:
    """A continent (or region) with the bonus for holding it whole."""

    id: str
    name: str
    name_en: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Card:
    """A territory card (``territory`` None for a joker)."""

    index: int
    territory: str | None
    shape: str


class Board:
    """A validated board: look-ups by id, neighbours (land and sea) and the card deck."""

    def __init__(self, raw: dict[str, Any]) -> None:
        errors = validate_board(raw)
        if errors:
            raise BoardError("; ".join(errors))
        self.id: str = raw["id"]
        self.title: dict[str, str] = dict(raw.get("name", {}))
        #: The short name menus and lists use ("WAR clássico"), by language.
        self.short_title: dict[str, str] = dict(raw.get("short_name") or self.title)
        self.raw = raw
        self.territories: dict[str, Territory] = {
            t["id"]: Territory(
                t["id"], t["name"], t.get("name_en", t["name"]), t["continent"], t.get("shape", "")
            )
            for t in raw["territories"]
        }
        self.continents: dict[str, Continent] = {
            c["id"]: Continent(
                c["id"],
                c["name"],
                c.get("name_en", c["name"]),
                int(c["bonus"]),
                tuple(t for t in self.territories if self.territories[t].continent == c["id"]),
            )
            for c in raw["continents"]
        }
        links: dict[str, set[str]] = {t: set() for t in self.territories}
        for a, b in [*raw["borders"], *raw.get("sea_links", [])]:
            links[a].add(b)
            links[b].add(a)
        self.neighbors: dict[str, frozenset[str]] = {t: frozenset(n) for t, n in links.items()}
        self.sea_links: frozenset[frozenset[str]] = frozenset(
            frozenset(pair) for pair in raw.get("sea_links", [])
        )
        # A board with its own ``deck`` (WAR II) leaves the cards to its game class.
        cards = (
            []
            if "deck" in raw
            else [Card(i, t.id, t.shape) for i, t in enumerate(self.territories.values())]
        )
        cards += [Card(len(cards) + j, None, JOKER) for j in range(int(raw.get("jokers", 2)))]
        self.cards: tuple[Card, ...] = tuple(cards)
        self.objectives: tuple[dict[str, Any], ...] = tuple(raw.get("objectives", ()))

    def continent_of(self, territory: str) -> str:
        """The id of the continent a territory belongs to."""
        return self.territories[territory].continent

    def to_summary(self) -> dict[str, Any]:
        """The board as ``python -m pywar board <id> --json`` prints it."""
        return {
            "id": self.id,
            "territories": [
                {
                    "id": t.id,
                    "name": t.name,
                    "name_en": t.name_en,
                    "continent": t.continent,
                    "neighbors": sorted(self.neighbors[t.id]),
                }
                for t in self.territories.values()
            ],
            "continents": [
                {
                    "id": c.id,
                    "name": c.name,
                    "name_en": c.name_en,
                    "bonus": c.bonus,
                    "territories": list(c.territories),
                }
                for c in self.continents.values()
            ],
            "sea_links": sorted(sorted(p) for p in self.sea_links),
        }


def validate_board(raw: dict[str, Any]) -> list[str]:
    """Return every problem found in raw board data (an empty list when it is sound).

    Checks: unique ids, each territory in exactly one known continent, borders between
    known territories, symmetric (stored once as pairs, no self links or duplicates),
    a connected graph, shapes known, and every card naming a real territory.

    >>> import copy
    >>> raw = copy.deepcopy(load_board("classic").raw)
    >>> validate_board(raw)
    []
    >>> raw["borders"].append(["brasil", "atlantis"])
    >>> validate_board(raw)
    ["border ['brasil', 'atlantis'] names an unknown territory"]
    """
    errors: list[str] = []
    try:
        continents = [c["id"] for c in raw["continents"]]
        territories = [t["id"] for t in raw["territories"]]
    except (KeyError, TypeError) as exc:
        return [f"missing field {exc}"]
    for kind, ids in (("continent", continents), ("territory", territories)):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            errors.append(f"duplicate {kind} ids: {dupes}")
    known = set(territories)
    for t in raw["territories"]:
        if t.get("continent") not in continents:
            errors.append(f"territory {t['id']} is in no known continent")
        if "deck" not in raw and t.get("shape") not in SHAPES:
            errors.append(f"territory {t['id']} has unknown card shape {t.get('shape')!r}")
    for c in raw["continents"]:
        if not any(t.get("continent") == c["id"] for t in raw["territories"]):
            errors.append(f"continent {c['id']} has no territory")
        if not isinstance(c.get("bonus"), int) or c["bonus"] < 0:
            errors.append(f"continent {c['id']} has a bad bonus")
    seen: set[frozenset[str]] = set()
    links: dict[str, set[str]] = {t: set() for t in known}
    for pair in [*raw.get("borders", []), *raw.get("sea_links", [])]:
        if len(pair) != 2 or pair[0] == pair[1]:
            errors.append(f"bad border {pair}")
            continue
        a, b = pair
        if a not in known or b not in known:
            errors.append(f"border {pair} names an unknown territory")
            continue
        key = frozenset(pair)
        if key in seen:
            errors.append(f"border {pair} listed twice")
        seen.add(key)
        links[a].add(b)
        links[b].add(a)
    if not any(e.startswith(("bad border", "border")) for e in errors):
        asymmetric = [(a, b) for a, ns in links.items() for b in ns if a not in links[b]]
        if asymmetric:
            errors.append(f"asymmetric borders: {asymmetric}")
    if known:
        start = territories[0]
        reached = {start}
        frontier = [start]
        while frontier:
            for n in links[frontier.pop()]:
                if n not in reached:
                    reached.add(n)
                    frontier.append(n)
        if reached != known:
            errors.append(f"board not connected: cannot reach {sorted(known - reached)}")
    for card in raw.get("cards", []):
        if card.get("territory") not in known:
            errors.append(f"card names unknown territory {card.get('territory')!r}")
    deck = raw.get("deck", {})
    for card in deck.get("territory_cards", []) if isinstance(deck, dict) else ():
        for t in card.get("territories", []):
            if t not in known:
                errors.append(f"card {card.get('id')!r} names unknown territory {t!r}")
    return errors


def validate_board_file(path: Path) -> list[str]:
    """Every problem of a board file, each naming where it is (an empty list when sound).

    Used by ``python -m pywar board validate FILE`` for people who add a board.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [f"{path}: cannot read the file ({exc})"]
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        return [f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}"]
    problems = _shape_problems(raw)
    if not problems:
        problems = validate_board(raw)
    if not problems:
        problems = _text_problems(raw)
    return [f"{path}: {p}" for p in problems]


def _shape_problems(raw: Any) -> list[str]:
    """The structure :func:`validate_board` relies on: objects with the right fields."""
    if not isinstance(raw, dict):
        return ["the file must hold one JSON object (the board)"]
    problems = []
    if not isinstance(raw.get("id"), str) or not raw["id"].replace("_", "").isalnum():
        problems.append(
            '"id" must be a name of letters, digits and _ (the folder\'s: variants/<id>/board.json)'
        )
    for key, fields in (
        ("continents", ("id", "name", "bonus")),
        ("territories", ("id", "name", "continent")),
    ):
        items = raw.get(key)
        if not isinstance(items, list) or not items:
            problems.append(f'"{key}" must be a non-empty list')
            continue
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                problems.append(f"{key}[{i}] must be an object")
                continue
            missing = [f for f in fields if f not in item]
            if missing:
                problems.append(f"{key}[{i}] ({item.get('id', '?')}) lacks {missing}")
    for key in ("borders", "sea_links"):
        pairs = raw.get(key, [])
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and all(isinstance(t, str) for t in p) for p in pairs
        ):
            problems.append(f'"{key}" must be a list of [territory, territory] pairs')
    return problems


def _text_problems(raw: dict[str, Any]) -> list[str]:
    """Names in both languages, so the board reads in Portuguese and English."""
    problems = []
    for key in ("name", "short_name"):
        value = raw.get(key, {"pt": "-", "en": "-"})
        if not (
            isinstance(value, dict) and all(isinstance(value.get(k), str) for k in ("pt", "en"))
        ):
            problems.append(f'"{key}" must give the board\'s name in "pt" and "en"')
    for key in ("continents", "territories"):
        for item in raw[key]:
            if not isinstance(item.get("name_en", ""), str) or not item.get("name"):
                problems.append(f"{key[:-1]} {item['id']} needs a name (and name_en)")
    return problems


def board_path(board_id: str) -> Path:
    """Where the board ``board_id`` is stored: in the folder of the variant that owns it."""
    return BOARD_DIR / board_id / "board.json"


@cache
def load_board(board_id: str) -> Board:
    """Load and validate a board by id: ``pywar/variants/<board_id>/board.json``."""
    path = board_path(board_id)
    if not path.is_file() or not board_id.replace("_", "").isalnum():
        raise BoardError(f"unknown board {board_id!r}")
    return Board(json.loads(path.read_text(encoding="utf-8")))
