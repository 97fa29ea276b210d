"""Saved games: versioned records in a key-value store (localStorage in the browser).

Each game is its own key, so a damaged record never takes another one down with it. Stored
text is untrusted input: it is bounded before it is parsed, and only a sound game loads.

>>> store = SaveStore(MemoryStorage())
>>> store.list()
[]
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from pywar import safejson
from pywar.errors import StateError, WarError
from pywar.game import Game

SAVE_FORMAT = "pywar-save"
SAVE_VERSION = 1
BACKUP_FORMAT = "pywar-backup"
BACKUP_VERSION = 1
PREFIX = "pywar:v1:"
#: Who may sit in a seat ("bot" is the simple bot of the first saves).
SEAT_KINDS = ("human", "bot", "easy", "normal", "hard")
#: The longest text a save (or an imported file) may be; a real game is far smaller.
MAX_SAVE_CHARS = 2_000_000
#: A backup file holds many saves.
MAX_BACKUP_CHARS = 40_000_000
#: The deepest nesting of brackets a save may have (a real one has under 10).
MAX_DEPTH = 32


class Storage(Protocol):
    """The little of localStorage the saves need. ``set`` raises :class:`StorageFailure`
    when the browser refuses to store (full, or blocked)."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def all_keys(self) -> list[str]: ...


class StorageFailure(Exception):
    """The browser would not store a value: ``kind`` is "full" or "blocked"."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind if kind in ("full", "blocked") else "blocked"


class MemoryStorage:
    """A dict-backed :class:`Storage` for tests and for browsers without localStorage.

    ``quota`` (characters of keys and values) makes it refuse writes like a full
    localStorage, for tests.
    """

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data = dict(data or {})
        self.quota = quota

    def used(self) -> int:
        """Characters stored, keys included (what browsers count against the quota)."""
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            after = (
                self.used()
                - len(self.data.get(key, ""))
                + (0 if key in self.data else len(key))
                + len(value)
            )
            if after > self.quota:
                raise StorageFailure("full", "quota exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        return list(self.data)


class MirroredStorage(MemoryStorage):
    """The page's localStorage as a worker sees it: a copy taken at start, kept current
    by the page (another tab's writes), whose own writes the page carries out later
    (:meth:`take_writes`) and confirms or refuses by message (``confirms_later``: a write
    accepted here is not yet stored, so the view model waits for the page's word before
    it says storage is back). ``durable`` False: the browser blocks storage.

    >>> mirror = MirroredStorage({"a": "1"})
    >>> mirror.set("b", "2"); mirror.remove("a")
    >>> mirror.take_writes(), mirror.take_writes(), mirror.all_keys()
    ([['b', '2'], ['a', None]], [], ['b'])
    """

    confirms_later = True

    def __init__(self, data: dict[str, str] | None = None, durable: bool = True) -> None:
        super().__init__(data)
        self.durable = durable
        self.writes: list[list[str | None]] = []

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.writes.append([key, value])

    def remove(self, key: str) -> None:
        super().remove(key)
        self.writes.append([key, None])

    def written_elsewhere(self, key: str, value: str | None) -> None:
        """Another tab stored ``value`` under ``key`` (None: removed it)."""
        if value is None:
            self.data.pop(key, None)
        else:
            self.data[key] = value

    def take_writes(self) -> list[list[str | None]]:
        """The writes since the last call, in order (``[key, value or None]``)."""
        writes, self.writes = self.writes, []
        return writes


class SaveError(Exception):
    """A save that cannot be read; ``reason`` is a catalogue key for the page."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class SaveConflict(Exception):
    """The stored game moved on elsewhere (another tab) since this page last read it."""

    def __init__(self, stored_rev: int) -> None:
        super().__init__(f"the stored game is at revision {stored_rev}")
        self.stored_rev = stored_rev


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
    kinds: list[str] = field(default_factory=list)
    to_move: str = ""
    winner: str = ""


def bounded_json(text: str, max_chars: int = MAX_SAVE_CHARS) -> Any:
    """Parse untrusted JSON text within bounds (size, nesting, number sizes: see
    :mod:`pywar.safejson`); :class:`SaveError` (``save_damaged``) for anything else."""
    try:
        return safejson.loads(text, max_chars=max_chars, max_depth=MAX_DEPTH, floats=True)
    except StateError as exc:
        raise SaveError("save_damaged", str(exc)[:200]) from None


def make_record(
    save_id: str,
    game: Game,
    seats: list[dict[str, str]],
    created: float | None = None,
    rev: int = 0,
) -> dict[str, Any]:
    """The stored record of a game: versioned data, never code."""
    now = time.time()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "id": save_id,
        "created": created or now,
        "updated": now,
        "rev": rev,
        "variant": game.variant.id,
        "seats": seats,
        "game": game.to_json(),
    }


def parse_record(text: str | None) -> tuple[dict[str, Any], Game]:
    """Read a stored or imported record; raise :class:`SaveError` saying what is wrong."""
    if text is None:
        raise SaveError("save_missing")
    return record_from_data(bounded_json(text))


def record_from_data(record: Any) -> tuple[dict[str, Any], Game]:
    """Check a parsed record and load its game; :class:`SaveError` if it is not sound."""
    if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
        raise SaveError("save_foreign")
    if record.get("version") != SAVE_VERSION:
        raise SaveError("save_version", str(record.get("version"))[:40])
    if not isinstance(record.get("id"), str) or not 0 < len(record["id"]) <= 64:
        raise SaveError("save_damaged", "bad id")
    for key in ("created", "updated"):
        value = record.get(key, 0)
        if (
            not isinstance(value, (int, float))
            or isinstance(value, bool)
            or not (0 <= value < 1e11)
        ):
            raise SaveError("save_damaged", f"bad {key}")
    rev = record.get("rev", 0)
    if not isinstance(rev, int) or isinstance(rev, bool) or not 0 <= rev < 2**53:
        raise SaveError("save_damaged", "bad rev")
    try:
        game = Game.from_json(record.get("game"))
    except WarError as exc:
        raise SaveError("save_damaged", str(exc)[:200]) from None
    except Exception as exc:  # noqa: BLE001 - stored data is untrusted: never crash on it
        raise SaveError("save_damaged", f"{type(exc).__name__}: {exc}"[:200]) from None
    seats = record.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != len(game.players)
        or not all(isinstance(s, dict) and s.get("kind") in SEAT_KINDS for s in seats)
    ):
        raise SaveError("save_damaged", "bad seats")
    return record, game


def summary_of(save_id: str, record: dict[str, Any], game: Game) -> SaveSummary:
    """The saved-games list's line for a readable record."""
    over = game.phase == "over"
    winner = getattr(game, "winner", None)
    return SaveSummary(
        save_id,
        float(record.get("updated", 0)),
        game.variant.id,
        [p.name for p in game.players],
        game.round,
        over,
        kinds=[str(s.get("kind", "human")) for s in record["seats"]],
        to_move="" if over else game.players[game.current].name,
        winner=game.players[winner].name if over and isinstance(winner, int) else "",
    )


class SaveStore:
    """Saved games under one namespace of a :class:`Storage`."""

    def __init__(self, storage: Storage, namespace: str = "") -> None:
        self.storage = storage
        self.prefix = f"{PREFIX}{namespace + ':' if namespace else ''}"
        #: The list's line of each save, with the stored text it was read from: a save is
        #: loaded (its log replayed) again only when its text changed.
        self._summaries: dict[str, tuple[str, SaveSummary]] = {}

    def _key(self, save_id: str) -> str:
        return f"{self.prefix}save:{save_id}"

    def key_of(self, save_id: str) -> str:
        """The storage key of a save (the page watches it for writes from other tabs)."""
        return self._key(save_id)

    def id_of_key(self, key: str) -> str | None:
        """The save id stored under ``key``, if it is a save of this namespace."""
        head = self.prefix + "save:"
        return key[len(head) :] if key.startswith(head) else None

    def new_id(self) -> str:
        """A fresh id, unique among the stored saves."""
        base = format(int(time.time() * 1000), "x")
        existing = set(self.storage.all_keys())
        n = 0
        while self._key(f"{base}{n or ''}") in existing:
            n += 1
        return f"{base}{n or ''}"

    def stored_rev(self, save_id: str) -> int | None:
        """The revision of the stored record, or None when it is missing or unreadable."""
        text = self.storage.get(self._key(save_id))
        if text is None:
            return None
        try:
            rev = bounded_json(text).get("rev", 0)
        except (SaveError, AttributeError):
            return None
        return rev if isinstance(rev, int) and not isinstance(rev, bool) else None

    def save(self, record: dict[str, Any], expect_rev: int | None = None) -> None:
        """Store a record (after every action).

        With ``expect_rev``, the write happens only if the stored record is still at that
        revision (or gone, or unreadable): otherwise :class:`SaveConflict`, and nothing is
        written. Raises :class:`StorageFailure` when the browser refuses the write.
        """
        if expect_rev is not None:
            stored = self.stored_rev(record["id"])
            if stored is not None and stored != expect_rev:
                raise SaveConflict(stored)
        self.storage.set(self._key(record["id"]), json.dumps(record, separators=(",", ":")))

    def load(self, save_id: str) -> tuple[dict[str, Any], Game]:
        """Load one save, or raise :class:`SaveError`."""
        return parse_record(self.storage.get(self._key(save_id)))

    def raw(self, save_id: str) -> str | None:
        """The stored text of a save as it is (damaged ones too, for a bug report)."""
        return self.storage.get(self._key(save_id))

    def delete(self, save_id: str) -> None:
        """Remove one save (and forget it as the current game)."""
        self.storage.remove(self._key(save_id))
        if self.current() == save_id:
            self.storage.remove(self.prefix + "current")

    def restore_raw(self, save_id: str, text: str) -> None:
        """Put back a save's text exactly as it was (undo of a delete)."""
        self.storage.set(self._key(save_id), text)

    def export(self, save_id: str) -> str:
        """The save as the text of a .json file (only readable saves export)."""
        record, _ = self.load(save_id)
        return json.dumps(record, ensure_ascii=False, indent=1)

    def import_text(self, text: str) -> str:
        """Store an imported file (one save or a backup of many); return the id of the
        (last) game it holds, or raise :class:`SaveError`. A game already stored is not
        duplicated: the copy with more progress is kept."""
        data = bounded_json(text, MAX_BACKUP_CHARS)
        if isinstance(data, dict) and data.get("format") == BACKUP_FORMAT:
            ids = self.restore_backup(data)
            if not ids:
                raise SaveError("save_backup_empty")
            return ids[-1]
        if len(text) > MAX_SAVE_CHARS:
            raise SaveError("save_damaged", "too large")
        record, game = record_from_data(data)
        return self._store_imported(record, game)

    def _store_imported(self, record: dict[str, Any], game: Game) -> str:
        same = self._same_game(record)
        if same is not None:
            _, old_game = self.load(same)
            if len(game.log) > len(old_game.log):
                record = dict(record, id=same, rev=self._next_rev(same))
                self.save(record)
            return same
        if self.storage.get(self._key(record["id"])) is not None:
            record = dict(record, id=self.new_id())
        self.save(record)
        return record["id"]

    def _next_rev(self, save_id: str) -> int:
        return (self.stored_rev(save_id) or 0) + 1

    def _same_game(self, record: dict[str, Any]) -> str | None:
        """The id of a stored save of the same game (same id and creation time)."""
        try:
            stored, _ = self.load(record["id"])
        except SaveError:
            return None
        return record["id"] if stored.get("created") == record.get("created") else None

    def backup(self) -> str:
        """Every readable save in one file (the text of a .json)."""
        saves = []
        for s in self.list():
            if not s.damaged:
                saves.append(self.load(s.id)[0])
        return json.dumps(
            {
                "format": BACKUP_FORMAT,
                "version": BACKUP_VERSION,
                "created": time.time(),
                "saves": saves,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def restore_backup(self, data: dict[str, Any]) -> list[str]:
        """Store every sound save of a parsed backup; the ids stored (bad ones skipped)."""
        if data.get("version") != BACKUP_VERSION:
            raise SaveError("save_version", str(data.get("version"))[:40])
        saves = data.get("saves")
        if not isinstance(saves, list):
            raise SaveError("save_damaged", "no saves")
        ids = []
        for item in saves:
            try:
                record, game = record_from_data(item)
            except SaveError:
                continue
            ids.append(self._store_imported(record, game))
        return ids

    def list(self) -> list[SaveSummary]:
        """Every save, newest first; damaged ones are listed with the reason."""
        out = []
        seen: dict[str, tuple[str, SaveSummary]] = {}
        for key in self.storage.all_keys():
            save_id = self.id_of_key(key)
            if save_id is None:
                continue
            text = self.storage.get(key)
            known = self._summaries.get(key)
            if known is not None and text is not None and known[0] == text:
                summary = known[1]
            else:
                summary = self._summary(save_id, text)
            if text is not None:
                seen[key] = (text, summary)
            out.append(summary)
        self._summaries = seen
        out.sort(key=lambda s: (-s.updated, s.id))
        return out

    @staticmethod
    def _summary(save_id: str, text: str | None) -> SaveSummary:
        try:
            record, game = parse_record(text)
        except SaveError as exc:
            return SaveSummary(save_id, damaged=exc.reason)
        return summary_of(save_id, record, game)

    def current_key(self) -> str:
        """The storage key of the pointer to the game being played."""
        return self.prefix + "current"

    def current(self) -> str | None:
        """The id of the game being played, if any."""
        value = self.storage.get(self.current_key())
        return value if isinstance(value, str) and 0 < len(value) <= 64 else None

    def set_current(self, save_id: str | None) -> None:
        """Remember (or forget) the game being played, to resume after a reload."""
        if save_id is None:
            self.storage.remove(self.prefix + "current")
        else:
            self.storage.set(self.prefix + "current", save_id)

    def get_pref(self, name: str, limit: int = 200) -> str | None:
        """A page preference (language...) of at most ``limit`` characters; stored text, so
        check it before use."""
        value = self.storage.get(self.prefix + "pref:" + name)
        return value if isinstance(value, str) and len(value) <= limit else None

    def set_pref(self, name: str, value: str) -> None:
        """Store a page preference (a preference that cannot be stored is not an error)."""
        with contextlib.suppress(StorageFailure):
            self.storage.set(self.prefix + "pref:" + name, value)
