"""Command line: ``python -m pywar board|odds|simulate|bench``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .board import load_board
from .errors import WarError


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m pywar", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    board = sub.add_parser("board", help="print a board")
    board.add_argument("board_id", nargs="?", default="classic")
    board.add_argument("--json", action="store_true", help="print JSON (the default)")
    odds = sub.add_parser("odds", help="exact odds of A armies attacking D until the end")
    odds.add_argument("attackers", type=int)
    odds.add_argument("defenders", type=int)
    odds.add_argument("--stop-at", type=int, default=1,
                      help="stop when the attacking territory is down to this many armies")
    sim = sub.add_parser("simulate", help="play whole games between simple bots")
    sim.add_argument("--variant", default="classic")
    sim.add_argument("--players", type=int, default=6)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    tour = sub.add_parser("tournament", help="games between bot levels, seats and turn order "
                                                         "rotated")
    tour.add_argument("--games", type=int, default=20)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--players", type=int, default=None)
    tour.add_argument("--levels", default="hard,normal,normal",
                      help="comma-separated levels, one per seat (or one for every seat)")
    tour.add_argument("--variant", default="classic")
    tour.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    tour.add_argument("--option", action="append", default=[],
                      help="a game option (WAR II: information_centres); may repeat")
    tour.add_argument("--round-cap", type=int, default=None,
                      help="cut games still running after this round (default: the variant's)")
    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    try:
        if args.command == "board":
            _print(load_board(args.board_id).to_summary())
        elif args.command == "odds":
            from .odds import odds_report

            _print(odds_report(args.attackers, args.defenders, stop_at=args.stop_at))
        elif args.command == "simulate":
            from .simulate import simulate

            _print(simulate(args.variant, args.players, args.games, args.seed))
        elif args.command == "tournament":
            from .tournament import tournament

            levels = [x.strip() for x in args.levels.split(",") if x.strip()]
            _print(tournament(args.games, args.seed, args.players, levels, jobs=args.jobs,
                              variant=args.variant, round_cap=args.round_cap,
                              options={o: True for o in args.option}))
        elif args.command == "bench":
            from .bench import bench as run_bench

            _print(run_bench(args.games))
    except (WarError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
