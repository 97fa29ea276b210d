"""What every sound game state satisfies, checked in one place.

The loader refuses a save that breaks any of these, the fuzzer (``python -m pywar fuzz``)
checks them after every action, and the tests use them. A variant with rules of its own adds
its checks through the game's :meth:`~pywar.game.Game.variant_problems` hook, so nothing here
names a variant.

>>> from pywar.game import Game
>>> game = Game.new("classic", [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")], seed=7)
>>> problems(game)
[]
>>> game.phase, game.pools = "over", {}
>>> check_invariants(game)
Traceback (most recent call last):
...
pywar.errors.StateError: unsound game: the game is over without a winner
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import StateError
from .phase import Phase

if TYPE_CHECKING:
    from .hooks import GameState

#: Pool keys with a referent, by kind: what the part after ``kind:`` names.
POOL_REFERENTS = {
    "continent": "continent",
    "territory": "territory",
    "majority": "continent",
    "majority_free": "continent",
    "majority_any": "continent",
}


def check_invariants(game: GameState) -> None:
    """Raise :class:`StateError` naming every broken invariant of ``game`` (None if sound)."""
    found = problems(game)
    if found:
        raise StateError("unsound game: " + "; ".join(found))


def problems(game: GameState) -> list[str]:
    """Every broken invariant of ``game``, in words (an empty list when the state is sound)."""
    found = _seat_problems(game)
    if found:  # the other checks index the seats
        return found
    found += _territory_problems(game)
    found += _card_problems(game)
    found += _objective_problems(game)
    found += _turn_problems(game)
    if not found:
        found += game.variant_problems()
    return found


def _seat_problems(game: GameState) -> list[str]:
    v = game.variant
    n = len(game.players)
    found = []
    if not v.min_players <= n <= v.max_players:
        found.append(f"{n} players in a game for {v.min_players} to {v.max_players}")
    colors = game.board.raw.get("colors") or []
    seen: set[str] = set()
    for i, p in enumerate(game.players):
        if not p.name.strip():
            found.append(f"seat {i} has no name")
        if p.color not in colors or p.color in seen:
            found.append(f"seat {i} has a bad or repeated colour {p.color!r}")
        seen.add(p.color)
        if p.alive != (p.eliminated_by is None):
            found.append(
                f"seat {i} is {'alive' if p.alive else 'out'} but eliminated_by is "
                f"{p.eliminated_by!r}"
            )
        elif p.eliminated_by is not None and not (
            0 <= p.eliminated_by < n and p.eliminated_by != i
        ):
            found.append(f"seat {i} was eliminated by an unknown seat")
        if not p.alive and p.cards:
            found.append(f"seat {i} is out of the game but holds cards")
    setup = game.setup
    if (
        not isinstance(setup, dict)
        or setup.get("variant") != v.id
        or setup.get("players") != [[p.name, p.color] for p in game.players]
        or setup.get("options") != game.options
    ):
        found.append("the setup does not match the players, variant or options")
    unknown = set(game.options) - set(v.options)
    if unknown:
        found.append(f"unknown game options {sorted(unknown)}")
    for name in ("current", "dealer", "first_player"):
        if not 0 <= getattr(game, name) < n:
            found.append(f"{name} is not a seat")
    return found


def _territory_problems(game: GameState) -> list[str]:
    board = game.board
    territories = set(board.territories)
    owner, armies = game.owner, game.armies
    if set(armies) != set(owner):
        return ["armies and owners name different territories"]
    if not set(owner) <= territories:
        return ["unknown territories"]
    found = []
    if set(owner) != territories and not game.setup_in_progress():
        found.append("territories do not match the board (some have no owner)")
    n = len(game.players)
    held = [0] * n
    for t, p in owner.items():
        if not 0 <= p < n:
            found.append(f"{t} has no living owner (seat {p})")
            continue
        held[p] += 1
        if not game.players[p].alive:
            found.append(f"{t} has no living owner ({game.players[p].name} is out)")
        if armies[t] < 1:
            found.append(f"{t} has fewer than 1 army")
    if not game.setup_in_progress():
        for i, player in enumerate(game.players):
            if player.alive and not held[i]:
                found.append(f"{player.name} is in the game without a territory")
    return found


def _card_problems(game: GameState) -> list[str]:
    cards = game.deck + game.discard + [c for p in game.players for c in p.cards]
    if sorted(cards) != list(range(game._deck_size())):
        return ["the cards are not all in deck, hands or discard exactly once"]
    return []


def _objective_problems(game: GameState) -> list[str]:
    # Retired cards (an earlier edition of the board's objectives) stay readable in old saves.
    deck = {
        o["id"]: o for o in (*game.board.raw.get("retired_objectives", ()), *game.board.objectives)
    }
    colors = {p.color for p in game.players}
    # A scenario (a position set up for a lesson or a test) may give any objectives.
    dealt = "scenario" not in game.setup
    found = []
    ids = [p.objective for p in game.players]
    if dealt and len(set(ids)) != len(ids):
        found.append("two seats hold the same objective card")
    for i, p in enumerate(game.players):
        spec = deck.get(p.objective)
        if spec is None:
            found.append(f"unknown objective {p.objective!r}")
            continue
        if spec["kind"] == "destroy":
            if dealt and spec.get("color") not in colors:
                found.append(f"objective {p.objective!r} of seat {i} names an absent colour")
            elif spec["color"] == p.color and not p.objective_converted:
                found.append(f"seat {i} must destroy its own colour")
        elif p.objective_converted:
            found.append(f"seat {i}'s objective {p.objective!r} cannot have changed")
    return found


def _turn_problems(game: GameState) -> list[str]:
    found = []
    phase = game.phase
    if phase not in game.PHASES:
        return [f"unknown phase {phase!r}"]
    over = phase == Phase.OVER
    if over != (game.winner is not None):
        found.append(
            "the game is over without a winner" if over else "a winner while the game goes on"
        )
    if game.winner is not None and not (
        0 <= game.winner < len(game.players) and game.players[game.winner].alive
    ):
        found.append("the winner is not a seat in the game")
    me = game.players[game.current]
    if not over and not me.alive:
        found.append(f"the player to move ({me.name}) is out of the game")
    if game.round < 1 or game.turn < 1 or game.trades_done < 0:
        found.append("round, turn and trades count from 1, 1 and 0")
    found += _pool_problems(game)
    if (phase == Phase.OCCUPY) != (game.occupy is not None):
        found.append(
            "occupy phase without a conquest"
            if phase == Phase.OCCUPY
            else f"a conquest to occupy in the {phase} phase"
        )
    elif game.occupy is not None:
        found += _occupy_problems(game)
    for t, k in game.moved.items():
        if t not in game.board.territories or game.owner.get(t) != game.current or k < 1:
            found.append(f"bad moved armies on {t!r}")
    if (
        game.must_trade
        and phase != Phase.OVER
        and (phase not in (Phase.REINFORCE, Phase.FINAL_TRADE) or not game.valid_trades())
    ):
        found.append("a forced trade without a set to trade")
    if phase == Phase.FINAL_TRADE and not game.eliminated_someone:
        found.append("end-of-turn trade without an elimination")
    if game.eliminated_someone and not game.conquered:
        found.append("an elimination without a conquest")
    return found


def _pool_problems(game: GameState) -> list[str]:
    found = []
    phase = game.phase
    for key, value in game.pools.items():
        kind, _, where = key.partition(":")
        referent = POOL_REFERENTS.get(kind)
        if key != "free" and (
            referent is None
            or where
            not in (game.board.continents if referent == "continent" else game.board.territories)
        ):
            found.append(f"unknown reinforcement pool {key!r}")
        if value < 0:
            found.append("negative reinforcements")
        if referent == "territory" and game.owner.get(where) != game.current:
            found.append(f"reinforcements bound to {where}, not held by the player to move")
    pending = game.pending_armies
    if pending and not game.may_hold_armies():
        found.append(f"armies to place in the {phase} phase")
    if phase == Phase.REINFORCE and not pending and not game.must_trade:
        found.append("the reinforce phase with nothing to place")
    return found


def _occupy_problems(game: GameState) -> list[str]:
    occupy = game.occupy
    assert occupy is not None
    source, target, top = occupy.get("source"), occupy.get("target"), occupy.get("max")
    me = game.current
    if (
        set(occupy) != {"source", "target", "max"}
        or not isinstance(source, str)
        or not isinstance(target, str)
        or game.owner.get(source) != me
        or game.owner.get(target) != me
        or not isinstance(top, int)
        or target not in game.board.neighbors.get(source, ())
    ):
        return ["a bad conquest to occupy"]
    if not 2 <= top <= min(3, game.armies[source]) or game.armies[target] != 1:
        return [f"{top} armies to move into {target} after a conquest"]
    return []
