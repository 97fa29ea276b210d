"""What the page shows and what a tap does, in plain Python (tested without a browser).

:class:`App` holds the page state (screen, game, selection, language). The DOM adapter
(``main.py``) sends it intents with :meth:`App.dispatch` and writes :meth:`App.render`'s
result to the page. Text from players (names) only ever travels as text nodes.

>>> from saves import MemoryStorage
>>> app = App(MemoryStorage())
>>> app.render()["screen"]
'setup'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from pywar.bot import SimpleBot
from pywar.errors import IllegalAction, WarError
from pywar.game import Game
from pywar.variants import VARIANTS

from board_input import CLOSABLE
from i18n import CATALOGUE
from nodes import Node, button, find, h, text_of
from saves import (
    SaveError,
    SaveStore,
    Storage,
)
from saves_screen import (
    conflict_dialog,
    saves_screen,
    storage_notice,
)
from screens.blitz import Blitz
from screens.board import BoardView
from screens.bots import BotTurns
from screens.cards import CardsBox
from screens.common import (
    BOT_DELAYS,
    COLORS,
    CONFLICT_ACTIONS,
    DEFAULT_NAMES,
    LOG_LINES,
    NAME_MAX,
    QUIET_ACTIONS,
    SETUP_PREF_MAX,
    SHAPE_SYMBOLS,
)
from screens.controls import PhaseControls
from screens.history import HistoryScreen
from screens.placement import AMOUNTS
from screens.play import PlayScreen
from screens.rules import RulesScreen
from screens.saved import SavedGames
from screens.setup import SetupScreen
from screens.stats import StatsScreen
from screens.words import EventWords
from variant_ui import DEFAULT_VARIANT, load_page_parts

__all__ = [
    "App",
    "COLORS",
    "BOT_DELAYS",
    "DEFAULT_NAMES",
    "AMOUNTS",
    "SHAPE_SYMBOLS",
    "LOG_LINES",
    "QUIET_ACTIONS",
    "CONFLICT_ACTIONS",
    "NAME_MAX",
    "SETUP_PREF_MAX",
    "Node",
    "button",
    "find",
    "h",
    "text_of",
]

# The variants' page parts (web/variants/<id>/) register themselves and add their words.
load_page_parts()


class App(
    SetupScreen,
    SavedGames,
    PlayScreen,
    PhaseControls,
    CardsBox,
    Blitz,
    BotTurns,
    HistoryScreen,
    StatsScreen,
    RulesScreen,
    BoardView,
    EventWords,
):
    """The page: setup, saved games, the game itself, the curtain and the winner's screen."""

    def __init__(
        self,
        storage: Storage,
        namespace: str = "",
        lang: str | None = None,
        variant: str | None = None,
        entropy: int | None = None,
        browser_lang: str | None = None,
    ) -> None:
        #: Seeds of new games (no seed typed): from ``entropy`` (the page passes the
        #: browser's), else from the system's; never from ``random``'s global state.
        self.rng = random.Random(entropy)
        self.store = SaveStore(storage, namespace)
        # ?lang=, else the language chosen here before, else the browser's (a first visit
        # from an English browser opens in English), else the game's own
        self.lang = lang or self.store.get_pref("lang") or browser_lang or "pt"
        if self.lang not in CATALOGUE:
            self.lang = "pt"
        self.screen = "setup"
        self.game: Game | None = None
        #: Texts in the game's board words whatever the screen (see ``board_id``).
        self.game_words = False
        self.record: dict[str, Any] | None = None
        self.seats: list[dict[str, str]] = []
        self.message: tuple[str, str] | None = None
        self.curtain: int | None = None
        self.last_human: int | None = None
        #: The seat whose action just passed the turn (None once anything else happened).
        self.turn_passed_by: int | None = None
        self.revealed = False
        self.amount = "1"
        self.source: str | None = None
        self.target: str | None = None
        self.dice_choice: int | None = None
        self.move_count: int | None = None
        self.picked: list[int] = []
        self.battle: dict[str, Any] | None = None
        self.log: list[str] = []
        #: The lines of the latest action, announced once (``announce_id`` counts them).
        self.announce_lines: list[str] = []
        self.announce_id = 0
        self._init_input()
        self.blitz: dict[str, Any] | None = None
        #: What the last blitz did: rolls, losses on each side and why it stopped.
        self.blitz_report: dict[str, Any] | None = None
        self.blitz_floor = 1
        self.replay: dict[str, Any] | None = None
        #: Counts the times the map is to show whole again, unzoomed (a game opened or
        #: started, a replay begun or left): the page resets its zoom when it changes.
        self.whole_map = 0
        #: The territories the page is asked to show on the map (``seq`` counts the asks:
        #: a tap on a bound pool's line, "1 only on Australia").
        self.show_on_map: dict[str, Any] = {"seq": 0, "ids": []}
        #: A counted ask to scroll a part of the panel into sight (see bring_into_sight).
        self.in_sight: dict[str, Any] = {"seq": 0, "selector": ""}
        #: The person's step last read out (see :meth:`_say_the_step`).
        self.spoken_step: str | None = None
        #: What each person held as their last turn ended, by seat, in the game this page has
        #: played since it opened it: the start of their next turn says what they lost since
        #: (cleared with every game opened or started: none rather than a stale one).
        self.held_at_turn_end: dict[int, list[str]] = {}
        #: Who first took each of those territories from them since (the owner now may be
        #: somebody who took it later from the first taker).
        self.taken_by: dict[int, dict[str, int]] = {}
        #: Who was knocked out of the game (by whom) since each person's last turn.
        self.knocked_out: dict[int, list[tuple[int, int]]] = {}
        self.chart = "territories"
        #: The statistics chart's figures shown as a table under it.
        self.chart_figures = False
        self.bot = SimpleBot()
        self.bots: dict[int, Any] = {}
        self.thinking: Any = None
        #: The last bot step only thought (no action played): the page need not be drawn again.
        self.only_thought = False
        #: While a computer's action is noted: which of its events are read out (the rest
        #: go to the log only); None reads every event out, as for a person's own moves.
        self.events_heard: Callable[[dict[str, Any]], bool] | None = None
        self.speed = self.store.get_pref("speed") or "normal"
        if self.speed not in BOT_DELAYS:
            self.speed = "normal"
        self.paused = False
        self.fast_forward = False
        #: The selections of the page part of the game in play (its own to fill and reset).
        self.variant_state: dict[str, Any] = {}
        #: The new-game form's seats a board chosen had no place for (Batalhas Mitológicas
        #: takes 4): back in the form, in their order, when a board with room is chosen.
        self.seats_aside: list[dict[str, Any]] = []
        #: The names of the seats the last change of board left out (said in the form).
        self.seats_left_out: list[str] = []
        self.form = self._remembered_form() or self.default_form(
            variant if variant in VARIANTS else DEFAULT_VARIANT
        )
        if variant in VARIANTS and variant != self.form["variant"]:
            self.on_variant(variant, None)  # ?variant= in the address wins
        #: "ok", or why games are not being kept on this device: "full" or "blocked".
        self.storage_state = "ok" if getattr(storage, "durable", True) else "blocked"
        #: Another tab played this game on: this page must not write over it.
        self.conflict = False
        #: Saves are held (see :meth:`SavedGames.one_save`); ``save_owed``: one is due after.
        self.saves_held = False
        self.save_owed = False
        #: Saves deleted from the saves screen, (id, stored text, was current), for Undo.
        self.deleted: list[tuple[str, str, bool]] = []
        #: The saved games the page could not write yet (it names the keys,
        #: :meth:`storage_stored`; None: it has not said): they live only in this page.
        self.pending_ids: list[str] | None = None
        #: The frame refused "open in its own tab" (a sandbox without allow-popups).
        self.own_tab_blocked = False
        #: The id of the game in play when another tab deleted it (and it was kept here:
        #: the bar says so), else None.
        self.deleted_elsewhere: str | None = None
        #: Whether the browser granted persistent storage (None: not asked or unknown).
        self.persist: bool | None = None
        #: What the page knows of where it runs: embed, ios_tab, own_tab_url.
        self.env: dict[str, Any] = {}
        try:
            self._resume_current()
        except Exception as exc:  # noqa: BLE001 - stored data must never brick the page
            self.set_aside(exc)

    # ---------------------------------------------------------------- intents
    def dispatch(
        self, action: str, arg: str | None = None, value: str | None = None
    ) -> dict[str, Any] | None:
        """Handle one intent from the page; may return an effect (a file to download)."""
        if action not in QUIET_ACTIONS:
            self.message = None
        if (
            self.conflict
            and self.screen not in ("setup", "saves")
            and action not in CONFLICT_ACTIONS
        ):
            return None
        if action not in QUIET_ACTIONS:  # what the page tells, not what a person does
            if action not in ("tap", "escape"):  # those clear or set them themselves
                self.candidates = []
            if action != "tap":
                self.tap_undo = None
            if action != "menu":
                self.menu_open = False
            self.announce_lines = []
        before = self.input_before()
        handler = getattr(self, "on_" + action.replace("-", "_"), None)
        ext = self.extension()
        if handler is None and ext is not None and ext.handles(action):

            def handler(a: str | None, v: str | None) -> Any:
                return ext.dispatch(self, action, a, v)

        if handler is None:
            return None
        result = None
        try:
            result = handler(arg, value)
        except IllegalAction as exc:
            self.message = ("error", self.refusal(exc))
        except SaveError as exc:
            self.message = ("error", self.tr(exc.reason))
        except WarError as exc:
            self.message = ("error", str(exc))
        self.focus_after(action, before)
        return result

    def on_lang(self, arg: str | None, _v: str | None) -> None:
        if arg in CATALOGUE:
            self.lang = arg
            self.store.set_pref("lang", arg)
            # the keyboard stays on the switch (whose face now names the other language)
            self.request_focus("action", "lang", "en" if arg == "pt" else "pt")
            if self.game is not None:
                self._rebuild_log()

    def bring_into_sight(self, selector: str) -> None:
        """Have the page scroll the panel's element ``selector`` into sight: choices that
        a tap opened below the fold of a tablet's short strip (a WAR II card's uses)."""
        self.in_sight = {"seq": self.in_sight["seq"] + 1, "selector": selector}

    def on_show_on_map(self, arg: str | None, _v: str | None) -> None:
        """Show a pool's place on the map: a continent's territories, or one territory."""
        g = self.game
        if g is None or not arg:
            return
        kind, _, ident = arg.partition(":")
        board = g.board
        if kind == "territory" and ident in board.territories:
            ids = [ident]
        elif ident in board.continents:
            ids = list(board.continents[ident].territories)
        else:
            return
        self.show_on_map = {"seq": self.show_on_map["seq"] + 1, "ids": ids}

    def on_screen(self, arg: str | None, _v: str | None) -> None:
        if self.blitz is not None:
            self._end_blitz("stopped")
        if self.replay is not None:  # back from a replay: the game's whole map
            self.replay = None
            self.whole_map += 1
        if arg == "play" and self.game is None:
            # closing the rules or the saved games on a page with no game yet (another
            # computer, storage wiped): back to the new game it opened on (the ✕ did nothing)
            arg = "setup"
        if arg in ("history", "stats") and self.game is None:
            return
        if arg in ("setup", "saves", "rules", "history", "stats"):
            self.screen = arg
            # a screen opened over the game (perhaps to show the others a move) hides the
            # player's objective and cards: closing it showed them again, untapped
            self.revealed = False
            self.picked = []
        elif arg == "play" and self.game is not None:
            self.screen = "over" if self.game.phase == "over" else "play"
        elif arg == "final" and self.game is not None and self.game.phase == "over":
            self.screen = "final"  # the finished game's map, the result in the panel

    # ----------------------------------------------------------------- render
    def render(self) -> dict[str, Any]:
        """Everything the page shows now, as plain data. A game that cannot be shown (a
        save that loaded but breaks the page) is set aside: the page always renders."""
        try:
            return self._render()
        except Exception as exc:  # noqa: BLE001 - stored data must never brick the page
            if self.game is None:
                raise
            self.set_aside(exc)
            return self._render()

    def _render(self) -> dict[str, Any]:
        view: dict[str, Any] = {
            "lang": self.lang,
            "screen": self.screen,
            "html_lang": "pt-BR" if self.lang == "pt" else "en",
            "title": self.page_title(),
            "brand": self.brand(),
            "header": self._header(),
            "message": None
            if self.message is None
            else {"kind": self.message[0], "text": self.message[1]},
            "board": self._board(),
            "board_id": self.board_id(),
            "curtain": None,
            "panel": None,
            "overlay": None,
            "step": None,
        }
        view["announce"] = {"id": self.announce_id, "text": " ".join(self.announce_lines)}
        view["choice"] = self.choice_view()
        view["board"]["cursor"] = self.cursor_now()
        view["board"]["picks"] = list(self.candidates)
        view["focus"] = (
            {"id": self.focus_seq, "target": list(self.focus_target)} if self.focus_target else None
        )
        view["busy"] = self.blitz_running
        view["whole_map"] = self.whole_map
        view["show_on_map"] = self.show_on_map
        view["in_sight"] = self.in_sight
        #: The computers are paused on their turn (the page dims the board).
        view["paused"] = bool(
            self.paused
            and self.game is not None
            and self.screen == "play"
            and self.game.phase != "over"
            and self.is_bot(self.game.current)
        )
        view["notice"] = storage_notice(self)
        if self.conflict and self.game is not None and self.screen not in ("saves", "setup"):
            view["overlay"] = conflict_dialog(self)
            view["panel"] = self._log_panel()
            return view
        if self.screen == "setup":
            view["overlay"] = self._setup_screen()
        elif self.screen == "saves":
            view["overlay"] = saves_screen(self)
        elif self.screen == "rules":
            view["overlay"] = self._rules_screen()
        elif self.screen == "history":
            view["overlay"] = self._history_screen()
        elif self.screen == "stats":
            view["overlay"] = self._stats_screen()
        elif self.screen == "replay":
            view["panel"] = self._replay_panel()
        elif self.screen == "over":
            view["overlay"] = self._over_screen()
            view["panel"] = self._log_panel()
        elif self.screen == "final":
            view["panel"] = self._final_panel()
        elif self.curtain is not None:
            view["curtain"] = self._curtain()
            view["panel"] = self._log_panel()
        else:
            view["panel"] = self._play_panel()
            view["step"] = self.panel_step(view["panel"])
            self._say_the_step(view)
        if view["overlay"] is not None and self.curtain is not None and self.game is not None:
            # a screen opened from the menu while the device passes to the next person:
            # the curtain stays under it (the board and the last person's turn hidden),
            # and is there again when the screen closes
            view["curtain"] = self._curtain()
        if view["overlay"] is not None and view["panel"] is None and self.game is not None:
            # Behind a dialog over a game: the game's public log, never a blank panel (and
            # never the player's own controls: the next player may be looking).
            view["panel"] = self._log_panel()
        if view["overlay"] is not None and (
            self.screen in CLOSABLE or (self.screen == "setup" and self.game is not None)
        ):
            close = button(
                "✕",
                "escape",
                cls="btn icon dialog-close",
                title=self.tr("close"),
                aria_label=self.tr("close"),
            )
            kids = view["overlay"]["children"]
            if kids and isinstance(kids[0], dict) and kids[0]["tag"] == "h2":
                # the heading and the ✕ on one row that stays at the top while the dialog
                # scrolls: the text passes under the row, never under a floating ✕
                kids[0] = h("div", {"class": "dialog-head"}, kids[0], close)
            else:  # a dialog that does not start with its heading: the ✕ floats top right
                kids.insert(0, close)
        return view

    def _say_the_step(self, view: dict[str, Any]) -> None:
        """A new step of a person's turn (the curtain opened, a new phase, a territory
        picked) is read out as the panel says it: what was lost since the last turn, then
        the step's own heading and instruction. The eye finds them at the panel's top; a
        screen reader hears them once."""
        step = view["step"]
        if step is None or step == self.spoken_step:
            self.spoken_step = step
            return
        self.spoken_step = step
        panel = view["panel"]
        said = [text_of(n) for n in find(panel, lambda n: n["attrs"].get("class") == "losses")]
        phases = find(panel, lambda n: str(n["attrs"].get("class") or "").startswith("phase"))
        if phases:
            lines = find(
                phases[0],
                lambda n: (
                    n["tag"] in ("h2", "h3", "h4")
                    or (
                        n["tag"] == "p"
                        and n["attrs"].get("class")
                        in (None, "hint", "big-number", "matchup", "alert")
                    )
                ),
            )
            said += [text_of(n) for n in lines[:2]]
        said = [s if s[-1] in ".!?…:" else s + "." for s in said if s]
        said = [s for s in said if s not in self.announce_lines]  # (said by the move)
        if said:  # after what just happened, and said again by a render of the same state
            self.say(" ".join(said))  # as sentences: "Armies to place: 6. Choose ..."
            view["announce"] = {"id": self.announce_id, "text": " ".join(self.announce_lines)}

    def panel_step(self, panel: Node) -> str | None:
        """The player's step in the panel (the turn, the phase, the territories picked and
        the kind of controls shown), None while a computer plays: when it changes the page
        scrolls the panel back to its top, where the new instruction is."""
        g = self.game
        if g is None or self.is_bot(g.current):
            return None
        kinds = find(panel, lambda n: str(n["attrs"].get("class") or "").startswith("phase"))
        kind = str(kinds[0]["attrs"]["class"]) if kinds else ""
        # a variant's own steps (WAR II: an air attack, an airlift, the Information Centre
        # chosen from the panel, then its target): a new one's instruction is at the top
        st = self.variant_state
        own = "|".join(str(st.get(k)) for k in ("mode", "target", "src", "dst", "ci"))
        return f"{g.turn}|{g.phase}|{self.source}|{self.target}|{kind}|{own}"

    def _header(self) -> Node:
        other = "en" if self.lang == "pt" else "pt"
        in_game = self.game is not None
        actions = h(
            "div",
            {
                "class": "header-actions",
                "id": "menu-list",
                "data-open": "true" if self.menu_open else None,
            },
            button(self.tr("menu_back"), "screen", "play", cls="btn small")
            if in_game and self.screen not in ("play", "over", "final")
            else None,
            button(self.tr("menu_history"), "screen", "history", cls="btn small")
            if in_game
            else None,
            button(self.tr("menu_stats"), "screen", "stats", cls="btn small") if in_game else None,
            button(self.tr("menu_rules"), "screen", "rules", cls="btn small"),
            button(self.tr("menu_new"), "screen", "setup", cls="btn small"),
            button(self.tr("menu_saves"), "screen", "saves", cls="btn small"),
            button(
                self.tr("lang_switch"),
                "lang",
                other,
                cls="btn small lang",
                title=self.tr("lang_switch_title"),
            ),
        )
        return h(
            "div",
            {"class": "header-bar"},
            self.fullscreen_button(),
            self.menu_button(),
            actions,
            h("p", {"class": "visually-hidden", "id": "board-keys"}, self.tr("board_keys")),
        )


def dumps_view(view: dict[str, Any]) -> str:
    """The view as JSON (handy for debugging from the browser console)."""
    return json.dumps(view, ensure_ascii=False)
