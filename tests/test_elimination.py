"""Elimination in every variant (RULINGS.md, "Elimination"): whole-game properties and the
bots through the end-of-turn trade.

Classic: the eliminator takes every card and trades at the end of the turn, forced while
holding more than 5. WAR II, Mitológicas, Brasil: the eliminator keeps their own cards and
gets, blind, only enough of the victim's to hold five; the rest go to the discard pile.
"""

from __future__ import annotations

import random

import pytest
from conftest import CARD, JOKERS, SEATS, make, objectives_for, owners, pick, place_all, same_game
from hypothesis import given, settings
from hypothesis import strategies as st

from pywar import Game
from pywar.actions import Attack, EndTurn, Occupy, Trade
from pywar.ai import make_bot
from pywar.bot import SimpleBot
from pywar.simulate import DEFAULT_COLORS
from pywar.variants import get_variant
from pywar.variants.war2.rules import War2Game

VARIANTS = ("classic", "war2", "mitologicas", "brasil")
#: The hand an elimination works with in every variant (RULINGS.md: five).
FIVE = 5


def colours(variant: str, n: int) -> list[tuple[str, str]]:
    allowed = get_variant(variant).board.raw["colors"]
    names = [c for c in DEFAULT_COLORS if c in allowed]
    return [(f"P{i}", names[i]) for i in range(n)]


def all_cards(game: Game) -> list[int]:
    return sorted(game.deck + game.discard + [c for p in game.players for c in p.cards])


def crowded(variant: str, seed: int, players: int, rnd: random.Random) -> Game:
    """A position where the last seat is weak (1 to 3 territories of 1 army) and every seat
    holds some cards: eliminations come soon."""
    board = get_variant(variant).board
    names = list(board.territories)
    weak = players - 1
    owner = {t: rnd.randrange(weak) for t in names}
    for t in rnd.sample(names, rnd.randint(1, 3)):
        owner[t] = weak
    strong = [t for t in names if owner[t] != weak]
    for seat in range(weak):
        owner[strong[seat]] = seat
    armies = {t: 1 if owner[t] == weak else rnd.randint(2, 8) for t in names}
    probe = Game.new(variant, colours(variant, players), seed=0)
    deck = list(range(probe._deck_size()))
    rnd.shuffle(deck)
    hands = {}
    for seat in range(players):
        k = rnd.randint(0, 4)
        hands[seat], deck = deck[:k], deck[k:]
    goal = {
        "classic": "territories_18_x2",
        "war2": "territories_18_x2",
        "mitologicas": "territories_16_x2",
        "brasil": "territories_12_x2",
    }[variant]
    return Game.scenario(
        variant,
        colours(variant, players),
        owner,
        armies=armies,
        hands=hands,
        objectives={s: goal for s in range(players)},
        seed=seed,
    )


def check_elimination(game: Game, e: dict, variant: str) -> None:
    """The numbers of one elimination event, as the variant's ruling says."""
    rules = get_variant(variant)
    assert e["cards_held"] + e["cards_taken"] == e["hand"]
    assert e["cards_taken"] + e["cards_discarded"] == e["cards_left"]
    assert len(e["private"][str(e["by"])]["cards_taken"]) == e["cards_taken"]
    if rules.elimination_cards == "take_all":
        assert e["cards_taken"] == e["cards_left"] and e["cards_discarded"] == 0
    else:
        assert e["cards_taken"] == min(e["cards_left"], max(0, FIVE - e["cards_held"]))


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_cards_are_conserved_through_eliminations(variant, seed, choices):
    rnd = random.Random(choices)
    players = rnd.randint(3, get_variant(variant).max_players)
    game = crowded(variant, seed, players, rnd)
    total = all_cards(game)
    bot = SimpleBot()
    for _ in range(250):
        if game.phase == "over":
            break
        action = bot.choose(game) if rnd.random() < 0.75 else pick(rnd, game.legal_actions())
        events = game.apply(action)
        assert all_cards(game) == total and game.check() == []
        for e in events:
            if e["type"] == "eliminated":
                check_elimination(game, e, variant)
    same_game(game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_bot_games_eliminate_and_keep_the_cards(variant):
    """Whole games of simple bots: every elimination follows the ruling, no card is lost."""
    eliminations = 0
    for seed in range(6):
        players = get_variant(variant).max_players
        game = Game.new(variant, colours(variant, players), seed=seed)
        total = all_cards(game)
        bot = SimpleBot()
        while game.phase != "over" and game.round <= 80:
            for e in game.apply(bot.choose(game)):
                if e["type"] == "eliminated":
                    eliminations += 1
                    check_elimination(game, e, variant)
                    assert all_cards(game) == total
        assert all_cards(game) == total and game.check() == []
    assert eliminations > 0


# ------------------------------------------------------------ bots and the final trade
A_CARDS = [CARD["alasca"], CARD["mackenzie"], CARD["groenlandia"], CARD["california"]]
B_CARDS = [CARD["vancouver"], CARD["ottawa"], CARD["labrador"], JOKERS[0], CARD["peru"]]


@pytest.mark.parametrize("level", ["simple", "easy", "normal", "hard"])
def test_every_bot_level_trades_down_at_the_end_of_an_eliminating_turn(level):
    # A (4 cards) destroys B (5 cards) and holds 9: the bot must trade twice before the card.
    game = make(
        {0: ["brasil", "venezuela"], 1: ["argentina"]},
        hands={0: A_CARDS, 1: B_CARDS},
        armies={"brasil": 9},
    )
    place_all(game, "brasil")
    game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [1]))
    assert not game.players[1].alive and len(game.players[0].cards) == 9
    bot = make_bot(level, seed=3)
    phases = []
    while game.current == 0 and game.phase != "over":
        action = bot.choose(game)
        assert game.is_legal(action), (game.phase, action)
        phases.append(game.phase)
        before = len(game.players[0].cards)
        events = game.apply(action)
        for e in events:
            if e["type"] == "card":
                assert before <= FIVE
    assert "final_trade" in phases
    assert game.trades_done >= 2 and len(game.players[0].cards) <= FIVE + 1
    assert game.check() == []


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_bot_level_finishes_games(variant, level):
    players = min(4, get_variant(variant).max_players)
    game = Game.new(variant, colours(variant, players), seed=11)
    bots = [make_bot(level, seed=k) for k in range(players)]
    while game.phase != "over" and game.round <= get_variant(variant).round_cap:
        action = bots[game.current].choose(game)
        game.apply(action)
    assert game.winner is not None


#: A harmless objective per board (nobody wins by the position's end).
SAFE = {
    "classic": "territories_18_x2",
    "war2": "territories_18_x2",
    "mitologicas": "territories_16_x2",
    "brasil": "territories_12_x2",
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_eliminations_in_one_turn(variant: str) -> None:
    """Ana knocks out Bia (4 cards) and then Caio (3 cards) in one turn, holding 2. Classic:
    she takes every card (9) and trades at the end of the turn while over five (9, 6, then
    3). The others: the first top-up fills her hand to five, the second finds five and
    takes none; the rest go to the discard pile."""
    board = get_variant(variant).board
    hub = next(t for t in board.territories if len(board.neighbors[t]) >= 3)
    first, second = sorted(board.neighbors[hub])[:2]
    far = next(t for t in board.territories if t not in (hub, first, second, *board.neighbors[hub]))
    mine = [t for t in board.territories if t not in (first, second, far)]
    owner = owners(board, {0: mine, 1: [first], 2: [second], 3: [far]}, 4)
    hands = {0: [0, 1], 1: [2, 3, 4, 5], 2: [6, 7, 8], 3: []}
    cls = War2Game if variant == "war2" else Game
    game = cls.scenario(
        variant,
        SEATS[:4],
        owner,
        armies={hub: 20},
        hands=hands,
        objectives=objectives_for(4, SAFE[variant], None),
        seed=0,
        round=2,
    )
    place_all(game, hub)
    knocked = []
    for victim in (first, second):
        events = game.apply(Attack(hub, victim), rolls=([6, 6, 6], [1]))
        knocked += [e for e in events if e["type"] == "eliminated"]
        if game.phase == "occupy":
            game.apply(Occupy(1))
    assert [e["player"] for e in knocked] == [1, 2]
    if variant == "classic":
        assert [e["cards_taken"] for e in knocked] == [4, 3]
        assert len(game.players[0].cards) == 9 and game.discard == []
        game.apply(EndTurn())
        assert game.phase == "final_trade"
        held = []
        while game.must_trade:
            game.apply(Trade(game.valid_trades()[0]))
            held.append(len(game.players[0].cards))
        assert held == [6, 3]
    else:
        assert [e["cards_taken"] for e in knocked] == [3, 0]
        assert [e["cards_discarded"] for e in knocked] == [1, 3]
        assert len(game.players[0].cards) == FIVE and len(game.discard) == 4
    assert all_cards(game) == list(range(game._deck_size()))
