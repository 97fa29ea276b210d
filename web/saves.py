"""Saved games: versioned records in a key-value store (localStorage in the browser).

Each game is its own key, so a damaged record never takes another one down with it.

>>> store = SaveStore(MemoryStorage())
>>> store.list()
[]
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Protocol

from pywar.errors import StateError
from pywar.game import Game

SAVE_FORMAT = "pywar-save"
SAVE_VERSION = 1
PREFIX = "pywar:v1:"
#: Who may sit in a seat ("bot" is the simple bot of the first saves).
SEAT_KINDS = ("human", "bot", "easy", "normal", "hard")


class Storage(Protocol):
    """The little of localStorage the saves need."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def all_keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict-backed :class:`Storage` for tests and for browsers without localStorage."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        return list(self.data)


class SaveError(Exception):
    """A save that cannot be read; ``reason`` is a catalogue key for the page."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass
class SaveSummary:
    """One line of the saved-games list (``damaged`` set when it cannot be read)."""

    id: str
    updated: float = 0.0
    variant: str = ""
    players: list[str] | None = None
    round: int = 0
    over: bool = False
    damaged: str = ""


def make_record(save_id: str, game: Game, seats: list[dict[str, str]],
                created: float | None = None) -> dict[str, Any]:
    """The stored record of a game: versioned data, never code."""
    now = time.time()
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "id": save_id,
            "created": created or now, "updated": now, "variant": game.variant.id,
            "seats": seats, "game": game.to_json()}


def parse_record(text: str | None) -> tuple[dict[str, Any], Game]:
    """Read a stored or imported record; raise :class:`SaveError` saying what is wrong."""
    if text is None:
        raise SaveError("save_missing")
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise SaveError("save_damaged", str(exc)) from None
    if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
        raise SaveError("save_foreign")
    if record.get("version") != SAVE_VERSION:
        raise SaveError("save_version", str(record.get("version")))
    try:
        game = Game.from_json(record.get("game"))
    except StateError as exc:
        raise SaveError("save_damaged", str(exc)) from None
    seats = record.get("seats")
    if (not isinstance(seats, list) or len(seats) != len(game.players)
            or not all(isinstance(s, dict) and s.get("kind") in SEAT_KINDS for s in seats)):
        raise SaveError("save_damaged", "bad seats")
    return record, game


class SaveStore:
    """Saved games under one namespace of a :class:`Storage`."""

    def __init__(self, storage: Storage, namespace: str = "") -> None:
        self.storage = storage
        self.prefix = f"{PREFIX}{namespace + ':' if namespace else ''}"

    def _key(self, save_id: str) -> str:
        return f"{self.prefix}save:{save_id}"

    def new_id(self) -> str:
        """A fresh id, unique among the stored saves."""
        base = format(int(time.time() * 1000), "x")
        existing = set(self.storage.all_keys())
        n = 0
        while self._key(f"{base}{n or ''}") in existing:
            n += 1
        return f"{base}{n or ''}"

    def save(self, record: dict[str, Any]) -> None:
        """Store a record (after every action)."""
        self.storage.set(self._key(record["id"]), json.dumps(record, separators=(",", ":")))

    def load(self, save_id: str) -> tuple[dict[str, Any], Game]:
        """Load one save, or raise :class:`SaveError`."""
        return parse_record(self.storage.get(self._key(save_id)))

    def delete(self, save_id: str) -> None:
        """Remove one save (and forget it as the current game)."""
        self.storage.remove(self._key(save_id))
        if self.current() == save_id:
            self.storage.remove(self.prefix + "current")

    def export(self, save_id: str) -> str:
        """The save as the text of a .json file (only readable saves export)."""
        record, _ = self.load(save_id)
        return json.dumps(record, ensure_ascii=False, indent=1)

    def import_text(self, text: str) -> str:
        """Store an imported file as a new save; return its id or raise :class:`SaveError`."""
        record, _game = parse_record(text)
        record["id"] = self.new_id()
        self.save(record)
        return record["id"]

    def list(self) -> list[SaveSummary]:
        """Every save, newest first; damaged ones are listed with the reason."""
        out = []
        start = len(self.prefix) + len("save:")
        for key in self.storage.all_keys():
            if not key.startswith(self.prefix + "save:"):
                continue
            save_id = key[start:]
            try:
                record, game = parse_record(self.storage.get(key))
            except SaveError as exc:
                out.append(SaveSummary(save_id, damaged=exc.reason))
                continue
            out.append(SaveSummary(
                save_id, float(record.get("updated", 0)), game.variant.id,
                [p.name for p in game.players], game.round, game.phase == "over"))
        out.sort(key=lambda s: (-s.updated, s.id))
        return out

    def current(self) -> str | None:
        """The id of the game being played, if any."""
        return self.storage.get(self.prefix + "current")

    def set_current(self, save_id: str | None) -> None:
        """Remember (or forget) the game being played, to resume after a reload."""
        if save_id is None:
            self.storage.remove(self.prefix + "current")
        else:
            self.storage.set(self.prefix + "current", save_id)

    def get_pref(self, name: str) -> str | None:
        """A page preference (language...)."""
        return self.storage.get(self.prefix + "pref:" + name)

    def set_pref(self, name: str, value: str) -> None:
        """Store a page preference."""
        self.storage.set(self.prefix + "pref:" + name, value)
