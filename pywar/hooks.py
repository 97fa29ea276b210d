"""The declared surface between the shared turn engine and a variant's rules.

:class:`pywar.game.Game` is the shared turn engine and the classic rules. A variant whose rules
differ (WAR II) subclasses it and overrides **only** the hooks of :class:`RulesHooks`, each
with the classic behaviour as its default in ``Game``; everything else in ``Game`` is private
to the engine (``tests/test_architecture.py`` checks it). A data-only variant overrides
nothing: its differences are :class:`~pywar.variants.Variant` fields.

:class:`GameState` is what the save loader and the invariant checks read of a game; they type
against it so that they need not import :mod:`pywar.game` (no import cycle).

>>> from pywar.game import Game
>>> HOOKS[:3]
('_deal', '_position_extra', '_apply_position')
>>> all(hasattr(Game, name) for name in HOOKS)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

if TYPE_CHECKING:
    from .actions import Action
    from .board import Board
    from .player import Player
    from .rng import Rng
    from .variants.spec import Variant

#: One thing that happened, as plain JSON-ready data (``{"type": ..., ...}``).
Event = dict[str, Any]
#: Plays one validated action: ``handler(action, events, rolls)`` appends its events.
Handler = Callable[[Any, list[Event], Any], None]


class RulesHooks(Protocol):
    """The hooks a variant's game class may override (classic defaults in ``Game``)."""

    # -- facts
    #: Phases a game of the variant may be in (saved states are checked against them).
    PHASES: ClassVar[tuple[str, ...]]
    #: Top-level keys the variant adds to the saved state (see :meth:`_extra_json`).
    EXTRA_KEYS: ClassVar[tuple[str, ...]]
    #: Keys the variant adds to a scenario position (see :meth:`_position_extra`).
    POSITION_EXTRA: ClassVar[tuple[str, ...]]
    #: The round ``Game.scenario`` starts in when none is given.
    SCENARIO_ROUND: ClassVar[int]

    # -- setup
    def _deal(self) -> None:
        """``Game.new``: dealer, territories, objectives, deck, first player and phase."""

    @classmethod
    def _position_extra(cls, round: int | None, **extra: Any) -> dict[str, Any]:  # noqa: A002
        """A scenario position's own keys (the round, and the variant's keyword arguments)."""

    def _apply_position(self, position: dict[str, Any]) -> None:
        """Set the game at a scenario position (kept in the setup, read back on replay)."""

    def setup_in_progress(self) -> bool:
        """Whether territories are still being handed out (some may have no owner yet)."""

    def first_mover(self) -> int:
        """The seat that makes the first move of the first round."""

    # -- actions
    def _handlers(self) -> Mapping[str, Handler]:
        """Which method plays each action type (``apply`` looks the action's type up here)."""

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now."""

    def _validate(self, action: Action, rolls: tuple[list[int], list[int]] | None) -> None:
        """Raise :class:`~pywar.errors.IllegalAction` unless ``action`` is legal now."""

    # -- turn structure
    def _begin_turn(self, events: list[Event]) -> None:
        """The start of the current player's turn (phase, reinforcements, the turn event)."""

    def _new_round(self) -> None:
        """The turn passes the first player again."""

    def _placement_only(self) -> bool:
        """Whether this turn ends once its armies are placed."""

    def _cards_to_draw(self) -> int:
        """Cards the current player draws at the end of a turn with a conquest."""

    # -- armies
    def reinforcements_due(self, player: int) -> dict[str, int]:
        """Armies received at the start of a turn, by pool."""

    def _pools_for(self, territory: str) -> tuple[str, ...]:
        """The pools that may go to ``territory``, in the order placing draws on them."""

    def may_hold_armies(self) -> bool:
        """Whether armies may wait to be placed now."""

    # -- cards
    def trade_allowed(self) -> bool:
        """Whether the current player may trade cards now."""

    def valid_trades(self) -> list[tuple[int, ...]]:
        """Every set the current player could trade now."""

    def _discard(self, cards: list[int], events: list[Event]) -> None:
        """Put cards on the discard pile."""

    def _deck_size(self) -> int:
        """Cards in the game, deck, hands and discard together."""

    # -- conquest and objectives
    def _conquer(
        self, source: str, target: str, dice: int, defender: int, events: list[Event]
    ) -> None:
        """``source`` took ``target`` from ``defender`` with ``dice`` dice."""

    def _achieved(self, seat: int) -> bool:
        """Whether ``seat`` has achieved their objective."""

    # -- what each seat sees, saves, invariants
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see."""

    def _extra_json(self) -> dict[str, Any]:
        """The variant's own part of the saved state."""

    def _read_extra(self, data: dict[str, Any], read: Any) -> None:
        """Read the variant's own part of saved data with the loader's typed ``read``er."""

    def _read_position_extra(self, position: dict[str, Any], read: Any, seats: int) -> None:
        """Check the variant's own keys of a saved scenario position."""

    def _older_save_gaps(self, saved: dict[str, Any], replayed: dict[str, Any]) -> None:
        """Fill into ``saved`` what a replay of its log derives and older saves lacked."""

    def variant_problems(self) -> list[str]:
        """Broken invariants of the variant's own state."""


#: The names of the hooks (what a variant's game class may override).
HOOKS: tuple[str, ...] = tuple(
    name
    for name in (*RulesHooks.__dict__, *RulesHooks.__annotations__)
    if not name.startswith(("__", "_abc_", "_is_"))
)


class GameState(RulesHooks, Protocol):
    """A game as the save loader and the invariant checks read it."""

    variant: Variant
    board: Board
    options: dict[str, Any]
    setup: dict[str, Any]
    rng: Rng
    players: list[Player]
    owner: dict[str, int]
    armies: dict[str, int]
    deck: list[int]
    discard: list[int]
    trades_done: int
    dealer: int
    first_player: int
    current: int
    phase: str
    round: int
    turn: int
    pools: dict[str, int]
    must_trade: bool
    conquered: bool
    eliminated_someone: bool
    moved: dict[str, int]
    occupy: dict[str, Any] | None
    winner: int | None
    log: list[dict[str, Any]]
    dice_stats: dict[int, list[float]]
    timeline: list[dict[str, Any]]

    def __init__(self, variant: Variant) -> None:
        """An empty game of ``variant`` (the loader then fills it)."""

    @classmethod
    def replay(cls, setup: dict[str, Any], log: list[dict[str, Any]]) -> Self:
        """A new game from ``setup`` with the ``log``'s actions applied."""

    @property
    def pending_armies(self) -> int:
        """Armies received and not yet placed."""

    def apply(
        self, action: Action | dict[str, Any], rolls: tuple[list[int], list[int]] | None = None
    ) -> list[Event]:
        """Validate and apply one action."""
