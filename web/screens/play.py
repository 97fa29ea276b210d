"""The game screen: taps and intents of a turn, the panel, the curtain, the winner."""

from __future__ import annotations

from typing import Any

from pywar.actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from pywar.game import Game

from icons import icon
from nodes import Node, button, h
from screens.common import PageBase
from screens.counts import step_count
from screens.placement import AMOUNTS


class PlayScreen(PageBase):
    """The game screen (a mixin of :class:`viewmodel.App`)."""

    # the curtain and secrets
    def on_curtain_open(self, _a: str | None, _v: str | None) -> None:
        if self.curtain is not None:
            self.last_human = self.curtain
        self.curtain = None

    def turn_end_undoable(self) -> bool:
        """Whether the curtain may offer the person who just placed the army that ended
        their first-round turn to take it back (the next person has not opened it)."""
        g = self.game
        return (
            g is not None
            and self.curtain is not None
            and self.last_human is not None
            and self.turn_passed_by == self.last_human  # not a computer's turn in between
            and not self.is_bot(self.last_human)
            and g.can_undo_turn_end()
        )

    def on_undo_turn_end(self, _a: str | None, _v: str | None) -> None:
        g = self.game
        if g is None or not self.turn_end_undoable():
            return
        self.turn_passed_by = None
        self._undo()
        self.last_human = g.current
        # the curtain stays, now for the one who placed it: the next person, who has the
        # device, could take Ana's turn back and tap "Show" on her objective
        self.curtain = g.current
        self.request_focus("action", "curtain-open")  # (the button pressed is gone)

    def on_reveal(self, _a: str | None, _v: str | None) -> None:
        # never under the curtain: the person behind it has not said who they are yet
        if self.game and not self.is_bot(self.game.current) and self.curtain is None:
            self.revealed = True
            self.request_focus("action", "hide")  # the toggle keeps the keyboard

    def on_hide(self, _a: str | None, _v: str | None) -> None:
        self.revealed = False
        self.picked = []
        self.request_focus("action", "reveal")

    # play
    def on_amount(self, arg: str | None, _v: str | None) -> None:
        if arg in AMOUNTS:
            self.amount = arg

    def on_territory(self, arg: str | None, _v: str | None) -> None:
        g = self.game
        if g is None or arg not in g.board.territories or self.screen != "play":
            return
        if self.curtain is not None or self.is_bot(g.current):
            return
        ext = self.extension()
        if ext is not None and ext.on_territory_tap(self, arg):
            return
        me = g.current
        mine = g.owner[arg] == me
        if g.must_trade:
            self.message = (
                "error",
                self.tr(
                    "rule_forced_trade_final" if g.phase == "final_trade" else "rule_forced_trade"
                ),
            )
        elif g.pending_armies:
            if not mine:  # whose it is, and where to place instead
                self.message = (
                    "error",
                    self.tr("place_not_yours", owner=self.name(g.owner[arg]))
                    if arg in g.owner
                    else self.tr("rule_not_your_territory"),
                )
                return
            available = g.available_for(arg)
            count = available if self.amount == "all" else min(int(self.amount), available)
            self._act(Place(arg, max(count, 1)))
            if g.pending_armies and g.current == me:  # what is left, after what was placed
                self.say(self.tr("to_place", n=g.pending_armies) + ".")
        elif g.phase == "attack":
            if mine:
                if g.armies[arg] < 2 and self.source is not None and arg != self.source:
                    # a source chosen: its own neighbour of 1 is no target, and no new source
                    # (the source was dropped with a word on the occupying army)
                    self.message = (
                        "info",
                        self.tr("attack_own_with_source", source=self.place(self.source)),
                    )
                elif g.armies[arg] < 2:
                    self.message = ("error", self.tr("attack_one_army", territory=self.place(arg)))
                    self.source = self.target = None
                else:
                    self.source = None if self.source == arg else arg
                    self.target = None
                    self.dice_choice = None
            elif self.source is None:
                self.message = ("info", self.tr("pick_source_first"))
            elif arg not in g.board.neighbors[self.source]:
                self.message = ("error", self._not_adjacent(self.source, arg))
            else:
                self.target = arg
        elif g.phase == "regroup":
            if not mine:
                self.message = ("error", self.tr("rule_not_your_territory"))
            elif self.source and arg in g.board.neighbors[self.source] and arg != self.source:
                self.target = arg
                self.move_count = g.movable_from(self.source)
            elif g.movable_from(arg) > 0:
                self.source = None if self.source == arg else arg
                self.target = None
            else:
                self.message = ("error", self.tr("nothing_to_move"))

    def _not_adjacent(self, source: str, target: str) -> str:
        """Why ``target`` cannot be attacked from ``source``, and what can be (a board's
        neighbours are not always the shapes that touch: "only a neighbouring territory"
        read as wrong where two shapes met on the map)."""
        g = self.game
        assert g is not None
        enemies = sorted(
            (n for n in g.board.neighbors[source] if g.owner[n] != g.current),
            key=lambda n: self.tname(n),
        )
        words = {"target": self.place(target), "source": self.place(source)}
        if not enemies:
            return self.tr("attack_not_adjacent_none", **words)
        names = self.names_list([str(self.place(n)) for n in enemies])
        return self.tr("attack_not_adjacent", targets=names, **words)

    def tap_refused(self, territory: str) -> bool:
        """Whether a tap on ``territory`` now could only be refused (someone else's
        territory while placing, a territory of 1 army as an attack's source...): a close
        call between territories leaves it out of the chooser."""
        g = self.game
        if g is None or territory not in g.board.territories:
            return True
        ext = self.extension()
        said = ext.tap_refused(self, territory) if ext is not None else None
        if said is not None:
            return said
        if territory not in g.owner or g.must_trade:
            return False  # nothing to tell apart: the tap is answered as it comes
        mine = g.owner[territory] == g.current
        if g.pending_armies:
            return not mine or not g.available_for(territory)
        if g.phase == "attack":
            if mine:
                return g.armies[territory] < 2
            return self.source is None or territory not in g.board.neighbors[self.source]
        if g.phase == "regroup":
            if not mine:
                return True
            into = self.source is not None and territory in g.board.neighbors[self.source]
            return not into and g.movable_from(territory) == 0
        return False

    def on_dice(self, arg: str | None, _v: str | None) -> None:
        if arg and arg.isdigit():
            self.dice_choice = int(arg)

    def on_attack(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.source and self.target:
            self.blitz_report = None
            top = self.game.attack_dice_max(self.source)
            dice = min(self.dice_choice or top, top) if top else None
            self._act(Attack(self.source, self.target, dice))

    def on_cancel(self, _a: str | None, _v: str | None) -> None:
        self.clear_selection()

    def on_end_attack(self, _a: str | None, _v: str | None) -> None:
        self._act(EndAttack())

    def on_end_turn(self, _a: str | None, _v: str | None) -> None:
        self._act(EndTurn())

    def on_occupy(self, arg: str | None, _v: str | None) -> None:
        if arg and arg.isdigit():
            self._act(Occupy(int(arg)))

    def on_move_count(self, arg: str | None, _v: str | None) -> None:
        g = self.game
        if g is None or self.source is None:
            return
        top = g.movable_from(self.source)
        n = step_count(arg, min(self.move_count or top, top), top)
        if n is not None:
            self.move_count = n
            self.say(self.whole(n))

    def on_regroup(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.source and self.target:
            self._act(Regroup(self.source, self.target, self.move_count or 1))

    def on_card(self, arg: str | None, _v: str | None) -> None:
        if not (self.revealed and arg and arg.isdigit()):
            return
        card = int(arg)
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < 3:
            self.picked.append(card)
            if len(self.picked) == 3:  # the Trade button, under the cards: into sight
                self.bring_into_sight('.secrets [data-action="trade"]')

    def on_pick_set(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.revealed and self.game.trade_allowed():
            self.picked = self.suggested_set()
            if self.picked:
                self.request_focus("action", "trade")  # the next key trades them

    def on_trade(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.revealed and len(self.picked) == 3:
            self._act(Trade(tuple(sorted(self.picked))))

    def on_undo(self, _a: str | None, _v: str | None) -> None:
        g = self.game
        if g is None or self.is_bot(g.current) or not g.can_undo():
            return
        self._undo()

    def _undo(self) -> None:
        """Take the last action back (its check done), say so and save."""
        g = self.game
        assert g is not None
        g.undo()
        self.blitz = self.blitz_report = None
        self.clear_selection()
        undone = self.tr("ev_undo", name=self.name(g.current))
        self.log.append(undone)
        self.say(undone)  # a screen reader heard the move: now it hears it taken back
        self._save()

    # ------------------------------------------------------------------- acts
    def _act(self, action: Action) -> list[dict[str, Any]]:
        g = self.game
        assert g is not None
        before = g.current
        events = g.apply(action)
        self.after_action(events, before)
        return events

    def after_action(self, events: list[dict[str, Any]], before: int) -> None:
        g = self.game
        assert g is not None and self.record is not None
        self._note_events(events)
        self.turn_passed_by = before if g.current != before else None
        self.remember_turns(g, events, before)
        for e in events:
            if e["type"] == "battle":
                self.battle = e
            elif (
                e["type"] == "eliminated" and not self.is_bot(e["player"]) and self.is_bot(e["by"])
            ):
                # a person a computer knocked out learns it now, not from the history
                self.message = (
                    "info",
                    self.tr("ev_eliminated", name=self.name(e["player"]), by=self.name(e["by"])),
                )
        if g.phase == "over":
            self.screen = "over"
        if g.current != before or g.phase == "over":
            self.clear_selection()
            self.revealed = False
            self.battle = None if g.current != before else self.battle
            self.blitz_report = None if g.current != before else self.blitz_report
            self.amount = "1"
        else:
            if self.source and (
                g.owner[self.source] != g.current
                or (g.phase == "attack" and g.armies[self.source] < 2)
                or (g.phase == "regroup" and not g.movable_from(self.source))
            ):
                self.source = self.target = None
            if self.target and g.owner.get(self.target) == g.current and g.phase == "attack":
                self.target = None
            if self.target and g.owner.get(self.target) != g.current and g.phase == "regroup":
                # an attack's pair left chosen when the attacks end: no move into an enemy
                self.source = self.target = None
            if g.phase not in ("attack", "regroup"):
                self.source = self.target = None
            self.picked = [c for c in self.picked if c in g.players[g.current].cards]
        if g.phase not in ("attack", "occupy"):
            self.blitz_report = None  # "it stopped because..." belongs to the attack
        self._save()
        if g.current != before:
            self._maybe_curtain()

    def remember_turns(self, g: Game, events: list[dict[str, Any]], before: int) -> None:
        """After a move of seat ``before`` (played here, or replayed as a game opens): what
        each person held as their turn ended, and what was taken from them and who was
        knocked out since, for the start of their next turn (see :meth:`_losses_note`)."""
        for e in events:
            if e["type"] == "conquest" and e["defender"] in self.held_at_turn_end:
                self.taken_by.setdefault(e["defender"], {}).setdefault(e["territory"], e["player"])
            elif e["type"] == "eliminated":
                for seat in self.humans():  # each person's next turn says it
                    if seat != e["player"]:
                        self.knocked_out.setdefault(seat, []).append((e["player"], e["by"]))
        if g.current != before and not self.is_bot(before):
            self.held_at_turn_end[before] = g.territories_of(before)
            self.taken_by[before] = {}
            self.knocked_out[before] = []

    def forget_turns(self) -> None:
        """Nothing known of what the people held and lost (see :meth:`remember_turns`)."""
        self.held_at_turn_end, self.taken_by, self.knocked_out = {}, {}, {}

    def _forget_last_game(self) -> None:
        """What the page held of the game it showed before (its bots, blitz, selection,
        the people's turns and losses, the amount a tap places): a game opened or started
        begins with none of it."""
        self.conflict = False
        self.bots = {}
        self.thinking = None
        self.clear_selection()
        self.battle = None
        self.blitz = self.blitz_report = None
        self.forget_turns()
        self.amount = "1"
        self.last_human = None
        self.turn_passed_by = None
        self.curtain = None  # the last game's: its next person is not this game's
        self.revealed = False
        self.whole_map += 1  # the last game's zoom is not this one's

    def _maybe_curtain(self) -> None:
        g = self.game
        if g is None or g.phase == "over" or self.is_bot(g.current):
            return
        # Every change of person passes behind the curtain, WAR II's choice of territories
        # included: each chooser's objective and cards are theirs alone.
        if len(self.humans()) > 1 and self.last_human != g.current:
            self.curtain = g.current
        else:
            self.last_human = g.current

    # curtain
    def _curtain(self) -> Node:
        assert self.curtain is not None
        name = self.name(self.curtain)
        return h(
            "div",
            {
                "class": "curtain-box",
                # not modal: the top bar (rules, history, the language) stays in use
                "role": "dialog",
                "aria-labelledby": "curtain-title",
            },
            h(
                "p",
                {"class": "curtain-text", "id": "curtain-title"},
                self.tr("curtain_pass", name=name),
            ),
            h("p", {"class": "hint"}, self.tr("curtain_hint")),
            button(self.tr("curtain_ready", name=name), "curtain-open", cls="btn primary big"),
            # a mis-tapped last army of the first round passed the turn at once
            button(
                self.tr("curtain_undo", name=self.name(self.last_human)),
                "undo-turn-end",
                cls="btn small curtain-undo",
            )
            if self.turn_end_undoable()
            else None,
        )

    # the game panel
    def _turn_header(self) -> Node:
        g = self.game
        assert g is not None
        seat = g.players[g.current]
        return h(
            "h2",  # the panel's heading: whose turn, the round and the phase
            {"class": "turn"},
            h("span", {"class": f"swatch c-{seat.color}", "aria-hidden": "true"}),
            h("span", {"class": "turn-name"}, seat.name),
            h(
                "span",
                {"class": "turn-meta"},
                self.tr("round_n", n=g.round)
                + " · "
                + self.tr("phase_" + g.phase)
                + (
                    " · " + self.tr("bot_paused_tag" if self.paused else "bot_thinking")
                    if self.is_bot(g.current)
                    else ""
                ),
            ),
        )

    def _play_panel(self) -> Node:
        g = self.game
        assert g is not None
        # Three groups, stacked in a side panel, side by side in a wide strip below the map.
        parts: list[Any] = [self._turn_header(), self._losses_note()]
        side: list[Any] = [self._dice_view(self.battle)] if self.battle else []
        if self.blitz or self.blitz_report:
            side.append(
                h(
                    "div",
                    {
                        # a conquest is good news, not a warning's red edge
                        "class": "blitz-report"
                        + (
                            " won" if (self.blitz_report or {}).get("reason") == "conquered" else ""
                        ),
                        # not a live region: its tally changes at every roll, and is read
                        # out once, when the blitz stops (Blitz._end_blitz)
                    },
                    [h("p", {}, line) for line in self.blitz_lines()],
                )
            )
        if self.is_bot(g.current) and self.paused:
            parts.append(
                h(
                    "p",
                    {"class": "paused-banner", "role": "status"},
                    icon("pause"),
                    self.tr("bots_paused", name=self.name(g.current)),
                )
            )
            parts.append(self._bot_controls())
        elif self.is_bot(g.current):
            parts.append(
                h("p", {"class": "hint"}, self.tr("bot_playing", name=self.name(g.current)))
            )
            parts.append(self._bot_controls())
        else:
            parts.append(self._phase_controls())
            ext = self.extension()
            parts.append(ext.extra_panel(self) if ext is not None else None)
            side.append(self._secrets())
        return h(
            "div",
            {"class": "panel-inner"},
            h("div", {"class": "panel-group play-main"}, parts),
            h(
                "div",
                {
                    "class": "panel-group play-side",
                    "tabindex": "0",
                    "role": "group",
                    "aria-label": self.tr("panel_side"),
                },
                side,
            )
            if side
            else None,
            h(
                "div",
                {
                    "class": "panel-group play-info",
                    "tabindex": "0",
                    "role": "group",
                    "aria-label": self.tr("panel_info"),
                },
                self._players_table(),
                self._log_panel(),
            ),
        )

    def _phase_controls(self) -> Node:
        g = self.game
        assert g is not None
        controls = self._phase_controls_inner()
        if g.can_undo() and not self.blitz_running:
            controls["children"].append(
                h(
                    "div",
                    {"class": "btn-row"},
                    button(self.tr("undo"), "undo", cls="btn small", title=self.tr("undo_title")),
                )
            )
        return controls

    def _phase_controls_inner(self) -> Node:
        g = self.game
        assert g is not None
        ext = self.extension()
        special = ext.phase_controls(self) if ext is not None else None
        if special is not None:
            return special
        if g.phase == "final_trade":
            return self._final_trade_controls()
        if g.must_trade:
            return h("div", {"class": "phase"}, h("p", {"class": "alert"}, self.tr("must_trade")))
        if g.pending_armies:
            return self._placement_controls()
        if g.phase == "attack":
            return self.attack_controls()
        if g.phase == "occupy":
            assert g.occupy is not None
            top = g.occupy["max"]
            return h(
                "div",
                {"class": "phase occupy"},
                h(
                    "p",
                    {},
                    self.tr("occupy_prompt", territory=self.place(g.occupy["target"]), max=top),
                ),
                h(
                    "div",
                    {"class": "btn-row"},
                    [
                        button(
                            str(k),
                            "occupy",
                            k,
                            cls="btn big",
                            aria_label=self.tr("occupy_n", n=k),  # not a bare "2"
                        )
                        for k in range(1, top + 1)
                    ],
                ),
                # the roll that conquered, in sight above the variant's own parts
                self.last_roll_line(self.battle)
                if self.battle and self.battle["target"] == g.occupy["target"]
                else None,
            )
        if g.phase == "regroup":
            return self.regroup_controls()
        return h("div", {})

    def _dice_view(self, battle: dict[str, Any]) -> Node:
        pairs = []
        for i in range(max(len(battle["attack"]), len(battle["defend"]))):
            a = battle["attack"][i] if i < len(battle["attack"]) else None
            d = battle["defend"][i] if i < len(battle["defend"]) else None
            verdict = ""
            if a is not None and d is not None:
                verdict = self.tr("wins_attack") if a > d else self.tr("wins_defence")
                said = self.tr(
                    "dice_pair_attack" if a > d else "dice_pair_defence", attack=a, defend=d
                )
            elif a is not None:
                said = self.tr("dice_unpaired_attack", die=a)
            else:
                said = self.tr("dice_unpaired_defence", die=d)
            pairs.append(
                h(
                    "div",
                    {"class": "dice-pair"},
                    # a screen reader heard "4 defence wins ▶ 6": a sentence instead
                    h("span", {"class": "visually-hidden"}, said),
                    h("span", {"class": "die red", "aria-hidden": "true"}, str(a))
                    if a
                    else h("span", {"class": "die empty"}),
                    h("span", {"class": "vs", "aria-hidden": "true"}, verdict),
                    h("span", {"class": "die yellow", "aria-hidden": "true"}, str(d))
                    if d
                    else h("span", {"class": "die empty"}),
                )
            )
        return h(
            "div",
            {"class": "dice"},
            h(
                "p",
                {"class": "dice-title"},
                self.tr(
                    "battle_title",
                    source=self.place(battle["source"]),
                    target=self.place(battle["target"]),
                ),
            ),
            pairs,
            h(
                "p",
                {"class": "dice-result"},
                self.tr(
                    "battle_result",
                    lost=battle["attacker_losses"],
                    killed=battle["defender_losses"],
                ),
            ),
        )

    def _players_table(self) -> Node:
        g = self.game
        assert g is not None
        rows = []
        for i, p in enumerate(g.players):
            held = g.territories_of(i)
            armies = sum(g.armies[t] for t in held)
            rows.append(
                h(
                    "tr",
                    {"class": ("current " if i == g.current else "") + ("" if p.alive else "out")},
                    h(
                        "td",
                        {},
                        h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                        p.name,
                        h("span", {"class": "bot-tag"}, " " + self.tr("bot_tag"))
                        if self.is_bot(i)
                        else None,
                    ),
                    h("td", {}, str(len(held))),
                    h("td", {}, self.whole(armies)),
                    h("td", {}, str(len(p.cards))),
                )
            )
        return h(
            "table",
            {"class": "players"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {}, self.tr("th_player")),
                    h("th", {}, self.tr("th_territories")),
                    h("th", {}, self.tr("th_armies")),
                    h("th", {}, self.tr("th_cards")),
                ),
            ),
            h("tbody", {}, rows),
        )

    def _log_panel(self) -> Node:
        return h(
            "div",
            {"class": "log"},
            h("h2", {}, self.tr("log_title")),
            # not numbered: the panel keeps the last lines, and numbers from 1 would shift
            h("ul", {"class": "log-lines"}, [h("li", {}, line) for line in self.log]),
        )

    def _over_screen(self) -> Node:
        g = self.game
        assert g is not None and g.winner is not None
        rows = []
        for i, p in enumerate(g.players):
            rows.append(
                h(
                    "li",
                    {"class": "winner" if i == g.winner else ""},
                    h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                    h("strong", {}, p.name),
                    ": ",
                    self.objective_text(i),
                    # who left the game on the way, and to whom: a line of its own (after
                    # the objective's full stop a dash read "choice. — knocked out")
                    h(
                        "span",
                        {"class": "out-by"},
                        self.tr("over_out_by", by=self.name(p.eliminated_by)),
                    )
                    if not p.alive and p.eliminated_by is not None
                    else None,
                )
            )
        return h(
            "section",
            {"class": "screen over", "aria-labelledby": "over-title"},
            h("h2", {"id": "over-title"}, self.tr("winner", name=self.name(g.winner))),
            h("p", {}, self.tr("winner_objective")),
            h("ul", {"class": "objectives"}, rows),
            h(
                "div",
                {"class": "btn-row"},
                button(self.tr("menu_new"), "screen", "setup", cls="btn primary big"),
                button(self.tr("over_see_map"), "screen", "final", cls="btn big"),
            ),
            h(
                "div",
                {"class": "btn-row"},
                button(self.tr("menu_stats"), "screen", "stats", cls="btn"),
                button(self.tr("menu_history"), "screen", "history", cls="btn"),
            ),
        )

    def _losses_note(self) -> Node | None:
        """At the start of a person's turn (their placement, or until their first move
        where a turn has none: WAR II's second stage of the first round opens on the
        attack), what they lost since their last turn, and to whom: the computers' turns
        go by fast."""
        g = self.game
        if g is None or self.record is None or self.is_bot(g.current):
            return None
        untouched = not g.log or g.log[-1].get("turn") != g.turn  # no move yet this turn
        if g.phase != "reinforce" and not (g.phase == "attack" and untouched):
            return None
        held = self.held_at_turn_end.get(g.current)
        lost = [t for t in held or () if g.owner.get(t) not in (None, g.current)]
        # who left the game meanwhile: only in the history, and gone from "latest moves"
        out = [
            self.tr("ev_eliminated", name=self.name(victim), by=self.name(by))
            for victim, by in self.knocked_out.get(g.current, [])
        ]
        if not lost and not out:
            return None
        lines = []
        if lost:
            taken = self.taken_by.get(g.current, {})
            items = ", ".join(
                self.tr(
                    "lost_to", territory=self.tname(t), name=self.name(taken.get(t, g.owner[t]))
                )
                for t in lost
            )
            lines.append(self.tr("lost_since", n=len(lost), lost=items))
        if out:  # to every person alike, whatever their card: nobody's secret shows
            out.append(self.tr("objective_check"))
        return h("p", {"class": "losses"}, " ".join(lines + out))

    def _final_panel(self) -> Node:
        """A finished game's panel while its map shows: who won, the way back to the
        result, a new game, and the last moves."""
        g = self.game
        assert g is not None and g.winner is not None
        winner = g.players[g.winner]
        return h(
            "div",
            {"class": "final"},
            h(
                "p",
                {"class": "turn"},
                h("span", {"class": f"swatch c-{winner.color}", "aria-hidden": "true"}),
                h("strong", {}, self.tr("winner", name=self.name(g.winner))),
            ),
            h(
                "div",
                {"class": "btn-row"},
                button(self.tr("over_show_result"), "screen", "play", cls="btn primary"),
                button(self.tr("menu_new"), "screen", "setup", cls="btn"),
            ),
            self._log_panel(),
        )
