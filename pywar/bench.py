"""Speed figures of the engine, printed by ``python -m pywar bench``.

Figures, never pass/fail: the goal for ``attack_over_dice_ratio`` is at most 3.
"""

from __future__ import annotations

import time
from typing import Any

from .actions import Attack
from .game import MAX_DICE, Game, compare_dice
from .phase import Phase
from .rng import Rng
from .simulate import play_game
from .variants import DEFAULT_VARIANT, VARIANTS


def _best_of(runs: int, fn: Any, n: int) -> float:
    """Best time per call in microseconds over ``runs`` repetitions of ``n`` calls."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn(n)
        best = min(best, (time.perf_counter() - start) / n)
    return best * 1e6


def bare_dice(n: int) -> None:
    """Roll 3 against 3 dice and compare them, ``n`` times: the floor for an attack."""
    rng = Rng(1)
    for _ in range(n):
        compare_dice(rng.dice(MAX_DICE), rng.dice(MAX_DICE))


def _attack_game() -> tuple[Game, Attack]:
    game = Game.new(DEFAULT_VARIANT, [("A", "azul"), ("B", "verde"), ("C", "preto")], seed=1)
    me = game.current
    game.pools = {}
    game.phase = Phase.ATTACK
    source = game.territories_of(me)[0]
    target = next(t for t in game.board.territories if game.owner[t] != me)
    game.owner[target] = (me + 1) % 3
    neighbor = sorted(game.board.neighbors[source])[0]
    game.owner[neighbor] = (me + 1) % 3
    game.armies[source] = game.armies[neighbor] = 10**9
    return game, Attack(source, neighbor)


def full_attacks(n: int) -> None:
    """Apply ``n`` validated attack actions (rolls, losses, events, log)."""
    game, attack = _attack_game()
    for _ in range(n):
        game.apply(attack)


#: Battles whose odds the page may show (the panel with a battle chosen): small, past the
#: exact integers, the largest the programme runs for the page (600 armies in all), two
#: it approximates, and stacks of thousands.
ODDS_BATTLES = ((10, 6), (75, 75), (300, 300), (400, 700), (1000, 1000), (9000, 4300))


def odds_times() -> dict[str, float]:
    """Milliseconds to the odds of each of :data:`ODDS_BATTLES` the first time (uncached):
    :func:`pywar.odds.battle_odds` up to 1000 a side, :func:`battle_outlook` (what the
    page shows) for every one."""
    from .odds import MAX_ARMIES, _battle_odds, battle_odds, battle_outlook

    out: dict[str, float] = {}
    for a, d in ODDS_BATTLES:
        for name, fn in (("odds", battle_odds), ("outlook", battle_outlook)):
            if name == "odds" and max(a, d) > MAX_ARMIES:
                continue
            _battle_odds.cache_clear()
            start = time.perf_counter()
            fn(a, d)
            out[f"{name}_{a}v{d}"] = round((time.perf_counter() - start) * 1000, 2)
    return out


def bench(games: int = 20, seed: int = 0) -> dict[str, Any]:
    """Measure dice, attacks and whole games; return the figures."""
    n = 20000
    dice_us = _best_of(5, bare_dice, n)
    attack_us = _best_of(5, full_attacks, n)
    start = time.perf_counter()
    for i in range(games):
        play_game(DEFAULT_VARIANT, 6, seed + i)
    elapsed = time.perf_counter() - start
    return {
        "odds_ms": odds_times(),
        "dice_roll_compare_us": round(dice_us, 3),
        "attack_action_us": round(attack_us, 3),
        "attack_over_dice_ratio": round(attack_us / dice_us, 2),
        "games_6p_per_second": round(games / elapsed, 2),
        "games": games,
    }


#: Variants and player counts whose save sizes ``python -m pywar sizes`` prints: every
#: variant at its most players, and the default one at its fewest too.
SIZE_GAMES = tuple(
    pair
    for v in VARIANTS.values()
    for pair in ((v.id, v.max_players), (v.id, v.min_players))
    if pair[1] == v.max_players or v.id == DEFAULT_VARIANT
)


def save_sizes(
    games: int = 10,
    seed: int = 0,
    rounds: tuple[int, ...] = (10, 20, 30),
) -> dict[str, Any]:
    """Characters of a save (``Game.dumps()``) at the end of rounds 10, 20 and 30 of games
    between simple bots, per variant and player count: the most and the mean over the games
    that lasted that long, beside the size in the version-1 layout."""
    import json

    from .savefile import to_data_v1

    out: dict[str, Any] = {"games": games, "seed": seed, "limit": 16 * 1024}
    for variant, players in SIZE_GAMES:
        sizes: dict[int, list[tuple[int, int]]] = {r: [] for r in rounds}
        for i in range(games):
            for r, game in _round_ends(variant, players, seed + i, max(rounds)):
                if r in sizes:
                    old = json.dumps(to_data_v1(game), ensure_ascii=False, separators=(",", ":"))
                    sizes[r].append((len(game.dumps()), len(old)))
        out[f"{variant}_{players}p"] = {
            f"round_{r}": {
                "games": len(found),
                "max": max((s for s, _ in found), default=None),
                "mean": round(sum(s for s, _ in found) / len(found)) if found else None,
                "max_v1": max((s for _, s in found), default=None),
            }
            for r, found in sizes.items()
        }
    return out


def _round_ends(variant: str, players: int, seed: int, last: int) -> Any:
    """Yield ``(round, game)`` at the end of each round up to ``last`` of a bots' game."""
    from .bot import SimpleBot
    from .simulate import new_game

    game = new_game(variant, players, seed)
    bot = SimpleBot()
    while game.phase != Phase.OVER and game.round <= last:
        before = game.round
        game.apply(bot.choose(game))
        if game.round != before:
            yield before, game
