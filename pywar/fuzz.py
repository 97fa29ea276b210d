"""``python -m pywar fuzz``: random games and damaged saves against the engine and the loader.

Two kinds of cases, each a function of one integer seed (so any failure reproduces alone
with ``python -m pywar fuzz --case game:SEED`` or ``--case save:SEED``):

* a **game**: a random variant, player count and options; random legal actions (from
  ``legal_actions()``) mixed with the simple bot's, so turns end, players are eliminated and
  games are won. Every invariant is checked after every action, and every ``every`` actions
  (and at the end) the game goes through a JSON round trip (``dumps`` then ``loads``, which
  replays the log) and must come back equal, statistics included.
* a **save**: a real save of such a game (the current format, or the version-1 layout),
  damaged one to three times (keys deleted, retyped, duplicated or swapped, huge numbers,
  deep nesting, truncation, flipped characters, a dead player to move, a finished game
  without a winner, cards duplicated or lost, a tampered log...). It must be refused with a
  :class:`~pywar.errors.StateError`, or load into a game that passes every invariant, plays
  on, saves again and replays to the same state.

Any other outcome is a failure, reported with its case and exit status 1.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from .actions import Action
from .bot import SimpleBot
from .errors import IllegalAction, StateError
from .game import Game
from .invariants import problems
from .phase import Phase
from .savefile import to_data_v1
from .simulate import DEFAULT_COLORS, new_game
from .variants import VARIANTS

#: Seeds of case ``i`` of a run with seed ``s``: ``s * CASES + i``.
CASES = 10_000_000
#: Actions between two JSON round trips of a game.
EVERY = 250
#: Failures listed in full in the report (all are counted).
LISTED = 25


class Failure(Exception):
    """A broken expectation of a case."""


# ------------------------------------------------------------------------------ choices
def _setups() -> dict[str, list[int]]:
    """The player counts each variant allows."""
    out = {}
    for vid, v in sorted(VARIANTS.items()):
        colors = v.board.raw.get("colors") or DEFAULT_COLORS
        top = min(v.max_players, len(colors), len(DEFAULT_COLORS))
        out[vid] = list(range(v.min_players, top + 1))
    return out


SETUPS = _setups()
#: The top-level keys the variants' game classes add to a save (WAR II's own block).
EXTRA_KEYS = tuple(sorted({key for v in VARIANTS.values() for key in Game.class_for(v).EXTRA_KEYS}))


def random_game(rnd: random.Random) -> Game:
    """A new game of a random variant, player count and options."""
    variant = rnd.choice(sorted(SETUPS))
    players = rnd.choice(SETUPS[variant])
    options = {name: rnd.random() < 0.5 for name in VARIANTS[variant].options}
    return new_game(variant, players, rnd.randrange(2**32), options)


def pick(rnd: random.Random, actions: list[Action]) -> Action:
    """A random action: a random kind first, then one of that kind (so every kind comes up,
    however many counts or targets the others list)."""
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a.type, []).append(a)
    return rnd.choice(by_kind[rnd.choice(sorted(by_kind))])


class Chooser:
    """Chooses an action: the simple bot with probability ``p_bot``, else a random legal one."""

    def __init__(self, rnd: random.Random, p_bot: float) -> None:
        self.rnd = rnd
        self.p_bot = p_bot
        self.bot = SimpleBot()

    def choose(self, game: Game) -> Action:
        """The next action for the player to move."""
        if self.rnd.random() < self.p_bot:
            action = self.bot.choose(game)
            if not game.is_legal(action):
                raise Failure(f"the simple bot chose an illegal action {action}")
            return action
        actions = game.legal_actions()
        if not actions:
            raise Failure(f"no legal action in the {game.phase} phase")
        action = pick(self.rnd, actions)
        if not game.is_legal(action):
            raise Failure(f"listed action {action} is not legal")
        return action


def check(game: Game, where: str) -> None:
    """Raise :class:`Failure` if ``game`` breaks an invariant."""
    found = problems(game)
    if found:
        raise Failure(f"{where}: " + "; ".join(found))


def round_trip(game: Game, where: str) -> None:
    """The game must come back equal from its JSON (which replays the log)."""
    text = game.dumps()
    try:
        again = Game.loads(text)
    except StateError as exc:
        raise Failure(f"{where}: its own save is refused: {exc}") from None
    if again.to_json() != game.to_json():
        raise Failure(f"{where}: the save loads back different")
    if again.dice_stats != game.dice_stats or again.timeline != game.timeline:
        raise Failure(f"{where}: the replay gives other statistics")


# --------------------------------------------------------------------------- game cases
def game_case(seed: int, every: int = EVERY, cap: int | None = None) -> dict[str, Any]:
    """Play one random game (at most ``cap`` actions), checking everything; return its
    figures."""
    rnd = random.Random(seed)
    game = random_game(rnd)
    if rnd.random() < 0.1:  # mostly the simple bot, to the end: eliminations and victories
        length, p_bot = 6000, 0.97
    else:
        length, p_bot = rnd.choice((40, 150, 400, 1500)), rnd.choice((0.0, 0.5, 0.8, 0.95))
    player = Chooser(rnd, p_bot)
    length = min(length, cap or length)
    check(game, "the new game")
    actions = trips = 0
    while actions < length:
        if game.phase == Phase.OVER:
            if game.legal_actions():
                raise Failure("legal actions in a finished game")
            break
        action = player.choose(game)
        game.apply(action)
        actions += 1
        check(game, f"after action {actions} ({action.type})")
        if actions % every == 0:
            round_trip(game, f"after action {actions}")
            trips += 1
    round_trip(game, f"at the end ({actions} actions)")
    return {
        "variant": game.variant.id,
        "actions": actions,
        "round_trips": trips + 1,
        "over": game.phase == Phase.OVER,
        "eliminated": sum(not p.alive for p in game.players),
    }


# -------------------------------------------------------------------------- save damage
JUNK: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    2**63 - 1,
    -(2**63),
    10**18,
    "",
    "x",
    "over",
    "peru",
    "🙂",
    [],
    {},
    [0],
    [[1, 2], [3]],
    {"a": 1},
    {"type": "end_turn"},
)
DEEP = "\x00DEEP\x00"
HUGE = "\x00HUGE\x00"


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) to a value inside ``data``."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _name(path: tuple[Any, ...]) -> str:
    return ".".join(map(str, path)) or "(root)"


def _some_path(rnd: random.Random, data: Any, numbers: bool = False) -> tuple[Any, ...] | None:
    """A random path to a value (to a whole number only, with ``numbers``)."""
    paths = [p for p in _paths(data) if p and (not numbers or type(_get(data, p)) is int)]
    return rnd.choice(paths) if paths else None


def _delete_key(rnd: random.Random, data: Any) -> str:
    dicts = [p for p in _paths(data) if isinstance(_get(data, p), dict) and _get(data, p)]
    path = rnd.choice(dicts)
    key = rnd.choice(sorted(_get(data, path)))
    del _get(data, path)[key]
    return f"delete {_name((*path, key))}"


def _retype(rnd: random.Random, data: Any) -> str:
    path = _some_path(rnd, data)
    if path is None:
        return "nothing to retype"
    value = rnd.choice(JUNK)
    _set(data, path, value)
    return f"set {_name(path)} = {json.dumps(value, ensure_ascii=False)}"


def _swap(rnd: random.Random, data: Any) -> str:
    a, b = _some_path(rnd, data), _some_path(rnd, data)
    if a is None or b is None or a[: len(b)] == b or b[: len(a)] == a:
        return "nothing to swap"
    va, vb = _get(data, a), _get(data, b)
    _set(data, a, vb)
    _set(data, b, va)
    return f"swap {_name(a)} and {_name(b)}"


def _tweak_number(rnd: random.Random, data: Any) -> str:
    path = _some_path(rnd, data, numbers=True)
    if path is None:
        return "no number"
    value = rnd.choice(
        (
            HUGE,
            -1,
            0,
            1,
            2,
            _get(data, path) + 1,
            _get(data, path) - 1,
            2**64,
            -(2**64),
            10**19,
            1.5,
            float("nan"),
        )
    )
    _set(data, path, value)
    return f"set {_name(path)} = {value if value != HUGE else '10**400'}"


def _nest(rnd: random.Random, data: Any) -> str:
    path = _some_path(rnd, data)
    if path is None:
        return "nothing to nest"
    _set(data, path, DEEP)
    return f"nest {_name(path)} 5000 deep"


def _semantic(rnd: random.Random, data: Any) -> str:
    """A damage a player could meet: a plausible save that breaks a rule of the game."""
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, dict) for p in players)
    ):
        return _retype(rnd, data)
    n = len(players)
    kind = rnd.choice(
        (
            "dead_to_move",
            "over_no_winner",
            "winner_not_over",
            "card_twice",
            "card_lost",
            "owner",
            "armies",
            "pools",
            "phase",
            "log_cut",
            "log_extra",
            "log_digit",
            "rng",
            "current",
            "objective",
            "occupy",
            "hand_to_dead",
            "seed",
            "extra",
        )
    )
    cur = data.get("current") if isinstance(data.get("current"), int) else 0
    if kind == "dead_to_move" and 0 <= cur < n:
        players[cur]["alive"] = False
        players[cur]["eliminated_by"] = (cur + 1) % n
    elif kind == "over_no_winner":
        data["phase"], data["winner"] = "over", None
    elif kind == "winner_not_over":
        data["winner"] = rnd.randrange(n)
    elif kind in ("card_twice", "card_lost"):
        piles = [p["cards"] for p in players if isinstance(p.get("cards"), list)]
        piles += [data[k] for k in ("deck", "discard") if isinstance(data.get(k), list)]
        full = [p for p in piles if p]
        if not full:
            return "no cards"
        if kind == "card_twice":
            rnd.choice(piles).append(rnd.choice(rnd.choice(full)))
        else:
            pile = rnd.choice(full)
            pile.pop(rnd.randrange(len(pile)))
    elif kind in ("owner", "armies") and isinstance(data.get(kind), (list, dict)):
        table = data[kind]
        keys = list(table) if isinstance(table, dict) else list(range(len(table)))
        if keys:
            table[rnd.choice(keys)] = rnd.choice((0, -1, n, n - 1, 1, 10**9 + 1, None))
    elif kind == "pools" and isinstance(data.get("pools"), dict):
        data["pools"][rnd.choice(("free", "continent:asia", "territory:brasil", "x"))] = rnd.choice(
            (0, 1, 5, -2)
        )
    elif kind == "phase":
        data["phase"] = rnd.choice(
            ("reinforce", "attack", "occupy", "regroup", "over", "air", "claim", "centre_choice")
        )
    elif kind.startswith("log") and isinstance(data.get("log"), (str, list)):
        return _damage_log(rnd, data, kind)
    elif kind == "rng" and isinstance(data.get("rng"), str) and data["rng"]:
        i = rnd.randrange(len(data["rng"]))
        data["rng"] = data["rng"][:i] + rnd.choice("0f9aZ") + data["rng"][i + 1 :]
    elif kind == "current":
        data["current"] = rnd.randrange(n + 1)
    elif kind == "objective":
        rnd.choice(players)["objective"] = rnd.choice(
            [p.get("objective") for p in players] + ["territories_24_fallback", "none"]
        )
    elif kind == "occupy":
        data["occupy"] = rnd.choice(
            ({"source": "argentina", "target": "peru", "max": 3}, {"source": "argentina"}, None)
        )
    elif kind == "hand_to_dead":
        dead = [p for p in players if p.get("alive") is False]
        if dead and isinstance(data.get("deck"), list) and data["deck"]:
            dead[0]["cards"] = [data["deck"].pop()]
    elif kind == "seed" and isinstance(data.get("setup"), dict):
        data["setup"]["seed"] = rnd.randrange(2**32)
    elif kind == "extra":
        data[rnd.choice(("extra", "timeline", "dice_stats", *EXTRA_KEYS))] = rnd.choice(JUNK)
    else:
        return _retype(rnd, data)
    return f"semantic {kind}"


def _damage_log(rnd: random.Random, data: Any, kind: str) -> str:
    log = data["log"]
    if isinstance(log, list):
        if not log:
            return "empty log"
        if kind == "log_cut":
            log.pop()
        elif kind == "log_extra":
            log.append(rnd.choice(log))
        else:
            i, j = rnd.randrange(len(log)), rnd.randrange(len(log))
            log[i], log[j] = log[j], log[i]
        return f"semantic {kind} (version 1)"
    tokens = log.split(" ") if log else []
    if kind == "log_cut" and tokens:
        tokens.pop(rnd.randrange(len(tokens)))
    elif kind == "log_extra":
        tokens.insert(
            rnd.randrange(len(tokens) + 1),
            rnd.choice((*tokens, "t", "e", "pA3", "aAB3*40", "o9", "T[0.1.2]")),
        )
    elif tokens:
        i = rnd.randrange(len(tokens))
        t = tokens[i]
        k = rnd.randrange(len(t))
        tokens[i] = t[:k] + rnd.choice("0123456789ABaz*/.[]()_") + t[k + 1 :]
    data["log"] = " ".join(tokens)
    return f"semantic {kind}"


STRUCTURE_DAMAGES: tuple[Callable[[random.Random, Any], str], ...] = (
    _delete_key,
    _retype,
    _swap,
    _tweak_number,
    _nest,
    _semantic,
    _semantic,
    _semantic,
)


def _dumps(data: Any, duplicate: tuple[tuple[Any, ...], str, Any] | None = None) -> str:
    """JSON text of ``data``; ``duplicate`` writes one key of one object a second time."""

    def emit(value: Any, path: tuple[Any, ...]) -> str:
        if value == DEEP and isinstance(value, str):
            return "[" * 5000 + "]" * 5000
        if value == HUGE and isinstance(value, str):
            return "1" + "0" * 400
        if isinstance(value, float) and value != value:
            return "NaN"
        if isinstance(value, dict):
            items = [f"{json.dumps(k)}:{emit(v, (*path, k))}" for k, v in value.items()]
            if duplicate is not None and duplicate[0] == path:
                items.append(f"{json.dumps(duplicate[1])}:{emit(duplicate[2], (None,))}")
            return "{" + ",".join(items) + "}"
        if isinstance(value, list):
            return "[" + ",".join(emit(v, (*path, i)) for i, v in enumerate(value)) + "]"
        return json.dumps(value, ensure_ascii=False)

    return emit(data, ())


def damaged_save(rnd: random.Random, game: Game) -> tuple[str, list[str]]:
    """A damaged save text of ``game`` and what was done to it."""
    data = game.to_json() if rnd.random() < 0.8 else to_data_v1(game)
    done = []
    duplicate = None
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        how = rnd.random()
        if how < 0.12:
            dicts = [p for p in _paths(data) if isinstance(_get(data, p), dict) and _get(data, p)]
            path = rnd.choice(dicts)
            key = rnd.choice(sorted(_get(data, path)))
            value = rnd.choice((*JUNK, _get(data, path)[key]))
            duplicate = (path, key, value)
            done.append(f"duplicate {_name((*path, key))} as {json.dumps(value)[:40]}")
        else:
            done.append(rnd.choice(STRUCTURE_DAMAGES)(rnd, data))
    text = _dumps(data, duplicate)
    how = rnd.random()
    if how < 0.08:
        cut = rnd.randrange(len(text) + 1)
        done.append(f"truncate at {cut} of {len(text)}")
        text = text[:cut]
    elif how < 0.18:
        chars = list(text)
        for _ in range(rnd.choice((1, 1, 2, 5, 20))):
            i = rnd.randrange(len(chars))
            chars[i] = rnd.choice(
                (
                    '"',
                    "\\",
                    "{",
                    "]",
                    ",",
                    ":",
                    "0",
                    "9",
                    "-",
                    "e",
                    ".",
                    "\x00",
                    "\ud800",
                    "é",
                    " ",
                    "n",
                    chr(rnd.randrange(128)),
                )
            )
        text = "".join(chars)
        done.append("flip characters")
    return text, done


# -------------------------------------------------------------------------- save cases
def save_case(seed: int, cap: int | None = None) -> dict[str, Any]:
    """Damage a real save (of a game of at most ``cap`` actions) and feed it to the loader;
    return the outcome."""
    rnd = random.Random(seed)
    game = random_game(rnd)
    player = Chooser(rnd, rnd.choice((0.0, 0.7, 0.95)))
    steps = rnd.choice((0, 5, 40, 150, 400, 1500))
    for _ in range(min(steps, cap or steps)):
        if game.phase == Phase.OVER:
            break
        game.apply(player.choose(game))
    text, done = damaged_save(rnd, game)
    try:
        loaded = Game.loads(text)
    except StateError as exc:
        if exc.unexpected:
            raise Failure(f"refused only by the loader's last guard: {exc}") from None
        return {"variant": game.variant.id, "refused": True, "damage": done}
    check(loaded, "the loaded save")
    for k in range(rnd.choice((1, 3, 10))):
        if loaded.phase == Phase.OVER:
            break
        action = player.choose(loaded)
        try:
            loaded.apply(action)
        except IllegalAction as exc:
            raise Failure(f"the loaded game refuses its own legal action {action}: {exc}") from None
        check(loaded, f"the loaded game after {k + 1} actions")
    round_trip(loaded, "the loaded game, played on")
    if loaded.replayed().to_json() != loaded.to_json():
        raise Failure("the loaded game does not replay to its state")
    return {"variant": game.variant.id, "refused": False, "damage": done}


# --------------------------------------------------------------------------------- runs
def run_case(kind: str, seed: int, every: int = EVERY, cap: int | None = None) -> dict[str, Any]:
    """Run one case, catching any failure (with its traceback's last line)."""
    try:
        result = game_case(seed, every, cap) if kind == "game" else save_case(seed, cap)
    except Failure as exc:
        return {"failure": str(exc), "kind": kind, "seed": seed}
    except Exception as exc:  # noqa: BLE001 - any exception of a case is what we look for
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return {
            "failure": f"{type(exc).__name__}: {str(exc)[:300]} "
            f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
            "kind": kind,
            "seed": seed,
        }
    result["kind"] = kind
    return result


def _run_chunk(cases: list[tuple[str, int]], every: int, cap: int | None) -> list[dict[str, Any]]:
    return [run_case(kind, seed, every, cap) for kind, seed in cases]


def fuzz(
    games: int = 100,
    saves: int = 100,
    seed: int = 0,
    jobs: int = 1,
    every: int = EVERY,
    case: str | None = None,
    cap: int | None = None,
) -> dict[str, Any]:
    """Run ``games`` game cases and ``saves`` save cases (or the single ``case``,
    ``game:SEED``/``save:SEED``) on ``jobs`` processes; return the report. ``cap`` bounds
    the actions of every game (for quick runs)."""
    start = time.perf_counter()
    if case is not None:
        kind, _, number = case.partition(":")
        if kind not in ("game", "save") or not number.lstrip("-").isdigit():
            raise ValueError(f"a case is game:SEED or save:SEED, not {case!r}")
        cases = [(kind, int(number))]
    else:
        cases = [("game", seed * CASES + i) for i in range(games)] + [
            ("save", seed * CASES + i) for i in range(saves)
        ]
    results: list[dict[str, Any]] = []
    if jobs <= 1 or len(cases) < 2:
        results = _run_chunk(cases, every, cap)
    else:
        # Interleaved chunks: long and short cases spread over the processes.
        size = max(1, min(50, len(cases) // (jobs * 4) or 1))
        chunks = [cases[i : i + size] for i in range(0, len(cases), size)]
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_run_chunk, chunks, [every] * len(chunks), [cap] * len(chunks)):
                results.extend(part)
    return _report(results, seed, every, cap, time.perf_counter() - start)


def _report(
    results: list[dict[str, Any]], seed: int, every: int, cap: int | None, seconds: float
) -> dict[str, Any]:
    options = (f" --every {every}" if every != EVERY else "") + (f" --cap {cap}" if cap else "")
    failures = [r for r in results if "failure" in r]
    played = [r for r in results if r["kind"] == "game" and "failure" not in r]
    tried = [r for r in results if r["kind"] == "save" and "failure" not in r]
    damages: Counter[str] = Counter()
    for r in tried:
        for d in r["damage"]:
            damages[d.split(" ")[0] if not d.startswith("semantic") else d.split(" (")[0]] += 1
    actions = sum(r["actions"] for r in played)
    return {
        "seed": seed,
        "games": sum(r["kind"] == "game" for r in results),
        "games_by_variant": dict(sorted(Counter(r["variant"] for r in played).items())),
        "games_finished": sum(r["over"] for r in played),
        "players_eliminated": sum(r["eliminated"] for r in played),
        "actions_checked": actions,
        "round_trips": sum(r["round_trips"] for r in played),
        "round_trip_every": every,
        "cap": cap,
        "saves_tried": sum(r["kind"] == "save" for r in results),
        "saves_refused": sum(r["refused"] for r in tried),
        "saves_loaded": sum(not r["refused"] for r in tried),
        "damages": dict(sorted(damages.items())),
        "failures": len(failures),
        "failure_cases": [
            {**f, "repro": f"python -m pywar fuzz --case {f['kind']}:{f['seed']}{options}"}
            for f in sorted(failures, key=lambda f: (f["kind"], f["seed"]))[:LISTED]
        ],
        "seconds": round(seconds, 1),
        "actions_per_second": round(actions / seconds) if seconds else None,
    }
