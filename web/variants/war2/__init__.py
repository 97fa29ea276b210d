"""WAR II's page part: its phases, air attacks, bombers, Strategic Centres, airlift, cards
and Information Centres (``view.py``), its words (``texts.py``) and rules help (``rules.py``)."""

from __future__ import annotations

from variant_ui import register
from variants.war2.view import War2UI

register("war2", War2UI())
