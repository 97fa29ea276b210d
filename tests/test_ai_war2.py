"""Bot levels in WAR II: legal moves only, the book's pieces used, seeded games, games that
end, no peeking."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from test_ai import LEVEL_NAMES, bot_action

from pywar import Game
from pywar.actions import Attack, EndTurn, Place, Regroup
from pywar.ai import make_bot
from pywar.board import load_board
from pywar.tournament import play_match, seat_colors, seat_levels
from pywar.variants.war2.actions import (
    AirAttack,
    Airlift,
    AirRound,
    AirStop,
    CardAirAttack,
    CardArmies,
    Claim,
    PlaceCI,
    Transport,
)
from pywar.variants.war2.ai import air_dist, stop_level
from pywar.variants.war2.data import war2_rules
from pywar.variants.war2.rules import War2Game

BOARD = load_board("war2")
RULES = war2_rules()
TERRITORIES = list(BOARD.territories)
SEATS = [
    ("Ana", "azul"),
    ("Bia", "verde"),
    ("Caio", "preto"),
    ("Duda", "vermelho"),
    ("Edu", "amarelo"),
    ("Fia", "branco"),
]
#: An objective nobody reaches by accident in these positions.
SAFE = "territories_18_x2"
CARD = {c.id: c.index for c in RULES.cards}
NUMBER = {v: [c.index for c in RULES.cards if c.numbered and c.value == v] for v in (1, 2, 3)}


def card_of(territory: str) -> int:
    """The card that names ``territory``."""
    return next(c.index for c in RULES.cards if territory in c.territories)


def position(held: dict[int, list[str]], n: int = 3, **kw: Any) -> War2Game:
    """A WAR II game in round 2 at a position: ``held`` territories per seat, every other
    territory dealt round the seats that are not to move."""
    owner: dict[str, int] = {t: s for s, ts in held.items() for t in ts}
    rest = [s for s in range(n) if s != kw.get("current", 0)]
    for i, t in enumerate(t for t in TERRITORIES if t not in owner):
        owner[t] = rest[i % len(rest)]
    goals = {s: SAFE for s in range(n)}
    goals.update(kw.pop("objectives", {}))
    game = War2Game.scenario("war2", SEATS[:n], owner, objectives=goals, **kw)
    assert isinstance(game, War2Game)
    return game


def place_all(game: Game, bot: Any) -> None:
    """Let the bot place its reinforcements (and use cards as it likes)."""
    while game.pending_armies:
        game.apply(bot_action(bot, game))


def war2_game(
    levels: list[str], seed: int, options: dict[str, Any] | None = None
) -> tuple[Game, list[Any]]:
    colors = seat_colors("war2")
    game = Game.new(
        "war2", [(f"P{k}", colors[k]) for k in range(len(levels))], seed=seed, options=options
    )
    return game, [make_bot(level, seed * 10 + k) for k, level in enumerate(levels)]


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_thousands_of_war2_bot_actions_are_legal_and_use_the_book(level):
    by_level = 0
    used: Counter[str] = Counter()
    others = "easy" if level != "easy" else "normal"
    for seed in range(200, 240):
        levels = seat_levels([level, others, others], seed)
        options = {"information_centres": True} if seed % 2 else None
        game, bots = war2_game(levels, seed, options)
        while game.phase != "over" and game.round <= 40:
            action = bot_action(bots[game.current], game)
            assert game.is_legal(action), (levels[game.current], action)
            if levels[game.current] == level:
                by_level += 1
                used[action.type] += 1
            game.apply(action)
        if by_level >= 1000 and seed >= 205:
            break
    assert by_level >= 1000
    # Bombers from the air base and from cards, card armies, airlift, claims, the
    # Information Centre and spying: what the book gives.
    assert {
        "claim",
        "place",
        "attack",
        "air_attack",
        "air_round",
        "card_armies",
        "card_air_attack",
        "airlift",
        "place_ci",
        "spy",
    } <= set(used), used


@pytest.mark.parametrize("players", [4, 5, 6])
def test_every_level_plays_war2_legally_at_larger_tables(players):
    levels = [LEVEL_NAMES[k % 3] for k in range(players)]
    game, bots = war2_game(levels, 7 + players, {"information_centres": True})
    n = 0
    while game.phase != "over" and n < 1500:
        action = bot_action(bots[game.current], game)
        assert game.is_legal(action), (levels[game.current], action)
        game.apply(action)
        n += 1
    assert n > 150


def test_the_same_seed_gives_the_same_war2_game():
    logs = []
    for seed in (3, 3, 4):
        game, bots = war2_game(["hard", "normal", "easy"], seed, {"information_centres": True})
        k = 0
        while game.phase != "over" and k < 500:
            game.apply(bots[game.current].choose(game))
            k += 1
        logs.append(json.dumps(game.log))
    assert logs[0] == logs[1] != logs[2]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_finishes_its_war2_games(level):
    for seed in (1, 2):
        levels = [level] * 3 if level != "hard" else seat_levels(["hard", "normal", "normal"], seed)
        result = play_match(levels, seed, "war2", check=True)
        assert result["finished"], result
        assert result["rounds"] < 40


def test_think_yields_chunks_in_war2_too():
    game = position(
        {0: ["brasil", "argentina", "peru", "venezuela"]},
        current=0,
        armies={"brasil": 6},
        bombers={0: 3},
    )
    steps = list(make_bot("hard", 5).think(game))
    assert steps[-1] is not None and all(s is None for s in steps[:-1])
    assert steps[-1] == make_bot("hard", 5).choose(game) and game.is_legal(steps[-1])


# ------------------------------------------------------------ the book's pieces
def test_air_odds_tables_are_distributions_and_bombers_wear_a_territory_down():
    for bombers, armies in ((1, 2), (3, 5), (10, 20)):
        dist = air_dist(bombers, armies)
        assert abs(sum(q for _, q in dist) - 1.0) < 1e-9
        assert all(1 <= d <= armies for d, _ in dist)
    # One bomber destroys about one army; ten bombers a whole stack of twenty but 5.
    mean = {b: sum(d * q for d, q in air_dist(b, 20)) for b in (1, 10)}
    assert 18.5 < mean[1] < 19.5 and 4.0 < mean[10] < 6.0
    assert stop_level(10, 8, 0.9) < 8 and stop_level(30, 2, 0.9) == 2


def test_air_odds_of_a_huge_stack_are_those_of_a_large_one_moved_along():
    """A territory of thousands of armies: the raid's table is the same as for a few
    hundred, moved along (a stack of 500 once went past Python's recursion limit)."""
    for bombers in (1, 13):
        small, huge = air_dist(bombers, 300), air_dist(bombers, 5000)
        assert abs(sum(q for _, q in huge) - 1.0) < 1e-9
        assert [(d + 4700, round(q, 12)) for d, q in small] == [(d, round(q, 12)) for d, q in huge]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_weighs_bombing_a_territory_of_a_thousand_armies(level):
    """Every level weighs its raids against a territory of 1,200 armies without failing."""
    south = ["brasil", "argentina", "peru", "venezuela"]
    game = position(
        {0: south, 1: ["argelia"]},
        armies={"brasil": 900, "argelia": 1200},
        bombers={0: 10},
        objectives={0: "asia_africa"},
    )
    bot = make_bot(level, 1)
    place_all(game, bot)
    for _ in range(40):
        if game.phase not in ("attack", "air"):
            break
        game.apply(bot_action(bot, game))


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bombs_the_territory_it_is_about_to_attack(level):
    # 9 armies in Brazil against 6 in North Africa, which the objective needs; 4 bombers.
    south = ["brasil", "argentina", "peru", "venezuela"]
    game = position(
        {0: south, 1: ["argelia"]},
        armies={"brasil": 9, "argelia": 6},
        bombers={0: 4},
        objectives={0: "asia_africa"},
    )
    bot = make_bot(level, 1)
    place_all(game, bot)
    while game.phase == "attack":
        action = bot_action(bot, game)
        if not isinstance(action, (CardArmies, CardAirAttack, Transport)):
            break
        game.apply(action)
    assert isinstance(action, AirAttack) and action.target == "argelia", action
    game.apply(action)
    while game.phase == "air":
        action = bot_action(bot, game)
        assert isinstance(action, (AirRound, AirStop))
        game.apply(action)
    assert game.armies["argelia"] < 6 or game.bombers[0] + game.bombers_in_box(0) < 10


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_uses_a_card_with_numbers_for_armies_or_bombers(level):
    south = ["brasil", "argentina", "peru", "venezuela"]
    hand = [card_of("argelia"), NUMBER[3][0], NUMBER[2][0]]
    game = position(
        {0: south, 1: ["argelia"]},
        armies={"brasil": 7, "argelia": 7},
        hands={0: hand},
        objectives={0: "asia_africa"},
    )
    bot = make_bot(level, 2)
    seen = []
    while game.current == 0 and game.phase in ("reinforce", "attack", "air", "occupy"):
        action = bot_action(bot, game)
        seen.append(action)
        game.apply(action)
        if isinstance(action, CardAirAttack):
            break
    raids = [a for a in seen if isinstance(a, CardAirAttack)]
    assert raids and raids[0].target == "argelia" and raids[0].numbers, seen
    # A card naming its own territories (South America's) brings armies to one of them,
    # the numbers with it: 1 + 3 + 1.
    hand = [card_of("peru"), NUMBER[3][1], NUMBER[1][0]]
    game = position({0: south}, hands={0: hand})
    action = bot_action(make_bot(level, 3), game)
    assert isinstance(action, CardArmies) and action.territory in south
    before = game.armies[action.territory]
    game.apply(action)
    assert game.armies[action.territory] == before + 5


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_airlifts_idle_armies_from_a_rear_centre_to_the_front(level):
    # Brazil (a centre) deep inside South America and Africa with 12; Egypt (a centre) at
    # the front of Africa.
    inside = [
        "brasil",
        "argentina",
        "peru",
        "venezuela",
        "argelia",
        "congo",
        "africa_do_sul",
        "madagascar",
        "sudao",
        "egito",
        "mexico",
        "cuba",
    ]
    game = position({0: inside}, armies={"brasil": 12, "egito": 2}, current=0)
    game.pools = {}
    game.phase = "regroup"
    bot = make_bot(level, 4)
    moves = []
    while game.current == 0 and game.phase == "regroup":
        action = bot_action(bot, game)
        moves.append(action)
        game.apply(action)
    lifts = [a for a in moves if isinstance(a, Airlift)]
    assert lifts and lifts[0].source == "brasil", moves
    assert game.armies["brasil"] < 12


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_transports_an_idle_stack_to_the_front_with_two_cards(level):
    # Congo, deep inside, holds 10; Algeria faces Egypt and France.
    held = [
        "brasil",
        "argentina",
        "peru",
        "venezuela",
        "argelia",
        "congo",
        "sudao",
        "africa_do_sul",
        "madagascar",
    ]
    hand = [card_of("congo"), card_of("argelia")]
    game = position({0: held}, armies={"congo": 10}, hands={0: hand})
    bot = make_bot(level, 5)
    seen = []
    left = None  # Congo's armies just after the transport (placement may top it up later)
    while not seen or not isinstance(seen[-1], (Attack, EndTurn)):
        seen.append(bot_action(bot, game))
        game.apply(seen[-1])
        if isinstance(seen[-1], Transport) and left is None:
            left = game.armies["congo"]
    moves = [a for a in seen if isinstance(a, Transport)]
    assert moves and (moves[0].source, moves[0].target) == ("congo", "argelia"), seen
    assert moves[0].count >= 9 and left == 1


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_places_its_information_centre_and_spies(level):
    game, bots = war2_game([level, level, level], 11, {"information_centres": True})
    seen: set[str] = set()
    while game.phase != "over" and game.round <= 3:
        action = bot_action(bots[game.current], game)
        seen.add(action.type)
        if isinstance(action, PlaceCI):
            assert game.owner[action.territory] == game.current
        game.apply(action)
    assert {"place_ci", "spy"} <= seen
    assert all(
        ci["territory"] is not None for ci in game.ci.values() if game.players[ci["holder"]].alive
    )


def test_claims_follow_the_objective_and_majorities():
    game, bots = war2_game(["hard", "normal", "easy"], 21)
    claims: dict[int, list[str]] = {0: [], 1: [], 2: []}
    while game.phase == "claim":
        action = bot_action(bots[game.current], game)
        assert isinstance(action, Claim)
        claims[game.current].append(action.territory)
        game.apply(action)
    assert game.phase == "reinforce"
    for seat in (0, 1):  # the levels that weigh majorities hold at least one
        held = game.territories_of(seat)
        majorities = [
            c
            for c, cont in BOARD.continents.items()
            if 2 * sum(t in held for t in cont.territories) > len(cont.territories)
        ]
        assert majorities, (seat, held)


# ---------------------------------------------------------------- no peeking
def hidden_variant(swap: int) -> War2Game:
    """One public WAR II position; others' objectives and hands, the deck order and the
    dice to come depend on ``swap``."""
    objectives = [
        {0: "asia_africa", 1: "territories_24", 2: "centres_8"},
        {0: "asia_africa", 1: "majorities_5", 2: "north_america_europe"},
    ][swap]
    mine = [card_of("china"), NUMBER[2][0], card_of("egito")]
    others = [
        {1: [card_of("peru"), NUMBER[3][0]], 2: [card_of("japao")]},
        {1: [card_of("mexico"), NUMBER[1][3]], 2: [NUMBER[2][5]]},
    ][swap]
    rnd = random.Random(99)
    owner = {t: rnd.randrange(3) for t in TERRITORIES}
    armies = {t: 1 + rnd.randrange(5) for t in TERRITORIES}
    game = War2Game.scenario(
        "war2",
        SEATS[:3],
        owner,
        armies=armies,
        current=0,
        hands={0: mine, **others},
        objectives=objectives,
        seed=1000 + 17 * swap,
        bombers={0: 3, 1: 2, 2: 1},
        options={"information_centres": True},
    )
    assert isinstance(game, War2Game)
    # The deck in another order, but the cards seat 0 will draw (on top) the same.
    top = [card_of(t) for t in ("alasca", "suecia", "india", "aral", "omsk", "tchita")]
    top += NUMBER[3][2:5]
    rest = [c for c in game.deck if c not in top]
    random.Random(swap).shuffle(rest)
    game.deck = rest + top
    assert game.check() == []
    return game


class Passive:
    """A scripted opponent reading the public board only: its armies on its first
    territories, its Information Centre on the first, no attacks."""

    def choose(self, game: Game) -> Any:
        me = game.current
        if game.phase == "air":
            return AirStop()
        if game.ci and game.ci[str(me)]["territory"] is None and game.round <= 2:
            return PlaceCI(game.territories_of(me)[0])
        if game.pending_armies:
            t = next(t for t in game.territories_of(me) if game.available_for(t))
            return Place(t, game.available_for(t))
        return EndTurn()


def rolls_for(game: Game, action: Any, dice: random.Random) -> Any:
    """Dice for an attack or an air round, the same for both games."""
    if isinstance(action, Attack):
        att = game.attack_dice_max(action.source) if action.dice is None else action.dice
        dfn = min(3, game.armies[action.target])
        return ([dice.randint(1, 6) for _ in range(att)], [dice.randint(1, 6) for _ in range(dfn)])
    if isinstance(action, (AirAttack, CardAirAttack, AirRound)):
        assert isinstance(game, War2Game)
        if isinstance(action, AirRound):
            assert game.air is not None
            bombers = game.air["bombers"]
        elif isinstance(action, AirAttack):
            bombers = action.bombers
        else:
            bombers = 1 + sum(game.cards[c].value for c in action.numbers)
        shot = dice.choice(RULES.anti_aircraft)
        return ([] if shot >= bombers else [dice.choice(RULES.air_attack)], [shot])
    return None


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_war2_decisions_do_not_depend_on_hidden_information(level):
    games = [hidden_variant(0), hidden_variant(1)]
    assert games[0].deck != games[1].deck and games[0].rng.state != games[1].rng.state
    assert games[0].view(0) == games[1].view(0)
    bots = [make_bot(level, 4), make_bot(level, 4)]
    dice = random.Random(5)
    chosen = []

    def public(game: Game) -> dict[str, Any]:
        # What seat 0 saw by spying differs (the hidden hands): its choices do not.
        return {k: v for k, v in game.view(0).items() if k != "intel"}

    def seen_objectives(game: Game) -> dict[str, str]:
        intel = game.view(0).get("intel") or {}
        return {k: v["objective"] for k, v in intel.items() if "objective" in v}

    for _ in range(600):
        if games[0].phase == "over" or games[0].round > 4:
            break
        assert public(games[0]) == public(games[1])
        if seen_objectives(games[0]) != seen_objectives(games[1]):
            break  # a captured Information Centre showed an objective: no longer hidden
        if games[0].current == 0:
            a0, a1 = bot_action(bots[0], games[0]), bot_action(bots[1], games[1])
            assert a0 == a1
            chosen.append(a0)
        else:
            a0 = a1 = Passive().choose(games[0])
        rolls = rolls_for(games[0], a0, dice)
        games[0].apply(a0, rolls=rolls)
        games[1].apply(a1, rolls=rolls)
    kinds = {a.type for a in chosen}
    assert len(chosen) > 10 and {"attack", "air_attack", "spy"} <= kinds, kinds


def test_a_majoritys_armies_placed_anywhere_are_planned_as_free_ones(monkeypatch):
    from pywar.ai.core import Position
    from pywar.ai.hard import HardBot

    asia = list(BOARD.continents["asia"].territories)
    game = position({0: asia[: len(asia) // 2 + 1]})
    assert game.pools.get("majority_any:asia") == RULES.majority_bonus["asia"]
    pools = Position.from_view(game.view(0)).pools
    assert sum(pools.values()) == sum(game.pools.values())
    assert pools["free"] == game.pools["free"] + RULES.majority_bonus["asia"]
    plans = []
    plan = HardBot.plan_placement

    def counted(self: Any, *args: Any) -> Any:
        plans.append(1)
        return (yield from plan(self, *args))

    monkeypatch.setattr(HardBot, "plan_placement", counted)
    place_all(game, make_bot("hard", 1))
    assert game.phase == "attack"
    assert len(plans) == 1  # one plan for every army of the turn


def test_hard_reaches_war2_through_its_layers_hooks():
    """Hard names no WAR II piece: the layer's hooks raid and airlift; a variant without
    a layer gets the base hooks, which add nothing."""
    from pywar.ai.base import BotLayer
    from pywar.ai.core import Position
    from pywar.variants.war2.ai import War2Layer

    game = position({0: ["brasil", "egito", "argentina"]}, current=0)
    bot = make_bot("hard", 1)
    bot_action(bot, game)
    assert isinstance(bot.layer, War2Layer)
    pos = Position.from_view(game.view(0))
    brasil, egito = pos.info.index["brasil"], pos.info.index["egito"]
    assert egito in bot.layer.regroup_targets(pos, brasil)
    assert isinstance(bot.layer.regroup_move(pos, brasil, egito, 1), Airlift)

    classic = Game.new("classic", SEATS[:3], seed=1)
    bot = make_bot("hard", 1)
    bot_action(bot, classic)
    assert type(bot.layer) is BotLayer
    plain = BotLayer(bot)
    assert plain.regroup_targets(pos, brasil) == []
    assert plain.regroup_move(pos, brasil, pos.info.index["argentina"], 1) == Regroup(
        "brasil", "argentina", 1
    )
    play = lambda own, arm, r: False  # noqa: E731
    assert plain.rollout_opening(pos, pos.owner, pos.armies, [0.0] * pos.info.n, play) is play
