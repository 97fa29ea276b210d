"""Shared helpers for the tests: seats, named positions and quick phase changes for the
engine; reading the generated board maps (SVG)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from typing import Any

import pytest

from pywar import Board, Game, IllegalAction, load_board
from pywar.actions import Action, EndAttack, Place

SEATS = [
    ("Ana", "azul"),
    ("Bia", "verde"),
    ("Caio", "preto"),
    ("Duda", "vermelho"),
    ("Edu", "amarelo"),
    ("Fia", "branco"),
]

BOARD = load_board("classic")
TERRITORIES = list(BOARD.territories)
#: Card index of each territory (card i is the i-th territory of the board file).
CARD = {t: i for i, t in enumerate(TERRITORIES)}
JOKERS = (42, 43)
#: An objective nobody reaches by accident in these positions (armies default to 1).
SAFE_OBJECTIVE = "territories_18_x2"


def seats(n: int) -> list[tuple[str, str]]:
    """The first ``n`` seats (name, colour)."""
    return SEATS[:n]


def continent(cid: str) -> list[str]:
    """The territories of a continent, in board order."""
    return list(BOARD.continents[cid].territories)


def make(
    held: dict[int, list[str]],
    players: int = 3,
    armies: dict[str, int] | None = None,
    current: int = 0,
    hands: dict[int, list[int]] | None = None,
    objectives: dict[int, str] | None = None,
    rest: list[int] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> Game:
    """A classic game at a given position.

    ``held`` names the territories of some seats; every other territory goes round the seats
    in ``rest`` (default: every seat not in ``held``, else all seats but the current one).
    Seats get a harmless objective unless ``objectives`` says otherwise.
    """
    owner = owners(BOARD, held, players, current, rest)
    goals = objectives_for(players, SAFE_OBJECTIVE, objectives)
    return Game.scenario(
        "classic",
        seats(players),
        owner,
        armies=armies,
        current=current,
        hands=hands,
        objectives=goals,
        seed=seed,
        options=options,
    )


def owners(
    board: Board,
    held: dict[int, list[str]],
    players: int,
    current: int = 0,
    rest: list[int] | None = None,
) -> dict[str, int]:
    """The owner of every territory of ``board`` in a position (any board; see :func:`make`).

    ``held`` names the territories of some seats; every other territory goes round the seats
    in ``rest`` (default: every seat not in ``held``, else all seats but ``current``).
    """
    owner: dict[str, int] = {}
    for seat, names in held.items():
        for t in names:
            assert t in board.territories, t
            assert t not in owner, f"{t} given twice"
            owner[t] = seat
    if rest is None:
        rest = [s for s in range(players) if s not in held] or [
            s for s in range(players) if s != current
        ]
    others = [t for t in board.territories if t not in owner]
    for i, t in enumerate(others):
        owner[t] = rest[i % len(rest)]
    return owner


def objectives_for(players: int, safe: str, objectives: dict[int, str] | None) -> dict[int, str]:
    """The objective ``safe`` for every seat, but where ``objectives`` says otherwise."""
    goals = {s: safe for s in range(players)}
    goals.update(objectives or {})
    return goals


def place_all(game: Game, territory: str) -> None:
    """Place every pending army: as many as allowed on ``territory``, bound ones where bound
    (a continent's or a majority's on a territory of that continent)."""
    me = game.current
    if game.available_for(territory):
        game.apply(Place(territory, game.available_for(territory)))
    while game.pending_armies and game.phase != "over" and game.current == me:
        key = next(iter(game.pools))
        kind, where = key.split(":", 1) if ":" in key else (key, territory)
        if kind in ("continent", "majority"):
            where = next(t for t in game.territories_of(me) if game.board.continent_of(t) == where)
        game.apply(Place(where, game.available_for(where)))


def to_regroup(game: Game, territory: str) -> None:
    """Place everything on ``territory`` and end the attacks."""
    place_all(game, territory)
    game.apply(EndAttack())


@pytest.fixture
def scenario():
    """The :func:`make` builder as a fixture."""
    return make


def refused(game: Game, action: Any, rule: str, rolls: Any = None) -> None:
    """Assert ``action`` is refused naming ``rule`` and leaves the whole state unchanged."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action, rolls=rolls)
    assert info.value.rule == rule, info.value
    assert game.to_json() == before


# ------------------------------------------------------------------ random play
def pick(rnd: random.Random, actions: list[Action]) -> Action:
    """A random legal action: a random kind first, then one action of that kind."""
    by_kind: dict[str, list[Action]] = defaultdict(list)
    for a in actions:
        by_kind[a.type].append(a)
    return rnd.choice(by_kind[rnd.choice(sorted(by_kind))])


def army_change(events: list[dict]) -> int:
    """Armies added (setup, placement, cards) minus armies lost (land and air), as the
    events report them."""
    added = sum(e["count"] for e in events if e["type"] in ("place", "card_armies", "take_centre"))
    added += sum(1 for e in events if e["type"] == "claim")
    added += sum(2 for e in events if e["type"] == "claim_pair")
    lost = sum(e["attacker_losses"] + e["defender_losses"] for e in events if e["type"] == "battle")
    lost += sum(e["destroyed"] for e in events if e["type"] == "air_round")
    return added - lost


def same_game(game: Game) -> None:
    """The game comes back equal from its JSON and from replaying its log."""
    state = game.to_json()
    assert Game.loads(game.dumps()).to_json() == state
    assert game.replayed().to_json() == state


# ------------------------------------------------------------------ board maps (SVG)
NS = "{http://www.w3.org/2000/svg}"


def group(root: ET.Element, cls: str) -> ET.Element:
    """The single top-level <g> with the given class."""
    found = [g for g in root.findall(f"{NS}g") if g.get("class") == cls]
    assert len(found) == 1, f"expected one <g class={cls!r}>"
    return found[0]


def translate(el: ET.Element) -> tuple[float, float]:
    """The x, y of an element's ``translate(x,y)`` transform."""
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(1)), float(m.group(2))
