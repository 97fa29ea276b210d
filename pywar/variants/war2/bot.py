"""The simple bot of WAR II (``Variant.bot_class``); the levels of :mod:`pywar.ai` play it
too through their WAR II layer."""

from __future__ import annotations

from ...actions import Action, EndAttack, EndTurn, Occupy, Place
from ...bot import SimpleBot
from ...game import Game
from ...phase import Phase
from .actions import (
    AirAttack,
    Airlift,
    AirRound,
    CardAirAttack,
    CardArmies,
    Claim,
    ClaimPair,
    Discard,
    PlaceCI,
    Spy,
    TakeCentre,
)
from .base import CARD_PHASES, War2Phase
from .data import CENTRES
from .rules import War2Game


class War2Bot(SimpleBot):
    """The simple bot taught WAR II: claims near its own, uses every card at once, bombs the
    territory it means to attack, airlifts to the front, spies every turn."""

    name = "simple-war2"

    def choose(self, game: Game) -> Action:
        """The next action for the current player of ``game``."""
        assert isinstance(game, War2Game)
        me = game.current
        phase = game.phase
        if phase == War2Phase.CENTRE_CHOICE:
            return self._centre_choice(game, me)
        if phase == War2Phase.CLAIM:
            return Claim(max(game.vacant(), key=lambda t: self._claim_score(game, me, t)))
        if phase == War2Phase.AIR:
            return AirRound()
        if phase == Phase.OCCUPY:
            assert game.occupy is not None
            return Occupy(game.occupy["max"])
        if game.ci and phase in CARD_PHASES:
            ci = self._ci_action(game, me)
            if ci is not None:
                return ci
        if phase in (Phase.REINFORCE, Phase.ATTACK):
            use = self._use_card(game, me)
            if use is not None:
                return use
        if game.pending_armies:
            return self._place(game, me)
        if phase == Phase.ATTACK:
            return self._air(game, me) or self._attack(game, me) or EndAttack()
        if phase == Phase.REGROUP:
            return (
                self._regroup(game, me)
                or self._airlift(game, me)
                or self._discard_for_room(game, me)
                or EndTurn()
            )
        raise RuntimeError(f"nothing to do in phase {phase}")  # pragma: no cover

    def wanted(self, game: Game, me: int) -> set[str]:
        """Territories the objective asks for (WAR II kinds included)."""
        spec = game.objective_of(me)
        if spec["kind"] == "centres":
            return set(CENTRES)
        return super().wanted(game, me)

    # setup
    def _claim_score(self, game: War2Game, me: int, t: str) -> tuple[float, int]:
        continent = game.board.continents[game.board.continent_of(t)]
        mine = sum(game.owner.get(x) == me for x in continent.territories)
        theirs = sum(x in game.owner and game.owner[x] != me for x in continent.territories)
        friends = sum(game.owner.get(n) == me for n in game.board.neighbors[t])
        small = 4.0 / len(continent.territories)
        return (mine - 0.5 * theirs + friends + small, -list(game.board.territories).index(t))

    def _centre_choice(self, game: War2Game, me: int) -> Action:
        if game.centre_cards_left:
            return TakeCentre(game.centre_cards_left[0])
        free = sorted(
            (t for t in game.vacant() if t not in game.rules.centres),
            key=lambda t: self._claim_score(game, me, t),
            reverse=True,
        )
        first = free[0]
        second = next(
            t for t in free[1:] if game.board.continent_of(t) != game.board.continent_of(first)
        )
        return ClaimPair(first, second)

    # cards and information centres
    def _ci_action(self, game: War2Game, me: int) -> Action | None:
        if game.ci[str(me)]["territory"] is None and game.round <= 2:
            return PlaceCI(
                max(
                    game.territories_of(me),
                    key=lambda t: (-self._front(game, me, t), game.armies[t]),
                )
            )
        if game.can_spy():
            others = [p for p, pl in enumerate(game.players) if p != me and pl.alive]
            if others:
                return Spy(max(others, key=lambda p: len(game.players[p].cards)))
        return None

    def _use_card(self, game: War2Game, me: int) -> Action | None:
        hand = game.players[me].cards
        places = [c for c in hand if not game.cards[c].numbered]
        numbers = tuple(sorted(c for c in hand if game.cards[c].numbered))
        wanted = self.wanted(game, me)
        for c in sorted(places):
            own = [t for t in game.cards[c].territories if game.owner[t] == me]
            if own:
                best = max(own, key=lambda t: (self._front(game, me, t), game.armies[t]))
                return CardArmies(c, best, numbers)
            floor = game.rules.air_target_min_armies
            targets = [t for t in game.cards[c].territories if game.armies[t] >= floor]
            box = game.bombers_in_box(me)
            if targets and box >= 1:
                target = max(targets, key=lambda t: (t in wanted, game.armies[t]))
                extra = numbers if 1 + sum(game.cards[x].value for x in numbers) <= box else ()
                return CardAirAttack(c, target, extra)
        return None

    def _discard_for_room(self, game: War2Game, me: int) -> Action | None:
        hand = game.players[me].cards
        room = game.rules.hand_limit - game.rules.cards_per_conquest_turn
        if not game.conquered or len(hand) <= room:
            return None
        return Discard(
            min(hand, key=lambda c: (not game.cards[c].numbered, game.cards[c].value, c))
        )

    # attacks and moves
    def _air(self, game: War2Game, me: int) -> Action | None:
        base = game.bombers[me]
        if not base:
            return None
        wanted = self.wanted(game, me)
        floor = game.rules.air_target_min_armies
        best: tuple[tuple[bool, int, int], str] | None = None
        for t, p in game.owner.items():
            if p == me or game.armies[t] < floor:
                continue
            sources = [game.armies[n] for n in game.board.neighbors[t] if game.owner[n] == me]
            if not sources or max(sources) < 3:
                continue
            key = (t in wanted, max(sources) - game.armies[t], game.armies[t])
            if best is None or key > best[0]:
                best = (key, t)
        return AirAttack(best[1], base) if best else None

    def _airlift(self, game: War2Game, me: int) -> Action | None:
        centres = game.centres_of(me)
        if len(centres) < 2:
            return None
        rear = [c for c in centres if not self._front(game, me, c) and game.movable_from(c)]
        front = [c for c in centres if self._front(game, me, c)]
        if not rear or not front:
            return None
        source = max(rear, key=lambda c: game.movable_from(c))
        target = max(front, key=lambda c: self._front(game, me, c))
        return Airlift(source, target, game.movable_from(source))

    def _place(self, game: Game, me: int) -> Place:
        for key in sorted(game.pools):
            if key.startswith("majority:"):
                cid = key.split(":", 1)[1]
                inside = [t for t in game.territories_of(me) if game.board.continent_of(t) == cid]
                best = max(inside, key=lambda t: (self._front(game, me, t), game.armies[t]))
                return Place(best, game.available_for(best))
        return super()._place(game, me)
