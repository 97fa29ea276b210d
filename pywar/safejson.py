"""JSON from untrusted places (saves, imported files) read within bounds.

Sizes, nesting depth and number magnitudes are checked *before* and while parsing, so a
damaged or hostile text never reaches Python's recursion limit, builds a huge integer or
returns ``NaN``: it is refused with a :class:`~pywar.errors.StateError`.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[" * 5000 + "]" * 5000)
Traceback (most recent call last):
...
pywar.errors.StateError: not a saved game: the JSON nests deeper than 32 levels
>>> loads("1" + "0" * 400)
Traceback (most recent call last):
...
pywar.errors.StateError: not a saved game: a number has more than 19 digits
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import StateError

#: Characters of a save text (a long game's compact save is well under 1 MB).
MAX_CHARS = 4_000_000
#: Nesting levels of arrays and objects (a save uses fewer than 10).
MAX_DEPTH = 32
#: Containers and values in all (a version-1 save of a 200-round game has about 400,000).
MAX_NODES = 2_000_000
#: Digits of an integer: every number of a save fits in 64 bits.
MAX_DIGITS = 19

#: A JSON string (an unterminated one is left: its text is damaged anyway).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_DEPTH = str.maketrans({"[": "\x01", "{": "\x01", "]": "\x02", "}": "\x02"})


class _Refused(Exception):
    """Raised inside the parser's hooks; turned into a StateError by :func:`loads`."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number a save may hold")


def _parse_float_refused(_text: str) -> float:
    raise _Refused("a number with a fraction or exponent where whole numbers are expected")


def _parse_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text[:20]} is out of range")
    return value


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in a JSON text (brackets inside strings ignored).

    >>> nesting_depth('{"a": [[1]], "b": "[[[["}')
    3
    """
    marks = _STRING.sub("", text).translate(_DEPTH)
    steps = (1 if c == "\x01" else -1 for c in marks if c in "\x01\x02")
    return max(accumulate(steps, initial=0))


def _is_text(value: str) -> bool:
    """Whether a string is real text (no lone UTF-16 surrogates, which no page can store)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def loads(
    text: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH, floats: bool = False
) -> Any:
    """Parse a JSON text within the bounds, or raise :class:`StateError`.

    ``floats``: accept numbers with a fraction or exponent (finite ones only); by default
    only whole numbers are, as in a saved game.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise StateError("not a saved game: the text is not UTF-8") from None
    if not isinstance(text, str):
        raise StateError(f"not a saved game: expected text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise StateError(
            f"not a saved game: {len(text)} characters is more than the {max_chars} a save may have"
        )
    if nesting_depth(text) > max_depth:
        raise StateError(f"not a saved game: the JSON nests deeper than {max_depth} levels")
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
            parse_float=_parse_float if floats else _parse_float_refused,
        )
    except _Refused as exc:
        raise StateError(f"not a saved game: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise StateError(f"not a saved game: the JSON is damaged ({exc})") from None
    check_bounds(data, max_depth=max_depth, floats=floats)
    return data


def check_bounds(
    data: Any, *, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES, floats: bool = False
) -> None:
    """Check already-parsed data (e.g. part of a larger record) against the same bounds:
    nesting, size, integers of at most 64 bits, no floats unless allowed, string keys."""
    stack: list[tuple[Any, int, Any]] = [(data, 1, None)]
    nodes = 0
    limit = 1 << 64
    while stack:
        value, depth, key = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise StateError(f"not a saved game: more than {max_nodes} values")
        if isinstance(value, dict):
            if depth > max_depth:
                raise StateError(f"not a saved game: the data nests deeper than {max_depth} levels")
            for k, item in value.items():
                if not isinstance(k, str) or not _is_text(k):
                    raise StateError("not a saved game: an object key is not text")
                stack.append((item, depth + 1, k))
        elif isinstance(value, (list, tuple)):
            if depth > max_depth:
                raise StateError(f"not a saved game: the data nests deeper than {max_depth} levels")
            stack.extend((item, depth + 1, key) for item in value)
        elif isinstance(value, str):
            if not _is_text(value):
                raise StateError(f"not a saved game: a text holds a broken character{_at(key)}")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -limit < value < limit:
                raise StateError(f"not a saved game: a number is out of range{_at(key)}")
        elif isinstance(value, float):
            if not floats or value != value or value in (float("inf"), float("-inf")):
                raise StateError(
                    "not a saved game: a number with a fraction where whole "
                    f"numbers are expected{_at(key)}"
                )
        else:
            raise StateError(f"not a saved game: a {type(value).__name__} is not JSON data")


def _at(key: Any) -> str:
    return f" (at {key[:40]!r})" if isinstance(key, str) else ""
