"""Actions: what a player (person or bot) can do, as small immutable values.

Each action turns into a JSON-ready dict with a ``type`` and back:

>>> Action.from_dict(Place("brasil", 3).to_dict())
Place(territory='brasil', count=3)
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import IllegalAction


@dataclass(frozen=True)
class Action:
    """Base of every action; ``type`` names it in JSON."""

    type: ClassVar[str] = ""
    #: One letter naming the action in a save's compact log (see :mod:`pywar.savefile`).
    code: ClassVar[str] = ""
    registry: ClassVar[dict[str, builtins.type[Action]]] = {}
    by_code: ClassVar[dict[str, builtins.type[Action]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not (len(cls.code) == 1 and cls.code.isascii() and cls.code.isalpha()):
            raise TypeError(f"action {cls.type!r} needs a one-letter code")
        other = Action.by_code.get(cls.code)
        if other is not None and other.type != cls.type:
            raise TypeError(f"actions {other.type!r} and {cls.type!r} share the code {cls.code}")
        Action.registry[cls.type] = cls
        Action.by_code[cls.code] = cls

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The action's fields, in order (cached)."""
        names = cls.__dict__.get("_field_names")
        if names is None:
            names = tuple(f.name for f in fields(cls))
            cls._field_names = names  # type: ignore[attr-defined]
        return names

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON-ready data."""
        data: dict[str, Any] = {"type": self.type}
        for key in self.field_names():
            value = getattr(self, key)
            if value is not None:
                data[key] = list(value) if isinstance(value, tuple) else value
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        """Parse an action dict, refusing unknown types or fields."""
        if not isinstance(data, dict):
            raise IllegalAction("malformed_action", f"an action must be an object, not {data!r}")
        kind = data.get("type")
        cls = Action.registry.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalAction("unknown_action", f"unknown action type {data.get('type')!r}")
        names = set(cls.field_names())
        extra = set(data) - names - {"type"}
        if extra:
            raise IllegalAction("malformed_action", f"unknown fields {sorted(extra)} in {data}")
        kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in names}
        try:
            return cls(**kwargs)
        except TypeError as exc:
            message = f"bad {cls.type} action {data}: {exc}"
            raise IllegalAction("malformed_action", message) from None


@dataclass(frozen=True)
class Trade(Action):
    """Trade three cards (indices into the board's deck) for armies.

    ``bonus_territory`` picks which held card territory gets the +2 when several qualify.
    """

    type: ClassVar[str] = "trade"
    code: ClassVar[str] = "T"
    cards: tuple[int, ...]
    bonus_territory: str | None = None


@dataclass(frozen=True)
class Place(Action):
    """Place ``count`` armies from the reinforcements on an own territory."""

    type: ClassVar[str] = "place"
    code: ClassVar[str] = "p"
    territory: str
    count: int = 1


@dataclass(frozen=True)
class Attack(Action):
    """Attack ``target`` from ``source``; ``dice`` defaults to the most allowed."""

    type: ClassVar[str] = "attack"
    code: ClassVar[str] = "a"
    source: str
    target: str
    dice: int | None = None


@dataclass(frozen=True)
class Occupy(Action):
    """After a conquest: how many armies in all move into the conquered territory."""

    type: ClassVar[str] = "occupy"
    code: ClassVar[str] = "o"
    count: int


@dataclass(frozen=True)
class EndAttack(Action):
    """Stop attacking and go on to regrouping."""

    type: ClassVar[str] = "end_attack"
    code: ClassVar[str] = "e"


@dataclass(frozen=True)
class Regroup(Action):
    """Move ``count`` armies between two adjacent own territories."""

    type: ClassVar[str] = "regroup"
    code: ClassVar[str] = "r"
    source: str
    target: str
    count: int = 1


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (a card is drawn if a territory was conquered)."""

    type: ClassVar[str] = "end_turn"
    code: ClassVar[str] = "t"
