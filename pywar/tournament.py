"""Seat-rotated games between bot levels, as ``python -m pywar tournament`` prints them.

Game ``i`` turns the list of levels round by ``i`` seats, so every level sits in every seat
equally often; game seeds and bot seeds are derived from the tournament seed. A level's win
rate is per seat: the wins of its seats over (games x seats of that level), with a Wilson
95% interval. ``turn_ms`` is the wall time of a bot's whole turn of decisions. Games still
running at the round cap are unfinished: nobody wins them.
"""

from __future__ import annotations

import math
import time
import zlib
from collections.abc import Iterable
from typing import Any

from .ai import LEVELS, make_bot
from .errors import WarError
from .game import Game
from .simulate import DEFAULT_COLORS
from .variants import get_variant

DEFAULT_LEVELS = ("hard", "normal", "normal")


def derive(*parts: int | str) -> int:
    """A 32-bit seed from the tournament seed and indices (stable across platforms)."""
    return zlib.crc32(":".join(map(str, parts)).encode())


def seat_colors(variant: str) -> list[str]:
    """Seat colours in order: the simulator's order, kept to the board's colours."""
    allowed = get_variant(variant).board.raw.get("colors") or list(DEFAULT_COLORS)
    return [c for c in DEFAULT_COLORS if c in allowed] + [
        c for c in allowed if c not in DEFAULT_COLORS]


def seat_levels(levels: list[str], game_index: int) -> list[str]:
    """The level of each seat in game ``game_index`` (the list turned round)."""
    n = len(levels)
    r = game_index % n
    return [levels[(k - r) % n] for k in range(n)]


def play_match(levels: list[str], seed: int, variant: str = "classic",
               round_cap: int | None = None, check: bool = False) -> dict[str, Any]:
    """Play one game with a bot of ``levels[k]`` in seat ``k``; return its summary."""
    rules = get_variant(variant)
    colors = seat_colors(variant)
    seats = [(f"{level.capitalize()} {k + 1}", colors[k]) for k, level in enumerate(levels)]
    game = Game.new(variant, seats, seed=seed)
    bots = [make_bot(level, derive(seed, k)) for k, level in enumerate(levels)]
    cap = round_cap or rules.round_cap
    turn_ms: dict[str, list[float]] = {level: [] for level in levels}
    seat = game.current
    spent = 0.0
    actions = 0
    while game.phase != "over" and game.round <= cap:
        start = time.perf_counter()
        action = bots[game.current].choose(game)
        spent += time.perf_counter() - start
        if check and not game.is_legal(action):
            raise WarError(f"{levels[game.current]} bot chose an illegal action {action}")
        game.apply(action)
        actions += 1
        if game.current != seat or game.phase == "over":
            turn_ms[levels[seat]].append(spent * 1000)
            seat = game.current
            spent = 0.0
    winner = game.winner
    return {"seed": seed, "levels": list(levels), "winner": winner,
            "winner_level": None if winner is None else levels[winner],
            "objectives": [game.objective_of(k)["id"] for k in range(len(levels))],
            "rounds": game.round, "finished": winner is not None, "actions": actions,
            "turn_ms": turn_ms}


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


def _job(args: tuple[list[str], int, str, int | None, bool]) -> dict[str, Any]:
    return play_match(*args)


def tournament(games: int = 20, seed: int = 0, players: int | None = None,
               levels: Iterable[str] | None = None, jobs: int = 1, variant: str = "classic",
               round_cap: int | None = None, check: bool = False) -> dict[str, Any]:
    """Play ``games`` seat-rotated games and summarise them per level."""
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
    if rules.game_class:
        raise WarError(f"{variant} has rules of its own and its own bot: the levels play the "
                       "classic family of boards")
    if not rules.min_players <= players <= min(rules.max_players, len(seat_colors(variant))):
        raise WarError(f"{variant} is played by {rules.min_players} to {rules.max_players} "
                       f"players, not {players}")
    if games < 1:
        raise WarError("play at least one game")
    tasks = [(seat_levels(lv, i), derive(seed, i), variant, round_cap, check)
             for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=1)
    else:
        results = [_job(t) for t in tasks]
    elapsed = time.perf_counter() - start
    seats_of = {x: lv.count(x) for x in lv}
    summary: dict[str, Any] = {}
    for level in dict.fromkeys(lv):
        wins = sum(1 for r in results if r["winner_level"] == level)
        n = games * seats_of[level]
        times = [ms for r in results for ms in r["turn_ms"].get(level, [])]
        summary[level] = {"seats": seats_of[level], "wins": wins,
                          "win_rate": round(wins / n, 4), "ci95": wilson(wins, n),
                          "turn_ms_p50": percentile(times, 0.5),
                          "turn_ms_p95": percentile(times, 0.95),
                          "turn_ms_max": percentile(times, 1.0), "turns": len(times)}
    rounds = [r["rounds"] for r in results]
    return {"games": games, "players": players, "seed": seed, "variant": variant,
            "levels_by_seat": lv, "jobs": jobs,
            "mean_rounds": round(sum(rounds) / len(rounds), 2),
            "unfinished": sum(1 for r in results if not r["finished"]),
            "levels": summary, "seconds": round(elapsed, 1)}
