"""WAR II's Information Centres (an option): placing, moving and capturing them, and
spying on an opponent's cards."""

from __future__ import annotations

import itertools
from typing import Any

from ...actions import Action
from ...hooks import Event
from ...phase import Phase
from .actions import (
    MoveCI,
    PlaceCI,
    Spy,
    TransportCI,
)
from .base import CARD_PHASES, War2Base


class InformationCentres(War2Base):
    """The Information Centres option of WAR II: its actions, checks and invariants."""

    def ci_held_by(self, player: int) -> list[int]:
        """Seats whose Information Centre ``player`` holds on the board."""
        return [
            int(s)
            for s, c in self.ci.items()
            if c["territory"] is not None and c["holder"] == player
        ]

    def can_spy(self) -> bool:
        """Whether the current player may spy now (own CI on the board and held, once)."""
        mine = self.ci.get(str(self.current))
        return (
            mine is not None
            and mine["territory"] is not None
            and mine["holder"] == self.current
            and not self.spied
            and self.phase in CARD_PHASES
        )

    def _do_place_ci(self, action: PlaceCI, events: list[Event], _rolls: Any) -> None:
        self.ci[str(self.current)]["territory"] = action.territory
        events.append({"type": "place_ci", "player": self.current, "territory": action.territory})

    def _do_move_ci(self, action: MoveCI, events: list[Event], _rolls: Any) -> None:
        ci = self.ci[str(action.ci)]
        source = ci["territory"]
        ci["territory"] = action.target
        self.ci_moved.append(action.ci)
        events.append(
            {
                "type": "move_ci",
                "player": self.current,
                "ci": action.ci,
                "source": source,
                "target": action.target,
            }
        )

    def _do_transport_ci(self, action: TransportCI, events: list[Event], _rolls: Any) -> None:
        used = list(action.cards)
        self._use_cards(used)
        ci = self.ci[str(action.ci)]
        source = ci["territory"]
        ci["territory"] = action.target
        self.ci_moved.append(action.ci)
        events.append(
            {
                "type": "transport_ci",
                "player": self.current,
                "cards": used,
                "ci": action.ci,
                "source": source,
                "target": action.target,
            }
        )
        self._discard(used, events)

    def _do_spy(self, action: Spy, events: list[Event], _rolls: Any) -> None:
        me = self.current
        self.spied = True
        seen: dict[str, Any] = {
            "cards": list(self.players[action.player].cards),
            "round": self.round,
            "turn": self.turn,
        }
        self.intel.setdefault(str(me), {})[str(action.player)] = seen
        events.append(
            {
                "type": "spy",
                "player": me,
                "target": action.player,
                "private": {str(me): {"cards": list(seen["cards"])}},
            }
        )

    def _ci_actions(self) -> list[Action]:
        if not self.ci or self.phase not in CARD_PHASES:
            return []
        me = self.current
        out: list[Action] = []
        if self.ci[str(me)]["territory"] is None and self.round <= 2:
            out.extend(PlaceCI(t) for t in self.territories_of(me))
        if self.can_spy():
            out.extend(Spy(p) for p, player in enumerate(self.players) if p != me and player.alive)
        held = [s for s in self.ci_held_by(me) if s not in self.ci_moved]
        if held and self.phase == Phase.REGROUP:
            hand = sorted(c for c in self.players[me].cards if not self.cards[c].numbered)
            for a, b in itertools.combinations(hand, 2):
                if not (self._names_own(a) and self._names_own(b)):
                    continue
                targets = sorted(
                    {t for c in (a, b) for t in self.cards[c].territories if self.owner[t] == me}
                )
                for seat in held:
                    out.extend(
                        TransportCI((a, b), seat, t)
                        for t in targets
                        if t != self.ci[str(seat)]["territory"]
                    )
        return out

    def _ci_moves(self, seat: int) -> list[str]:
        me = self.current
        here = self.ci[str(seat)]["territory"]
        targets = {t for t in self.board.neighbors[here] if self.owner[t] == me}
        if here in self.rules.centres:
            targets.update(t for t in self.centres_of(me) if t != here)
        return sorted(targets)

    def _end_turn_allowed(self) -> bool:
        if self.phase not in (Phase.ATTACK, Phase.REGROUP):
            return False
        # With the option, the Information Centre must be on the board by the end of round 2.
        return not (self.ci and self.round == 2 and self.ci[str(self.current)]["territory"] is None)

    def _check_ci_option(self) -> None:
        if not self.ci:
            self._fail("no_information_centres", "the Information Centres option is off")

    def _check_place_ci(self, action: PlaceCI) -> None:
        self._check_ci_option()
        self._check_card_phase()
        if self.ci[str(self.current)]["territory"] is not None:
            self._fail("ci_placed", "your Information Centre is already on the board")
        if self.round > 2:
            self._fail("ci_too_late", "the Information Centre is placed in round 1 or 2")
        self._check_own(action.territory, "put your Information Centre on")

    def _check_ci_held(self, seat: Any) -> dict[str, Any]:
        self._check_ci_option()
        if type(seat) is not int or str(seat) not in self.ci:
            self._fail("unknown_ci", f"no Information Centre of seat {seat!r}")
        ci = self.ci[str(seat)]
        if ci["territory"] is None or ci["holder"] != self.current:
            self._fail("not_your_ci", "you do not hold that Information Centre")
        return ci

    def _check_move_ci(self, action: MoveCI) -> None:
        ci = self._check_ci_held(action.ci)
        if self.phase != Phase.REGROUP:
            self._fail("not_regroup_phase", "the Information Centre moves in the regroup phase")
        if action.ci in self.ci_moved:
            self._fail("move_once", "an Information Centre moves once per turn")
        self._check_own(action.target, "move the Information Centre to")
        if action.target not in self._ci_moves(action.ci):
            self._fail(
                "not_adjacent",
                "the Information Centre moves to a neighbouring "
                "territory, or flies between Strategic Centres",
            )
        del ci

    def _check_transport_ci(self, action: TransportCI) -> None:
        ci = self._check_ci_held(action.ci)
        # Like an ordinary move: in the regroup phase, once per turn (RULINGS.md).
        if self.phase != Phase.REGROUP:
            self._fail("not_regroup_phase", "the Information Centre moves in the regroup phase")
        if action.ci in self.ci_moved:
            self._fail("move_once", "an Information Centre moves once per turn")
        cards = self._check_hand(action.cards, 2)
        if any(self.cards[c].numbered for c in cards) or not all(self._names_own(c) for c in cards):
            self._fail("territory_cards_only", "discard two cards of territories you hold")
        self._check_own(action.target, "move the Information Centre to")
        if not any(action.target in self.cards[c].territories for c in cards):
            self._fail("not_on_card", "the Information Centre goes to a territory of the cards")
        if action.target == ci["territory"]:
            self._fail("same_territory", "the Information Centre is already there")

    def _check_spy(self, action: Spy) -> None:
        self._check_ci_option()
        self._check_card_phase()
        mine = self.ci[str(self.current)]
        if mine["territory"] is None or mine["holder"] != self.current:
            self._fail("no_ci", "spying needs your own Information Centre on the board")
        if self.spied:
            self._fail("spy_once", "you spy on one opponent per turn")
        p = action.player
        if (
            type(p) is not int
            or not 0 <= p < len(self.players)
            or p == self.current
            or (not self.players[p].alive)
        ):
            self._fail("bad_player", "spy on an opponent still in the game")

    def _ci_problems(self) -> list[str]:
        problems = []
        n = len(self.players)
        if self.ci and set(self.ci) != {str(i) for i in range(n)}:
            problems.append("an Information Centre per seat, or none")
        if bool(self.ci) != bool(self.options.get("information_centres")):
            problems.append("Information Centres without the option, or the reverse")
        for seat, ci in self.ci.items():
            where = ci["territory"]
            if not 0 <= ci["holder"] < n:
                problems.append(f"information centre {seat} is held by no seat")
            elif where is None and ci["holder"] != int(seat):
                problems.append(f"information centre {seat} is off the board but held")
            elif where is not None and self.owner.get(where) != ci["holder"]:
                problems.append(f"information centre {seat} is not on its holder's territory")
        if len(set(self.ci_moved)) != len(self.ci_moved) or not all(
            str(s) in self.ci for s in self.ci_moved
        ):
            problems.append("bad Information Centre moves")
        if self.spied and not self.ci:
            problems.append("spying without Information Centres")
        for k, seen in self.intel.items():
            if k not in self.ci or not set(seen) <= set(self.ci) - {k}:
                problems.append("bad intelligence records")
                break
        return problems
