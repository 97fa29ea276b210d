"""Bot levels: legal moves only, seeded games, games that end, no peeking, the tournament."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout
from typing import Any

import pytest
from conftest import BOARD, CARD, TERRITORIES, continent, make, seats

from pywar import Game
from pywar.__main__ import main
from pywar.actions import Attack, EndTurn, Place
from pywar.ai import LEVELS, make_bot
from pywar.errors import WarError
from pywar.tournament import (
    new_match,
    pair_records,
    parse_weights,
    play_match,
    seat_colors,
    seat_levels,
    tournament,
    wilson,
)

LEVEL_NAMES = ("easy", "normal", "hard")


class NoDice:
    """Stands in for the game's generator while a bot thinks: touching it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot used the game's generator ({name})")


def bot_action(bot: Any, game: Game) -> Any:
    """The bot's choice with the game's dice out of reach."""
    rng = game.rng
    game.rng = NoDice()
    try:
        return bot.choose(game)
    finally:
        game.rng = rng


def play(game: Game, bots: list[Any], max_actions: int, check: bool = True) -> int:
    """Play bot actions (each checked legal first); return how many were played."""
    n = 0
    while game.phase != "over" and n < max_actions:
        action = bot_action(bots[game.current], game)
        if check:
            assert game.is_legal(action), (type(bots[game.current]).__name__, action)
        game.apply(action)
        n += 1
    return n


def play_turn(game: Game, bot: Any, seat: int = 0) -> None:
    """Play ``seat``'s turn to its end (or the end of the game)."""
    while game.phase != "over" and game.current == seat:
        action = bot_action(bot, game)
        assert game.is_legal(action), action
        game.apply(action)


def new_game(levels: list[str], seed: int, variant: str = "classic") -> tuple[Game, list[Any]]:
    colors = seat_colors(variant)
    game = Game.new(variant, [(f"P{k}", colors[k]) for k in range(len(levels))], seed=seed)
    return game, [make_bot(level, seed * 10 + k) for k, level in enumerate(levels)]


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_thousands_of_bot_actions_are_legal(level):
    by_level = 0
    others = "easy" if level != "easy" else "normal"
    for seed in range(100, 120):
        levels = seat_levels([level, others, others], seed)
        game, bots = new_game(levels, seed)
        while game.phase != "over" and game.round <= 60:
            action = bot_action(bots[game.current], game)
            assert game.is_legal(action), (levels[game.current], action)
            by_level += levels[game.current] == level
            game.apply(action)
        if by_level >= 1000:
            break
    assert by_level >= 1000


@pytest.mark.parametrize(
    ("variant", "players"), [("classic", 6), ("mitologicas", 4), ("brasil", 5)]
)
def test_every_level_plays_legally_on_other_boards_and_tables(variant, players):
    levels = [LEVEL_NAMES[k % 3] for k in range(players)]
    game, bots = new_game(levels, 7, variant)
    assert play(game, bots, 600) > 100


def test_hard_expectimax_attack_mode_plays_legal_games_to_the_end():
    from pywar.ai.hard import HardBot

    class Expectimax(HardBot):
        attack_mode = "expectimax"

    for seed in (3, 4):
        game, bots = new_game(["hard", "normal", "normal"], seed)
        bots[0] = Expectimax(seed)
        attacks = 0
        while game.phase != "over" and game.round <= 60:
            action = bot_action(bots[game.current], game)
            assert game.is_legal(action), action
            attacks += game.current == 0 and isinstance(action, Attack)
            game.apply(action)
        assert game.phase == "over"
        assert attacks > 0


def test_hard_past_its_turn_budget_plays_the_gate_policy_to_the_end(monkeypatch):
    from pywar.ai import hard
    from pywar.ai.hard import HardBot

    class Broke(HardBot):
        turn_work = 0  # every turn starts past its budget: no rollout at all

    def no_rollouts(*args: Any) -> Any:
        raise AssertionError("a rollout past the turn's budget")

    monkeypatch.setattr(hard, "mean_score", no_rollouts)
    game, bots = new_game(["hard", "normal", "normal"], 3)
    bots[0] = Broke(3)
    attacks = 0
    while game.phase != "over" and game.round <= 60:
        action = bot_action(bots[game.current], game)
        assert game.is_legal(action), action
        attacks += game.current == 0 and isinstance(action, Attack)
        game.apply(action)
    assert attacks > 0


def test_the_same_seed_gives_the_same_game():
    logs = []
    for _ in range(2):
        game, bots = new_game(["hard", "normal", "easy"], 3)
        play(game, bots, 400, check=False)
        logs.append(json.dumps(game.log))
    assert logs[0] == logs[1]
    game, bots = new_game(["hard", "normal", "easy"], 4)
    play(game, bots, 400, check=False)
    assert json.dumps(game.log) != logs[0]


def test_think_yields_chunks_then_the_same_action_as_choose():
    game, _ = new_game(["hard", "normal", "normal"], 11)
    steps = list(make_bot("hard", 5).think(game))
    assert steps[-1] is not None and all(s is None for s in steps[:-1])
    assert steps[-1] == make_bot("hard", 5).choose(game)
    assert game.is_legal(steps[-1])


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")
    assert set(LEVEL_NAMES) <= set(LEVELS)


# ------------------------------------------------------------ finishing games
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_finishes_its_games(level):
    for seed in (1, 2):
        result = play_match(
            [level, level, level]
            if level != "hard"
            else seat_levels(["hard", "normal", "normal"], seed),
            seed,
            check=True,
        )
        assert result["finished"], result
        assert result["rounds"] < 60


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_attacks_when_the_objective_needs_it(level):
    # North America and Africa but Egypt; 30 armies next to it: take it and win.
    mine = [t for t in continent("north_america") + continent("africa") if t != "egito"]
    game = make({0: mine}, armies={"sudao": 30}, objectives={0: "north_america_africa"})
    play_turn(game, make_bot(level, 1))
    assert any(
        e["action"]["type"] == "attack" and e["action"]["target"] == "egito" for e in game.log
    )
    assert game.phase == "over" and game.winner == 0


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_keeps_attacking_a_defended_continent_it_needs(level):
    # Asia and South America but Venezuela, held with 8 against the bot's 60 in Mexico.
    mine = [t for t in continent("asia") + continent("south_america") if t != "venezuela"]
    game = make(
        {0: [*mine, "mexico"], 1: ["venezuela"]},
        armies={"mexico": 60, "venezuela": 8},
        objectives={0: "asia_south_america"},
    )
    play_turn(game, make_bot(level, 2))
    assert any(e["action"].get("target") == "venezuela" for e in game.log)
    assert game.winner == 0


# ---------------------------------------------------------------- no peeking
def hidden_variant(swap: int) -> Game:
    """One public position; the hidden parts (others' objectives and hands, the deck order,
    the dice to come) depend on ``swap``."""
    objectives = [
        {0: "asia_africa", 1: "territories_24", 2: "destroy_preto"},
        {0: "asia_africa", 1: "north_america_oceania", 2: "territories_18_x2"},
    ][swap]
    hands = [
        {
            0: [CARD["brasil"], CARD["china"]],
            1: [CARD["peru"], 42, CARD["india"]],
            2: [CARD["egito"]],
        },
        {
            0: [CARD["brasil"], CARD["china"]],
            1: [CARD["congo"], CARD["omsk"], 43],
            2: [CARD["japao"]],
        },
    ][swap]
    owner_seed = random.Random(99)
    held = {0: [], 1: [], 2: []}
    for t in sorted(
        continent("asia")
        + continent("africa")
        + continent("europe")
        + continent("north_america")
        + continent("south_america")
        + continent("oceania")
    ):
        held[owner_seed.randrange(3)].append(t)
    armies = {t: 1 + owner_seed.randrange(4) for t in sum(held.values(), [])}
    game = Game.scenario(
        "classic",
        seats(3),
        {t: s for s, ts in held.items() for t in ts},
        armies=armies,
        current=0,
        hands=hands,
        objectives=objectives,
        seed=1000 + 17 * swap,
    )
    # The deck in another order, but the cards we will draw ourselves (on top) the same.
    top = [CARD[t] for t in ("alasca", "sudao", "vietna", "moscou", "argentina", "borneu")]
    rest = [c for c in game.deck if c not in top]
    random.Random(swap).shuffle(rest)
    game.deck = rest + top
    assert game.check() == []
    return game


class Passive:
    """A scripted opponent that only reads the public board: all armies on its first
    territory, no attacks."""

    def choose(self, game: Game) -> Any:
        if game.pending_armies:
            t = game.territories_of(game.current)[0]
            return Place(t, game.available_for(t))
        return EndTurn()


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_decisions_do_not_depend_on_hidden_information(level):
    games = [hidden_variant(0), hidden_variant(1)]
    assert games[0].deck != games[1].deck and games[0].rng.state != games[1].rng.state
    assert games[0].view(0) == games[1].view(0)
    bots = [make_bot(level, 4), make_bot(level, 4)]
    dice = random.Random(5)
    chosen = []
    for _ in range(400):
        if games[0].phase == "over" or games[0].round > 3:
            break
        assert games[0].view(0) == games[1].view(0)
        if games[0].current == 0:
            a0, a1 = bot_action(bots[0], games[0]), bot_action(bots[1], games[1])
            assert a0 == a1
            chosen.append(a0)
        else:
            a0 = a1 = Passive().choose(games[0])
        rolls = None
        if isinstance(a0, Attack):
            att = games[0].attack_dice_max(a0.source) if a0.dice is None else a0.dice
            dfn = min(3, games[0].armies[a0.target])
            rolls = (
                [dice.randint(1, 6) for _ in range(att)],
                [dice.randint(1, 6) for _ in range(dfn)],
            )
        games[0].apply(a0, rolls=rolls)
        games[1].apply(a1, rolls=rolls)
    assert len(chosen) > 5
    assert any(isinstance(a, Attack) for a in chosen)


# ---------------------------------------------------------------- tournament
def test_short_tournament_has_the_documented_shape():
    result = tournament(21, seed=3, levels=["normal", "easy", "easy"])
    assert result["games"] == 21 and result["players"] == 3
    assert result["levels_in_turn_order"] == ["normal", "easy", "easy"]
    assert isinstance(result["mean_rounds"], float) and result["unfinished"] >= 0
    assert set(result["levels"]) == {"normal", "easy"}
    wins = 0
    for level, seats_of in (("normal", 1), ("easy", 2)):
        row = result["levels"][level]
        assert row["seats"] == seats_of and row["of"] == 21 * seats_of
        low, high = row["ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert row["win_rate"] == round(row["wins"] / (21 * seats_of), 4)
        assert 0 < row["turn_ms_p50"] <= row["turn_ms_p95"] <= row["turn_ms_max"]
        # Every decision was thought chunk by chunk, as the page drives it.
        assert row["chunks"] >= row["turns"] > 0
        assert 0 <= row["chunk_ms_p99"] <= row["chunk_ms_max"] <= row["turn_ms_max"] + 1
        # Turn order rotated: the level moved first, second and third equally often.
        assert [p["of"] for p in row["by_position"]] == [7 * seats_of] * 3
        assert sum(p["wins"] for p in row["by_position"]) == row["wins"]
        wins += row["wins"]
    assert wins + result["unfinished"] == 21
    assert sum(p["wins"] for p in result["positions"]) == wins
    assert all(p["of"] == 21 for p in result["positions"])
    # Where each level wins: by the objective it was dealt and by the game's length.
    for level, seats_of in (("normal", 1), ("easy", 2)):
        row = result["levels"][level]
        for split in ("by_objective", "by_length"):
            assert sum(x["of"] for x in row[split].values()) == 21 * seats_of
            assert sum(x["wins"] for x in row[split].values()) == row["wins"]
        assert set(row["by_length"]) <= {"1-4", "5-9", "10-14", "15-19", "20+"}
        assert 0 <= row["eliminated"] < 21 * seats_of


def test_two_recorded_runs_pair_up_game_by_game(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    tournament(4, seed=5, levels=["normal", "easy", "easy"], record=str(first))
    tournament(4, seed=5, levels=["normal", "easy", "easy"], record=str(second))
    games = [json.loads(line) for line in first.read_text().splitlines()]
    assert [g["game"] for g in games] == [0, 1, 2, 3]
    assert all(g["levels"].count("normal") == 1 and "chunk_bins" not in g for g in games)
    same = pair_records(str(first), str(second), "normal")
    assert same["games"] == 4 and same["difference"] == 0 and same["difference_sd"] == 0
    # One game won the other way round in the second record: it counts as turned.
    changed = [dict(g) for g in games]
    g = changed[0]
    g["winner"] = (
        next(k for k, lv in enumerate(g["levels"]) if lv != "normal")
        if (g["winner"] is not None and g["levels"][g["winner"]] == "normal")
        else g["levels"].index("normal")
    )
    second.write_text("".join(json.dumps(x) + "\n" for x in changed))
    paired = pair_records(str(first), str(second), "normal")
    assert paired["turned_to_second"] + paired["turned_to_first"] == 1
    assert abs(paired["difference"]) == 1 and paired["difference_sd"] == 1.0
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["pair", str(first), str(second), "--level", "normal"]) == 0
    assert json.loads(out.getvalue()) == paired
    other = tmp_path / "c.jsonl"
    tournament(4, seed=6, levels=["normal", "easy", "easy"], record=str(other))
    with pytest.raises(WarError, match="share no game"):
        pair_records(str(first), str(other), "normal")
    # Several runs joined into one file a side pair up by each game's own seed.
    joined = tmp_path / "joined.jsonl"
    joined.write_text(first.read_text() + other.read_text())
    both = pair_records(str(joined), str(joined), "normal")
    assert both["games"] == 8 and both["difference"] == 0
    moved = tmp_path / "moved.jsonl"
    tournament(4, seed=5, levels=["easy", "normal", "easy"], record=str(moved))
    with pytest.raises(WarError, match="not the same game"):
        pair_records(str(first), str(moved), "normal")
    twice = tmp_path / "twice.jsonl"
    twice.write_text(first.read_text() * 2)
    with pytest.raises(WarError, match="twice"):
        pair_records(str(first), str(twice), "normal")
    brasil = tmp_path / "brasil.jsonl"  # the same seeds on another board: other games
    tournament(4, seed=5, levels=["normal", "easy", "easy"], variant="brasil", record=str(brasil))
    with pytest.raises(WarError, match="not the same game"):
        pair_records(str(first), str(brasil), "normal")
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"game": 0}\n')
    with pytest.raises(WarError, match="not a tournament record"):
        pair_records(str(first), str(foreign), "normal")


def test_weights_reach_the_hard_bots_alone_and_bad_ones_are_refused(tmp_path):
    _, by_seat, bots = new_match(["hard", "normal", "hard"], 9, weights={"risk": 9.0})
    for level, bot in zip(by_seat, bots, strict=True):
        assert getattr(bot, "weights", None) == ({"risk": 9.0} if level == "hard" else None)
    assert make_bot("hard", 1).weights == {}  # the class's own weights stay as they are
    levels = ["hard", "normal", "normal"]
    runs = {}
    for name, weights in (("plain", None), ("none", {}), ("odd", {"risk": 40.0, "alpha": 0.0})):
        record = tmp_path / f"{name}.jsonl"
        result = tournament(3, seed=4, levels=levels, record=str(record), weights=weights)
        assert result["weights"] == (weights or {})
        runs[name] = [
            (g["winner"], g["rounds"], g["actions"]) for g in map(json.loads, record.open())
        ]
    assert runs["none"] == runs["plain"]
    assert runs["odd"] != runs["plain"]  # the same deals played by another hard bot
    assert parse_weights(" gamma=3 ,beta=0.25,") == {"gamma": 3.0, "beta": 0.25}
    for bad in ("gamma", "shoe=3", "gamma=lots", "risk=nan", "risk=inf"):
        with pytest.raises(WarError, match="name=value|unknown weights|not a number|finite"):
            parse_weights(bad)
    with pytest.raises(WarError, match="unknown weights"):
        tournament(1, levels=levels, weights={"shoe": 1.0})
    line = json.loads((tmp_path / "odd.jsonl").open().readline())
    assert line["weights"] == {"risk": 40.0, "alpha": 0.0} and line["variant"] == "classic"
    out = io.StringIO()
    with redirect_stdout(out):
        main(["tournament", "--games", "1", "--levels", "hard,easy,easy", "--weights", "r=2"])
    assert json.loads(out.getvalue())["weights"] == {"r": 2.0}


@pytest.mark.parametrize(
    ("variant", "players"),
    [("classic", 3), ("classic", 6), ("war2", 3), ("war2", 5), ("brasil", 4)],
)
def test_the_level_asked_to_move_first_moves_first(variant, players):
    levels = ["hard", "normal", *["easy"] * (players - 2)]
    for i in range(players):
        turn_order = seat_levels(levels, i)
        result = play_match(turn_order, 40 + i, variant, round_cap=1)
        first = result["first_player"]
        assert result["positions"] == turn_order
        assert [result["levels"][(first + k) % players] for k in range(players)] == turn_order


def test_a_game_cut_by_the_round_cap_has_no_winner():
    result = tournament(3, seed=1, levels=["easy", "easy", "easy"], round_cap=2)
    assert result["unfinished"] == 3 and result["round_cap"] == 2
    assert all(row["wins"] == 0 for row in result["levels"].values())


def test_tournament_command_prints_one_json_object():
    out = io.StringIO()
    with redirect_stdout(out):
        assert (
            main(["tournament", "--games", "3", "--seed", "2", "--levels", "easy,normal,easy"]) == 0
        )
    data = json.loads(out.getvalue())
    assert data["games"] == 3 and set(data["levels"]) == {"easy", "normal"}


def test_tournament_rotates_turn_order_and_refuses_bad_input():
    assert [seat_levels(["hard", "normal", "easy"], i) for i in range(3)] == [
        ["hard", "normal", "easy"],
        ["easy", "hard", "normal"],
        ["normal", "easy", "hard"],
    ]
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    from pywar.errors import WarError

    with pytest.raises(WarError):
        tournament(2, levels=["easy", "easy"], players=3)
    with pytest.raises(WarError):
        tournament(2, levels=["easy", "nobody", "easy"])
    with pytest.raises(WarError, match="unknown options"):
        tournament(2, levels=["easy"] * 3, options={"information_centres": True})


def test_the_largest_danger_is_a_score_term_off_unless_weighted():
    """``d_max`` weighs the largest of the others' dangers (``danger_max`` in the fit's
    terms); with no weight the score is the same."""
    from pywar.ai.belief import Belief
    from pywar.ai.core import Position
    from pywar.ai.evaluate import Evaluator

    game, bots = new_game(["normal", "normal", "normal"], 5)
    play(game, bots, 60)
    pos = Position.from_view(game.view(game.current))
    belief = Belief(pos)
    hyps = {o: belief.hypotheses(pos, o) for o in range(pos.nplayers) if o != pos.me}
    terms: dict[str, float] = {}
    base = Evaluator(pos, hyps)._score(pos.owner, pos.armies, False, terms=terms)[0]
    assert 0.0 < terms["danger_max"] <= terms["danger"]
    assert Evaluator(pos, hyps, {"d_max": 0.0})(pos.owner, pos.armies) == base
    weighted = Evaluator(pos, hyps, {"d_max": 10.0})(pos.owner, pos.armies)
    assert weighted == pytest.approx(base - 10.0 * terms["danger_max"])


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_tops_up_to_win_eighteen_with_two(level):
    # Every territory but Asia (40 armies in each: no attack pays), Asia's neighbours with
    # 2 armies, the 1-army rear six short of the 18 with 2: six of the 32 armies placed in
    # the rear win. The normal bots used to spread all on the front and never finish
    # (games stalled for 200 rounds).
    asia = continent("asia")
    mine = [t for t in TERRITORIES if t not in asia]
    front = [t for t in mine if any(u in asia for u in BOARD.neighbors[t])]
    armies = {t: 40 for t in asia}
    armies.update({t: 1 for t in mine})
    armies.update({t: 2 for t in front})
    rear_twos = 18 - len(front) - 6
    for t in [t for t in mine if t not in front][:rear_twos]:
        armies[t] = 2
    game = make({0: mine}, armies=armies, objectives={0: "territories_18_x2"})
    assert sum(1 for t in mine if armies[t] >= 2) == 12 and game.phase == "reinforce"
    play_turn(game, make_bot(level, 1))
    assert game.phase == "over" and game.winner == 0
