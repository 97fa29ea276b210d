"""The loader accepts only sound games: a damaged save is refused with a StateError (never
another exception) or loads into a game that passes every invariant and plays on; the
invariants themselves; and a small run of ``python -m pywar fuzz``."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from conftest import seats
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pywar import Game, StateError
from pywar.bot import SimpleBot
from pywar.fuzz import JUNK, Chooser, _get, _paths, damaged_save, fuzz
from pywar.invariants import check_invariants, problems
from pywar.savefile import to_data_v1
from pywar.simulate import new_game


@cache
def base_game(kind: str) -> Game:
    """Real games some way in (conquests, cards, eliminations where they come)."""
    variant, players, seed, steps, options = {
        "classic": ("classic", 4, 5, 400, {}),
        "war2": ("war2", 5, 8, 300, {"information_centres": True}),
        "brasil": ("brasil", 6, 2, 250, {}),
        "mitologicas": ("mitologicas", 3, 4, 250, {}),
    }[kind]
    game = new_game(variant, players, seed, options)
    player = Chooser(random.Random(seed), 0.8)
    for _ in range(steps):
        if game.phase == "over":
            break
        game.apply(player.choose(game))
    return game


KINDS = ("classic", "war2", "brasil", "mitologicas")


def sound_or_refused(text: str | bytes) -> Game | None:
    """Load ``text``: either a StateError of the loader's own checks (None), or a game that
    passes every invariant, plays on, saves and replays equal."""
    try:
        game = Game.loads(text)
    except StateError as exc:
        assert not exc.unexpected, exc
        return None
    check_invariants(game)
    rnd = random.Random(0)
    for _ in range(5):
        if game.phase == "over":
            break
        game.apply(rnd.choice(game.legal_actions()))
        check_invariants(game)
    assert Game.loads(game.dumps()).to_json() == game.to_json()
    assert game.replayed().to_json() == game.to_json()
    return game


def refused(text: str | bytes, *words: str) -> str:
    with pytest.raises(StateError) as info:
        Game.loads(text)
    assert not info.value.unexpected, info.value
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


# --------------------------------------------------------------------------- properties
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1))
def test_damaged_saves_are_refused_or_sound(kind, seed):
    text, _done = damaged_save(random.Random(seed), base_game(kind))
    sound_or_refused(text)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(KINDS),
    v1=st.booleans(),
    where=st.integers(0, 10**6),
    value=st.sampled_from(JUNK) | st.integers() | st.text(max_size=5),
)
def test_any_value_anywhere_is_refused_or_sound(kind, v1, where, value):
    game = base_game(kind)
    data = to_data_v1(game) if v1 else game.to_json()
    paths = [p for p in _paths(data) if p]
    path = paths[where % len(paths)]
    _get(data, path[:-1])[path[-1]] = value
    sound_or_refused(json.dumps(data))


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(bytes))
def test_any_text_is_refused(text):
    refused(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=60, deadline=None)
@given(data=json_values)
def test_any_json_is_refused(data):
    with pytest.raises(StateError) as info:
        Game.from_json(data)
    assert not info.value.unexpected


@settings(max_examples=25, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 300),
    p_bot=st.sampled_from([0.0, 0.6, 0.95]),
)
def test_every_real_save_loads_and_passes_every_invariant(kind, seed, steps, p_bot):
    variant, players = {
        "classic": ("classic", 6),
        "war2": ("war2", 4),
        "brasil": ("brasil", 3),
        "mitologicas": ("mitologicas", 4),
    }[kind]
    game = new_game(variant, players, seed)
    player = Chooser(random.Random(seed), p_bot)
    for _ in range(steps):
        if game.phase == "over":
            break
        game.apply(player.choose(game))
    loaded = Game.loads(game.dumps())
    assert problems(loaded) == []
    assert loaded.to_json() == game.to_json()
    assert loaded.dice_stats == game.dice_stats and loaded.timeline == game.timeline


# --------------------------------------------------------------------- the cases
@pytest.fixture
def game() -> Game:
    return base_game("classic")


def test_over_without_a_winner_is_refused(game):
    data = game.to_json()
    data["phase"], data["winner"] = "over", None
    refused(json.dumps(data), "inconsistent", "over without a winner")


def test_a_winner_while_the_game_goes_on_is_refused(game):
    data = game.to_json()
    data["winner"] = data["current"]
    refused(json.dumps(data), "inconsistent", "a winner while the game goes on")


def test_dead_player_to_move_is_refused(game):
    data = game.to_json()
    seat = data["current"]
    data["players"][seat]["alive"] = False
    data["players"][seat]["eliminated_by"] = (seat + 1) % len(data["players"])
    for p in data["players"]:  # a consistent-looking hand: the dead seat's cards moved on
        if p is not data["players"][seat]:
            p["cards"] += data["players"][seat]["cards"]
            break
    data["players"][seat]["cards"] = []
    refused(json.dumps(data), "inconsistent")


@pytest.mark.parametrize("where", ["text", "players", "log", "setup"])
def test_five_thousand_deep_nesting_is_refused(game, where):
    deep = "[" * 5000 + "]" * 5000
    data = game.to_json()
    if where == "text":
        text = deep
    else:
        data[where] = "@@DEEP@@"
        text = json.dumps(data).replace('"@@DEEP@@"', deep)
    refused(text, "nests deeper")
    # The same nesting as data (a record parsed elsewhere) is refused just as well.
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    data[where if where != "text" else "log"] = nested
    with pytest.raises(StateError, match="nests deeper"):
        Game.from_json(data)


@pytest.mark.parametrize(
    "number",
    [
        "1" + "0" * 400,
        "-1" + "0" * 400,
        "1e400",
        "NaN",
        "Infinity",
        "-Infinity",
        "18446744073709551616000",
    ],
)
def test_huge_and_non_numbers_are_refused(game, number):
    text = game.dumps().replace('"round":', f'"round":{number},"x":', 1)
    refused(text, "not a saved game")
    data = game.to_json()
    data["turn"] = 10**400
    with pytest.raises(StateError, match="out of range"):
        Game.from_json(data)


@pytest.mark.parametrize("value", [True, 2.0, "3", None, [3], -1])
def test_bools_floats_and_text_are_not_numbers(game, value):
    data = game.to_json()
    data["round"] = value
    with pytest.raises(StateError, match="round"):
        Game.from_json(data)


def test_card_duplicated_or_lost_is_refused(game):
    data = game.to_json()
    data["deck"].append(data["deck"][0])
    refused(json.dumps(data), "inconsistent", "cards")
    data = game.to_json()
    holder = next(p for p in data["players"] if p["cards"])
    holder["cards"].append(data["deck"][-1])
    refused(json.dumps(data), "inconsistent", "cards")
    data = game.to_json()
    data["discard"] = []
    if not game.discard:
        data["deck"].pop()
    refused(json.dumps(data), "inconsistent", "cards")


def test_state_that_the_log_does_not_lead_to_is_refused(game):
    data = game.to_json()
    t = next(i for i, a in enumerate(data["armies"]) if a > 1)
    data["armies"][t] -= 1
    i = next(
        i for i, a in enumerate(data["armies"]) if i != t and data["owner"][i] == data["owner"][t]
    )
    data["armies"][i] += 1
    refused(json.dumps(data), "log does not lead to the saved state", "armies")
    data = game.to_json()
    data["rng"] = format((int(data["rng"], 16) + 1) % 2**64, "016x")
    refused(json.dumps(data), "rng")


def test_log_that_does_not_replay_is_refused(game):
    data = game.to_json()
    data["log"] = "t " + data["log"]
    refused(json.dumps(data), "does not replay", "entry 1")


def test_duplicated_key_keeps_the_last_and_is_checked(game):
    text = game.dumps()
    assert text.count('"turn":') == 1
    first_wrong = text.replace('"turn":', f'"turn":{game.turn + 5},"turn":')
    assert Game.loads(first_wrong).to_json() == game.to_json()
    last_wrong = text.replace(f'"turn":{game.turn}', f'"turn":{game.turn},"turn":{game.turn + 5}')
    refused(last_wrong, "turn")


def test_unknown_and_missing_keys_are_refused(game):
    data = game.to_json()
    data["cheat"] = True
    refused(json.dumps(data), "unknown keys", "cheat")
    data = game.to_json()
    del data["players"][0]["alive"]
    refused(json.dumps(data), "players[0]", "alive")


def test_text_that_no_page_can_store_is_refused(game):
    data = game.to_json()
    data["players"][0]["name"] = "\ud800"
    with pytest.raises(StateError, match="broken character"):
        Game.from_json(data)


def test_bytes_and_other_inputs(game):
    assert Game.loads(game.dumps().encode()).to_json() == game.to_json()
    refused(b"\xff\xfe", "UTF-8")
    for value in (None, 42, ["a"]):
        refused(value)  # type: ignore[arg-type]


def test_oversized_text_is_refused_before_parsing():
    refused(" " * 4_000_001, "characters")


def test_old_saves_go_through_the_same_checks(game):
    data = to_data_v1(game)
    data["phase"], data["winner"] = "over", None
    refused(json.dumps(data), "over without a winner")
    data = to_data_v1(game)
    data["log"].pop()
    refused(json.dumps(data), "inconsistent")
    data = to_data_v1(game)
    data["timeline"] = [[[[]]]]  # derived and dropped, but bounded all the same
    assert Game.from_json(data).to_json() == game.to_json()


def test_war2_own_state_is_checked():
    game = base_game("war2")
    data = game.to_json()
    data["war2"]["bombers"][0] = 11
    refused(json.dumps(data), "war2.bombers")
    data = game.to_json()
    data["war2"]["air"] = {
        "target": "brasil",
        "defender": 0,
        "bombers": 1,
        "launched": 1,
        "source": "base",
        "resume": "attack",
    }
    refused(json.dumps(data), "inconsistent", "air attack")
    data = game.to_json()
    data["war2"]["ci"] = {}
    refused(json.dumps(data), "inconsistent", "Information Centres")


# ------------------------------------------------------------------------- invariants
def test_invariants_name_each_broken_rule():
    game = Game.new("classic", seats(3), seed=3)
    assert problems(game) == []
    game.players[game.current].alive = False
    game.players[game.current].eliminated_by = (game.current + 1) % 3
    assert any("to move" in p for p in problems(game)), problems(game)
    game = Game.new("classic", seats(3), seed=3)
    game.phase, game.pools = "attack", {"free": 2}
    assert any("armies to place in the attack phase" in p for p in problems(game))
    game = Game.new("classic", seats(3), seed=3)
    game.phase = "occupy"
    assert "occupy phase without a conquest" in problems(game)
    game = Game.new("classic", seats(3), seed=3)
    game.armies[next(iter(game.armies))] = 0
    assert any("fewer than 1 army" in p for p in problems(game))
    game = Game.new("classic", seats(3), seed=3)
    game.players[0].objective = game.players[1].objective
    assert "two seats hold the same objective card" in problems(game)
    game = Game.new("classic", seats(3), seed=3)
    game.must_trade = True
    assert "a forced trade without a set to trade" in problems(game)
    with pytest.raises(StateError, match="unsound game"):
        check_invariants(game)


def test_invariants_hold_through_whole_bot_games():
    for variant, players in (("classic", 5), ("war2", 3), ("brasil", 4), ("mitologicas", 3)):
        game = new_game(variant, players, 12)
        bot = SimpleBot()
        for _ in range(3000):
            if game.phase == "over":
                break
            game.apply(bot.choose(game))
            assert problems(game) == [], (variant, game.log[-1])


# ----------------------------------------------------------------------------- fuzzing
def test_small_fuzz_run_finds_nothing():
    report = fuzz(games=20, saves=200, seed=5, every=40, cap=120)
    assert report["failures"] == 0, report["failure_cases"]
    assert report["games"] == 20 and report["saves_tried"] == 200
    assert report["saves_refused"] + report["saves_loaded"] == 200
    assert report["saves_refused"] > 100 and report["saves_loaded"] > 0
    assert set(report["games_by_variant"]) == {"classic", "war2", "brasil", "mitologicas"}
    assert report["actions_checked"] > 1000


def test_fuzz_case_reproduces_alone():
    whole = fuzz(games=3, saves=3, seed=9, cap=100)
    again = fuzz(case=f"game:{9 * 10_000_000 + 1}", cap=100)
    assert again["games"] == 1 and again["failures"] == 0
    assert whole["failures"] == 0
