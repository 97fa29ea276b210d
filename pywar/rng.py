"""A small deterministic random generator whose whole state is one JSON-safe string.

PCG32 (O'Neill 2014): the same numbers under CPython and Pyodide, and a state that
survives a save (``random.Random`` would need 625 integers).

>>> r = Rng(42)
>>> [r.die() for _ in range(5)]
[3, 6, 4, 4, 4]
>>> Rng.from_json(r.to_json()).die() == r.die()
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

_MULT = 6364136223846793005
_INC = 1442695040888963407
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


class Rng:
    """PCG32 generator: dice, integers below a bound and shuffles."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + _INC) & _MASK64

    def next32(self) -> int:
        """Return the next 32-bit unsigned integer."""
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)`` (no modulo bias)."""
        if n <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            r = self.next32()
            if r < limit:
                return r % n

    def die(self) -> int:
        """Roll one six-sided die."""
        return self.below(6) + 1

    def dice(self, n: int) -> list[int]:
        """Roll ``n`` dice, highest first."""
        rolled = [self.below(6) + 1 for _ in range(n)]
        rolled.sort(reverse=True)
        return rolled

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> str:
        """The state as a hex string (JSON numbers can't hold 64 bits in JavaScript)."""
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, text: str) -> Rng:
        """Rebuild a generator from :meth:`to_json`."""
        rng = cls.__new__(cls)
        try:
            rng.state = int(text, 16) & _MASK64
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bad random state {text!r}") from exc
        return rng
