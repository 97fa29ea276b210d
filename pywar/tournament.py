"""Games between bot levels with seats and turn order rotated, as
``python -m pywar tournament`` prints them.

Game ``i`` turns the list of levels round by ``i`` places *in turn order*: the level at
``levels[(k - i) % n]`` is the ``k``-th to move (position 0 moves first). Seats (colours)
follow from the game's own deal, so over ``n`` consecutive games every level moves first,
second... equally often, whatever seat the deal makes the first player. Game seeds and bot
seeds are derived from the tournament seed.

A level's win rate is per seat: the wins of its seats over (games x seats of that level),
with a Wilson 95% interval; the same by turn position. ``turn_ms`` is the processor time
of a bot's whole turn of decisions (processor time, not wall time: on a shared machine the
wall time counts the other programs too). Games still running at the round cap are cut: nobody wins
them. The JSON printed is documented in ``docs/ai.md``.
"""

from __future__ import annotations

import json
import math
import time
import zlib
from collections.abc import Callable, Iterable
from typing import Any

from .ai import LEVELS, Bot, HardBot, make_bot
from .ai.evaluate import WEIGHT_NAMES
from .errors import WarError
from .game import Game
from .phase import Phase
from .simulate import DEFAULT_COLORS
from .variants import DEFAULT_VARIANT, get_variant

DEFAULT_LEVELS = ("hard", "normal", "normal")
#: WAR II's setup: centre cards and claims round the table, one action a "turn".


def derive(*parts: int | str) -> int:
    """A 32-bit seed from the tournament seed and indices (stable across platforms)."""
    return zlib.crc32(":".join(map(str, parts)).encode())


def seat_colors(variant: str) -> list[str]:
    """Seat colours in order: the simulator's order, kept to the board's colours."""
    allowed = get_variant(variant).board.raw.get("colors") or list(DEFAULT_COLORS)
    return [c for c in DEFAULT_COLORS if c in allowed] + [
        c for c in allowed if c not in DEFAULT_COLORS
    ]


def seat_levels(levels: list[str], game_index: int) -> list[str]:
    """The level at each turn position (0 moves first) in game ``game_index``: the list
    turned round by ``game_index`` places."""
    n = len(levels)
    r = game_index % n
    return [levels[(k - r) % n] for k in range(n)]


def first_mover(game: Game) -> int:
    """The seat that will make the first move of the first round (see
    :meth:`Game.first_mover <pywar.game.Game.first_mover>`)."""
    return game.first_mover()


def parse_weights(text: str) -> dict[str, float]:
    """Hard's score weights from ``"name=value,..."`` (the tournament's ``--weights``).

    >>> parse_weights("gamma=3, beta=0.3")
    {'gamma': 3.0, 'beta': 0.3}
    """
    weights: dict[str, float] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep:
            raise WarError(f"give weights as name=value; names: {', '.join(WEIGHT_NAMES)}")
        try:
            weights[name] = float(value)
        except ValueError:
            raise WarError(f"weight {name}: {value.strip()!r} is not a number") from None
    return check_weights(weights)


def check_weights(weights: dict[str, float] | None) -> dict[str, float]:
    """``weights`` as given, if every name is a weight of the score and every value a
    finite number (the printed JSON has no NaN)."""
    weights = dict(weights or {})
    unknown = sorted(set(weights) - set(WEIGHT_NAMES))
    if unknown:
        raise WarError(f"unknown weights {unknown}; names: {', '.join(WEIGHT_NAMES)}")
    bad = sorted(k for k, v in weights.items() if not math.isfinite(v))
    if bad:
        raise WarError(f"weights {bad} must be finite numbers")
    return weights


def new_match(
    levels: list[str],
    seed: int,
    variant: str = DEFAULT_VARIANT,
    options: dict[str, Any] | None = None,
    weights: dict[str, float] | None = None,
) -> tuple[Game, list[str], list[Bot]]:
    """A new game of ``seed`` with a bot of ``levels[k]`` as the ``k``-th to move: (the
    game, the levels by seat, the bots by seat, each seeded from ``seed`` and its seat);
    ``weights`` set over the hard bots' score weights."""
    n = len(levels)
    colors = seat_colors(variant)
    game = Game.new(
        variant,
        [(f"Seat {k + 1}", colors[k]) for k in range(n)],
        seed=seed,
        options=options or None,
    )
    anchor = first_mover(game)
    by_seat = [levels[(s - anchor) % n] for s in range(n)]
    bots = [make_bot(level, derive(seed, s)) for s, level in enumerate(by_seat)]
    for bot in bots:
        if weights and isinstance(bot, HardBot):
            bot.weights = {**bot.weights, **weights}
    return game, by_seat, bots


def name_seats(game: Game, by_seat: list[str]) -> None:
    """Name each seat by its level ("Hard 1", "Normal 2"): a bot seeds its sampling from
    the public view, names included, so these names make the tournament's games."""
    for s, level in enumerate(by_seat):
        game.players[s].name = f"{level.capitalize()} {s + 1}"
    game.setup["players"] = [[p.name, p.color] for p in game.players]


def play_match(
    levels: list[str],
    seed: int,
    variant: str = DEFAULT_VARIANT,
    round_cap: int | None = None,
    check: bool = False,
    options: dict[str, Any] | None = None,
    weights: dict[str, float] | None = None,
) -> dict[str, Any]:
    """Play one game with a bot of ``levels[k]`` as the ``k``-th to move; return its
    summary (``levels`` in it are by seat)."""
    rules = get_variant(variant)
    n = len(levels)
    game, by_seat, bots = new_match(levels, seed, variant, options, weights)
    name_seats(game, by_seat)
    cap = round_cap or rules.round_cap
    turn_ms: dict[str, list[float]] = {level: [] for level in levels}
    chunks: dict[str, list[int]] = {level: [0] * CHUNK_BINS for level in levels}
    seat = game.current
    setup = game.setup_in_progress()
    spent = 0.0
    actions = 0
    while game.phase != Phase.OVER and game.round <= cap:
        action = None
        bins = chunks[by_seat[game.current]]
        thinking = bots[game.current].think(game)  # chunk by chunk, as the page drives it
        while action is None:
            start = time.process_time()
            action = next(thinking)
            took = time.process_time() - start
            spent += took
            bins[min(CHUNK_BINS - 1, int(took * 1000))] += 1
        if check and not game.is_legal(action):
            raise WarError(f"{by_seat[game.current]} bot chose an illegal action {action}")
        game.apply(action)
        actions += 1
        if game.current != seat or game.phase == Phase.OVER:
            if not setup:  # a claim of WAR II's setup is one action, not a turn
                turn_ms[by_seat[seat]].append(spent * 1000)
            seat = game.current
            setup = game.setup_in_progress()
            spent = 0.0
    winner = game.winner
    first = game.first_player
    return {
        "seed": seed,
        "levels": by_seat,
        "first_player": first,
        "winner": winner,
        "winner_level": None if winner is None else by_seat[winner],
        "winner_position": None if winner is None else (winner - first) % n,
        "positions": [by_seat[(first + k) % n] for k in range(n)],
        "objectives": [game.objective_of(k)["id"] for k in range(n)],
        "objective_cards": [game.objective_card(k)["id"] for k in range(n)],
        "eliminated": [not game.players[k].alive for k in range(n)],
        "rounds": game.round,
        "finished": winner is not None,
        "actions": actions,
        "turn_ms": turn_ms,
        "chunk_bins": chunks,
    }


def wilson(wins: int, n: int, z: float = 1.96) -> list[float]:
    """Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return [round(max(0.0, mid - half), 4), round(min(1.0, mid + half), 4)]


def percentile(values: list[float], q: float) -> float | None:
    """The ``q`` quantile (nearest rank) of ``values``."""
    if not values:
        return None
    data = sorted(values)
    k = max(0, math.ceil(q * len(data)) - 1)
    return round(data[k], 2)


def rate(wins: int, n: int) -> dict[str, Any]:
    """Wins out of ``n`` with the rate and its Wilson 95% interval."""
    return {
        "wins": wins,
        "of": n,
        "win_rate": round(wins / n, 4) if n else 0.0,
        "ci95": wilson(wins, n),
    }


def run_jobs(job: Callable[[Any], dict[str, Any]], tasks: list[Any], jobs: int) -> list[Any]:
    """``job`` of every task, in order, in ``jobs`` processes (forked where the system can:
    the bots' tables are built once)."""
    if jobs <= 1:
        return [job(t) for t in tasks]
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(jobs) as pool:
        return pool.map(job, tasks, chunksize=1)


def _job(
    args: tuple[
        list[str], int, str, int | None, bool, dict[str, Any] | None, dict[str, float] | None
    ],
) -> dict[str, Any]:
    return play_match(*args)


#: Chunks of thinking are counted by whole milliseconds, the last bin taking the rest.
CHUNK_BINS = 201


def chunk_figures(bins: list[int]) -> dict[str, Any]:
    """The 99th percentile and the longest of the chunks of thinking counted in ``bins``
    (whole milliseconds of processor time; at least the figure given), and their number.

    >>> chunk_figures([5, 90, 4, 1] + [0] * 197)
    {'chunk_ms_p99': 2, 'chunk_ms_max': 3, 'chunks': 100}
    """
    total = sum(bins)
    if not total:
        return {"chunk_ms_p99": None, "chunk_ms_max": None, "chunks": 0}
    seen = 0
    p99 = None
    for ms, count in enumerate(bins):
        seen += count
        if p99 is None and seen >= 0.99 * total:
            p99 = ms
    longest = max(ms for ms, count in enumerate(bins) if count)
    return {"chunk_ms_p99": p99, "chunk_ms_max": longest, "chunks": total}


#: Games by the round they ended in (or were cut in): the first round of each bucket.
LENGTHS = (1, 5, 10, 15, 20)


def length_bucket(rounds: int) -> str:
    """The name of the bucket of a game that ended in round ``rounds``.

    >>> [length_bucket(r) for r in (1, 4, 5, 14, 20, 57)]
    ['1-4', '1-4', '5-9', '10-14', '20+', '20+']
    """
    start = max(b for b in LENGTHS if b <= max(1, rounds))
    if start == LENGTHS[-1]:
        return f"{start}+"
    return f"{start}-{LENGTHS[LENGTHS.index(start) + 1] - 1}"


def summarise(results: list[dict[str, Any]], lv: list[str]) -> dict[str, Any]:
    """Per level and per turn position figures of finished match summaries."""
    games = len(results)
    n = len(lv)
    seats_of = {x: lv.count(x) for x in lv}
    levels: dict[str, Any] = {}
    for level in dict.fromkeys(lv):
        wins = sum(1 for r in results if r["winner_level"] == level)
        times = [ms for r in results for ms in r["turn_ms"].get(level, [])]
        bins = [sum(b) for b in zip(*(r["chunk_bins"][level] for r in results), strict=True)]
        by_position = []
        for k in range(n):
            played = sum(1 for r in results if r["positions"][k] == level)
            won = sum(
                1 for r in results if r["positions"][k] == level and r["winner_position"] == k
            )
            by_position.append(rate(won, played))
        # The level's seats by the objective card each was dealt, and by game length.
        tally: dict[str, dict[str, list[int]]] = {"objective": {}, "length": {}}
        eliminated = 0
        for r in results:
            bucket = length_bucket(r["rounds"])
            for seat, at in enumerate(r["levels"]):
                if at != level:
                    continue
                won = int(r["winner"] == seat)
                for kind, key in (("objective", r["objective_cards"][seat]), ("length", bucket)):
                    row = tally[kind].setdefault(key, [0, 0])
                    row[0] += won
                    row[1] += 1
                eliminated += int(r["eliminated"][seat])
        by_length = {
            key: rate(*tally["length"][key])
            for key in map(length_bucket, LENGTHS)
            if key in tally["length"]
        }
        levels[level] = {
            "seats": seats_of[level],
            **rate(wins, games * seats_of[level]),
            "by_position": by_position,
            "by_objective": {
                key: rate(*tally["objective"][key]) for key in sorted(tally["objective"])
            },
            "by_length": by_length,
            "eliminated": eliminated,
            "turn_ms_p50": percentile(times, 0.5),
            "turn_ms_p95": percentile(times, 0.95),
            "turn_ms_max": percentile(times, 1.0),
            "turns": len(times),
            **chunk_figures(bins),
        }
    positions = [
        rate(sum(1 for r in results if r["winner_position"] == k), games) for k in range(n)
    ]
    rounds = [r["rounds"] for r in results]
    return {
        "mean_rounds": round(sum(rounds) / len(rounds), 2),
        "unfinished": sum(1 for r in results if not r["finished"]),
        "levels": levels,
        "positions": positions,
    }


def check_run(
    levels: Iterable[str] | None,
    players: int | None,
    variant: str,
    options: dict[str, Any] | None,
) -> tuple[list[str], dict[str, bool]]:
    """The levels in turn order, one per seat, and the options set, checked against the
    variant (a clear :class:`WarError` otherwise)."""
    lv = list(levels) if levels is not None else list(DEFAULT_LEVELS)
    if players is None:
        players = len(lv)
    unknown = [x for x in lv if x not in LEVELS]
    if unknown:
        raise WarError(f"unknown bot levels {unknown}; levels: {', '.join(LEVELS)}")
    if len(lv) == 1:
        lv = lv * players
    if len(lv) != players:
        raise WarError(f"give one level per seat: {players} players, {len(lv)} levels")
    rules = get_variant(variant)
    if not rules.min_players <= players <= min(rules.max_players, len(seat_colors(variant))):
        raise WarError(
            f"{variant} is played by {rules.min_players} to {rules.max_players} "
            f"players, not {players}"
        )
    opts = {k: True for k in (options or {}) if (options or {})[k]}
    bad = set(opts) - set(rules.options)
    if bad:
        raise WarError(
            f"unknown options {sorted(bad)} for {variant}; "
            f"options: {', '.join(rules.options) or 'none'}"
        )
    return lv, opts


def tournament(
    games: int = 20,
    seed: int = 0,
    players: int | None = None,
    levels: Iterable[str] | None = None,
    jobs: int = 1,
    variant: str = DEFAULT_VARIANT,
    round_cap: int | None = None,
    check: bool = False,
    options: dict[str, Any] | None = None,
    record: str | None = None,
    weights: dict[str, float] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games with seats and turn order rotated and summarise them; with
    ``record``, also write each game's summary to that file, one JSON object a line (with
    the variant, options and weights of the run: :func:`pair_records` pairs the games of
    two runs by their seeds); ``weights`` are set over the hard bots' score weights (the
    same deals: a paired trial)."""
    weights = check_weights(weights)
    lv, opts = check_run(levels, players, variant, options)
    players = len(lv)
    rules = get_variant(variant)
    if games < 1:
        raise WarError("play at least one game")
    tasks = [
        (seat_levels(lv, i), derive(seed, i), variant, round_cap, check, opts or None, weights)
        for i in range(games)
    ]
    start = time.perf_counter()
    results = run_jobs(_job, tasks, jobs)
    elapsed = time.perf_counter() - start
    if record is not None:
        run = {"variant": variant, "options": sorted(opts), "weights": weights}
        with open(record, "w", encoding="utf-8") as out:
            for i, r in enumerate(results):
                line = {k: v for k, v in r.items() if k != "chunk_bins"}
                out.write(json.dumps({"game": i, **run, **line}, sort_keys=True) + "\n")
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "variant": variant,
        "options": sorted(opts),
        "levels_in_turn_order": lv,
        "jobs": jobs,
        "round_cap": round_cap or rules.round_cap,
        "weights": weights,
        **summarise(results, lv),
        "seconds": round(elapsed, 1),
    }


def pair_records(first: str, second: str, level: str) -> dict[str, Any]:
    """Compare two runs game by game from their ``record`` files (the same deals: the
    same seed, levels, variant and options, one side changed): ``level``'s wins in each,
    the games that turned into its wins and the other way, and McNemar's standard
    deviation of the difference (the square root of the games that turned either way).

    Games pair up by their own seed, so the records of several runs (several
    ``--seed``) may be joined into one file a side; the games both records hold count."""
    runs: list[dict[int, dict[str, Any]]] = []
    for path in (first, second):
        run: dict[int, dict[str, Any]] = {}
        with open(path, encoding="utf-8") as f:
            for g in (json.loads(line) for line in f if line.strip()):
                if not isinstance(g, dict) or "seed" not in g or "levels" not in g:
                    raise WarError(f"{path}: not a tournament record (--record FILE)")
                if g["seed"] in run:
                    raise WarError(f"{path}: the game of seed {g['seed']} is there twice")
                run[g["seed"]] = g
        runs.append(run)
    shared = sorted(set(runs[0]) & set(runs[1]))
    if not shared:
        raise WarError("the records share no game: give runs of the same --seed and --levels")
    for i in shared:
        a, b = runs[0][i], runs[1][i]
        if any(a.get(k) != b.get(k) for k in ("levels", "variant", "options")):
            raise WarError(f"the game of seed {i} is not the same game in both records")

    def won(g: dict[str, Any]) -> bool:
        return g["winner"] is not None and g["levels"][g["winner"]] == level

    wins = [sum(1 for i in shared if won(run[i])) for run in runs]
    gained = sum(1 for i in shared if won(runs[1][i]) and not won(runs[0][i]))
    lost = sum(1 for i in shared if won(runs[0][i]) and not won(runs[1][i]))
    return {
        "games": len(shared),
        "level": level,
        "first": rate(wins[0], len(shared)),
        "second": rate(wins[1], len(shared)),
        "turned_to_second": gained,
        "turned_to_first": lost,
        "difference": wins[1] - wins[0],
        "difference_sd": round(math.sqrt(gained + lost), 2),
    }
