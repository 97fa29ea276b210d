"""``python -m pywar board validate FILE``: what someone adding a board is told."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pywar.__main__ import main
from pywar.board import BOARD_DIR, board_path, validate_board_file


@pytest.mark.parametrize(
    "path", sorted(BOARD_DIR.glob("*/board.json")), ids=lambda p: p.parent.name
)
def test_every_shipped_board_is_sound(path: Path, capsys) -> None:
    assert main(["board", "validate", str(path)]) == 0
    assert "ok, board" in capsys.readouterr().out


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "myboard.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_broken_json_names_line_and_column(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, '{"id": "x",\n "continents": [}')
    assert main(["board", "validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2:" in err and "not valid JSON" in err and "1 problem found" in err


def test_each_problem_is_named(tmp_path: Path, capsys) -> None:
    raw = json.loads(board_path("classic").read_text(encoding="utf-8"))
    raw["borders"].append(["alasca", "atlantida"])
    raw["territories"][1]["continent"] = "lemuria"
    path = write(tmp_path, json.dumps(raw))
    assert main(["board", "validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "territory mackenzie is in no known continent" in err
    assert "['alasca', 'atlantida'] names an unknown territory" in err
    assert "2 problems found" in err


def test_a_board_names_itself_in_both_languages(tmp_path: Path, capsys) -> None:
    raw = json.loads(board_path("classic").read_text(encoding="utf-8"))
    raw["short_name"] = {"pt": "WAR clássico"}
    path = write(tmp_path, json.dumps(raw))
    assert main(["board", "validate", str(path)]) == 1
    assert '"short_name" must give the board\'s name in "pt" and "en"' in capsys.readouterr().err


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"id": "x"}',
        '{"id": "x", "continents": [1], "territories": ["a"]}',
        '{"id": "a b", "continents": [], "territories": [], "borders": "none"}',
    ],
)
def test_wrong_shapes_are_refused_in_words_not_tracebacks(tmp_path: Path, text: str) -> None:
    problems = validate_board_file(write(tmp_path, text))
    assert problems and all(p.startswith(str(tmp_path)) for p in problems)


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    assert "cannot read the file" in validate_board_file(tmp_path / "nope.json")[0]
