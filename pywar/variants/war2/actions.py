"""WAR II's own actions (besides the shared ones of :mod:`pywar.actions`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True)
class Claim(Action):
    """Setup: put one army on a vacant territory (the free choice round the table)."""

    type: ClassVar[str] = "claim"
    code: ClassVar[str] = "c"
    territory: str


@dataclass(frozen=True)
class TakeCentre(Action):
    """Setup with 5 players, option 1: take one of the two Strategic Centre cards left."""

    type: ClassVar[str] = "take_centre"
    code: ClassVar[str] = "C"
    territory: str


@dataclass(frozen=True)
class ClaimPair(Action):
    """Setup with 5 players, option 2: one army on each of two vacant non-CE territories
    of different continents."""

    type: ClassVar[str] = "claim_pair"
    code: ClassVar[str] = "P"
    first: str
    second: str


@dataclass(frozen=True)
class CardArmies(Action):
    """Use a territory card (plus numbered cards) for 1 + their numbers armies on
    ``territory``, one of the card's territories that the player holds."""

    type: ClassVar[str] = "card_armies"
    code: ClassVar[str] = "k"
    card: int
    territory: str
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class CardAirAttack(Action):
    """Use a territory card (plus numbered cards) for 1 + their numbers bombers, taken from
    the box, against ``target``, one of the card's territories held by an opponent."""

    type: ClassVar[str] = "card_air_attack"
    code: ClassVar[str] = "K"
    card: int
    target: str
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class AirAttack(Action):
    """Send ``bombers`` bombers from the air base against any enemy ``target``."""

    type: ClassVar[str] = "air_attack"
    code: ClassVar[str] = "b"
    target: str
    bombers: int = 1


@dataclass(frozen=True)
class AirRound(Action):
    """Go on with the air attack: anti-aircraft die, then the air-attack die."""

    type: ClassVar[str] = "air_round"
    code: ClassVar[str] = "B"


@dataclass(frozen=True)
class AirStop(Action):
    """Give the air attack up; the bombers still flying return to the air base."""

    type: ClassVar[str] = "air_stop"
    code: ClassVar[str] = "s"


@dataclass(frozen=True)
class Transport(Action):
    """Use two territory cards to move ``count`` armies from ``source`` (a territory of one
    card) to ``target`` (a territory of the other); both held by the player."""

    type: ClassVar[str] = "transport"
    code: ClassVar[str] = "x"
    cards: tuple[int, ...]
    source: str
    target: str
    count: int = 1


@dataclass(frozen=True)
class Airlift(Action):
    """Regroup phase: fly ``count`` armies between two own Strategic Centres."""

    type: ClassVar[str] = "airlift"
    code: ClassVar[str] = "l"
    source: str
    target: str
    count: int = 1


@dataclass(frozen=True)
class Discard(Action):
    """Throw a card of one's hand away (to make room for the three of a conquering turn)."""

    type: ClassVar[str] = "discard"
    code: ClassVar[str] = "d"
    card: int


@dataclass(frozen=True)
class PlaceCI(Action):
    """Information Centres option: put one's Information Centre on an own territory."""

    type: ClassVar[str] = "place_ci"
    code: ClassVar[str] = "i"
    territory: str


@dataclass(frozen=True)
class MoveCI(Action):
    """Regroup phase: move the Information Centre of seat ``ci`` (held by the player) to an
    adjacent own territory, or between two own Strategic Centres; once per turn."""

    type: ClassVar[str] = "move_ci"
    code: ClassVar[str] = "m"
    ci: int
    target: str


@dataclass(frozen=True)
class TransportCI(Action):
    """Discard two territory cards naming own territories to move the Information Centre of
    seat ``ci`` to ``target``, a territory of one of the two cards."""

    type: ClassVar[str] = "transport_ci"
    code: ClassVar[str] = "X"
    cards: tuple[int, ...]
    ci: int
    target: str


@dataclass(frozen=True)
class Spy(Action):
    """Look at every card (not the objective) of ``player``; once per turn, own CI needed."""

    type: ClassVar[str] = "spy"
    code: ClassVar[str] = "y"
    player: int


AIR_KINDS = ("air_attack", "card_air_attack", "air_round")
SETUP_KINDS = ("claim", "take_centre", "claim_pair")
