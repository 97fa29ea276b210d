"""WAR II properties over random games: cards, bombers and armies are conserved as the book
says, the state round-trips through JSON and replays equal, illegal actions change nothing.

Games are driven by a seeded ``random.Random`` choosing among ``legal_actions()`` (a kind
first, then one action of that kind, so every phase and card use is reached), by a mix of the
WAR II bot and random choices in crowded positions, and by random, mostly illegal, actions.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace

from conftest import army_change, pick, same_game, seats
from hypothesis import given, settings
from hypothesis import strategies as st
from test_war2_rules import CENTRES, RULES, TERRITORIES, make2

from pywar import Game, IllegalAction
from pywar.actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup
from pywar.variants.war2.actions import (
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
from pywar.variants.war2.bot import War2Bot
from pywar.variants.war2.rules import War2Game

STEPS = 300
DECK = len(RULES.cards)
PLANES = RULES.bombers_per_player


def invariants(game: War2Game) -> None:
    """What a player can always rely on, checked apart from ``War2Game.check``."""
    assert game.check() == []
    n = len(game.players)
    cards = game.deck + game.discard + [c for p in game.players for c in p.cards]
    assert sorted(cards) == list(range(DECK))  # every card exactly once
    assert all(len(p.cards) <= RULES.hand_limit for p in game.players)
    assert len(game.discard) < RULES.discard_reshuffle_at
    for seat in range(n):
        assert game.bombers[seat] >= 0 and game.bombers_in_box(seat) >= 0
        assert (
            game.bombers[seat]
            + game.bombers_in_box(seat)
            + (game.air["bombers"] if game.air and seat == game.current else 0)
            == PLANES
        )
    for t, owner in game.owner.items():
        assert game.players[owner].alive and game.armies[t] >= 1
    if game.phase not in ("centre_choice", "claim"):
        assert set(game.owner) == set(TERRITORIES)
    if game.phase == "over":
        assert game.winner is not None and game.legal_actions() == []


def base_change(events: list[dict], seat: int) -> int:
    """Bombers into ``seat``'s air base (turn's due, survivors back) minus bombers sent."""
    change = 0
    for e in events:
        if e["type"] == "turn" and e["player"] == seat:
            change += e["bombers"]
        elif e["type"] == "air_end" and e["player"] == seat:
            change += e["returned"]
        elif e["type"] == "air_attack" and e["player"] == seat and e["source"] == "base":
            change -= e["bombers"]
    return change


def check_events(game: War2Game, events: list[dict]) -> None:
    for e in events:
        if e["type"] == "air_round":
            assert e["armies"] >= 1 and game.owner[e["target"]] == e["defender"]
        if e["type"] == "air_end":
            assert e["returned"] + e["lost"] >= 1
        if e["type"] == "card":
            assert e["count"] <= RULES.cards_per_conquest_turn


def step(game: War2Game, action: Action) -> list[dict]:
    """Apply ``action`` and check the accounting of armies, bombers and cards."""
    armies = sum(game.armies.values())
    bases = list(game.bombers)
    events = game.apply(action)
    assert sum(game.armies.values()) == armies + army_change(events), (action, events)
    for seat, before in enumerate(bases):
        assert game.bombers[seat] == before + base_change(events, seat), (action, events)
    check_events(game, events)
    invariants(game)
    return events


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    choices=st.integers(0, 2**32 - 1),
    centres=st.booleans(),
    deal_all=st.booleans(),
)
def test_random_legal_play_keeps_every_invariant(seed, players, choices, centres, deal_all):
    options = {"information_centres": centres, "five_players_deal_all_centres": deal_all}
    game = Game.new("war2", seats(players), seed=seed, options=options)
    assert isinstance(game, War2Game)
    rnd = random.Random(choices)
    invariants(game)
    kinds = set()
    for i in range(STEPS):
        actions = game.legal_actions()
        if game.phase == "over":
            break
        assert actions, game.phase
        action = pick(rnd, actions)
        assert game.is_legal(action), action
        kinds.add(action.type)
        step(game, action)
        if i % 100 == 99:
            same_game(game)
    same_game(game)
    assert "claim" in kinds


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), choices=st.integers(0, 2**32 - 1))
def test_crowded_positions_with_bots_keep_cards_bombers_and_armies(seed, players, choices):
    """A weak last seat, full hands and bases: eliminations, card transfers and cuts, air
    attacks from base and box, airlifts and victories."""
    rnd = random.Random(choices)
    weak = players - 1
    held: dict[int, list[str]] = defaultdict(list)
    for t in TERRITORIES:
        held[rnd.randrange(weak)].append(t)
    for t in rnd.sample(TERRITORIES, rnd.randint(1, 3)):
        for seat in list(held):
            if t in held[seat]:
                held[seat].remove(t)
        held[weak].append(t)
    for seat in range(weak):
        if not held[seat]:
            donor = max(held, key=lambda s: len(held[s]) if s != weak else -1)
            held[seat].append(held[donor].pop())
    owner = {t: s for s, ts in held.items() for t in ts}
    armies = {t: 1 if owner[t] == weak else rnd.randint(1, 7) for t in TERRITORIES}
    deck = list(range(DECK))
    rnd.shuffle(deck)
    hands = {}
    for seat in range(players):
        k = rnd.randint(0, RULES.hand_limit)
        hands[seat], deck = deck[:k], deck[k:]
    bombers = {s: rnd.randint(0, PLANES) for s in range(players)}
    game = make2(
        dict(held),
        players=players,
        armies=armies,
        hands=hands,
        bombers=bombers,
        seed=seed,
        objectives={
            s: rnd.choice(["territories_24", "centres_8", "majorities_5", "territories_18_x2"])
            for s in range(players)
        },
        options={"information_centres": True},
        ci={s: held[s][0] for s in range(players)},
    )
    bot = War2Bot()
    invariants(game)
    for _ in range(STEPS):
        if game.phase == "over":
            break
        action = bot.choose(game) if rnd.random() < 0.6 else pick(rnd, game.legal_actions())
        assert game.is_legal(action), action
        me = game.current
        events = step(game, action)
        for e in events:
            if e["type"] == "eliminated":
                assert e["by"] == me and game.players[e["player"]].cards == []
                assert not game.players[e["player"]].alive
                assert e["drawn_by"] is None or game.players[e["drawn_by"]].alive
            if e["type"] == "victory":
                assert e["player"] == game.winner
    same_game(game)


def listed_form(game: War2Game, action: Action | dict) -> Action | None:
    """The entry of ``legal_actions()`` that ``action`` stands for, if any (an attack without
    dice rolls the most; cards may be listed in any order)."""
    if isinstance(action, dict):
        return None
    norm = action
    if isinstance(action, (CardArmies, CardAirAttack)):
        norm = replace(action, numbers=tuple(sorted(action.numbers)))
    if isinstance(action, (Transport, TransportCI)):
        norm = replace(action, cards=tuple(sorted(action.cards)))
    if isinstance(action, ClaimPair):
        order = list(game.board.territories)
        if {action.first, action.second} <= set(order):
            first, second = sorted((action.first, action.second), key=order.index)
            norm = ClaimPair(first, second)
    for legal in game.legal_actions():
        if legal == norm:
            return legal
        if (
            isinstance(action, Attack)
            and action.dice is None
            and isinstance(legal, Attack)
            and (legal.source, legal.target) == (action.source, action.target)
            and legal.dice == game.attack_dice_max(legal.source)
        ):
            return legal
    return None


territory = st.sampled_from([*TERRITORIES, "mongolia", "", "Brasil"])
centre = st.sampled_from(CENTRES)
count = st.integers(-1, 8)
card = st.integers(-1, DECK + 1)
cards = st.lists(card, min_size=0, max_size=3).map(tuple)
seat = st.integers(-1, 6)
random_action = st.one_of(
    st.builds(Place, territory, count),
    st.builds(Attack, territory, territory, st.one_of(st.none(), st.integers(-1, 4))),
    st.builds(Occupy, count),
    st.builds(Regroup, territory, territory, count),
    st.just(EndAttack()),
    st.just(EndTurn()),
    st.builds(Claim, territory),
    st.builds(TakeCentre, centre),
    st.builds(ClaimPair, territory, territory),
    st.builds(CardArmies, card, territory, cards),
    st.builds(CardAirAttack, card, territory, cards),
    st.builds(AirAttack, territory, count),
    st.just(AirRound()),
    st.just(AirStop()),
    st.builds(Transport, cards, territory, territory, count),
    st.builds(Airlift, centre, centre, count),
    st.builds(Discard, card),
    st.builds(PlaceCI, territory),
    st.builds(MoveCI, seat, territory),
    st.builds(TransportCI, cards, seat, territory),
    st.builds(Spy, seat),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["claim", "airlift", "nope", "spy"]),
            "territory": st.one_of(territory, st.integers(), st.none()),
        }
    ),
)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    players=st.sampled_from([4, 5]),
    attempts=st.lists(random_action, min_size=10, max_size=40),
)
def test_random_actions_apply_or_change_nothing(seed, choices, players, attempts):
    game = Game.new("war2", seats(players), seed=seed, options={"information_centres": True})
    assert isinstance(game, War2Game)
    rnd = random.Random(choices)
    for attempt in attempts:
        for _ in range(rnd.randrange(12)):  # move the game on between attempts
            if game.phase == "over":
                break
            step(game, pick(rnd, game.legal_actions()))
        if game.phase == "over":
            break
        before = game.to_json()
        listed = listed_form(game, attempt)
        try:
            step(game, attempt)  # type: ignore[arg-type]
        except IllegalAction as exc:
            assert listed is None, (attempt, exc)  # a listed action is never refused
            assert exc.rule and exc.message
            assert game.to_json() == before
        else:
            assert listed is not None or isinstance(attempt, dict), attempt
    same_game(game)
