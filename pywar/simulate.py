"""Whole seeded games between bots, for the command line, tests and benchmarks."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from .bot import SimpleBot
from .errors import WarError
from .game import Game
from .phase import Phase
from .variants import DEFAULT_VARIANT, get_variant

DEFAULT_COLORS = ("azul", "vermelho", "verde", "amarelo", "preto", "branco")


def new_game(
    variant: str = DEFAULT_VARIANT,
    players: int = 6,
    seed: int = 0,
    options: dict[str, bool] | None = None,
) -> Game:
    """A new game of ``players`` bots named "Bot 1"... in the board's colours."""
    rules = get_variant(variant)
    if not rules.min_players <= players <= min(rules.max_players, len(DEFAULT_COLORS)):
        raise WarError(
            f"{variant} is played by {rules.min_players} to {rules.max_players} "
            f"players, not {players}"
        )
    # The default colours in their order, less any the board does not have (a 4-colour game).
    allowed = rules.board.raw.get("colors") or DEFAULT_COLORS
    colors = [c for c in DEFAULT_COLORS if c in allowed] or list(allowed)
    seats = [(f"Bot {i + 1}", colors[i]) for i in range(players)]
    return Game.new(variant, seats, seed=seed, options=options)


def play_game(
    variant: str = DEFAULT_VARIANT, players: int = 6, seed: int = 0, round_cap: int | None = None
) -> Game:
    """Play one game of simple bots to its end (or the round cap) and return it."""
    rules = get_variant(variant)
    game = new_game(variant, players, seed)
    cap = round_cap or rules.round_cap
    bot = SimpleBot()
    while game.phase != Phase.OVER and game.round <= cap:
        game.apply(bot.choose(game))
    return game


def _summary(args: tuple[str, int, int]) -> dict[str, Any]:
    """One game's outcome: rounds, the winner's objective and every seat's objective card."""
    game = play_game(*args)
    won = None if game.winner is None else game.objective_of(game.winner)["id"]
    return {
        "rounds": game.round,
        "won": won,
        "cards": [p.objective for p in game.players],
        "winner_card": None if game.winner is None else game.players[game.winner].objective,
    }


def simulate(
    variant: str = DEFAULT_VARIANT, players: int = 6, games: int = 10, seed: int = 0, jobs: int = 1
) -> dict[str, Any]:
    """Play ``games`` seeded games and summarise them as ``python -m pywar simulate`` prints.

    ``wins_by_objective`` counts the objective each winner played for (a converted "destroy"
    counts as its fallback); ``by_card`` gives, per objective card drawn, how often it was
    dealt, how often its holder won, and ``ratio``: its holders' win rate over the average
    win rate of a seat (1.0 is a fair card). ``jobs`` plays the games in that many processes
    (the figures do not depend on it).
    """
    tasks = [(variant, players, seed + i) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(jobs) as pool:
            results = pool.map(_summary, tasks, chunksize=4)
    else:
        results = [_summary(t) for t in tasks]
    elapsed = time.perf_counter() - start
    wins: Counter[str] = Counter(r["won"] for r in results if r["won"] is not None)
    dealt: Counter[str] = Counter(c for r in results for c in r["cards"])
    card_wins: Counter[str] = Counter(
        r["winner_card"] for r in results if r["winner_card"] is not None
    )
    finished = sum(1 for r in results if r["won"] is not None)
    seats = sum(dealt.values())
    average = finished / seats if seats else 0.0
    by_card = {
        card: {
            "dealt": n,
            "wins": card_wins[card],
            "ratio": round(card_wins[card] / n / average, 3) if average else None,
        }
        for card, n in sorted(dealt.items())
    }
    rounds = [r["rounds"] for r in results]
    ratios = [v["ratio"] for v in by_card.values() if v["ratio"] is not None]
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "seed": seed,
        "finished": finished,
        "wins_by_objective": dict(sorted(wins.items())),
        "by_card": by_card,
        "max_ratio": max(ratios) if ratios else None,
        "min_ratio": min(ratios) if ratios else None,
        "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0,
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
    }
