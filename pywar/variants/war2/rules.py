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
from typing import Any, ClassVar

from ...actions import Action, EndAttack, EndTurn, Occupy, Regroup
from ...errors import WarError
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
from .air import AirAttacks
from .base import CARD_PHASES, SETUP_PHASES, War2Phase
from .intel import InformationCentres


# ------------------------------------------------------------------------------------ game
class War2Game(InformationCentres, AirAttacks):
    """A game of WAR II: the classic engine plus the book's setup, two-stage first round,
    majority and Strategic Centre reinforcements, bombers, airlift, cards and the options.

    Its state and card helpers are :class:`~pywar.variants.war2.base.War2Base`'s; the air
    attacks (:mod:`~pywar.variants.war2.air`) and the Information Centres option
    (:mod:`~pywar.variants.war2.intel`) are in their own classes."""

    PHASES: ClassVar[tuple[str, ...]] = (
        *SETUP_PHASES,
        Phase.REINFORCE,
        Phase.ATTACK,
        Phase.OCCUPY,
        War2Phase.AIR,
        Phase.REGROUP,
        Phase.OVER,
    )

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

    def pair_allowed(self) -> bool:
        """Whether the setup's option 2 (two armies on two territories) is still open: it
        closes once the players still to choose are no more than the Strategic Centre cards
        left (with 5 players: when three others chose it)."""
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
    def _discard(self, cards: list[int], events: list[Event]) -> None:
        self.discard.extend(cards)
        if len(self.discard) >= self.rules.discard_reshuffle_at:
            self._reshuffle(events)

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
                "round": self.round,
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
            centres: int = spec["count"]
            territories: int = spec.get("territories", 0)
            return (
                len(self.centres_of(seat)) >= centres
                and len(self.territories_of(seat)) >= territories
            )
        if spec["kind"] == "majorities":
            held = sum(
                1
                for c in self.board.continents.values()
                if 2 * sum(self.owner[t] == seat for t in c.territories) > len(c.territories)
            )
            need: int = spec["count"]
            return held >= need
        return super()._achieved(seat)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (counted actions once per count)."""
        if self.phase == Phase.OVER:
            return []
        me = self.current
        if self.phase == War2Phase.CENTRE_CHOICE:
            out: list[Action] = [TakeCentre(t) for t in self.centre_cards_left]
            if self.pair_allowed():
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
        if not self.pair_allowed():
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
    def _check_card_armies(self, action: CardArmies) -> None:
        self._check_place_card(action.card, action.territory, action.numbers)
        if self.owner[action.territory] != self.current:
            self._fail("not_your_territory", "armies from a card go on a territory you hold")

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
                item = read.obj(seen, where, ("cards", "turn"), ("objective", "round"))
                entry: dict[str, Any] = {
                    "cards": read.ints(
                        item["cards"], f"{where}.cards", 0, len(self.cards) - 1, len(self.cards)
                    ),
                    "turn": read.int(item["turn"], f"{where}.turn", 0, 10**7),
                }
                if "objective" in item:
                    entry["objective"] = read.str(item["objective"], f"{where}.objective", 80)
                if "round" in item:  # saves before 2026-11-28 have the turn alone
                    entry["round"] = read.int(item["round"], f"{where}.round", 1, 10**7)
                # The key order of the engine's own intel records, for equal saves.
                self.intel[k][t] = {
                    key: entry[key]
                    for key in ("cards", "objective", "round", "turn")
                    if key in entry
                }

    def _older_save_gaps(self, saved: dict[str, Any], replayed: dict[str, Any]) -> None:
        """What spying saw is dated by its round too since 2026-11-28 (the turn alone
        before): an older save's record takes the round its replay gives."""
        again = replayed["war2"]["intel"]
        for seer, seen_by in saved["war2"]["intel"].items():
            for seat, seen in seen_by.items():
                derived = again.get(seer, {}).get(seat, {})
                if "round" not in seen and "round" in derived:
                    seen["round"] = derived["round"]

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

    def _deck_size(self) -> int:
        return len(self.cards)
