"""The rules of classic WAR as its book states them, with the book's own examples.

Each test sets a position, plays it through ``Game.apply`` and checks what a player at the
table would see. The book is ``seeds/war-classico.txt``; open points are settled by RULINGS.md.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import (
    BOARD,
    CARD,
    JOKERS,
    TERRITORIES,
    continent,
    make,
    place_all,
    refused,
    seats,
    to_regroup,
)

from pywar import Game
from pywar.actions import Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from pywar.errors import StateError

SPECS = {o["id"]: o for o in BOARD.objectives}

# A spread of territories that holds no continent whole.
SPREAD = [
    "alasca",
    "mackenzie",
    "venezuela",
    "islandia",
    "argelia",
    "aral",
    "omsk",
    "sumatra",
    "groenlandia",
    "peru",
    "inglaterra",
    "egito",
    "dudinka",
    "borneu",
]


def shapes(*cards: int) -> list[str]:
    return [BOARD.cards[c].shape for c in cards]


def of_shape(shape: str) -> list[int]:
    return [c.index for c in BOARD.cards if c.shape == shape]


# ------------------------------------------------------------------ reinforcements
@pytest.mark.parametrize(
    ("held", "due"), [(8, 4), (11, 5), (1, 3), (5, 3), (6, 3), (7, 3), (14, 7)]
)
def test_reinforcements_are_half_the_territories_at_least_three(held, due):
    game = make({0: SPREAD[:held]})
    assert game.view(0)["pools"] == {"free": due}
    assert game.pending_armies == due


def test_book_example_19_territories_with_south_america():
    # 15 territories spread over the world (no continent whole) plus South America.
    fifteen = [t for t in continent("north_america") if t != "mexico"]
    fifteen += [t for t in continent("europe") if t != "franca"] + ["argelia"]
    assert len(fifteen) == 15
    game = make({0: fifteen + continent("south_america")})
    assert game.view(0)["pools"] == {"free": 9, "continent:south_america": 2}
    assert game.pending_armies == 11
    # The 2 of South America may only go there.
    refused(game, Place("ottawa", 11), "bound_armies")
    refused(game, Place("ottawa", 10), "bound_armies")
    game.apply(Place("ottawa", 9))
    refused(game, Place("ottawa", 1), "bound_armies")
    refused(game, Place("argelia", 2), "bound_armies")
    game.apply(Place("brasil", 2))
    assert game.armies["ottawa"] == 10 and game.armies["brasil"] == 3
    assert game.phase == "attack"


def test_continent_armies_may_join_free_ones_inside_the_continent():
    game = make({0: continent("south_america") + ["ottawa"]})
    assert game.pending_armies == 3 + 2
    game.apply(Place("peru", 5))
    assert game.armies["peru"] == 6 and game.pending_armies == 0


def test_placing_is_refused_on_a_territory_of_someone_else():
    game = make({0: ["brasil"], 1: ["peru"]})
    refused(game, Place("peru", 1), "not_your_territory")
    refused(game, Place("brasil", 4), "too_many_armies")
    refused(game, Place("brasil", 0), "bad_count")


# ------------------------------------------------------------------ the dice examples
def attack_position(source: int, target: int, **kw) -> Game:
    """Seat 0 on Brasil with ``source`` armies, seat 1 on Argentina with ``target``, in attack."""
    game = make(
        {0: ["brasil", "japao"], 1: ["argentina", "peru"]},
        armies={"brasil": source, "argentina": target},
        **kw,
    )
    place_all(game, "japao")
    assert game.phase == "attack"
    return game


def test_book_dice_example_a_four_against_three():
    game = attack_position(4, 3)
    events = game.apply(Attack("brasil", "argentina"), rolls=([5, 4, 1], [6, 3, 1]))
    battle = next(e for e in events if e["type"] == "battle")
    assert (battle["attacker_losses"], battle["defender_losses"]) == (2, 1)
    assert game.armies["brasil"] == 2 and game.armies["argentina"] == 2
    # "o atacante poderia atacar com 1 exército contra 2 da defesa"
    attacks = [
        a
        for a in game.legal_actions()
        if isinstance(a, Attack) and (a.source, a.target) == ("brasil", "argentina")
    ]
    assert attacks == [Attack("brasil", "argentina", 1)]
    refused(game, Attack("brasil", "argentina", 2), "bad_dice")
    refused(game, Attack("brasil", "argentina"), "bad_rolls", rolls=([6], [1]))
    game.apply(Attack("brasil", "argentina"), rolls=([6], [5, 1]))
    assert game.armies["brasil"] == 2 and game.armies["argentina"] == 1


def test_book_dice_example_b_three_against_one():
    game = attack_position(3, 1)
    refused(game, Attack("brasil", "argentina"), "bad_rolls", rolls=([3, 2, 1], [6]))
    game.apply(Attack("brasil", "argentina"), rolls=([3, 2], [6]))
    # Only one comparison: the attacker loses a single army.
    assert game.armies["brasil"] == 2 and game.armies["argentina"] == 1
    assert game.owner["argentina"] == 1


def test_book_dice_example_c_ten_against_four_then_conquest():
    game = attack_position(10, 4)
    game.apply(Attack("brasil", "argentina"), rolls=([6, 3, 2], [5, 4, 2]))
    assert game.armies["brasil"] == 8 and game.armies["argentina"] == 3
    events = game.apply(Attack("brasil", "argentina"), rolls=([5, 3, 2], [4, 2, 1]))
    conquest = next(e for e in events if e["type"] == "conquest")
    assert conquest["max_move"] == 3
    assert game.owner["argentina"] == 0
    # One army went in at once; the player now picks 1, 2 or at most 3 in all.
    assert game.phase == "occupy"
    assert game.armies["brasil"] == 7 and game.armies["argentina"] == 1
    assert game.legal_actions() == [Occupy(1), Occupy(2), Occupy(3)]
    refused(game, Occupy(4), "occupy_limit")
    refused(game, Occupy(0), "occupy_limit")
    refused(game, EndTurn(), "cannot_end_turn")
    game.apply(Occupy(3))
    assert game.armies["brasil"] == 5 and game.armies["argentina"] == 3
    assert game.phase == "attack"
    # "a partir do território conquistado realizar novo ataque"
    assert game.is_legal(Attack("argentina", "peru"))


@pytest.mark.parametrize("count", [1, 2])
def test_book_conquest_example_b_moves_one_or_at_most_two(count):
    game = attack_position(3, 1)
    game.apply(Attack("brasil", "argentina"), rolls=([6, 5], [1]))
    assert game.phase == "occupy"
    assert game.legal_actions() == [Occupy(1), Occupy(2)]
    refused(game, Occupy(3), "occupy_limit")
    game.apply(Occupy(count))
    assert game.armies["argentina"] == count and game.armies["brasil"] == 3 - count


def test_conquest_move_is_bounded_by_the_dice_rolled_not_the_armies():
    game = attack_position(10, 1)
    game.apply(Attack("brasil", "argentina", 2), rolls=([6, 5], [1]))
    assert game.legal_actions() == [Occupy(1), Occupy(2)]
    refused(game, Occupy(3), "occupy_limit")


def test_conquest_with_one_die_moves_one_army_without_asking():
    game = attack_position(2, 1)
    game.apply(Attack("brasil", "argentina"), rolls=([6], [1]))
    assert game.phase == "attack"
    assert game.armies["brasil"] == 1 and game.armies["argentina"] == 1
    refused(game, Occupy(1), "nothing_to_occupy")


def test_ties_go_to_the_defence():
    game = attack_position(4, 3)
    game.apply(Attack("brasil", "argentina"), rolls=([6, 6, 6], [6, 6, 6]))
    assert game.armies["brasil"] == 1 and game.armies["argentina"] == 3


# ------------------------------------------------------------------ attacks refused
def test_attack_refusals_name_the_rule_and_change_nothing():
    game = make(
        {0: ["brasil", "venezuela", "japao"], 1: ["argentina", "peru"]},
        armies={"brasil": 5, "venezuela": 1},
    )
    refused(game, Attack("brasil", "argentina"), "place_first")  # reinforce phase
    place_all(game, "japao")
    refused(game, Attack("venezuela", "peru"), "occupation_army")
    refused(game, Attack("brasil", "mexico"), "not_adjacent")
    refused(game, Attack("japao", "argentina"), "not_adjacent")
    refused(game, Attack("brasil", "venezuela"), "attack_own_territory")
    refused(game, Attack("peru", "brasil"), "not_your_territory")
    refused(game, Attack("brasil", "atlantida"), "unknown_territory")
    refused(game, Attack("brasil", "argentina", 4), "bad_dice")
    refused(game, Attack("brasil", "argentina"), "bad_rolls", rolls=([7, 1, 1], [1]))
    refused(game, Regroup("brasil", "venezuela", 1), "not_regroup_phase")
    game.apply(EndAttack())
    refused(game, Attack("brasil", "argentina"), "not_attack_phase")
    refused(game, EndAttack(), "not_attack_phase")


@pytest.mark.parametrize(
    "link",
    [
        ("alasca", "vladivostok"),
        ("groenlandia", "islandia"),
        ("brasil", "argelia"),
        ("franca", "argelia"),
        ("franca", "egito"),
        ("polonia", "egito"),
        ("india", "sumatra"),
        ("vietna", "borneu"),
    ],
)
def test_sea_links_can_be_attacked_both_ways(link):
    a, b = link
    for source, target in ((a, b), (b, a)):
        game = make({0: [source], 1: [target]}, armies={source: 4})
        place_all(game, source)
        game.apply(Attack(source, target), rolls=([6, 5, 4], [1]))
        assert game.owner[target] == 0


# ------------------------------------------------------------------ cards and trades
def test_trade_values_are_global_to_the_game():
    # Four players, each with two sets of three equal shapes: eight trades round the table.
    squares = of_shape("square")[:12]
    triangles = of_shape("triangle")[:12]
    sets = [squares[i : i + 3] for i in range(0, 12, 3)] + [
        triangles[i : i + 3] for i in range(0, 12, 3)
    ]
    hands = {seat: sets[seat] + sets[seat + 4] for seat in range(4)}
    game = make({}, players=4, hands=hands)
    values = []
    for _turn in range(8):
        me = game.current
        assert game.view(me)["next_trade_value"] == game.next_trade_value()
        hand = game.players[me].cards
        cards = tuple(hand[:3])
        before = game.pending_armies
        events = game.apply(Trade(cards))
        trade = next(e for e in events if e["type"] == "trade")
        values.append(trade["armies"])
        assert game.pending_armies == before + trade["armies"] + sum(trade["bonus"].values())
        place_all(game, game.territories_of(me)[0])
        game.apply(EndTurn())
    assert values == [4, 6, 8, 10, 12, 15, 20, 25]
    assert [game.variant.trade_value(i) for i in range(8, 11)] == [30, 35, 40]
    assert game.round == 3


def test_owned_card_gives_two_armies_bound_to_that_territory():
    hand = [CARD["brasil"], CARD["mackenzie"], CARD["groenlandia"]]  # three circles
    assert set(shapes(*hand)) == {"circle"}
    game = make({0: ["brasil", "egito", "china"]}, hands={0: hand})
    assert game.pending_armies == 3
    events = game.apply(Trade(tuple(hand)))
    trade = next(e for e in events if e["type"] == "trade")
    assert trade["armies"] == 4 and trade["bonus"] == {"brasil": 2}
    assert game.pending_armies == 9
    refused(game, Place("egito", 9), "bound_armies")
    refused(game, Place("egito", 8), "bound_armies")
    game.apply(Place("egito", 7))
    refused(game, Place("china", 1), "bound_armies")
    game.apply(Place("brasil", 2))
    assert game.armies["brasil"] == 3 and game.armies["egito"] == 8
    assert game.phase == "attack"


def test_owned_card_bonus_once_per_trade_on_the_chosen_territory():
    hand = [CARD["brasil"], CARD["argelia"], CARD["mackenzie"]]  # circles
    game = make({0: ["brasil", "argelia", "china"]}, hands={0: hand})
    trades = [a for a in game.legal_actions() if isinstance(a, Trade)]
    assert {a.bonus_territory for a in trades} == {"brasil", "argelia"}
    refused(game, Trade(tuple(hand), "mackenzie"), "bonus_territory")
    refused(game, Trade(tuple(hand), "china"), "bonus_territory")
    game.apply(Trade(tuple(hand), "argelia"))
    assert game.pending_armies == 3 + 4 + 2
    refused(game, Place("brasil", 8), "bound_armies")
    game.apply(Place("brasil", 7))
    game.apply(Place("argelia", 2))
    assert game.armies["argelia"] == 3 and game.armies["brasil"] == 8


def test_no_bonus_for_cards_of_territories_held_by_others():
    hand = [CARD["brasil"], CARD["argelia"], CARD["mackenzie"]]
    game = make({0: ["china"], 1: ["brasil", "argelia", "mackenzie"]}, hands={0: hand})
    events = game.apply(Trade(tuple(hand)))
    assert next(e for e in events if e["type"] == "trade")["bonus"] == {}
    assert game.pending_armies == 3 + 4


@pytest.mark.parametrize(
    "hand",
    [
        [JOKERS[0], CARD["alasca"], CARD["mackenzie"]],  # joker, triangle, circle
        [JOKERS[0], CARD["labrador"], CARD["california"]],  # joker, square, square
        [JOKERS[0], JOKERS[1], CARD["labrador"]],  # two jokers
        [CARD["labrador"], CARD["alasca"], CARD["mackenzie"]],  # three different shapes
        [CARD["labrador"], CARD["california"], CARD["mexico"]],  # three squares
    ],
)
def test_valid_sets_including_jokers(hand):
    game = make({0: ["china"]}, hands={0: hand})
    assert [t.cards for t in game.legal_actions() if isinstance(t, Trade)] == [tuple(hand)]
    game.apply(Trade(tuple(hand)))
    assert game.players[0].cards == [] and game.pending_armies == 7


def test_invalid_sets_are_refused():
    hand = [CARD["labrador"], CARD["california"], CARD["mackenzie"], CARD["groenlandia"]]
    assert shapes(*hand) == ["square", "square", "circle", "circle"]
    game = make({0: ["china"]}, hands={0: hand})
    assert game.valid_trades() == []
    refused(game, Trade(tuple(hand[:3])), "invalid_set")
    refused(game, Trade(tuple(hand[1:])), "invalid_set")
    refused(game, Trade(tuple(hand[:2])), "cards_not_in_hand")
    refused(game, Trade((hand[0], hand[0], hand[1])), "cards_not_in_hand")
    refused(
        game, Trade((CARD["labrador"], CARD["california"], CARD["mexico"])), "cards_not_in_hand"
    )


def test_trading_is_refused_in_the_attack_phase_and_plain_regroup():
    hand = [CARD["labrador"], CARD["california"], CARD["mexico"]]
    game = make({0: ["china"]}, hands={0: hand})
    place_all(game, "china")
    refused(game, Trade(tuple(hand)), "trade_timing")
    game.apply(EndAttack())
    refused(game, Trade(tuple(hand)), "trade_timing")
    assert game.valid_trades() == []


def test_five_cards_force_a_trade_before_placing():
    hand = [CARD["labrador"], CARD["california"], CARD["mexico"], CARD["alasca"], CARD["mackenzie"]]
    game = make({0: ["china"]}, hands={0: hand})
    assert game.view(0)["must_trade"]
    refused(game, Place("china", 1), "forced_trade")
    assert game.legal_actions() and all(isinstance(a, Trade) for a in game.legal_actions())
    game.apply(Trade(tuple(hand[:3])))
    assert not game.view(0)["must_trade"]
    game.apply(Place("china", 7))
    assert game.phase == "attack"


def test_four_cards_do_not_force_a_trade():
    hand = [CARD["labrador"], CARD["california"], CARD["mexico"], CARD["alasca"]]
    game = make({0: ["china"]}, hands={0: hand})
    assert not game.view(0)["must_trade"]
    game.apply(Place("china", 3))
    assert game.phase == "attack" and len(game.players[0].cards) == 4


# ------------------------------------------------------------------ elimination
def elimination_position(a_cards, b_cards, seed=0):
    """A (seat 0) on Brasil with 3 armies, B (seat 1) alone on Argentina with 1, C the rest."""
    game = make({0: ["brasil"], 1: ["argentina"]}, hands={0: a_cards, 1: b_cards}, seed=seed)
    game.apply(Place("brasil", 3))
    return game


def eliminate_b(game):
    events = game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    assert not game.players[1].alive and game.view(0)["players"][1]["alive"] is False
    return next(e for e in events if e["type"] == "eliminated")


A_CARD = [CARD["alasca"]]  # a triangle
B_CARDS = [CARD["vancouver"], CARD["nova_york"], CARD["labrador"]]  # triangle, triangle, square


def test_book_elimination_example_trade_at_the_end_of_the_turn():
    # Book: "supondo-se que o jogador A, que tem 1 carta, destrua o B que possuia 3, ele poderá
    # por ocasião do fim da sua jogada combinar 4 cartas e conforme o resultado, trocá-las."
    game = elimination_position(A_CARD, B_CARDS)
    eliminated = eliminate_b(game)
    assert eliminated["cards_taken"] == 3 and eliminated["cards_discarded"] == 0
    assert eliminated["cards_held"] == 1 and eliminated["hand"] == 4
    assert sorted(game.players[0].cards) == sorted(A_CARD + B_CARDS)
    assert game.view(0)["players"][1]["cards"] == 0
    assert game.phase == "occupy"
    game.apply(Occupy(1))
    trade = Trade((CARD["alasca"], CARD["vancouver"], CARD["nova_york"]))  # three triangles
    # Not during the attacks, nor while regrouping: "ao final da sua jogada".
    refused(game, trade, "trade_timing")
    game.apply(EndAttack())
    refused(game, trade, "trade_timing")
    events = game.apply(EndTurn())
    # The end of the turn: the trade comes before the conquest card, and is not forced.
    assert game.phase == "final_trade" and game.current == 0 and not game.must_trade
    assert {"type": "phase", "phase": "final_trade", "cards": 4, "must_trade": False} in events
    assert trade in game.legal_actions() and EndTurn() in game.legal_actions()
    refused(game, Regroup("argentina", "brasil", 1), "not_regroup_phase")
    events = game.apply(trade)
    assert next(e for e in events if e["type"] == "trade")["armies"] == 4
    assert game.pending_armies == 4
    refused(game, EndTurn(), "place_first")
    game.apply(Place("argentina", 4))
    assert game.phase == "final_trade" and game.armies["argentina"] == 5
    assert game.legal_actions() == [EndTurn()]  # one card left: no more sets
    game.apply(EndTurn())
    assert len(game.players[0].cards) == 2  # the one left plus the card of the turn
    assert game.current == 2  # B is skipped
    assert game.check() == []


def test_book_elimination_example_without_trade_forces_it_next_turn():
    game = elimination_position(A_CARD, B_CARDS)
    eliminate_b(game)
    game.apply(Occupy(1))
    game.apply(EndAttack())
    game.apply(EndTurn())
    assert game.phase == "final_trade"
    game.apply(EndTurn())  # A keeps the 4 cards and draws the card of the turn
    assert game.view(2)["players"][0]["cards"] == 5
    assert game.current == 2
    place_all(game, game.territories_of(2)[0])
    game.apply(EndTurn())
    assert game.current == 0 and game.view(0)["must_trade"]
    refused(game, Place("brasil", 1), "forced_trade")
    game.apply(Trade(game.valid_trades()[0]))
    assert len(game.players[0].cards) == 2 and not game.must_trade


def test_book_elimination_example_when_no_set_can_be_made():
    # "No caso de não conseguir trocar ... receberá no final de sua jogada mais uma carta, e
    # no início da sua próxima jogada poderá trocar as cartas": 4 cards, two shapes twice.
    a_card = [CARD["alasca"]]  # a triangle
    b_cards = [CARD["vancouver"], CARD["mackenzie"], CARD["groenlandia"]]  # tri, circle, circle
    game = elimination_position(a_card, b_cards)
    eliminate_b(game)
    game.apply(Occupy(1))
    events = game.apply(EndTurn())  # no set: straight to the card of the turn
    assert not any(e.get("phase") == "final_trade" for e in events)
    assert game.current == 2 and len(game.players[0].cards) == 5


def test_eliminator_takes_every_card_and_must_trade_while_over_five():
    # RULINGS.md, Elimination (classic): no random cut; at the end of the turn the player must
    # trade while holding more than 5 ("desde que não guarde mais de 5 cartas").
    a_cards = [CARD["alasca"], CARD["mackenzie"], CARD["groenlandia"]]  # tri, circ, circ
    b_cards = [CARD["vancouver"], CARD["ottawa"], CARD["labrador"], JOKERS[0]]  # tri, circ, sq
    game = elimination_position(a_cards, b_cards)
    eliminated = eliminate_b(game)
    assert eliminated["cards_taken"] == 4 and eliminated["cards_discarded"] == 0
    assert sorted(game.players[0].cards) == sorted(a_cards + b_cards)  # 7 cards, none cut
    assert game.discard == [] and game.check() == []
    assert game.view(1)["players"][0]["cards"] == 7
    game.apply(Occupy(1))
    game.apply(EndAttack())
    game.apply(EndTurn())
    assert game.phase == "final_trade" and game.must_trade and game.view(0)["must_trade"]
    refused(game, EndTurn(), "forced_trade")
    assert all(a.type == "trade" for a in game.legal_actions())
    game.apply(Trade((CARD["vancouver"], CARD["ottawa"], CARD["labrador"])))  # all different
    assert len(game.players[0].cards) == 4 and not game.must_trade
    game.apply(Place("argentina", 4))
    # Four cards may still be traded (not forced): circle, circle and the joker.
    second = Trade((CARD["mackenzie"], CARD["groenlandia"], JOKERS[0]))
    assert second in game.legal_actions() and EndTurn() in game.legal_actions()
    game.apply(second)
    assert game.pending_armies == 6  # the second trade of the game
    game.apply(Place("argentina", 6))
    game.apply(EndTurn())
    assert len(game.players[0].cards) == 2 and game.current == 2  # alasca + the turn's card


def test_trades_one_after_another_down_to_five_then_a_sixth_card():
    # A with 4 cards takes B's 5: 9 cards. 9 -> 6 is still more than 5, so a second trade is
    # forced: 6 -> 3. With 8 the first trade leaves 5: no second trade is forced, the card
    # of the turn makes 6, and the next turn starts with a forced trade.
    a_cards = [CARD["alasca"], CARD["mackenzie"], CARD["labrador"], CARD["vancouver"]]
    b_cards = [
        CARD["ottawa"],
        CARD["california"],
        CARD["nova_york"],
        CARD["mexico"],
        CARD["groenlandia"],
    ]
    game = elimination_position(a_cards, b_cards)
    eliminate_b(game)
    game.apply(Occupy(1))
    game.apply(EndTurn())  # straight from the attacks
    assert game.phase == "final_trade" and len(game.players[0].cards) == 9 and game.must_trade
    game.apply(Trade(game.valid_trades()[0]))
    assert len(game.players[0].cards) == 6 and game.must_trade
    refused(game, Place("argentina", 1), "forced_trade")
    game.apply(Trade(game.valid_trades()[0]))
    assert len(game.players[0].cards) == 3 and not game.must_trade
    assert game.pending_armies == 4 + 6

    game = elimination_position(a_cards, b_cards[:4])
    eliminate_b(game)
    game.apply(Occupy(1))
    game.apply(EndTurn())
    assert len(game.players[0].cards) == 8 and game.must_trade
    game.apply(Trade(game.valid_trades()[0]))
    assert len(game.players[0].cards) == 5 and not game.must_trade
    place_all(game, "argentina")
    game.apply(EndTurn())
    assert len(game.players[0].cards) == 6  # the sixth: traded at the start of the next turn
    while game.current != 0:
        place_all(game, game.territories_of(game.current)[0])
        game.apply(EndTurn())
    assert game.must_trade
    refused(game, Place("brasil", 1), "forced_trade")
    game.apply(Trade(game.valid_trades()[0]))
    assert len(game.players[0].cards) == 3 and not game.must_trade


def test_end_of_turn_trade_saves_replays_undoes_and_hides_the_hand():
    a_cards = [CARD["alasca"], CARD["mackenzie"], CARD["groenlandia"]]
    b_cards = [CARD["vancouver"], CARD["ottawa"], CARD["labrador"], JOKERS[0]]
    game = elimination_position(a_cards, b_cards)
    eliminate_b(game)
    game.apply(Occupy(1))
    game.apply(EndTurn())
    assert not game.can_undo()  # the end of the turn is not taken back
    saved = Game.loads(game.dumps())
    assert saved.to_json() == game.to_json() and saved.phase == "final_trade" and saved.must_trade
    game.apply(Trade((CARD["vancouver"], CARD["ottawa"], CARD["labrador"])))
    assert not game.can_undo()  # the trade drew armies: not taken back either
    game.apply(Place("argentina", 3))
    assert game.can_undo()
    game.undo()
    assert game.phase == "final_trade" and game.pending_armies == 4
    assert game.replayed().to_json() == game.to_json()
    other = game.view(2)
    assert other["phase"] == "final_trade" and other["players"][0]["cards"] == 4
    assert "hand" not in other["players"][0] and other["pools"] == {}
    assert game.view(0)["pools"] == {"free": 4}
    broken = game.to_json()
    broken["eliminated_someone"] = False
    with pytest.raises(StateError, match="without an elimination"):
        Game.from_json(broken)


# ------------------------------------------------------------------ regrouping
def test_regroup_one_army_stays():
    game = make({0: ["brasil", "venezuela", "japao"]}, armies={"brasil": 5})
    to_regroup(game, "japao")
    refused(game, Regroup("brasil", "venezuela", 5), "occupation_army")
    refused(game, Regroup("venezuela", "brasil", 1), "occupation_army")
    refused(game, Regroup("brasil", "mexico", 1), "not_your_territory")
    refused(game, Regroup("brasil", "japao", 1), "not_adjacent")
    game.apply(Regroup("brasil", "venezuela", 4))
    assert game.armies["brasil"] == 1 and game.armies["venezuela"] == 5


def test_book_regroup_example_brasil_venezuela_mexico():
    game = make({0: ["brasil", "venezuela", "mexico", "japao"]}, armies={"brasil": 5})
    to_regroup(game, "japao")
    game.apply(Regroup("brasil", "venezuela", 4))
    refused(game, Regroup("venezuela", "mexico", 1), "move_once")
    refused(game, Regroup("venezuela", "mexico", 4), "move_once")
    assert game.armies["mexico"] == 1 and game.armies["venezuela"] == 5


def test_armies_that_stayed_put_may_still_move_after_others_arrived():
    game = make(
        {0: ["brasil", "venezuela", "mexico", "japao"]}, armies={"brasil": 5, "venezuela": 3}
    )
    to_regroup(game, "japao")
    game.apply(Regroup("brasil", "venezuela", 4))
    refused(game, Regroup("venezuela", "mexico", 3), "move_once")
    game.apply(Regroup("venezuela", "mexico", 2))
    assert (game.armies["brasil"], game.armies["venezuela"], game.armies["mexico"]) == (1, 5, 3)
    refused(game, Regroup("mexico", "venezuela", 1), "move_once")


def test_armies_that_entered_by_conquest_may_regroup_once():
    game = make({0: ["brasil", "peru", "japao"], 1: ["argentina"]}, armies={"brasil": 10})
    place_all(game, "japao")
    game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    game.apply(Occupy(3))
    game.apply(EndAttack())
    game.apply(Regroup("argentina", "peru", 2))
    assert game.armies["argentina"] == 1 and game.armies["peru"] == 3
    refused(game, Regroup("peru", "brasil", 1), "move_once")


# ------------------------------------------------------------------ cards per turn
def test_one_card_per_turn_after_conquests():
    game = make({0: ["brasil", "japao"], 1: ["argentina", "peru"]}, armies={"brasil": 10})
    place_all(game, "japao")
    game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    game.apply(Occupy(1))
    game.apply(Attack("brasil", "peru"), rolls=([6, 5, 4], [1]))
    game.apply(Occupy(1))
    deck = game.view(0)["deck"]
    events = game.apply(EndTurn())
    assert [e["count"] for e in events if e["type"] == "card"] == [1]
    assert game.view(1)["players"][0]["cards"] == 1
    assert game.view(1)["deck"] == deck - 1


def test_no_card_without_a_conquest():
    game = make({0: ["brasil", "japao"], 1: ["argentina"]}, armies={"brasil": 4})
    place_all(game, "japao")
    game.apply(Attack("brasil", "argentina"), rolls=([1, 1, 1], [6]))
    game.apply(EndAttack())
    events = game.apply(EndTurn())
    assert not [e for e in events if e["type"] == "card"]
    assert game.view(1)["players"][0]["cards"] == 0


# ------------------------------------------------------------------ victory
def assert_won(game, seat, objective):
    assert game.phase == "over" and game.winner == seat
    assert game.legal_actions() == []
    view = game.view((seat + 1) % len(game.players))
    assert view["winner"] == seat
    assert view["players"][seat]["objective"] == objective
    assert all("objective" in p for p in view["players"])


def test_victory_two_continents():
    held = continent("asia") + ["brasil", "venezuela", "argentina"]
    game = make({0: held, 1: ["peru"]}, armies={"brasil": 4}, objectives={0: "asia_south_america"})
    place_all(game, "china")
    assert game.phase == "attack"
    events = game.apply(Attack("brasil", "peru"), rolls=([6, 5, 4], [1]))
    assert [e["objective"] for e in events if e["type"] == "victory"] == ["asia_south_america"]
    assert_won(game, 0, "asia_south_america")
    refused(game, Occupy(1), "game_over")


def test_victory_continents_plus_a_third():
    held = continent("europe") + continent("oceania") + ["brasil", "venezuela", "argentina"]
    game = make(
        {0: held, 1: ["peru"]},
        armies={"brasil": 4, "australia": 4},
        objectives={0: "europe_oceania_plus_one"},
    )
    place_all(game, "franca")
    assert game.phase == "attack"  # Europe and Oceania alone are not enough
    game.apply(Attack("brasil", "peru"), rolls=([6, 5, 4], [1]))
    assert_won(game, 0, "europe_oceania_plus_one")


def test_continents_plus_a_third_needs_the_third():
    held = continent("europe") + [t for t in continent("oceania") if t != "australia"]
    game = make(
        {0: held + ["brasil"], 1: ["australia"]},
        armies={"borneu": 4},
        objectives={0: "europe_oceania_plus_one"},
    )
    place_all(game, "franca")
    game.apply(Attack("borneu", "australia"), rolls=([6, 5, 4], [1]))
    assert game.phase != "over" and game.winner is None


def test_victory_18_territories_with_two_armies_reached_by_placement():
    held = TERRITORIES[:18]
    armies = {t: 2 for t in held}
    armies[held[0]] = 1
    game = make({0: held}, armies=armies, objectives={0: "territories_18_x2"})
    assert game.phase == "reinforce"
    game.apply(Place(held[5], 1))
    assert game.phase == "reinforce"
    events = game.apply(Place(held[0], 1))
    assert [e["type"] for e in events][-1] == "victory"
    assert_won(game, 0, "territories_18_x2")


def test_18_territories_with_one_army_somewhere_is_not_victory():
    held = TERRITORIES[:18]
    armies = {t: 2 for t in held}
    armies[held[0]] = 1
    game = make({0: held}, armies=armies, objectives={0: "territories_18_x2"})
    place_all(game, held[1])
    assert game.phase == "attack" and game.winner is None


def test_victory_18_territories_reached_by_regrouping():
    held = TERRITORIES[:18]
    armies = {t: 2 for t in held}
    armies["alasca"] = 1
    armies["mackenzie"] = 1
    game = make({0: held}, armies=armies, objectives={0: "territories_18_x2"})
    place_all(game, "vancouver")
    game.apply(EndAttack())
    game.apply(Regroup("vancouver", "alasca", 1))
    assert game.phase == "regroup"
    game.apply(Regroup("vancouver", "mackenzie", 1))
    assert_won(game, 0, "territories_18_x2")


def test_victory_24_territories():
    held = [t for t in TERRITORIES if t != "argentina"][:23]
    assert "brasil" in held
    game = make({0: held, 1: ["argentina"]}, armies={"brasil": 4}, objectives={0: "territories_24"})
    place_all(game, "brasil")
    assert game.phase == "attack"
    game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    assert_won(game, 0, "territories_24")


def test_victory_destroying_a_colour_yourself():
    assert seats(3)[1][1] == "verde"
    game = make(
        {0: ["brasil", "china"], 1: ["argentina"]},
        armies={"brasil": 4},
        objectives={0: "destroy_verde"},
    )
    place_all(game, "china")
    events = game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    assert [e["type"] for e in events][-2:] == ["eliminated", "victory"]
    assert_won(game, 0, "destroy_verde")


def test_destroy_objective_of_own_colour_becomes_24_territories():
    assert seats(3)[0][1] == "azul"
    game = make({0: ["brasil", "china"]}, objectives={0: "destroy_azul"})
    assert game.objective_of(0)["kind"] == "territories"
    assert game.objective_of(0)["count"] == 24
    assert game.view(0)["players"][0]["objective_converted"]


def test_destroy_own_colour_at_setup_becomes_24_territories():
    found = 0
    for seed in range(200):
        game = Game.new("classic", seats(6), seed=seed)
        for seat, p in enumerate(game.players):
            if p.objective == f"destroy_{p.color}":
                found += 1
                assert p.objective_converted
                assert game.objective_of(seat)["count"] == 24
            else:
                assert not p.objective_converted
    assert found > 0


def test_destroyed_by_someone_else_becomes_24_territories_and_wins_at_once():
    # Seat 0 wants verde destroyed and already holds 24 territories; seat 2 destroys verde.
    held0 = [t for t in TERRITORIES if t not in ("brasil", "argentina")][:24]
    rest = [t for t in TERRITORIES if t not in held0 and t != "argentina"]
    game = make(
        {0: held0, 1: ["argentina"], 2: rest},
        current=2,
        armies={"brasil": 4},
        objectives={0: "destroy_verde"},
    )
    assert "brasil" in rest
    place_all(game, "brasil")
    events = game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    changed = [e for e in events if e["type"] == "objective_changed"]
    assert [e["player"] for e in changed] == [0]
    assert game.objective_of(0)["count"] == 24
    # victory is checked after the elimination: the changed objective is already met
    assert_won(game, 0, game.board.raw["fallback_objective"]["id"])


def test_changed_objective_not_yet_met_waits():
    held0 = [t for t in TERRITORIES if t not in ("brasil", "argentina")][:20]
    rest = [t for t in TERRITORIES if t not in held0 and t != "argentina"]
    game = make(
        {0: held0, 1: ["argentina"], 2: rest},
        current=2,
        armies={"brasil": 4},
        objectives={0: "destroy_verde"},
    )
    place_all(game, "brasil")
    game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    assert game.winner is None and game.phase == "occupy"
    assert game.players[0].objective_converted


def test_destroy_objectives_of_absent_colours_are_removed_at_setup():
    for n in (3, 4, 5):
        present_by_seed = Counter()
        for seed in range(150):
            game = Game.new("classic", seats(n), seed=seed)
            colours = {p.color for p in game.players}
            for p in game.players:
                spec = SPECS[p.objective]
                present_by_seed[spec["kind"]] += 1
                if spec["kind"] == "destroy":
                    assert spec["color"] in colours, (n, seed, p.objective)
        assert present_by_seed["destroy"] > 0


# ------------------------------------------------------------------ setup
def test_setup_deals_territories_round_the_table_from_the_dealer():
    dealers = set()
    for seed in range(40):
        game = Game.new("classic", seats(4), seed=seed)
        d = game.dealer
        dealers.add(d)
        counts = Counter(game.owner.values())
        assert counts[d] == 11 and counts[(d + 1) % 4] == 11
        assert counts[(d + 2) % 4] == 10 and counts[(d + 3) % 4] == 10
        # The player after the one who got the last (42nd) card starts.
        assert game.current == game.first_player == (d + 2) % 4
        assert set(game.armies.values()) == {1}
        assert game.view(0)["deck"] == 44 and game.view(0)["discard"] == 0
        assert all(len(p.cards) == 0 for p in game.players)
        assert game.phase == "reinforce" and game.round == 1
        assert game.check() == []
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("n", [3, 5, 6])
def test_setup_counts_for_other_tables(n):
    game = Game.new("classic", seats(n), seed=3)
    counts = sorted(Counter(game.owner.values()).values(), reverse=True)
    assert sum(counts) == 42 and counts[0] - counts[-1] <= 1
    assert game.current == (game.dealer + 42) % n
    objectives = [p.objective for p in game.players]
    assert len(set(objectives)) == n


def test_setup_depends_on_the_seed():
    owners = {tuple(Game.new("classic", seats(3), seed=s).owner.values()) for s in range(5)}
    assert len(owners) == 5


@pytest.mark.parametrize("players", [seats(2), seats(6) + [("Gil", "azul")]])
def test_setup_refuses_wrong_player_counts(players):
    from pywar import WarError

    with pytest.raises(WarError):
        Game.new("classic", players)


def test_setup_refuses_shared_or_unknown_colours_and_options():
    from pywar import WarError

    with pytest.raises(WarError):
        Game.new("classic", [("A", "azul"), ("B", "azul"), ("C", "preto")])
    with pytest.raises(WarError):
        Game.new("classic", [("A", "azul"), ("B", "roxo"), ("C", "preto")])
    with pytest.raises(WarError):
        Game.new("classic", seats(3), options={"no_such_option": True})


def test_first_round_placement_only_option():
    game = Game.new("classic", seats(4), seed=2, options={"first_round_placement_only": True})
    order = []
    for _ in range(4):
        me = game.current
        order.append(me)
        assert game.round == 1 and game.phase == "reinforce"
        assert not any(isinstance(a, (Attack, EndTurn)) for a in game.legal_actions())
        place_all(game, game.territories_of(me)[0])
        assert game.current != me
    assert sorted(order) == [0, 1, 2, 3]
    assert game.round == 2 and game.current == order[0]
    place_all(game, game.territories_of(game.current)[0])
    assert game.phase == "attack"


def test_without_the_option_the_first_round_has_every_phase():
    game = Game.new("classic", seats(4), seed=2)
    me = game.current
    place_all(game, game.territories_of(me)[0])
    assert game.phase == "attack" and game.current == me and game.round == 1


# ------------------------------------------------------------------ what a player sees
def test_view_shows_own_secrets_only():
    hands = {0: [CARD["alasca"]], 1: [CARD["brasil"], CARD["peru"]], 2: []}
    game = make(
        {0: ["china"], 1: ["argentina"]},
        hands=hands,
        objectives={0: "asia_africa", 1: "territories_24", 2: "north_america_oceania"},
    )
    for me in range(3):
        view = game.view(me)
        mine = view["players"][me]
        assert mine["hand"] == hands[me]
        assert mine["objective"] == game.objective_of(me)["id"]
        for other, seat in enumerate(view["players"]):
            assert seat["cards"] == len(hands[other])
            if other != me:
                assert "hand" not in seat and "objective" not in seat
        text = repr(view)
        for other in range(3):
            if other != me:
                assert game.players[other].objective not in text
    assert game.view(1)["pools"] == {} and game.view(0)["pools"] == {"free": 3}


def test_view_reveals_every_objective_once_the_game_is_over():
    game = make(
        {0: ["brasil", "china"], 1: ["argentina"]},
        armies={"brasil": 4},
        objectives={0: "destroy_verde", 1: "territories_24", 2: "north_america_oceania"},
    )
    assert "objective" not in game.view(0)["players"][2]
    place_all(game, "china")
    game.apply(Attack("brasil", "argentina"), rolls=([6, 5, 4], [1]))
    for me in range(3):
        objectives = [p.get("objective") for p in game.view(me)["players"]]
        assert objectives == ["destroy_verde", "territories_24", "north_america_oceania"]
