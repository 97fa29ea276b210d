"""Issue 17, what a player notices in the first minutes: the log after a reload, what a blitz
did, trades, the paused bots, the remembered setup, the chart, the replay and the rules of
every variant (view model, no browser)."""

from __future__ import annotations

from typing import Any

import pytest

from pywar.variants import VARIANTS, get_variant

from saves import MemoryStorage
from viewmodel import App, find, text_of


def bots_game(variant: str, seed: int = 3, storage: MemoryStorage | None = None) -> App:
    """A game of simple bots of ``variant`` started from the new-game form."""
    app = App(storage or MemoryStorage())
    app.dispatch("variant", variant)
    for seat in app.form["seats"]:
        seat["kind"] = "bot"
    app.dispatch("seed", None, str(seed))
    app.dispatch("start")
    assert app.game is not None
    return app


def play_rounds(app: App, rounds: int, cap: int = 20000) -> None:
    """Let the bots play until round ``rounds`` starts (or the game ends)."""
    steps = 0
    while app.bot_to_move and app.game.round < rounds and steps < cap:
        app.bot_step()
        steps += 1


def chart_lines(app: App) -> list[dict[str, Any]]:
    app.dispatch("screen", "stats")
    return find(app.render()["overlay"], lambda n: n["tag"] == "polyline")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_statistics_chart_has_a_point_per_round_in_every_variant(variant):
    app = bots_game(variant)
    play_rounds(app, 5)
    g = app.game
    assert g.round >= 4 or g.phase == "over"
    lines = chart_lines(app)
    assert len(lines) == len(g.players)
    for line in lines:
        points = line["attrs"]["points"].split()
        assert len(points) == len(g.timeline) >= 3, variant
    assert [p["round"] for p in g.timeline] == list(range(1, g.round + 1))
    territories = len(get_variant(variant).board.territories)
    assert all(sum(p["territories"]) == territories for p in g.timeline)
    # the figures under the lines are the game's own at each round start
    first = g.timeline[0]
    assert first["armies"] != g.timeline[-1]["armies"]


def test_a_variant_cannot_skip_the_round_snapshot():
    from pywar.game import Game

    with pytest.raises(TypeError, match="_begin_turn"):
        class Careless(Game):  # noqa: F841 - defining it is the test
            def _start_turn(self, events: list[dict[str, Any]]) -> None:
                self.phase = "reinforce"


def air_bases(view: dict[str, Any]) -> dict[str, str]:
    """The bombers each colour's air base shows on the board."""
    marks = view["board"].get("marks", {})
    return {sel.split('"')[1]: spec["text"] for sel, spec in marks.items()
            if sel.startswith(".air-base")}


def test_the_replay_shows_the_air_bases_of_the_step_it_replays():
    app = bots_game("war2", seed=4)
    play_rounds(app, 4)
    g = app.game
    live = air_bases(app.render())
    assert live == {p.color: str(g.bombers[i]) for i, p in enumerate(g.players)} | {
        c: "" for c in g.board.raw["colors"] if c not in {p.color for p in g.players}}
    assert any(b > 0 for b in g.bombers)
    app.dispatch("screen", "history")
    app.dispatch("replay-start")
    at_start = air_bases(app.render())
    assert {at_start[p.color] for p in g.players} == {"0"}  # nobody had bombers yet
    # step on to the first turn that brought bombers: the bases show that step's count
    while not any(app.replay["game"].bombers):
        app.dispatch("replay-step", "next")
    shown = app.replay["game"]
    bases = air_bases(app.render())
    assert [bases[p.color] for p in g.players] == [str(b) for b in shown.bombers]
    assert shown.bombers != g.bombers
    # a centre's marker shows its holder at that step too
    centre = next(iter(g.rules.centres))
    marks = app.render()["board"]["marks"]
    owner = shown.owner.get(centre)
    assert marks[f'.ce[data-ce="{centre}"]']["attrs"]["data-owner"] == (
        None if owner is None else g.players[owner].color)


def log_lines(app: App) -> list[str]:
    """The lines of the game log panel (the last moves)."""
    (box,) = find(app.render()["panel"], lambda n: n["attrs"].get("class") == "log-lines")
    return [text_of(li) for li in box["children"]]


@pytest.mark.parametrize("variant", ["classic", "war2"])
def test_the_game_log_is_rebuilt_after_a_reload(variant):
    storage = MemoryStorage()
    app = bots_game(variant, seed=5, storage=storage)
    play_rounds(app, 3)
    app.paused = True
    before = log_lines(app)
    assert len(before) == 8 and all(before)
    again = App(storage)  # the page reloaded: the current game resumes
    assert again.game is not None and again.game.to_json() == app.game.to_json()
    again.paused = True
    assert log_lines(again) == before
    # and in the other language, the same moves in its words
    again.dispatch("lang", "en")
    english = log_lines(again)
    assert len(english) == 8 and english != before
    assert any(app.name(app.game.current) in line for line in english)
