"""The saved-game format (schema ``pywar-game``): writing it compactly, reading it strictly.

Version 2 (written since the compact saves) keeps the setup, the state and the whole log,
and drops what a replay of the log derives (dice statistics, the round timeline). The log
is one string of short tokens, one per action (see :func:`encode_log`), and territories are
lists in board order. Version 1 (the first format: owners by name, the log as a list of
objects) is still read. ``docs/saves.md`` describes both.

Reading refuses anything that is not a sound game, with a :class:`StateError` and never
another exception: the data is bounded (:mod:`pywar.safejson`), every field typed and
ranged, every invariant checked (:mod:`pywar.invariants`), and the log must replay from the
setup to exactly the saved state. The game returned is the replayed one.

>>> from pywar.game import Game
>>> game = Game.new("classic", [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")], seed=7)
>>> _ = game.apply(game.legal_actions()[-1])
>>> data = to_data(game)
>>> data["version"], data["log"]
(2, 'pn7')
>>> from_data(Game, data).to_json() == data
True
"""

from __future__ import annotations

import builtins
import copy
import re
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Any, TypeVar

from .actions import Action
from .errors import IllegalAction, StateError, WarError
from .invariants import problems
from .phase import Phase
from .player import Player
from .rng import Rng
from .safejson import check_bounds
from .variants import get_variant

if TYPE_CHECKING:
    from .board import Board
    from .hooks import GameState

#: A game class: the loader builds the save's variant's class (a subclass of this one).
G = TypeVar("G", bound="GameState")

SCHEMA = "pywar-game"
VERSION = 2
#: Versions :func:`from_data` reads.
READABLE = (1, 2)
#: Log entries a save may hold (a 200-round game of 6 has about 20,000).
MAX_LOG = 500_000
#: Bounds of the numbers of a state.
MAX_ARMIES = 10**9
MAX_ROUND = 10**6
MAX_TURN = 10**7
MAX_COUNT = 10**9
MAX_NAME = 200
MAX_SEATS = 16
MAX_CARDS = 10_000

STATE_KEYS = (
    "schema",
    "version",
    "variant",
    "setup",
    "options",
    "rng",
    "players",
    "owner",
    "armies",
    "deck",
    "discard",
    "trades_done",
    "dealer",
    "first_player",
    "current",
    "phase",
    "round",
    "turn",
    "pools",
    "must_trade",
    "conquered",
    "eliminated_someone",
    "moved",
    "occupy",
    "winner",
    "log",
)
#: Keys of version 1 that a replay derives (read and dropped).
V1_DERIVED = ("dice_stats", "timeline")
PLAYER_KEYS = (
    "name",
    "color",
    "objective",
    "objective_converted",
    "cards",
    "alive",
    "eliminated_by",
)
SETUP_KEYS = ("variant", "players", "seed", "options")
POSITION_KEYS = ("owner", "armies", "current", "hands", "objectives", "round")

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_LETTER_INDEX = {c: i for i, c in enumerate(_LETTERS)}
_ITEM = re.compile(r"\(\d{1,6}\)|[A-Za-z]|\[[\d.]{0,200}\]|\d+|_|\.")
#: Characters of one log token (the longest real ones have about 30).
MAX_TOKEN = 400
_RNG = re.compile(r"[0-9a-f]{16}")


# ---------------------------------------------------------------------------- the log
def _field_kinds(cls: type[Action]) -> tuple[tuple[str, str, Any], ...]:
    """(name, kind, default) of each field: kind ``territory``, ``int`` or ``ints``."""
    cached = cls.__dict__.get("_field_kinds")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    kinds = []
    for f in fields(cls):
        annotation = (
            f.type
            if isinstance(f.type, str)
            else (getattr(f.type, "__name__", None) or str(f.type))
        )
        kind = (
            "ints"
            if annotation.startswith("tuple")
            else "territory"
            if annotation.startswith("str")
            else "int"
            if annotation.startswith("int")
            else ""
        )
        if not kind:
            raise TypeError(f"{cls.type}.{f.name}: no log encoding for {annotation}")
        kinds.append((f.name, kind, f.default if f.default is not MISSING else MISSING))
    result = tuple(kinds)
    cls._field_kinds = result  # type: ignore[attr-defined]
    return result


def _ints(values: Any) -> str:
    if not isinstance(values, (tuple, list)) or not all(type(v) is int and v >= 0 for v in values):
        raise WarError(f"cannot save the numbers {values!r}")
    return ".".join(map(str, values))


def encode_action(action: Action | dict[str, Any], index: dict[str, int]) -> str:
    """One action (object or dict) as a log token: its code letter, then its fields in order.

    A territory is one letter (its board index: A-Z, a-z; ``(60)`` past 52), a number is
    digits (a ``.`` between two numbers), a tuple of numbers ``[4.17]``, a missing value
    ``_``; trailing fields equal to their default are left out.

    >>> from pywar.actions import Attack, Trade
    >>> index = {"brasil": 0, "peru": 27}
    >>> encode_action(Attack("brasil", "peru", 3), index), encode_action(Trade((1, 2, 40)), {})
    ('aAb3', 'T[1.2.40]')
    """
    if isinstance(action, dict):
        cls = Action.registry.get(action.get("type"))  # type: ignore[arg-type]
        if cls is None:
            raise WarError(f"cannot save the action {action!r}")
        kinds = _field_kinds(cls)
        values = [action.get(name) for name, _, _ in kinds]
        values = [tuple(v) if isinstance(v, list) else v for v in values]
    else:
        cls = type(action)
        kinds = _field_kinds(cls)
        values = [getattr(action, name) for name, _, _ in kinds]
    while values and values[-1] == kinds[len(values) - 1][2]:
        values.pop()
    out = [cls.code]
    last_int = False
    for (name, kind, _), value in zip(kinds, values):  # noqa: B905 - values may be shorter
        if value is None:
            out.append("_")
            last_int = False
        elif kind == "territory":
            i = index.get(value) if isinstance(value, str) else None
            if i is None:
                raise WarError(f"cannot save {cls.type}.{name} = {value!r}")
            out.append(_LETTERS[i] if i < len(_LETTERS) else f"({i})")
            last_int = False
        elif kind == "int":
            text = _ints((value,))
            out.append(f".{text}" if last_int else text)
            last_int = True
        else:
            out.append(f"[{_ints(value)}]")
            last_int = False
    return "".join(out)


def encode_log(board: Board, log: list[dict[str, Any]]) -> str:
    """The log as one string: tokens (see :func:`encode_action`) separated by spaces, with
    explicit dice as ``/attack/defence`` and a run of equal tokens as ``token*count``.

    >>> from pywar.board import load_board
    >>> board = load_board("classic")
    >>> log = [{"action": {"type": "place", "territory": "brasil", "count": 3}},
    ...        {"action": {"type": "attack", "source": "brasil", "target": "peru"}},
    ...        {"action": {"type": "attack", "source": "brasil", "target": "peru"}},
    ...        {"action": {"type": "attack", "source": "brasil", "target": "peru", "dice": 2},
    ...         "rolls": [[6, 5], [4]]}]
    >>> encode_log(board, log)
    'pL3 aLK*2 aLK2/6.5/4'
    """
    index = {t: i for i, t in enumerate(board.territories)}
    return _join([_entry_token(entry, index) for entry in log])


def _entry_token(entry: dict[str, Any], index: dict[str, int]) -> str:
    token = encode_action(entry["action"], index)
    rolls = entry.get("rolls")
    if rolls is not None:
        token += f"/{_ints(rolls[0])}/{_ints(rolls[1])}"
    return token


def _join(tokens: list[str]) -> str:
    """Tokens joined by spaces, a run of equal ones written once with ``*count``."""
    out: list[str] = []
    run = 0
    for i, token in enumerate(tokens):
        run += 1
        if i + 1 == len(tokens) or tokens[i + 1] != token:
            out.append(token if run == 1 else f"{token}*{run}")
            run = 0
    return " ".join(out)


def _log_text(game: GameState) -> str:
    """:func:`encode_log` of the game's log, encoding only the entries added since the last
    call (a log only grows; a replaced or shortened log is encoded afresh)."""
    cache = game.__dict__.get("_log_cache")
    if cache is None or cache[0] is not game.log or len(cache[1]) > len(game.log):
        cache = (game.log, [])
        game._log_cache = cache  # type: ignore[attr-defined]
    tokens: list[str] = cache[1]
    if len(tokens) < len(game.log):
        index = {t: i for i, t in enumerate(game.board.territories)}
        tokens.extend(_entry_token(entry, index) for entry in game.log[len(tokens) :])
    return _join(tokens)


def _decode_value(text: str, kind: str, territories: list[str], where: str) -> Any:
    if text == "_":
        return None
    if kind == "territory":
        if text.startswith("("):
            i = int(text[1:-1])
        elif text in _LETTER_INDEX:
            i = _LETTER_INDEX[text]
        else:
            raise StateError(f"saved game is damaged: {where} expects a territory")
        if i >= len(territories):
            raise StateError(f"saved game is damaged: {where} names no territory")
        return territories[i]
    if kind == "int":
        if not text.isdigit() or len(text) > 9:
            raise StateError(f"saved game is damaged: {where} expects a number")
        return int(text)
    if not text.startswith("["):
        raise StateError(f"saved game is damaged: {where} expects a list of numbers")
    inner = text[1:-1]
    parts = inner.split(".") if inner else []
    if not all(p.isdigit() and len(p) <= 9 for p in parts):
        raise StateError(f"saved game is damaged: {where} has a bad list of numbers")
    return tuple(int(p) for p in parts)


def _split_values(body: str) -> list[str]:
    """The value texts of a token's body; a ``.`` only separates two numbers."""
    items = _ITEM.findall(body)
    if "".join(items) != body:
        raise ValueError(body)
    values: list[str] = []
    for i, item in enumerate(items):
        if item == ".":
            if not (
                values and values[-1].isdigit() and i + 1 < len(items) and items[i + 1].isdigit()
            ):
                raise ValueError(body)
        elif item.isdigit() and values and values[-1].isdigit() and items[i - 1] != ".":
            raise ValueError(body)
        else:
            values.append(item)
    return values


def decode_action(token: str, territories: list[str], where: str = "log") -> Action:
    """The action of one token (without dice or count), or :class:`StateError`."""
    cls = Action.by_code.get(token[:1])
    if cls is None:
        raise StateError(f"saved game is damaged: {where} has an unknown action {token[:1]!r}")
    kinds = _field_kinds(cls)
    try:
        texts = _split_values(token[1:])
    except ValueError:
        raise StateError(f"saved game is damaged: {where} is not a valid entry") from None
    if len(texts) > len(kinds):
        raise StateError(f"saved game is damaged: {where} has too many values")
    kwargs = {
        name: _decode_value(text, kind, territories, f"{where} ({cls.type}.{name})")
        for (name, kind, _), text in zip(kinds, texts)  # noqa: B905
    }
    missing = [name for name, _, default in kinds[len(texts) :] if default is MISSING]
    if missing:
        raise StateError(f"saved game is damaged: {where} lacks {', '.join(missing)}")
    return cls(**kwargs)


def decode_log(board: Board, text: str) -> list[tuple[Action, tuple[list[int], list[int]] | None]]:
    """The actions (and explicit dice) of a log written by :func:`encode_log`."""
    if not isinstance(text, str):
        raise StateError("saved game is damaged: the log is not text")
    territories = list(board.territories)
    out: list[tuple[Action, tuple[list[int], list[int]] | None]] = []
    for k, token in enumerate(text.split(" ") if text else []):
        where = f"log token {k + 1}"
        if not 0 < len(token) <= MAX_TOKEN:
            raise StateError(f"saved game is damaged: {where} is empty or too long")
        token, star, count = token.partition("*")
        action_text, *dice = token.split("/")
        action = decode_action(action_text, territories, where)
        rolls = None
        if dice:
            if len(dice) != 2:
                raise StateError(f"saved game is damaged: {where} has bad dice")
            rolls = (_roll_list(dice[0], where), _roll_list(dice[1], where))
        times = 1
        if star:
            if not (count.isdigit() and len(count) <= 7 and int(count) >= 2):
                raise StateError(f"saved game is damaged: {where} has a bad repeat count")
            times = int(count)
        if len(out) + times > MAX_LOG:
            raise StateError(f"saved game is damaged: the log has more than {MAX_LOG} entries")
        out.extend([(action, rolls)] * times)
    return out


def _roll_list(text: str, where: str) -> list[int]:
    parts = text.split(".") if text else []
    if not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise StateError(f"saved game is damaged: {where} has bad dice")
    return [int(p) for p in parts]


# ------------------------------------------------------------------------- writing
def state_data(game: GameState) -> dict[str, Any]:
    """The version-2 state without the log (what a replay of the log must reproduce)."""
    board_order = list(game.board.territories)
    data = {
        "schema": SCHEMA,
        "version": VERSION,
        "variant": game.variant.id,
        "setup": copy.deepcopy(game.setup),
        "options": dict(game.options),
        "rng": game.rng.to_json(),
        "players": [p.to_json() for p in game.players],
        "owner": [game.owner.get(t) for t in board_order],
        "armies": [game.armies.get(t) for t in board_order],
        "deck": list(game.deck),
        "discard": list(game.discard),
        "trades_done": game.trades_done,
        "dealer": game.dealer,
        "first_player": game.first_player,
        "current": game.current,
        "phase": str(game.phase),  # the plain word, as saves always held
        "round": game.round,
        "turn": game.turn,
        "pools": dict(game.pools),
        "must_trade": game.must_trade,
        "conquered": game.conquered,
        "eliminated_someone": game.eliminated_someone,
        "moved": dict(game.moved),
        "occupy": dict(game.occupy) if game.occupy else None,
        "winner": game.winner,
    }
    data.update(game._extra_json())
    return data


def to_data(game: GameState) -> dict[str, Any]:
    """The whole game as version-2 JSON-ready data."""
    data = state_data(game)
    data["log"] = _log_text(game)
    return data


def to_data_v1(game: GameState) -> dict[str, Any]:
    """The game in the version-1 layout (owners by name, the log as objects, the derived
    statistics): what pywar wrote before version 2, for the fuzzer and size comparisons."""
    data = state_data(game)
    data.update(
        {
            "version": 1,
            "owner": dict(game.owner),
            "armies": dict(game.armies),
            "log": copy.deepcopy(game.log),
            "dice_stats": {str(k): list(v) for k, v in sorted(game.dice_stats.items())},
            "timeline": copy.deepcopy(game.timeline),
        }
    )
    return data


# ------------------------------------------------------------------------- reading
class Reader:
    """Typed reads of untrusted save data: each refuses a bad value with a
    :class:`StateError` naming where it is (``players[2].cards[0]``)."""

    @staticmethod
    def fail(where: str, what: str) -> StateError:
        """The error for a bad value at ``where``."""
        return StateError(f"saved game is damaged: {where} {what}")

    def obj(
        self, value: Any, where: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """An object with exactly the ``required`` keys plus any of the ``optional``."""
        if not isinstance(value, dict):
            raise self.fail(where, "is not an object")
        missing = [k for k in required if k not in value]
        if missing:
            raise self.fail(where, f"lacks {', '.join(missing)}")
        extra = sorted(set(value) - set(required) - set(optional))
        if extra:
            raise self.fail(where, f"has unknown keys {extra[:5]}")
        return value

    def mapping(self, value: Any, where: str, max_len: int = 1000) -> dict[str, Any]:
        """Any object of at most ``max_len`` keys."""
        if not isinstance(value, dict) or len(value) > max_len:
            raise self.fail(
                where, "is not an object" if not isinstance(value, dict) else "is too large"
            )
        return value

    def array(self, value: Any, where: str, max_len: int = MAX_CARDS) -> list[Any]:
        """A list of at most ``max_len`` items."""
        if not isinstance(value, list) or len(value) > max_len:
            raise self.fail(
                where, "is not a list" if not isinstance(value, list) else "is too long"
            )
        return value

    def int(self, value: Any, where: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
        """A whole number in ``[lo, hi]`` (never a bool or a float)."""
        if type(value) is not int:
            raise self.fail(where, "is not a whole number")
        if not lo <= value <= hi:
            raise self.fail(where, f"is out of range ({lo} to {hi})")
        return value

    def opt_int(
        self, value: Any, where: builtins.str, lo: builtins.int = 0, hi: builtins.int = MAX_COUNT
    ) -> builtins.int | None:
        """None or :meth:`int`."""
        return None if value is None else self.int(value, where, lo, hi)

    def bool(self, value: Any, where: str) -> bool:
        """true or false."""
        if type(value) is not bool:
            raise self.fail(where, "is not true or false")
        return value

    def str(
        self, value: Any, where: builtins.str, max_len: builtins.int = MAX_NAME, choices: Any = None
    ) -> builtins.str:
        """Text of at most ``max_len`` characters (one of ``choices`` when given)."""
        if not isinstance(value, str) or len(value) > max_len:
            raise self.fail(where, "is not text" if not isinstance(value, str) else "is too long")
        if choices is not None and value not in choices:
            raise self.fail(where, f"is not one of the known values ({value[:40]!r})")
        return value

    def ints(
        self,
        value: Any,
        where: builtins.str,
        lo: builtins.int = 0,
        hi: builtins.int = MAX_COUNT,
        max_len: builtins.int = MAX_CARDS,
    ) -> list[builtins.int]:
        """A list of whole numbers in ``[lo, hi]``."""
        items = self.array(value, where, max_len)
        return [self.int(x, f"{where}[{i}]", lo, hi) for i, x in enumerate(items)]

    def counts(
        self,
        value: Any,
        where: builtins.str,
        keys: Any,
        lo: builtins.int = 0,
        hi: builtins.int = MAX_ARMIES,
    ) -> dict[builtins.str, builtins.int]:
        """An object of numbers whose keys are among ``keys``."""
        items = self.mapping(value, where)
        out = {}
        for k, v in items.items():
            if k not in keys:
                raise self.fail(where, f"names an unknown key {k[:40]!r}")
            out[k] = self.int(v, f"{where}.{k}", lo, hi)
        return out


def from_data(cls: type[G], data: Any) -> G:
    """Rebuild a game from saved data (version 1 or 2), or raise :class:`StateError`.

    Only :class:`StateError` leaves: a refusal of the data says what is wrong; anything
    unforeseen is refused too (with ``unexpected`` set, for the fuzzer to report).
    """
    try:
        return _from_data(cls, data)
    except StateError:
        raise
    except IllegalAction as exc:
        raise StateError(f"saved game refused: {exc}") from None
    except WarError as exc:
        raise StateError(f"saved game refused: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - the last guard: a save never crashes the caller
        error = StateError(f"saved game could not be read ({type(exc).__name__}: {str(exc)[:200]})")
        error.unexpected = True
        raise error from None


def peek(data: Any) -> dict[str, Any]:
    """What a saved-games list shows of a save, read and checked like a whole load but for
    the replay of the log (fast for a long game); :class:`StateError` for a bad save.

    Opening the game (:func:`from_data`) still replays the log and may refuse it then.
    """
    game: GameState
    try:
        game, actions = _read(None, data)
    except StateError:
        raise
    except WarError as exc:
        raise StateError(f"saved game refused: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - as in from_data
        error = StateError(f"saved game could not be read ({type(exc).__name__})")
        error.unexpected = True
        raise error from None
    return {
        "variant": game.variant.id,
        "players": [p.name for p in game.players],
        "round": game.round,
        "phase": str(game.phase),
        "over": game.phase == Phase.OVER,
        "winner": game.winner,
        "actions": len(actions),
        "version": data["version"],
    }


def _read(cls: type[G] | None, data: Any) -> tuple[G, list[Any]]:
    """The saved state as a game (checked: bounds, types, invariants) and the log's
    actions, before any replay."""
    check_bounds(data)
    read = Reader()
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise StateError("not a pywar saved game")
    version = data.get("version")
    if type(version) is not int or version not in READABLE:
        raise StateError(
            f"saved game version {version!r} is not supported "
            f"(this pywar reads versions {', '.join(map(str, READABLE))})"
        )
    variant = get_variant(read.str(data.get("variant"), "variant", 40))
    # The class the save's variant declares, or ``cls`` if that is a subclass of it (as
    # ``Game.class_for``).
    own = variant.resolve("game_class")
    game: G = (cls if cls is not None and issubclass(cls, own) else own)(variant)
    optional = (*V1_DERIVED,) if version == 1 else ()
    read.obj(data, "the save", (*STATE_KEYS, *game.EXTRA_KEYS), optional)
    _read_state(game, data, version, read)
    actions = _read_log(game, data["log"], version, read)
    found = problems(game)
    if found:
        raise StateError("saved game is inconsistent: " + "; ".join(found))
    return game, actions


def _from_data(cls: type[G], data: Any) -> G:
    game, actions = _read(cls, data)
    replayed = _replay(game, actions)
    found = problems(replayed)
    if found:
        raise StateError("saved game is inconsistent after its replay: " + "; ".join(found))
    saved, again = state_data(game), state_data(replayed)
    game._older_save_gaps(saved, again)
    if saved != again:
        differ = [k for k in again if saved.get(k) != again[k]]
        raise StateError(
            "saved game is inconsistent: its log does not lead to the saved "
            f"state ({', '.join(differ)} differ)"
        )
    return replayed


def _read_setup(game: GameState, value: Any, read: Reader) -> dict[str, Any]:
    setup = read.obj(value, "setup", SETUP_KEYS, ("scenario", "objectives_edition"))
    if "objectives_edition" in setup:
        read.int(
            setup["objectives_edition"],
            "setup.objectives_edition",
            1,
            int(game.board.raw.get("objectives_edition", 1)),
        )
    read.str(setup["variant"], "setup.variant", 40, (game.variant.id,))
    seats = read.array(setup["players"], "setup.players", MAX_SEATS)
    for i, seat in enumerate(seats):
        pair = read.array(seat, f"setup.players[{i}]", 2)
        if len(pair) != 2:
            raise read.fail(f"setup.players[{i}]", "is not a name and a colour")
        read.str(pair[0], f"setup.players[{i}][0]")
        read.str(pair[1], f"setup.players[{i}][1]")
    read.int(setup["seed"], "setup.seed", -(2**64) + 1, 2**64 - 1)
    options = read.mapping(setup["options"], "setup.options", 32)
    for k, v in options.items():
        read.bool(v, f"setup.options.{k}")
    if "scenario" in setup:
        _read_position(game, setup["scenario"], read, len(seats))
    return copy.deepcopy(setup)


def _read_position(game: GameState, value: Any, read: Reader, seats: int) -> None:
    board = game.board
    position = read.obj(
        value,
        "setup.scenario",
        ("owner", "armies", "current", "hands", "objectives"),
        ("round", *game.POSITION_EXTRA),
    )
    read.counts(position["owner"], "setup.scenario.owner", board.territories, 0, seats - 1)
    read.counts(position["armies"], "setup.scenario.armies", board.territories, 1, MAX_ARMIES)
    read.int(position["current"], "setup.scenario.current", 0, seats - 1)
    seat_keys = [str(i) for i in range(seats)]
    hands = read.mapping(position["hands"], "setup.scenario.hands", seats)
    for k, cards in hands.items():
        read.str(k, "setup.scenario.hands", 3, seat_keys)
        read.ints(cards, f"setup.scenario.hands.{k}", 0, game._deck_size() - 1)
    objectives = read.mapping(position["objectives"], "setup.scenario.objectives", seats)
    for k, objective in objectives.items():
        read.str(k, "setup.scenario.objectives", 3, seat_keys)
        read.str(objective, f"setup.scenario.objectives.{k}", 80)
    if "round" in position:
        read.int(position["round"], "setup.scenario.round", 1, MAX_ROUND)
    game._read_position_extra(position, read, seats)


def _read_state(game: GameState, data: dict[str, Any], version: int, read: Reader) -> None:

    board = game.board
    game.setup = _read_setup(game, data["setup"], read)
    options = read.mapping(data["options"], "options", 32)
    game.options = {k: read.bool(v, f"options.{k}") for k, v in options.items()}
    rng = read.str(data["rng"], "rng", 16)
    if not _RNG.fullmatch(rng):
        raise read.fail("rng", "is not a random state (16 hexadecimal digits)")
    game.rng = Rng.from_json(rng)
    seats = read.array(data["players"], "players", MAX_SEATS)
    n = len(seats)
    deck_size = game._deck_size()
    for i, raw in enumerate(seats):
        where = f"players[{i}]"
        p = read.obj(raw, where, PLAYER_KEYS)
        player = Player(
            read.str(p["name"], f"{where}.name"), read.str(p["color"], f"{where}.color", 40)
        )
        player.objective = read.str(p["objective"], f"{where}.objective", 80)
        player.objective_converted = read.bool(
            p["objective_converted"], f"{where}.objective_converted"
        )
        player.cards = read.ints(p["cards"], f"{where}.cards", 0, deck_size - 1, deck_size)
        player.alive = read.bool(p["alive"], f"{where}.alive")
        player.eliminated_by = read.opt_int(
            p["eliminated_by"], f"{where}.eliminated_by", 0, MAX_SEATS
        )
        game.players.append(player)
    game.owner, game.armies = _read_territories(board, data, version, read, n)
    game.deck = read.ints(data["deck"], "deck", 0, deck_size - 1, deck_size)
    game.discard = read.ints(data["discard"], "discard", 0, deck_size - 1, deck_size)
    game.trades_done = read.int(data["trades_done"], "trades_done", 0, MAX_COUNT)
    for name in ("dealer", "first_player", "current"):
        setattr(game, name, read.int(data[name], name, 0, max(0, n - 1)))
    game.round = read.int(data["round"], "round", 1, MAX_ROUND)
    game.turn = read.int(data["turn"], "turn", 1, MAX_TURN)
    phase = read.str(data["phase"], "phase", 20, game.PHASES)
    game.phase = game.PHASES[game.PHASES.index(phase)]  # the enum member
    pools = read.mapping(data["pools"], "pools", 200)
    game.pools = {
        read.str(k, "pools", 100): read.int(v, f"pools.{k}", 0, MAX_ARMIES)
        for k, v in pools.items()
    }
    for name in ("must_trade", "conquered", "eliminated_someone"):
        setattr(game, name, read.bool(data[name], name))
    game.moved = read.counts(data["moved"], "moved", board.territories, 0, MAX_ARMIES)
    occupy = data["occupy"]
    if occupy is None:
        game.occupy = None
    else:
        read.obj(occupy, "occupy", ("source", "target", "max"))
        game.occupy = {
            "source": read.str(occupy["source"], "occupy.source", 80, board.territories),
            "target": read.str(occupy["target"], "occupy.target", 80, board.territories),
            "max": read.int(occupy["max"], "occupy.max", 0, 3),
        }
    game.winner = read.opt_int(data["winner"], "winner", 0, max(0, n - 1))
    game._read_extra(data, read)


def _read_territories(
    board: Board, data: dict[str, Any], version: int, read: Reader, seats: int
) -> tuple[dict[str, int], dict[str, int]]:
    top = max(0, seats - 1)
    if version == 1:
        owner = read.counts(data["owner"], "owner", board.territories, 0, top)
        armies = read.counts(data["armies"], "armies", board.territories, 0, MAX_ARMIES)
        return owner, armies
    order = list(board.territories)
    owners = read.array(data["owner"], "owner", len(order))
    armies_list = read.array(data["armies"], "armies", len(order))
    if len(owners) != len(order) or len(armies_list) != len(order):
        raise read.fail("owner", f"must list the {len(order)} territories of the board")
    owner = {}
    armies = {}
    for i, t in enumerate(order):
        who, count = owners[i], armies_list[i]
        if (who is None) != (count is None):
            raise read.fail(f"owner[{i}]", "and its armies disagree on whether it is held")
        if who is not None:
            owner[t] = read.int(who, f"owner[{i}]", 0, top)
            armies[t] = read.int(count, f"armies[{i}]", 0, MAX_ARMIES)
    return owner, armies


def _read_log(
    game: GameState, value: Any, version: int, read: Reader
) -> list[tuple[Action, tuple[list[int], list[int]] | None]]:
    if version >= 2:
        return decode_log(game.board, read.str(value, "log", 50_000_000))
    entries = read.array(value, "log", MAX_LOG)
    out = []
    for k, raw in enumerate(entries):
        where = f"log[{k}]"
        entry = read.obj(raw, where, ("action",), ("turn", "rolls"))
        try:
            action = Action.from_dict(entry["action"])
        except IllegalAction as exc:
            raise read.fail(where, f"is not an action ({exc.message})") from None
        if "turn" in entry:
            read.int(entry["turn"], f"{where}.turn", 1, MAX_TURN)
        rolls = None
        if entry.get("rolls") is not None:
            pair = read.array(entry["rolls"], f"{where}.rolls", 2)
            if len(pair) != 2:
                raise read.fail(f"{where}.rolls", "are not the attacker's and defender's dice")
            rolls = (
                read.ints(pair[0], f"{where}.rolls[0]", 0, 99, 3),
                read.ints(pair[1], f"{where}.rolls[1]", 0, 99, 3),
            )
        out.append((action, rolls))
    return out


def _replay(game: G, actions: list[tuple[Action, tuple[list[int], list[int]] | None]]) -> G:
    """The game replayed from its setup through every action, or :class:`StateError`."""
    try:
        again = type(game).replay(game.setup, [])
    except WarError as exc:
        raise StateError(f"saved game refused: its setup is not valid ({exc})") from None
    for k, (action, rolls) in enumerate(actions):
        try:
            again.apply(action, rolls=rolls)
        except IllegalAction as exc:
            raise StateError(
                f"saved game is inconsistent: its log does not replay (entry "
                f"{k + 1}, {action.type}: {exc.message})"
            ) from None
    return again
