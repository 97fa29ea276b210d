"""Properties that hold over random games: invariants, army accounting, JSON and replay.

Games are driven by a seeded ``random.Random`` choosing among ``legal_actions()`` (first the
kind of action, then one of that kind, so turns end and every phase is reached), and by
random, mostly illegal, actions that must either apply or leave the state untouched.
"""

from __future__ import annotations

import random

from conftest import TERRITORIES, army_change, pick, same_game, seats
from hypothesis import given, settings
from hypothesis import strategies as st

from pywar import Game, IllegalAction
from pywar.actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from pywar.bot import SimpleBot
from pywar.objectives import objective_met

STEPS = 300


def invariants(game: Game) -> None:
    """The state a player could always rely on, checked independently of ``Game.check``."""
    assert game.check() == []
    n = len(game.players)
    for t in TERRITORIES:
        owner = game.owner[t]
        assert 0 <= owner < n and game.players[owner].alive, t
        assert game.armies[t] >= 1, t
    cards = game.deck + game.discard + [c for p in game.players for c in p.cards]
    assert sorted(cards) == list(range(44))
    alive = [i for i, p in enumerate(game.players) if p.alive]
    assert sorted(set(game.owner.values())) == alive
    if game.phase != "over":
        assert game.players[game.current].alive
        assert game.pending_armies >= 0
    else:
        assert game.winner is not None


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    choices=st.integers(0, 2**32 - 1),
    placement_only=st.booleans(),
)
def test_random_legal_play_keeps_every_invariant(seed, players, choices, placement_only):
    options = {"first_round_placement_only": True} if placement_only else {}
    game = Game.new("classic", seats(players), seed=seed, options=options)
    rnd = random.Random(choices)
    invariants(game)
    total = sum(game.armies.values())
    kinds = set()
    for step in range(STEPS):
        actions = game.legal_actions()
        if game.phase == "over":
            assert actions == []
            break
        assert actions, game.phase
        action = pick(rnd, actions)
        assert game.is_legal(action)
        kinds.add(action.type)
        events = game.apply(action)
        invariants(game)
        now = sum(game.armies.values())
        assert now == total + army_change(events), (step, action, events)
        total = now
        if step % 100 == 99:
            same_game(game)
    same_game(game)
    assert {"place", "attack"} <= kinds


def objective_done(game: Game, seat: int) -> bool:
    """Whether ``seat``'s objective holds on the board (or everyone else is gone)."""
    spec = game.objective_of(seat)
    destroyed = spec["kind"] == "destroy" and any(
        p.color == spec["color"] and p.eliminated_by == seat for p in game.players
    )
    last = [i for i, p in enumerate(game.players) if p.alive] == [seat]
    return last or objective_met(spec, game.board, game.owner, game.armies, seat, destroyed)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), choices=st.integers(0, 2**32 - 1))
def test_eliminations_trades_and_victories_keep_cards_and_armies(seed, players, choices):
    """Crowded positions with a weak last seat, played by a mix of the simple bot and random
    legal choices: players are eliminated, hands taken, sets traded, games won."""
    rnd = random.Random(choices)
    weak = players - 1
    owner = {t: rnd.randrange(weak) for t in TERRITORIES}
    for t in rnd.sample(TERRITORIES, rnd.randint(1, 3)):
        owner[t] = weak
    strong = [t for t in TERRITORIES if owner[t] != weak]
    for seat in range(weak):
        owner[strong[seat]] = seat
    armies = {t: 1 if owner[t] == weak else rnd.randint(1, 6) for t in TERRITORIES}
    deck = list(range(44))
    rnd.shuffle(deck)
    hands = {}
    for seat in range(players):
        k = rnd.randint(0, 4)
        hands[seat], deck = deck[:k], deck[k:]
    game = Game.scenario("classic", seats(players), owner, armies=armies, hands=hands, seed=seed)
    bot = SimpleBot()
    invariants(game)
    total = sum(game.armies.values())
    for _ in range(STEPS):
        if game.phase == "over":
            break
        actions = game.legal_actions()
        action = bot.choose(game) if rnd.random() < 0.7 else pick(rnd, actions)
        assert game.is_legal(action)
        me = game.current
        events = game.apply(action)
        invariants(game)
        now = sum(game.armies.values())
        assert now == total + army_change(events)
        total = now
        for e in events:
            if e["type"] == "eliminated":
                assert e["by"] == me and not game.players[e["player"]].alive
                assert game.players[e["player"]].cards == []
                # Classic (RULINGS.md): every card is taken, none cut.
                assert e["cards_taken"] == e["cards_left"] and e["cards_discarded"] == 0
                assert e["hand"] == e["cards_held"] + e["cards_left"]
            if e["type"] == "card":
                # The end-of-turn trade left at most 5 before the card of the turn.
                assert len(game.players[e["player"]].cards) - e["count"] <= 5
            if e["type"] == "victory":
                assert e["player"] == game.winner and objective_done(game, game.winner)
    same_game(game)


def listed_form(game: Game, action: Action | dict) -> Action | None:
    """The entry of ``legal_actions()`` that ``action`` stands for, if any.

    An attack without dice rolls the most allowed; a trade may list its cards in any order
    and leave the +2 to the first owned card.
    """
    if isinstance(action, dict):
        return None
    for legal in game.legal_actions():
        if legal == action:
            return legal
        if (
            isinstance(action, Attack)
            and action.dice is None
            and isinstance(legal, Attack)
            and (legal.source, legal.target) == (action.source, action.target)
            and legal.dice == game.attack_dice_max(legal.source)
        ):
            return legal
        if (
            isinstance(action, Trade)
            and isinstance(legal, Trade)
            and sorted(legal.cards) == sorted(action.cards)
            and action.bonus_territory in (None, legal.bonus_territory)
        ):
            return legal
    return None


territory = st.sampled_from([*TERRITORIES, "atlantida", "", "Brasil"])
count = st.integers(-2, 12)
random_action = st.one_of(
    st.builds(Place, territory, count),
    st.builds(Attack, territory, territory, st.one_of(st.none(), st.integers(-1, 4))),
    st.builds(Occupy, count),
    st.builds(Regroup, territory, territory, count),
    st.builds(
        Trade,
        st.lists(st.integers(-1, 45), min_size=0, max_size=4).map(tuple),
        st.one_of(st.none(), territory),
    ),
    st.just(EndAttack()),
    st.just(EndTurn()),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["place", "attack", "nope", "trade"]),
            "territory": st.one_of(territory, st.integers(), st.none()),
            "count": st.one_of(count, st.text(max_size=2)),
        }
    ),
)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    attempts=st.lists(random_action, min_size=10, max_size=40),
)
def test_random_actions_apply_or_change_nothing(seed, choices, attempts):
    game = Game.new("classic", seats(4), seed=seed)
    rnd = random.Random(choices)
    for attempt in attempts:
        for _ in range(rnd.randrange(6)):  # move the game on between attempts
            if game.phase == "over":
                break
            game.apply(pick(rnd, game.legal_actions()))
        if game.phase == "over":
            break
        before = game.to_json()
        listed = listed_form(game, attempt)
        total = sum(game.armies.values())
        try:
            events = game.apply(attempt)
        except IllegalAction as exc:
            assert listed is None, (attempt, exc)  # a listed action is never refused
            assert exc.rule and exc.message
            assert game.to_json() == before
        else:
            assert listed is not None or isinstance(attempt, dict), attempt
            assert sum(game.armies.values()) == total + army_change(events)
        invariants(game)
    same_game(game)
