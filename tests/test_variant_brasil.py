"""War Brasil (``brasil``): the 27 units of the federation and the rules of its book.

The book is ``seeds/war-brasil.txt``; what it leaves open is designed (see docs/rules.md).
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import SEATS, objectives_for, owners, place_all, refused

from pywar import Game, WarError, load_board
from pywar.actions import Attack, EndAttack, EndTurn, Place, Trade
from pywar.board import validate_board
from pywar.objectives import describe
from pywar.simulate import play_game
from pywar.variants import get_variant

BOARD = load_board("brasil")
TERRITORIES = list(BOARD.territories)
CARD = {t: i for i, t in enumerate(TERRITORIES)}
JOKERS = (27, 28)
SAFE = "territories_12_x2"

#: IBGE's five regions (the book: "se possuir uma região inteira").
REGIONS = {
    "norte": {"AC", "AM", "RR", "RO", "PA", "AP", "TO"},
    "nordeste": {"MA", "PI", "CE", "RN", "PB", "PE", "AL", "SE", "BA"},
    "centro_oeste": {"MT", "MS", "GO", "DF"},
    "sudeste": {"MG", "ES", "RJ", "SP"},
    "sul": {"PR", "SC", "RS"},
}
#: Every land border between states (and the DF).
BORDERS = {
    "AC": "AM RO",
    "AM": "AC RO MT PA RR",
    "RR": "AM PA",
    "RO": "AC AM MT",
    "PA": "AM RR AP MT TO MA",
    "AP": "PA",
    "TO": "PA MT GO BA PI MA",
    "MA": "PA TO PI",
    "PI": "MA TO BA PE CE",
    "CE": "PI PE PB RN",
    "RN": "CE PB",
    "PB": "RN CE PE",
    "PE": "PB CE PI BA AL",
    "AL": "PE BA SE",
    "SE": "AL BA",
    "BA": "SE AL PE PI TO GO MG ES",
    "MT": "RO AM PA TO GO MS",
    "MS": "MT GO MG SP PR",
    "GO": "MT TO BA MG MS DF",
    "DF": "GO MG",
    "MG": "BA GO DF MS SP RJ ES",
    "ES": "BA MG RJ",
    "RJ": "ES MG SP",
    "SP": "MG RJ PR MS",
    "PR": "SP MS SC",
    "SC": "PR RS",
    "RS": "SC",
}
UF = {t["uf"]: t["id"] for t in BOARD.raw["territories"]}
UF_OF = {v: k for k, v in UF.items()}


def make(
    held: dict[int, list[str]],
    players: int = 3,
    armies: dict[str, int] | None = None,
    hands: dict[int, list[int]] | None = None,
    objectives: dict[int, str] | None = None,
    round: int = 2,
    seed: int = 0,
) -> Game:  # noqa: A002
    """A position in round 2; other states go round the seats not named (or all but 0)."""
    return Game.scenario(
        "brasil",
        SEATS[:players],
        owners(BOARD, held, players),
        armies=armies,
        hands=hands,
        objectives=objectives_for(players, SAFE, objectives),
        seed=seed,
        round=round,
    )


# ------------------------------------------------------------------ the board
def test_board_is_the_27_units_in_the_five_regions():
    assert validate_board(BOARD.raw) == []
    assert len(BOARD.territories) == 27
    for cid, ufs in REGIONS.items():
        assert {UF_OF[t] for t in BOARD.continents[cid].territories} == ufs


def test_borders_are_the_real_state_borders_and_there_are_no_sea_links():
    assert BOARD.sea_links == frozenset()  # "contíguo (que tenha fronteiras em comum)"
    for uf, names in BORDERS.items():
        assert {UF_OF[n] for n in BOARD.neighbors[UF[uf]]} == set(names.split()), uf
    assert len(BOARD.raw["borders"]) == 51


def test_deck_objectives_and_words():
    assert Counter(c.shape for c in BOARD.cards) == {
        "triangle": 9,
        "square": 9,
        "circle": 9,
        "joker": 2,
    }
    kinds = Counter(o["kind"] for o in BOARD.objectives)
    assert kinds == {"continents": 6, "territories": 2, "destroy": 6}
    assert BOARD.raw["fallback_objective"]["count"] == 18
    specs = {o["id"]: o for o in BOARD.objectives}
    assert describe(specs["nordeste_sudeste"], BOARD) == (
        "Conquistar na totalidade o NORDESTE e o SUDESTE."
    )
    assert describe(specs["territories_18"], BOARD) == "Conquistar 18 ESTADOS à sua escolha."
    assert describe(specs["territories_12_x2"], BOARD, "en") == (
        "Conquer 12 STATES and hold each with at least two armies."
    )


def test_variant_rules():
    v = get_variant("brasil")
    assert (v.min_players, v.max_players) == (3, 6)
    assert v.owned_card_bonus_mode == "each" and v.owned_card_bonus == 2
    assert v.first_round_placement_only and v.options == ()
    assert v.forced_trade_at == 5 and v.hand_limit == 5 and v.cards_per_conquest_turn == 1


# ------------------------------------------------------------------ the book's rules
def test_reinforcements_and_region_bonus_bound_to_the_region():
    sul = list(BOARD.continents["sul"].territories)
    game = make({0: sul + ["acre", "amapa", "roraima", "ceara", "sergipe"]})
    # 8 states -> 4, plus the South's bonus, placed in the South
    assert game.view(0)["pools"] == {"free": 4, "continent:sul": BOARD.continents["sul"].bonus}
    refused(game, Place("acre", 6), "bound_armies")
    game.apply(Place("acre", 4))
    game.apply(Place("parana", BOARD.continents["sul"].bonus))
    assert game.phase == "attack"


def test_minimum_three_armies():
    game = make({0: ["acre"]})
    assert game.view(0)["pools"] == {"free": 3}


def test_two_extra_armies_for_each_owned_card_in_a_trade():
    hand = [CARD["acre"], CARD["amazonas"], CARD["roraima"]]
    assert len({BOARD.cards[c].shape for c in hand}) == 3
    game = make({0: ["acre", "amazonas", "roraima", "sergipe"]}, hands={0: hand})
    free = game.pools["free"]
    events = game.apply(Trade(tuple(hand)))
    trade = next(e for e in events if e["type"] == "trade")
    # "o jogador receberá 2 exércitos extras para cada carta trocada que representa um
    # território de sua propriedade"
    assert trade["armies"] == 4
    assert trade["bonus"] == {"acre": 2, "amazonas": 2, "roraima": 2}
    assert game.pools == {
        "free": free + 4,
        "territory:acre": 2,
        "territory:amazonas": 2,
        "territory:roraima": 2,
    }
    refused(game, Place("sergipe", free + 5), "bound_armies")


def test_no_extra_for_cards_of_states_held_by_others_or_jokers():
    hand = [CARD["acre"], CARD["amazonas"], JOKERS[0]]
    game = make({0: ["acre", "sergipe"], 1: ["amazonas"]}, hands={0: hand})
    events = game.apply(Trade(tuple(hand)))
    assert next(e for e in events if e["type"] == "trade")["bonus"] == {"acre": 2}


def test_trade_values_are_global_and_five_cards_force_a_trade():
    hand = [CARD[t] for t in ("acre", "amazonas", "roraima", "rondonia", "para")]
    game = make({0: ["sergipe"]}, hands={0: hand})
    assert game.must_trade
    refused(game, Place("sergipe", 1), "forced_trade")
    game.apply(Trade(game.valid_trades()[0]))
    assert game.trades_done == 1 and game.next_trade_value() == 6


def test_attacks_only_across_a_border():
    game = make(
        {0: ["rio_grande_do_sul", "acre"], 1: ["parana", "santa_catarina"]},
        armies={"rio_grande_do_sul": 5},
    )
    place_all(game, "acre")
    refused(game, Attack("rio_grande_do_sul", "parana"), "not_adjacent")
    game.apply(Attack("rio_grande_do_sul", "santa_catarina"), rolls=([6, 6, 6], [1]))
    assert game.owner["santa_catarina"] == 0


def test_elimination_tops_the_hand_up_to_five_at_random():
    # Book: "o jogo realizará um sorteio para as cartas restantes"; RULINGS.md: own cards
    # kept (3), 2 of the victim's 4 drawn at random, the other 2 to the discard pile.
    a = [CARD["acre"], CARD["amazonas"], CARD["roraima"]]
    b = [CARD["para"], CARD["amapa"], CARD["tocantins"], JOKERS[0]]
    kept = set()
    for seed in range(12):
        game = make(
            {0: ["rio_grande_do_sul", "acre"], 1: ["santa_catarina"]},
            armies={"rio_grande_do_sul": 5},
            hands={0: a, 1: b},
            seed=seed,
        )
        place_all(game, "acre")
        events = game.apply(Attack("rio_grande_do_sul", "santa_catarina"), rolls=([6, 6, 6], [1]))
        gone = next(e for e in events if e["type"] == "eliminated")
        assert gone["cards_taken"] == 2 and gone["cards_discarded"] == 2
        assert gone["drawn_by"] is None  # the game draws
        hand = game.players[0].cards
        assert len(hand) == 5 and set(a) <= set(hand)
        assert sorted(game.discard) == sorted(set(b) - set(hand))
        kept.add(frozenset(hand))
    assert len(kept) > 2


def test_first_round_is_placement_only():
    game = Game.new("brasil", SEATS[:4], seed=1)
    for _ in range(4):
        me = game.current
        assert game.round == 1
        assert not any(isinstance(a, (Attack, EndTurn, EndAttack)) for a in game.legal_actions())
        place_all(game, game.territories_of(me)[0])
        assert game.current != me
    assert game.round == 2
    place_all(game, game.territories_of(game.current)[0])
    assert game.phase == "attack"


def test_setup_deals_all_27_states():
    game = Game.new("brasil", SEATS[:4], seed=2)
    counts = sorted(Counter(game.owner.values()).values())
    # "Alguns jogadores poderão ficar com mais cartas de território do que outros"
    assert counts == [6, 7, 7, 7]
    assert game.current == (game.dealer + 27) % 4
    with pytest.raises(WarError):
        Game.new("brasil", SEATS[:2])


@pytest.mark.parametrize("players", [3, 4, 6])
def test_bots_finish_games(players):
    for seed in range(4):
        game = play_game("brasil", players, seed)
        assert game.winner is not None and game.check() == []
