"""The WAR II page module: its setup, air attacks, bombers, Strategic Centres, airlift, its
cards and the Information Centres, played by tap and click.

Registered for the ``war2`` variant (``__init__.py``); the shared page asks it first and
falls back to the classic controls (ground attacks, the conquest move, ordinary regroups)
where this module returns ``None``. It uses the view model only through
:class:`variant_ui.PageApp`. Every action offered is checked with the engine first
(:meth:`Game.is_legal`), so illegal ones are simply not offered; a refusal after a tap is
explained in words (``rule_*`` texts in ``texts.py``). Private parts of events (cards
drawn, spied, captured) are never put in words: they appear only in the box of the seat
that saw them, after that player reveals it.
"""

from __future__ import annotations

from variants.war2.air import War2Air
from variants.war2.board import War2Board
from variants.war2.cards import War2Cards
from variants.war2.centres import War2Centres
from variants.war2.controls import War2Controls
from variants.war2.intents import War2Intents
from variants.war2.rules import RULES
from variants.war2.words import War2Words


class War2UI(War2Intents, War2Controls, War2Air, War2Centres, War2Cards, War2Board, War2Words):
    """WAR II's phases and controls (see pywar/variants/war2/)."""

    rules = RULES
