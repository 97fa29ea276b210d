"""``python -m pywar swap``: the tournament's games, played on from one round with a level
and with another in its seat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pywar.errors import WarError
from pywar.swap import play_to_swap, swap, swap_match, swap_seat
from pywar.tournament import derive, name_seats, new_match, seat_levels, tournament


def test_the_games_are_the_tournaments(tmp_path: Path):
    """Swapped at a round no game reaches, each game is played to its end as the
    tournament plays it: the same winner, game by game."""
    levels = ["normal", "easy", "easy"]
    record = tmp_path / "r.jsonl"
    tournament(games=4, seed=5, levels=levels, record=str(record))
    winners = [json.loads(line)["winner"] for line in record.read_text().splitlines()]
    for i, winner in enumerate(winners):
        r = swap_match(seat_levels(levels, i), derive(5, i), "classic", None, "normal", "easy",
                       201, 1)  # fmt: skip
        assert r["reached"] == "over" and r["winner"] == winner


@pytest.mark.parametrize(("variant", "round_"), [("classic", 2), ("war2", 1), ("brasil", 3)])
def test_the_swap_comes_at_the_start_of_the_seats_turn(variant: str, round_: int):
    """The seat is the level's first in turn order; the swap comes at the start of its
    turn in that round (WAR II: after the claims), before it placed anything."""
    game, by_seat, bots = new_match(["easy", "normal", "normal"], derive(11, 0), variant)
    name_seats(game, by_seat)
    seat = swap_seat(game, by_seat, "normal")
    assert by_seat[seat] == "normal"
    assert by_seat[(game.first_player + 1) % 3] == "normal"  # easy moves first: normal next
    assert play_to_swap(game, bots, seat, round_, 200) == "swap"
    assert game.round == round_ and game.current == seat
    assert not game.setup_in_progress()
    assert game.phase == "reinforce"
    assert game.pending_armies == sum(game.reinforcements_due(seat).values()) > 0  # none placed


def test_a_knocked_out_seat_is_counted_apart():
    """A seat knocked out before the round of the swap is neither a position nor a game
    over before it."""
    game, by_seat, bots = new_match(["easy", "hard", "hard"], derive(3, 1), "classic")
    name_seats(game, by_seat)
    seat = swap_seat(game, by_seat, "easy")
    game.players[seat].alive = False  # as if knocked out
    assert play_to_swap(game, bots, seat, 5, 200) == "out"


def test_a_level_swapped_for_itself_plays_the_same_games():
    """The two sides of a replay share the dice generator and the other bots, and a bot of
    the same level takes over the seat's memory: hard in the place of hard plays exactly
    the same replays; the replays of one position differ by their dice; an easy bot in
    a normal's place wins or loses other replays."""
    levels = ["hard", "normal", "normal"]
    same = swap_match(levels, derive(2, 0), "classic", None, "hard", "hard", 3, 2)
    assert same["reached"] == "swap"
    assert same["level"] == same["other"]
    assert same["level"][0] != same["level"][1]  # other dice, another game
    other = swap(games=6, seed=2, levels=["normal", "easy", "easy"], level="normal",
                 other="easy", round_=3, replays=2)  # fmt: skip
    assert other["positions"] + other["over_before"]["games"] + other["out_before"] == 6
    assert other["with_level"]["of"] == other["with_other"]["of"] == 2 * other["positions"]
    assert other["difference_sd"] is not None and other["difference_sd"] > 0


def test_it_is_deterministic_and_refuses_what_it_cannot_play():
    args = dict(games=2, seed=9, levels=["normal", "easy", "easy"], level="normal", round_=2,
                replays=1)  # fmt: skip
    first, again = swap(**args), swap(**args)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    with pytest.raises(WarError, match="plays no seat"):
        swap(games=1, levels=["normal", "normal", "normal"], level="hard")
    with pytest.raises(WarError, match="unknown bot level 'grandmaster'"):
        swap(games=1, other="grandmaster")
    with pytest.raises(WarError, match="unknown bot level 'chess'"):
        swap(games=1, level="chess")
    with pytest.raises(WarError, match="at least one"):
        swap(games=1, replays=0)


def test_the_command_prints_the_figures():
    out = subprocess.run(
        [sys.executable, "-m", "pywar", "swap", "--games", "1", "--seed", "4", "--round", "2",
         "--replays", "1", "--variant", "brasil", "--levels", "normal", "--players", "3",
         "--level", "normal", "--as", "easy"],
        capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    figures = json.loads(out.stdout)
    assert figures["variant"] == "brasil" and figures["other"] == "easy"
    assert figures["levels_in_turn_order"] == ["normal"] * 3
    assert figures["positions"] + figures["over_before"]["games"] + figures["out_before"] == 1
