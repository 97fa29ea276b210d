"""The registry of the games of the WAR family: one folder per variant, found by itself.

Each variant lives in ``pywar/variants/<id>/``: its :class:`Variant` declaration (``VARIANT``
in the folder's ``__init__.py``), its board (``board.json``) and, when its rules extend the
engine's, its game class (WAR II: ``rules.py``). Shared code never names a variant: what
differs is a :class:`Variant` field or a hook of the game class (see ``docs/architecture.md``).

Every folder of this package with an ``__init__.py`` is a variant: the registry imports it
and registers its ``VARIANT`` (in ``Variant.order``, then by id). Adding a board is adding
its folder. The registry never imports a variant's rules module: ``Variant.game_class`` is a
``"module:Class"`` string resolved when a game is built.

>>> list(VARIANTS) == [v.id for v in VARIANTS.values()]
True
>>> get_variant("nope")
Traceback (most recent call last):
...
pywar.errors.WarError: unknown variant 'nope'; known: brasil, classic, mitologicas, war2
"""

from __future__ import annotations

import importlib
from pathlib import Path

from ..errors import WarError
from .spec import Variant

__all__ = ["DEFAULT_VARIANT", "VARIANTS", "Variant", "get_variant", "register"]

#: Every registered variant by id, in registration order: the order the page lists them.
VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Add ``variant`` to the registry (an id is registered once) and return it."""
    if variant.id in VARIANTS:
        raise WarError(f"variant {variant.id!r} is already registered")
    VARIANTS[variant.id] = variant
    return variant


def get_variant(variant_id: str) -> Variant:
    """Look a variant up by id, with a clear error for unknown ones.

    >>> get_variant(next(iter(VARIANTS))).min_players
    3
    """
    try:
        return VARIANTS[variant_id]
    except KeyError:
        raise WarError(
            f"unknown variant {variant_id!r}; known: {', '.join(sorted(VARIANTS))}"
        ) from None


def _discover() -> list[Variant]:
    """The ``VARIANT`` of every folder of this package, in the page's order."""
    found = []
    for folder in sorted(Path(__file__).parent.iterdir()):
        if not (folder / "__init__.py").is_file():
            continue
        variant = importlib.import_module(f"{__name__}.{folder.name}").VARIANT
        if not isinstance(variant, Variant) or variant.id != folder.name:
            raise WarError(f"pywar/variants/{folder.name}/ must declare VARIANT with that id")
        found.append(variant)
    return sorted(found, key=lambda v: (v.order, v.id))


for _variant in _discover():
    register(_variant)
del _variant

#: The variant tools play when none is named: the first registered, the engine's own rules.
DEFAULT_VARIANT: str = next(iter(VARIANTS))
