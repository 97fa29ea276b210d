"""WAR II (``war2``): the book's examples with its numbers, and every rule of
``war-ii-manual.txt`` as the engine plays it (see docs/rules.md, WAR II section)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import objectives_for, owners, place_all, refused, same_game, seats

from pywar import Game, load_board
from pywar.actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
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
from pywar.variants.war2.data import describe, war2_rules
from pywar.variants.war2.rules import War2Game

BOARD = load_board("war2")
RULES = war2_rules()
TERRITORIES = list(BOARD.territories)
CENTRES = list(RULES.centres)
#: Card index by card id (a territory card's id is its territory, or the pair/continent).
CARD = {c.id: c.index for c in RULES.cards}
#: Numbered card indices by value.
NUM = {v: [c.index for c in RULES.cards if c.numbered and c.value == v] for v in (1, 2, 3)}
SAFE = "territories_18_x2"


def continent(cid: str) -> list[str]:
    return list(BOARD.continents[cid].territories)


def make2(
    held: dict[int, list[str]],
    players: int = 3,
    armies: dict[str, int] | None = None,
    current: int = 0,
    hands: dict[int, list[int]] | None = None,
    objectives: dict[int, str] | None = None,
    bombers: dict[int, int] | None = None,
    ci: dict[int, str] | None = None,
    rest: list[int] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    round: int = 2,  # noqa: A002
) -> War2Game:
    """A WAR II game at a position: ``held`` territories per seat, the others dealt round
    ``rest`` (default: the seats not in ``held``, else every seat but the current one)."""
    owner = owners(BOARD, held, players, current, rest)
    goals = objectives_for(players, SAFE, objectives)
    game = War2Game.scenario(
        "war2",
        seats(players),
        owner,
        armies=armies,
        current=current,
        hands=hands,
        objectives=goals,
        seed=seed,
        options=options,
        round=round,
        bombers=bombers,
        ci=ci,
    )
    assert isinstance(game, War2Game)
    return game


# ------------------------------------------------------------------------------ board data
def test_board_is_the_books_world():
    assert len(TERRITORIES) == 42
    assert "cuba" in BOARD.territories and "mongolia" not in BOARD.territories
    sizes = {c: len(t.territories) for c, t in BOARD.continents.items()}
    assert sizes == {
        "north_america": 10,
        "south_america": 4,
        "europe": 7,
        "africa": 6,
        "asia": 11,
        "oceania": 4,
    }
    assert CENTRES == [
        "nova_york",
        "ottawa",
        "brasil",
        "inglaterra",
        "alemanha",
        "moscou",
        "egito",
        "africa_do_sul",
        "oriente_medio",
        "china",
        "japao",
        "australia",
    ]
    marked = [t["id"] for t in BOARD.raw["territories"] if t.get("centre")]
    assert sorted(marked) == sorted(CENTRES)
    includes = {t["id"]: t["includes"] for t in BOARD.raw["territories"] if "includes" in t}
    assert includes == {
        "venezuela": ["Colômbia"],
        "peru": ["Bolívia", "Chile"],
        "argentina": ["Uruguai"],
        "polonia": ["Iugoslávia"],
        "franca": ["Portugal", "Espanha", "Itália"],
        "argelia": ["Nigéria"],
    }


def test_deck_of_61_and_20_objectives():
    cards = RULES.cards
    assert len(cards) == 61
    assert sum(c.numbered for c in cards) == 28
    places = [c for c in cards if not c.numbered]
    assert len(places) == 33
    assert sorted(t for c in places for t in c.territories) == sorted(TERRITORIES)
    assert sorted(c.centre for c in places if c.centre) == sorted(CENTRES)
    assert RULES.cards[CARD["california_vancouver"]].territories == ("california", "vancouver")
    assert {c.kind for c in places} == {"territory", "continent"}
    assert len(BOARD.objectives) == 20
    for spec in BOARD.objectives:
        assert describe(spec, BOARD, "pt") and describe(spec, BOARD, "en")


def test_book_example_majority_and_whole_continent_numbers():
    continents = {c["id"]: c for c in BOARD.raw["continents"]}
    assert continents["south_america"]["bonus"] == 3
    assert continents["oceania"]["majority_bonus"] == 2
    for c in continents.values():
        assert 0 < c["majority_bonus"] < c["bonus"]


# ----------------------------------------------------------------------------- setup
def test_setup_deals_the_centres_with_two_armies_then_free_choice():
    for n in (3, 4, 6):
        game = Game.new("war2", seats(n), seed=n)
        assert isinstance(game, War2Game) and game.phase == "claim"
        assert sorted(game.owner) == sorted(CENTRES)
        assert all(game.armies[c] == 2 for c in CENTRES)
        counts = [sum(game.owner[c] == s for c in CENTRES) for s in range(n)]
        assert counts == [12 // n] * n
        assert sorted(game.deck) == list(range(61)) and game.discard == []
        assert game.current == game.dealer
        order = []
        while game.phase == "claim":
            order.append(game.current)
            vacant = game.vacant()
            refused(game, Claim(CENTRES[0]), "territory_taken")
            refused(game, Place(vacant[0], 1), "setup_first")
            game.apply(Claim(vacant[-1]))
        assert order == [(game.dealer + i) % n for i in range(30)]
        assert game.first_player == (order[-1] + 1) % n == game.current
        assert all(game.armies[t] == 1 for t in TERRITORIES if t not in CENTRES)
        assert (game.round, game.stage, game.phase) == (1, 1, "reinforce")
        assert game.check() == []


def test_five_players_choose_a_centre_card_or_two_territories():
    game = Game.new("war2", seats(5), seed=11)
    assert game.phase == "centre_choice"
    assert len(game.owner) == 10 and len(game.centre_cards_left) == 2
    assert [sum(game.owner[c] == s for c in game.owner) for s in range(5)] == [2] * 5
    left = list(game.centre_cards_left)
    refused(game, Claim(game.vacant()[0]), "centre_choice_first")
    refused(game, ClaimPair("cuba", "mexico"), "same_continent")
    refused(game, ClaimPair("cuba", left[0]), "centre_territory")
    refused(game, ClaimPair("cuba", "cuba"), "same_continent")
    seq = [game.current]
    game.apply(ClaimPair("cuba", "islandia"))
    assert game.owner["cuba"] == game.owner["islandia"] == seq[0]
    refused(game, ClaimPair("cuba", "sudao"), "territory_taken")
    seq.append(game.current)
    game.apply(ClaimPair("alasca", "sudao"))
    seq.append(game.current)
    game.apply(ClaimPair("omsk", "peru"))
    # Three players chose two territories: only the centre cards remain.
    seq.append(game.current)
    refused(game, ClaimPair("aral", "madagascar"), "pairs_closed")
    assert {type(a) for a in game.legal_actions()} == {TakeCentre}
    game.apply(TakeCentre(left[1]))
    assert game.armies[left[1]] == 2 and game.owner[left[1]] == seq[-1]
    seq.append(game.current)
    assert game.legal_actions() == [TakeCentre(left[0])]
    game.apply(TakeCentre(left[0]))
    assert seq == [(game.dealer + i) % 5 for i in range(5)]
    assert game.phase == "claim" and game.current == game.dealer
    assert len(game.vacant()) == 42 - 12 - 6
    same_game(game)


def test_five_players_option_deals_all_twelve():
    game = Game.new("war2", seats(5), seed=11, options={"five_players_deal_all_centres": True})
    assert game.phase == "claim" and sorted(game.owner) == sorted(CENTRES)
    assert sorted(sum(game.owner[c] == s for c in CENTRES) for s in range(5)) == [2, 2, 2, 3, 3]


def test_options_are_checked():
    with pytest.raises(Exception, match="unknown game options"):
        Game.new("war2", seats(3), options={"first_round_placement_only": True})


# -------------------------------------------------------------------------- first round
def test_first_round_has_two_stages():
    game = Game.new("war2", seats(3), seed=5)
    while game.phase == "claim":
        game.apply(game.legal_actions()[0])
    first = game.first_player
    for k in range(3):  # stage 1: armies and bombers, nothing else
        seat = (first + k) % 3
        assert (game.current, game.round, game.stage, game.phase) == (seat, 1, 1, "reinforce")
        assert game.bombers[seat] == len(game.centres_of(seat))
        assert not any(isinstance(a, (Attack, EndAttack, EndTurn)) for a in game.legal_actions())
        refused(game, EndTurn(), "place_first")
        place_all(game, game.territories_of(seat)[0])
    for k in range(3):  # stage 2: attacks, moves, cards; no armies, no bombers
        seat = (first + k) % 3
        assert (game.current, game.round, game.stage, game.phase) == (seat, 1, 2, "attack")
        assert game.pools == {} and game.bombers[seat] == len(game.centres_of(seat))
        game.apply(EndTurn())
    assert (game.current, game.round, game.stage, game.phase) == (first, 2, 0, "reinforce")
    assert game.bombers[first] == 2 * len(game.centres_of(first))
    same_game(game)


# ---------------------------------------------------------------------- reinforcements
NINETEEN = (
    continent("south_america")
    + ["sumatra", "borneu", "australia"]
    + ["alasca", "mackenzie", "cuba", "labrador"]  # 4 of 10 in North America
    + ["islandia", "suecia", "franca"]  # 3 of 7 in Europe
    + ["madagascar", "congo"]  # 2 of 6 in Africa
    + ["japao", "india", "aral"]
)  # 3 of 11 in Asia


def test_book_example_nineteen_territories_receive_seventeen():
    assert len(NINETEEN) == 19
    game = make2({0: NINETEEN})
    assert [t for t in NINETEEN if t in CENTRES] == ["brasil", "australia", "japao"]
    due = game.reinforcements_due(0)
    assert due == {
        "free": 9,
        "continent:south_america": 3,
        "majority_any:oceania": 2,
        "territory:brasil": 1,
        "territory:australia": 1,
        "territory:japao": 1,
    }
    assert sum(due.values()) == 17 == game.pending_armies
    # Whole-continent armies stay in their continent ("deverão ser distribuídos
    # obrigatoriamente nos territórios do próprio continente"), centre armies on their
    # centre; the majority's 2 go anywhere (RULINGS.md: the note binds only item 2).
    assert game.available_for("india") == 9 + 2
    assert game.available_for("borneu") == 9 + 2
    assert game.available_for("brasil") == 9 + 2 + 3 + 1
    refused(game, Place("india", 12), "bound_armies")
    game.apply(Place("india", 11))
    assert game.pools == {
        "continent:south_america": 3,
        "territory:brasil": 1,
        "territory:australia": 1,
        "territory:japao": 1,
    }


def test_house_rule_binds_majority_armies_to_their_continent():
    game = make2({0: NINETEEN}, options={"majority_armies_bound": True})
    due = game.reinforcements_due(0)
    assert due["majority:oceania"] == 2 and "majority_any:oceania" not in due
    assert sum(due.values()) == 17
    assert game.available_for("india") == 9 and game.available_for("borneu") == 9 + 2
    refused(game, Place("india", 10), "bound_armies")
    game.apply(Place("india", 9))
    refused(game, Place("india", 1), "bound_armies")
    game.apply(Place("sumatra", 2))
    assert game.armies["sumatra"] == 3


def test_minimum_three_and_majority_needs_more_than_half():
    game = make2({0: ["sumatra", "borneu"]})
    assert game.reinforcements_due(0) == {"free": 3}  # two of four is no majority
    game = make2({0: ["sumatra", "borneu", "nova_guine"]})
    assert game.reinforcements_due(0) == {"free": 3, "majority_any:oceania": 2}


def test_bombers_per_centre_at_the_start_of_the_turn_up_to_the_box():
    game = make2({0: ["china", "japao", "egito"]}, bombers={0: 1, 1: 4})
    assert game.bombers == [4, 4, 0]
    game = make2({0: ["china", "japao", "egito"]}, bombers={0: 9})
    assert game.bombers[0] == 10 and game.bombers_in_box(0) == 0


# ------------------------------------------------------------------------------- cards
def test_book_example_california_vancouver_card_with_a_three():
    card, three = CARD["california_vancouver"], NUM[3][0]
    game = make2({0: ["california"]}, hands={0: [card, three, NUM[2][0]]})
    before = game.armies["california"]
    refused(game, CardArmies(card, "vancouver", (three,)), "not_your_territory")
    refused(game, CardArmies(card, "mexico", (three,)), "not_on_card")
    refused(game, CardArmies(three, "california", ()), "numbered_card_alone")
    events = game.apply(CardArmies(card, "california", (three,)))
    assert game.armies["california"] == before + 4
    assert [e for e in events if e["type"] == "card_armies"][0]["count"] == 4
    assert game.players[0].cards == [NUM[2][0]] and game.discard == [card, three]
    assert game.pending_armies == 3  # the turn's armies are apart


def test_card_alone_gives_one_army():
    card = CARD["california_vancouver"]
    game = make2({0: ["vancouver"]}, hands={0: [card]})
    game.apply(CardArmies(card, "vancouver"))
    assert game.armies["vancouver"] == 2


def test_book_example_china_card_with_two_and_three_sends_six_bombers():
    card, two, three = CARD["china"], NUM[2][0], NUM[3][0]
    game = make2({0: ["india"]}, hands={0: [card, two, three]}, armies={"china": 9}, bombers={0: 3})
    assert game.bombers_in_box(0) == 7
    refused(game, CardAirAttack(card, "china", (two, NUM[2][1])), "cards_not_in_hand")
    events = game.apply(CardAirAttack(card, "china", (two, three)), rolls=([0], [0]))
    launch = next(e for e in events if e["type"] == "air_attack")
    assert launch["bombers"] == 6 and launch["source"] == "box"
    assert game.phase == "air" and game.air is not None and game.air["bombers"] == 6
    assert game.bombers[0] == 3 and game.bombers_in_box(0) == 1
    game.apply(AirStop())
    assert game.bombers[0] == 9 and game.bombers_in_box(0) == 1  # survivors go to the base
    assert game.phase == "reinforce"  # cards work at any moment of the turn


def test_card_bombers_need_enough_in_the_box():
    card, three = CARD["china"], NUM[3][0]
    game = make2({0: ["india"]}, hands={0: [card, three]}, armies={"china": 5}, bombers={0: 7})
    assert game.bombers_in_box(0) == 3
    refused(game, CardAirAttack(card, "china", (three,)), "bombers_in_box")
    game.apply(CardAirAttack(card, "china"), rolls=([], [2]))
    assert game.phase == "reinforce" and game.bombers[0] == 7


def test_a_card_has_one_use_and_one_territory_card():
    a, b = CARD["china"], CARD["japao"]
    game = make2({0: ["china", "japao"]}, hands={0: [a, b]})
    refused(game, CardArmies(a, "china", (b,)), "one_territory_card")
    refused(game, Trade((a, b, NUM[1][0])), "no_sets")
    game.apply(CardArmies(a, "china"))
    refused(game, CardArmies(a, "china"), "cards_not_in_hand")


def test_transport_with_two_cards_between_their_territories():
    a, b = CARD["china"], CARD["california_vancouver"]
    game = make2(
        {0: ["china", "california", "india"]}, hands={0: [a, b, CARD["india"]]}, armies={"china": 6}
    )
    refused(game, Transport((a, b), "china", "vancouver", 2), "not_your_territory")
    refused(game, Transport((a, b), "china", "india", 2), "not_on_card")
    refused(game, Transport((a, b), "china", "california", 6), "occupation_army")
    refused(game, Transport((a, NUM[1][0]), "china", "california", 1), "cards_not_in_hand")
    game.apply(Transport((b, a), "china", "california", 5))
    assert game.armies["china"] == 1 and game.armies["california"] == 6
    assert game.players[0].cards == [CARD["india"]]


def test_three_cards_after_a_conquering_turn_within_five():
    game = make2(
        {0: ["brasil"]}, armies={"brasil": 10}, hands={0: [NUM[1][0], NUM[1][1], NUM[1][2]]}
    )
    place_all(game, "brasil")
    game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [1]))
    game.apply(Occupy(1))
    events = game.apply(EndTurn())
    card = next(e for e in events if e["type"] == "card")
    assert card["count"] == 2 and len(game.players[0].cards) == 5
    assert set(card["private"]) == {"0"}


def test_discards_are_voluntary_and_private_and_reshuffle_at_ten():
    hand = [NUM[1][0], NUM[1][1], NUM[2][0], NUM[2][1], NUM[3][0]]
    game = make2({0: ["brasil"]}, hands={0: hand})
    events = game.apply(Discard(hand[0]))
    assert events[0]["count"] == 1 and "cards" not in events[0]
    assert events[0]["private"] == {"0": {"cards": [hand[0]]}}
    for c in hand[1:]:
        game.apply(Discard(c))
    assert len(game.discard) == 5
    game.discard, game.deck = game.discard + game.deck[:4], game.deck[4:]  # 9 used cards
    game.players[0].cards.append(game.deck.pop())
    card = game.players[0].cards[-1]
    events = game.apply(Discard(card))
    assert any(e["type"] == "reshuffle" for e in events)
    assert game.discard == [] and len(game.deck) == 61
    assert game.check() == []


# --------------------------------------------------------------------------- air attacks
def attack_phase(game: War2Game, where: str) -> None:
    place_all(game, where)
    assert game.phase == "attack"


def test_air_attack_ends_when_every_bomber_is_down():
    game = make2({0: ["brasil"]}, armies={"china": 6}, bombers={0: 3})
    attack_phase(game, "brasil")
    base = game.bombers[0]
    game.apply(AirAttack("china", 3), rolls=([1], [1]))
    assert game.armies["china"] == 5 and game.air["bombers"] == 2
    events = game.apply(AirRound(), rolls=([], [2]))  # more than present: all go down
    end = next(e for e in events if e["type"] == "air_end")
    assert end["reason"] == "shot_down" and end["lost"] == 3 and end["returned"] == 0
    assert game.phase == "attack" and game.air is None
    assert game.bombers[0] == base - 3 and game.bombers_in_box(0) == 10 - base + 3
    assert game.armies["china"] == 5


def test_air_attack_ends_with_one_army_left_and_never_below():
    game = make2({0: ["brasil"]}, armies={"china": 3}, bombers={0: 4})
    attack_phase(game, "brasil")
    base = game.bombers[0]
    events = game.apply(AirAttack("china", 2), rolls=([3], [0]))
    rnd = next(e for e in events if e["type"] == "air_round")
    assert rnd["air_attack"] == 3 and rnd["destroyed"] == 2
    assert game.armies["china"] == 1 and game.owner["china"] != 0  # no conquest by air
    end = next(e for e in events if e["type"] == "air_end")
    assert end["reason"] == "one_army_left" and end["returned"] == 2
    assert game.bombers[0] == base and game.phase == "attack"
    refused(game, AirAttack("china", 1), "air_target_armies")


def test_air_attack_stopped_by_the_attacker():
    game = make2({0: ["brasil"]}, armies={"china": 9}, bombers={0: 5})
    attack_phase(game, "brasil")
    base = game.bombers[0]
    game.apply(AirAttack("china", 4), rolls=([2], [1]))
    game.apply(AirRound(), rolls=([0], [0]))
    refused(game, Attack("brasil", "argentina"), "air_combat")
    refused(game, AirAttack("china", 1), "air_combat")
    events = game.apply(AirStop())
    end = next(e for e in events if e["type"] == "air_end")
    assert end == {
        "type": "air_end",
        "player": 0,
        "target": "china",
        "reason": "stopped",
        "returned": 3,
        "lost": 1,
        "air_base": base - 1,
    }
    assert game.armies["china"] == 7 and game.phase == "attack"


def test_air_attack_rules_and_dice():
    game = make2({0: ["brasil"]}, armies={"china": 9, "argentina": 1}, bombers={0: 2})
    refused(game, AirAttack("china", 1), "not_attack_phase")
    attack_phase(game, "brasil")
    refused(game, AirAttack("brasil", 1), "attack_own_territory")
    refused(game, AirAttack("china", game.bombers[0] + 1), "bombers_in_base")
    refused(game, AirAttack("argentina", 1), "air_target_armies")
    refused(game, AirAttack("china", 1), "bad_rolls", rolls=([4], [0]))  # no 4 on the die
    refused(game, AirAttack("china", 1), "bad_rolls", rolls=([1], [2]))  # all down: no bombs
    refused(game, AirAttack("china", 1), "bad_rolls", rolls=([], [0]))
    refused(game, AirRound(), "no_air_attack")
    # From the base any enemy territory may be hit, neighbour or not.
    assert "china" not in BOARD.neighbors["brasil"]
    game.apply(AirAttack("china", 1))
    assert game.phase in ("air", "attack")


def test_random_air_rounds_keep_bombers_and_armies():
    game = make2({0: ["brasil"]}, armies={t: 7 for t in TERRITORIES}, bombers={0: 6}, seed=9)
    attack_phase(game, "brasil")
    for target in ("china", "japao", "egito"):
        if not game.bombers[0]:
            break
        game.apply(AirAttack(target, game.bombers[0]))
        while game.phase == "air":
            game.apply(AirRound())
        assert game.armies[target] >= 1 and game.owner[target] != 0
        assert 0 <= game.bombers[0] <= 10
    same_game(game)


# ------------------------------------------------------------------------- movement
def test_airlift_between_centres_without_chains():
    held = ["brasil", "egito", "china", "argentina", "sudao"]
    game = make2({0: held}, armies={"brasil": 5, "argentina": 4, "egito": 3, "sudao": 3})
    place_all(game, "sudao")
    game.apply(EndAttack())
    refused(game, Airlift("argentina", "egito", 1), "not_centre")
    own = game.armies["brasil"] - 1
    game.apply(Regroup("argentina", "brasil", 3))
    # The armies that came by land stay put: only Brasil's own may fly on.
    refused(game, Airlift("brasil", "egito", own + 1), "airlift_chain")
    game.apply(Airlift("brasil", "egito", own))
    # And the armies flown in do not go on to a neighbour.
    stay = game.armies["egito"] - 1 - own
    refused(game, Regroup("egito", "sudao", stay + 1), "airlift_chain")
    game.apply(Regroup("egito", "sudao", stay))
    refused(game, Airlift("egito", "china", 1), "airlift_chain")
    refused(game, Airlift("china", "china", 1), "same_territory")
    assert game.movable_from("egito") == 0 and game.airlifted == {"egito": own}
    same_game(game)


def test_airlift_only_in_regroup_between_own_centres():
    game = make2({0: ["brasil", "egito"]}, armies={"brasil": 5})
    place_all(game, "brasil")
    refused(game, Airlift("brasil", "egito", 1), "not_regroup_phase")
    game.apply(EndAttack())
    refused(game, Airlift("brasil", "china", 1), "not_your_territory")


# -------------------------------------------------------------------------- elimination
def test_elimination_tops_the_hand_up_to_five_from_the_victims_cards():
    # Book: "o jogador seguinte retira, sem olhar, o número de cartas necessárias para
    # completar cinco"; RULINGS.md: own cards kept, the top-up only from the victim's cards,
    # the rest to the used pile. The eliminator holds 3, the victim 3: 2 come, 1 goes.
    victim_hand = [NUM[1][0], NUM[1][1], NUM[2][0]]
    mine = [NUM[3][0], NUM[3][1], NUM[3][2]]
    kept = set()
    for seed in range(10):
        game = make2(
            {
                0: [t for t in TERRITORIES if t not in ("argentina", "china")],
                1: ["argentina"],
                2: ["china"],
            },
            armies={"brasil": 8},
            hands={0: mine, 1: victim_hand},
            seed=seed,
        )
        place_all(game, "brasil")
        events = game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [1]))
        gone = next(e for e in events if e["type"] == "eliminated")
        assert gone["player"] == 1 and gone["cards_held"] == 3 and gone["cards_left"] == 3
        assert gone["cards_taken"] == 2 and gone["cards_discarded"] == 1 and gone["hand"] == 5
        assert gone["drawn_by"] == 2  # the next player in turn order draws, blind
        assert set(gone["private"]) == {"0"}
        hand = game.players[0].cards
        assert len(hand) == 5 and set(mine) <= set(hand) and game.players[1].cards == []
        assert sorted(game.discard) == sorted(set(victim_hand) - set(hand))
        kept.add(frozenset(hand))
    assert len(kept) > 1  # blind: not always the same two


def test_an_eliminator_with_five_cards_gets_none():
    victim_hand = [NUM[1][0], NUM[1][1]]
    mine = [NUM[3][0], NUM[3][1], NUM[3][2], NUM[2][0], NUM[2][1]]
    game = make2(
        {
            0: [t for t in TERRITORIES if t not in ("argentina", "china")],
            1: ["argentina"],
            2: ["china"],
        },
        armies={"brasil": 8},
        hands={0: mine, 1: victim_hand},
    )
    place_all(game, "brasil")
    events = game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [1]))
    gone = next(e for e in events if e["type"] == "eliminated")
    assert gone["cards_taken"] == 0 and gone["cards_discarded"] == 2
    assert sorted(game.players[0].cards) == sorted(mine)
    assert sorted(game.discard) == sorted(victim_hand) and game.check() == []


# --------------------------------------------------------------------------- objectives
def test_centre_and_majority_objectives_win():
    held = ["nova_york", "ottawa", "brasil", "inglaterra", "alemanha", "moscou", "egito"]
    game = make2({0: held, 1: ["china"]}, armies={"egito": 6}, objectives={0: "centres_8"})
    place_all(game, "egito")
    events = game.apply(Attack("egito", "oriente_medio"), rolls=([6, 6, 6], [1]))
    assert game.phase == "over" and game.winner == 0
    assert next(e for e in events if e["type"] == "victory")["objective"] == "centres_8"
    majority = (
        continent("south_america")[:3]
        + continent("oceania")[:3]
        + continent("africa")[:4]
        + continent("europe")[:4]
        + continent("asia")[:5]
    )
    game = make2({0: majority}, armies={"india": 6}, objectives={0: "majorities_5"})
    assert "india" in majority and game.phase == "reinforce"
    place_all(game, "india")
    game.apply(Attack("india", "china"), rolls=([6, 6, 6], [1]))
    assert game.winner == 0


# ------------------------------------------------------------------ information centres
CI = {"information_centres": True}


def test_information_centre_is_placed_in_round_one_or_two():
    game = Game.new("war2", seats(3), seed=2, options=CI)
    while game.phase == "claim":
        game.apply(game.legal_actions()[0])
    seat = game.current
    refused(game, Spy((seat + 1) % 3), "no_ci")
    game.apply(PlaceCI(game.territories_of(seat)[0]))
    refused(game, PlaceCI(game.territories_of(seat)[1]), "ci_placed")
    while game.round < 2:  # the others leave theirs for round 2
        if game.phase == "reinforce":
            place_all(game, game.territories_of(game.current)[0])
        else:
            game.apply(EndTurn())
    # In round 2 a player without a CI must place it before ending the turn.
    assert game.current == seat
    place_all(game, game.territories_of(seat)[0])
    game.apply(EndTurn())
    other = game.current
    assert game.ci[str(other)]["territory"] is None and game.round == 2
    place_all(game, game.territories_of(other)[0])
    refused(game, EndTurn(), "place_ci")
    assert EndTurn() not in game.legal_actions()
    game.apply(PlaceCI(game.territories_of(other)[0]))
    game.apply(EndTurn())
    late = make2({0: ["brasil"]}, options=CI, round=3)
    refused(late, PlaceCI("brasil"), "ci_too_late")


def test_spying_is_private_and_once_per_turn():
    hand1 = [CARD["china"], NUM[2][0]]
    game = make2(
        {0: ["brasil"], 1: ["china"]}, hands={1: hand1}, options=CI, ci={0: "brasil", 1: "china"}
    )
    assert game.can_spy()
    events = game.apply(Spy(1))
    assert events == [{"type": "spy", "player": 0, "target": 1, "private": {"0": {"cards": hand1}}}]
    refused(game, Spy(2), "spy_once")
    refused(game, Spy(0), "spy_once")
    # dated by the round the header shows (and the turn, as saves before it had)
    assert game.view(0)["intel"] == {"1": {"cards": hand1, "round": game.round, "turn": game.turn}}
    assert game.view(1)["intel"] == {} and game.view(2)["intel"] == {}
    assert "hand" not in game.view(0)["players"][1]
    fresh = make2({0: ["brasil"]}, options=CI, ci={0: "brasil"})
    refused(fresh, Spy(0), "bad_player")
    refused(make2({0: ["brasil"]}), Spy(1), "no_information_centres")


def test_capturing_an_information_centre_spies_cards_and_objective():
    hand1 = [NUM[3][0]]
    game = make2(
        {0: ["brasil"], 1: ["argentina"]},
        armies={"brasil": 6},
        hands={1: hand1},
        options=CI,
        ci={0: "brasil", 1: "argentina"},
        objectives={1: "asia_africa"},
    )
    place_all(game, "brasil")
    events = game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [1]))
    cap = next(e for e in events if e["type"] == "ci_captured")
    assert cap["private"] == {"0": {"cards": hand1, "objective": "asia_africa"}}
    assert "objective" not in {k for e in events for k in e if k != "private"} - {"type"}
    assert game.ci["1"] == {"territory": "argentina", "holder": 0}
    assert game.view(0)["intel"]["1"]["objective"] == "asia_africa"
    assert game.view(0)["intel"]["1"]["round"] == game.round
    assert game.view(2)["intel"] == {}
    game.apply(Occupy(1))
    game.apply(EndAttack())
    # The captor moves it like an army: to a neighbour once per turn, or between centres.
    refused(game, MoveCI(1, "china"), "not_your_territory")
    game.apply(MoveCI(1, "brasil"))
    refused(game, MoveCI(1, "argentina"), "move_once")
    refused(game, MoveCI(2, "brasil"), "not_your_ci")
    refused(game, MoveCI(7, "brasil"), "unknown_ci")


def test_information_centre_airlift_and_transport_by_two_cards():
    cards = [CARD["china"], CARD["egito"]]
    game = make2(
        {0: ["brasil", "china", "egito", "argentina"]},
        hands={0: cards},
        options=CI,
        ci={0: "brasil"},
    )
    place_all(game, "brasil")
    game.apply(EndAttack())
    game.apply(TransportCI((cards[0], cards[1]), 0, "egito"))
    assert game.ci["0"]["territory"] == "egito" and game.players[0].cards == []
    refused(game, MoveCI(0, "china"), "move_once")  # once per turn, by either means
    game = make2({0: ["brasil", "china", "egito", "argentina"]}, options=CI, ci={0: "egito"})
    place_all(game, "brasil")
    game.apply(EndAttack())
    refused(game, MoveCI(0, "argentina"), "not_adjacent")
    game.apply(MoveCI(0, "china"))  # Egito and China are both Strategic Centres
    assert game.ci["0"] == {"territory": "china", "holder": 0}
    same_game(game)


def test_information_centre_needs_its_option():
    with pytest.raises(Exception, match="information_centres option"):
        make2({0: ["brasil"]}, ci={0: "brasil"})


# ----------------------------------------------------------------------- state and view
def test_view_shows_bombers_and_hides_hands():
    game = make2({0: ["brasil", "china"]}, hands={1: [NUM[1][0]]}, bombers={1: 3})
    view = game.view(2)
    assert view["air_base"] == [2, 3, 0] and view["bomber_box"] == [8, 7, 10]
    assert view["hand_cards"] == [] and view["players"][1]["cards"] == 1
    assert game.view(1)["hand_cards"][0]["kind"] == "number"
    assert "next_trade_value" not in view and view["strategic_centres"] == CENTRES


def test_explicit_air_dice_replay():
    game = make2({0: ["brasil"]}, armies={"china": 9}, bombers={0: 5})
    attack_phase(game, "brasil")
    game.apply(AirAttack("china", 3), rolls=([2], [0]))
    game.apply(AirRound(), rolls=([3], [1]))
    assert game.log[-1]["rolls"] == [[3], [1]]
    same_game(game)
    again = Game.from_json(game.to_json())
    assert isinstance(again, War2Game) and again.air == game.air


def test_legal_actions_are_all_legal_in_every_phase():
    bot = War2Bot()
    seen: set[str] = set()
    for players, options in ((5, CI), (3, {})):
        game = Game.new("war2", seats(players), seed=4, options=options)
        while game.phase != "over" and game.round < 6:
            actions = game.legal_actions()
            assert actions, game.phase
            seen.add(game.phase)
            for a in actions[:: max(1, len(actions) // 40)]:
                assert game.is_legal(a), a
                assert Action.from_dict(a.to_dict()) == a
            game.apply(bot.choose(game))
    assert {"centre_choice", "claim", "reinforce", "attack", "air", "occupy", "regroup"} <= seen
