"""Blitz: attack again and again until a conquest, the chosen floor or a stop."""

from __future__ import annotations

import math
from typing import Any

from pywar.actions import Attack

from screens.common import PageBase

#: A blitz longer than this many of the page's ticks (some 120 ms each) rolls several
#: times a tick: two stacks of thousands took minutes, roll by roll.
BLITZ_TICKS = 40


class Blitz(PageBase):
    """Blitz (a mixin of :class:`viewmodel.App`)."""

    # blitz, undo
    def on_blitz_floor(self, _a: str | None, value: str | None) -> None:
        if value and value.isdigit() and int(value) >= 1:
            self.blitz_floor = int(value)

    def floor_for(self, source: str) -> int:
        """The floor a blitz from ``source`` stops at: the one chosen, or, where the stack
        is no bigger than it (a floor kept from a bigger stack), its armies less one, as
        the panel shows it selected."""
        assert self.game is not None
        return max(1, min(self.blitz_floor, self.game.armies[source] - 1))

    def on_blitz(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.source and self.target and self.game.phase == "attack":
            if self.taps_wanted():  # Blitz gives way to Stop: the next key stops it
                self.request_focus("action", "stop")
            self.blitz_report = None
            self.battle = None  # the dice of an earlier battle are not this blitz's
            floor = self.floor_for(self.source)
            # each roll of three dice against three costs the two sides three armies: the
            # rolls the blitz would take if it ran until neither side could go on
            rolls = (self.game.armies[self.source] - floor + self.game.armies[self.target]) / 3
            self.blitz = {
                "source": self.source,
                "target": self.target,
                "floor": floor,
                "pace": max(1, math.ceil(rolls / BLITZ_TICKS)),
                "rolls": 0,
                "lost": 0,
                "killed": 0,
            }

    def on_stop(self, _a: str | None, _v: str | None) -> None:
        if self.blitz is not None:
            self._end_blitz("stopped")

    def blitz_pace(self) -> int:
        """Rolls of the running blitz a tick of the page plays: one, or several when the
        stacks could take more than :data:`BLITZ_TICKS` ticks roll by roll."""
        return 1 if self.blitz is None else int(self.blitz.get("pace", 1))

    @property
    def blitz_running(self) -> bool:
        """True while an auto-attack should roll again (the adapter schedules the rolls)."""
        return self.blitz is not None

    def blitz_step(self) -> bool:
        """Roll once for the running blitz, counting its rolls and losses; stop at a
        conquest, at the chosen floor or when the attack is no longer possible."""
        self.announce_lines = []
        g = self.game
        b = self.blitz
        if g is None or b is None:
            return False
        reason = self._blitz_over(b)
        if reason is None:
            for e in self._act(Attack(b["source"], b["target"])):
                if e["type"] == "battle":
                    b["rolls"] += 1
                    b["lost"] += e["attacker_losses"]
                    b["killed"] += e["defender_losses"]
            reason = self._blitz_over(b)
        if reason is not None:
            self._end_blitz(reason)
        return self.blitz is not None

    def _blitz_over(self, b: dict[str, Any]) -> str | None:
        """Why the blitz ``b`` cannot roll again (a key of ``blitz_why_*``), or None."""
        g = self.game
        assert g is not None
        source, target = b["source"], b["target"]
        if g.owner[target] == g.current:
            return "conquered"
        if g.phase != "attack" or g.owner[source] != g.current:
            return "cannot"
        if g.armies[source] < 2:
            return "no_armies"
        if g.armies[source] <= b["floor"]:
            return "floor"
        return None

    def _end_blitz(self, reason: str) -> None:
        """Stop the blitz and keep what it did for the panel (and screen readers)."""
        assert self.blitz is not None
        self.blitz_report = dict(self.blitz, reason=reason)
        self.blitz = None
        g = self.game
        if g is not None:
            tally, why = self.blitz_lines("blitz_tally_said")  # two sentences, no "·"
            self.say(self.tr("blitz_said", tally=tally, why=why))
            if g.phase == "occupy" and g.occupy and self.taps_wanted():
                # the next key says how many move in, as after a single roll's conquest
                self.request_focus("action", "occupy", str(g.occupy["max"]))
            elif self.source and self.target and g.phase == "attack" and self.taps_wanted():
                # stopped or at its floor, the battle still chosen: Stop gives way to
                # Attack, where the next key goes on (it fell to the map)
                self.request_focus("action", "attack")

    def blitz_lines(self, tally: str = "blitz_tally") -> list[str]:
        """The running or finished blitz in words: its tally (the catalogue's ``tally``: as
        shown, or as read out), then why it stopped."""
        b = self.blitz or self.blitz_report
        if b is None:
            return []
        lines = [
            self.tr(
                tally,
                source=self.place(b["source"]),
                target=self.place(b["target"]),
                rolls=b["rolls"],
                lost=b["lost"],
                killed=b["killed"],
            )
        ]
        if "reason" in b:
            lines.append(
                self.tr(
                    "blitz_why_" + b["reason"],
                    source=self.place(b["source"]),
                    target=self.place(b["target"]),
                    floor=b["floor"],
                )
            )
        return lines
