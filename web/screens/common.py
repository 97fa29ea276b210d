"""What every screen of the page uses: words, numbers, names, seats, the variant's page module."""

from __future__ import annotations

from typing import Any

from pywar.errors import IllegalAction, WarError
from pywar.variants import get_variant

from board_input import BoardInput
from i18n import CATALOGUE, grouped, names_separator, t
from i18n import Place as PlaceName
from i18n import place as named_place
from variant_ui import VariantUI, page_part, seat_kinds

COLORS = ("azul", "vermelho", "verde", "amarelo", "preto", "branco")
#: Milliseconds between two visible bot moves, by the speed chosen in the page.
BOT_DELAYS = {"slow": 700, "normal": 300, "fast": 60}
DEFAULT_NAMES = ("Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio")
SHAPE_SYMBOLS = {"square": "■", "triangle": "▲", "circle": "●", "joker": "★"}
LOG_LINES = 8
#: What the adapter tells the page by itself (not a player's tap): keeps the message shown.
QUIET_ACTIONS = frozenset({"env", "persist", "storage-changed"})
#: What a page may still do while another tab holds newer progress of its game.
CONFLICT_ACTIONS = frozenset(
    {
        "take-over",
        "screen",
        "lang",
        "export-current",
        "own-tab-blocked",
        "storage-changed",
        "env",
        "persist",
    }
)
NAME_MAX = 40
#: Longest remembered new-game setup read back (six seats of long names fit).
SETUP_PREF_MAX = 4000


class PageBase(BoardInput):
    """What every screen of the page uses (a mixin of :class:`viewmodel.App`)."""

    # ---------------------------------------------------------------- helpers
    def tr(self, key: str, **kw: Any) -> str:
        """Translate ``key`` into the page language, in the words of the board in play."""
        return t(self.lang, key, self.board_id() if hasattr(self, "form") else None, **kw)

    def variant_title(self, variant_id: str) -> str:
        """A game's short name in the page's language, from its board ("WAR clássico"); an
        unknown id (a foreign save's) reads as itself."""
        try:
            return get_variant(variant_id).board.short_title.get(self.lang, variant_id)
        except WarError:
            return variant_id

    def tr_count(self, key: str, n: int, **kw: Any) -> str:
        """Translate a counted text (a :class:`i18n.Plural` entry, its form chosen by ``n``)."""
        return self.tr(key, n=n, **kw)

    def names_list(self, names: list[str]) -> str:
        """Names in a sentence: "Elisa", "Elisa e Fábio", "Davi, Elisa e Fábio"; names
        with commas of their own (a group of pupils, "Group 1 — Maria, João") apart by
        semicolons: "Group 1 — Maria, João; e Group 2 — Ana, Tom"."""
        if len(names) < 2:
            return "".join(names)
        sep = names_separator(names)
        key = "list_and" if sep == ", " else "list_and_semicolons"
        return self.tr(key, head=sep.join(names[:-1]), last=names[-1])

    def chance(self, p: float) -> str:
        """A battle's chance to conquer as a percentage with one decimal, in the page's
        number style. An attacker of two or more armies is never sure to win or to lose, so
        what would round to 100.0 or 0.0 (20 armies on 2 fail once in 47,000; 40 on 1 reads
        1.0 in floats) is "more than 99.9" or "less than 0.1"."""
        if not self.chance_bounded(p):
            return self._one_decimal(p * 100)
        if p < 0.5:
            return self.tr("pct_below", pct=self._one_decimal(0.1))
        return self.tr("pct_above", pct=self._one_decimal(99.9))

    @staticmethod
    def chance_bounded(p: float) -> bool:
        """Whether :meth:`chance` says "more than" or "less than" for ``p``."""
        return p < 0.0005 or p >= 0.9995

    def _one_decimal(self, x: float) -> str:
        return grouped(self.lang, x, 1)

    def whole(self, n: int) -> str:
        """A whole number in the page's number style ("1.250", "1,250")."""
        return grouped(self.lang, n)

    def number(self, x: float) -> str:
        """A number with one decimal in the page's number style (never "-0.0")."""
        return self._one_decimal(0.0 if -0.05 < x <= 0 else x)

    def signed(self, x: float) -> str:
        """A number with its sign, one decimal: a figure that reads 0.0 has none (a luck
        of 0.04 read "+0.0" beside the others' "0.0")."""
        return ("+" if round(x, 1) > 0 else "") + self.number(x)

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

    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def kinds(self, variant: str) -> tuple[str, ...]:
        """Who may sit in a seat of ``variant``: a person or a bot level."""
        return seat_kinds(variant)

    @staticmethod
    def colors_of(variant: str) -> list[str]:
        """The army colours of a variant's board, in the page's preferred order."""
        allowed = get_variant(variant).board.raw.get("colors") or list(COLORS)
        return [c for c in COLORS if c in allowed] + [c for c in allowed if c not in COLORS]

    def refusal(self, exc: IllegalAction) -> str:
        """An engine refusal in words of the page language."""
        key = "rule_" + exc.rule
        if exc.rule == "forced_trade" and self.game and self.game.phase == "final_trade":
            key = "rule_forced_trade_final"
        return self.tr(key) if key in CATALOGUE[self.lang] else exc.message

    def clear_selection(self) -> None:
        self.source = self.target = None
        self.dice_choice = self.move_count = None
        self.picked = []

    def extension(self) -> VariantUI | None:
        """The page module of the game's variant, if it has one (WAR II)."""
        if self.game is None:
            return None
        return page_part(self.game.variant.id)

    def variant_shown(self) -> str:
        """The game whose board the page shows: the one in play, or the one picked on the
        setup screen."""
        if self.screen == "setup" or self.game is None:
            return str(self.form["variant"])
        return self.game.variant.id

    def board_id(self) -> str:
        """The board the page should show: the game's, or the one picked on the setup screen
        (the game's, whatever the screen, while its log is put in words)."""
        if self.game is not None and self.game_words:
            return self.game.board.id
        if self.screen == "setup" or self.game is None:
            return get_variant(self.form["variant"]).board_id
        return self.game.board.id

    def brand(self) -> str:
        """The top bar's name of the game (after "pywar"): the short name of the game whose
        board the page shows, in the page's language ("WAR II", "Batalhas Mitológicas")."""
        return self.variant_title(self.variant_shown())

    def page_title(self) -> str:
        """The browser tab's title: the game in play by name ("WAR II — pywar"), else
        the app's."""
        if self.screen == "setup" or self.game is None:
            return self.tr("app_title")
        return self.tr("title_game", game=self.brand())
