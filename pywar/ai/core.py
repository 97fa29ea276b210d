"""What every bot level shares: the board as integer tables, a position built from one
seat's view, exact odds tables, battle sampling and objective costs.

A bot never reads the game's hidden state. :meth:`Position.from_view` takes
``game.view(me)`` (the public board, the seat's own objective and hand, the others' card
counts) and nothing else; the board data and pure rule helpers (set checks, trade values)
come from the board and the variant.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ..board import JOKER, Board
from ..game import is_valid_set
from ..odds import roll_table
from ..variants import Variant, get_variant

#: Larger battles are looked up scaled down to this many armies on the bigger side (the
#: exact tables grow with the armies; at this size the ratio decides nearly everything).
ODDS_CAP = 100


class BoardInfo:
    """A board as integer tables: territory indices, neighbours, continents, cards."""

    def __init__(self, variant: Variant) -> None:
        board: Board = variant.board
        self.variant = variant
        self.board = board
        self.ids: list[str] = list(board.territories)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.ids)}
        self.n = len(self.ids)
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[u] for u in sorted(board.neighbors[t])) for t in self.ids
        )
        self.cont_ids: list[str] = list(board.continents)
        cidx = {c: i for i, c in enumerate(self.cont_ids)}
        self.cont_of: list[int] = [cidx[board.continent_of(t)] for t in self.ids]
        self.conts: list[tuple[int, ...]] = [
            tuple(self.index[t] for t in board.continents[c].territories) for c in self.cont_ids
        ]
        self.bonus: list[int] = [board.continents[c].bonus for c in self.cont_ids]
        # Territories of a continent that border another continent: what holding it costs.
        self.cont_borders: list[tuple[int, ...]] = [
            tuple(t for t in ts if any(self.cont_of[u] != c for u in self.nbrs[t]))
            for c, ts in enumerate(self.conts)
        ]
        self.card_terr: list[int] = [
            -1 if card.territory is None else self.index[card.territory] for card in board.cards
        ]
        self.card_shape: list[str] = [card.shape for card in board.cards]
        self.objectives: dict[str, dict[str, Any]] = {o["id"]: o for o in board.objectives}
        fallback = board.raw.get("fallback_objective")
        self.fallback_id: str | None = fallback["id"] if fallback else None
        if fallback:
            self.objectives[fallback["id"]] = fallback
        self.colors: list[str] = list(board.raw.get("colors", []))
        # WAR II: majority bonuses, Strategic Centres (1 army and 1 bomber a turn each).
        raw_conts = {c["id"]: c for c in board.raw.get("continents", [])}
        self.majority: list[int] = [
            int(raw_conts.get(c, {}).get("majority_bonus", 0)) for c in self.cont_ids
        ]
        self.centres: tuple[int, ...] = tuple(
            self.index[t] for t in board.raw.get("strategic_centres", [])
        )
        self.is_centre: list[bool] = [t in self.centres for t in range(self.n)]
        #: Whether the board plays WAR II's rules (centres, majorities, bombers).
        self.war2 = bool(self.centres)
        rules = board.raw.get("rules", {})
        self.hand_limit = int(rules.get("hand_limit", 99))
        self.cards_per_turn = int(rules.get("cards_per_conquest_turn", 1))

    def continent_index(self, cid: str) -> int:
        """Index of a continent id."""
        return self.cont_ids.index(cid)


@cache
def board_info(variant_id: str) -> BoardInfo:
    """The integer tables of a variant's board (built once)."""
    return BoardInfo(get_variant(variant_id))


# ---------------------------------------------------------------------- odds
def _key(a: int, d: int) -> tuple[int, int, float]:
    """Table key for a battle (scaled down past :data:`ODDS_CAP`) and the scale factor."""
    top = a if a > d else d
    if top <= ODDS_CAP:
        return a, d, 1.0
    f = ODDS_CAP / top
    return max(2, round(a * f)), max(1, round(d * f)), f


class _Tables:
    """Battles to the end (the attacker rolls until one army is left), for every
    ``a, d <= ODDS_CAP``, by one recurrence over the rolls: ``win[a][d]`` the chance to
    conquer, ``won[a][d]`` the attacker's armies left times that chance, ``held[a][d]`` the
    defender's armies left times the chance the attack fails.

    Each battle's value comes from the battles one roll later, so a cell costs at most
    four products: the whole table is cheap, where :func:`pywar.odds.battle_odds` runs a
    battle's exact distribution on big integers (milliseconds a battle, too slow for a bot
    thinking in 8 ms chunks). The values agree with it to about 1e-15.
    Filled lazily, a block of rows and columns at a time, as bigger battles are asked for.
    """

    def __init__(self) -> None:
        self.rows = 0  # rows 0..rows-1 are filled in columns 0..cols-1
        self.cols = 0
        size = ODDS_CAP + 1
        self.win = [[0.0] * size for _ in range(size)]
        self.won = [[0.0] * size for _ in range(size)]
        self.held = [[0.0] * size for _ in range(size)]
        #: roll_table for (attack dice, defence dice), with each outcome's losses.
        self.rolls = {
            (r, y): [(k, min(r, y) - k, p) for k, p in enumerate(roll_table(r, y))]
            for r in range(1, 4)
            for y in range(1, 4)
        }

    def ensure(self, a: int, d: int) -> None:
        """Fill the table up to ``a`` rows and ``d`` columns (grown to at least 16)."""
        if a < self.rows and d < self.cols:
            return
        rows = min(ODDS_CAP + 1, max(self.rows, a + 1, 16))
        cols = min(ODDS_CAP + 1, max(self.cols, d + 1, 16))
        for x in range(rows):  # new columns of the old rows, then the new rows whole
            self._fill_row(x, self.cols if x < self.rows else 0, cols)
        self.rows, self.cols = rows, cols

    def _fill_row(self, a: int, lo: int, hi: int) -> None:
        win, won, held = self.win[a], self.won[a], self.held[a]
        red = 3 if a > 3 else a - 1
        for d in range(lo, hi):
            if d == 0:
                win[0], won[0], held[0] = 1.0, float(a), 0.0
            elif red < 1:
                win[d], won[d], held[d] = 0.0, 0.0, float(d)
            else:
                w = v = h = 0.0
                for la, ld, p in self.rolls[red, 3 if d > 3 else d]:
                    x, y = a - la, d - ld
                    w += p * self.win[x][y]
                    v += p * self.won[x][y]
                    h += p * self.held[x][y]
                win[d], won[d], held[d] = w, v, h


_TABLES = _Tables()


def p_win(a: int, d: int) -> float:
    """Chance that a territory of ``a`` armies attacking one of ``d`` conquers it when it
    fights until only its occupation army is left (odds of every roll, tabled; battles past
    :data:`ODDS_CAP` armies are scaled down).

    >>> round(p_win(10, 6), 3)
    0.486
    """
    if a < 2:
        return 0.0
    if d < 1:
        return 1.0
    if a > ODDS_CAP or d > ODDS_CAP:
        a, d, _ = _key(a, d)
    t = _TABLES
    if a >= t.rows or d >= t.cols:
        t.ensure(a, d)
    return t.win[a][d]


def left_if_win(a: int, d: int) -> float:
    """Expected armies left in the attacking territory after a conquest (before moving in).

    >>> round(left_if_win(10, 1), 2)
    9.49
    """
    if a < 2:
        return 1.0
    ka, kd, f = _key(a, d)
    _TABLES.ensure(ka, kd)
    w = _TABLES.win[ka][kd]
    return (_TABLES.won[ka][kd] / w if w > 0.0 else 1.0) / f


def left_if_fail(a: int, d: int) -> float:
    """Expected defending armies left when an attack to the end fails."""
    if a < 2:
        return float(d)
    ka, kd, f = _key(a, d)
    _TABLES.ensure(ka, kd)
    fail = 1.0 - _TABLES.win[ka][kd]
    return (_TABLES.held[ka][kd] / fail if fail > 1e-12 else 1.0) / f


@cache
def _cumulative(att: int, dfn: int) -> tuple[float, ...]:
    acc = 0.0
    out = []
    for p in roll_table(att, dfn):
        acc += p
        out.append(acc)
    out[-1] = 1.0
    return tuple(out)


def roll(a: int, d: int, rnd: random.Random) -> tuple[int, int]:
    """One sampled roll of ``a`` attacking armies against ``d``: (attacker, defender) losses."""
    att = 3 if a > 3 else a - 1
    dfn = 3 if d > 3 else d
    cum = _cumulative(att, dfn)
    x = rnd.random()
    k = 0
    while x > cum[k]:
        k += 1
    return k, min(att, dfn) - k


def fight(a: int, d: int, stop: int, rnd: random.Random) -> tuple[int, int]:
    """Sample a whole battle: roll until the defender is gone or the attacker has ``stop``
    armies or fewer. Returns the armies left on both sides."""
    while d > 0 and a > stop and a > 1:
        la, ld = roll(a, d, rnd)
        a -= la
        d -= ld
    return a, d


def conquest_cost(d: int) -> float:
    """Rough armies it costs to take a territory of ``d`` armies and leave one in it."""
    return 1.3 + 1.7 * (d - 1) if d > 0 else 0.0


# ------------------------------------------------------------------ position
class Position:
    """One seat's picture of the game, with integer-indexed owners and armies.

    Only the fields of ``game.view(me)`` are used. ``owner``/``armies`` are plain lists
    that planners copy and change freely.
    """

    __slots__ = (
        "info",
        "owner",
        "armies",
        "me",
        "nplayers",
        "alive",
        "colors",
        "card_counts",
        "current",
        "phase",
        "pools",
        "hand",
        "objective",
        "objective_id",
        "trade_value",
        "trades_done",
        "moved",
        "occupy",
        "conquered",
        "round",
        "turn",
        "must_trade",
        "objective_ids",
        "ci_targets",
        "air_base",
        "bomber_box",
    )

    info: BoardInfo
    owner: list[int]
    armies: list[int]
    me: int
    nplayers: int
    alive: list[bool]
    colors: list[str]
    card_counts: list[int]
    current: int
    phase: str
    pools: dict[str, int]
    hand: list[int]
    objective: dict[str, Any]
    objective_id: str
    objective_ids: list[str | None]
    trade_value: int
    trades_done: int
    moved: list[int]
    occupy: tuple[int, int, int] | None
    conquered: bool
    round: int
    turn: int
    must_trade: bool
    ci_targets: tuple[int, ...]
    air_base: int
    bomber_box: int

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Position:
        """Build a position from ``game.view(me)``."""
        pos = cls.__new__(cls)
        info = board_info(view["variant"])
        pos.info = info
        ids = info.ids
        owner = view["owner"]
        armies = view["armies"]
        pos.owner = [owner[t] for t in ids]
        pos.armies = [armies[t] for t in ids]
        pos.me = view["me"]
        players = view["players"]
        pos.nplayers = len(players)
        pos.alive = [bool(p["alive"]) for p in players]
        pos.colors = [p["color"] for p in players]
        pos.card_counts = [int(p["cards"]) for p in players]
        pos.current = view["current"]
        pos.phase = view["phase"]
        pools: dict[str, int] = {}
        for key, k in view["pools"].items():
            # A majority's armies are bound to their continent, as a whole one's (WAR II).
            if key.startswith("majority:"):
                key = "continent:" + key.split(":", 1)[1]
            elif key.startswith("majority_any:"):  # placed anywhere, as the free ones
                key = "free"
            pools[key] = pools.get(key, 0) + k
        pos.pools = pools
        seat = players[pos.me]
        pos.hand = list(seat.get("hand", []))
        pos.objective_id = seat.get("objective", "")
        pos.objective = info.objectives.get(pos.objective_id, {"kind": "territories", "count": 24})
        # Objectives shown in the view: our own, or everyone's once the game is over.
        pos.objective_ids = [p.get("objective") for p in players]
        pos.trade_value = int(view.get("next_trade_value", 0))
        pos.trades_done = int(view.get("trades_done", 0))
        pos.moved = [view["moved"].get(t, 0) for t in ids]
        occ = view["occupy"]
        pos.occupy = (
            None
            if not occ
            else (info.index[occ["source"]], info.index[occ["target"]], int(occ["max"]))
        )
        pos.conquered = bool(view["conquered"])
        pos.round = int(view["round"])
        pos.turn = int(view["turn"])
        pos.must_trade = bool(view["must_trade"])
        # WAR II: territories holding an Information Centre someone else holds (capturing
        # one shows its owner's cards and objective).
        pos.air_base = int((view.get("air_base") or [0] * pos.nplayers)[pos.me])
        pos.bomber_box = int((view.get("bomber_box") or [0] * pos.nplayers)[pos.me])
        cis = view.get("information_centres") or {}
        pos.ci_targets = tuple(
            sorted(
                info.index[c["territory"]]
                for c in cis.values()
                if c["territory"] is not None and c["holder"] != pos.me
            )
        )
        return pos

    def clone(self) -> Position:
        """A copy whose owner and armies lists may be changed."""
        pos = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(pos, name, getattr(self, name))
        pos.owner = list(self.owner)
        pos.armies = list(self.armies)
        pos.alive = list(self.alive)
        pos.moved = list(self.moved)
        return pos

    # -------------------------------------------------------------- helpers
    def mine(self, p: int | None = None) -> list[int]:
        """Territories of seat ``p`` (default: me)."""
        p = self.me if p is None else p
        return [t for t, o in enumerate(self.owner) if o == p]

    def income(self, p: int) -> int:
        """Armies ``p`` would receive for territories and whole continents (no cards)."""
        owner = self.owner
        n = 0
        for o in owner:
            if o == p:
                n += 1
        v = self.info.variant
        total = max(v.min_reinforcement, n // v.territory_divisor)
        info = self.info
        for c, ts in enumerate(info.conts):
            held = sum(1 for t in ts if owner[t] == p)
            if held == len(ts):
                total += info.bonus[c]
            elif 2 * held > len(ts):
                total += info.majority[c]
        for t in info.centres:
            if owner[t] == p:
                total += 1
        return total

    def owns_continent(self, p: int, c: int) -> bool:
        """Whether ``p`` holds continent ``c`` whole."""
        owner = self.owner
        return all(owner[t] == p for t in self.info.conts[c])

    def enemy_adjacent(self, t: int) -> int:
        """Enemy armies next to ``t`` (relative to its owner)."""
        o = self.owner[t]
        owner = self.owner
        armies = self.armies
        return sum(armies[u] for u in self.info.nbrs[t] if owner[u] != o)

    def is_border(self, t: int) -> bool:
        """Whether ``t`` touches a territory of another seat."""
        o = self.owner[t]
        owner = self.owner
        return any(owner[u] != o for u in self.info.nbrs[t])

    def seat_of_color(self, color: str) -> int | None:
        """The seat playing ``color`` (None if nobody does)."""
        return self.colors.index(color) if color in self.colors else None

    def seed_text(self) -> str:
        """A compact text of the public position (for seeding a bot's own generator)."""
        return ",".join(map(str, self.owner)) + "|" + ",".join(map(str, self.armies))


def war2_worth(pos: Position, centre: float = 2.5) -> list[float]:
    """WAR II's extra worth of conquering each enemy territory for ``pos.me``: a Strategic
    Centre (an army and a bomber every turn), the majority of its continent won, the
    owner's majority broken. All zeros on boards without them."""
    info = pos.info
    n = info.n
    if not info.war2:
        return [0.0] * n
    me = pos.me
    owner = pos.owner
    out = [centre if info.is_centre[t] else 0.0 for t in range(n)]
    for t in pos.ci_targets:
        out[t] += 2.0
    for c, ts in enumerate(info.conts):
        bonus = info.majority[c]
        if not bonus:
            continue
        size = len(ts)
        held: dict[int, int] = {}
        for t in ts:
            held[owner[t]] = held.get(owner[t], 0) + 1
        mine = held.get(me, 0)
        gain = 2.0 * bonus if 2 * mine <= size < 2 * (mine + 1) else 0.0
        for t in ts:
            o = owner[t]
            if o == me:
                continue
            k = held[o]
            breaks = bonus if 2 * k > size >= 2 * (k - 1) and k < size else 0.0
            out[t] += gain + breaks
    return out


# ------------------------------------------------------------------- cards
def valid_sets(info: BoardInfo, hand: list[int]) -> list[tuple[int, int, int]]:
    """Every three-card set in ``hand`` (pure rule helper on one's own cards)."""
    shapes = info.card_shape
    out = []
    n = len(hand)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                combo = (hand[i], hand[j], hand[k])
                if is_valid_set([shapes[c] for c in combo]):
                    out.append(combo)
    return out


def best_set(
    pos: Position, sets: list[tuple[int, int, int]], weight: list[float] | None = None
) -> tuple[tuple[int, int, int], int | None]:
    """The set to trade and the territory (index) for the +2: prefer a card territory we hold
    (the most useful one by ``weight``), keep jokers, keep cards whose territory we hold."""
    info = pos.info
    me = pos.me

    def bonus_of(combo: tuple[int, ...]) -> int | None:
        held = [
            info.card_terr[c]
            for c in combo
            if info.card_terr[c] >= 0 and pos.owner[info.card_terr[c]] == me
        ]
        if not held:
            return None
        if weight is None:
            return held[0]
        return max(held, key=lambda t: (weight[t], -t))

    def score(combo: tuple[int, ...]) -> tuple[int, int, int]:
        jokers = sum(1 for c in combo if info.card_shape[c] == JOKER)
        held = sum(
            1 for c in combo if info.card_terr[c] >= 0 and pos.owner[info.card_terr[c]] == me
        )
        return (bonus_of(combo) is not None, -jokers, -held)

    combo = max(sets, key=score)
    return combo, bonus_of(combo)


def set_chance(info: BoardInfo, hand: list[int]) -> float:
    """Rough chance that the hand holds a set after one more card (1.0 if it already does)."""
    if len(hand) >= 3 and valid_sets(info, hand):
        return 1.0
    if len(hand) < 2:
        return 0.0
    if any(info.card_shape[c] == JOKER for c in hand):
        return 1.0
    return 0.36 if len(hand) == 2 else 0.7
