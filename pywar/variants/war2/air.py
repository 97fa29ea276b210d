"""WAR II's air attacks: bombers from the air base or from cards, the anti-aircraft and
air-attack dice round by round, until the attacker stops or the raid ends."""

from __future__ import annotations

from typing import Any

from ...hooks import Event
from ...phase import Phase
from .actions import (
    AirAttack,
    AirRound,
    AirStop,
    CardAirAttack,
)
from .base import War2Base, War2Phase


class AirAttacks(War2Base):
    """The air attacks of WAR II: their actions, rounds and checks."""

    def _do_air_attack(self, action: AirAttack, events: list[Event], rolls: Any) -> None:
        self.bombers[self.current] -= action.bombers
        self._launch(action.target, action.bombers, "base", [], events, rolls)

    def _do_card_air_attack(self, action: CardAirAttack, events: list[Event], rolls: Any) -> None:
        used = [action.card, *action.numbers]
        count = sum(self.cards[c].value for c in used)
        self._use_cards(used)
        self._discard(used, events)
        self._launch(action.target, count, "box", used, events, rolls)

    def _launch(
        self,
        target: str,
        bombers: int,
        source: str,
        cards: list[int],
        events: list[Event],
        rolls: Any,
    ) -> None:
        self.air = {
            "target": target,
            "defender": self.owner[target],
            "bombers": bombers,
            "launched": bombers,
            "source": source,
            "resume": self.phase,
        }
        events.append(
            {
                "type": "air_attack",
                "player": self.current,
                "defender": self.owner[target],
                "target": target,
                "bombers": bombers,
                "source": source,
                "cards": cards,
            }
        )
        self.phase = War2Phase.AIR
        self._air_exchange(events, rolls)

    def _do_air_round(self, _action: AirRound, events: list[Event], rolls: Any) -> None:
        self._air_exchange(events, rolls)

    def _do_air_stop(self, _action: AirStop, events: list[Event], _rolls: Any) -> None:
        self._air_end(events, "stopped")

    def _air_exchange(self, events: list[Event], rolls: Any) -> None:
        air = self.air
        assert air is not None
        target = air["target"]
        rules = self.rules
        defence = (
            rolls[1][0]
            if rolls is not None
            else rules.anti_aircraft[self.rng.below(len(rules.anti_aircraft))]
        )
        shot = min(defence, air["bombers"])
        air["bombers"] -= shot
        bombs = destroyed = None
        if air["bombers"]:
            bombs = (
                rolls[0][0]
                if rolls is not None
                else rules.air_attack[self.rng.below(len(rules.air_attack))]
            )
            # Never below the one army: a territory is not conquered from the air.
            destroyed = min(bombs, self.armies[target] - 1)
            self.armies[target] -= destroyed
        events.append(
            {
                "type": "air_round",
                "player": self.current,
                "target": target,
                "defender": air["defender"],
                "anti_aircraft": defence,
                "shot_down": shot,
                "air_attack": bombs,
                "destroyed": destroyed or 0,
                "bombers": air["bombers"],
                "armies": self.armies[target],
            }
        )
        if not air["bombers"]:
            self._air_end(events, "shot_down")
        elif self.armies[target] <= 1:
            self._air_end(events, "one_army_left")

    def _air_end(self, events: list[Event], reason: str) -> None:
        air = self.air
        assert air is not None
        back = air["bombers"]
        self.bombers[self.current] += back  # survivors, from the base or the box, go to the base
        self.phase = air["resume"]
        self.air = None
        events.append(
            {
                "type": "air_end",
                "player": self.current,
                "target": air["target"],
                "reason": reason,
                "returned": back,
                "lost": air["launched"] - back,
                "air_base": self.bombers[self.current],
            }
        )

    def _air_targets(self) -> list[str]:
        floor = self.rules.air_target_min_armies
        return [t for t, p in self.owner.items() if p != self.current and self.armies[t] >= floor]

    def _check_air_target(self, target: str) -> None:
        floor = self.rules.air_target_min_armies
        if self.armies[target] < floor:
            self._fail(
                "air_target_armies",
                f"an air attack needs at least {floor} armies in the territory attacked",
            )

    def _check_air_rolls(self, rolls: Any, bombers: int) -> None:
        if rolls is None:
            return
        attack, defence = rolls
        aa, air = self.rules.anti_aircraft, self.rules.air_attack
        ok = len(defence) == 1 and defence[0] in aa and type(defence[0]) is int
        if ok:
            down = defence[0] >= bombers
            ok = (
                (not attack)
                if down
                else (len(attack) == 1 and type(attack[0]) is int and attack[0] in air)
            )
        if not ok:
            self._fail(
                "bad_rolls",
                f"an air round rolls the anti-aircraft die (faces {list(aa)})"
                f", then, if a bomber is left, the air-attack die "
                f"(faces {list(air)})",
            )

    def _check_air_attack(self, action: AirAttack, rolls: Any) -> None:
        if self.phase != Phase.ATTACK:
            self._fail(
                "not_attack_phase",
                f"bombers leave the air base in the attack phase, not the {self.phase} phase",
            )
        t = action.target
        if not isinstance(t, str) or t not in self.board.territories:
            self._fail("unknown_territory", f"unknown territory {t!r}")
        if self.owner[t] == self.current:
            self._fail("attack_own_territory", "you cannot bomb your own territory")
        base = self.bombers[self.current]
        if type(action.bombers) is not int or not 1 <= action.bombers <= base:
            self._fail("bombers_in_base", f"send 1 to {base} bombers from your air base")
        self._check_air_target(t)
        self._check_air_rolls(rolls, action.bombers)

    def _check_air_round(self, _action: AirRound, rolls: Any) -> None:
        if self.phase != War2Phase.AIR or self.air is None:
            self._fail("no_air_attack", "there is no air attack going on")
        self._check_air_rolls(rolls, self.air["bombers"])

    def _check_air_stop(self, _action: AirStop) -> None:
        if self.phase != War2Phase.AIR:
            self._fail("no_air_attack", "there is no air attack going on")

    def _check_card_air_attack(self, action: CardAirAttack, rolls: Any) -> None:
        self._check_place_card(action.card, action.target, action.numbers)
        if self.owner[action.target] == self.current:
            self._fail("attack_own_territory", "bombers from a card attack an opponent's territory")
        count = 1 + sum(self.cards[c].value for c in action.numbers)
        box = self.bombers_in_box(self.current)
        if count > box:
            self._fail(
                "bombers_in_box", f"these cards need {count} bombers in your box; it has {box}"
            )
        self._check_air_target(action.target)
        self._check_air_rolls(rolls, count)
