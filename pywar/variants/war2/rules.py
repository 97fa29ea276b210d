"""WAR II (variant ``war2``, book ``war-ii-manual.txt``): Strategic Centres, bombers, airlift,
the 61-card deck and the optional Information Centres, on top of the classic engine.

:class:`War2Game` is what ``Game.new("war2", ...)`` and ``Game.from_json`` build for this
variant (``Variant.game_class``). The board and every number the book leaves to the printed
board (majority bonuses, dice faces, the deck, the objectives) are data in
``pywar/variants/war2/board.json``; the choices are explained in ``docs/rules.md``.

>>> from pywar.game import Game
>>> from pywar.variants.war2.data import CENTRES
>>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto"), ("Duda", "vermelho")]
>>> game = Game.new("war2", seats, seed=3)
>>> type(game).__name__, game.phase, sum(game.owner[c] == s for s in range(4) for c in CENTRES)
('War2Game', <War2Phase.CLAIM: 'claim'>, 12)
>>> while game.phase == "claim":
...     _ = game.apply(game.legal_actions()[0])
>>> game.phase, game.round, game.stage
(<Phase.REINFORCE: 'reinforce'>, 1, 1)
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar

from ...actions import Action, EndAttack, EndTurn, Occupy, Regroup
from ...errors import WarError
from ...game import Game
from ...hooks import Event, Handler
from ...phase import Phase
from .actions import (
    AIR_KINDS,
    SETUP_KINDS,
    AirAttack,
    Airlift,
    AirRound,
    AirStop,
    CardAirAttack,
    CardArmies,
    Claim,
    ClaimPair,
    Discard,
    MoveCI,
    PlaceCI,
    Spy,
    TakeCentre,
    Transport,
    TransportCI,
)
from .data import War2Card, war2_rules


class War2Phase(StrEnum):
    """WAR II's own phases (besides the shared :class:`~pywar.phase.Phase`)."""

    #: Setup with 5 players: take a Strategic Centre card left or claim two territories.
    CENTRE_CHOICE = "centre_choice"
    #: Setup: one army on a vacant territory, round the table.
    CLAIM = "claim"
    #: An air attack under way (its rounds, until it ends or is given up).
    AIR = "air"


SETUP_PHASES = (War2Phase.CENTRE_CHOICE, War2Phase.CLAIM)
#: Phases of one's own turn in which cards may be used ("em qualquer momento de sua jogada").
CARD_PHASES = (Phase.REINFORCE, Phase.ATTACK, Phase.REGROUP)
#: Game options of WAR II (all off by default). ``majority_armies_bound`` is a house rule:
#: the book binds only a whole continent's armies to it (RULINGS.md, "WAR II readings").
OPTIONS = ("information_centres", "five_players_deal_all_centres", "majority_armies_bound")


# ------------------------------------------------------------------------------------ game
class War2Game(Game):
    """A game of WAR II: the classic engine plus the book's setup, two-stage first round,
    majority and Strategic Centre reinforcements, bombers, airlift, cards and the options."""

    PHASES: ClassVar[tuple[str, ...]] = (
        *SETUP_PHASES,
        Phase.REINFORCE,
        Phase.ATTACK,
        Phase.OCCUPY,
        War2Phase.AIR,
        Phase.REGROUP,
        Phase.OVER,
    )

    def __init__(self, variant: Any) -> None:
        super().__init__(variant)
        self.rules = war2_rules(self.board.id)
        self.cards = self.rules.cards
        #: 1 and 2: the two stages of the first round; 0 from the second round on.
        self.stage = 1
        self.bombers: list[int] = []  # bombers in each seat's air base
        self.air: dict[str, Any] | None = None
        self.centre_cards_left: list[str] = []
        self.choices_made = 0
        self.pair_choices = 0
        self.airlifted: dict[str, int] = {}
        #: Information Centres by owner seat: where each is and who holds it.
        self.ci: dict[str, dict[str, Any]] = {}
        self.ci_moved: list[int] = []
        self.spied = False
        #: What each seat has seen of others (cards, and objectives of captured CIs).
        self.intel: dict[str, dict[str, Any]] = {}

    # -------------------------------------------------------------------------- setup
    def _deal(self) -> None:
        n = len(self.players)
        self.dealer = self._roll_for_dealer()
        self._deal_objectives()
        # The 12 Strategic Centre cards, dealt one at a time from the dealer clockwise:
        # 2 armies on each. With 5 players only 10 are dealt and each player then chooses.
        centres = list(self.rules.centres)
        self.rng.shuffle(centres)
        left = self.rules.five_players_left_centres
        five = n == 5 and not self.options.get("five_players_deal_all_centres") and left
        dealt = centres[:-left] if five else centres
        for i, t in enumerate(dealt):
            self.owner[t] = (self.dealer + i) % n
            self.armies[t] = self.rules.centre_setup_armies
        self._board_order()
        self.centre_cards_left = sorted(centres[-left:]) if five else []
        # Then the centre cards go back into the deck of 61, shuffled for play.
        self.deck = [c.index for c in self.cards]
        self.rng.shuffle(self.deck)
        self.bombers = [0] * n
        if self.options.get("information_centres"):
            self.ci = {str(i): {"territory": None, "holder": i} for i in range(n)}
        self.first_player = self.current = self.dealer
        self.phase = War2Phase.CENTRE_CHOICE if five else War2Phase.CLAIM

    def _board_order(self) -> None:
        self.owner = {t: self.owner[t] for t in self.board.territories if t in self.owner}
        self.armies = {t: self.armies[t] for t in self.owner}

    def vacant(self) -> list[str]:
        """Territories nobody has claimed yet (setup)."""
        return [t for t in self.board.territories if t not in self.owner]

    def _pair_allowed(self) -> bool:
        # Option 2 is closed once the players still to choose are no more than the centre
        # cards left (with 5 players: when three others chose it).
        return len(self.players) - self.choices_made > len(self.centre_cards_left)

    def _next_chooser(self, events: list[Event]) -> None:
        n = len(self.players)
        self.choices_made += 1
        self.current = (self.current + 1) % n
        if self.choices_made == n:
            self.phase = War2Phase.CLAIM
            self.current = self.dealer
            events.append({"type": "phase", "phase": War2Phase.CLAIM})

    def _do_take_centre(self, action: TakeCentre, events: list[Event], _rolls: Any) -> None:
        t = action.territory
        self.centre_cards_left.remove(t)
        self.owner[t] = self.current
        self.armies[t] = self.rules.centre_setup_armies
        self._board_order()
        events.append(
            {
                "type": "take_centre",
                "player": self.current,
                "territory": t,
                "count": self.rules.centre_setup_armies,
            }
        )
        self._next_chooser(events)

    def _do_claim_pair(self, action: ClaimPair, events: list[Event], _rolls: Any) -> None:
        for t in (action.first, action.second):
            self.owner[t] = self.current
            self.armies[t] = 1
        self._board_order()
        self.pair_choices += 1
        events.append(
            {
                "type": "claim_pair",
                "player": self.current,
                "territories": [action.first, action.second],
            }
        )
        self._next_chooser(events)

    def _do_claim(self, action: Claim, events: list[Event], _rolls: Any) -> None:
        me = self.current
        self.owner[action.territory] = me
        self.armies[action.territory] = 1
        self._board_order()
        events.append({"type": "claim", "player": me, "territory": action.territory})
        n = len(self.players)
        if self.vacant():
            self.current = (me + 1) % n
            return
        # The player after the one who placed the last army starts the first round.
        self.first_player = self.current = (me + 1) % n
        self.round, self.stage = 1, 1
        self._start_turn(events)

    #: ``Game.scenario`` plays WAR II positions from round 2 (the ordinary turns) by default.
    SCENARIO_ROUND: ClassVar[int] = 2

    @classmethod
    def _position_extra(  # noqa: D417
        cls,
        round: int | None,  # noqa: A002 - the game's own word
        *,
        bombers: dict[int, int] | None = None,
        ci: dict[int, str] | None = None,
        **extra: Any,
    ) -> dict[str, Any]:
        """A WAR II scenario position (see :meth:`Game.scenario`), after the setup.

        ``bombers`` are those already in each seat's air base (the current player then gets
        the ones of the turn), ``ci`` places Information Centres (option on), and the turn
        belongs to round ``round`` (2, the default: the ordinary turns; 1: the first stage,
        placement only). A position without a round is played from round 2 as well.
        """
        if extra:
            raise TypeError(f"unexpected scenario arguments: {', '.join(sorted(extra))}")
        return {
            "bombers": {str(k): int(v) for k, v in (bombers or {}).items()},
            "ci": {str(k): v for k, v in (ci or {}).items()},
            "round": int(cls.SCENARIO_ROUND if round is None else round),
        }

    def _apply_position(self, position: dict[str, Any]) -> None:
        self.round = max(1, int(position.get("round", 2)))
        self.stage = 1 if self.round == 1 else 0
        self.centre_cards_left = []
        n = len(self.players)
        base = position.get("bombers", {})
        self.bombers = [int(base.get(str(i), 0)) for i in range(n)]
        if not all(0 <= b <= self.rules.bombers_per_player for b in self.bombers):
            raise WarError(f"a seat has 0 to {self.rules.bombers_per_player} bombers")
        self.phase = Phase.REINFORCE
        super()._apply_position({**position, "round": self.round})
        for seat, territory in position.get("ci", {}).items():
            if not self.ci:
                raise WarError("Information Centres need the information_centres option")
            if self.owner.get(territory) != int(seat):
                raise WarError(
                    f"an Information Centre goes on its owner's territory, not {territory!r}"
                )
            self.ci[str(seat)]["territory"] = territory

    # ---------------------------------------------------------------- turn structure
    def reinforcements_due(self, player: int) -> dict[str, int]:
        """Armies of a turn: half the territories (at least 3), whole continents (bound to
        them), continent majorities (``majority_any:``, placed anywhere; ``majority:``, bound
        to the continent, with the house-rule option), and 1 on each Strategic Centre held."""
        held = self.territories_of(player)
        v = self.variant
        pools = {"free": max(v.min_reinforcement, len(held) // v.territory_divisor)}
        for cid, continent in self.board.continents.items():
            own = sum(self.owner.get(t) == player for t in continent.territories)
            if own == len(continent.territories):
                pools[f"continent:{cid}"] = continent.bonus
            elif 2 * own > len(continent.territories) and self.rules.majority_bonus[cid]:
                bound = self.options.get("majority_armies_bound", False)
                key = "majority" if bound else "majority_any"
                pools[f"{key}:{cid}"] = self.rules.majority_bonus[cid]
        for t in self.centres_of(player):
            pools[f"territory:{t}"] = self.rules.centre_bonus_armies
        return pools

    def centres_of(self, player: int) -> list[str]:
        """The Strategic Centres a player holds."""
        return [t for t in self.rules.centres if self.owner.get(t) == player]

    def _pools_for(self, territory: str) -> tuple[str, ...]:
        cid = self.board.continent_of(territory)
        anywhere = sorted(k for k in self.pools if k.startswith("majority_any:"))
        return (f"territory:{territory}", f"continent:{cid}", f"majority:{cid}", *anywhere, "free")

    def trade_allowed(self) -> bool:
        """WAR II has no sets to trade: its cards are used one by one."""
        return False

    def valid_trades(self) -> list[tuple[int, ...]]:
        """No sets in WAR II (cards: :class:`CardArmies`, :class:`CardAirAttack`...)."""
        return []

    def bombers_in_box(self, player: int) -> int:
        """Bombers in a seat's box: neither in its air base nor flying."""
        flying = self.air["bombers"] if self.air and player == self.current else 0
        return self.rules.bombers_per_player - self.bombers[player] - flying

    def _begin_turn(self, events: list[Event]) -> None:
        me = self.current
        self.conquered = False
        self.eliminated_someone = False
        self.moved = {}
        self.airlifted = {}
        self.occupy = None
        self.air = None
        self.ci_moved = []
        self.spied = False
        self.must_trade = False
        received = 0
        if self.stage == 2:  # second stage of the first round: attacks, moves, cards only
            self.phase = Phase.ATTACK
            self.pools = {}
        else:
            self.phase = Phase.REINFORCE
            self.pools = self.reinforcements_due(me)
            due = self.rules.bombers_per_centre * len(self.centres_of(me))
            received = min(due, self.bombers_in_box(me))
            self.bombers[me] += received
        events.append(
            {
                "type": "turn",
                "player": me,
                "round": self.round,
                "stage": self.stage,
                "turn": self.turn,
                "reinforcements": dict(self.pools),
                "bombers": received,
                "air_base": self.bombers[me],
            }
        )
        self._check_victory(events)

    def _cards_to_draw(self) -> int:
        # Up to the hand limit. (The deck of 61 never runs out: the reshuffle is a net.)
        hand = self.players[self.current].cards
        return max(0, min(self.rules.cards_per_conquest_turn, self.rules.hand_limit - len(hand)))

    def _new_round(self) -> None:
        if self.round == 1 and self.stage == 1:
            self.stage = 2
        else:
            self.round += 1
            self.stage = 0

    def _placement_only(self) -> bool:
        return self.stage == 1  # first stage of the first round: placement only

    # ------------------------------------------------------------------------- cards
    def card(self, index: int) -> War2Card:
        """The card with this index."""
        return self.cards[index]

    def _discard(self, cards: list[int], events: list[Event]) -> None:
        self.discard.extend(cards)
        if len(self.discard) >= self.rules.discard_reshuffle_at:
            self._reshuffle(events)

    def _use_cards(self, cards: list[int]) -> None:
        hand = self.players[self.current].cards
        for c in cards:
            hand.remove(c)

    def _do_card_armies(self, action: CardArmies, events: list[Event], _rolls: Any) -> None:
        used = [action.card, *action.numbers]
        count = sum(self.cards[c].value for c in used)
        self._use_cards(used)
        self.armies[action.territory] += count
        events.append(
            {
                "type": "card_armies",
                "player": self.current,
                "cards": used,
                "territory": action.territory,
                "count": count,
            }
        )
        self._discard(used, events)
        self._check_victory(events)

    def _do_transport(self, action: Transport, events: list[Event], _rolls: Any) -> None:
        used = list(action.cards)
        self._use_cards(used)
        # Transported armies have moved this turn: they are not regrouped again.
        self._move(action.source, action.target, action.count)
        events.append(
            {
                "type": "transport",
                "player": self.current,
                "cards": used,
                "source": action.source,
                "target": action.target,
                "count": action.count,
            }
        )
        self._discard(used, events)
        self._check_victory(events)

    def _do_discard(self, action: Discard, events: list[Event], _rolls: Any) -> None:
        self._use_cards([action.card])
        # Thrown away face down: the others only learn that a card went.
        events.append(
            {
                "type": "discard",
                "player": self.current,
                "count": 1,
                "private": {str(self.current): {"cards": [action.card]}},
            }
        )
        self._discard([action.card], events)

    # --------------------------------------------------------------------- air attacks
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

    # ------------------------------------------------------------------------ movement
    def _do_airlift(self, action: Airlift, events: list[Event], _rolls: Any) -> None:
        self._move(action.source, action.target, action.count)
        self.airlifted[action.target] = self.airlifted.get(action.target, 0) + action.count
        events.append(
            {
                "type": "airlift",
                "player": self.current,
                "source": action.source,
                "target": action.target,
                "count": action.count,
            }
        )
        self._check_victory(events)

    # ------------------------------------------------------------- information centres
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
        seen = {"cards": list(self.players[action.player].cards), "turn": self.turn}
        self.intel.setdefault(str(me), {})[str(action.player)] = seen
        events.append(
            {
                "type": "spy",
                "player": me,
                "target": action.player,
                "private": {str(me): {"cards": list(seen["cards"])}},
            }
        )

    def _conquer(
        self, source: str, target: str, dice: int, defender: int, events: list[Event]
    ) -> None:
        me = self.current
        for seat, ci in self.ci.items():
            if ci["territory"] != target:
                continue
            ci["holder"] = me
            if int(seat) == me:
                events.append({"type": "ci_recovered", "player": me, "territory": target})
                continue
            owner = self.players[int(seat)]
            seen = {
                "cards": list(owner.cards),
                "objective": self.objective_of(int(seat))["id"],
                "turn": self.turn,
            }
            self.intel.setdefault(str(me), {})[seat] = seen
            events.append(
                {
                    "type": "ci_captured",
                    "player": me,
                    "ci": int(seat),
                    "territory": target,
                    "private": {
                        str(me): {"cards": list(seen["cards"]), "objective": seen["objective"]}
                    },
                }
            )
        super()._conquer(source, target, dice, defender, events)

    def _achieved(self, seat: int) -> bool:
        spec = self.objective_of(seat)
        if spec["kind"] == "centres":
            return len(self.centres_of(seat)) >= spec["count"] and len(
                self.territories_of(seat)
            ) >= spec.get("territories", 0)
        if spec["kind"] == "majorities":
            held = sum(
                1
                for c in self.board.continents.values()
                if 2 * sum(self.owner[t] == seat for t in c.territories) > len(c.territories)
            )
            return held >= spec["count"]
        return super()._achieved(seat)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (counted actions once per count)."""
        if self.phase == Phase.OVER:
            return []
        me = self.current
        if self.phase == War2Phase.CENTRE_CHOICE:
            out: list[Action] = [TakeCentre(t) for t in self.centre_cards_left]
            if self._pair_allowed():
                free = [t for t in self.vacant() if t not in self.rules.centres]
                out += [
                    ClaimPair(a, b)
                    for a, b in itertools.combinations(free, 2)
                    if self.board.continent_of(a) != self.board.continent_of(b)
                ]
            return out
        if self.phase == War2Phase.CLAIM:
            return [Claim(t) for t in self.vacant()]
        if self.phase == War2Phase.AIR:
            return [AirRound(), AirStop()]
        if self.phase == Phase.OCCUPY:
            assert self.occupy is not None
            return [Occupy(k) for k in range(1, self.occupy["max"] + 1)]
        actions: list[Action] = self._card_actions() + self._ci_actions()
        if self.pending_armies:
            return actions + self._place_actions()
        if self.phase == Phase.ATTACK:
            actions += self._attack_actions()
            for target in self._air_targets():
                actions.extend(AirAttack(target, k) for k in range(1, self.bombers[me] + 1))
            actions.append(EndAttack())
        elif self.phase == Phase.REGROUP:
            actions += self._regroup_actions()
            centres = self.centres_of(me)
            for source in centres:
                top = self.movable_from(source)
                for target in centres:
                    if target != source:
                        actions.extend(Airlift(source, target, k) for k in range(1, top + 1))
            for seat in self.ci_held_by(me):
                if seat not in self.ci_moved:
                    actions.extend(MoveCI(seat, t) for t in self._ci_moves(seat))
        if self._end_turn_allowed():
            actions.append(EndTurn())
        return actions

    def _air_targets(self) -> list[str]:
        floor = self.rules.air_target_min_armies
        return [t for t, p in self.owner.items() if p != self.current and self.armies[t] >= floor]

    def _number_sets(self) -> list[tuple[int, ...]]:
        numbers = sorted(c for c in self.players[self.current].cards if self.cards[c].numbered)
        return [
            combo for k in range(len(numbers) + 1) for combo in itertools.combinations(numbers, k)
        ]

    def _card_actions(self) -> list[Action]:
        if self.phase not in CARD_PHASES:
            return []
        me = self.current
        hand = sorted(self.players[me].cards)
        places = [c for c in hand if not self.cards[c].numbered]
        sets = self._number_sets()
        box = self.bombers_in_box(me)
        floor = self.rules.air_target_min_armies
        out: list[Action] = []
        for c in places:
            for t in self.cards[c].territories:
                if self.owner[t] == me:
                    out.extend(CardArmies(c, t, s) for s in sets)
                elif self.armies[t] >= floor:
                    out.extend(
                        CardAirAttack(c, t, s)
                        for s in sets
                        if 1 + sum(self.cards[x].value for x in s) <= box
                    )
        for a, b in itertools.combinations(places, 2):
            for first, second in ((a, b), (b, a)):
                for s in self.cards[first].territories:
                    if self.owner[s] != me:
                        continue
                    for t in self.cards[second].territories:
                        if self.owner[t] == me:
                            out.extend(
                                Transport((a, b), s, t, k)
                                for k in range(1, self.movable_from(s) + 1)
                            )
        out.extend(Discard(c) for c in hand)
        return out

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

    def _names_own(self, card: int) -> bool:
        return any(self.owner[t] == self.current for t in self.cards[card].territories)

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

    def _handlers(self) -> Mapping[str, Handler]:
        return {
            **super()._handlers(),
            Claim.type: self._do_claim,
            TakeCentre.type: self._do_take_centre,
            ClaimPair.type: self._do_claim_pair,
            CardArmies.type: self._do_card_armies,
            Transport.type: self._do_transport,
            Discard.type: self._do_discard,
            AirAttack.type: self._do_air_attack,
            CardAirAttack.type: self._do_card_air_attack,
            AirRound.type: self._do_air_round,
            AirStop.type: self._do_air_stop,
            Airlift.type: self._do_airlift,
            PlaceCI.type: self._do_place_ci,
            MoveCI.type: self._do_move_ci,
            TransportCI.type: self._do_transport_ci,
            Spy.type: self._do_spy,
        }

    # -------------------------------------------------------------------- validation
    def _checks(self) -> dict[str, Callable[[Any, Any], None]]:
        """The check of each of WAR II's own action types: ``check(action, rolls)``."""
        return {
            Claim.type: lambda action, _rolls: self._check_claim(action),
            TakeCentre.type: lambda action, _rolls: self._check_take_centre(action),
            ClaimPair.type: lambda action, _rolls: self._check_claim_pair(action),
            CardArmies.type: lambda action, _rolls: self._check_card_armies(action),
            Transport.type: lambda action, _rolls: self._check_transport(action),
            Discard.type: lambda action, _rolls: self._check_discard(action),
            AirAttack.type: self._check_air_attack,
            CardAirAttack.type: self._check_card_air_attack,
            AirRound.type: self._check_air_round,
            AirStop.type: lambda action, _rolls: self._check_air_stop(action),
            Airlift.type: lambda action, _rolls: self._check_airlift(action),
            PlaceCI.type: lambda action, _rolls: self._check_place_ci(action),
            MoveCI.type: lambda action, _rolls: self._check_move_ci(action),
            TransportCI.type: lambda action, _rolls: self._check_transport_ci(action),
            Spy.type: lambda action, _rolls: self._check_spy(action),
        }

    def _validate(self, action: Action, rolls: tuple[list[int], list[int]] | None) -> None:
        if self.phase == Phase.OVER:
            self._fail("game_over", "the game is over")
        kind = action.type
        if rolls is not None and kind not in ("attack", *AIR_KINDS):
            self._fail("rolls_without_attack", "dice can only be given for an attack")
        if kind == "trade":
            self._fail("no_sets", "WAR II cards are used one by one, not traded in sets")
        if self.phase in SETUP_PHASES:
            if kind not in SETUP_KINDS:
                self._fail("setup_first", "first the territories are chosen round the table")
            self._checks()[kind](action, rolls)
            return
        if kind in SETUP_KINDS:
            self._fail("not_setup", "the territories have all been chosen")
        if self.phase == War2Phase.AIR and kind not in ("air_round", "air_stop"):
            self._fail("air_combat", "finish the air attack first (go on or stop)")
        if self.phase == Phase.OCCUPY and kind != "occupy":
            self._fail("occupy_first", "first move armies into the conquered territory")
        checker = self._checks().get(kind)
        if checker is not None:
            checker(action, rolls)
            return
        if kind == "regroup":
            assert isinstance(action, Regroup)
            if (
                isinstance(action.source, str)
                and self.airlifted.get(action.source)
                and self.phase == Phase.REGROUP
                and isinstance(action.count, int)
                and action.source in self.owner
                and self.owner[action.source] == self.current
                and action.count > self.movable_from(action.source)
            ):
                self._fail("airlift_chain", "armies flown in this turn do not move on")
        if (
            kind == "end_turn"
            and self.phase in (Phase.ATTACK, Phase.REGROUP)
            and (not self._end_turn_allowed())
        ):
            self._fail("place_ci", "place your Information Centre before the second round ends")
        super()._validate(action, rolls)

    # setup
    def _check_claim(self, action: Claim) -> None:
        if self.phase != War2Phase.CLAIM:
            self._fail(
                "centre_choice_first", "first each player chooses a centre card or two territories"
            )
        t = action.territory
        if not isinstance(t, str) or t not in self.board.territories:
            self._fail("unknown_territory", f"unknown territory {t!r}")
        if t in self.owner:
            self._fail("territory_taken", f"{self.board.territories[t].name} is occupied")

    def _check_take_centre(self, action: TakeCentre) -> None:
        if self.phase != War2Phase.CENTRE_CHOICE:
            self._fail("not_centre_choice", "centre cards are chosen only by 5 players")
        if not isinstance(action.territory, str) or action.territory not in (
            self.centre_cards_left
        ):
            self._fail("centre_card_taken", "choose one of the centre cards left")

    def _check_claim_pair(self, action: ClaimPair) -> None:
        if self.phase != War2Phase.CENTRE_CHOICE:
            self._fail("not_centre_choice", "two territories are chosen only by 5 players")
        if not self._pair_allowed():
            self._fail("pairs_closed", "three players chose two territories: take a centre card")
        pair = (action.first, action.second)
        for t in pair:
            if not isinstance(t, str) or t not in self.board.territories:
                self._fail("unknown_territory", f"unknown territory {t!r}")
            if t in self.owner:
                self._fail("territory_taken", f"{self.board.territories[t].name} is occupied")
            if t in self.rules.centres:
                self._fail("centre_territory", "the two territories cannot be Strategic Centres")
        if self.board.continent_of(pair[0]) == self.board.continent_of(pair[1]):
            self._fail("same_continent", "the two territories must be in different continents")

    # cards
    def _check_card_phase(self) -> None:
        if self.phase not in CARD_PHASES:
            self._fail("card_timing", f"cards are not used in the {self.phase} phase")

    def _check_hand(self, cards: Any, count: int | None = None) -> list[int]:
        hand = self.players[self.current].cards
        if (
            not isinstance(cards, tuple)
            or not all(type(c) is int for c in cards)
            or len(set(cards)) != len(cards)
            or not all(c in hand for c in cards)
            or (count is not None and len(cards) != count)
        ):
            what = f"{count} different cards" if count else "different cards"
            self._fail("cards_not_in_hand", f"use {what} from your hand")
        return list(cards)

    def _check_place_card(self, card: Any, territory: Any, numbers: Any) -> None:
        self._check_card_phase()
        used = self._check_hand((card, *numbers) if isinstance(numbers, tuple) else None)
        if self.cards[used[0]].numbered:
            self._fail("numbered_card_alone", "numbered cards go with a territory card")
        if not all(self.cards[c].numbered for c in used[1:]):
            self._fail("one_territory_card", "use one territory card plus numbered cards")
        if not isinstance(territory, str) or territory not in self.cards[card].territories:
            self._fail("not_on_card", f"{territory!r} is not on that card")

    def _check_card_armies(self, action: CardArmies) -> None:
        self._check_place_card(action.card, action.territory, action.numbers)
        if self.owner[action.territory] != self.current:
            self._fail("not_your_territory", "armies from a card go on a territory you hold")

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

    def _check_transport(self, action: Transport) -> None:
        self._check_card_phase()
        cards = self._check_hand(action.cards, 2)
        if any(self.cards[c].numbered for c in cards):
            self._fail("territory_cards_only", "a transport takes two territory cards")
        a, b = (self.cards[c].territories for c in cards)
        s, t = action.source, action.target
        if not (
            isinstance(s, str)
            and isinstance(t, str)
            and ((s in a and t in b) or (s in b and t in a))
        ):
            self._fail(
                "not_on_card", "move from a territory of one card to a territory of the other"
            )
        self._check_own(s, "move armies from")
        self._check_own(t, "move armies to")
        top = self.movable_from(s)
        if type(action.count) is not int or not 1 <= action.count <= top:
            # One move per army per turn, by any means (RULINGS.md, WAR II readings).
            self._fail(
                "move_once" if self.moved.get(s) else "occupation_army",
                f"move 1 to {top} armies: one always stays, and armies that moved "
                "this turn do not move again",
            )

    def _check_discard(self, action: Discard) -> None:
        self._check_card_phase()
        self._check_hand((action.card,))

    # air
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

    def _check_airlift(self, action: Airlift) -> None:
        if self.phase != Phase.REGROUP:
            self._fail("not_regroup_phase", "airlift after ending your attacks")
        self._check_own(action.source, "fly armies from")
        self._check_own(action.target, "fly armies to")
        centres = self.rules.centres
        if action.source not in centres or action.target not in centres:
            self._fail("not_centre", "armies fly only between Strategic Centres")
        if action.source == action.target:
            self._fail("same_territory", "fly to another Strategic Centre")
        top = self.movable_from(action.source)
        if type(action.count) is not int or not 1 <= action.count <= top:
            rule = "airlift_chain" if self.moved.get(action.source) else "occupation_army"
            self._fail(
                rule,
                f"only {top} armies may fly from "
                f"{self.board.territories[action.source].name}: one stays and "
                "armies moved this turn do not move on",
            )

    # information centres
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

    # ----------------------------------------------------------------- views and JSON
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: the classic view plus bombers, centres, the air attack,
        Information Centres, and only their own spying results."""
        data = super().view(player)
        for key in ("next_trade_value", "trades_done"):
            data.pop(key, None)
        n = len(self.players)
        data.update(
            {
                "stage": self.stage,
                "strategic_centres": list(self.rules.centres),
                "air_base": list(self.bombers),
                "bomber_box": [self.bombers_in_box(i) for i in range(n)],
                "air": dict(self.air) if self.air else None,
                "centre_cards_left": list(self.centre_cards_left),
                "information_centres": {k: dict(v) for k, v in self.ci.items()},
                "intel": {k: dict(v) for k, v in self.intel.get(str(player), {}).items()},
                "hand_cards": [self.cards[c].to_json() for c in self.players[player].cards],
                "airlifted": dict(self.airlifted),
            }
        )
        return data

    # ------------------------------------------------------ saved state and invariants
    EXTRA_KEYS: ClassVar[tuple[str, ...]] = ("war2",)
    POSITION_EXTRA: ClassVar[tuple[str, ...]] = ("bombers", "ci")
    WAR2_KEYS: ClassVar[tuple[str, ...]] = (
        "stage",
        "bombers",
        "air",
        "centre_cards_left",
        "choices_made",
        "pair_choices",
        "airlifted",
        "ci",
        "ci_moved",
        "spied",
        "intel",
    )
    AIR_KEYS: ClassVar[tuple[str, ...]] = (
        "target",
        "defender",
        "bombers",
        "launched",
        "source",
        "resume",
    )

    def _extra_json(self) -> dict[str, Any]:
        """The ``war2`` part of the saved state."""
        return {
            "war2": {
                "stage": self.stage,
                "bombers": list(self.bombers),
                "air": dict(self.air) if self.air else None,
                "centre_cards_left": list(self.centre_cards_left),
                "choices_made": self.choices_made,
                "pair_choices": self.pair_choices,
                "airlifted": dict(self.airlifted),
                "ci": {k: dict(v) for k, v in self.ci.items()},
                "ci_moved": list(self.ci_moved),
                "spied": self.spied,
                "intel": copy.deepcopy(self.intel),
            }
        }

    def _read_extra(self, data: dict[str, Any], read: Any) -> None:
        w = read.obj(data["war2"], "war2", self.WAR2_KEYS)
        n = len(self.players)
        seat = n - 1 if n else 0
        territories = self.board.territories
        top = self.rules.bombers_per_player
        self.stage = read.int(w["stage"], "war2.stage", 0, 2)
        self.bombers = read.ints(w["bombers"], "war2.bombers", 0, top, 16)
        air = w["air"]
        if air is None:
            self.air = None
        else:
            read.obj(air, "war2.air", self.AIR_KEYS)
            self.air = {
                "target": read.str(air["target"], "war2.air.target", 80, territories),
                "defender": read.int(air["defender"], "war2.air.defender", 0, seat),
                "bombers": read.int(air["bombers"], "war2.air.bombers", 0, 10**6),
                "launched": read.int(air["launched"], "war2.air.launched", 0, 10**6),
                "source": read.str(air["source"], "war2.air.source", 10, ("base", "box")),
                "resume": Phase(read.str(air["resume"], "war2.air.resume", 20, CARD_PHASES)),
            }
        self.centre_cards_left = [
            read.str(t, f"war2.centre_cards_left[{i}]", 80, self.rules.centres)
            for i, t in enumerate(
                read.array(
                    w["centre_cards_left"], "war2.centre_cards_left", len(self.rules.centres)
                )
            )
        ]
        self.choices_made = read.int(w["choices_made"], "war2.choices_made", 0, 16)
        self.pair_choices = read.int(w["pair_choices"], "war2.pair_choices", 0, 16)
        self.airlifted = read.counts(w["airlifted"], "war2.airlifted", territories)
        seats = [str(i) for i in range(n)]
        self.ci = {}
        for k, v in read.mapping(w["ci"], "war2.ci", 16).items():
            read.str(k, "war2.ci", 3, seats)
            ci = read.obj(v, f"war2.ci.{k}", ("territory", "holder"))
            where = ci["territory"]
            self.ci[k] = {
                "territory": None
                if where is None
                else read.str(where, f"war2.ci.{k}.territory", 80, territories),
                "holder": read.int(ci["holder"], f"war2.ci.{k}.holder", 0, seat),
            }
        self.ci_moved = read.ints(w["ci_moved"], "war2.ci_moved", 0, seat, 16)
        self.spied = read.bool(w["spied"], "war2.spied")
        self.intel = {}
        for k, seen_by in read.mapping(w["intel"], "war2.intel", 16).items():
            read.str(k, "war2.intel", 3, seats)
            self.intel[k] = {}
            for t, seen in read.mapping(seen_by, f"war2.intel.{k}", 16).items():
                where = f"war2.intel.{k}.{t[:3]}"
                read.str(t, where, 3, seats)
                item = read.obj(seen, where, ("cards", "turn"), ("objective",))
                entry: dict[str, Any] = {
                    "cards": read.ints(
                        item["cards"], f"{where}.cards", 0, len(self.cards) - 1, len(self.cards)
                    ),
                    "turn": read.int(item["turn"], f"{where}.turn", 0, 10**7),
                }
                if "objective" in item:
                    entry["objective"] = read.str(item["objective"], f"{where}.objective", 80)
                # The key order of the engine's own intel records, for equal saves.
                self.intel[k][t] = {
                    key: entry[key] for key in ("cards", "objective", "turn") if key in entry
                }

    def _read_position_extra(self, position: dict[str, Any], read: Any, seats: int) -> None:
        keys = [str(i) for i in range(seats)]
        for k, v in read.mapping(
            position.get("bombers", {}), "setup.scenario.bombers", seats
        ).items():
            read.str(k, "setup.scenario.bombers", 3, keys)
            read.int(v, f"setup.scenario.bombers.{k}", 0, self.rules.bombers_per_player)
        for k, v in read.mapping(position.get("ci", {}), "setup.scenario.ci", seats).items():
            read.str(k, "setup.scenario.ci", 3, keys)
            read.str(v, f"setup.scenario.ci.{k}", 80, self.board.territories)

    def may_hold_armies(self) -> bool:
        """In the reinforce phase, and during an air attack launched from it by a card."""
        return self.phase == Phase.REINFORCE or (
            self.phase == War2Phase.AIR
            and self.air is not None
            and self.air["resume"] == Phase.REINFORCE
        )

    def setup_in_progress(self) -> bool:
        """Territories are being chosen in the setup phases."""
        return self.phase in SETUP_PHASES

    def first_mover(self) -> int:
        """The claims go round the table from the dealer, and the player after the last
        claimer starts. With 5 players two take the centre cards left and the others two
        territories each first."""
        n = len(self.players)
        if self.phase in SETUP_PHASES:
            vacant = sum(1 for t in self.board.territories if t not in self.owner)
            if self.phase == War2Phase.CENTRE_CHOICE:
                left = len(self.centre_cards_left)
                vacant -= left + 2 * (n - left)
            return (self.dealer + vacant) % n
        return self.first_player

    def variant_problems(self) -> list[str]:
        """Invariants of WAR II's own state: bombers, the air attack, the first round's
        stages, the setup choices, hands, the used pile and the Information Centres."""
        problems = []
        n = len(self.players)
        rules = self.rules
        total = rules.bombers_per_player
        if len(self.bombers) != n or not all(0 <= b <= total for b in self.bombers):
            problems.append("bad air base counts")
        elif (self.phase == War2Phase.AIR) != (self.air is not None):
            problems.append("bad air attack")
        elif self.air is not None:
            air = self.air
            flying, launched = air["bombers"], air["launched"]
            target = air["target"]
            if (
                not 0 < flying <= launched <= total - self.bombers[self.current]
                or self.owner.get(target) in (None, self.current)
                or air["defender"] != self.owner.get(target)
            ):
                problems.append("bad air attack")
        if self.stage not in (0, 1, 2) or (self.round == 1) != (self.stage in (1, 2)):
            problems.append("bad stage of the first round")
        if self.setup_in_progress() and (self.round != 1 or self.stage != 1):
            problems.append("the setup belongs to the first round")
        if (
            not set(self.centre_cards_left) <= set(rules.centres)
            or any(t in self.owner for t in self.centre_cards_left)
            or len(set(self.centre_cards_left)) != len(self.centre_cards_left)
        ):
            problems.append("bad Strategic Centre cards left")
        if self.centre_cards_left and self.phase != War2Phase.CENTRE_CHOICE:
            problems.append("Strategic Centre cards left after the choice")
        if not self.pair_choices <= self.choices_made <= n:
            problems.append("bad count of setup choices")
        if any(len(p.cards) > rules.hand_limit for p in self.players):
            problems.append("a hand holds more than the limit")
        if len(self.discard) >= rules.discard_reshuffle_at:
            problems.append("the used cards should have gone back into the deck")
        for t, k in self.airlifted.items():
            if self.owner.get(t) != self.current or t not in rules.centres or k < 1:
                problems.append(f"bad airlift to {t}")
        problems += self._ci_problems()
        return problems

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

    def _deck_size(self) -> int:
        return len(self.cards)
