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

import contextlib
import itertools
import json
import random
import time
from typing import Any

from pywar.actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from pywar.ai import LEVELS, make_bot
from pywar.board import load_board
from pywar.bot import SimpleBot
from pywar.errors import IllegalAction, WarError
from pywar.game import Game, is_valid_set
from pywar.objectives import COLOR_NAMES, describe
from pywar.odds import battle_odds
from pywar.variants import VARIANTS, get_variant

import war2_view  # noqa: F401 - registers the WAR II page module
from board_input import CLOSABLE, BoardInput
from i18n import CATALOGUE, t
from i18n import Place as PlaceName
from i18n import place as named_place
from icons import icon, icon_button
from nodes import Node, button, find, h, text_of
from rules_help import rules_for
from saves import (
    SaveConflict,
    SaveError,
    SaveStore,
    Storage,
    StorageFailure,
    make_record,
    summary_of,
)
from saves_screen import (
    IMPORT_FRAGMENT,
    conflict_dialog,
    export_name,
    saves_screen,
    storage_notice,
    unpack_record,
)
from variant_ui import VARIANT_UI, VariantUI

__all__ = ["App", "Node", "button", "find", "h", "text_of"]

COLORS = ("azul", "vermelho", "verde", "amarelo", "preto", "branco")
#: Who may sit in a seat: a person or a computer of a level (see pywar.ai).
SEAT_KINDS = ("human", "easy", "normal", "hard")
#: Variants whose computer players are only the one built-in bot of that game (none: every
#: game, WAR II included, offers the three levels).
SIMPLE_BOT_ONLY: frozenset[str] = frozenset()
#: Milliseconds between two visible bot moves, by the speed chosen in the page.
BOT_DELAYS = {"slow": 700, "normal": 300, "fast": 60}
#: The games on the new-game screen, in the order shown.
VARIANT_ORDER = ("classic", "war2", "mitologicas", "brasil")
DEFAULT_NAMES = ("Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio")
AMOUNTS = ("1", "5", "all")
SHAPE_SYMBOLS = {"square": "■", "triangle": "▲", "circle": "●", "joker": "★"}
LOG_LINES = 8
#: What the adapter tells the page by itself (not a player's tap): keeps the message shown.
QUIET_ACTIONS = frozenset({"env", "persist", "storage-changed"})
#: What a page may still do while another tab holds newer progress of its game.
CONFLICT_ACTIONS = frozenset(
    {"take-over", "screen", "lang", "export-current", "storage-changed", "env", "persist"}
)
NAME_MAX = 40
#: Longest remembered new-game setup read back (six seats of long names fit).
SETUP_PREF_MAX = 4000


class App(BoardInput):
    """The page: setup, saved games, the game itself, the curtain and the winner's screen."""

    def __init__(
        self,
        storage: Storage,
        namespace: str = "",
        lang: str | None = None,
        variant: str | None = None,
        entropy: int | None = None,
    ) -> None:
        #: Seeds of new games (no seed typed): from ``entropy`` (the page passes the
        #: browser's), else from the system's; never from ``random``'s global state.
        self.rng = random.Random(entropy)
        self.store = SaveStore(storage, namespace)
        self.lang = lang or self.store.get_pref("lang") or "pt"
        if self.lang not in CATALOGUE:
            self.lang = "pt"
        self.screen = "setup"
        self.game: Game | None = None
        self.record: dict[str, Any] | None = None
        self.seats: list[dict[str, str]] = []
        self.message: tuple[str, str] | None = None
        self.curtain: int | None = None
        self.last_human: int | None = None
        self.revealed = False
        self.amount = "1"
        self.source: str | None = None
        self.target: str | None = None
        self.dice_choice: int | None = None
        self.move_count: int | None = None
        self.picked: list[int] = []
        self.battle: dict[str, Any] | None = None
        self.log: list[str] = []
        self.announce = ""
        #: The lines of the latest action, announced once (``announce_id`` counts them).
        self.announce_lines: list[str] = []
        self.announce_id = 0
        self._init_input()
        self.blitz: dict[str, Any] | None = None
        #: What the last blitz did: rolls, losses on each side and why it stopped.
        self.blitz_report: dict[str, Any] | None = None
        self.blitz_floor = 1
        self.replay: dict[str, Any] | None = None
        self.chart = "territories"
        self.bot = SimpleBot()
        self.bots: dict[int, Any] = {}
        self.thinking: Any = None
        self.speed = self.store.get_pref("speed") or "normal"
        if self.speed not in BOT_DELAYS:
            self.speed = "normal"
        self.paused = False
        self.fast_forward = False
        self.form = self._remembered_form() or self._default_form(
            variant if variant in VARIANTS else "classic"
        )
        if variant in VARIANTS and variant != self.form["variant"]:
            self.on_variant(variant, None)  # ?variant= in the address wins
        #: "ok", or why games are not being kept on this device: "full" or "blocked".
        self.storage_state = "ok" if getattr(storage, "durable", True) else "blocked"
        #: Another tab played this game on: this page must not write over it.
        self.conflict = False
        #: Saves deleted from the saves screen, (id, stored text, was current), for Undo.
        self.deleted: list[tuple[str, str, bool]] = []
        #: Whether the browser granted persistent storage (None: not asked or unknown).
        self.persist: bool | None = None
        #: What the page knows of where it runs: embed, ios_tab, own_tab_url.
        self.env: dict[str, Any] = {}
        try:
            self._resume_current()
        except Exception as exc:  # noqa: BLE001 - stored data must never brick the page
            self.set_aside(exc)

    # ---------------------------------------------------------------- helpers
    def tr(self, key: str, **kw: Any) -> str:
        """Translate ``key`` into the page language, in the words of the board in play."""
        return t(self.lang, key, self.board_id() if hasattr(self, "form") else None, **kw)

    def tr_count(self, key: str, n: int, **kw: Any) -> str:
        """Translate a counted text (a :class:`i18n.Plural` entry, its form chosen by ``n``)."""
        return self.tr(key, n=n, **kw)

    def _default_form(self, variant: str = "classic") -> dict[str, Any]:
        colors = self.colors_of(variant)
        seats = [
            {"name": DEFAULT_NAMES[i], "color": colors[i], "kind": "human" if i == 0 else "normal"}
            for i in range(3)
        ]
        return {"seats": seats, "first_round_placement_only": False, "seed": "", "variant": variant}

    def _remembered_form(self) -> dict[str, Any] | None:
        """The last new-game setup (names, colours, who plays, board, options), stored when
        a game starts; None when there is none or it is not sound (stored data is untrusted:
        anything unexpected and the whole of it is ignored). The seed is never kept: the same
        seed would deal the same game again."""
        text = self.store.get_pref("setup", limit=SETUP_PREF_MAX)
        try:
            data = json.loads(text) if text else None
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("variant") not in VARIANTS:
            return None
        variant = data["variant"]
        rules = get_variant(variant)
        colors, kinds = self.colors_of(variant), self.kinds(variant)
        seats = data.get("seats")
        if not isinstance(seats, list) or not rules.min_players <= len(seats) <= min(
            rules.max_players, len(colors)
        ):
            return None
        clean = []
        for seat in seats:
            if not isinstance(seat, dict):
                return None
            name, color, kind = seat.get("name"), seat.get("color"), seat.get("kind")
            if not (
                isinstance(name, str)
                and name.strip()
                and len(name) <= NAME_MAX
                and color in colors
                and kind in kinds
            ):
                return None
            clean.append({"name": name, "color": color, "kind": kind})
        if len({s["color"] for s in clean}) != len(clean):
            return None
        first_round = data.get("first_round_placement_only", False)
        options = data.get("options", {})
        if (
            not isinstance(first_round, bool)
            or not isinstance(options, dict)
            or not all(k in rules.options and isinstance(v, bool) for k, v in options.items())
        ):
            return None
        return {
            "seats": clean,
            "first_round_placement_only": first_round,
            "seed": "",
            "variant": variant,
            "options": dict(options),
        }

    def _remember_form(self) -> None:
        """Keep this setup for the next new game (see :meth:`_remembered_form`)."""
        f = self.form
        self.store.set_pref(
            "setup",
            json.dumps(
                {
                    "variant": f["variant"],
                    "first_round_placement_only": f["first_round_placement_only"],
                    "options": f.get("options", {}),
                    "seats": [
                        {"name": s["name"].strip(), "color": s["color"], "kind": s["kind"]}
                        for s in f["seats"]
                    ],
                },
                ensure_ascii=False,
            ),
        )

    @staticmethod
    def colors_of(variant: str) -> list[str]:
        """The army colours of a variant's board, in the page's preferred order."""
        allowed = get_variant(variant).board.raw.get("colors") or list(COLORS)
        return [c for c in COLORS if c in allowed] + [c for c in allowed if c not in COLORS]

    def on_variant(self, arg: str | None, _v: str | None) -> None:
        if arg not in VARIANTS:
            return
        rules = get_variant(arg)
        colors = self.colors_of(arg)
        seats = self.form["seats"][: rules.max_players]
        used: set[str] = set()
        for seat in seats:
            if seat["color"] not in colors or seat["color"] in used:
                seat["color"] = next(
                    c
                    for c in colors
                    if c not in used and c not in {s["color"] for s in seats if s is not seat}
                )
            used.add(seat["color"])
            if seat["kind"] not in self.kinds(arg):
                seat["kind"] = "normal"  # WAR II has one computer player
        self.form["seats"] = seats
        self.form["variant"] = arg
        self.form["options"] = {
            k: v for k, v in self.form.get("options", {}).items() if k in rules.options
        }

    def _resume_current(self) -> None:
        save_id = self.store.current()
        if not save_id:
            return
        try:
            self._open(save_id)
        except SaveError as exc:
            self.set_aside(exc)

    def set_aside(self, exc: Exception) -> None:
        """The game in play cannot be shown: forget it as current (it stays listed, as
        damaged if it is, to export or delete), go to the saved games and say why."""
        reason = exc.reason if isinstance(exc, SaveError) else "save_damaged"
        self.game = self.record = None
        self.seats = []
        self.curtain = None
        self.replay = self.blitz = None
        self.thinking = None
        with contextlib.suppress(StorageFailure):
            self.store.set_current(None)
        self.screen = "saves"
        self.message = ("error", self.tr("save_set_aside", reason=self.tr(reason)))

    def _open(self, save_id: str) -> None:
        record, game = self.store.load(save_id)
        self.record, self.game, self.seats = record, game, record["seats"]
        self.conflict = False
        self.bots = {}
        self.thinking = None
        self._set_current(save_id)
        self._clear_selection()
        self.battle = None
        self._rebuild_log()
        self.revealed = False
        self.last_human = None
        self.screen = "over" if game.phase == "over" else "play"
        self._maybe_curtain()

    def _rebuild_log(self) -> None:
        """The game log's last lines, rebuilt by replaying the saved log (after a reload, on
        resuming a save, in another language)."""
        try:
            self.log = self.history_lines()[-LOG_LINES:]
        except (WarError, LookupError, TypeError, ValueError):
            self.log = []  # a log that does not replay: the panel starts empty, play goes on

    def _clear_selection(self) -> None:
        self.source = self.target = None
        self.dice_choice = self.move_count = None
        self.picked = []

    def percent(self, p: float) -> str:
        """A probability as a percentage with one decimal, in the page's number style."""
        text = f"{p * 100:.1f}"
        return text.replace(".", ",") if self.lang == "pt" else text

    def number(self, x: float) -> str:
        """A number with one decimal in the page's number style."""
        text = f"{x:.1f}"
        return text.replace(".", ",") if self.lang == "pt" else text

    def name(self, seat: int) -> str:
        """A player's name (plain text)."""
        assert self.game is not None
        return self.game.players[seat].name

    def tname(self, territory: str) -> str:
        """A territory's name in the page language."""
        assert self.game is not None
        terr = self.game.board.territories[territory]
        return terr.name if self.lang == "pt" else terr.name_en

    def place(self, place_id: str) -> PlaceName:
        """A territory or continent as a template parameter: its name in the page language
        with its article forms (``{territory.em}`` "no Alasca", ``{territory.the}``...)."""
        assert self.game is not None
        return named_place(self.lang, self.game.board.id, place_id)

    def is_bot(self, seat: int) -> bool:
        """Whether a seat is played by the computer."""
        return self.seats[seat]["kind"] != "human"

    def kinds(self, variant: str) -> tuple[str, ...]:
        """Who may sit in a seat of ``variant``: a person or a bot level."""
        return ("human", "normal") if variant in SIMPLE_BOT_ONLY else SEAT_KINDS

    def bot_for(self, seat: int) -> Any:
        """The bot playing ``seat`` (one per seat, seeded from the game and the seat)."""
        g = self.game
        assert g is not None
        bot = self.bots.get(seat)
        if bot is None:
            kind = self.seats[seat]["kind"]
            if g.variant.id in SIMPLE_BOT_ONLY or kind not in LEVELS:
                bot = self.bot
            else:
                bot = make_bot(kind, seed=int(g.setup.get("seed", 0)) * 7 + seat)
            self.bots[seat] = bot
        return bot

    def bot_delay(self) -> int:
        """Milliseconds before the next bot action (0 while thinking or fast-forwarding)."""
        if self.thinking is not None or self.fast_forward:
            return 0
        return BOT_DELAYS.get(self.speed, BOT_DELAYS["normal"])

    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    @property
    def bot_to_move(self) -> bool:
        """True when the adapter should schedule a bot step."""
        g = self.game
        return (
            self.screen == "play"
            and g is not None
            and g.phase != "over"
            and not self.paused
            and not self.conflict
            and self.curtain is None
            and self.is_bot(g.current)
        )

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

    def refusal(self, exc: IllegalAction) -> str:
        """An engine refusal in words of the page language."""
        key = "rule_" + exc.rule
        if exc.rule == "forced_trade" and self.game and self.game.phase == "final_trade":
            key = "rule_forced_trade_final"
        return self.tr(key) if key in CATALOGUE[self.lang] else exc.message

    def on_lang(self, arg: str | None, _v: str | None) -> None:
        if arg in CATALOGUE:
            self.lang = arg
            self.store.set_pref("lang", arg)
            if self.game is not None:
                self._rebuild_log()

    def on_screen(self, arg: str | None, _v: str | None) -> None:
        if self.blitz is not None:
            self._end_blitz("stopped")
        self.replay = None
        needs_game = arg in ("history", "stats", "play")
        if needs_game and self.game is None:
            return
        if arg in ("setup", "saves", "rules", "history", "stats"):
            self.screen = arg
        elif arg == "play" and self.game is not None:
            self.screen = "over" if self.game.phase == "over" else "play"

    def on_chart(self, arg: str | None, _v: str | None) -> None:
        if arg in ("territories", "armies"):
            self.chart = arg

    # history: replay a game step by step from its log
    def on_replay_start(self, _a: str | None, _v: str | None) -> None:
        if self.game is not None:
            self.replay = {"step": 0}
            self.screen = "replay"
            self._replay_goto(0)

    def on_replay_step(self, arg: str | None, _v: str | None) -> None:
        if self.replay is None or self.game is None:
            return
        last = len(self.game.log)
        step = self.replay["step"]
        target = {"first": 0, "prev": step - 1, "next": step + 1, "last": last}.get(arg or "")
        if target is not None:
            self._replay_goto(max(0, min(last, target)))

    def _replay_goto(self, step: int) -> None:
        g = self.game
        assert g is not None and self.replay is not None
        replayed = Game.replay(g.setup, g.log, upto=step)
        events = []
        if step:
            entry = g.log[step - 1]
            rolls = entry.get("rolls")
            replayed = Game.replay(g.setup, g.log, upto=step - 1)
            events = replayed.apply(
                Action.from_dict(entry["action"]), rolls=(rolls[0], rolls[1]) if rolls else None
            )
        self.replay = {
            "step": step,
            "game": replayed,
            "lines": [x for x in (self.describe_event(e) for e in events) if x],
        }

    # blitz, undo
    def on_blitz_floor(self, _a: str | None, value: str | None) -> None:
        if value and value.isdigit() and int(value) >= 1:
            self.blitz_floor = int(value)

    def on_blitz(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.source and self.target and self.game.phase == "attack":
            self.blitz_report = None
            self.blitz = {
                "source": self.source,
                "target": self.target,
                "floor": self.blitz_floor,
                "rolls": 0,
                "lost": 0,
                "killed": 0,
            }

    def on_stop(self, _a: str | None, _v: str | None) -> None:
        if self.blitz is not None:
            self._end_blitz("stopped")

    @property
    def blitz_running(self) -> bool:
        """True while an auto-attack should roll again (the adapter schedules the rolls)."""
        return self.blitz is not None

    def blitz_step(self) -> bool:
        """Roll once for the running blitz, counting its rolls and losses; stop at a
        conquest, at the chosen floor or when the attack is no longer possible."""
        self.announce_lines = []
        g = self.game
        b = self.blitz
        if g is None or b is None:
            return False
        reason = self._blitz_over(b)
        if reason is None:
            for e in self._act(Attack(b["source"], b["target"])):
                if e["type"] == "battle":
                    b["rolls"] += 1
                    b["lost"] += e["attacker_losses"]
                    b["killed"] += e["defender_losses"]
            reason = self._blitz_over(b)
        if reason is not None:
            self._end_blitz(reason)
        return self.blitz is not None

    def _blitz_over(self, b: dict[str, Any]) -> str | None:
        """Why the blitz ``b`` cannot roll again (a key of ``blitz_why_*``), or None."""
        g = self.game
        assert g is not None
        source, target = b["source"], b["target"]
        if g.owner[target] == g.current:
            return "conquered"
        if g.phase != "attack" or g.owner[source] != g.current:
            return "cannot"
        if g.armies[source] < 2:
            return "no_armies"
        if g.armies[source] <= b["floor"]:
            return "floor"
        return None

    def _end_blitz(self, reason: str) -> None:
        """Stop the blitz and keep what it did for the panel (and screen readers)."""
        assert self.blitz is not None
        self.blitz_report = dict(self.blitz, reason=reason)
        self.blitz = None
        if self.game is not None:
            self.announce = " ".join(self.blitz_lines())

    def blitz_lines(self) -> list[str]:
        """The running or finished blitz in words: its tally, then why it stopped."""
        b = self.blitz or self.blitz_report
        if b is None:
            return []
        lines = [
            self.tr(
                "blitz_tally",
                source=self.place(b["source"]),
                target=self.place(b["target"]),
                rolls=b["rolls"],
                lost=b["lost"],
                killed=b["killed"],
            )
        ]
        if "reason" in b:
            lines.append(
                self.tr(
                    "blitz_why_" + b["reason"],
                    source=self.place(b["source"]),
                    target=self.place(b["target"]),
                    floor=b["floor"],
                )
            )
        return lines

    def on_undo(self, _a: str | None, _v: str | None) -> None:
        g = self.game
        if g is None or self.is_bot(g.current) or not g.can_undo():
            return
        g.undo()
        self.blitz = self.blitz_report = None
        self._clear_selection()
        self.log.append(self.tr("ev_undo", name=self.name(g.current)))
        self._save()

    # setup form
    def on_seat_add(self, _a: str | None, _v: str | None) -> None:
        seats = self.form["seats"]
        variant = self.form["variant"]
        if len(seats) < get_variant(variant).max_players:
            used = {s["color"] for s in seats}
            color = next(c for c in self.colors_of(variant) if c not in used)
            names = {s["name"] for s in seats}
            name = next((n for n in DEFAULT_NAMES if n not in names), f"P{len(seats) + 1}")
            seats.append({"name": name, "color": color, "kind": "normal"})

    def on_seat_remove(self, arg: str | None, _v: str | None) -> None:
        seats = self.form["seats"]
        if len(seats) > 3 and arg is not None and 0 <= int(arg) < len(seats):
            seats.pop(int(arg))

    def _seat_field(self, arg: str | None, field: str, value: str | None) -> None:
        if arg is not None and value is not None and 0 <= int(arg) < len(self.form["seats"]):
            self.form["seats"][int(arg)][field] = value

    def on_seat_name(self, arg: str | None, value: str | None) -> None:
        self._seat_field(arg, "name", (value or "")[:NAME_MAX])

    def on_seat_color(self, arg: str | None, value: str | None) -> None:
        if value in self.colors_of(self.form["variant"]):
            self._seat_field(arg, "color", value)

    def on_seat_kind(self, arg: str | None, value: str | None) -> None:
        if value in self.kinds(self.form["variant"]):
            self._seat_field(arg, "kind", value)

    def on_opt_first_round(self, _a: str | None, value: str | None) -> None:
        self.form["first_round_placement_only"] = value in ("true", "1", "on")

    def on_opt_variant(self, arg: str | None, value: str | None) -> None:
        """A game option of the chosen variant (e.g. WAR II's Information Centres)."""
        if arg in get_variant(self.form["variant"]).options:
            self.form.setdefault("options", {})[arg] = value in ("true", "1", "on")

    def on_seed(self, _a: str | None, value: str | None) -> None:
        self.form["seed"] = (value or "").strip()[:18]

    def on_start(self, _a: str | None, _v: str | None) -> None:
        seats = [dict(s, name=s["name"].strip()) for s in self.form["seats"]]
        if any(not s["name"] for s in seats):
            self.message = ("error", self.tr("setup_need_names"))
            return
        if len({s["color"] for s in seats}) != len(seats):
            self.message = ("error", self.tr("setup_colors_clash"))
            return
        seed_text = self.form["seed"]
        if seed_text and not seed_text.isdigit():
            self.message = ("error", self.tr("setup_bad_seed"))
            return
        seed = int(seed_text) if seed_text else self.rng.randrange(2**32)
        rules = get_variant(self.form["variant"])
        options = (
            {"first_round_placement_only": True}
            if (
                self.form["first_round_placement_only"]
                and "first_round_placement_only" in rules.options
            )
            else {}
        )
        options.update(
            {k: True for k, on in self.form.get("options", {}).items() if on and k in rules.options}
        )
        game = Game.new(
            self.form["variant"],
            [(s["name"], s["color"]) for s in seats],
            seed=seed,
            options=options,
        )
        save_id = self.store.new_id()
        self.record = make_record(save_id, game, seats)
        self.game, self.seats = game, seats
        self.conflict = False
        self.bots = {}
        self.thinking = None
        try:
            self.store.save(self.record)
        except StorageFailure as exc:
            self.storage_state = exc.kind
        else:
            self._set_current(save_id)
        self._remember_form()
        self.screen = "play"
        self.log = []
        self.battle = None
        self.last_human = None
        self.revealed = False
        self._clear_selection()
        self._note_events([{"type": "turn", "player": game.current, "round": game.round}])
        self._maybe_curtain()

    # saved games
    def on_resume(self, arg: str | None, _v: str | None) -> None:
        if arg:
            self._open(arg)

    def on_delete(self, arg: str | None, _v: str | None) -> None:
        kept = self._delete_keeping_undo([arg]) if arg else []
        if kept:
            self.deleted = kept

    def _delete_keeping_undo(self, save_ids: list[str]) -> list[tuple[str, str, bool]]:
        """Delete saves; what Undo needs to put each back exactly (id, text, was current).
        The game in play is closed if it is one of them."""
        current = self.store.current()
        kept = []
        for save_id in save_ids:
            text = self.store.raw(save_id)
            if text is None:
                continue
            self.store.delete(save_id)
            kept.append((save_id, text, save_id == current))
            if self.record and self.record["id"] == save_id:
                self.game = self.record = None
                self.seats = []
        return kept

    def on_undo_delete(self, _a: str | None, _v: str | None) -> None:
        for save_id, text, was_current in self.deleted:
            self.store.restore_raw(save_id, text)
            if was_current:
                self._set_current(save_id)
        self.deleted = []
        self.message = ("info", self.tr("save_restored"))

    def finished_saves(self) -> list[str]:
        """The ids of the saved games that are over."""
        return [s.id for s in self.store.list() if s.over]

    def on_clear_finished(self, _a: str | None, _v: str | None) -> None:
        self.deleted = self._delete_keeping_undo(self.finished_saves())
        if self.storage_state == "full" and self.game is not None:
            self._save()

    def on_export(self, arg: str | None, _v: str | None) -> dict[str, Any] | None:
        if not arg:
            return None
        summary = next((s for s in self.store.list() if s.id == arg), None)
        if summary is None:
            return None
        if summary.damaged:
            return {"download": f"pywar-damaged-{arg}.json", "text": self.store.raw(arg) or ""}
        return {"download": export_name(self, summary), "text": self.store.export(arg)}

    def on_export_current(self, _a: str | None, _v: str | None) -> dict[str, Any] | None:
        """Save the game in play to a file, whatever the storage says."""
        g = self.game
        if g is None or self.record is None:
            return None
        record = make_record(
            self.record["id"],
            g,
            self.seats,
            self.record.get("created"),
            rev=int(self.record.get("rev", 0)),
        )
        name = export_name(self, summary_of(record["id"], record, g))
        return {"download": name, "text": json.dumps(record, ensure_ascii=False, indent=1)}

    def on_backup(self, _a: str | None, _v: str | None) -> dict[str, Any] | None:
        day = time.strftime("%Y-%m-%d")
        return {
            "download": f"pywar-{self.tr('backup_file')}-{day}.json",
            "text": self.store.backup(),
        }

    def on_import(self, _a: str | None, value: str | None) -> None:
        before = {s.id for s in self.store.list()}
        save_id = self.store.import_text(value or "")
        added = {s.id for s in self.store.list()} - before
        self.message = ("info", self.tr("save_imported" if added else "save_import_known"))
        self._open(save_id)

    def on_import_fragment(self, _a: str | None, value: str | None) -> None:
        """A game handed over in the address (``#pywar-import=...``), from an embed."""
        if not value or not value.startswith(IMPORT_FRAGMENT):
            return
        record = unpack_record(value[len(IMPORT_FRAGMENT) :])
        self.on_import(None, json.dumps(record))

    # keeping games on this device
    def on_env(self, _a: str | None, value: str | None) -> None:
        """Where the page runs (JSON from the adapter): embed, ios_tab, own_tab_url."""
        try:
            env = json.loads(value or "{}")
        except ValueError:
            return
        if isinstance(env, dict):
            self.env = {k: env[k] for k in ("embed", "ios_tab", "own_tab_url") if k in env}

    def on_persist(self, arg: str | None, _v: str | None) -> None:
        """The browser's answer to ``navigator.storage.persist()``."""
        self.persist = {"granted": True, "denied": False}.get(arg or "")

    def ios_notice_due(self) -> bool:
        """iPad/iPhone Safari outside a home-screen app, and not yet told."""
        return bool(self.env.get("ios_tab")) and self.store.get_pref("ios_notice") != "seen"

    def on_dismiss_ios(self, _a: str | None, _v: str | None) -> None:
        self.store.set_pref("ios_notice", "seen")
        self.env["ios_tab_dismissed"] = True

    def on_storage_retry(self, _a: str | None, _v: str | None) -> None:
        if self.game is not None:
            self._save()
        else:
            self.storage_state = "ok"

    def on_storage_changed(self, arg: str | None, _v: str | None) -> None:
        """Another tab wrote ``arg`` (a storage key): if it is this game, stop writing."""
        if arg is None or self.record is None or self.conflict:
            return
        if self.store.id_of_key(arg) != self.record["id"]:
            return
        stored = self.store.stored_rev(self.record["id"])
        if stored is not None and stored != self.record.get("rev", 0):
            self.conflict = True
            self.blitz = None
            self.thinking = None

    def on_take_over(self, _a: str | None, _v: str | None) -> None:
        """Load the newest progress of this game here; this tab writes from now on."""
        if self.record is not None:
            self._open(self.record["id"])
            self.message = ("info", self.tr("conflict_loaded"))

    def _set_current(self, save_id: str) -> None:
        try:
            self.store.set_current(save_id)
        except StorageFailure as exc:
            self.storage_state = exc.kind

    def on_new(self, _a: str | None, _v: str | None) -> None:
        self.screen = "setup"

    # the curtain and secrets
    def on_curtain_open(self, _a: str | None, _v: str | None) -> None:
        if self.curtain is not None:
            self.last_human = self.curtain
        self.curtain = None

    def on_reveal(self, _a: str | None, _v: str | None) -> None:
        if self.game and not self.is_bot(self.game.current):
            self.revealed = True

    def on_hide(self, _a: str | None, _v: str | None) -> None:
        self.revealed = False
        self.picked = []

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
            if not mine:
                self.message = ("error", self.tr("rule_not_your_territory"))
                return
            available = g.available_for(arg)
            count = available if self.amount == "all" else min(int(self.amount), available)
            self._act(Place(arg, max(count, 1)))
        elif g.phase == "attack":
            if mine:
                if g.armies[arg] < 2:
                    self.message = ("error", self.tr("rule_occupation_army"))
                    self.source = self.target = None
                else:
                    self.source = None if self.source == arg else arg
                    self.target = None
                    self.dice_choice = None
            elif self.source is None:
                self.message = ("info", self.tr("pick_source_first"))
            elif arg not in g.board.neighbors[self.source]:
                self.message = ("error", self.tr("rule_not_adjacent"))
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
        self._clear_selection()

    def on_end_attack(self, _a: str | None, _v: str | None) -> None:
        self._act(EndAttack())

    def on_end_turn(self, _a: str | None, _v: str | None) -> None:
        self._act(EndTurn())

    def on_occupy(self, arg: str | None, _v: str | None) -> None:
        if arg and arg.isdigit():
            self._act(Occupy(int(arg)))

    def on_move_count(self, arg: str | None, _v: str | None) -> None:
        if arg and arg.isdigit():
            self.move_count = int(arg)

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

    def on_trade(self, _a: str | None, _v: str | None) -> None:
        if self.game and self.revealed and len(self.picked) == 3:
            self._act(Trade(tuple(sorted(self.picked))))

    # ------------------------------------------------------------------- acts
    def _act(self, action: Action) -> list[dict[str, Any]]:
        g = self.game
        assert g is not None
        before = g.current
        events = g.apply(action)
        self._after(events, before)
        return events

    def bot_step(self) -> bool:
        """Advance the bot whose turn it is by one chunk of thinking (at most ~20 ms) or
        play the action it chose; True while bots still have to move."""
        self.announce_lines = []
        g = self.game
        if not self.bot_to_move or g is None:
            self.thinking = None
            return False
        bot = self.bot_for(g.current)
        if not hasattr(bot, "think"):
            action = bot.choose(g)
        else:
            if self.thinking is None:
                self.thinking = bot.think(g)
            action = next(self.thinking)
            if action is None:
                return True
            self.thinking = None
        before = g.current
        events = g.apply(action)
        self._after(events, before)
        if self.fast_forward and not self.bot_to_move:
            self.fast_forward = False
        return self.bot_to_move

    def on_speed(self, arg: str | None, _v: str | None) -> None:
        if arg in BOT_DELAYS:
            self.speed = arg
            self.store.set_pref("speed", arg)

    def on_pause(self, _a: str | None, _v: str | None) -> None:
        self.paused = not self.paused
        self.thinking = None

    def on_fast_forward(self, _a: str | None, _v: str | None) -> None:
        self.fast_forward = True
        self.paused = False

    def _after(self, events: list[dict[str, Any]], before: int) -> None:
        g = self.game
        assert g is not None and self.record is not None
        self._note_events(events)
        for e in events:
            if e["type"] == "battle":
                self.battle = e
        if g.phase == "over":
            self.screen = "over"
        if g.current != before or g.phase == "over":
            self._clear_selection()
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
            if g.phase not in ("attack", "regroup"):
                self.source = self.target = None
            self.picked = [c for c in self.picked if c in g.players[g.current].cards]
        self._save()
        if g.current != before:
            self._maybe_curtain()

    def _save(self) -> None:
        """Store the game after an action; a refusal is shown, never lost silently."""
        g = self.game
        assert g is not None and self.record is not None
        if self.conflict:
            return
        rev = int(self.record.get("rev", 0))
        record = make_record(
            self.record["id"], g, self.seats, self.record.get("created"), rev=rev + 1
        )
        try:
            self.store.save(record, expect_rev=rev)
        except SaveConflict:
            self.conflict = True
            self.blitz = None
            self.thinking = None
            return
        except StorageFailure as exc:
            self.storage_state = exc.kind
            return
        self.record = record
        if self.storage_state != "ok" and getattr(self.store.storage, "durable", True):
            self.storage_state = "ok"
            self.message = ("info", self.tr("storage_back"))

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

    # -------------------------------------------------------------------- log
    def _note_events(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            line = self.describe_event(e)
            if line:
                self.log.append(line)
                self.announce = line
                self.announce_lines.append(line)
                self.announce_id += 1
        del self.log[:-LOG_LINES]

    def describe_event(self, e: dict[str, Any]) -> str | None:
        """One event in words (public information only)."""
        ext = self.extension()
        if ext is not None:
            line = ext.describe_event(self, e)
            if line is not None:
                return line
        kind = e["type"]
        if kind == "turn":
            return self.tr("ev_turn", round=e["round"], name=self.name(e["player"]))
        if kind == "trade":
            return self.tr("ev_trade", name=self.name(e["player"]), armies=e["armies"])
        if kind == "battle":
            return self.tr(
                "ev_battle",
                name=self.name(e["player"]),
                source=self.place(e["source"]),
                target=self.place(e["target"]),
                attack=" ".join(map(str, e["attack"])),
                defend=" ".join(map(str, e["defend"])),
                lost=e["attacker_losses"],
                killed=e["defender_losses"],
            )
        if kind == "conquest":
            return self.tr(
                "ev_conquest", name=self.name(e["player"]), territory=self.place(e["territory"])
            )
        if kind == "eliminated":
            return self._describe_elimination(e)
        if kind == "card":
            return self.tr("ev_card", name=self.name(e["player"])) if e["count"] else None
        if kind == "victory":
            return self.tr("ev_victory", name=self.name(e["player"]))
        if kind == "place":
            return self.tr(
                "ev_place",
                name=self.name(e["player"]),
                count=e["count"],
                territory=self.place(e["territory"]),
            )
        if kind == "occupy":
            return self.tr(
                "ev_occupy",
                name=self.name(e["player"]),
                count=e["count"],
                territory=self.place(e["territory"]),
            )
        if kind == "regroup":
            return self.tr(
                "ev_regroup",
                name=self.name(e["player"]),
                count=e["count"],
                source=self.place(e["source"]),
                target=self.place(e["target"]),
            )
        if kind == "reshuffle":
            return self.tr("ev_reshuffle")
        return None

    def _describe_elimination(self, e: dict[str, Any]) -> str:
        """Who was eliminated, and where their cards went (public counts only)."""
        name, by = self.name(e["player"]), self.name(e["by"])
        lines = [self.tr("ev_eliminated", name=name, by=by)]
        left, taken = e.get("cards_left", 0), e.get("cards_taken", 0)
        if left and not e.get("top_up"):
            lines.append(self.tr_count("ev_took_cards", taken, name=name, by=by))
        elif left and not taken:
            lines.append(self.tr("ev_top_up_none", name=name, by=by))
        elif left:
            drawer = e.get("drawn_by")
            if drawer is None:
                lines.append(self.tr_count("ev_top_up_game", taken, name=name, by=by))
            else:
                lines.append(
                    self.tr_count("ev_top_up_by", taken, name=name, by=by, drawer=self.name(drawer))
                )
        if e.get("cards_discarded"):
            lines.append(self.tr_count("ev_discarded", e["cards_discarded"]))
        return " ".join(lines)

    def history_lines(self) -> list[str]:
        """The whole game in words, replayed from its log (public information only)."""
        g = self.game
        assert g is not None
        lines = []
        for _game, events in Game.iter_replay(g.setup, g.log):
            lines.extend(x for x in (self.describe_event(e) for e in events) if x)
        return lines

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
            "title": self.tr("app_title"),
            "header": self._header(),
            "message": None
            if self.message is None
            else {"kind": self.message[0], "text": self.message[1]},
            "board": self._board(),
            "board_id": self.board_id(),
            "curtain": None,
            "panel": None,
            "overlay": None,
        }
        view["announce"] = {"id": self.announce_id, "text": " ".join(self.announce_lines)}
        view["choice"] = self.choice_view()
        view["board"]["cursor"] = self.cursor_now()
        view["board"]["picks"] = list(self.candidates)
        view["focus"] = (
            {"id": self.focus_seq, "target": list(self.focus_target)} if self.focus_target else None
        )
        view["busy"] = self.blitz_running
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
        elif self.curtain is not None:
            view["curtain"] = self._curtain()
            view["panel"] = self._log_panel()
        else:
            view["panel"] = self._play_panel()
        if view["overlay"] is not None and (
            self.screen in CLOSABLE or (self.screen == "setup" and self.game is not None)
        ):
            view["overlay"]["children"].insert(
                0, button("✕", "escape", cls="btn icon dialog-close", title=self.tr("close"))
            )
        return view

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
            if in_game and self.screen not in ("play", "over")
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

    def extension(self) -> VariantUI | None:
        """The page module of the game's variant, if it has one (WAR II)."""
        if self.game is None:
            return None
        return VARIANT_UI.get(self.game.variant.id)

    def board_id(self) -> str:
        """The board the page should show: the game's, or the one picked on the setup screen."""
        if self.screen == "setup" or self.game is None:
            return get_variant(self.form["variant"]).board_id
        return self.game.board.id

    def map_names(self) -> dict[str, Any]:
        """The names the map shows (territory labels, the map's own name) in the page
        language, for the board on screen: the SVG maps carry Portuguese ones."""
        board = load_board(self.board_id())
        english = self.lang == "en"
        return {
            "names": {
                tid: terr.name_en if english else terr.name
                for tid, terr in board.territories.items()
            },
            "map_label": self.tr("map_label"),
        }

    def _board(self) -> dict[str, Any]:
        board = self._board_state()
        board.update(self.map_names())
        return board

    def _board_state(self) -> dict[str, Any]:
        g = self.game
        if self.screen == "replay" and self.replay is not None:
            g = self.replay["game"]
        if g is None or (self.screen == "setup" and g.board.id != self.board_id()):
            return {"territories": {}}
        me = g.current
        human_turn = (
            self.screen == "play"
            and self.curtain is None
            and not self.is_bot(me)
            and g.phase != "over"
            and not self.blitz_running
        )
        out = {}
        targets: set[str] = set()
        if human_turn and self.source:
            targets = {
                n
                for n in g.board.neighbors[self.source]
                if (g.owner[n] != me) == (g.phase == "attack")
            }
        for tid in g.board.territories:
            owner = g.owner.get(tid)
            if owner is None:  # not claimed yet (WAR II's setup); a page module marks it
                out[tid] = {"owner": "", "armies": "", "state": "", "label": self.tname(tid)}
                continue
            state = ""
            if human_turn:
                if tid == self.source:
                    state = "source"
                elif tid == self.target:
                    state = "target"
                elif tid in targets or (g.pending_armies and owner == me and g.available_for(tid)):
                    state = "option"
            armies = g.armies[tid]
            out[tid] = {
                "owner": g.players[owner].color,
                "armies": armies,
                "state": state,
                "label": self.tr(
                    "territory_label",
                    territory=self.place(tid),
                    name=self.name(owner),
                    color=self.tr("color_" + g.players[owner].color),
                    armies=armies,
                ),
            }
        board: dict[str, Any] = {"territories": out}
        ext = self.extension()
        if ext is not None:
            # g is the game shown: the one in play or the step a replay shows.
            ext.decorate_board(self, out, g)
            # Other marks of a variant's map (WAR II: air bases, centre markers): CSS
            # selector -> {"attrs": {name: value or None}, "text": str}; main.py writes them.
            marks = getattr(ext, "board_marks", None)
            if marks is not None:
                board["marks"] = marks(self, g)
        return board

    # setup
    def _variant_choice(self) -> Node:
        cards = []
        for vid in VARIANT_ORDER:
            if vid not in VARIANTS:
                continue
            rules = get_variant(vid)
            cards.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "variant-card",
                        "data-action": "variant",
                        "data-arg": vid,
                        "aria-pressed": "true" if self.form["variant"] == vid else "false",
                    },
                    h(
                        "img",
                        {
                            "src": f"./maps/thumbs/{vid}.svg",
                            "alt": "",
                            "width": "120",
                            "height": "72",
                        },
                    ),
                    h("span", {"class": "variant-name"}, self.tr("variant_" + vid)),
                    h(
                        "span",
                        {"class": "variant-meta"},
                        self.tr("variant_players", low=rules.min_players, high=rules.max_players),
                    ),
                )
            )
        return h(
            "div",
            {"class": "variants", "role": "group", "aria-label": self.tr("variant_label")},
            cards,
        )

    def _setup_screen(self) -> Node:
        f = self.form
        colors = self.colors_of(f["variant"])
        rules = get_variant(f["variant"])
        rows = []
        for i, seat in enumerate(f["seats"]):
            rows.append(
                h(
                    "div",
                    {"class": "seat", "data-seat": str(i)},
                    h("span", {"class": f"swatch c-{seat['color']}", "aria-hidden": "true"}),
                    h(
                        "input",
                        {
                            "type": "text",
                            "class": "seat-name",
                            "value": seat["name"],
                            "maxlength": str(NAME_MAX),
                            "data-action": "seat-name",
                            "data-arg": str(i),
                            "aria-label": self.tr("seat_name", n=i + 1),
                        },
                    ),
                    h(
                        "select",
                        {
                            "class": "seat-color",
                            "data-action": "seat-color",
                            "data-arg": str(i),
                            "aria-label": self.tr("seat_color", n=i + 1),
                        },
                        [
                            h(
                                "option",
                                {
                                    "value": c,
                                    "selected": "selected" if c == seat["color"] else None,
                                },
                                self.tr("color_" + c),
                            )
                            for c in colors
                        ],
                    ),
                    h(
                        "select",
                        {
                            "class": "seat-kind",
                            "data-action": "seat-kind",
                            "data-arg": str(i),
                            "aria-label": self.tr("seat_kind", n=i + 1),
                        },
                        [
                            h(
                                "option",
                                {"value": k, "selected": "selected" if k == seat["kind"] else None},
                                self.tr("kind_" + k),
                            )
                            for k in self.kinds(f["variant"])
                        ],
                    ),
                    button(
                        "✕",
                        "seat-remove",
                        i,
                        cls="btn icon",
                        disabled=len(f["seats"]) <= rules.min_players,
                        title=self.tr("seat_remove"),
                    ),
                )
            )
        checkbox = {"type": "checkbox", "id": "opt-first-round", "data-action": "opt-first-round"}
        if f["first_round_placement_only"] or rules.first_round_placement_only:
            checkbox["checked"] = "checked"
        if "first_round_placement_only" not in rules.options or rules.first_round_placement_only:
            checkbox["disabled"] = "disabled"
        return h(
            "section",
            {"class": "screen setup", "aria-labelledby": "setup-title"},
            # the form scrolls in its own box; the start button stays below it, in sight
            # and never over a field (a sticky button hid the fields beneath it)
            h(
                "div",
                {"class": "setup-body"},
                h("h2", {"id": "setup-title"}, self.tr("setup_title")),
                self._variant_choice(),
                h(
                    "p",
                    {"class": "hint"},
                    self.tr("setup_hint", low=rules.min_players, high=rules.max_players),
                ),
                h("div", {"class": "seats"}, rows),
                button(
                    self.tr("seat_add"),
                    "seat-add",
                    cls="btn",
                    disabled=len(f["seats"]) >= rules.max_players,
                ),
                h(
                    "fieldset",
                    {"class": "options"},
                    h("legend", {}, self.tr("options")),
                    h("label", {}, h("input", checkbox), self.tr("opt_first_round")),
                    [
                        h(
                            "label",
                            {},
                            h(
                                "input",
                                {
                                    "type": "checkbox",
                                    "id": "opt-" + opt,
                                    "data-action": "opt-variant",
                                    "data-arg": opt,
                                    "checked": "checked" if f.get("options", {}).get(opt) else None,
                                },
                            ),
                            self.tr("opt_" + opt),
                        )
                        for opt in rules.options
                        if opt != "first_round_placement_only"
                    ],
                    h(
                        "label",
                        {},
                        self.tr("seed_label"),
                        h(
                            "input",
                            {
                                "type": "text",
                                "inputmode": "numeric",
                                "id": "seed",
                                "value": f["seed"],
                                "data-action": "seed",
                                "placeholder": self.tr("seed_placeholder"),
                            },
                        ),
                    ),
                ),
            ),
            button(self.tr("start"), "start", cls="btn primary big"),
        )

    # curtain
    def _curtain(self) -> Node:
        assert self.curtain is not None
        name = self.name(self.curtain)
        return h(
            "div",
            {"class": "curtain-box", "role": "dialog", "aria-labelledby": "curtain-title"},
            h(
                "p",
                {"class": "curtain-text", "id": "curtain-title"},
                self.tr("curtain_pass", name=name),
            ),
            h("p", {"class": "hint"}, self.tr("curtain_hint")),
            button(self.tr("curtain_ready", name=name), "curtain-open", cls="btn primary big"),
        )

    # the game panel
    def _turn_header(self) -> Node:
        g = self.game
        assert g is not None
        seat = g.players[g.current]
        return h(
            "div",
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
        parts: list[Any] = [self._turn_header()]
        side: list[Any] = [self._dice_view(self.battle)] if self.battle else []
        if self.blitz or self.blitz_report:
            side.append(
                h(
                    "div",
                    {"class": "blitz-report", "role": "status"},
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

    def _bot_controls(self) -> Node:
        """Speed, pause and fast-forward while the computers play."""
        watch = not self.humans()
        return h(
            "div",
            {"class": "bot-controls"},
            h("p", {"class": "hint"}, self.tr("watch_hint")) if watch else None,
            h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": self.tr("speed_label")},
                [
                    button(
                        self.tr("speed_" + k), "speed", k, cls="btn small", pressed=self.speed == k
                    )
                    for k in BOT_DELAYS
                ],
            ),
            h(
                "div",
                {"class": "btn-row"},
                icon_button(
                    "play",
                    self.tr("resume_bots"),
                    "pause",
                    cls="btn small primary",
                    text=self.tr("resume_bots"),
                )
                if self.paused
                else icon_button(
                    "pause", self.tr("pause"), "pause", cls="btn small", text=self.tr("pause")
                ),
                None
                if watch
                else button(
                    self.tr("fast_forward"),
                    "fast-forward",
                    cls="btn small",
                    disabled=self.fast_forward,
                ),
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
            return self._attack_controls()
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
                    [button(str(k), "occupy", k, cls="btn big") for k in range(1, top + 1)],
                ),
            )
        if g.phase == "regroup":
            return self._regroup_controls()
        return h("div", {})

    def _final_trade_controls(self) -> Node:
        """The end of a turn in which the player took an eliminated player's cards: trade
        sets before the turn's card, forced while holding more than 5 (RULINGS.md)."""
        g = self.game
        assert g is not None
        held = len(g.players[g.current].cards)
        if g.must_trade:
            return h(
                "div",
                {"class": "phase final-trade"},
                h("p", {"class": "alert"}, self.tr("final_trade_must", n=held)),
            )
        if g.pending_armies:
            return self._placement_controls()
        return h(
            "div",
            {"class": "phase final-trade"},
            h("p", {"class": "hint"}, self.tr_count("final_trade_may", held)),
            h(
                "div",
                {"class": "btn-row end"},
                button(self.tr("final_trade_end"), "end-turn", cls="btn primary"),
            ),
        )

    def _final_trade_ahead(self) -> Node | None:
        """In the rest of an eliminating turn (classic): the trade that comes at its end."""
        g = self.game
        assert g is not None
        if not (g.eliminated_someone and g.variant.elimination_cards == "take_all"):
            return None
        return h("p", {"class": "hint final-trade-ahead"}, self.tr("final_trade_ahead"))

    def _placement_controls(self) -> Node:
        g = self.game
        assert g is not None
        lines = [h("li", {"class": "pool-free"}, self.tr("pool_free", n=g.pools.get("free", 0)))]
        for key, n in sorted(g.pools.items()):
            kind, _, ident = key.partition(":")
            if kind == "continent":
                lines.append(
                    h(
                        "li",
                        {"class": "pool-bound"},
                        self.tr("pool_continent", n=n, continent=self.place(ident)),
                    )
                )
            elif kind == "territory":
                lines.append(
                    h(
                        "li",
                        {"class": "pool-bound"},
                        self.tr("pool_territory", n=n, territory=self.place(ident)),
                    )
                )
        return h(
            "div",
            {"class": "phase place"},
            h(
                "p",
                {"class": "big-number", "id": "pending"},
                self.tr("to_place", n=g.pending_armies),
            ),
            h("ul", {"class": "pools"}, lines),
            h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": self.tr("amount_label")},
                [
                    button(
                        self.tr("amount_" + a),
                        "amount",
                        a,
                        cls="btn amount",
                        pressed=self.amount == a,
                    )
                    for a in AMOUNTS
                ],
            ),
            h("p", {"class": "hint"}, self.tr("place_hint")),
        )

    def _attack_controls(self) -> Node:
        g = self.game
        assert g is not None
        parts: list[Any] = []
        if self.source is None:
            parts.append(h("p", {"class": "hint"}, self.tr("attack_pick_source")))
        elif self.target is None:
            parts.append(
                h(
                    "p",
                    {"class": "hint"},
                    self.tr("attack_pick_target", source=self.place(self.source)),
                )
            )
            parts.append(button(self.tr("cancel"), "cancel", cls="btn small"))
        else:
            top = g.attack_dice_max(self.source)
            dice = min(self.dice_choice or top, top)
            odds = battle_odds(g.armies[self.source], g.armies[self.target])
            parts.append(
                h(
                    "p",
                    {"class": "matchup"},
                    self.tr(
                        "attack_matchup",
                        source=self.place(self.source),
                        target=self.place(self.target),
                        a=g.armies[self.source],
                        d=g.armies[self.target],
                    ),
                )
            )
            parts.append(
                h(
                    "p",
                    {"class": "odds", "data-p-conquer": f"{odds.p_conquer:.6f}"},
                    self.tr("odds_line", pct=self.percent(odds.p_conquer)),
                )
            )
            parts.append(
                h(
                    "p",
                    {"class": "odds-expect"},
                    self.tr(
                        "odds_expect",
                        a=self.number(odds.expected_attacker_left),
                        d=self.number(odds.expected_defender_left),
                    ),
                )
            )
            parts.append(
                h(
                    "div",
                    {"class": "btn-row", "role": "group", "aria-label": self.tr("dice_label")},
                    [
                        button(
                            self.tr("dice_n", n=k), "dice", k, cls="btn small", pressed=k == dice
                        )
                        for k in range(1, top + 1)
                    ],
                )
            )
            if self.blitz_running:
                parts.append(
                    h(
                        "div",
                        {"class": "btn-row"},
                        button(self.tr("blitz_stop"), "stop", cls="btn primary big"),
                    )
                )
            else:
                parts.append(
                    h(
                        "div",
                        {"class": "btn-row"},
                        button(self.tr("attack"), "attack", cls="btn primary big"),
                        button(
                            self.tr("blitz"), "blitz", cls="btn big", title=self.tr("blitz_title")
                        ),
                        button(self.tr("cancel"), "cancel", cls="btn"),
                    )
                )
                floors = range(1, max(2, g.armies[self.source]))
                parts.append(
                    h(
                        "label",
                        {"class": "blitz-floor"},
                        self.tr("blitz_floor"),
                        " ",
                        h(
                            "select",
                            {"data-action": "blitz-floor"},
                            [
                                h(
                                    "option",
                                    {
                                        "value": str(k),
                                        "selected": "selected" if k == self.blitz_floor else None,
                                    },
                                    str(k),
                                )
                                for k in floors
                            ],
                        ),
                    )
                )
        parts.append(self._final_trade_ahead())
        parts.append(
            h(
                "div",
                {"class": "btn-row end"},
                button(self.tr("end_attack"), "end-attack", cls="btn"),
                button(self.tr("end_turn"), "end-turn", cls="btn"),
            )
        )
        return h("div", {"class": "phase attack"}, parts)

    def _regroup_controls(self) -> Node:
        g = self.game
        assert g is not None
        parts: list[Any] = []
        if self.source is None:
            parts.append(h("p", {"class": "hint"}, self.tr("regroup_pick_source")))
        elif self.target is None:
            parts.append(
                h(
                    "p",
                    {"class": "hint"},
                    self.tr(
                        "regroup_pick_target",
                        source=self.place(self.source),
                        n=g.movable_from(self.source),
                    ),
                )
            )
            parts.append(button(self.tr("cancel"), "cancel", cls="btn small"))
        else:
            top = g.movable_from(self.source)
            count = min(self.move_count or top, top)
            parts.append(
                h(
                    "p",
                    {},
                    self.tr(
                        "regroup_prompt",
                        source=self.place(self.source),
                        target=self.place(self.target),
                    ),
                )
            )
            parts.append(
                h(
                    "div",
                    {
                        "class": "btn-row counts",
                        "role": "group",
                        "aria-label": self.tr("count_label"),
                    },
                    [
                        button(str(k), "move-count", k, cls="btn small", pressed=k == count)
                        for k in range(1, top + 1)
                    ],
                )
            )
            parts.append(
                h(
                    "div",
                    {"class": "btn-row"},
                    button(self.tr("regroup_go", n=count), "regroup", cls="btn primary big"),
                    button(self.tr("cancel"), "cancel", cls="btn"),
                )
            )
        parts.append(self._final_trade_ahead())
        parts.append(
            h(
                "div",
                {"class": "btn-row end"},
                button(self.tr("end_turn"), "end-turn", cls="btn primary"),
            )
        )
        return h("div", {"class": "phase regroup"}, parts)

    def _secrets(self) -> Node:
        g = self.game
        assert g is not None
        ext = self.extension()
        special = ext.secrets(self) if ext is not None else None
        if special is not None:
            return special
        me = g.players[g.current]
        if not self.revealed:
            # Only what everybody may know: the hand's size and whether trading is open now.
            may = g.trade_allowed() and len(me.cards) >= 3 and not g.must_trade
            return h(
                "div",
                {"class": "secrets"},
                h("p", {}, self.tr("cards_count", n=len(me.cards), value=g.next_trade_value())),
                h("p", {"class": "hint trade-hint"}, self.tr("trade_may")) if may else None,
                button(self.tr("reveal"), "reveal", cls="btn"),
            )
        cards = []
        for c in me.cards:
            card = g.board.cards[c]
            label = self.tr("joker") if card.territory is None else self.tname(card.territory)
            shapes_named = g.board.raw.get("terms", {}).get(self.lang, {}).get("shapes", {})
            cards.append(
                button(
                    f"{SHAPE_SYMBOLS[card.shape]} {label}",
                    "card",
                    c,
                    cls="btn card shape-" + card.shape,
                    pressed=c in self.picked,
                    title=shapes_named.get(card.shape),
                )
            )
        shapes = [g.board.cards[c].shape for c in self.picked]
        can_trade = g.trade_allowed() and len(self.picked) == 3 and is_valid_set(shapes)
        objective = describe(g.objective_of(g.current), g.board, self.lang)
        return h(
            "div",
            {"class": "secrets open"},
            h("p", {"class": "objective"}, h("strong", {}, self.tr("objective")), " ", objective),
            self.objective_change_note(g.current),
            h("p", {}, self.tr("cards_count", n=len(me.cards), value=g.next_trade_value())),
            h("div", {"class": "cards", "role": "group", "aria-label": self.tr("cards")}, cards),
            self._trade_advice(),
            button(self.tr("trade"), "trade", cls="btn primary", disabled=not can_trade)
            if g.trade_allowed() and len(me.cards) >= 3
            else None,
            button(self.tr("hide"), "hide", cls="btn small"),
        )

    def _trade_advice(self) -> Node | None:
        """Whether the shown hand can (or must) trade now, and why a picked set is refused."""
        g = self.game
        assert g is not None
        hand = g.players[g.current].cards
        cards = g.board.cards
        has_set = any(
            is_valid_set([cards[c].shape for c in combo])
            for combo in itertools.combinations(hand, 3)
        )
        if len(self.picked) == 3 and not is_valid_set([cards[c].shape for c in self.picked]):
            text = self.tr(
                "trade_invalid", shapes=" ".join(SHAPE_SYMBOLS[cards[c].shape] for c in self.picked)
            )
            return h("p", {"class": "alert trade-advice"}, text)
        if not has_set:
            return (
                h("p", {"class": "hint trade-advice"}, self.tr("trade_none"))
                if len(hand) >= 3
                else None
            )
        if not g.trade_allowed():
            return h("p", {"class": "hint trade-advice"}, self.tr("trade_later"))
        key = "trade_must" if g.must_trade else "trade_ready"
        return h(
            "p",
            {"class": ("alert" if g.must_trade else "hint") + " trade-advice"},
            self.tr(key, value=g.next_trade_value()),
            " " + self.tr("trade_picked", n=len(self.picked)) if len(self.picked) < 3 else None,
        )

    def _dice_view(self, battle: dict[str, Any]) -> Node:
        pairs = []
        for i in range(max(len(battle["attack"]), len(battle["defend"]))):
            a = battle["attack"][i] if i < len(battle["attack"]) else None
            d = battle["defend"][i] if i < len(battle["defend"]) else None
            verdict = ""
            if a is not None and d is not None:
                verdict = self.tr("wins_attack") if a > d else self.tr("wins_defence")
            pairs.append(
                h(
                    "div",
                    {"class": "dice-pair"},
                    h("span", {"class": "die red"}, str(a))
                    if a
                    else h("span", {"class": "die empty"}),
                    h("span", {"class": "vs"}, verdict),
                    h("span", {"class": "die yellow"}, str(d))
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
                        " " + self.tr("bot_tag") if self.is_bot(i) else "",
                    ),
                    h("td", {}, str(len(held))),
                    h("td", {}, str(armies)),
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
            h("ol", {"class": "log-lines"}, [h("li", {}, line) for line in self.log]),
        )

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

    def _history_screen(self) -> Node:
        lines = self.history_lines()
        return h(
            "section",
            {"class": "screen history", "aria-labelledby": "history-title"},
            h("h2", {"id": "history-title"}, self.tr("history_title")),
            h(
                "div",
                {"class": "btn-row"},
                button(self.tr("replay_start"), "replay-start", cls="btn primary"),
            ),
            h(
                "ol",
                {"class": "history-lines", "tabindex": "0", "aria-labelledby": "history-title"},
                [h("li", {}, x) for x in lines],
            ),
        )

    def _replay_panel(self) -> Node:
        assert self.replay is not None and self.game is not None
        step, last = self.replay["step"], len(self.game.log)
        shown = self.replay["game"]
        return h(
            "div",
            {"class": "panel-inner replay"},
            h("h2", {}, self.tr("replay_title")),
            h(
                "p",
                {"class": "replay-step"},
                self.tr("replay_step", step=step, last=last, round=shown.round),
            ),
            h(
                "div",
                {"class": "btn-row", "role": "group", "aria-label": self.tr("replay_title")},
                icon_button(
                    "first", self.tr("replay_first"), "replay-step", "first", disabled=step == 0
                ),
                icon_button(
                    "prev", self.tr("replay_prev"), "replay-step", "prev", disabled=step == 0
                ),
                icon_button(
                    "next",
                    self.tr("replay_next"),
                    "replay-step",
                    "next",
                    cls="btn primary",
                    disabled=step >= last,
                ),
                icon_button(
                    "last", self.tr("replay_last"), "replay-step", "last", disabled=step >= last
                ),
            ),
            h("ul", {"class": "replay-lines"}, [h("li", {}, x) for x in self.replay["lines"]]),
            button(self.tr("replay_exit"), "screen", "play", cls="btn"),
        )

    def _stats_screen(self) -> Node:
        g = self.game
        assert g is not None
        rows = []
        for i, p in enumerate(g.players):
            luck = g.luck(i)
            rows.append(
                h(
                    "tr",
                    {},
                    h(
                        "td",
                        {},
                        h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                        p.name,
                    ),
                    h("td", {}, str(luck["attack_rolls"])),
                    h(
                        "td",
                        {},
                        f"{luck['attack_lost']} / {self.number(luck['attack_expected_lost'])}",
                    ),
                    h("td", {}, str(luck["defend_rolls"])),
                    h(
                        "td",
                        {},
                        f"{luck['defend_lost']} / {self.number(luck['defend_expected_lost'])}",
                    ),
                    h(
                        "td",
                        {"class": "luck"},
                        self.signed(luck["attack_luck"] + luck["defend_luck"]),
                    ),
                )
            )
        table = h(
            "table",
            {"class": "stats"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    [
                        h("th", {"scope": "col"}, self.tr(k))
                        for k in (
                            "th_player",
                            "th_att_rolls",
                            "th_att_lost",
                            "th_def_rolls",
                            "th_def_lost",
                            "th_luck",
                        )
                    ],
                ),
            ),
            h("tbody", {}, rows),
        )
        return h(
            "section",
            {"class": "screen stats", "aria-labelledby": "stats-title"},
            h("h2", {"id": "stats-title"}, self.tr("stats_title")),
            h("p", {"class": "hint"}, self.tr("stats_hint")),
            table,
            h(
                "div",
                {"class": "btn-row", "role": "group"},
                [
                    button(
                        self.tr("chart_" + k), "chart", k, cls="btn small", pressed=self.chart == k
                    )
                    for k in ("territories", "armies")
                ],
            ),
            self._chart(),
        )

    def signed(self, x: float) -> str:
        """A number with its sign, one decimal."""
        return ("+" if x > 0 else "") + self.number(x)

    def _chart(self) -> Node:
        """A line chart of territories (or armies) per player over the rounds, in SVG."""
        g = self.game
        assert g is not None
        points = g.timeline or [
            {"round": g.round, "territories": [0] * len(g.players), "armies": [0] * len(g.players)}
        ]
        key = self.chart
        width, height, pad = 520, 220, 34
        top = max(1, max(max(p[key]) for p in points))
        rounds = [p["round"] for p in points]
        r0, r1 = min(rounds), max(max(rounds), min(rounds) + 1)

        def x(r: int) -> float:
            return round(pad + (width - pad - 10) * (r - r0) / (r1 - r0), 1)

        def y(v: int) -> float:
            return round(height - pad + 4 - (height - pad - 10) * v / top, 1)

        lines = []
        for i, p in enumerate(g.players):
            coords = " ".join(f"{x(pt['round'])},{y(pt[key][i])}" for pt in points)
            lines.append(
                h("polyline", {"points": coords, "class": f"line c-{p.color}", "data-seat": str(i)})
            )
        axes = [
            h("line", {"x1": pad, "y1": y(0), "x2": width - 10, "y2": y(0), "class": "axis"}),
            h("line", {"x1": pad, "y1": y(0), "x2": pad, "y2": 8, "class": "axis"}),
            h(
                "text",
                {"x": pad - 6, "y": y(top) + 4, "class": "tick", "text-anchor": "end"},
                str(top),
            ),
            h("text", {"x": pad - 6, "y": y(0) + 4, "class": "tick", "text-anchor": "end"}, "0"),
            h("text", {"x": x(r0), "y": height - 6, "class": "tick"}, str(r0)),
            h(
                "text",
                {"x": x(r1), "y": height - 6, "class": "tick", "text-anchor": "end"},
                self.tr("round_n", n=r1),
            ),
        ]
        legend = h(
            "ul",
            {"class": "legend"},
            [
                h(
                    "li",
                    {},
                    h("span", {"class": f"swatch c-{p.color}", "aria-hidden": "true"}),
                    p.name,
                )
                for p in g.players
            ],
        )
        return h(
            "figure",
            {"class": "chart"},
            h(
                "svg",
                {
                    "viewBox": f"0 0 {width} {height}",
                    "role": "img",
                    "aria-label": self.tr("chart_label_" + key),
                },
                axes,
                lines,
            ),
            legend,
        )

    def objective_change(self, seat: int) -> str | None:
        """Why a player's objective is not the card they drew, in words for them alone (the
        card said to destroy a colour that is their own, not in the game, or that someone
        else destroyed); None when they play for their card."""
        g = self.game
        assert g is not None
        p = g.players[seat]
        if not p.objective_converted:
            return None
        card = g.objective_card(seat)
        color = card.get("color", "")
        words = COLOR_NAMES.get(self.lang, COLOR_NAMES["pt"]).get(color, color).lower()
        target = next((i for i, q in enumerate(g.players) if q.color == color), None)
        if color == p.color:
            return self.tr("objective_changed_own", color=words)
        if target is None or g.players[target].eliminated_by is None:
            return self.tr("objective_changed_absent", color=words)
        return self.tr(
            "objective_changed_by", color=words, name=self.name(g.players[target].eliminated_by)
        )

    def objective_change_note(self, seat: int) -> Node | None:
        """The note under a revealed objective that changed (private: the secret view)."""
        text = self.objective_change(seat)
        return h("p", {"class": "objective-changed", "role": "note"}, text) if text else None

    def objective_text(self, seat: int) -> str:
        """A player's objective in words (a variant's own kinds through its page module)."""
        g = self.game
        assert g is not None
        own = getattr(self.extension(), "describe_objective", None)
        if own is not None:
            return str(own(self, g.objective_of(seat)))
        return describe(g.objective_of(seat), g.board, self.lang)

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
                )
            )
        return h(
            "section",
            {"class": "screen over", "aria-labelledby": "over-title"},
            h("h2", {"id": "over-title"}, self.tr("winner", name=self.name(g.winner))),
            h("p", {}, self.tr("winner_objective")),
            h("ul", {"class": "objectives"}, rows),
            button(self.tr("menu_new"), "screen", "setup", cls="btn primary big"),
        )


def dumps_view(view: dict[str, Any]) -> str:
    """The view as JSON (handy for debugging from the browser console)."""
    return json.dumps(view, ensure_ascii=False)
