"""A seat at the table: name, colour, secret objective, hand of cards."""

from __future__ import annotations

from typing import Any


class Player:
    """One seat: name, colour, secret objective and hand of cards."""

    __slots__ = (
        "name",
        "color",
        "objective",
        "objective_converted",
        "cards",
        "alive",
        "eliminated_by",
    )

    def __init__(self, name: str, color: str) -> None:
        self.name = name
        self.color = color
        self.objective: str = ""
        self.objective_converted = False
        self.cards: list[int] = []
        self.alive = True
        self.eliminated_by: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The seat as JSON-ready data."""
        return {
            "name": self.name,
            "color": self.color,
            "objective": self.objective,
            "objective_converted": self.objective_converted,
            "cards": list(self.cards),
            "alive": self.alive,
            "eliminated_by": self.eliminated_by,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Player:
        """Rebuild a seat from :meth:`to_json` data."""
        player = cls(str(data["name"]), str(data["color"]))
        player.objective = str(data["objective"])
        player.objective_converted = bool(data["objective_converted"])
        player.cards = [int(c) for c in data["cards"]]
        player.alive = bool(data["alive"])
        eliminated_by = data["eliminated_by"]
        player.eliminated_by = None if eliminated_by is None else int(eliminated_by)
        return player
