"""War Brasil's page part: it plays like classic WAR; its rules help says what differs."""

from __future__ import annotations

from variant_ui import VariantUI, register
from variants.brasil.rules import ELIMINATION, INTRO


class BrasilUI(VariantUI):
    """War Brasil: the shared turn, its own rules help."""

    rules_intro = INTRO
    rules_replaced = ELIMINATION


register("brasil", BrasilUI())
