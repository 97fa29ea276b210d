"""Old address of WAR II's rules, kept for the modules that still import it from here
(``pywar.ai``, ``web/war2_view.py``): the rules live in ``pywar/variants/war2/rules.py``.

Remove once those import :mod:`pywar.variants.war2.rules` (see ``docs/architecture.md``).
"""

from __future__ import annotations

from ..variants.war2.rules import *  # noqa: F403
from ..variants.war2.rules import describe, war2_rules  # noqa: F401
