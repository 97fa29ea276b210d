"""Batalhas Mitológicas's page part: it plays like classic WAR; its rules help says what differs."""

from __future__ import annotations

from variant_ui import VariantUI, register
from variants.mitologicas.rules import ELIMINATION, INTRO


class MitologicasUI(VariantUI):
    """Batalhas Mitológicas: the shared turn, its own rules help."""

    rules_intro = INTRO
    rules_replaced = ELIMINATION


register("mitologicas", MitologicasUI())
