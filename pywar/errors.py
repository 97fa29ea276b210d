"""Errors raised by the engine."""

from __future__ import annotations


class WarError(Exception):
    """Base class of every pywar error."""


class IllegalAction(WarError):
    """An action the rules forbid; the state is left untouched.

    ``rule`` is a short stable name of the broken rule (for tests and translations),
    the message says it in words.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class StateError(WarError):
    """A saved state that is malformed, damaged or from another program or version."""


class BoardError(WarError):
    """Board data that breaks the board format (see :func:`pywar.board.validate_board`)."""
