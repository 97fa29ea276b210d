"""Where a bot level earns its edge: the same positions played on with it and with another
level in its seat, as ``python -m pywar swap`` prints them.

The games are the tournament's (the same deals, seats, turn order and names for the same
``--seed`` and ``--levels``). Each is played until the start of the turn of the first seat
of ``level`` in round ``round`` (after WAR II's claims when ``round`` is 1); from there it
is played on ``replays`` times with other dice, each time twice: once as it stands, once
with a bot of ``other`` in that seat. Everything else is the same in both: the other bots
(their memory too), the dice of each replay. The difference of the two win rates is what
``level`` gains over ``other`` from that round on; the games over before it are counted
apart.

>>> r = swap(games=1, seed=3, levels=["normal", "easy", "easy"], level="normal",
...          other="easy", round_=200)
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

from .ai import LEVELS, make_bot
from .errors import WarError
from .phase import Phase
from .rng import Rng
from .tournament import check_run, derive, name_seats, new_match, rate, seat_levels
from .variants import DEFAULT_VARIANT, get_variant


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
    with ``level`` and with ``other`` in the seat: wins of each side, or the game's winner
    when it ended before."""
    cap = round_cap or get_variant(variant).round_cap
    game, by_seat, bots = new_match(levels, seed, variant, options)
    name_seats(game, by_seat)
    seat = by_seat.index(level)

    def at_swap() -> bool:
        return game.round >= round_ and game.current == seat and not game.setup_in_progress()

    while game.phase != Phase.OVER and game.round <= cap and not at_swap():
        game.apply(bots[game.current].choose(game))
    if game.phase == Phase.OVER or game.round > cap:
        return {"seed": seed, "over": True, "won": game.winner == seat}
    wins = {"level": 0, "other": 0}
    for k in range(replays):
        for side in ("level", "other"):
            g, b = copy.deepcopy((game, bots))
            g.rng = Rng(derive(seed, "swap", k))
            if side == "other":
                b[seat] = make_bot(other, derive(seed, seat))
            while g.phase != Phase.OVER and g.round <= cap:
                g.apply(b[g.current].choose(g))
            wins[side] += int(g.winner == seat)
    return {"seed": seed, "over": False, "round": game.round, **wins}


def _job(args: tuple[Any, ...]) -> dict[str, Any]:
    return swap_match(*args)


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
) -> dict[str, Any]:
    """Play the tournament's ``games`` games to round ``round_`` and on from there with
    ``level`` and with ``other`` in its seat; summarise (see the module's docstring)."""
    lv, opts = check_run(levels, None, variant, options)
    if level not in lv:
        raise WarError(f"{level!r} plays no seat of {','.join(lv)}")
    if other not in LEVELS:
        raise WarError(f"unknown bot level {other!r}; levels: {', '.join(LEVELS)}")
    if games < 1 or replays < 1 or round_ < 1:
        raise WarError("give at least one game, one replay and round 1 or later")
    tasks = [
        (seat_levels(lv, i), derive(seed, i), variant, opts or None, level, other)
        + (round_, replays, round_cap)
        for i in range(games)
    ]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=1)
    else:
        results = [_job(t) for t in tasks]
    over = [r for r in results if r["over"]]
    played = [r for r in results if not r["over"]]
    plays = replays * len(played)
    diffs = [r["level"] - r["other"] for r in played]
    spread = statistics.stdev(diffs) * math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {
        "games": games,
        "seed": seed,
        "variant": variant,
        "options": sorted(opts),
        "levels_in_turn_order": lv,
        "level": level,
        "other": other,
        "round": round_,
        "replays": replays,
        "over_before": {"games": len(over), "level_wins": sum(r["won"] for r in over)},
        "positions": len(played),
        "with_level": rate(sum(r["level"] for r in played), plays),
        "with_other": rate(sum(r["other"] for r in played), plays),
        "difference": sum(diffs),
        "difference_sd": round(spread, 2),
        "seconds": round(time.perf_counter() - start, 1),
    }
