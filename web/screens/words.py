"""The game in words: events, the log, the whole history, objectives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pywar.errors import WarError
from pywar.game import Game
from pywar.objectives import COLOR_NAMES, describe

from nodes import Node, h
from screens.common import LOG_LINES, PageBase


class EventWords(PageBase):
    """The game in words (a mixin of :class:`viewmodel.App`)."""

    def describe_event(self, e: dict[str, Any]) -> str | None:
        """One event in words (public information only)."""
        ext = self.extension()
        if ext is not None:
            line = ext.describe_event(self, e)
            if line is not None:
                return line
        kind = e["type"]
        if kind == "turn":
            return self.tr("ev_turn", round=e["round"], name=self.name(e["player"]))
        if kind == "trade":
            return self.tr("ev_trade", name=self.name(e["player"]), armies=e["armies"])
        if kind == "battle":
            return self.tr(
                "ev_battle",
                name=self.name(e["player"]),
                source=self.place(e["source"]),
                target=self.place(e["target"]),
                attack=" ".join(map(str, e["attack"])),
                defend=" ".join(map(str, e["defend"])),
                losses=self._battle_losses(e),
            )
        if kind == "conquest":
            return self.tr(
                "ev_conquest", name=self.name(e["player"]), territory=self.place(e["territory"])
            )
        if kind == "eliminated":
            return self._describe_elimination(e)
        if kind == "card":
            return self.tr("ev_card", name=self.name(e["player"])) if e["count"] else None
        if kind == "victory":
            return self.tr("ev_victory", name=self.name(e["player"]))
        if kind == "place":
            return self.tr(
                "ev_place",
                name=self.name(e["player"]),
                count=e["count"],
                territory=self.place(e["territory"]),
            )
        if kind == "occupy":
            return self.tr(
                "ev_occupy",
                name=self.name(e["player"]),
                count=e["count"],
                territory=self.place(e["territory"]),
            )
        if kind == "regroup":
            return self.tr(
                "ev_regroup",
                name=self.name(e["player"]),
                count=e["count"],
                source=self.place(e["source"]),
                target=self.place(e["target"]),
            )
        if kind == "reshuffle":
            return self.tr("ev_reshuffle")
        return None

    def _battle_losses(self, e: dict[str, Any]) -> str:
        """What each side of a roll lost, by name ("Ana lost 1 army and Bruno lost 2
        armies"); a side that lost nothing is left out."""
        sides = [
            self.tr("battle_side_lost", name=self.name(who), n=lost)
            for who, lost in (
                (e["player"], e["attacker_losses"]),
                (e["defender"], e["defender_losses"]),
            )
            if lost
        ]
        if len(sides) == 2:
            return self.tr("battle_both_lost", first=sides[0], second=sides[1])
        return sides[0] if sides else ""

    def _describe_elimination(self, e: dict[str, Any]) -> str:
        """Who was eliminated, and where their cards went (public counts only)."""
        name, by = self.name(e["player"]), self.name(e["by"])
        lines = [self.tr("ev_eliminated", name=name, by=by)]
        left, taken = e.get("cards_left", 0), e.get("cards_taken", 0)
        if left and not e.get("top_up"):
            lines.append(self.tr_count("ev_took_cards", taken, name=name, by=by))
        elif left and not taken:
            lines.append(self.tr("ev_top_up_none", name=name, by=by))
        elif left:
            drawer = e.get("drawn_by")
            if drawer is None:
                lines.append(self.tr_count("ev_top_up_game", taken, name=name, by=by))
            else:
                lines.append(
                    self.tr_count("ev_top_up_by", taken, name=name, by=by, drawer=self.name(drawer))
                )
        if e.get("cards_discarded"):
            lines.append(self.tr_count("ev_discarded", e["cards_discarded"]))
        return " ".join(lines)

    def history_lines(
        self,
        group_battles: bool = False,
        observe: Callable[[Game, list[dict[str, Any]], int], None] | None = None,
    ) -> list[str]:
        """The whole game in words, replayed from its log (public information only).
        ``group_battles``: the rolls of one battle in a row (a blitz's) as one line, with
        what they cost each side (the history screen: a round of big stacks' blitzes
        logged some 40,000 rolls). ``observe(game, events, seat)``: each step as it is
        replayed, after the move of ``seat`` (one replay serves both)."""
        g = self.game
        assert g is not None
        lines: list[str] = []
        run: list[dict[str, Any]] = []  # the rolls of the battle going on

        def close_run() -> None:
            if len(run) == 1:
                one = self.describe_event(run[0])
                if one:
                    lines.append(one)
            elif run:
                whole = dict(
                    run[0],
                    attacker_losses=sum(e["attacker_losses"] for e in run),
                    defender_losses=sum(e["defender_losses"] for e in run),
                )
                lines.append(
                    self.tr_count(
                        "ev_battles",
                        len(run),
                        name=self.name(whole["player"]),
                        source=self.place(whole["source"]),
                        target=self.place(whole["target"]),
                        losses=self._battle_losses(whole),
                    )
                )
            run.clear()

        mover: int | None = None
        for replayed, events in Game.iter_replay(g.setup, g.log):
            if observe is not None and mover is not None:
                observe(replayed, events, mover)
            mover = replayed.current
            for e in events:
                if group_battles and e["type"] == "battle":
                    pair = (e["player"], e["source"], e["target"])
                    if run and (run[0]["player"], run[0]["source"], run[0]["target"]) != pair:
                        close_run()
                    run.append(e)
                    continue
                close_run()
                line = self.describe_event(e)
                if line:
                    lines.append(line)
        close_run()
        return lines

    # -------------------------------------------------------------------- log
    def say(self, text: str) -> None:
        """Read ``text`` out once through the page's live region, after what it already
        says (an event; a count the stepper chose, whose own number is redrawn, which a
        screen reader does not follow)."""
        self.announce_lines.append(text)
        self.announce_id += 1

    def _note_events(self, events: list[dict[str, Any]]) -> None:
        # a blitz's rolls are not read out one by one: its tally is, when it stops
        blitzing = bool(getattr(self, "blitz_running", False))
        heard = getattr(self, "events_heard", None)
        # a person's own conquest is said by the next step ("You conquered Algeria! How
        # many armies move in?"): "Ana conquered Algeria." before it said it twice
        g = self.game
        occupying = heard is None and g is not None and g.phase == "occupy"
        for e in events:
            line = self.describe_event(e)
            if line:
                self.log.append(line)
                if (
                    not (blitzing and e["type"] == "battle")
                    and (heard is None or heard(e))
                    and not (occupying and e["type"] == "conquest")
                ):
                    self.say(line)
        del self.log[:-LOG_LINES]

    def _rebuild_log(self, recall_turns: bool = False) -> None:
        """The game log's last lines, rebuilt by replaying the saved log (after a reload, on
        resuming a save, in another language), in the words of the game's board whatever
        screen is open (the new-game screen's board may be another). ``recall_turns``: a
        game opened: the same replay recalls what each person held at the end of their
        last turn and lost since (see :meth:`remember_turns`)."""
        self.game_words = True
        try:
            observe = self.remember_turns if recall_turns else None
            self.log = self.history_lines(observe=observe)[-LOG_LINES:]
        except (WarError, LookupError, TypeError, ValueError):
            self.log = []  # a log that does not replay: the panel starts empty, play goes on
            if recall_turns:
                self.forget_turns()  # (half recalled: nothing rather than wrong)
        finally:
            self.game_words = False

    def objective_change(self, seat: int) -> str | None:
        """Why a player's objective is not the card they drew, in words for them alone (the
        card said to destroy a colour that is their own, not in the game, or that someone
        else destroyed); None when they play for their card."""
        g = self.game
        assert g is not None
        p = g.players[seat]
        if not p.objective_converted:
            return None
        card = g.objective_card(seat)
        color = card.get("color", "")
        words = COLOR_NAMES.get(self.lang, COLOR_NAMES["pt"]).get(color, color).lower()
        target = next((i for i, q in enumerate(g.players) if q.color == color), None)
        if color == p.color:
            return self.tr("objective_changed_own", color=words)
        if target is None or g.players[target].eliminated_by is None:
            return self.tr("objective_changed_absent", color=words)
        return self.tr(
            "objective_changed_by", color=words, name=self.name(g.players[target].eliminated_by)
        )

    def objective_change_note(self, seat: int) -> Node | None:
        """The note under a revealed objective that changed (private: the secret view)."""
        text = self.objective_change(seat)
        return h("p", {"class": "objective-changed", "role": "note"}, text) if text else None

    def objective_text(self, seat: int) -> str:
        """A player's objective in words (a variant's own kinds through its page module)."""
        g = self.game
        assert g is not None
        ext = self.extension()
        own = ext.describe_objective(self, g.objective_of(seat)) if ext is not None else None
        if own is not None:
            return own
        return describe(g.objective_of(seat), g.board, self.lang)
