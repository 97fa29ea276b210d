"""The game: state, legal actions, apply, events, JSON and replay.

One :class:`Game` holds a whole game of a WAR variant. People, bots and tests all drive it
the same way::

    >>> game = Game.new("classic", [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")], seed=7)
    >>> game.phase, len(game.legal_actions()) > 0
    (<Phase.REINFORCE: 'reinforce'>, True)
    >>> events = game.apply(game.legal_actions()[-1])
    >>> Game.from_json(game.to_json()).to_json() == game.to_json()
    True

Dice come from the seeded generator, or explicitly (``game.apply(attack, rolls=([6, 3, 2],
[5, 4, 2]))``) for tests and teaching scenarios; explicit rolls are kept in the log so a
replay gives the identical state.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from .actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from .board import JOKER, Board
from .dice_stats import MAX_DICE as MAX_DICE
from .dice_stats import luck as dice_luck
from .dice_stats import record_dice
from .errors import IllegalAction, WarError
from .hooks import Event, GameState, Handler
from .objectives import objective_met
from .phase import Phase
from .player import Player
from .rng import Rng
from .variants import Variant, get_variant

SCHEMA = "pywar-game"
#: The version of the saved format written (older ones are read: see pywar/savefile.py).
SCHEMA_VERSION = 2
#: ``final_trade``: the end of a turn in which a player eliminated another and took their
#: cards (classic): sets are traded before the conquest card is drawn.
PHASES: tuple[str, ...] = tuple(Phase)
#: Actions that reveal nothing random and may be taken back within the turn.
UNDOABLE = frozenset({"place", "regroup", "occupy"})


def compare_dice(attack: list[int], defend: list[int]) -> tuple[int, int]:
    """Attacker and defender losses for sorted (highest first) dice; ties to the defence.

    >>> compare_dice([5, 4, 1], [6, 3, 1])
    (2, 1)
    """
    att_loss = def_loss = 0
    for a, d in zip(attack, defend):  # noqa: B905 - pairs stop at the shorter hand
        if a > d:
            def_loss += 1
        else:
            att_loss += 1
    return att_loss, def_loss


def is_valid_set(shapes: list[str]) -> bool:
    """Three equal shapes or three different ones; a joker stands for any shape.

    >>> is_valid_set(["square", "circle", "triangle"]), is_valid_set(["square", "square", "joker"])
    (True, True)
    >>> is_valid_set(["square", "square", "circle"])
    False
    """
    if len(shapes) != 3:
        return False
    plain = [s for s in shapes if s != JOKER]
    return len(set(plain)) in (1, len(plain)) or not plain


class Game:
    """A game of WAR: the whole state, the legal actions and the rules that change it."""

    PHASES: ClassVar[tuple[str, ...]] = PHASES

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.board: Board = variant.board
        self.options: dict[str, Any] = {}
        self.setup: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.owner: dict[str, int] = {}
        self.armies: dict[str, int] = {}
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.trades_done = 0
        self.dealer = 0
        self.first_player = 0
        self.current = 0
        #: A :class:`Phase` member, or one of the variant's own phases (``PHASES``).
        self.phase: str = Phase.REINFORCE
        self.round = 1
        self.turn = 1
        self.pools: dict[str, int] = {}
        self.must_trade = False
        self.conquered = False
        self.eliminated_someone = False
        self.moved: dict[str, int] = {}
        self.occupy: dict[str, Any] | None = None
        self.winner: int | None = None
        self.log: list[dict[str, Any]] = []
        #: Per seat, how the dice went against the exact expectation (see :meth:`luck`).
        self.dice_stats: dict[int, list[float]] = {}
        #: Territories and armies per seat at the start of every round (and at the end).
        self.timeline: list[dict[str, Any]] = []
        self._objectives = {o["id"]: o for o in self.board.objectives}
        # Objectives of an earlier edition of the board: never dealt, still read in old saves.
        for spec in self.board.raw.get("retired_objectives", ()):
            self._objectives.setdefault(spec["id"], spec)
        fallback = self.board.raw.get("fallback_objective")
        if fallback:
            self._objectives[fallback["id"]] = fallback

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(
        cls,
        variant_id: str,
        players: list[tuple[str, str]],
        seed: int = 0,
        options: dict[str, Any] | None = None,
        objectives_edition: int | None = None,
    ) -> Game:
        """Set a game up as the book says: dealer by die, territories dealt round the table,
        objectives drawn secretly, the full deck shuffled.

        ``players`` are ``(name, colour)`` pairs in seat order (clockwise).
        ``objectives_edition``: deal an earlier edition of a board's objective cards (a game
        saved before they were rebalanced replays with the cards it was dealt).

        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("classic", seats, seed=7)
        >>> game.players[game.current].name, game.pools, len(game.territories_of(0))
        ('Ana', {'free': 7}, 14)
        >>> Game.new("nope", [("Ana", "azul")])
        Traceback (most recent call last):
        ...
        pywar.errors.WarError: unknown variant 'nope'; known: brasil, classic, mitologicas, war2
        """
        variant = get_variant(variant_id)
        game = cls.class_for(variant)(variant)
        game._check_setup(players, options or {})
        game.options = {k: bool(v) for k, v in (options or {}).items()}
        game.setup = {
            "variant": variant_id,
            "players": [list(p) for p in players],
            "seed": int(seed),
            "options": dict(game.options),
        }
        # Which edition of the board's objective cards is dealt (1, the first, goes unsaid).
        edition = int(objectives_edition or game.board.raw.get("objectives_edition", 1))
        if edition > 1:
            game.setup["objectives_edition"] = edition
        game.rng = Rng(seed)
        game.players = [Player(name, color) for name, color in players]
        game._deal()
        game.log = []
        return game

    @classmethod
    def class_for(cls, variant: Variant) -> type[Game]:
        """The game class that plays ``variant``: its own (``Variant.game_class``) or ``cls``."""
        own = variant.resolve("game_class")
        if issubclass(cls, own):
            return cls
        return own  # type: ignore[no-any-return]

    # ------------------------------------------------ hooks of variants with rules of their own
    #: Top-level keys a variant adds to the saved state (see :meth:`_extra_json`).
    EXTRA_KEYS: ClassVar[tuple[str, ...]] = ()
    #: Keys a variant adds to a scenario position (see :meth:`_read_position_extra`).
    POSITION_EXTRA: ClassVar[tuple[str, ...]] = ()
    #: The round :meth:`scenario` starts in when none is given.
    SCENARIO_ROUND: ClassVar[int] = 1

    def _extra_json(self) -> dict[str, Any]:
        """A variant's own part of the saved state (nothing for the classic rules)."""
        return {}

    def _read_extra(self, data: dict[str, Any], read: Any) -> None:
        """Read a variant's own part of saved data with the loader's typed ``read``er."""

    def _read_position_extra(self, position: dict[str, Any], read: Any, seats: int) -> None:
        """Check a variant's own keys of a saved scenario position (typed reads)."""

    def _older_save_gaps(self, saved: dict[str, Any], replayed: dict[str, Any]) -> None:
        """Fill into ``saved`` (a loaded save's state data) what the replay of its log
        derives and saves of an older pywar lacked, before the two are compared (nothing
        for the classic rules)."""

    def variant_problems(self) -> list[str]:
        """Broken invariants of a variant's own state (see :mod:`pywar.invariants`)."""
        return []

    def may_hold_armies(self) -> bool:
        """Whether armies may wait to be placed now: in the reinforce phase, or after a
        trade at the end of the turn of an elimination (``final_trade``)."""
        return self.phase in (Phase.REINFORCE, Phase.FINAL_TRADE) or (
            self.phase == Phase.REGROUP and self.trade_allowed()
        )

    def setup_in_progress(self) -> bool:
        """Whether territories are still being handed out (some may have no owner yet)."""
        return False

    def first_mover(self) -> int:
        """The seat that makes the first move of the first round: known once the
        territories are dealt."""
        return self.first_player

    @classmethod
    def scenario(
        cls,
        variant_id: str,
        players: list[tuple[str, str]],
        owner: dict[str, int],
        armies: dict[str, int] | None = None,
        current: int = 0,
        hands: dict[int, list[int]] | None = None,
        objectives: dict[int, str] | None = None,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        round: int | None = None,  # noqa: A002 - the game's own word
        **extra: Any,
    ) -> Game:
        """A game set up at a given position, for rule examples and teaching.

        ``owner`` maps every territory to a seat; ``armies`` defaults to 1 each; ``hands``
        gives seats card indices (taken out of the deck); ``objectives`` overrides objective
        ids. The turn of ``current`` starts, in round ``round`` (a later round than 1 matters
        where the first round is placement only; by default :attr:`SCENARIO_ROUND`). A variant
        takes keyword arguments of its own (WAR II: ``bombers``, ``ci``; see
        :meth:`_position_extra`). The position is part of the setup, so the game still
        replays from its log.
        """
        position = {
            **cls._position(owner, armies, current, hands, objectives),
            **cls._position_extra(round, **extra),
        }
        return cls._at_position(variant_id, players, seed, options, position)

    @classmethod
    def _position_extra(cls, round: int | None, **extra: Any) -> dict[str, Any]:  # noqa: A002
        """Hook: a scenario position's own keys; the classic rules know only the round."""
        if extra:
            raise TypeError(f"unexpected scenario arguments: {', '.join(sorted(extra))}")
        round = cls.SCENARIO_ROUND if round is None else round  # noqa: A001
        return {"round": int(round)} if round != 1 else {}

    @staticmethod
    def _position(
        owner: dict[str, int],
        armies: dict[str, int] | None,
        current: int,
        hands: dict[int, list[int]] | None,
        objectives: dict[int, str] | None,
    ) -> dict[str, Any]:
        """The setup's record of a :meth:`scenario` position (JSON-ready)."""
        return {
            "owner": dict(owner),
            "armies": dict(armies or {}),
            "current": current,
            "hands": {str(k): list(v) for k, v in (hands or {}).items()},
            "objectives": {str(k): v for k, v in (objectives or {}).items()},
        }

    @classmethod
    def _at_position(
        cls,
        variant_id: str,
        players: list[tuple[str, str]],
        seed: int,
        options: dict[str, Any] | None,
        position: dict[str, Any],
    ) -> Game:
        """A new game set at ``position``, which the setup keeps for replays."""
        game = cls.new(variant_id, players, seed=seed, options=options)
        game._apply_position(position)
        game.setup["scenario"] = position
        return game

    def _apply_position(self, position: dict[str, Any]) -> None:
        owner = position.get("owner") if isinstance(position, dict) else None
        if not isinstance(owner, dict) or not all(
            isinstance(position.get(k), dict) for k in ("armies", "hands", "objectives")
        ):
            raise WarError("a position gives owner, armies, hands and objectives by key")
        if set(owner) != set(self.board.territories):
            missing = sorted(set(self.board.territories) - set(owner))
            raise WarError(f"a position must give every territory an owner (missing {missing})")
        n = len(self.players)
        if not all(type(p) is int and 0 <= p < n for p in owner.values()):
            raise WarError("owners must be seat numbers")
        self.owner = {t: owner[t] for t in self.board.territories}
        armies = position["armies"]
        if not isinstance(armies, dict) or not set(armies) <= set(self.board.territories):
            raise WarError("armies must be given by territory")
        self.armies = {t: armies.get(t, 1) for t in self.board.territories}
        if not all(type(a) is int and a >= 1 for a in self.armies.values()):
            raise WarError("every territory needs at least 1 army")
        for seat, cards in position["hands"].items():
            player = self._position_seat(seat)
            if (
                not isinstance(cards, list)
                or not all(type(c) is int and c in self.deck for c in cards)
                or len(set(cards)) != len(cards)
            ):
                raise WarError(f"the hand of seat {seat} holds cards not in the deck")
            for c in cards:
                self.deck.remove(c)
            player.cards = list(cards)
        for seat, objective in position["objectives"].items():
            if not isinstance(objective, str) or objective not in self._objectives:
                raise WarError(f"unknown objective {objective!r}")
            player = self._position_seat(seat)
            spec = self._objectives[objective]
            player.objective = objective
            # Ruling: "destroy" of one's own colour plays as the fallback objective.
            player.objective_converted = spec["kind"] == "destroy" and spec["color"] == player.color
        for i, p in enumerate(self.players):
            p.alive = i in self.owner.values()
        current, round_ = position["current"], position.get("round", 1)
        if type(current) is not int or not 0 <= current < n or not self.players[current].alive:
            raise WarError("the player to move must hold a territory")
        if type(round_) is not int or round_ < 1:
            raise WarError("rounds count from 1")
        self.first_player = self.current = current
        self.round = round_
        self.timeline = []  # the dealt position's snapshot is not this position's
        self._start_turn([])

    def _position_seat(self, seat: Any) -> Player:
        """The player of a seat number given as text in a position."""
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < len(self.players)):
            raise WarError(f"no seat {seat!r}")
        return self.players[int(seat)]

    def _check_setup(self, players: list[tuple[str, str]], options: dict[str, Any]) -> None:
        v = self.variant
        if not v.min_players <= len(players) <= v.max_players:
            raise WarError(
                f"{v.id} is played by {v.min_players} to {v.max_players} players, "
                f"not {len(players)}"
            )
        colors = [c for _, c in players]
        allowed = self.board.raw.get("colors", [])
        for name, color in players:
            if not isinstance(name, str) or not name.strip():
                raise WarError("every player needs a name")
            if color not in allowed:
                raise WarError(f"unknown colour {color!r}; colours: {', '.join(allowed)}")
        if len(set(colors)) != len(colors):
            raise WarError("two players cannot share a colour")
        unknown = set(options) - set(v.options)
        if unknown:
            raise WarError(f"unknown game options {sorted(unknown)}; known: {list(v.options)}")

    def _deal(self) -> None:
        n = len(self.players)
        self.dealer = self._roll_for_dealer()
        # Territory cards without jokers, dealt from the dealer clockwise: one army each.
        territory_cards = [c.territory for c in self.board.cards if c.territory]
        self.rng.shuffle(territory_cards)
        first = self.dealer + (1 if self.variant.deal_starts_with == "left" else 0)
        for i, territory in enumerate(territory_cards):
            self.owner[territory] = (first + i) % n
            self.armies[territory] = 1
        self.armies = {t: self.armies[t] for t in self.board.territories}
        self.owner = {t: self.owner[t] for t in self.board.territories}
        self._deal_objectives()
        # The whole deck, jokers back in, shuffled for play.
        self.deck = [c.index for c in self.board.cards]
        self.rng.shuffle(self.deck)
        self.first_player = (first + len(territory_cards)) % n
        self.current = self.first_player
        self._start_turn([])

    def _roll_for_dealer(self) -> int:
        """Dealer by die: everyone rolls, the tied highest roll again."""
        contenders = list(range(len(self.players)))
        while len(contenders) > 1:
            rolls = {p: self.rng.die() for p in contenders}
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
        return contenders[0]

    def objective_cards(self) -> list[dict[str, Any]]:
        """The objective cards of this game's edition of the board (the latest unless an
        older game's setup says otherwise: a retired card takes its successor's place)."""
        cards = list(self.board.objectives)
        latest = self.board.raw.get("objectives_edition")
        if latest is None or self.setup.get("objectives_edition", 1) >= latest:
            return cards
        retired = {o["replaced_by"]: o for o in self.board.raw.get("retired_objectives", ())}
        return [retired.get(o["id"], o) for o in cards]

    def _deal_objectives(self) -> None:
        """Drop the "destroy" cards of absent colours, then draw one each from the dealer on."""
        n = len(self.players)
        colors = {p.color for p in self.players}
        deck = [
            o["id"]
            for o in self.objective_cards()
            if o["kind"] != "destroy" or o["color"] in colors
        ]
        self.rng.shuffle(deck)
        for i in range(n):
            seat = (self.dealer + i) % n
            player = self.players[seat]
            player.objective = deck.pop()
            spec = self._objectives[player.objective]
            if spec["kind"] == "destroy" and spec["color"] == player.color:
                player.objective_converted = True

    # ------------------------------------------------------------- accessors
    def objective_spec(self, objective: str) -> dict[str, Any]:
        """The card of objective id ``objective`` on this board (retired ones too).

        >>> game = Game.new("classic", [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=1)
        >>> game.objective_spec(game.players[0].objective)["id"] == game.players[0].objective
        True
        """
        return self._objectives[objective]

    def objective_card(self, player: int) -> dict[str, Any]:
        """The objective card a player drew (before any ruling's conversion)."""
        return self._objectives[self.players[player].objective]

    def objective_of(self, player: int) -> dict[str, Any]:
        """The objective a player is playing for now (after any ruling's conversion)."""
        p = self.players[player]
        if p.objective_converted:
            fallback: dict[str, Any] = self.board.raw["fallback_objective"]
            return fallback
        return self._objectives[p.objective]

    def territories_of(self, player: int) -> list[str]:
        """The territories a player holds, in board order."""
        return [t for t, p in self.owner.items() if p == player]

    def reinforcements_due(self, player: int) -> dict[str, int]:
        """Armies received at the start of a turn: ``free`` and one entry per whole continent.

        >>> g = Game.new("classic", [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=1)
        >>> sum(g.reinforcements_due(0).values()) >= 3
        True
        """
        v = self.variant
        held = self.territories_of(player)
        pools = {"free": max(v.min_reinforcement, len(held) // v.territory_divisor)}
        for cid, continent in self.board.continents.items():
            if all(self.owner[t] == player for t in continent.territories):
                pools[f"continent:{cid}"] = continent.bonus
        return pools

    def available_for(self, territory: str) -> int:
        """Reinforcements the current player may still place on ``territory``."""
        return sum(self.pools.get(key, 0) for key in self._pools_for(territory))

    def _pools_for(self, territory: str) -> tuple[str, ...]:
        """The pools that may go to ``territory``, in the order placing draws on them."""
        return (f"territory:{territory}", f"continent:{self.board.continent_of(territory)}", "free")

    @property
    def pending_armies(self) -> int:
        """Armies received and not yet placed."""
        return sum(self.pools.values())

    def next_trade_value(self) -> int:
        """Armies the next trade of the game is worth."""
        return self.variant.trade_value(self.trades_done)

    def trade_allowed(self) -> bool:
        """Whether the current player may trade cards now (before any set check): at the
        start of the turn, or in the end-of-turn trade after an elimination."""
        return self.phase in (Phase.REINFORCE, Phase.FINAL_TRADE)

    def _trade_forced(self) -> bool:
        """Whether the hand forces a trade now: 5 or more cards at the start of the turn;
        more than 5 in the end-of-turn trade after an elimination (RULINGS.md)."""
        held = len(self.players[self.current].cards)
        if self.phase == Phase.FINAL_TRADE:
            return held > self.variant.hand_limit
        return held >= self.variant.forced_trade_at

    def valid_trades(self) -> list[tuple[int, ...]]:
        """Every three-card set the current player could trade now."""
        if self.phase == Phase.OVER or not self.trade_allowed():
            return []
        hand = self.players[self.current].cards
        cards = self.board.cards
        return [
            combo
            for combo in itertools.combinations(hand, 3)
            if is_valid_set([cards[c].shape for c in combo])
        ]

    def movable_from(self, territory: str) -> int:
        """Armies that may still leave ``territory`` in the regroup phase."""
        return max(0, self.armies[territory] - 1 - self.moved.get(territory, 0))

    def attack_dice_max(self, source: str) -> int:
        """Most dice an attack from ``source`` may roll."""
        return min(MAX_DICE, self.armies[source] - 1)

    # ------------------------------------------------------------ legal moves
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over).

        Counted actions are listed once per allowed count.

        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("classic", seats, seed=7)
        >>> actions = game.legal_actions()
        >>> len(actions), actions[0], all(game.is_legal(a) for a in actions)
        (98, Place(territory='california', count=1), True)
        """
        if self.phase == Phase.OVER:
            return []
        actions: list[Action] = []
        for combo in self.valid_trades():
            bonus: Sequence[str | None] = self._bonus_choices(combo)
            actions.extend(Trade(combo, b) for b in (bonus or [None]))
        if self.must_trade:
            return actions
        if self.pending_armies:
            return actions + self._place_actions()
        if self.phase == Phase.ATTACK:
            actions += [*self._attack_actions(), EndAttack(), EndTurn()]
        elif self.phase == Phase.OCCUPY:
            assert self.occupy is not None
            actions.extend(Occupy(k) for k in range(1, self.occupy["max"] + 1))
        elif self.phase == Phase.REGROUP:
            actions += [*self._regroup_actions(), EndTurn()]
        elif self.phase == Phase.FINAL_TRADE:
            actions.append(EndTurn())
        return actions

    def _place_actions(self) -> list[Action]:
        me = self.current
        return [
            Place(t, k)
            for t in self.territories_of(me)
            for k in range(1, self.available_for(t) + 1)
        ]

    def _attack_actions(self) -> list[Action]:
        me = self.current
        actions: list[Action] = []
        for source in self.territories_of(me):
            top = self.attack_dice_max(source)
            if top < 1:
                continue
            for target in sorted(self.board.neighbors[source]):
                if self.owner[target] != me:
                    actions.extend(Attack(source, target, d) for d in range(1, top + 1))
        return actions

    def _regroup_actions(self) -> list[Action]:
        me = self.current
        actions: list[Action] = []
        for source in self.territories_of(me):
            top = self.movable_from(source)
            if not top:
                continue
            for target in sorted(self.board.neighbors[source]):
                if self.owner[target] == me:
                    actions.extend(Regroup(source, target, k) for k in range(1, top + 1))
        return actions

    def _bonus_choices(self, combo: tuple[int, ...]) -> list[str]:
        cards = self.board.cards
        return [
            territory
            for c in combo
            if (territory := cards[c].territory) and self.owner[territory] == self.current
        ]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` would be accepted now."""
        try:
            self._validate(action, None)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ apply
    def apply(
        self, action: Action | dict[str, Any], rolls: tuple[list[int], list[int]] | None = None
    ) -> list[Event]:
        """Validate and apply one action for the current player; return what happened.

        An illegal action raises :class:`IllegalAction` naming the broken rule and leaves the
        state untouched. ``rolls`` gives the attacker's and defender's dice explicitly.

        >>> from pywar.actions import Attack, Place
        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("classic", seats, seed=7)
        >>> game.apply(Place("california", 1))
        [{'type': 'place', 'player': 0, 'territory': 'california', 'count': 1}]
        >>> game.apply({"type": "place", "territory": "california", "count": 2})[0]["count"]
        2
        >>> game.apply(Attack("california", "mexico"))
        Traceback (most recent call last):
        ...
        pywar.errors.IllegalAction: place your 4 armies first [place_first]
        >>> game.armies["california"], len(game.log)
        (4, 2)
        """
        if isinstance(action, dict):
            action = Action.from_dict(action)
        if rolls is not None:
            if not (
                isinstance(rolls, (tuple, list))
                and len(rolls) == 2
                and all(
                    isinstance(r, (tuple, list)) and all(type(x) is int for x in r) for r in rolls
                )
            ):
                raise IllegalAction("bad_rolls", "dice are two lists of whole numbers")
            rolls = (sorted(rolls[0], reverse=True), sorted(rolls[1], reverse=True))
        self._validate(action, rolls)
        entry: dict[str, Any] = {"action": action.to_dict(), "turn": self.turn}
        if rolls is not None:
            entry["rolls"] = [list(rolls[0]), list(rolls[1])]
        self.log.append(entry)
        events: list[Event] = []
        self._handlers()[action.type](action, events, rolls)
        return events

    def _handlers(self) -> Mapping[str, Handler]:
        """Hook: the method that plays each action type (a variant adds its own with
        ``{**super()._handlers(), ...}``)."""
        return {
            Trade.type: self._do_trade,
            Place.type: self._do_place,
            Attack.type: self._do_attack,
            Occupy.type: self._do_occupy,
            EndAttack.type: self._do_end_attack,
            Regroup.type: self._do_regroup,
            EndTurn.type: self._do_end_turn,
        }

    def _fail(self, rule: str, message: str) -> NoReturn:
        raise IllegalAction(rule, message)

    def _validate(self, action: Action, rolls: tuple[list[int], list[int]] | None) -> None:
        if self.phase == Phase.OVER:
            self._fail("game_over", "the game is over")
        kind = action.type
        me = self.current
        if rolls is not None and kind != "attack":
            self._fail("rolls_without_attack", "dice can only be given for an attack")
        if kind == "trade":
            self._validate_trade(action)  # type: ignore[arg-type]
            return
        if self.must_trade:
            if self.phase == Phase.FINAL_TRADE:
                self._fail(
                    "forced_trade",
                    f"you hold more than {self.variant.hand_limit} "
                    "cards: trade sets until you hold 5 or fewer",
                )
            self._fail("forced_trade", "with 5 or more cards you must trade a set first")
        if self.pending_armies and kind != "place":
            self._fail("place_first", f"place your {self.pending_armies} armies first")
        if kind == "place":
            assert isinstance(action, Place)
            if not self.pending_armies:
                self._fail("no_reinforcements", "there are no armies left to place")
            self._check_own(action.territory, "place armies on")
            if type(action.count) is not int or action.count < 1:
                self._fail("bad_count", "place at least 1 army")
            available = self.available_for(action.territory)
            if action.count > available:
                rule = "bound_armies" if action.count <= self.pending_armies else "too_many_armies"
                self._fail(
                    rule,
                    f"only {available} of your armies may go to "
                    f"{self.board.territories[action.territory].name}",
                )
        elif kind == "attack":
            assert isinstance(action, Attack)
            if self.phase != Phase.ATTACK:
                self._fail("not_attack_phase", f"you cannot attack in the {self.phase} phase")
            self._check_own(action.source, "attack from")
            if not isinstance(action.target, str) or action.target not in self.board.territories:
                self._fail("unknown_territory", f"unknown territory {action.target!r}")
            if self.owner[action.target] == me:
                self._fail("attack_own_territory", "you cannot attack your own territory")
            if action.target not in self.board.neighbors[action.source]:
                self._fail("not_adjacent", f"{action.target} does not border {action.source}")
            top = self.attack_dice_max(action.source)
            if top < 1:
                self._fail("occupation_army", "attacking needs at least 2 armies in the territory")
            dice = top if action.dice is None else action.dice
            if type(dice) is not int or not 1 <= dice <= top:
                self._fail("bad_dice", f"attack with 1 to {top} dice")
            if rolls is not None:
                defend = min(MAX_DICE, self.armies[action.target])
                faces = rolls[0] + rolls[1]
                if (
                    len(rolls[0]) != dice
                    or len(rolls[1]) != defend
                    or not all(type(x) is int and 1 <= x <= 6 for x in faces)
                ):
                    self._fail(
                        "bad_rolls", f"this attack rolls {dice} against {defend} dice of 1-6"
                    )
        elif kind == "occupy":
            assert isinstance(action, Occupy)
            if self.phase != Phase.OCCUPY or self.occupy is None:
                self._fail("nothing_to_occupy", "there is no conquered territory to move into")
            top = self.occupy["max"]
            if type(action.count) is not int or not 1 <= action.count <= top:
                self._fail("occupy_limit", f"move 1 to {top} armies into the conquered territory")
        elif kind == "end_attack":
            if self.phase != Phase.ATTACK:
                self._fail("not_attack_phase", f"you cannot end attacks in the {self.phase} phase")
        elif kind == "regroup":
            assert isinstance(action, Regroup)
            if self.phase != Phase.REGROUP:
                self._fail("not_regroup_phase", "regroup after ending your attacks")
            self._check_own(action.source, "move armies from")
            self._check_own(action.target, "move armies to")
            if action.target not in self.board.neighbors[action.source]:
                self._fail("not_adjacent", f"{action.target} does not border {action.source}")
            top = self.movable_from(action.source)
            if type(action.count) is not int or action.count < 1 or action.count > top:
                self._fail(
                    "move_once" if self.moved.get(action.source) else "occupation_army",
                    f"only {top} armies may leave "
                    f"{self.board.territories[action.source].name}: one stays and an army "
                    "moves once per turn",
                )
        elif kind == "end_turn":
            if self.phase not in (Phase.ATTACK, Phase.REGROUP, Phase.FINAL_TRADE):
                self._fail("cannot_end_turn", f"you cannot end the turn in the {self.phase} phase")
        else:  # pragma: no cover - the registry only holds the kinds above
            self._fail("unknown_action", f"unknown action {kind}")

    def _check_own(self, territory: str, verb: str) -> None:
        if not isinstance(territory, str) or territory not in self.board.territories:
            self._fail("unknown_territory", f"unknown territory {territory!r}")
        if self.owner[territory] != self.current:
            self._fail(
                "not_your_territory",
                f"you cannot {verb} {self.board.territories[territory].name}: it is not yours",
            )

    def _validate_trade(self, action: Trade) -> None:
        if not self.trade_allowed():
            self._fail(
                "trade_timing",
                "cards are traded at the start of your turn "
                "(or at its end after taking an eliminated "
                "player's cards)",
            )
        cards = action.cards
        hand = self.players[self.current].cards
        if (
            not isinstance(cards, tuple)
            or len(cards) != 3
            or not all(type(c) is int for c in cards)  # ints only: no bools, no lists
            or len(set(cards)) != 3
            or not all(c in hand for c in cards)
        ):
            self._fail("cards_not_in_hand", "trade three different cards from your hand")
        if not is_valid_set([self.board.cards[c].shape for c in cards]):
            self._fail("invalid_set", "a set is three equal shapes or three different ones")
        if action.bonus_territory is not None and (
            action.bonus_territory not in self._bonus_choices(cards)
        ):
            self._fail("bonus_territory", "the +2 goes on a territory of a traded card you hold")

    # ---------------------------------------------------------------- effects
    def _do_trade(self, action: Trade, events: list[Event], _rolls: Any) -> None:
        me = self.players[self.current]
        armies = self.next_trade_value()
        self.trades_done += 1
        for c in action.cards:
            me.cards.remove(c)
            self.discard.append(c)
        self.pools["free"] = self.pools.get("free", 0) + armies
        choices = self._bonus_choices(action.cards)
        bonus_on: list[str] = []
        if choices:
            if self.variant.owned_card_bonus_mode == "each":
                bonus_on = choices
            else:
                bonus_on = [action.bonus_territory or choices[0]]
        for t in bonus_on:
            key = f"territory:{t}"
            self.pools[key] = self.pools.get(key, 0) + self.variant.owned_card_bonus
        if self.must_trade and not self._trade_forced():
            self.must_trade = False
        events.append(
            {
                "type": "trade",
                "player": self.current,
                "cards": list(action.cards),
                "armies": armies,
                "bonus": {t: self.variant.owned_card_bonus for t in bonus_on},
            }
        )

    def _do_place(self, action: Place, events: list[Event], _rolls: Any) -> None:
        t, left = action.territory, action.count
        for key in self._pools_for(t):
            take = min(left, self.pools.get(key, 0))
            if take:
                left -= take
                self.pools[key] -= take
                if not self.pools[key]:
                    del self.pools[key]
        self.armies[t] += action.count
        events.append(
            {"type": "place", "player": self.current, "territory": t, "count": action.count}
        )
        if self._check_victory(events):
            return
        if not self.pending_armies and self.phase == Phase.REINFORCE:
            if self._placement_only():
                self._end_turn(events)
            else:
                self.phase = Phase.ATTACK
                events.append({"type": "phase", "phase": Phase.ATTACK})

    def placement_only(self) -> bool:
        """Whether this turn ends once its armies are placed (a first round without attacks,
        WAR II's first stage): what the page says before the last army goes down."""
        return self._placement_only()

    def _placement_only(self) -> bool:
        """Whether this turn ends once its armies are placed (a first round without attacks)."""
        return self.round == 1 and (
            self.variant.first_round_placement_only
            or self.options.get("first_round_placement_only", False)
        )

    def _do_attack(
        self, action: Attack, events: list[Event], rolls: tuple[list[int], list[int]] | None
    ) -> None:
        source, target = action.source, action.target
        armies = self.armies
        dice = min(MAX_DICE, armies[source] - 1) if action.dice is None else action.dice
        if rolls is None:
            rng = self.rng
            attack = rng.dice(dice)
            defend = rng.dice(min(MAX_DICE, armies[target]))
        else:
            attack, defend = rolls
        att_loss, def_loss = compare_dice(attack, defend)
        armies[source] -= att_loss
        self._leave(source, att_loss)
        armies[target] -= def_loss
        defender = self.owner[target]
        record_dice(self.dice_stats, self.current, defender, len(attack), len(defend), att_loss)
        events.append(
            {
                "type": "battle",
                "player": self.current,
                "defender": defender,
                "source": source,
                "target": target,
                "attack": attack,
                "defend": defend,
                "attacker_losses": att_loss,
                "defender_losses": def_loss,
            }
        )
        if armies[target] == 0:
            self._conquer(source, target, dice, defender, events)

    def _conquer(
        self, source: str, target: str, dice: int, defender: int, events: list[Event]
    ) -> None:
        me = self.current
        # At most the dice of the last roll move in, and the occupation army stays behind.
        top = min(dice, self.armies[source] - 1)
        self.owner[target] = me
        self.armies[source] -= 1
        self.armies[target] = 1
        self._carry(source, target, 1)
        self.conquered = True
        events.append(
            {
                "type": "conquest",
                "player": me,
                "defender": defender,
                "source": source,
                "territory": target,
                "max_move": top,
            }
        )
        eliminated = not any(p == defender for p in self.owner.values())
        if eliminated:
            self._eliminate(defender, events)
        if self._check_victory(events, others=eliminated):
            return
        if top > 1:
            self.phase = Phase.OCCUPY
            self.occupy = {"source": source, "target": target, "max": top}
        else:
            events.append(
                {"type": "occupy", "player": me, "source": source, "territory": target, "count": 1}
            )

    def _eliminate(self, victim: int, events: list[Event]) -> None:
        """``victim`` is out; their cards go as the variant's book says (RULINGS.md):
        ``take_all``: every one to the eliminator (traded at the end of the turn);
        ``top_up``: blind, as many as bring the eliminator's hand to five, the rest to the
        discard pile."""
        me = self.players[self.current]
        loser = self.players[victim]
        loser.alive = False
        loser.eliminated_by = self.current
        pile, loser.cards = list(loser.cards), []
        event: Event = {
            "type": "eliminated",
            "player": victim,
            "by": self.current,
            "cards_held": len(me.cards),
            "cards_left": len(pile),
        }
        if self.variant.elimination_cards == "top_up":
            need = max(0, self.variant.hand_limit - len(me.cards))
            taken = (
                pile
                if need >= len(pile)
                else [pile.pop(self.rng.below(len(pile))) for _ in range(need)]
            )
            rest = [] if taken is pile else pile
            event["top_up"] = True
            event["drawn_by"] = (
                self._next_alive(self.current)
                if self.variant.top_up_drawn_by == "next_player"
                else None
            )
        else:
            taken, rest = pile, []
        me.cards.extend(taken)
        self.eliminated_someone = True
        event.update(
            {
                "cards_taken": len(taken),
                "cards_discarded": len(rest),
                "hand": len(me.cards),
                "private": {str(self.current): {"cards_taken": list(taken)}},
            }
        )
        events.append(event)
        if rest:
            self._discard(rest, events)
        self._convert_objectives(loser.color, events)

    def _next_alive(self, seat: int) -> int:
        """The next seat after ``seat``, clockwise, still in the game."""
        n = len(self.players)
        return next(s for k in range(1, n + 1) if self.players[s := (seat + k) % n].alive)

    def _discard(self, cards: list[int], events: list[Event]) -> None:
        """Put cards on the discard pile."""
        del events
        self.discard.extend(cards)

    def _convert_objectives(self, color: str, events: list[Event]) -> None:
        """Others' "destroy" objectives against the eliminated ``color`` turn into the
        fallback (the eliminator's own stays: it is achieved)."""
        for seat, p in enumerate(self.players):
            spec = self._objectives[p.objective]
            if (
                seat != self.current
                and not p.objective_converted
                and spec["kind"] == "destroy"
                and spec["color"] == color
            ):
                p.objective_converted = True
                events.append({"type": "objective_changed", "player": seat, "private_to": seat})

    def _do_occupy(self, action: Occupy, events: list[Event], _rolls: Any) -> None:
        assert self.occupy is not None
        source, target = self.occupy["source"], self.occupy["target"]
        extra = action.count - 1
        self.armies[source] -= extra
        self.armies[target] += extra
        self._carry(source, target, extra)
        self.occupy = None
        self.phase = Phase.ATTACK
        events.append(
            {
                "type": "occupy",
                "player": self.current,
                "source": source,
                "territory": target,
                "count": action.count,
            }
        )
        self._check_victory(events)

    def _do_end_attack(self, _action: Action, events: list[Event], _rolls: Any) -> None:
        self.phase = Phase.REGROUP
        events.append({"type": "phase", "phase": Phase.REGROUP})

    def _do_regroup(self, action: Regroup, events: list[Event], _rolls: Any) -> None:
        self._move(action.source, action.target, action.count)
        events.append(
            {
                "type": "regroup",
                "player": self.current,
                "source": action.source,
                "target": action.target,
                "count": action.count,
            }
        )
        self._check_victory(events)

    def _leave(self, territory: str, count: int) -> int:
        """``count`` armies leave ``territory`` by a loss or a conquest move: those that
        already moved this turn go first (RULINGS.md: one move per army; armies that entered
        by conquest may make theirs). Returns how many of them had moved."""
        moved = self.moved.get(territory, 0)
        gone = min(moved, count)
        if gone:
            if moved == gone:
                del self.moved[territory]
            else:
                self.moved[territory] = moved - gone
        return gone

    def _carry(self, source: str, target: str, count: int) -> None:
        """Armies move into a conquered territory; any that had moved this turn still have."""
        carried = self._leave(source, count)
        if carried:
            self.moved[target] = self.moved.get(target, 0) + carried

    def _move(self, source: str, target: str, count: int) -> None:
        """Move armies that then count as moved this turn (they do not regroup again)."""
        self.armies[source] -= count
        self.armies[target] += count
        self.moved[target] = self.moved.get(target, 0) + count

    def _do_end_turn(self, _action: Action, events: list[Event], _rolls: Any) -> None:
        if (
            self.phase != Phase.FINAL_TRADE
            and self.eliminated_someone
            and self.variant.elimination_cards == "take_all"
        ):
            # After an elimination (classic), sets are traded before the conquest card:
            # allowed with a set in hand, forced while holding more than 5.
            self.phase = Phase.FINAL_TRADE
            if self.valid_trades():
                self.must_trade = self._trade_forced()
                events.append(
                    {
                        "type": "phase",
                        "phase": Phase.FINAL_TRADE,
                        "cards": len(self.players[self.current].cards),
                        "must_trade": self.must_trade,
                    }
                )
                return
        self._end_turn(events)

    def _cards_to_draw(self) -> int:
        """Cards the current player draws at the end of a turn with a conquest."""
        return self.variant.cards_per_conquest_turn

    def _reshuffle(self, events: list[Event]) -> None:
        # The used cards go back into the draw pile, and the whole pile is shuffled.
        self.deck.extend(self.discard)
        self.discard = []
        self.rng.shuffle(self.deck)
        events.append({"type": "reshuffle", "cards": len(self.deck)})

    def _end_turn(self, events: list[Event]) -> None:
        me = self.players[self.current]
        if self.conquered:
            drawn = []
            for _ in range(self._cards_to_draw()):
                if not self.deck and self.discard:
                    self._reshuffle(events)
                if self.deck:
                    drawn.append(self.deck.pop())
            me.cards.extend(drawn)
            events.append(
                {
                    "type": "card",
                    "player": self.current,
                    "count": len(drawn),
                    "private": {str(self.current): {"cards": drawn}},
                }
            )
        events.append({"type": "turn_end", "player": self.current})
        n = len(self.players)
        seat = self.current
        while True:
            seat = (seat + 1) % n
            if seat == self.first_player:
                self._new_round()
            if self.players[seat].alive:
                break
        self.current = seat
        self.turn += 1
        self._start_turn(events)

    def _new_round(self) -> None:
        """The turn passes the first player again."""
        self.round += 1

    def luck(self, seat: int) -> dict[str, float]:
        """How the dice went for ``seat``: armies lost against the exact expectation.

        ``attack_luck``/``defend_luck`` are expected minus actual losses (positive: lucky).
        """
        return dice_luck(self.dice_stats, seat)

    def _snapshot(self) -> None:
        n = len(self.players)
        territories = [0] * n
        armies = [0] * n
        for t, p in self.owner.items():
            territories[p] += 1
            armies[p] += self.armies[t]
        point = {"round": self.round, "territories": territories, "armies": armies}
        if self.timeline and self.timeline[-1]["round"] == self.round:
            self.timeline[-1] = point
        else:
            self.timeline.append(point)

    # ------------------------------------------------------------------- undo
    def can_undo(self) -> bool:
        """Whether the last action may be taken back: a placement, regroup move or conquest
        move of the turn in progress (nothing random was revealed since)."""
        if self.phase == Phase.OVER or not self.log:
            return False
        last = self.log[-1]
        return last["action"]["type"] in UNDOABLE and last.get("turn") == self.turn

    def can_undo_turn_end(self) -> bool:
        """Whether the last action was the army that ended a placement-only turn (the first
        round's), with nothing done since: the page offers to take it back before the next
        person takes the device (:meth:`can_undo` stays within the turn in progress).

        >>> from pywar.actions import Place
        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("classic", seats, seed=7, options={"first_round_placement_only": True})
        >>> ana = game.current
        >>> where = game.territories_of(ana)[0]
        >>> _ = game.apply(Place(where, game.pending_armies))
        >>> game.current != ana, game.can_undo(), game.can_undo_turn_end()
        (True, False, True)
        >>> game.undo()
        >>> game.current == ana and game.pending_armies > 0
        True
        """
        if self.phase == Phase.OVER or not self.log:
            return False
        last = self.log[-1]
        # an army placed last turn, and the log has nothing of this one: it ended that turn
        return last["action"]["type"] == "place" and last.get("turn") == self.turn - 1

    def undo(self) -> None:
        """Take back the last action (see :meth:`can_undo` and :meth:`can_undo_turn_end`)
        by replaying the log without it.

        The dice still to come stay the same: nothing random is undone.

        >>> from pywar.actions import Place
        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("classic", seats, seed=7)
        >>> before = game.to_json()
        >>> _ = game.apply(Place("california", 3))
        >>> game.can_undo()
        True
        >>> game.undo()
        >>> game.to_json() == before, game.can_undo()
        (True, False)
        """
        if not (self.can_undo() or self.can_undo_turn_end()):
            raise IllegalAction(
                "cannot_undo",
                "only placements, regroup moves and the "
                "conquest move of this turn can be taken back",
            )
        previous = type(self).replay(self.setup, self.log[:-1])
        self.__dict__.update(previous.__dict__)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_start_turn" in cls.__dict__:
            raise TypeError(
                f"{cls.__name__} overrides Game._start_turn: override _begin_turn "
                "instead, so the per-round snapshot is always taken"
            )

    def _start_turn(self, events: list[Event]) -> None:
        """Start the current player's turn: the round's snapshot of territories and armies
        (for every variant: subclasses cannot override this), then :meth:`_begin_turn`."""
        if not self.timeline or self.timeline[-1]["round"] != self.round:
            self._snapshot()
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        """A variant's own start of a turn (phase, reinforcements, the turn event)."""
        self.phase = Phase.REINFORCE
        self.conquered = False
        self.eliminated_someone = False
        self.moved = {}
        self.occupy = None
        self.pools = self.reinforcements_due(self.current)
        self.must_trade = len(self.players[self.current].cards) >= self.variant.forced_trade_at
        events.append(
            {
                "type": "turn",
                "player": self.current,
                "round": self.round,
                "turn": self.turn,
                "reinforcements": dict(self.pools),
            }
        )
        self._check_victory(events)

    def _achieved(self, seat: int) -> bool:
        spec = self.objective_of(seat)
        destroyed = False
        if spec["kind"] == "destroy":
            target = next((i for i, p in enumerate(self.players) if p.color == spec["color"]), None)
            destroyed = target is not None and self.players[target].eliminated_by == seat
        return objective_met(spec, self.board, self.owner, self.armies, seat, destroyed)

    def _check_victory(self, events: list[Event], others: bool = False) -> bool:
        """End the game if the acting player (or, after an elimination, a player whose
        "destroy" objective just turned into territories) has achieved their objective."""
        me = self.current
        alive = [i for i, p in enumerate(self.players) if p.alive]
        winner = me if alive == [me] or self._achieved(me) else None
        if winner is None and others:
            winner = next(
                (i for i in alive if self.players[i].objective_converted and self._achieved(i)),
                None,
            )
        if winner is not None:
            me = winner
            spec = self.objective_of(me)
            self.winner = me
            self._snapshot()
            self.phase = Phase.OVER
            self.pools = {}
            self.occupy = None
            events.append(
                {
                    "type": "victory",
                    "player": me,
                    "objective": spec["id"],
                    "objectives": {
                        str(i): self.objective_of(i)["id"] for i in range(len(self.players))
                    },
                }
            )
            return True
        return False

    # ------------------------------------------------------------- views/JSON
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: the board, own objective and cards, others' card counts.

        When the game is over every objective is revealed.
        """
        over = self.phase == Phase.OVER
        players = []
        for i, p in enumerate(self.players):
            seat: dict[str, Any] = {
                "name": p.name,
                "color": p.color,
                "alive": p.alive,
                "cards": len(p.cards),
            }
            if i == player or over:
                seat["objective"] = self.objective_of(i)["id"]
                seat["objective_converted"] = p.objective_converted
            if i == player:
                seat["hand"] = list(p.cards)
            players.append(seat)
        return {
            "variant": self.variant.id,
            "me": player,
            "players": players,
            "owner": dict(self.owner),
            "armies": dict(self.armies),
            "current": self.current,
            "phase": self.phase,
            "round": self.round,
            "turn": self.turn,
            "pools": dict(self.pools) if player == self.current else {},
            "must_trade": self.must_trade and player == self.current,
            "occupy": dict(self.occupy) if self.occupy else None,
            "moved": dict(self.moved),
            "next_trade_value": self.next_trade_value(),
            "trades_done": self.trades_done,
            "deck": len(self.deck),
            "discard": len(self.discard),
            "winner": self.winner,
            "conquered": self.conquered,
        }

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON-ready data: the compact saved format (schema, version,
        setup, state and log; see :mod:`pywar.savefile`).

        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("classic", seats, seed=7)
        >>> data = game.to_json()
        >>> data["schema"], data["variant"], data["phase"]
        ('pywar-game', 'classic', 'reinforce')
        """
        from .savefile import to_data

        return to_data(self)

    def dumps(self) -> str:
        """The game as a JSON string (the saved format)."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str | bytes) -> Game:
        """Load a game from a JSON string, refusing anything that is not a sound game.

        Only :class:`StateError` leaves, whatever the text (sizes and nesting are bounded
        before parsing).
        """
        from .safejson import loads

        return cls.from_json(loads(text))

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_json` data (this version or an older one); only
        :class:`StateError` leaves, for anything that is not a sound game.

        >>> seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        >>> game = Game.new("war2", seats, seed=7)
        >>> again = Game.from_json(game.to_json())
        >>> type(again).__name__, again.to_json() == game.to_json()
        ('War2Game', True)
        >>> Game.from_json({"schema": "pywar-game", "version": 99})
        Traceback (most recent call last):
        ...
        pywar.errors.StateError: saved game version 99 is not supported (this pywar reads ...)
        """
        from .savefile import from_data

        return from_data(cls, data)

    def check(self) -> list[str]:
        """Invariants of a sound state (:mod:`pywar.invariants`); an empty list when all hold."""
        from .invariants import problems

        return problems(self)

    def _deck_size(self) -> int:
        """Cards in the game, deck, hands and discard together."""
        return len(self.board.cards)

    # ----------------------------------------------------------------- replay
    @classmethod
    def replay(
        cls,
        setup: dict[str, Any],
        log: list[dict[str, Any]],
        upto: int | None = None,
    ) -> Game:
        """Rebuild a game from its setup and log (the first ``upto`` entries)."""
        game = cls.new(
            setup["variant"],
            [tuple(p) for p in setup["players"]],
            seed=setup["seed"],
            options=setup.get("options") or {},
            objectives_edition=setup.get("objectives_edition", 1),
        )
        if "scenario" in setup:
            game._apply_position(setup["scenario"])
            game.setup["scenario"] = copy.deepcopy(setup["scenario"])
        for entry in log[:upto]:
            rolls = entry.get("rolls")
            game.apply(
                Action.from_dict(entry["action"]), rolls=(rolls[0], rolls[1]) if rolls else None
            )
        return game

    @classmethod
    def iter_replay(
        cls, setup: dict[str, Any], log: list[dict[str, Any]]
    ) -> Iterator[tuple[Game, list[Event]]]:
        """Replay step by step: yield the game after each log entry with that entry's events
        (the first item is the set-up game with its opening events)."""
        game = cls.replay(setup, [])
        opening: list[Event] = [
            {"type": "turn", "player": game.current, "round": game.round, "turn": game.turn}
        ]
        yield game, opening
        for entry in log:
            rolls = entry.get("rolls")
            events = game.apply(
                Action.from_dict(entry["action"]), rolls=(rolls[0], rolls[1]) if rolls else None
            )
            yield game, events

    def replayed(self) -> Game:
        """This game rebuilt from its own log (equal state, for checks and history)."""
        return Game.replay(self.setup, self.log)


if TYPE_CHECKING:  # mypy checks that Game provides every declared hook and what saves read
    _game_provides_the_hooks: type[GameState] = Game
