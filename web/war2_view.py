"""The WAR II page module: air attacks, bombers, strategic centres, airlift, its cards.

Registered in :data:`variant_ui.VARIANT_UI` for the ``war2`` variant.
"""

from __future__ import annotations

from variant_ui import VARIANT_UI, VariantUI


class War2UI(VariantUI):
    """WAR II's phases and controls (see pywar/war2.py)."""


VARIANT_UI["war2"] = War2UI()
