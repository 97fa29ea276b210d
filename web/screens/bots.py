"""The computers' turns: one bot per seat, step by step, speed, pause and fast-forward."""

from __future__ import annotations

import time
from typing import Any

from pywar.ai import LEVELS, make_bot

from icons import icon_button
from nodes import Node, button, h
from screens.common import BOT_DELAYS, PageBase

#: Seconds of thinking in a bot step past which its action waits for the next step.
APPLY_AFTER_THINKING = 0.005
#: What a screen reader hears of the computers' moves: whose turn it is, what they take
#: (WAR II's territories claimed too), who is knocked out, who wins. Each placement and
#: roll went to the live region too, some 16 lines in 6 seconds at the normal speed, each
#: taking seconds to speak: the person's own turn came buried under minutes of it. The log
#: and the history keep every line.
HEARD_WHILE_COMPUTERS_PLAY = frozenset(
    {"turn", "conquest", "eliminated", "victory", "claim", "claim_pair", "take_centre"}
)
#: Skipping to one's turn: only who is knocked out and who wins (the person's turn starts
#: with what they lost meanwhile).
HEARD_WHILE_SKIPPING = frozenset({"eliminated", "victory"})
#: WAR II's moves aimed at one seat, always heard when it is a person's: kind -> the field
#: naming the seat (bombed, spied on, its Information Centre captured).
AIMED_AT = {"air_attack": "defender", "spy": "target", "ci_captured": "ci"}


class BotTurns(PageBase):
    """The computers' turns (a mixin of :class:`viewmodel.App`)."""

    def bot_for(self, seat: int) -> Any:
        """The bot playing ``seat`` (one per seat, seeded from the game and the seat)."""
        g = self.game
        assert g is not None
        bot = self.bots.get(seat)
        if bot is None:
            kind = self.seats[seat]["kind"]
            if kind not in LEVELS:
                bot = self.bot
            else:
                bot = make_bot(kind, seed=int(g.setup.get("seed", 0)) * 7 + seat)
            self.bots[seat] = bot
        return bot

    def bot_delay(self) -> int:
        """Milliseconds before the next bot action (0 while thinking or fast-forwarding)."""
        if self.thinking is not None or self.fast_forward:
            return 0
        return BOT_DELAYS.get(self.speed, BOT_DELAYS["normal"])

    @property
    def bot_to_move(self) -> bool:
        """True when the adapter should schedule a bot step."""
        g = self.game
        return (
            self.screen == "play"
            and g is not None
            and g.phase != "over"
            and not self.paused
            and not self.conflict
            and self.curtain is None
            and self.is_bot(g.current)
        )

    def bot_step(self) -> bool:
        """Advance the bot whose turn it is by one chunk of thinking (about 8 ms) or
        play the action it chose; True while bots still have to move."""
        self.only_thought = False
        g = self.game
        if not self.bot_to_move or g is None:
            self.announce_lines = []
            self.thinking = None
            return False
        bot = self.bot_for(g.current)
        if not hasattr(bot, "think"):
            action = bot.choose(g)
        else:
            started = time.perf_counter()
            if self.thinking is None:
                self.thinking = bot.think(g)
            action = next(self.thinking)
            if action is None:  # a chunk of thought: nothing on the page has changed
                self.only_thought = True
                return True
            if time.perf_counter() - started > APPLY_AFTER_THINKING:
                # The last chunk took its time: the action and the page's update that
                # follows it go to a task of their own, so no task runs long.
                self.thinking = iter((action,))
                self.only_thought = True
                return True
            self.thinking = None
        self.announce_lines = []
        before = g.current
        events = g.apply(action)
        self.events_heard = self.heard_of_computers
        try:
            self.after_action(events, before)
        finally:
            self.events_heard = None
        if self.fast_forward and (not self.bot_to_move or not self.people_left()):
            # (a person knocked out while skipping to their turn: the rest is watched)
            self.fast_forward = False
        return self.bot_to_move

    def heard_of_computers(self, e: dict[str, Any]) -> bool:
        """Whether a computer's event ``e`` is read out (see :data:`HEARD_WHILE_COMPUTERS_PLAY`)."""
        kinds = HEARD_WHILE_SKIPPING if self.fast_forward else HEARD_WHILE_COMPUTERS_PLAY
        if e["type"] in kinds:
            return True
        if e["type"] == "turn" and e.get("player") in self.humans():
            return True  # "Round 3: Ana to play.", skipping or not
        seat = e.get(AIMED_AT.get(e["type"], ""))
        return isinstance(seat, int) and seat in self.humans()

    def people_left(self) -> list[int]:
        """The seats of people still in the game."""
        g = self.game
        return [i for i in self.humans() if g is None or g.players[i].alive]

    def on_speed(self, arg: str | None, _v: str | None) -> None:
        if arg in BOT_DELAYS:
            self.speed = arg
            self.store.set_pref("speed", arg)

    def on_pause(self, _a: str | None, _v: str | None) -> None:
        self.paused = not self.paused
        self.thinking = None

    def on_fast_forward(self, _a: str | None, _v: str | None) -> None:
        self.fast_forward = True
        self.paused = False

    def _bot_controls(self) -> Node:
        """Pause and fast-forward, then the speed, while the computers play (Pause first:
        the keyboard reaches it in the fewest Tabs from the map)."""
        people = self.humans()
        # the last person knocked out has no turn to skip to: they watch the rest
        watch = not self.people_left()
        hint = self.tr("watch_hint_out" if people else "watch_hint") if watch else None
        return h(
            "div",
            {"class": "bot-controls"},
            h("p", {"class": "hint"}, hint) if hint else None,
            h(
                "div",
                {"class": "btn-row"},
                icon_button(
                    "play",
                    self.tr("resume_bots"),
                    "pause",
                    cls="btn small primary",
                    text=self.tr("resume_bots"),
                )
                if self.paused
                else icon_button(
                    "pause", self.tr("pause"), "pause", cls="btn small", text=self.tr("pause")
                ),
                None
                if watch
                else button(
                    self.tr("fast_forward"),
                    "fast-forward",
                    cls="btn small",
                    disabled=self.fast_forward,
                ),
            ),
            h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": self.tr("speed_label")},
                [
                    button(
                        self.tr("speed_" + k), "speed", k, cls="btn small", pressed=self.speed == k
                    )
                    for k in BOT_DELAYS
                ],
            ),
        )
