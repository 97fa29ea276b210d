"""WAR II: one move per army per turn, by any means (RULINGS.md, "WAR II readings").

The book: "um exército pode ser deslocado uma única vez"; the airlift: "Não é permitido ...
remanejá-los de um CE para outro e, a partir daí, para um território adjacente, ou
remanejá-los de um território para um CE adjacente e, a partir daí, ir para outro CE"; the
transport by two cards moves armies too. So an army that moved by a regroup step, an airlift
or a transport does not move again that turn, by the same means or another. Armies that
entered by conquest may make that one move. When armies leave a territory by a battle loss or
a conquest move, those that already moved go first (the attacker's natural choice).
"""

from __future__ import annotations

import random
from collections import defaultdict

from conftest import pick, place_all, refused, same_game
from hypothesis import given, settings
from hypothesis import strategies as st
from test_war2_rules import CARD, CI, TERRITORIES, make2

from pywar.actions import Attack, EndAttack, Occupy, Regroup
from pywar.variants.war2.actions import Airlift, MoveCI, Transport, TransportCI
from pywar.variants.war2.rules import War2Game


def test_transported_armies_do_not_regroup():
    # Vietnã 3 (its own), 5 transported from Índia by the Índia and Vietnã cards: 8.
    cards = (CARD["india"], CARD["vietna"])
    game = make2(
        {0: ["vietna", "india", "japao"]}, armies={"vietna": 3, "india": 6}, hands={0: list(cards)}
    )
    game.apply(Transport(cards, "india", "vietna", 5))
    assert game.armies["vietna"] == 8 and game.moved == {"vietna": 5}
    place_all(game, "japao")
    game.apply(EndAttack())
    # Only Vietnã's own 2 may step on (one stays); the 5 that came by cards may not.
    assert game.movable_from("vietna") == 2 and game.movable_from("india") == 0
    refused(game, Regroup("vietna", "india", 3), "move_once")
    game.apply(Regroup("vietna", "india", 2))
    assert game.armies == {**game.armies, "vietna": 6, "india": 3}
    assert game.movable_from("vietna") == 0 and game.movable_from("india") == 0
    same_game(game)


def test_regrouped_or_airlifted_armies_are_not_transported():
    # Brasil and Egito are centres: 5 + 1 and 4 + 1 after the placement.
    hand = [CARD["america_do_sul"], CARD["mexico_cuba"]]
    game = make2(
        {0: ["brasil", "venezuela", "mexico", "egito"]},
        armies={"brasil": 5, "egito": 4},
        hands={0: hand},
    )
    place_all(game, "mexico")
    game.apply(EndAttack())
    assert (game.armies["brasil"], game.armies["egito"]) == (6, 5)
    # Brasil regroups 4 into Venezuela (1): Venezuela holds 5, 4 of them moved.
    game.apply(Regroup("brasil", "venezuela", 4))
    assert game.movable_from("venezuela") == 0
    # The book's example: not on from Venezuela to México, neither on foot nor by cards.
    refused(game, Regroup("venezuela", "mexico", 1), "move_once")
    refused(game, Transport(tuple(hand), "venezuela", "mexico", 1), "move_once")
    # Egito flies 3 to Brasil (2 left there): Brasil holds 5, 3 of them flown in; only one
    # of Brasil's own 2 may still move (the other stays), by cards or on foot.
    game.apply(Airlift("egito", "brasil", 3))
    assert game.armies["brasil"] == 5 and game.moved["brasil"] == 3
    assert game.movable_from("brasil") == 1
    refused(game, Transport(tuple(hand), "brasil", "mexico", 2), "move_once")
    refused(game, Regroup("brasil", "venezuela", 2), "airlift_chain")
    game.apply(Transport(tuple(hand), "brasil", "mexico", 1))
    assert game.movable_from("brasil") == 0 and game.movable_from("egito") == 1
    same_game(game)


def test_conquering_armies_make_their_one_move_and_moved_ones_go_first():
    # China: 3 of its own + 5 transported from Japão + 1 for the centre = 9 (5 moved).
    # Two attacks lose 1 each: the moved go first (3 moved left of 7). The conquest of Índia
    # moves 3 in, moved ones first: Índia holds 3 that already moved; China keeps 4, all
    # its own: 3 may still move.
    game = make2(
        {0: ["china", "japao", "vietna"], 1: ["india"]},
        armies={"china": 3, "japao": 6, "india": 1},
        hands={0: [CARD["china"], CARD["japao"]]},
    )
    game.apply(Transport((CARD["china"], CARD["japao"]), "japao", "china", 5))
    place_all(game, "vietna")
    assert game.armies["china"] == 9 and game.moved == {"china": 5}
    game.apply(Attack("china", "india"), rolls=([1, 1, 1], [6]))
    assert game.armies["china"] == 8 and game.moved == {"china": 4}
    game.apply(Attack("china", "india"), rolls=([1, 1, 1], [6]))
    assert game.armies["china"] == 7 and game.moved == {"china": 3}
    game.apply(Attack("china", "india"), rolls=([6, 6, 6], [1]))
    assert game.owner["india"] == 0
    game.apply(Occupy(3))
    assert (game.armies["china"], game.armies["india"]) == (4, 3)
    assert game.moved == {"india": 3}
    game.apply(EndAttack())
    assert game.movable_from("china") == 3 and game.movable_from("india") == 0
    refused(game, Regroup("india", "vietna", 1), "move_once")
    game.apply(Regroup("china", "vietna", 3))
    same_game(game)


def test_armies_that_entered_by_conquest_may_be_transported_once():
    # Japão 6 (fresh) conquers China: 3 move in. They may make one move: by two cards here.
    game = make2(
        {0: ["japao", "vietna"], 1: ["china"]},
        armies={"japao": 6, "china": 1},
        hands={0: [CARD["china"], CARD["vietna"]]},
    )
    place_all(game, "vietna")
    game.apply(Attack("japao", "china"), rolls=([6, 6, 6], [1]))
    game.apply(Occupy(3))
    assert game.moved == {} and game.movable_from("china") == 2
    game.apply(Transport((CARD["china"], CARD["vietna"]), "china", "vietna", 2))
    game.apply(EndAttack())
    assert game.movable_from("china") == 0
    assert game.movable_from("vietna") == game.armies["vietna"] - 1 - 2
    refused(game, Regroup("vietna", "china", game.armies["vietna"] - 2), "move_once")
    same_game(game)


def test_information_centre_moves_once_in_the_regroup_phase_by_either_means():
    # Book: "o CI só pode ser movimentado na fase de remanejamento"; "O CI pode ser deslocado
    # uma única vez". The transport by two cards is such a move.
    cards = sorted([CARD["china"], CARD["egito"]])
    game = make2(
        {0: ["brasil", "china", "egito", "argentina"]},
        hands={0: cards},
        options=CI,
        ci={0: "brasil"},
    )
    refused(game, TransportCI(tuple(cards), 0, "egito"), "not_regroup_phase")
    place_all(game, "brasil")
    refused(game, TransportCI(tuple(cards), 0, "egito"), "not_regroup_phase")
    game.apply(EndAttack())
    assert TransportCI(tuple(cards), 0, "egito") in game.legal_actions()
    game.apply(TransportCI(tuple(cards), 0, "egito"))
    assert game.ci["0"]["territory"] == "egito" and game.players[0].cards == []
    refused(game, MoveCI(0, "china"), "move_once")  # not then on from Egito by air
    same_game(game)
    # The other way round: an ordinary move first, then no transport.
    game = make2(
        {0: ["brasil", "china", "egito", "argentina"]},
        hands={0: cards},
        options=CI,
        ci={0: "brasil"},
    )
    place_all(game, "brasil")
    game.apply(EndAttack())
    game.apply(MoveCI(0, "argentina"))
    refused(game, TransportCI(tuple(cards), 0, "egito"), "move_once")
    assert not any(isinstance(a, (TransportCI, MoveCI)) for a in game.legal_actions())


# ------------------------------------------------------------------ whole-turn property
class ArmyBook:
    """The test's own account of the current player's armies: per territory, those that
    have not moved this turn and those that have (moved ones leave first by loss or
    conquest)."""

    def __init__(self, game: War2Game) -> None:
        self.fresh: dict[str, int] = defaultdict(int)
        self.moved: dict[str, int] = defaultdict(int)
        self.reset(game)

    def reset(self, game: War2Game) -> None:
        self.fresh.clear()
        self.moved.clear()
        for t in game.territories_of(game.current):
            self.fresh[t] = game.armies[t]

    def leave(self, t: str, n: int) -> int:
        m = min(self.moved[t], n)
        self.moved[t] -= m
        self.fresh[t] -= n - m
        assert self.fresh[t] >= 0
        return m

    def take(self, events: list[dict], game: War2Game) -> None:
        for e in events:
            kind = e["type"]
            if kind == "turn":
                self.reset(game)
            elif kind in ("place", "card_armies"):
                self.fresh[e["territory"]] += e["count"]
            elif kind in ("regroup", "airlift", "transport"):
                # The property: only armies that have not moved this turn move.
                assert e["count"] <= self.fresh[e["source"]], (e, dict(self.fresh))
                self.fresh[e["source"]] -= e["count"]
                self.moved[e["target"]] += e["count"]
            elif kind == "battle" and e["player"] == game.current:
                self.leave(e["source"], e["attacker_losses"])
            elif kind == "conquest":
                self.fresh[e["territory"]] = self.moved[e["territory"]] = 0
                carried = self.leave(e["source"], 1)
                self.moved[e["territory"]] += carried
                self.fresh[e["territory"]] += 1 - carried
            elif kind == "occupy" and e["count"] > 1 and "source" in e:
                source, target = e["source"], e["territory"]
                carried = self.leave(source, e["count"] - 1)
                self.moved[target] += carried
                self.fresh[target] += e["count"] - 1 - carried

    def agrees(self, game: War2Game) -> None:
        if game.phase in ("over", "claim", "centre_choice"):
            return
        for t in game.territories_of(game.current):
            assert self.fresh[t] + self.moved[t] == game.armies[t], t
            assert game.moved.get(t, 0) == self.moved[t], t


#: Card uses left out of the random play, so the cards stay for transports.
SPENDING = ("discard", "card_armies", "card_air_attack", "spy")


#: Seat 0's cluster: three Strategic Centres (airlift), land links, and five cards naming
#: its territories (transports between any two of them).
CLUSTER = [
    "venezuela",
    "brasil",
    "peru",
    "argentina",
    "mexico",
    "cuba",
    "nova_york",
    "argelia",
    "egito",
    "california",
]
CLUSTER_CARDS = ["america_do_sul", "mexico_cuba", "nova_york", "argelia", "egito"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_no_army_moves_twice_in_a_turn_by_any_combination(seed, choices):
    rnd = random.Random(choices)
    players = 3
    armies = {t: rnd.randint(1, 9) for t in TERRITORIES}
    game = make2(
        {0: CLUSTER},
        players=players,
        armies=armies,
        seed=seed,
        hands={0: [CARD[c] for c in CLUSTER_CARDS]},
        objectives={s: "asia_south_america" for s in range(players)},
    )
    book = ArmyBook(game)
    book.agrees(game)
    moves = 0
    for _ in range(100):
        if game.phase == "over":
            break
        legal = game.legal_actions()
        # Adversarial: the cards are kept for transports onward from where armies arrived;
        # moves are tried on from there first.
        onward = [
            a
            for a in legal
            if a.type in ("regroup", "airlift", "transport") and game.moved.get(a.source)
        ]
        spending = SPENDING if rnd.random() < 0.05 else (*SPENDING, "transport")
        actions = [a for a in legal if a.type not in spending] or legal
        if any(a.type == "end_attack" for a in actions):
            # the turn goes through its moves: ending it from the attack skips them all
            actions = [a for a in actions if a.type != "end_turn"]
        mover = [a for a in actions if a.type in ("regroup", "airlift", "transport")]
        if onward and rnd.random() < 0.7:
            action = pick(rnd, onward)
        elif mover and rnd.random() < 0.5:
            action = pick(rnd, mover)
        else:
            action = pick(rnd, actions)
        moves += action.type in ("regroup", "airlift", "transport")
        book.take(game.apply(action), game)
        book.agrees(game)
    assert moves > 0
    same_game(game)


def test_transported_armies_do_not_fly_on():
    """Five armies carried into Brasil by cards in the attack phase: only Brasil's own 2
    may fly from the Strategic Centre (one stays), the five may not."""
    hand = [CARD["america_do_sul"], CARD["mexico_cuba"]]
    game = make2(
        {0: ["brasil", "mexico", "egito", "venezuela"]},
        armies={"brasil": 2, "mexico": 6, "egito": 2},
        hands={0: hand},
    )
    place_all(game, "venezuela")
    game.apply(Transport(tuple(hand), "mexico", "brasil", 5))
    game.apply(EndAttack())
    mine = game.armies["brasil"] - 5
    assert game.movable_from("brasil") == mine - 1
    refused(game, Airlift("brasil", "egito", mine), "airlift_chain")
    game.apply(Airlift("brasil", "egito", mine - 1))
    assert game.movable_from("brasil") == 0
    same_game(game)
