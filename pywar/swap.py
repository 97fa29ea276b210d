"""Where a bot level earns its edge: the same positions played on with it and with another
level in its seat, as ``python -m pywar swap`` prints them.

The games are the tournament's (the same deals, seats, turn order and names for the same
``--seed`` and ``--levels``). Each is played until the start of the turn of the level's
first seat in turn order, in round ``round`` (after WAR II's claims when ``round`` is 1);
from there it is played on ``replays`` times, each replay with dice of its own, and each
replay twice: once as it stands, once with a bot of ``other`` in that seat. The other bots
(and what they remember) and the dice generator of the replay are the same on both sides.
The swapped-in bot keeps the seat's memory when it is of the same level, and starts
with none otherwise. Games over before the swap, and games where the seat was knocked out
before it, are counted apart.

``difference`` is the seat's wins with the level less its wins with ``other``, over every
replay; ``difference_sd`` its standard deviation from the spread of the differences
position by position (the replays of one position share its deal, so it is the figure to
judge by).

>>> r = swap(games=1, seed=3, levels=["normal", "easy", "easy"], level="normal",
...          other="easy", round_=201)
>>> r["over_before"]["games"], r["positions"]
(1, 0)
"""

from __future__ import annotations

import copy
import math
import statistics
import time
from collections.abc import Iterable
from typing import Any

from .ai import LEVELS, Bot, make_bot
from .errors import WarError
from .game import Game
from .phase import Phase
from .rng import Rng
from .tournament import (
    check_run,
    derive,
    name_seats,
    new_match,
    run_jobs,
    seat_levels,
)
from .variants import DEFAULT_VARIANT, get_variant


def swap_seat(game: Game, by_seat: list[str], level: str) -> int:
    """The seat of ``level`` that moves first in turn order."""
    n = len(by_seat)
    return next(s for s in ((game.first_player + k) % n for k in range(n)) if by_seat[s] == level)


def play_to_swap(game: Game, bots: list[Bot], seat: int, round_: int, cap: int) -> str:
    """Play until the start of ``seat``'s turn in round ``round_`` or later: "swap" there,
    "over" when the game ended (or reached the round cap) first, "out" when the seat was
    knocked out first."""
    while True:
        if game.phase == Phase.OVER or game.round > cap:
            return "over"
        if not game.players[seat].alive:
            return "out"
        if game.round >= round_ and game.current == seat and not game.setup_in_progress():
            return "swap"
        game.apply(bots[game.current].choose(game))


def play_out(game: Game, bots: list[Bot], cap: int) -> None:
    """Play the game to its end or past the round cap."""
    while game.phase != Phase.OVER and game.round <= cap:
        game.apply(bots[game.current].choose(game))


def swap_match(
    levels: list[str],
    seed: int,
    variant: str,
    options: dict[str, Any] | None,
    level: str,
    other: str,
    round_: int,
    replays: int,
    round_cap: int | None = None,
) -> dict[str, Any]:
    """One game of the tournament's played to the swap point, then on ``replays`` times
    with ``level`` and with ``other`` in the seat: each replay's winner and rounds on
    both sides, or how the game went when it ended (or the seat fell) before."""
    cap = round_cap or get_variant(variant).round_cap
    game, by_seat, bots = new_match(levels, seed, variant, options)
    name_seats(game, by_seat)
    seat = swap_seat(game, by_seat, level)
    reached = play_to_swap(game, bots, seat, round_, cap)
    if reached != "swap":
        if reached == "over":
            play_out(game, bots, cap)
        return {"seed": seed, "seat": seat, "reached": reached, "winner": game.winner}
    sides: dict[str, list[tuple[int | None, int]]] = {"level": [], "other": []}
    for k in range(replays):
        for side in sides:
            g, b = copy.deepcopy((game, bots))
            g.rng = Rng(derive(seed, "swap", k))
            if side == "other":
                stand_in = make_bot(other, derive(seed, seat))
                if type(stand_in) is type(b[seat]):  # the same level remembers the same
                    stand_in.memory = b[seat].memory
                b[seat] = stand_in
            play_out(g, b, cap)
            sides[side].append((g.winner, g.round))
    return {"seed": seed, "seat": seat, "reached": reached, "round": game.round, **sides}


def _job(args: tuple[Any, ...]) -> dict[str, Any]:
    return swap_match(*args)


def _wins(count: int, of: int) -> dict[str, Any]:
    return {"wins": count, "of": of, "win_rate": round(count / of, 4) if of else 0.0}


def swap(
    games: int = 20,
    seed: int = 0,
    levels: Iterable[str] | None = None,
    level: str = "hard",
    other: str = "normal",
    round_: int = 2,
    replays: int = 4,
    variant: str = DEFAULT_VARIANT,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    round_cap: int | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """Play the tournament's ``games`` games to round ``round_`` and on from there with
    ``level`` and with ``other`` in its seat; summarise (see the module's docstring)."""
    for name in (level, other):
        if name not in LEVELS:
            raise WarError(f"unknown bot level {name!r}; levels: {', '.join(LEVELS)}")
    lv, opts = check_run(levels, players, variant, options)
    if level not in lv:
        raise WarError(f"{level!r} plays no seat of {','.join(lv)}")
    if games < 1 or replays < 1 or round_ < 1:
        raise WarError("give at least one game, one replay and round 1 or later")
    tasks = [
        (seat_levels(lv, i), derive(seed, i), variant, opts or None, level, other)
        + (round_, replays, round_cap)
        for i in range(games)
    ]
    start = time.perf_counter()
    results = run_jobs(_job, tasks, jobs)
    over = [r for r in results if r["reached"] == "over"]
    played = [r for r in results if r["reached"] == "swap"]

    def won(r: dict[str, Any], side: str) -> int:
        return sum(1 for winner, _ in r[side] if winner == r["seat"])

    diffs = [won(r, "level") - won(r, "other") for r in played]
    spread = statistics.stdev(diffs) * math.sqrt(len(diffs)) if len(diffs) > 1 else None
    plays = replays * len(played)
    return {
        "games": games,
        "seed": seed,
        "variant": variant,
        "options": sorted(opts),
        "levels_in_turn_order": lv,
        "round_cap": round_cap or get_variant(variant).round_cap,
        "level": level,
        "other": other,
        "round": round_,
        "replays": replays,
        "over_before": {
            "games": len(over),
            "seat_wins": sum(1 for r in over if r["winner"] == r["seat"]),
        },
        "out_before": sum(1 for r in results if r["reached"] == "out"),
        "positions": len(played),
        "with_level": _wins(sum(won(r, "level") for r in played), plays),
        "with_other": _wins(sum(won(r, "other") for r in played), plays),
        "difference": sum(diffs),
        "difference_sd": None if spread is None else round(spread, 2),
        "seconds": round(time.perf_counter() - start, 1),
    }
