"""Old address of WAR II's rules, kept for the modules that still import it from here
(``pywar.ai``, ``web/war2_view.py``): WAR II lives in ``pywar/variants/war2/``.

Remove once those import from :mod:`pywar.variants.war2` 's modules (see
``docs/architecture.md``).
"""

from __future__ import annotations

from ..variants.war2.actions import *  # noqa: F403
from ..variants.war2.air import *  # noqa: F403
from ..variants.war2.base import *  # noqa: F403
from ..variants.war2.bot import *  # noqa: F403
from ..variants.war2.data import *  # noqa: F403
from ..variants.war2.data import describe, war2_rules  # noqa: F401
from ..variants.war2.intel import *  # noqa: F403
from ..variants.war2.rules import *  # noqa: F403
