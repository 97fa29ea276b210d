"""Extension points of the page for games whose turn differs from classic WAR (WAR II).

A variant's page module subclasses :class:`VariantUI` and registers it in ``VARIANT_UI``;
:class:`viewmodel.App` asks it first and falls back to the classic behaviour when a method
returns ``None``/``False``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from viewmodel import App, Node


class VariantUI:
    """Default: nothing special (classic WAR and the boards that share its turn)."""

    def handles(self, action: str) -> bool:
        """Whether this variant has a handler for the page intent ``action``."""
        return hasattr(self, "on_" + action.replace("-", "_"))

    def dispatch(self, app: App, action: str, arg: str | None, value: str | None) -> Any:
        """Run the variant's handler for ``action``."""
        return getattr(self, "on_" + action.replace("-", "_"))(app, arg, value)

    def on_territory_tap(self, app: App, territory: str) -> bool:
        """Handle a tap on a territory; True when handled (classic handling is skipped)."""
        return False

    def phase_controls(self, app: App) -> Node | None:
        """The controls of the current phase, or None for the classic ones."""
        return None

    def extra_panel(self, app: App) -> Node | None:
        """More panel content after the phase controls (e.g. bombers, centres)."""
        return None

    def secrets(self, app: App) -> Node | None:
        """The own-objective-and-cards box, or None for the classic one."""
        return None

    def describe_event(self, app: App, event: dict[str, Any]) -> str | None:
        """An event in words, or None to let the classic wording try."""
        return None

    def decorate_board(
        self, app: App, territories: dict[str, dict[str, Any]], game: Any = None
    ) -> None:
        """Adjust the board view (states, labels) of ``game`` (default: the game in play;
        a replay passes the step it shows) in place."""


#: Page modules for variants, by variant id (filled by those modules).
VARIANT_UI: dict[str, VariantUI] = {}
