"""Command line: ``python -m pywar board|odds|simulate|tournament|pair|swap|bench|sizes|fuzz``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .board import load_board
from .errors import WarError
from .variants import DEFAULT_VARIANT, get_variant


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m pywar", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    board = sub.add_parser(
        "board", help="print a board, or check a board file: board validate FILE"
    )
    board.add_argument(
        "board_id",
        nargs="?",
        default=get_variant(DEFAULT_VARIANT).board_id,
        help="a board id, or 'validate' followed by a file",
    )
    board.add_argument("file", nargs="?", help="the board file to check (with 'validate')")
    board.add_argument("--json", action="store_true", help="print JSON (the default)")
    odds = sub.add_parser(
        "odds", help="odds of A armies attacking D until the end (exact to 150 armies in all)"
    )
    odds.add_argument("attackers", type=int)
    odds.add_argument("defenders", type=int)
    odds.add_argument(
        "--stop-at",
        type=int,
        default=1,
        help="stop when the attacking territory is down to this many armies",
    )
    sim = sub.add_parser("simulate", help="play whole games between simple bots")
    sim.add_argument("--variant", default=DEFAULT_VARIANT)
    sim.add_argument("--players", type=int, default=6)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    tour = sub.add_parser(
        "tournament", help="games between bot levels, seats and turn order rotated"
    )
    tour.add_argument("--games", type=int, default=20)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--players", type=int, default=None)
    tour.add_argument(
        "--levels",
        default="hard,normal,normal",
        help="comma-separated levels, one per seat (or one for every seat)",
    )
    tour.add_argument("--variant", default=DEFAULT_VARIANT)
    tour.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    tour.add_argument(
        "--option",
        action="append",
        default=[],
        help="a game option (WAR II: information_centres); may repeat",
    )
    tour.add_argument(
        "--round-cap",
        type=int,
        default=None,
        help="cut games still running after this round (default: the variant's)",
    )
    tour.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="also write each game's summary to FILE, one JSON object a line",
    )
    tour.add_argument(
        "--weights",
        default="",
        metavar="NAME=VALUE,...",
        help="set the hard bots' score weights (pywar.ai.evaluate: gamma, beta, risk...)",
    )
    pair = sub.add_parser(
        "pair", help="compare two tournament records game by game (--record files)"
    )
    pair.add_argument("first")
    pair.add_argument("second")
    pair.add_argument("--level", default="hard")
    swap = sub.add_parser(
        "swap",
        help="the tournament's games played on from one round with a level and another in its seat",
    )
    swap.add_argument("--games", type=int, default=20)
    swap.add_argument("--seed", type=int, default=0)
    swap.add_argument("--players", type=int, default=None)
    swap.add_argument("--levels", default="hard,normal,normal", help="as for tournament")
    swap.add_argument("--level", default="hard", help="the level whose seat is swapped")
    swap.add_argument("--as", dest="other", default="normal", help="the level put in its place")
    swap.add_argument("--round", type=int, default=2, help="swap at that seat's turn of this round")
    swap.add_argument("--replays", type=int, default=4, help="plays on from each position")
    swap.add_argument("--variant", default=DEFAULT_VARIANT)
    swap.add_argument("--option", action="append", default=[], help="a game option; may repeat")
    swap.add_argument("--round-cap", type=int, default=None)
    swap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--games", type=int, default=20)
    sizes = sub.add_parser("sizes", help="print save sizes at rounds 10, 20 and 30")
    sizes.add_argument("--games", type=int, default=10)
    sizes.add_argument("--seed", type=int, default=0)
    fuzz = sub.add_parser("fuzz", help="random games and damaged saves against the engine")
    fuzz.add_argument("--games", type=int, default=100, help="random games to play")
    fuzz.add_argument("--saves", type=int, default=100, help="damaged saves to load")
    fuzz.add_argument("--seed", type=int, default=0)
    fuzz.add_argument("--jobs", type=int, default=1, help="processes to run cases in")
    fuzz.add_argument(
        "--every", type=int, default=250, help="actions between two JSON round trips of a game"
    )
    fuzz.add_argument(
        "--case", default=None, help="run one case alone: game:SEED or save:SEED (from a report)"
    )
    fuzz.add_argument(
        "--cap", type=int, default=None, help="at most this many actions per game (quick runs)"
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "board" and args.board_id == "validate":
            return _validate_board(args.file)
        if args.command == "board":
            _print(load_board(args.board_id).to_summary())
        elif args.command == "odds":
            from .odds import odds_report

            _print(odds_report(args.attackers, args.defenders, stop_at=args.stop_at))
        elif args.command == "simulate":
            from .simulate import simulate

            _print(simulate(args.variant, args.players, args.games, args.seed, jobs=args.jobs))
        elif args.command == "tournament":
            from .tournament import parse_weights, tournament

            levels = [x.strip() for x in args.levels.split(",") if x.strip()]
            _print(
                tournament(
                    args.games,
                    args.seed,
                    args.players,
                    levels,
                    jobs=args.jobs,
                    variant=args.variant,
                    round_cap=args.round_cap,
                    options={o: True for o in args.option},
                    record=args.record,
                    weights=parse_weights(args.weights),
                )
            )
        elif args.command == "pair":
            from .tournament import pair_records

            _print(pair_records(args.first, args.second, args.level))
        elif args.command == "swap":
            from .swap import swap as run_swap

            _print(
                run_swap(
                    args.games,
                    args.seed,
                    [x.strip() for x in args.levels.split(",") if x.strip()],
                    args.level,
                    args.other,
                    args.round,
                    args.replays,
                    variant=args.variant,
                    options={o: True for o in args.option},
                    jobs=args.jobs,
                    round_cap=args.round_cap,
                    players=args.players,
                )
            )
        elif args.command == "bench":
            from .bench import bench as run_bench

            _print(run_bench(args.games))
        elif args.command == "sizes":
            from .bench import save_sizes

            _print(save_sizes(args.games, args.seed))
        elif args.command == "fuzz":
            from .fuzz import fuzz as run_fuzz

            report = run_fuzz(
                args.games,
                args.saves,
                args.seed,
                jobs=args.jobs,
                every=args.every,
                case=args.case,
                cap=args.cap,
            )
            _print(report)
            return 1 if report["failures"] else 0
    except (WarError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _validate_board(file: str | None) -> int:
    """``board validate FILE``: print each problem of a board file, or that it is sound."""
    from pathlib import Path

    from .board import validate_board_file

    if not file:
        print("error: board validate needs a FILE (a board .json)", file=sys.stderr)
        return 2
    problems = validate_board_file(Path(file))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        count = len(problems)
        print(f"{count} problem{'' if count == 1 else 's'} found", file=sys.stderr)
        return 1
    raw = json.loads(Path(file).read_text(encoding="utf-8"))
    print(
        f"{file}: ok, board {raw['id']!r} with {len(raw['territories'])} territories in "
        f"{len(raw['continents'])} continents"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
