"""Whole seeded games between bots, for the command line, tests and benchmarks."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from .bot import SimpleBot
from .errors import WarError
from .game import Game
from .variants import get_variant

DEFAULT_COLORS = ("azul", "vermelho", "verde", "amarelo", "preto", "branco")


def new_game(variant: str = "classic", players: int = 6, seed: int = 0,
             options: dict[str, bool] | None = None) -> Game:
    """A new game of ``players`` bots named "Bot 1"... in the board's colours."""
    rules = get_variant(variant)
    if not rules.min_players <= players <= min(rules.max_players, len(DEFAULT_COLORS)):
        raise WarError(f"{variant} is played by {rules.min_players} to {rules.max_players} "
                       f"players, not {players}")
    # The default colours in their order, less any the board does not have (a 4-colour game).
    allowed = rules.board.raw.get("colors") or DEFAULT_COLORS
    colors = [c for c in DEFAULT_COLORS if c in allowed] or list(allowed)
    seats = [(f"Bot {i + 1}", colors[i]) for i in range(players)]
    return Game.new(variant, seats, seed=seed, options=options)


def play_game(variant: str = "classic", players: int = 6, seed: int = 0,
              round_cap: int | None = None) -> Game:
    """Play one game of simple bots to its end (or the round cap) and return it."""
    rules = get_variant(variant)
    game = new_game(variant, players, seed)
    cap = round_cap or rules.round_cap
    bot = SimpleBot()
    while game.phase != "over" and game.round <= cap:
        game.apply(bot.choose(game))
    return game


def simulate(variant: str = "classic", players: int = 6, games: int = 10,
             seed: int = 0) -> dict[str, Any]:
    """Play ``games`` seeded games and summarise them as ``python -m pywar simulate`` prints."""
    wins: Counter[str] = Counter()
    rounds = []
    finished = 0
    start = time.perf_counter()
    for i in range(games):
        game = play_game(variant, players, seed + i)
        rounds.append(game.round)
        if game.winner is not None:
            finished += 1
            wins[game.objective_of(game.winner)["id"]] += 1
    elapsed = time.perf_counter() - start
    return {
        "variant": variant, "players": players, "games": games, "finished": finished,
        "wins_by_objective": dict(sorted(wins.items())),
        "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0,
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
    }
