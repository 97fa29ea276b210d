"""One conformance suite for every registered variant, in the style of OpenSpiel's game tests.

Nothing here names a variant: each test runs over ``pywar.variants.VARIANTS`` at the fewest and
the most players it allows. A seeded game of random legal actions is checked at every step:
the invariants hold, the JSON round trip is exact, replaying the log gives the same state,
undo restores exactly, every illegal action (drawn from every registered action type, with
random fields) is refused with a pywar error and leaves the state untouched, and each player's
view hides what it must. Then every bot level finishes a game of each variant.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from pywar.actions import Action
from pywar.ai import LEVELS, make_bot
from pywar.errors import WarError
from pywar.game import Game
from pywar.variants import VARIANTS

COLORS = ("azul", "vermelho", "verde", "amarelo", "preto", "branco")
NAMES = ("Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio")
#: Steps of each random game (a whole game is not needed: every phase comes early).
STEPS = 200
#: Replay the whole log every so many steps (it grows with the game).
REPLAY_EVERY = 60
#: Illegal actions tried at each step.
ILLEGAL_PER_STEP = 4

CASES = [
    (vid, n)
    for vid in sorted(VARIANTS)
    for n in sorted({VARIANTS[vid].min_players, VARIANTS[vid].max_players})
]


def new_game(variant_id: str, players: int, seed: int) -> Game:
    colors = [c for c in COLORS if c in (VARIANTS[variant_id].board.raw.get("colors") or COLORS)]
    seats = [(NAMES[i], colors[i]) for i in range(players)]
    return Game.new(variant_id, seats, seed=seed)


def state(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def random_field(rnd: random.Random, game: Game, field: dataclasses.Field) -> Any:
    """A value for an action field: often plausible, sometimes absurd."""
    territories = sorted(game.board.territories)
    name = field.name
    roll = rnd.random()
    if roll < 0.08:
        return rnd.choice([None, -1, 0, 10**6, "", "atlantis", [1, 2], 2.5, True])
    if name in (
        "territory",
        "source",
        "target",
        "bonus_territory",
        "first",
        "second",
        "centre",
        "base",
    ):
        return rnd.choice(territories)
    if name in ("cards",):
        top = max(len(game.board.cards), 1)
        return [rnd.randrange(-1, top + 1) for _ in range(rnd.choice([0, 2, 3, 3, 4]))]
    if name in ("player", "seat", "target_player"):
        return rnd.randrange(-1, len(game.players) + 1)
    return rnd.randrange(-2, 12)


def random_action(rnd: random.Random, game: Game) -> dict[str, Any]:
    """An action of any registered type with random fields (as a dict, as JSON would be)."""
    cls = rnd.choice(sorted(Action.registry.values(), key=lambda c: c.type))
    data: dict[str, Any] = {"type": cls.type}
    for field in dataclasses.fields(cls):
        if rnd.random() < 0.9 or field.default is dataclasses.MISSING:
            data[field.name] = random_field(rnd, game, field)
    return data


def check_views(game: Game) -> None:
    """Each seat sees its own objective and hand, and no one else's (until the game ends)."""
    over = game.phase == "over"
    for seat in range(len(game.players)):
        view = game.view(seat)
        for i, shown in enumerate(view["players"]):
            if i != seat:
                assert "hand" not in shown, f"seat {seat} sees the hand of {i}"
                if not over:
                    assert "objective" not in shown, f"seat {seat} sees the objective of {i}"
            else:
                assert shown.get("objective") is not None
        text = json.dumps(view)
        for i, p in enumerate(game.players):
            if i != seat and not over and p.cards:
                assert json.dumps({"hand": list(p.cards)})[1:-1] not in text


@pytest.mark.parametrize(("variant_id", "players"), CASES)
def test_random_play_keeps_every_promise(variant_id: str, players: int) -> None:
    rnd = random.Random(f"{variant_id}-{players}")
    game = new_game(variant_id, players, seed=players * 101)
    assert game.check() == []
    refused = undone = 0
    for step in range(STEPS):
        if game.phase == "over":
            break
        before = state(game)
        # every illegal action is refused with a pywar error, and nothing changes
        for _ in range(ILLEGAL_PER_STEP):
            data = random_action(rnd, game)
            try:
                action = Action.from_dict(data)
                legal = game.is_legal(action)
            except WarError:
                legal = False
            except Exception as exc:  # noqa: BLE001 - the point: only pywar errors
                pytest.fail(f"step {step}: {data} raised {type(exc).__name__}: {exc}")
            if legal:
                continue
            with pytest.raises(WarError):
                game.apply(data)
            assert state(game) == before, f"step {step}: refused {data} changed the state"
            refused += 1
        legal_actions = game.legal_actions()
        assert legal_actions, f"step {step}: no legal action in phase {game.phase}"
        action = rnd.choice(legal_actions)
        assert game.is_legal(action)
        game.apply(action)
        # undo restores exactly (then the same action is played again)
        if game.can_undo():
            after = state(game)
            game.undo()
            assert state(game) == before, f"step {step}: undo of {action} is not exact"
            game.apply(action)
            assert state(game) == after
            undone += 1
        assert game.check() == [], f"step {step}: {game.check()}"
        assert state(Game.loads(game.dumps())) == state(game), f"step {step}: JSON round trip"
        if step % REPLAY_EVERY == 0:
            assert state(game.replayed()) == state(game), f"step {step}: replay differs"
        check_views(game)
    assert state(game.replayed()) == state(game)
    assert refused > STEPS, "the illegal actions drawn were nearly all legal: a weak test"
    assert undone > 0


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_level_finishes_a_game(variant_id: str, level: str) -> None:
    players = VARIANTS[variant_id].min_players
    game = new_game(variant_id, players, seed=7)
    bots = [make_bot(level, seed=seat) for seat in range(players)]
    cap = VARIANTS[variant_id].round_cap
    actions = 0
    while game.phase != "over" and game.round <= cap:
        game.apply(bots[game.current].choose(game))
        actions += 1
    assert game.phase == "over", f"{level} bots did not finish {variant_id} in {cap} rounds"
    assert game.winner is not None and game.check() == []
    assert state(game.replayed()) == state(game)
