"""Learn the weights of hard's whole-board score (``pywar/ai/evaluate.py``) from games.

Two steps, standard library only::

    # 1. play games and log, at the end of every seat's attack phase, the separate terms
    #    of the score from that seat's point of view (its own public view and a belief of
    #    its own, as hard keeps one), and at the end who won
    nice -n 19 python tools/fit_eval.py collect --games 300 --seed 500 \
        --levels hard,normal,normal --out /tmp/fit-eval.jsonl

    # 2. fit a logistic regression of "this seat wins" on the terms (Newton's method,
    #    games split into training and held-out ones) and print the weights, rescaled so
    #    the own-income weight stays 1.5, next to the hand-tuned ones
    python tools/fit_eval.py fit /tmp/fit-eval.jsonl --movers-only \
        --features r_me,press,inc_me,armies_me,risk,surv,inc_opp,danger

The constants of ``pywar/ai/evaluate.py`` came from these two commands (400 games, seed
500; the seat to move only, the card's term left as it was). Collecting 400 games takes
about 10 minutes with 2 cores; every seat's view is logged at each end of an attack phase
(``--no-all-views``: the seat to move only).

``fit --horizon N`` fits "wins within the next N rounds" instead; ``--features`` picks the
terms (see ``SCORE_TERMS`` and ``EXTRA``). The printed ``weights`` dict is what
``HardBot.weights`` / ``Evaluator(weights=...)`` take. Of the extra features,
``danger_max`` (the largest of the others' dangers) is a score term of its own, ``d_max``,
off unless weighted; fitted without ``danger``, the summed danger's weight comes out 0.
On top of the weights hard plays (``LEARNED``): ``--features learned_rest,danger_max
--norm learned_rest`` (``learned_rest``: the ``LEARNED`` score less its danger terms) gives
the largest danger's weight in the units of that score, the summed danger's weight 0.

WAR II: ``collect --variant war2`` (the beliefs start once the claims are over). Its
own-income weight comes out about 0 or negative, so ``fit --norm score`` rescales instead
so that a point of score is worth as much as a point of the hand-tuned score. The fits
tried there (docs/ai.md, branch ``war2-fit``) did not make hard stronger: WAR II keeps its
hand-tuned weights.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pywar.ai.belief import Belief  # noqa: E402
from pywar.ai.core import Position  # noqa: E402
from pywar.ai.evaluate import LEARNED, Evaluator, seat_goals  # noqa: E402
from pywar.game import Game  # noqa: E402
from pywar.phase import Phase  # noqa: E402
from pywar.tournament import derive, new_match, seat_levels  # noqa: E402

#: The terms of ``Evaluator._score``, each with its hand-tuned weight (score = sum w * f;
#: the weights before issue 19's fit, 3 players).
SCORE_TERMS = {
    "r_me": -1.0,  # own remaining cost R (gateways included)
    "press": 25.0,  # exp(-R / (1.5 income + 1))
    "inc_me": 1.5,
    "armies_me": 1.0,
    "card": None,  # conquered this turn (weight: the card's value, set per position)
    "risk": -0.5,
    "surv": -40.0,
    "inc_opp": -0.4,  # sum of the other seats' income
    "danger": -30.0,  # sum over the others of the belief-weighted exp(-R / scale)
}
ALPHA = SCORE_TERMS["inc_me"]
#: Cheap extra features (not in the score).
EXTRA = [
    "danger_max",
    "inc_opp_max",
    "terr_me",
    "conts_me",
    "hand_me",
    "hand_opp",
    "armies_opp",
    "alive_opp",
]


# ---------------------------------------------------------------------- terms
def terms(ev: Evaluator, owner: list[int], armies: list[int], conquered: bool) -> dict | None:
    """The separate terms of ``ev._score``, as it reports them (None when the objective
    is met)."""
    out: dict[str, Any] = {}
    if ev._score(owner, armies, conquered, terms=out)[3]:
        return None
    # The hand-tuned score, for comparison (whatever the evaluator's weights now are).
    out["score"] = out["card"] * out["card_value"] + sum(
        w * out[k] for k, w in SCORE_TERMS.items() if w is not None
    )
    return out


# -------------------------------------------------------------------- collect
def position_terms(game: Game, seat: int, belief: Belief) -> tuple[Position, dict | None]:
    """The terms from ``seat``'s view (a card for conquering only for the seat to move)."""
    pos = Position.from_view(game.view(seat))
    hyps = {o: belief.hypotheses(pos, o) for o in range(pos.nplayers) if o != seat and pos.alive[o]}
    goals = {o: seat_goals(pos, o, h) for o, h in hyps.items()}
    ev = Evaluator(pos, hyps, None, goals)
    f = terms(ev, pos.owner, pos.armies, pos.conquered and pos.current == seat)
    if f is not None:
        f["hand_me"] = len(pos.hand)
        f["hand_opp"] = sum(pos.card_counts[o] for o in hyps)
        f["players"] = pos.nplayers
    return pos, f


def play_logged(
    levels: list[str], seed: int, variant: str, all_views: bool
) -> tuple[list[dict], dict]:
    """One game as the tournament plays it, logging every seat's end of attack."""
    n = len(levels)
    game, by_seat, bots = new_match(levels, seed, variant)
    beliefs: list[Belief | None] = [None] * n
    rows: list[dict] = []
    seat: int | None = None  # the seat whose turn the beliefs last saw begin
    logged_turn = -1
    cap = game.variant.round_cap

    def belief_of(s: int) -> Belief:
        if beliefs[s] is None:
            beliefs[s] = Belief(Position.from_view(game.view(s)))
        return beliefs[s]

    while game.phase != Phase.OVER and game.round <= cap:
        cur = game.current
        # Beliefs follow the turns once every territory has an owner (WAR II's claims
        # leave some unowned, which a Position cannot hold).
        if cur != seat and not game.setup_in_progress():
            if seat is not None:
                belief_of(seat).remember(Position.from_view(game.view(seat)))
            seat = cur
            belief_of(seat).observe(Position.from_view(game.view(seat)))
        if (
            game.phase == Phase.REGROUP
            and logged_turn != game.turn
            and not game.setup_in_progress()
        ):
            logged_turn = game.turn
            views = range(n) if all_views else [cur]
            for s in views:
                if not game.players[s].alive:
                    continue
                _, f = position_terms(game, s, belief_of(s))
                if f is not None:
                    f.update(seat=s, mover=cur, round=game.round, level=by_seat[s])
                    rows.append(f)
        game.apply(bots[cur].choose(game))
    winner = game.winner
    for r in rows:
        r["won"] = 1 if winner == r["seat"] else 0
        r["end_round"] = game.round
    return rows, {"winner": winner, "rounds": game.round, "levels": by_seat}


def collect(args: argparse.Namespace) -> None:
    levels = args.levels.split(",")
    start = time.perf_counter()
    wins: dict[str, int] = {}
    with open(args.out, "a") as out:
        for i in range(args.first, args.games):
            gseed = derive(args.seed, i)
            rows, summary = play_logged(seat_levels(levels, i), gseed, args.variant, args.all_views)
            for r in rows:
                r["game"] = f"{args.seed}:{i}"
                out.write(json.dumps(r) + "\n")
            out.flush()
            w = summary["winner"]
            key = "none" if w is None else summary["levels"][w]
            wins[key] = wins.get(key, 0) + 1
            print(
                f"game {i} rounds {summary['rounds']} winner {key} rows {len(rows)} "
                f"{time.perf_counter() - start:.0f}s {wins}",
                flush=True,
            )


# ------------------------------------------------------------------------ fit
def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / piv
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def logistic_fit(xs: list[list[float]], ys: list[int], l2: float = 1e-3) -> list[float]:
    """Weights (intercept first) of a logistic regression by Newton's method."""
    d = len(xs[0]) + 1
    w = [0.0] * d
    for _ in range(30):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = [1.0, *x]
            s = sum(wi * zi for wi, zi in zip(w, z, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, s))))
            g = p - y
            h = p * (1 - p)
            for i in range(d):
                grad[i] += g * z[i]
                hz = h * z[i]
                row = hess[i]
                for j in range(i, d):
                    row[j] += hz * z[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                hess[i][i] += l2 * len(xs)
                grad[i] += l2 * len(xs) * w[i]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def predict(w: list[float], x: list[float]) -> float:
    s = w[0] + sum(wi * xi for wi, xi in zip(w[1:], x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, s))))


def log_loss(ps: list[float], ys: list[int]) -> float:
    eps = 1e-12
    return -sum(
        y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps))
        for p, y in zip(ps, ys, strict=True)
    ) / len(ys)


def ranking_accuracy(rows: list[dict], key: Any) -> float:
    """Share of positions logged at one moment (one turn, every seat's view) where the
    seat with the highest ``key`` is the eventual winner (all-views data only)."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["game"], r["round"], r["mover"]), []).append(r)
    hit = tot = 0
    for g in groups.values():
        if len(g) < 2 or not any(r["won"] for r in g):
            continue
        tot += 1
        hit += max(g, key=key)["won"]
    return hit / tot if tot else float("nan")


def feature(r: dict, name: str) -> float:
    if name == "card":
        return r["card"] * r["card_value"]  # the hand score adds the card's value
    return float(r[name])


def learned_score(r: dict) -> float:
    """The score with the classic family's ``LEARNED`` weights (what hard now plays)."""
    w = LEARNED
    return (
        r["card"] * r["card_value"]
        - w["r"] * r["r_me"]
        + w["d_me"] * r["press"]
        + w["alpha"] * r["inc_me"]
        + w["beta"] * r["armies_me"]
        - w["risk"] * r["risk"]
        - w["d_surv"] * r["surv"]
        - w["gamma"] * r["inc_opp"]
        - w["d_opp"] * r["danger"]
        - w.get("d_max", 0.0) * r["danger_max"]
    )


def fit(args: argparse.Namespace) -> None:
    rows = []
    for path in args.data:
        with open(path) as fh:
            rows += [json.loads(line) for line in fh]
    if args.movers_only:
        rows = [r for r in rows if r["seat"] == r["mover"]]
    if args.level:
        rows = [r for r in rows if r["level"] == args.level]
    rows = [r for r in rows if r["end_round"] <= 200 and r["players"] == args.players]
    for r in rows:  # the LEARNED score, and the same without its danger terms
        r["learned"] = learned_score(r)
        r["learned_rest"] = (
            r["learned"]
            + LEARNED["d_opp"] * r["danger"]
            + LEARNED.get("d_max", 0.0) * r["danger_max"]
        )
    names = args.features.split(",") if args.features else list(SCORE_TERMS)
    if args.horizon:
        for r in rows:
            r["y"] = 1 if r["won"] and r["end_round"] - r["round"] < args.horizon else 0
    else:
        for r in rows:
            r["y"] = r["won"]
    games = sorted({r["game"] for r in rows})
    random.Random(args.split_seed).shuffle(games)
    held = set(games[: int(len(games) * args.hold)])
    train = [r for r in rows if r["game"] not in held]
    test = [r for r in rows if r["game"] in held]
    print(f"{len(rows)} positions from {len(games)} games; train {len(train)}, test {len(test)}")
    # Standardise for the fit, then undo.
    raw = [[feature(r, k) for k in names] for r in train]
    mean = [sum(col) / len(col) for col in zip(*raw, strict=True)]
    sd = [
        math.sqrt(sum((v - m) ** 2 for v in col) / len(col)) or 1.0
        for col, m in zip(zip(*raw, strict=True), mean, strict=True)
    ]
    xs = [[(v - m) / s for v, m, s in zip(x, mean, sd, strict=True)] for x in raw]
    ys = [r["y"] for r in train]
    ws = logistic_fit(xs, ys, args.l2)
    coef = [w / s for w, s in zip(ws[1:], sd, strict=True)]
    intercept = ws[0] - sum(c * m for c, m in zip(coef, mean, strict=True))
    w = [intercept, *coef]

    def probs(data: list[dict], ww: list[float]) -> list[float]:
        return [predict(ww, [feature(r, k) for k in names]) for r in data]

    base = sum(ys) / len(ys)
    for label, data in (("train", train), ("test", test)):
        yy = [r["y"] for r in data]
        ps = probs(data, w)
        acc = sum((p > 0.5) == (y == 1) for p, y in zip(ps, yy, strict=True)) / len(yy)
        flat = log_loss([base] * len(yy), yy)
        print(
            f"{label}: log loss {log_loss(ps, yy):.4f} (constant {flat:.4f}),"
            f" accuracy {acc:.3f} (constant {max(base, 1 - base):.3f})"
        )
    # The hand score (and the learned one, ``LEARNED``) as a single feature, for
    # comparison (each on its own logistic scale).
    yy = [r["y"] for r in test]
    slopes = {}
    for key, label in (("score", "hand score"), ("learned", "learned score")):
        hx = [[r[key]] for r in train]
        hs = [sum(c[0] for c in hx) / len(hx)]
        hsd = math.sqrt(sum((c[0] - hs[0]) ** 2 for c in hx) / len(hx))
        hw = logistic_fit([[(c[0] - hs[0]) / hsd] for c in hx], ys, args.l2)
        hw = [hw[0] - hw[1] * hs[0] / hsd, hw[1] / hsd]
        slopes[key] = hw[1]
        hp = [predict(hw, [r[key]]) for r in test]
        acc = sum((p > 0.5) == (y == 1) for p, y in zip(hp, yy, strict=True)) / len(yy)
        print(f"{label} alone, test: log loss {log_loss(hp, yy):.4f}, accuracy {acc:.3f}")
    lin = {id(r): sum(c * feature(r, k) for c, k in zip(coef, names, strict=True)) for r in rows}
    print(
        "who wins, the highest of the seats at one moment (held-out games): "
        f"learned {ranking_accuracy(test, lambda r: lin[id(r)]):.3f}, "
        f"hand {ranking_accuracy(test, lambda r: r['score']):.3f}"
    )
    # Rescale so the own-income weight is ALPHA (or, ``--norm score``, so that a point of
    # the score moves the odds of winning as a point of the hand-tuned score does).
    norm = args.norm
    if norm in ("score", "learned"):
        scale = 1.0 / slopes[norm]
        print(f"\nscale (a point of the {norm} score: {slopes[norm]:.5f} of logit): {scale:.4f}")
    else:
        hand = SCORE_TERMS.get(norm) or 1.0  # learned_rest: a point of the LEARNED score
        scale = hand / coef[names.index(norm)] if norm in names else 1.0
        print(f"\nscale (so that {norm} keeps its weight): {scale:.4f}")
    print(f"{'term':<12}{'logit coef':>12}{'std coef':>10}{'rescaled':>11}{'hand':>9}")
    for k, c, s in zip(names, coef, sd, strict=True):
        hand = SCORE_TERMS.get(k)
        hand_s = "card" if k == "card" else ("-" if hand is None else f"{hand:.2f}")
        print(f"{k:<12}{c:>12.5f}{c * s:>10.3f}{c * scale:>11.3f}{hand_s:>9}")
    out = {k: c * scale for k, c in zip(names, coef, strict=True)}
    weights = {
        "r": -out.get("r_me", -1.0),
        "d_me": out.get("press", SCORE_TERMS["press"]),
        "alpha": out.get("inc_me", ALPHA),
        "beta": out.get("armies_me", SCORE_TERMS["armies_me"]),
        "card_scale": out.get("card", 1.0),
        "risk": -out.get("risk", SCORE_TERMS["risk"]),
        "d_surv": -out.get("surv", SCORE_TERMS["surv"]),
        "gamma": -out.get("inc_opp", SCORE_TERMS["inc_opp"]),
        "d_opp": -out.get("danger", 0.0 if "danger_max" in out else SCORE_TERMS["danger"]),
    }
    if "danger_max" in out:  # the largest single danger, a term of its own
        weights["d_max"] = -out["danger_max"]
    if "learned_rest" in out:  # the terms beside it weigh on top of LEARNED (less its danger)
        weights = {"d_opp": 0.0, **{k: w for k, w in weights.items() if f_key(k) in out}}
    print("weights:", json.dumps({k: round(v, 4) for k, v in weights.items()}))


def f_key(weight: str) -> str:
    """The fit's feature behind a weight of ``Evaluator``."""
    return {
        "r": "r_me",
        "d_me": "press",
        "alpha": "inc_me",
        "beta": "armies_me",
        "card_scale": "card",
        "risk": "risk",
        "d_surv": "surv",
        "gamma": "inc_opp",
        "d_opp": "danger",
        "d_max": "danger_max",
    }[weight]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=300)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--seed", type=int, default=500)
    c.add_argument("--levels", default="hard,normal,normal")
    c.add_argument("--variant", default="classic")
    c.add_argument("--all-views", action=argparse.BooleanOptionalAction, default=True)
    c.add_argument("--out", default="/tmp/fit-eval.jsonl")
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--features", default="")
    f.add_argument("--horizon", type=int, default=0)
    f.add_argument("--hold", type=float, default=0.25)
    f.add_argument("--split-seed", type=int, default=1)
    f.add_argument("--l2", type=float, default=1e-4)
    f.add_argument(
        "--norm",
        default="inc_me",
        help="a term whose weight stays, or 'score' (a point of the hand-tuned score), "
        "or 'learned' (a point of the LEARNED score)",
    )
    f.add_argument("--players", type=int, default=3)
    f.add_argument("--level", default="")
    f.add_argument("--movers-only", action="store_true")
    args = ap.parse_args()
    collect(args) if args.cmd == "collect" else fit(args)


if __name__ == "__main__":
    main()
