"""The rules screen of the board in play (or chosen)."""

from __future__ import annotations

from nodes import Node, h
from rules_help import rules_for
from screens.common import PageBase


class RulesScreen(PageBase):
    """The rules screen of the board in play (or chosen) (a mixin of :class:`viewmodel.App`)."""

    def _rules_screen(self) -> Node:
        variant = self.game.variant.id if self.game else self.form["variant"]
        sections = []
        for heading, paragraphs in rules_for(variant, self.lang):
            sections.append(h("h3", {}, heading))
            sections.extend(h("p", {}, para) for para in paragraphs)
        return h(
            "section",
            {"class": "screen rules", "aria-labelledby": "rules-title"},
            h("h2", {"id": "rules-title"}, self.tr("rules_title")),
            sections,
        )
