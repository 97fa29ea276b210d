"""The history screen and the step-by-step replay."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pywar.actions import Action
from pywar.game import Game

from icons import icon_button
from nodes import Node, button, h
from screens.common import PageBase


class HistoryScreen(PageBase):
    """The history screen and the step-by-step replay (a mixin of :class:`viewmodel.App`)."""

    # history: replay a game step by step from its log
    def on_replay_start(self, _a: str | None, _v: str | None) -> None:
        if self.game is not None:
            self.replay = {"step": 0}
            self.screen = "replay"
            self.whole_map += 1  # the replay starts on the whole map
            self._replay_goto(0)
            self.request_focus("action", "replay-step", "next")  # the keyboard steps on

    def on_replay_step(self, arg: str | None, _v: str | None) -> None:
        if self.replay is None or self.game is None:
            return
        last = len(self.game.log)
        step = self.replay["step"]
        target = {"first": 0, "prev": step - 1, "next": step + 1, "last": last}.get(arg or "")
        if target is None:
            return
        self._replay_goto(max(0, min(last, target)))
        step = self.replay["step"]
        # a screen reader heard nothing of a step: where it is, then what it did
        where = self.tr("replay_step_said", step=step, last=last, round=self.replay["game"].round)
        self.say(" ".join([where, *self.replay["lines"]]))
        # the button pressed went grey at either end: the keyboard stays on a live one
        if arg in ("first", "prev") and step == 0 and last:
            self.request_focus("action", "replay-step", "next")
        elif arg in ("next", "last") and step >= last and last:
            self.request_focus("action", "replay-step", "prev")

    def _replay_goto(self, step: int) -> None:
        """Show the game after the log's first ``step`` entries, with the last one's events.
        A step on from the one shown plays one entry on the game shown; any other step
        replays the log from the start (a round of big stacks' blitzes logs tens of
        thousands of rolls: each step replayed them all, twice)."""
        g = self.game
        assert g is not None and self.replay is not None
        shown = self.replay.get("game")
        events: list[dict[str, Any]] = []
        if step == 0:
            replayed = Game.replay(g.setup, g.log, upto=0)
        else:
            if (
                shown is not None
                and self.replay["step"] == step - 1
                and self.replay.get("log") == len(g.log)  # (the game did not move on)
            ):
                replayed = shown  # (a step on: the game shown is left behind)
            else:
                replayed = Game.replay(g.setup, g.log, upto=step - 1)
            entry = g.log[step - 1]
            rolls = entry.get("rolls")
            events = replayed.apply(
                Action.from_dict(entry["action"]), rolls=(rolls[0], rolls[1]) if rolls else None
            )
        lines = [x for x in (self.describe_event(e) for e in events) if x]
        if step and not lines and g.log[step - 1]["action"].get("type") == "end_attack":
            # (the step said nothing, on the screen or to a screen reader)
            lines = [self.tr("replay_end_attack", name=self.name(replayed.current))]
        self.replay = {
            "step": step,
            "game": replayed,
            "log": len(g.log),
            "lines": lines,
            "marks": step_marks(events, replayed.board.territories),
        }

    def _history_screen(self) -> Node:
        lines = self.history_lines(group_battles=True)
        return h(
            "section",
            {"class": "screen history", "aria-labelledby": "history-title"},
            h("h2", {"id": "history-title"}, self.tr("history_title")),
            h(
                "div",
                {"class": "btn-row"},
                button(self.tr("replay_start"), "replay-start", cls="btn primary"),
            ),
            h(
                "ol",
                {"class": "history-lines", "tabindex": "0", "aria-labelledby": "history-title"},
                [h("li", {}, x) for x in lines],
            ),
        )

    def _replay_panel(self) -> Node:
        assert self.replay is not None and self.game is not None
        step, last = self.replay["step"], len(self.game.log)
        shown = self.replay["game"]
        return h(
            "div",
            {"class": "panel-inner replay"},
            h("h2", {}, self.tr("replay_title")),
            h(
                "p",
                {"class": "replay-step"},
                self.tr("replay_step", step=step, last=last, round=shown.round),
            ),
            h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": self.tr("replay_title")},
                icon_button(
                    "first", self.tr("replay_first"), "replay-step", "first", disabled=step == 0
                ),
                icon_button(
                    "prev", self.tr("replay_prev"), "replay-step", "prev", disabled=step == 0
                ),
                icon_button(
                    "next",
                    self.tr("replay_next"),
                    "replay-step",
                    "next",
                    cls="btn primary",
                    disabled=step >= last,
                ),
                icon_button(
                    "last", self.tr("replay_last"), "replay-step", "last", disabled=step >= last
                ),
                # in the row: under the step's lines it fell below a phone's fold
                button(self.tr("replay_exit"), "screen", "play", cls="btn"),
            ),
            h("ul", {"class": "replay-lines"}, [h("li", {}, x) for x in self.replay["lines"]]),
        )


def step_marks(events: list[dict[str, Any]], territories: Collection[str]) -> dict[str, str]:
    """The territories a replayed step touched, marked on the map as a turn marks them: where
    armies came from ("source") and where they went or fought ("target").

    >>> step_marks([{"type": "battle", "source": "brasil", "target": "peru"}], {"brasil", "peru"})
    {'brasil': 'source', 'peru': 'target'}
    """
    marks: dict[str, str] = {}
    for e in events:
        for key, state in (("source", "source"), ("target", "target"), ("territory", "target")):
            t = e.get(key)
            if isinstance(t, str) and t in territories:
                marks.setdefault(t, state)
        for t in e.get("territories") or ():
            if isinstance(t, str) and t in territories:
                marks.setdefault(t, "target")
    return marks
