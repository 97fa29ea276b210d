"""Saved games: a sound state loads back equal; anything else is refused with StateError."""

from __future__ import annotations

import json

import pytest
from conftest import seats

from pywar import Game, StateError
from pywar.simulate import play_game

#: Index of a territory in the saved lists of owners and armies (board order).
AT = {t: i for i, t in enumerate(Game.new("classic", seats(3)).board.territories)}


@pytest.fixture
def game() -> Game:
    """A game some way in: placements, attacks, conquests and cards."""
    g = play_game("classic", 4, seed=11, round_cap=3)
    assert g.phase != "over" and g.log
    return g


def refused(text: str, *words: str) -> str:
    with pytest.raises(StateError) as info:
        Game.loads(text)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def test_round_trip_is_equal(game):
    again = Game.loads(game.dumps())
    assert again.to_json() == game.to_json()
    assert Game.from_json(json.loads(json.dumps(game.to_json()))).to_json() == game.to_json()


def test_loaded_game_plays_on_identically(game):
    again = Game.loads(game.dumps())
    for _ in range(30):
        action = game.legal_actions()[-1]
        assert again.legal_actions()[-1] == action
        assert again.apply(action) == game.apply(action)
    assert again.to_json() == game.to_json()


def test_new_game_round_trip():
    g = Game.new("classic", seats(6), seed=99, options={"first_round_placement_only": True})
    assert Game.loads(g.dumps()).to_json() == g.to_json()


@pytest.mark.parametrize(
    "text", ["", "{", "not json", '{"schema": "pywar-game", "version": 1', "\x00\x01"]
)
def test_malformed_json_is_refused(text):
    refused(text, "JSON")


@pytest.mark.parametrize(
    "data",
    [[], 42, "pywar-game", None, {"name": "a chess game"}, {"schema": "other-game", "version": 1}],
)
def test_foreign_objects_are_refused(data):
    refused(json.dumps(data), "not a pywar saved game")


@pytest.mark.parametrize("version", [0, 3, "2", None, True])
def test_wrong_schema_version_is_refused(game, version):
    data = game.to_json()
    data["version"] = version
    refused(json.dumps(data), "version", "not supported")


def test_truncated_state_is_refused(game):
    text = game.dumps()
    for cut in (len(text) // 3, len(text) // 2, len(text) - 1):
        refused(text[:cut], "JSON")


@pytest.mark.parametrize(
    "key",
    [
        "variant",
        "setup",
        "rng",
        "players",
        "owner",
        "armies",
        "deck",
        "discard",
        "trades_done",
        "current",
        "phase",
        "pools",
        "moved",
        "occupy",
        "winner",
        "log",
    ],
)
def test_missing_keys_are_refused(game, key):
    data = game.to_json()
    del data[key]
    message = refused(json.dumps(data))
    assert key in message or "incomplete" in message, message


def test_missing_keys_inside_a_player_are_refused(game):
    data = game.to_json()
    del data["players"][1]["cards"]
    refused(json.dumps(data), "cards")


def test_unknown_variant_is_refused(game):
    data = game.to_json()
    data["variant"] = "atlantida"
    refused(json.dumps(data), "atlantida")


def test_territory_with_no_army_is_refused(game):
    data = game.to_json()
    data["armies"][AT["brasil"]] = 0
    refused(json.dumps(data), "inconsistent", "brasil", "fewer than 1 army")


def test_duplicated_card_is_refused(game):
    data = game.to_json()
    data["deck"].append(data["deck"][0])
    refused(json.dumps(data), "inconsistent", "cards")


def test_lost_card_is_refused(game):
    data = game.to_json()
    data["deck"].pop()
    refused(json.dumps(data), "inconsistent", "cards")


def test_territory_of_a_dead_or_unknown_player_is_refused(game):
    data = game.to_json()
    data["owner"][AT["brasil"]] = 7
    refused(json.dumps(data), "damaged", "owner")
    data = game.to_json()
    seat = data["owner"][AT["brasil"]]
    data["players"][seat]["alive"] = False
    refused(json.dumps(data), "inconsistent", f"seat {seat} is out")


def test_unknown_or_missing_territory_is_refused(game):
    data = game.to_json()
    data["owner"].append(0)
    data["armies"].append(3)
    refused(json.dumps(data), "damaged", "owner")
    data = game.to_json()
    data["owner"][AT["brasil"]] = data["armies"][AT["brasil"]] = None
    refused(json.dumps(data), "inconsistent", "territories")


def test_other_inconsistencies_are_refused(game):
    data = game.to_json()
    data["phase"] = "dancing"
    refused(json.dumps(data), "damaged", "phase")
    data = game.to_json()
    data["players"][0]["objective"] = "rule_the_world"
    refused(json.dumps(data), "inconsistent", "objective")
    data = game.to_json()
    data["phase"], data["occupy"] = "occupy", None
    refused(json.dumps(data), "inconsistent", "occupy")
    data = game.to_json()
    data["players"] = data["players"][:2]
    refused(json.dumps(data), "damaged")


def test_wrong_types_are_refused(game):
    data = game.to_json()
    data["armies"][AT["brasil"]] = "many"
    refused(json.dumps(data), "damaged")
    data = game.to_json()
    data["players"] = "everyone"
    refused(json.dumps(data), "damaged")
    data = game.to_json()
    data["rng"] = "not hex"
    refused(json.dumps(data), "damaged")
