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
    """A saved state that is malformed, damaged or from another program or version.

    ``unexpected`` is set when the loader's last guard caught something its checks did not
    foresee (the save is refused all the same; the fuzzer reports these as loader bugs).
    """

    unexpected: bool = False


class BoardError(WarError):
    """Board data that breaks the board format (see :func:`pywar.board.validate_board`)."""
