"""A variant's page parts: the extension points of the page, their registry, and what a
page part may use of the view model.

A variant whose page differs from classic WAR's brings a package ``web/variants/<id>/``
(``<id>`` an engine variant id, see :data:`pywar.variants.VARIANTS`); its ``__init__``
registers a :class:`VariantUI` with :func:`register`. The shared page asks the page part of
the game in play first and falls back to the classic behaviour when a hook returns
``None``/``False``. Shared page code never names a variant (``tests/test_web_architecture.py``).

A page part talks to the view model only through :class:`PageApp`, never through its
private members, and never imports ``viewmodel`` (no import cycle).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any, Protocol

from pywar.variants import DEFAULT_VARIANT as DEFAULT_VARIANT  # re-exported for the page
from pywar.variants import VARIANTS

if TYPE_CHECKING:  # pragma: no cover
    from i18n import Place
    from nodes import Node

#: A rules-help section: a heading and its paragraphs.
Section = tuple[str, list[str]]

# DEFAULT_VARIANT (the engine's registry's first): the game the page offers first, and its
# board the one inlined in index.html.
#: The computer levels the page offers unless a variant's page part says otherwise.
BOT_LEVELS = ("easy", "normal", "hard")


class PageApp(Protocol):
    """What a page part may use of the view model (:class:`viewmodel.App`)."""

    lang: str
    screen: str
    game: Any  # the Game in play (a variant's own class), or None
    record: dict[str, Any] | None
    curtain: int | None
    message: tuple[str, str] | None
    revealed: bool
    battle: dict[str, Any] | None
    amount: str
    #: The page part's own selections for the game in play (its to fill and reset).
    variant_state: dict[str, Any]

    def tr(self, key: str, **kw: Any) -> str: ...
    def tr_count(self, key: str, n: int, **kw: Any) -> str: ...
    def place(self, place_id: str) -> Place: ...
    def name(self, seat: int) -> str: ...
    def tname(self, territory: str) -> str: ...
    def is_bot(self, seat: int) -> bool: ...
    def objective_change_note(self, seat: int) -> Node | None: ...
    def after_action(self, events: list[dict[str, Any]], before: int) -> None: ...
    def clear_selection(self) -> None: ...
    def bring_into_sight(self, selector: str) -> None: ...
    def say(self, text: str) -> None: ...
    def attack_controls(self) -> Node: ...
    def regroup_controls(self) -> Node: ...


class VariantUI:
    """Default: nothing special (classic WAR and the boards that share its turn)."""

    #: The computer levels a seat may take (names of :data:`pywar.ai.LEVELS`; its
    #: ``simple`` level is the tournaments' yardstick, not offered in the page).
    bot_levels: tuple[str, ...] = BOT_LEVELS
    #: Rules help replacing the shared (classic) rules, by language; None: the shared ones.
    rules: dict[str, list[Section]] | None = None
    #: Rules help shown before the shared rules (what the variant changes), by language.
    rules_intro: dict[str, list[Section]] = {}
    #: A section replacing the shared rules' section of the same heading, by language.
    rules_replaced: dict[str, Section] = {}

    def handles(self, action: str) -> bool:
        """Whether this variant has a handler ``on_<action>`` for the page intent ``action``
        (the hooks below are not intents)."""
        name = "on_" + action.replace("-", "_")
        return name not in VariantUI.__dict__ and hasattr(self, name)

    def dispatch(self, app: PageApp, action: str, arg: str | None, value: str | None) -> Any:
        """Run the variant's handler for ``action``."""
        return getattr(self, "on_" + action.replace("-", "_"))(app, arg, value)

    def on_territory_tap(self, app: PageApp, territory: str) -> bool:
        """Handle a tap on a territory; True when handled (classic handling is skipped)."""
        return False

    def tap_refused(self, app: PageApp, territory: str) -> bool | None:
        """Whether a tap on ``territory`` now could only be refused (the chooser leaves it
        out of a close call), or None when the classic turn's answer stands."""
        return None

    def escape(self, app: PageApp) -> None:
        """Escape with nothing else open: drop the variant's own selection (if any)."""

    def input_snapshot(self, app: PageApp) -> Any:
        """Taken before each action, handed back to :meth:`focus_after` (what the variant's
        focus rule compares)."""
        return None

    def focus_after(self, app: PageApp, before: Any) -> tuple[str, str] | None:
        """Where the keyboard focus goes after an action (``("action", name)`` or
        ``("territory", id)``), or None to leave it to the shared rules."""
        return None

    def phase_controls(self, app: PageApp) -> Node | None:
        """The controls of the current phase, or None for the classic ones."""
        return None

    def extra_panel(self, app: PageApp) -> Node | None:
        """More panel content after the phase controls (e.g. bombers, centres)."""
        return None

    def secrets(self, app: PageApp) -> Node | None:
        """The own-objective-and-cards box, or None for the classic one."""
        return None

    def describe_event(self, app: PageApp, event: dict[str, Any]) -> str | None:
        """An event in words, or None to let the classic wording try."""
        return None

    def describe_objective(self, app: PageApp, objective: dict[str, Any]) -> str | None:
        """An objective of the variant's own kinds in words, or None for the classic ones."""
        return None

    def decorate_board(
        self, app: PageApp, territories: dict[str, dict[str, Any]], game: Any = None
    ) -> None:
        """Adjust the board view (states, labels) of ``game`` (default: the game in play;
        a replay passes the step it shows) in place."""

    def board_marks(self, app: PageApp, game: Any = None) -> dict[str, dict[str, Any]] | None:
        """Other marks of the variant's map: CSS selector -> {"attrs": {name: value or
        None}, "text": str} (main.py writes them), or None when the map has none."""
        return None


#: Page parts by variant id (filled by the packages of web/variants/ as they load).
VARIANT_UI: dict[str, VariantUI] = {}
_LOADED: set[str] = set()


def register(variant_id: str, ui: VariantUI) -> VariantUI:
    """Register ``ui`` as the page part of the engine variant ``variant_id``."""
    if variant_id not in VARIANTS:
        raise ValueError(f"no engine variant {variant_id!r} for a page part")
    VARIANT_UI[variant_id] = ui
    return ui


def load_page_parts() -> None:
    """Import ``variants.<id>`` (web/variants/<id>/) for every engine variant that has one;
    each registers itself. Importing a page part also adds its texts to the catalogue."""
    for variant_id in VARIANTS:
        if variant_id in _LOADED:
            continue
        _LOADED.add(variant_id)
        name = f"variants.{variant_id}"
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)


def page_part(variant_id: str) -> VariantUI | None:
    """The page part of ``variant_id``, or None when it plays like classic WAR."""
    load_page_parts()
    return VARIANT_UI.get(variant_id)


def seat_kinds(variant_id: str) -> tuple[str, ...]:
    """Who may sit in a seat of ``variant_id``: a person or a computer of a level."""
    ui = page_part(variant_id)
    return ("human", *(ui.bot_levels if ui is not None else BOT_LEVELS))
