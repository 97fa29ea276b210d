"""``python -m pywar swap``: the tournament's games, played on from one round with a level
and with another in its seat."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pywar.errors import WarError
from pywar.swap import swap
from pywar.tournament import tournament


def test_the_games_are_the_tournaments():
    """Swapped at a round no game reaches, every game is played to its end as the
    tournament plays it: the level wins the same games."""
    seen = swap(games=3, seed=5, levels=["hard", "normal", "normal"], round_=200)
    played = tournament(games=3, seed=5, levels=["hard", "normal", "normal"])
    assert seen["over_before"]["games"] == 3 and seen["positions"] == 0
    assert seen["over_before"]["level_wins"] == played["levels"]["hard"]["wins"]


def test_a_level_swapped_for_itself_plays_the_same_games():
    """The two sides of a replay share the dice and the other bots: a normal bot in the
    place of a normal bot (which keeps no memory) wins exactly the same replays; an easy
    one in its place does not."""
    same = swap(
        games=3, seed=2, levels=["normal", "easy", "easy"], level="normal", other="normal",
        round_=3, replays=2,
    )  # fmt: skip
    assert same["positions"] == 3
    assert same["with_level"] == same["with_other"]
    assert same["difference"] == 0 and same["difference_sd"] == 0.0
    other = swap(
        games=6, seed=2, levels=["normal", "easy", "easy"], level="normal", other="easy",
        round_=3, replays=2,
    )  # fmt: skip
    assert other["positions"] + other["over_before"]["games"] == 6
    assert other["with_level"]["of"] == other["with_other"]["of"] == 2 * other["positions"]
    assert other["difference_sd"] > 0  # the easy bot lost or won other replays


def test_it_is_deterministic_and_refuses_what_it_cannot_play():
    args = dict(games=2, seed=9, levels=["hard", "normal", "normal"], round_=2, replays=1)
    first, again = swap(**args), swap(**args)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    with pytest.raises(WarError, match="plays no seat"):
        swap(games=1, levels=["normal", "normal", "normal"], level="hard")
    with pytest.raises(WarError, match="unknown bot level"):
        swap(games=1, other="grandmaster")
    with pytest.raises(WarError, match="at least one"):
        swap(games=1, replays=0)


def test_the_command_prints_the_figures():
    out = subprocess.run(
        [sys.executable, "-m", "pywar", "swap", "--games", "1", "--seed", "4", "--round", "2",
         "--replays", "1", "--variant", "brasil"],
        capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    figures = json.loads(out.stdout)
    assert figures["variant"] == "brasil" and figures["level"] == "hard"
    assert figures["positions"] + figures["over_before"]["games"] == 1
