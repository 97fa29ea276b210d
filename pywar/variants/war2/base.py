"""WAR II's phases and the state every part of its rules shares: the base of
:class:`~pywar.variants.war2.rules.War2Game`."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...game import Game
from ...phase import Phase
from .data import War2Card, war2_rules


class War2Phase(StrEnum):
    """WAR II's own phases (besides the shared :class:`~pywar.phase.Phase`)."""

    #: Setup with 5 players: take a Strategic Centre card left or claim two territories.
    CENTRE_CHOICE = "centre_choice"
    #: Setup: one army on a vacant territory, round the table.
    CLAIM = "claim"
    #: An air attack under way (its rounds, until it ends or is given up).
    AIR = "air"


SETUP_PHASES = (War2Phase.CENTRE_CHOICE, War2Phase.CLAIM)
#: Phases of one's own turn in which cards may be used ("em qualquer momento de sua jogada").
CARD_PHASES = (Phase.REINFORCE, Phase.ATTACK, Phase.REGROUP)
#: Game options of WAR II (all off by default). ``majority_armies_bound`` is a house rule:
#: the book binds only a whole continent's armies to it (RULINGS.md, "WAR II readings").
OPTIONS = ("information_centres", "five_players_deal_all_centres", "majority_armies_bound")


class War2Base(Game):
    """WAR II's own state on top of the engine's, and the card helpers its parts share."""

    def __init__(self, variant: Any) -> None:
        super().__init__(variant)
        self.rules = war2_rules(self.board.id)
        self.cards = self.rules.cards
        #: 1 and 2: the two stages of the first round; 0 from the second round on.
        self.stage = 1
        self.bombers: list[int] = []  # bombers in each seat's air base
        self.air: dict[str, Any] | None = None
        self.centre_cards_left: list[str] = []
        self.choices_made = 0
        self.pair_choices = 0
        self.airlifted: dict[str, int] = {}
        #: Information Centres by owner seat: where each is and who holds it.
        self.ci: dict[str, dict[str, Any]] = {}
        self.ci_moved: list[int] = []
        self.spied = False
        #: What each seat has seen of others (cards, and objectives of captured CIs).
        self.intel: dict[str, dict[str, Any]] = {}

    def card(self, index: int) -> War2Card:
        """The card with this index."""
        return self.cards[index]

    def _use_cards(self, cards: list[int]) -> None:
        hand = self.players[self.current].cards
        for c in cards:
            hand.remove(c)

    def _names_own(self, card: int) -> bool:
        return any(self.owner[t] == self.current for t in self.cards[card].territories)

    def bombers_in_box(self, player: int) -> int:
        """Bombers in a seat's box: neither in its air base nor flying."""
        flying = self.air["bombers"] if self.air and player == self.current else 0
        return self.rules.bombers_per_player - self.bombers[player] - flying

    def centres_of(self, player: int) -> list[str]:
        """The Strategic Centres a player holds."""
        return [t for t in self.rules.centres if self.owner.get(t) == player]

    def _check_card_phase(self) -> None:
        if self.phase not in CARD_PHASES:
            self._fail("card_timing", f"cards are not used in the {self.phase} phase")

    def _check_hand(self, cards: Any, count: int | None = None) -> list[int]:
        hand = self.players[self.current].cards
        if (
            not isinstance(cards, tuple)
            or not all(type(c) is int for c in cards)
            or len(set(cards)) != len(cards)
            or not all(c in hand for c in cards)
            or (count is not None and len(cards) != count)
        ):
            what = f"{count} different cards" if count else "different cards"
            self._fail("cards_not_in_hand", f"use {what} from your hand")
        return list(cards)

    def _check_place_card(self, card: Any, territory: Any, numbers: Any) -> None:
        self._check_card_phase()
        used = self._check_hand((card, *numbers) if isinstance(numbers, tuple) else None)
        if self.cards[used[0]].numbered:
            self._fail("numbered_card_alone", "numbered cards go with a territory card")
        if not all(self.cards[c].numbered for c in used[1:]):
            self._fail("one_territory_card", "use one territory card plus numbered cards")
        if not isinstance(territory, str) or territory not in self.cards[card].territories:
            self._fail("not_on_card", f"{territory!r} is not on that card")
