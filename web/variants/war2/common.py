"""What every part of WAR II's page uses: the turn's selections, acting, count pickers."""

from __future__ import annotations

from typing import Any

from pywar.actions import Action
from pywar.variants.war2.base import CARD_PHASES
from pywar.variants.war2.rules import War2Game

import variants.war2.texts  # noqa: F401 - WAR II's words, merged into the catalogue
from nodes import Node, button, h
from screens.counts import count_picker
from variant_ui import PageApp, VariantUI

#: Air rounds shown with their dice (the latest last).
AIR_ROUNDS_SHOWN = 4


# ------------------------------------------------------------------------------ helpers
def _game(app: PageApp) -> War2Game:
    g = app.game
    assert isinstance(g, War2Game)
    return g


def _state(app: PageApp) -> dict[str, Any]:
    """This page's WAR II selections, for the turn in progress (fresh each turn)."""
    g = _game(app)
    key = (id(g), (app.record or {}).get("id"), g.turn, g.current)
    st = app.variant_state
    if st.get("key") != key:
        st.clear()
        st.update(
            {
                "key": key,
                "mode": None,
                "picked": [],
                "pair_first": None,
                "target": None,
                "bombers": None,
                "src": None,
                "dst": None,
                "count": None,
                "ci": None,
                "air": None,
                "air_at": -1,
            }
        )
    _sane(g, st)
    return st


def _sane(g: War2Game, st: dict[str, Any]) -> None:
    """Drop selections the game has moved past (a phase ended, a card was used)."""
    hand = g.players[g.current].cards
    st["picked"] = [c for c in st["picked"] if c in hand]
    mode = st["mode"]
    allowed = {
        "air": g.phase == "attack" and g.bombers[g.current] > 0,
        "airlift": g.phase == "regroup",
        "ci_move": g.phase == "regroup" and st["ci"] in g.ci_held_by(g.current),
        "spy": g.phase in ("attack", "regroup") and g.can_spy(),  # where it is offered
        "ci_place": g.phase in CARD_PHASES
        and bool(g.ci)
        and g.ci[str(g.current)]["territory"] is None,
    }
    if mode is not None and not allowed.get(mode, False):
        _reset(st)


def spy_choices(app: PageApp, cls: str) -> list[Node]:
    """What spying is, and a button for each opponent left (the Information Centres'
    section, and the spy mode opened beside the turn's end)."""
    g = _game(app)
    return [
        h("p", {"class": "hint"}, app.tr("w2_spy_hint")),
        h(
            "div",
            {"class": "btn-row"},
            [
                button(app.tr("w2_spy", name=app.name(p)), "w2-spy", str(p), cls=cls)
                for p, pl in enumerate(g.players)
                if p != g.current and pl.alive
            ],
        ),
    ]


def _reset(st: dict[str, Any]) -> None:
    st.update(mode=None, target=None, bombers=None, src=None, dst=None, count=None, ci=None)


def _human_turn(app: PageApp) -> bool:
    g = app.game
    return (
        g is not None
        and app.screen == "play"
        and app.curtain is None
        and not app.is_bot(g.current)
        and g.phase != "over"
    )


def _count_picker(app: PageApp, action: str, top: int, chosen: int) -> Node:
    """Buttons 1..top, or the stepper when there are many (as the regroup's)."""
    return count_picker(app.tr, action, top, chosen, app.tr("w2_count_label"))


def _number(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


class War2Base(VariantUI):
    """The base of WAR II's page parts: acting for the person to play."""

    # ------------------------------------------------------------------ acting
    def _act(self, app: PageApp, action: Action) -> list[dict[str, Any]]:
        """Apply one action for the person to play, as the shared page does, keeping the
        air attack's dice for the panel."""
        g = _game(app)
        before = g.current
        st = _state(app)
        events = g.apply(action)
        air = st["air"]
        for e in events:
            if e["type"] == "air_attack":
                air = {
                    "target": e["target"],
                    "defender": e["defender"],
                    "launched": e["bombers"],
                    "rounds": [],
                    "end": None,
                }
                app.battle = None  # the ground battle's dice are no longer the latest
            elif e["type"] == "air_round" and air is not None:
                air["rounds"].append(e)
            elif e["type"] == "air_end" and air is not None:
                air["end"] = e
        if any(e["type"] in ("air_attack", "air_round", "air_end") for e in events):
            st["air"], st["air_at"] = air, len(g.log)
        app.after_action(events, before)
        return events

    def _ready(self, app: PageApp) -> bool:
        return app.game is not None and _human_turn(app)
