"""WAR II for the bot levels: what WAR II adds on top of each level's classic play.

The registry names :class:`War2Layer` as WAR II's ``Variant.bot_layer``: every level
(:class:`pywar.ai.base.Bot`) hands a WAR II position to it, with its ``skill``.

The levels keep their own placement, land attacks, occupation and regrouping (the classic
family's, which already count majorities and Strategic Centres through
:func:`pywar.ai.core.war2_worth` and the income of :class:`pywar.ai.core.Position`). This
layer adds, from ``game.view(me)`` only:

* the setup: Strategic Centre cards (5 players) and the claims round the table, by
  objective, continent majorities and neighbours;
* cards: a territory card with numbered cards for armies on a territory one holds, for
  bombers against an enemy territory, two for a transport; discarding to make room;
* air attacks from the air base and from cards, softening the target of a land attack
  (exact outcome tables of the air dice: :func:`air_dist`), going on or stopping each round;
* airlift between Strategic Centres in the regroup phase;
* with the option, the Information Centre (placed out of harm's way, moved away from
  danger) and spying once a turn.

The levels differ in how well they do it (``War2Style``): easy uses its cards and bombers
at once where it is going to attack; normal weighs targets by value and exact odds; hard
flies its raids as normal does and weighs airlifts with its whole-board evaluation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...actions import Action, EndTurn
from ...ai.base import Bot, BotLayer, Clock, RolloutPlay, Thinking
from ...ai.core import BoardInfo, Position, board_info, p_win
from ...ai.normal import front_distance, threat_of
from ...ai.objective import target_weights
from .. import get_variant
from .actions import (
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
)
from .air_odds import air_dist, expected_p_win, raid_gains, raid_plan, raid_targets, stop_level
from .data import War2Card, War2Rules, war2_rules
from .hard_air import airlift_targets, with_raid

CARD_PHASES = ("reinforce", "attack", "regroup")


@dataclass(frozen=True)
class War2Style:
    """How a level plays WAR II's pieces."""

    #: 0: plain (claims near its own, uses cards and bombers at once); 1: weighed by value
    #: and exact odds; 2: weighed by the whole-board evaluation where it counts.
    skill: int = 1
    #: Odds of the land attack at which bombing stops (bombers kept for another day).
    air_aim: float = 0.9
    #: Smallest gain (value x odds) for which a bombing raid is flown.
    air_min_gain: float = 0.15


# --------------------------------------------------------------------- the layer
class War2Layer(BotLayer):
    """WAR II decisions of one bot, played with its level's ``skill`` (:class:`War2Style`)."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot)
        self.style = War2Style(skill=bot.skill)
        self._values: list[float] | None = None

    # ------------------------------------------------- the hard level's hooks
    def rollout_opening(
        self,
        pos: Position,
        owner: list[int],
        armies: list[int],
        values: list[float],
        play: RolloutPlay,
    ) -> RolloutPlay:
        """Hard's placement rollouts start with the air base's best raid."""
        if not pos.air_base:
            return play
        return with_raid(pos, owner, armies, values, play)

    def regroup_targets(self, pos: Position, s: int) -> list[int]:
        """Armies fly between Strategic Centres too."""
        return airlift_targets(pos, s)

    def regroup_move(self, pos: Position, s: int, u: int, k: int) -> Action:
        """An airlift when ``u`` is no neighbour of ``s``."""
        if u not in pos.info.nbrs[s]:
            return Airlift(pos.info.ids[s], pos.info.ids[u], k)
        return super().regroup_move(pos, s, u, k)

    # -------------------------------------------------------------- driving
    def decide(self, view: dict[str, Any], clock: Clock) -> Thinking:
        """Generator: the action for this WAR II view (yields between chunks)."""
        info = board_info(view["variant"])
        rules = war2_rules(get_variant(view["variant"]).board.id)
        phase = view["phase"]
        if phase in ("centre_choice", "claim"):
            return self.setup(view, info, rules)
        if phase == "air":
            return self.air_round(view, info)
        me = view["me"]
        if phase in CARD_PHASES and view.get("information_centres"):
            action = self.ci_action(view, info)
            if action is not None:
                return action
        pos = Position.from_view(view)
        hand = [rules.cards[c] for c in view["players"][me].get("hand", [])]
        if phase == "occupy":
            action = yield from self.bot.decide(view, False, clock)
            return action
        if phase == "reinforce":
            action = self.transport(pos, hand) or self.use_armies_cards(pos, view, hand, rules)
            if action is not None:
                return action
            action = yield from self.bot.decide(view, False, clock)
            return action
        if phase == "attack":
            action = self.air_attack(pos, view, hand, rules)
            if action is None:
                action = self.transport(pos, hand)
            if action is None:
                action = yield from self.bot.decide(view, False, clock)
            return action
        if phase == "regroup":
            # Hard weighs airlifts among its regrouping moves.
            action = None if self.style.skill >= 2 else self.airlift(pos, view, info)
            if action is None:
                action = yield from self.bot.decide(view, False, clock)
            if isinstance(action, EndTurn):
                action = (
                    self.move_ci(pos, view, info)
                    or self.make_room(pos, view, hand, rules)
                    or action
                )
            return action
        raise RuntimeError(f"nothing to do in phase {phase}")  # pragma: no cover

    # -------------------------------------------------------------- setup
    def setup(self, view: dict[str, Any], info: BoardInfo, rules: War2Rules) -> Action:
        """A Strategic Centre card or two territories (5 players), or a claim."""
        owner = {info.index[t]: o for t, o in view["owner"].items()}
        vacant = [t for t in range(info.n) if t not in owner]
        score = {t: self.claim_score(view, info, owner, t) for t in vacant}
        if view["phase"] == "claim":
            return Claim(info.ids[max(vacant, key=lambda t: (score[t], -t))])
        centres_left = [info.index[t] for t in view.get("centre_cards_left", [])]
        ranked = sorted((t for t in vacant if not info.is_centre[t]), key=lambda t: (-score[t], t))
        pair = None
        for i, a in enumerate(ranked):
            b = next((x for x in ranked[i + 1 :] if info.cont_of[x] != info.cont_of[a]), None)
            if b is not None:
                pair = (a, b)
                break
        # Choices so far: the pairs claimed and the centre cards taken; pairs close when
        # the players still to choose are no more than the centre cards left.
        pairs = sum(1 for t in owner if not info.is_centre[t]) // 2
        chosen = pairs + rules.five_players_left_centres - len(centres_left)
        pairs_open = len(view["players"]) - chosen > len(centres_left)
        if centres_left:
            best = max(centres_left, key=lambda t: (score.get(t, 0.0), -t))
            # A centre gives 2 armies now and an army and a bomber every turn.
            if (
                self.style.skill == 0
                or pair is None
                or not pairs_open
                or (score.get(best, 0.0) + 2.0 >= score[pair[0]] + score[pair[1]])
            ):
                return TakeCentre(info.ids[best])
        assert pair is not None
        return ClaimPair(info.ids[pair[0]], info.ids[pair[1]])

    def claim_score(
        self, view: dict[str, Any], info: BoardInfo, owner: dict[int, int], t: int
    ) -> float:
        """How much a vacant territory is worth claiming."""
        me = view["me"]
        c = info.cont_of[t]
        ts = info.conts[c]
        mine = sum(1 for x in ts if owner.get(x) == me)
        theirs = sum(1 for x in ts if x in owner and owner[x] != me)
        friends = sum(1 for u in info.nbrs[t] if owner.get(u) == me)
        if self.style.skill == 0:  # the simple bot's liking: own continents, small ones
            return mine - 0.5 * theirs + friends + 4.0 / len(ts)
        spec = info.objectives.get(view["players"][me].get("objective", ""), {})
        size = len(ts)
        need = size // 2 + 1
        vacant = size - mine - theirs
        score = 0.6 * friends
        score -= 0.15 * sum(1 for u in info.nbrs[t] if u in owner and owner[u] != me)
        if mine < need <= mine + vacant:  # the majority is still to be had
            score += info.majority[c] / (need - mine)
            if theirs == 0:
                score += info.bonus[c] / (size - mine)
        elif mine >= need and theirs == 0:  # on the way to the whole continent
            score += info.bonus[c] / max(1, size - mine)
        others: dict[int, int] = {}
        for x in ts:
            o = owner.get(x)
            if o is not None and o != me:
                others[o] = others.get(o, 0) + 1
        if any(k == need - 1 for k in others.values()):  # deny a majority one short
            score += 0.5 * info.majority[c]
        kind = spec.get("kind")
        if kind == "continents":
            wanted = {info.continent_index(x) for x in spec["continents"]}
            if c in wanted:
                score += 1.5
        elif kind == "centres":
            if any(info.is_centre[u] for u in info.nbrs[t]):
                score += 0.8
        elif kind == "majorities":
            score += 0.3 * info.majority[c] / max(1, need - mine)
        elif kind == "destroy":
            victim = next(
                (k for k, p in enumerate(view["players"]) if p["color"] == spec.get("color")), None
            )
            if victim is not None and any(owner.get(u) == victim for u in info.nbrs[t]):
                score += 0.5
        if any(info.is_centre[u] and owner.get(u) == me for u in info.nbrs[t]):
            score += 0.4  # cover for one's own centre
        return score

    # ------------------------------------------------------- information centres
    def ci_action(self, view: dict[str, Any], info: BoardInfo) -> Action | None:
        """Place one's Information Centre in the first rounds; spy once a turn."""
        me = view["me"]
        mine = view["information_centres"].get(str(me))
        if mine is None:
            return None
        if mine["territory"] is None:
            if view["round"] > 2:
                return None
            pos = Position.from_view(view)
            return PlaceCI(info.ids[self.safest(pos, pos.mine())])
        if mine["holder"] != me or self.spied(view):
            return None
        others = [p for p, pl in enumerate(view["players"]) if p != me and pl["alive"]]
        if not others:
            return None
        mem = self.bot.memory.setdefault(me, {})
        mem["spied_turn"] = view["turn"]
        seen = view.get("intel", {})
        # Whom to watch: the one with the most cards, the least recently seen first.
        return Spy(
            max(
                others,
                key=lambda p: (
                    view["players"][p]["cards"],
                    -seen.get(str(p), {}).get("turn", -1),
                    -p,
                ),
            )
        )

    def spied(self, view: dict[str, Any]) -> bool:
        """Whether this seat spied this turn already (its memory, or what it has seen)."""
        me = view["me"]
        if self.bot.memory.get(me, {}).get("spied_turn") == view["turn"]:
            return True
        return any(
            s.get("turn") == view["turn"] and "objective" not in s
            for s in view.get("intel", {}).values()
        )

    def safest(self, pos: Position, options: list[int]) -> int:
        """The own territory among ``options`` least exposed to the enemy."""
        dist = front_distance(pos)
        threat = threat_of(pos)
        return max(
            options, key=lambda t: (min(dist[t], 3), -threat[t] / pos.armies[t], pos.armies[t], -t)
        )

    def move_ci(self, pos: Position, view: dict[str, Any], info: BoardInfo) -> Action | None:
        """Move a held Information Centre away from a territory in danger."""
        if not view.get("information_centres") or self.style.skill == 0:
            return None
        me = pos.me
        moved = self.bot.memory.setdefault(me, {}).setdefault("ci_moved", {})
        for seat, ci in sorted(view["information_centres"].items()):
            where = ci["territory"]
            if where is None or ci["holder"] != me or moved.get(seat) == pos.turn:
                continue
            here = info.index[where]
            if self.danger(pos, here) < 0.25:
                continue
            options = [u for u in info.nbrs[here] if pos.owner[u] == me]
            if info.is_centre[here]:
                options += [c for c in info.centres if pos.owner[c] == me and c != here]
            if not options:
                continue
            best = min(options, key=lambda u: (self.danger(pos, u), -pos.armies[u], u))
            if self.danger(pos, best) < self.danger(pos, here) - 0.1:
                moved[seat] = pos.turn
                return MoveCI(int(seat), info.ids[best])
        return None

    @staticmethod
    def danger(pos: Position, t: int) -> float:
        """Odds that the strongest enemy neighbour takes ``t`` next turn (roughly)."""
        strongest = max(
            (pos.armies[u] for u in pos.info.nbrs[t] if pos.owner[u] != pos.me), default=0
        )
        return p_win(strongest + 2, pos.armies[t]) if strongest else 0.0

    # -------------------------------------------------------------------- cards
    def card_places(self, pos: Position, card: War2Card) -> tuple[list[int], list[int]]:
        """(own, enemy) territories of a territory card."""
        info = pos.info
        ts = [info.index[t] for t in card.territories]
        return (
            [t for t in ts if pos.owner[t] == pos.me],
            [t for t in ts if pos.owner[t] != pos.me],
        )

    def use_armies_cards(
        self, pos: Position, view: dict[str, Any], hand: list[War2Card], rules: War2Rules
    ) -> Action | None:
        """Territory cards naming own territories, for armies there (the numbered cards go
        with the best of them, unless they are kept for bombers)."""
        places = [c for c in hand if not c.numbered]
        numbers = tuple(sorted(c.index for c in hand if c.numbered))
        if not places:
            return None
        dist = front_distance(pos)
        values = self.bot_values(pos)
        best: tuple[float, War2Card, int] | None = None
        for card in places:
            own, _ = self.card_places(pos, card)
            for t in own:
                near = max(
                    (values[u] for u in pos.info.nbrs[t] if pos.owner[u] != pos.me), default=0.0
                )
                score = near - 2.0 * min(dist[t], 3) + (1.0 if pos.info.is_centre[t] else 0.0)
                if best is None or score > best[0]:
                    best = (score, card, t)
        if best is None:
            return None
        score, card, t = best
        keep_for_air = self.style.skill > 0 and self.air_card_target(pos, view, hand) is not None
        use = (
            numbers
            if (
                not keep_for_air
                and (
                    self.style.skill == 0
                    or dist[t] <= 1
                    or pos.info.is_centre[t]
                    or len(hand) >= rules.hand_limit - 1
                )
            )
            else ()
        )
        return CardArmies(card.index, pos.info.ids[t], use)

    def bot_values(self, pos: Position) -> list[float]:
        """The level's worth of conquering each territory (once per decision)."""
        if self._values is not None:
            return self._values
        values = getattr(self.bot, "values", None)
        if values is not None:
            self._values = list(values(pos))
        else:
            w = target_weights(pos, pos.objective, pos.me)
            self._values = [
                0.0 if pos.owner[t] == pos.me else 1.0 + 3.0 * w[t] for t in range(pos.info.n)
            ]
        return self._values

    def air_card_target(
        self, pos: Position, view: dict[str, Any], hand: list[War2Card]
    ) -> tuple[War2Card, int, float] | None:
        """The enemy territory card best used for bombers: (card, target, gain)."""
        box = view["bomber_box"][pos.me]
        if box < 1:
            return None
        values = self.bot_values(pos)
        numbers = sum(c.value for c in hand if c.numbered)
        best: tuple[War2Card, int, float] | None = None
        for card in hand:
            if card.numbered:
                continue
            _, enemy = self.card_places(pos, card)
            for t in enemy:
                if pos.armies[t] < 2:
                    continue
                a = self.best_source(pos, t)
                if a < 2 and self.style.skill > 0:
                    continue
                count = min(box, 1 + numbers)
                gain = self.air_gain(pos, t, a, count, values[t])
                if best is None or gain > best[2]:
                    best = (card, t, gain)
        if best is None or (self.style.skill > 0 and best[2] < self.style.air_min_gain):
            return None
        return best

    def make_room(
        self, pos: Position, view: dict[str, Any], hand: list[War2Card], rules: War2Rules
    ) -> Action | None:
        """Before the turn's cards are drawn: use what is left, throw away the worst."""
        if not pos.conquered or len(hand) <= rules.hand_limit - rules.cards_per_conquest_turn:
            return None
        own = [c for c in hand if not c.numbered and self.card_places(pos, c)[0]]
        numbers = tuple(sorted(c.index for c in hand if c.numbered))
        if own:
            card = own[0]
            t = self.card_places(pos, card)[0]
            threat = threat_of(pos)
            where = max(t, key=lambda x: (threat[x], -x))
            return CardArmies(card.index, pos.info.ids[where], numbers)
        if self.style.skill == 0:
            worst = min(hand, key=lambda c: (not c.numbered, c.value, c.index))
            return Discard(worst.index)

        # A new card is worth about 1.4; keep what is worth more.
        def worth(c: War2Card) -> float:
            if c.numbered:
                return 0.8 * c.value
            _, enemy = self.card_places(pos, c)
            near = any(self.best_source(pos, t) >= 2 for t in enemy)
            return 1.5 if near else 0.7

        worst = min(hand, key=lambda c: (worth(c), c.index))
        if worth(worst) < 1.4:
            return Discard(worst.index)
        return None

    # -------------------------------------------------------------- air attacks
    def best_source(self, pos: Position, t: int) -> int:
        """Armies of the strongest own territory next to ``t`` (0 if none)."""
        return max((pos.armies[u] for u in pos.info.nbrs[t] if pos.owner[u] == pos.me), default=0)

    def air_gain(self, pos: Position, t: int, a: int, bombers: int, value: float) -> float:
        """Value times the odds a bombing raid adds to the land attack of ``a`` on ``t``."""
        d = pos.armies[t]
        if a < 2:
            # No land attack follows: the armies destroyed are worth a little.
            left = sum(q * x for x, q in air_dist(min(bombers, 13), d))
            return 0.05 * (d - left)
        stop = stop_level(a, d, self.style.air_aim) if self.style.skill else 1
        dist = air_dist(min(bombers, 13), d, stop)
        return value * (expected_p_win(a, dist) - p_win(a, d))

    def air_attack(
        self, pos: Position, view: dict[str, Any], hand: list[War2Card], rules: War2Rules
    ) -> Action | None:
        """A raid from the air base or with a card, against the target of a land attack."""
        me = pos.me
        base = view["air_base"][me]
        floor = rules.air_target_min_armies
        numbers = [c for c in hand if c.numbered]
        found = self.air_card_target(pos, view, hand)
        if found is not None:
            card, t, _ = found
            box = view["bomber_box"][me]
            extra: list[int] = []
            count = 1
            for c in sorted(numbers, key=lambda c: (-c.value, c.index)):
                if count + c.value <= box and (
                    self.style.skill == 0 or self.want_more(pos, t, count)
                ):
                    extra.append(c.index)
                    count += c.value
            return CardAirAttack(card.index, pos.info.ids[t], tuple(sorted(extra)))
        if base < 1:
            return None
        values = self.bot_values(pos)
        best: tuple[float, int] | None = None
        for t in range(pos.info.n):
            if pos.owner[t] == me or pos.armies[t] < floor:
                continue
            a = self.best_source(pos, t)
            if a < 2:
                continue
            if self.style.skill == 0:
                gain = values[t] * (a - 1) / pos.armies[t]
                if a < 3:
                    continue
            else:
                gain = self.air_gain(pos, t, a, base, values[t])
            if best is None or gain > best[0]:
                best = (gain, t)
        if best is None:
            return self.air_defence(pos, view, base, floor)
        if self.style.skill > 0 and best[0] < self.style.air_min_gain:
            return self.air_defence(pos, view, base, floor)
        return AirAttack(pos.info.ids[best[1]], base)

    def want_more(self, pos: Position, t: int, bombers: int) -> bool:
        """Whether more bombers still help against ``t`` (its armies beyond what they
        destroy on average: about 1.75 an aircraft)."""
        return 1.75 * bombers < pos.armies[t] - 1

    def air_defence(
        self, pos: Position, view: dict[str, Any], base: int, floor: int
    ) -> Action | None:
        """With bombers piling up in the base and no raid before a land attack: bomb the
        strongest enemy stack next to us."""
        if self.style.skill == 0 or base < 3:
            return None
        if view["bomber_box"][pos.me] > 2:
            return None  # bombers still come every turn: keep these
        me = pos.me
        best: tuple[int, int] | None = None
        for t in range(pos.info.n):
            if pos.owner[t] == me or pos.armies[t] < max(floor, 4):
                continue
            if not any(pos.owner[u] == me for u in pos.info.nbrs[t]):
                continue
            if best is None or pos.armies[t] > best[0]:
                best = (pos.armies[t], t)
        if best is None:
            return None
        return AirAttack(pos.info.ids[best[1]], base)

    def air_round(self, view: dict[str, Any], info: BoardInfo) -> Action:
        """Go on with the raid while it helps the land attack, else keep the bombers."""
        air = view["air"]
        if self.style.skill == 0:
            return AirRound()
        t = info.index[air["target"]]
        d = view["armies"][air["target"]]
        me = view["me"]
        a = max(
            (view["armies"][info.ids[u]] for u in info.nbrs[t] if view["owner"][info.ids[u]] == me),
            default=0,
        )
        if a >= 2 and p_win(a, d) >= self.style.air_aim:
            return AirStop()
        return AirRound()

    # ------------------------------------------------------------------ moves
    def transport(self, pos: Position, hand: list[War2Card]) -> Action | None:
        """Two territory cards: carry an idle stack to where it can attack."""
        if self.style.skill == 0:
            return None
        places = [c for c in hand if not c.numbered]
        if len(places) < 2:
            return None
        dist = front_distance(pos)
        values = self.bot_values(pos)
        best: tuple[float, int, int, int, int] | None = None
        for i, c1 in enumerate(places):
            for c2 in places[i + 1 :]:
                own1, _ = self.card_places(pos, c1)
                own2, _ = self.card_places(pos, c2)
                for src_list, dst_list in ((own1, own2), (own2, own1)):
                    for s in src_list:
                        k = pos.armies[s] - 1 - pos.moved[s]
                        if k < 4 or dist[s] == 0:
                            continue
                        for u in dst_list:
                            if dist[u] != 0:
                                continue
                            near = max(
                                (values[x] for x in pos.info.nbrs[u] if pos.owner[x] != pos.me),
                                default=0.0,
                            )
                            score = k * (1.0 + 0.2 * near)
                            if best is None or score > best[0]:
                                best = (score, c1.index, c2.index, s, u)
        if best is None:
            return None
        _, a, b, s, u = best
        k = pos.armies[s] - 1 - pos.moved[s]
        return Transport((a, b), pos.info.ids[s], pos.info.ids[u], k)

    def airlift(self, pos: Position, view: dict[str, Any], info: BoardInfo) -> Action | None:
        """Fly idle armies from a Strategic Centre behind the lines to one at the front."""
        me = pos.me
        centres = [c for c in info.centres if pos.owner[c] == me]
        if len(centres) < 2:
            return None
        dist = front_distance(pos)
        threat = threat_of(pos)
        values = self.bot_values(pos)
        rear = [c for c in centres if dist[c] > 0 and pos.armies[c] - 1 - pos.moved[c] > 0]
        front = [c for c in centres if dist[c] == 0]
        if not rear or not front:
            return None
        source = max(rear, key=lambda c: (pos.armies[c] - pos.moved[c], -c))

        def need(c: int) -> tuple[float, int]:
            if self.style.skill == 0:
                return threat[c], -c
            near = max((values[u] for u in info.nbrs[c] if pos.owner[u] != me), default=0.0)
            return threat[c] / pos.armies[c] + 0.3 * near, -c

        target = max(front, key=need)
        k = pos.armies[source] - 1 - pos.moved[source]
        if self.style.skill > 0 and view["information_centres"]:
            k = min(k, pos.armies[source] - 1 - pos.moved[source])
        return Airlift(info.ids[source], info.ids[target], k)


__all__ = [
    "War2Layer",
    "War2Style",
    "air_dist",
    "expected_p_win",
    "raid_gains",
    "raid_plan",
    "raid_targets",
    "stop_level",
]
