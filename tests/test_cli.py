"""The command line, run as a user would: ``python -m pywar ...`` from the project folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pywar", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def run_json(*args: str):
    result = run(*args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_board_json_shape():
    data = run_json("board", "classic", "--json")
    territories, continents = data["territories"], data["continents"]
    assert len(territories) == 42 and len(continents) == 6
    for t in territories:
        assert {"id", "name", "continent", "neighbors"} <= set(t)
        assert isinstance(t["neighbors"], list) and t["neighbors"]
    for c in continents:
        assert {"id", "name", "bonus", "territories"} <= set(c)
    ids = {t["id"] for t in territories}
    assert all(n in ids for t in territories for n in t["neighbors"])
    assert {c["id"]: c["bonus"] for c in continents} == {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "oceania": 2,
    }
    assert sorted(t for c in continents for t in c["territories"]) == sorted(ids)
    by_id = {t["id"]: t for t in territories}
    assert by_id["brasil"]["name"] == "Brasil" and "argelia" in by_id["brasil"]["neighbors"]
    assert "vladivostok" in by_id["alasca"]["neighbors"]


def test_board_defaults_to_classic():
    assert run_json("board")["territories"] == run_json("board", "classic", "--json")["territories"]


def test_odds():
    data = run_json("odds", "10", "6")
    assert data["p_conquer"] == pytest.approx(0.486, abs=0.0005)
    assert data["attackers"] == 10 and data["defenders"] == 6


def test_simulate():
    data = run_json(
        "simulate", "--variant", "classic", "--players", "6", "--games", "3", "--seed", "1"
    )
    assert {"games", "finished", "wins_by_objective", "mean_rounds", "games_per_second"} <= set(
        data
    )
    assert data["games"] == 3 and 0 <= data["finished"] <= 3
    assert sum(data["wins_by_objective"].values()) == data["finished"]
    assert data["mean_rounds"] >= 1
    again = run_json(
        "simulate", "--variant", "classic", "--players", "6", "--games", "3", "--seed", "1"
    )
    assert again["wins_by_objective"] == data["wins_by_objective"]
    assert again["mean_rounds"] == data["mean_rounds"]


def test_simulate_counts_every_objective_card_and_jobs_change_nothing():
    args = (
        "simulate",
        "--variant",
        "mitologicas",
        "--players",
        "4",
        "--games",
        "6",
        "--seed",
        "74",
    )
    one = run_json(*args, "--jobs", "1")
    two = run_json(*args, "--jobs", "2")
    assert {k: v for k, v in one.items() if k != "games_per_second"} == {
        k: v for k, v in two.items() if k != "games_per_second"
    }
    cards = one["by_card"]
    assert sum(c["dealt"] for c in cards.values()) == 6 * 4
    assert sum(c["wins"] for c in cards.values()) == one["finished"]
    # A card's ratio is its holders' win rate over a seat's average (finished / seats).
    for c in cards.values():
        assert c["ratio"] == round(c["wins"] / c["dealt"] / (one["finished"] / 24), 3)
    assert one["max_ratio"] == max(c["ratio"] for c in cards.values())


def test_bench():
    data = run_json("bench", "--games", "2")
    assert "attack_over_dice_ratio" in data
    assert isinstance(data["attack_over_dice_ratio"], (int, float))
    assert data["attack_over_dice_ratio"] > 0
    odds = data["odds_ms"]  # the page's odds, each battle timed (figures, not limits)
    assert set(odds) >= {"odds_400v700", "outlook_9000v4300"} and "odds_9000v4300" not in odds
    assert all(isinstance(ms, float) and ms >= 0 for ms in odds.values())


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--variant", "atlantida", "--games", "1"),
        ("board", "atlantida"),
        ("odds", "0", "3"),
        ("simulate", "--players", "9", "--games", "1"),
    ],
)
def test_bad_input_exits_non_zero_with_a_message(args):
    result = run(*args)
    assert result.returncode != 0
    assert result.stderr.strip() and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_unknown_variant_message_names_it():
    result = run("simulate", "--variant", "atlantida", "--games", "1")
    assert "atlantida" in result.stderr and "classic" in result.stderr


def test_unknown_command_exits_non_zero():
    result = run("fly")
    assert result.returncode != 0 and result.stderr


def test_sizes_prints_save_sizes_by_round():
    data = run_json("sizes", "--games", "2")
    assert data["limit"] == 16 * 1024
    six = data["classic_6p"]
    assert set(six) == {"round_10", "round_20", "round_30"}
    assert six["round_10"]["games"] == 2
    assert 0 < six["round_10"]["max"] < six["round_10"]["max_v1"]
    assert {"war2_6p", "mitologicas_4p", "brasil_6p"} <= set(data)


def test_fuzz_prints_its_figures_and_exits_zero():
    data = run_json("fuzz", "--games", "2", "--saves", "6", "--seed", "3", "--cap", "60")
    assert data["games"] == 2 and data["saves_tried"] == 6 and data["failures"] == 0
    assert data["saves_refused"] + data["saves_loaded"] == 6
    assert data["actions_checked"] > 0


def test_fuzz_exits_one_on_a_failure_and_two_on_bad_input(monkeypatch, capsys):
    import pywar.fuzz
    from pywar.__main__ import main

    monkeypatch.setattr(pywar.fuzz, "fuzz", lambda *a, **k: {"failures": 1})
    assert main(["fuzz"]) == 1
    assert json.loads(capsys.readouterr().out) == {"failures": 1}
    result = run("fuzz", "--case", "nothing:1")
    assert result.returncode == 2 and "game:SEED" in result.stderr
