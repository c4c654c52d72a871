"""Fit the Great Western Trail value model (``rules.gwt.ai_features``) from self-play, reproducibly.

Run from the repository root (project installed, or PYTHONPATH=.):
    python bench/train_gwt.py [--games 1200] [--first 0] [--ridge 1.0] [--jobs 2] [--write] [--check]
                              [--level4-games N --level4-first S --level4-playouts P --level4-weight W
                               --policy FILE --rows FILE --out FILE]

Plays ``--games`` two-player games from seeds ``--first`` on, every seat a heuristic player (the
trip-wise heuristic three seats in four, level 1's plain one otherwise, drawn by the game's seed) that
plays one of its three best moves at random one decision in ten, so the games show many plans; at the
start of every turn it records each seat's ``features`` and, once the game is over, pairs them with that
seat's final score. Then fits a ridge regression (standardised features, penalty ``--ridge`` per row,
the bias free) by exact normal equations in plain Python, so the same games always give the same
weights; prints the fit (R², mean absolute error on the last tenth of the games, held out) and how long
each step took. ``--write`` writes the weights to ``rules/gwt/data/value_weights.json``; ``--check``
fits again and fails unless the shipped weights are the ones the games give.

Value iteration: ``--level4-games N`` also plays N games of level 4 against itself from seed
``--level4-first`` (default 20000), searching with exactly ``--level4-playouts`` playouts a decision (8;
reproducible) and valuing its positions by the weights in ``--policy`` (default
``bench/data/gwt_value_heuristic.json``, the fit on heuristic games alone), and fits their rows as well,
``--level4-weight`` times each (``--games 0``: theirs alone); the held-out figures are then on the last
tenth of the level-4 games. ``--rows FILE`` writes those games' rows (gzipped JSON) for other fits;
``--out`` where ``--write`` writes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.rng import Rng
from rules.core.search import search
from rules.core.spec import Budget
from rules.gwt import RULES
from rules.gwt.ai import PLAIN, TRIP_WISE, Weights, scores
from rules.gwt.ai_features import NAMES, WEIGHTS, Model, features
from rules.gwt.ai_plan import game as level_4
from rules.gwt.ai_search import quick_view
from rules.gwt.scoring import score as final_score

# The weights level 4 played its self-play games with: the first fit, on heuristic games alone.
POLICY = Path(__file__).resolve().parent / "data" / "gwt_value_heuristic.json"
EXPLORE = 10  # percent of decisions played at random among the heuristic's best three
DIGITS = 6  # the weights are written rounded, so a refit compares exactly
Rows = list[tuple[list[float], float]]


def play(seed: int, players: int = 2) -> Rows:
    """One self-play game: (features, final score) of each seat at the start of each of its turns."""
    rng = Rng(seed * 7919 + 13)
    weights: list[Weights] = [TRIP_WISE if rng.randrange(4) < 3 else PLAIN for _ in range(players)]

    def choose(state: Any, seat: int, legal: list[str], decision: int) -> str:
        points = scores(quick_view(state, seat), legal, weights[seat])
        order = sorted(range(len(legal)), key=lambda i: -points[i])
        return legal[order[0]] if rng.randrange(100) >= EXPLORE else legal[rng.choice(order[:3])]

    return _self_play(seed, players, choose)


def _self_play(seed: int, players: int, choose: Callable[[Any, int, list[str], int], str]) -> Rows:
    """A game from ``seed``, each decision with more than one legal move made by ``choose`` (state, seat,
    legal moves, the decision's number): (features, final score) of each seat at the start of each turn."""
    state = RULES.new_game(players, seed, {})
    seen: list[tuple[int, list[float]]] = []
    turn = -1
    for decision in range(20_000):
        if RULES.is_over(state):
            break
        if state.turn != turn:
            turn = state.turn
            seen.extend((seat, features(state, seat)) for seat in range(players))
        seat = min(RULES.to_act(state))
        legal = RULES.legal_moves(state, seat)
        move = legal[0]
        if len(legal) > 1:
            move = choose(state, seat, legal, decision)
        state = RULES.advance(state, seat, move)
    return _outcome(state, seen, players)


def _outcome(state: Any, seen: list[tuple[int, list[float]]], players: int) -> Rows:
    """The positions seen, each paired with its seat's final score (none if the game did not end)."""
    if not RULES.is_over(state):
        return []
    final = [float(sum(final_score(state, seat).values())) for seat in range(players)]
    return [(x, final[seat]) for seat, x in seen]


def play_level_4(seed: int, policy: Sequence[float], playouts: int, players: int = 2) -> Rows:
    """One game of level 4 against itself, its positions valued by the weights ``policy`` (the learned half
    of level 4's value) and searched with exactly ``playouts`` playouts a decision (reproducible):
    (features, final score) of each seat at the start of each turn, as ``play`` records them. Fitting these
    is a step of value iteration: the model learns what the positions level 4 itself reaches are worth
    under its own play."""
    game = level_4(Model(NAMES, tuple(policy)))
    budget = Budget(playouts=playouts)

    def choose(state: Any, seat: int, legal: list[str], decision: int) -> str:
        return search(game, RULES.view(state, seat), legal, Rng(seed * 100_003 + decision), budget)

    return _self_play(seed, players, choose)


def _play_level_4(args: tuple[int, tuple[float, ...], int]) -> Rows:
    return play_level_4(*args)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` symmetric positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: Rows, ridge: float) -> list[float]:
    """Ridge regression on standardised features (the bias, column 0, unpenalised), in raw units."""
    n, d = len(rows), len(rows[0][0])
    mean = [sum(x[j] for x, _ in rows) / n for j in range(d)]
    scale = [max(1e-9, (sum((x[j] - mean[j]) ** 2 for x, _ in rows) / n) ** 0.5) for j in range(d)]
    scale[0] = 1.0
    y_mean = sum(y for _, y in rows) / n
    k = d - 1  # the standardised columns 1..d-1
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in rows:
        z = [(x[j] - mean[j]) / scale[j] for j in range(1, d)]
        dy = y - y_mean
        for i in range(k):
            zi = z[i]
            if zi:
                row = xtx[i]
                for j in range(i, k):
                    row[j] += zi * z[j]
                xty[i] += zi * dy
    for i in range(k):
        for j in range(i):
            xtx[i][j] = xtx[j][i]
        xtx[i][i] += ridge * n / 1000  # ``ridge`` per thousand rows, on the standardised scale
    beta = solve(xtx, xty)
    weights = [beta[i - 1] / scale[i] for i in range(1, d)]
    bias = y_mean - sum(w * mean[i + 1] for i, w in enumerate(weights))
    return [round(w, DIGITS) for w in [bias, *weights]]


def fit_towards(rows: Rows, ridge: float, prior: Sequence[float]) -> list[float]:
    """``fit``, the penalty pulling towards the weights ``prior`` instead of towards none: the residuals of
    ``prior`` are fitted and added to it, so a large ``ridge`` keeps to ``prior`` but for the bias."""
    residuals = [(x, y - sum(w * v for w, v in zip(prior, x, strict=True))) for x, y in rows]
    return [round(w + d, DIGITS) for w, d in zip(prior, fit(residuals, ridge), strict=True)]


def quality(rows: Rows, weights: Sequence[float]) -> tuple[float, float]:
    """R² and mean absolute error of the weights on ``rows``."""
    if not rows:
        return 0.0, 0.0
    preds = [sum(w * v for w, v in zip(weights, x, strict=True)) for x, _ in rows]
    ys = [y for _, y in rows]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    err = sum((y - p) ** 2 for y, p in zip(ys, preds, strict=True))
    mae = sum(abs(y - p) for y, p in zip(ys, preds, strict=True)) / len(ys)
    return (1 - err / total if total else 0.0), mae


def games(first: int, count: int, jobs: int) -> list[Rows]:
    seeds = range(first, first + count)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(play, seeds, chunksize=8))
    return [play(seed) for seed in seeds]


def level_4_games(first: int, count: int, policy: Sequence[float], playouts: int, jobs: int) -> list[Rows]:
    tasks = [(seed, tuple(policy), playouts) for seed in range(first, first + count)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(_play_level_4, tasks, chunksize=1))
    return [_play_level_4(task) for task in tasks]


@dataclass(frozen=True)
class Search:
    """Level-4 self-play games to fit as well: ``games`` from seed ``first``, valued by the weights in
    ``policy`` (a weights file), ``playouts`` a decision, their rows counted ``weight`` times in the fit."""

    games: int
    first: int
    policy: Path
    playouts: int = 8
    weight: int = 1

    def weights(self) -> list[float]:
        return _weights(self.policy)

    def describe(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "first": self.first,
            "policy": self.policy.name,
            "playouts": self.playouts,
            "weight": self.weight,
        }


def _weights(path: Path) -> list[float]:
    """The weights in a weights file (as ``--write`` writes them)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["names"]) != NAMES:
        raise ValueError(f"{path} was fitted for other features")
    return [float(w) for w in data["weights"]]


def _split(played: list[Rows]) -> tuple[Rows, Rows]:
    """The rows of the games but the last tenth, and those of the last tenth (held out)."""
    held = max(1, len(played) // 10)
    return [r for g in played[:-held] for r in g], [r for g in played[-held:] for r in g]


def train(
    first: int,
    count: int,
    ridge: float,
    jobs: int = 1,
    level4: Search | None = None,
    rows: Path | None = None,
    prior: Sequence[float] | None = None,
) -> tuple[list[float], dict[str, Any]]:
    """The weights the games from ``first`` give (and ``level4``'s games, if any), and figures on the
    fit; the held-out figures are on the level-4 games' last tenth when there are some. ``rows``: a file
    to write the level-4 games' rows to (gzipped JSON, a list of games), to study other fits of them;
    ``prior``: weights the fit is pulled towards (``fit_towards``)."""
    start = time.perf_counter()
    train_rows, test_rows = _split(games(first, count, jobs)) if count else ([], [])
    if level4 and level4.games:
        played = level_4_games(level4.first, level4.games, level4.weights(), level4.playouts, jobs)
        if rows:
            rows.write_bytes(gzip.compress(json.dumps(played).encode(), mtime=0))
        own, held = _split(played)
        train_rows += own * level4.weight
        test_rows = held
    mid = time.perf_counter()
    weights = fit_towards(train_rows, ridge, prior) if prior else fit(train_rows, ridge)
    end = time.perf_counter()
    r2, mae = quality(train_rows, weights)
    r2_held, mae_held = quality(test_rows, weights)
    return weights, {
        "rows": len(train_rows),
        "held_rows": len(test_rows),
        "play_s": mid - start,
        "fit_s": end - mid,
        "r2": r2,
        "mae": mae,
        "r2_held": r2_held,
        "mae_held": mae_held,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level4-games", type=int, default=0, help="level-4 self-play games to fit as well")
    parser.add_argument("--level4-first", type=int, default=20_000, help="their first seed")
    parser.add_argument("--level4-playouts", type=int, default=8, help="their playouts a decision")
    parser.add_argument("--level4-weight", type=int, default=1, help="how many times their rows count")
    parser.add_argument(
        "--policy",
        type=Path,
        default=POLICY,
        help="the weights level 4 plays those games with (default the first fit's)",
    )
    parser.add_argument("--rows", type=Path, help="write the level-4 games' rows to this file (.json.gz)")
    parser.add_argument("--prior", type=Path, help="a weights file the fit is pulled towards (default none)")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the weights file --write writes")
    parser.add_argument("--write", action="store_true", help="write the weights into the repository")
    parser.add_argument("--check", action="store_true", help="fail unless the shipped weights are reproduced")
    args = parser.parse_args()
    level4 = Search(
        args.level4_games, args.level4_first, args.policy, args.level4_playouts, args.level4_weight
    )
    prior = _weights(args.prior) if args.prior else None
    weights, f = train(args.first, args.games, args.ridge, args.jobs, level4, args.rows, prior)
    if level4.games:
        print(
            f"and {level4.games} level-4 games from seed {level4.first} ({level4.playouts} playouts, "
            f"valued by {level4.policy.name}), counted {level4.weight} times"
        )
    print(
        f"{args.games} games from seed {args.first}: {f['rows']} positions, {f['held_rows']} held out; "
        f"played in {f['play_s']:.1f} s, fitted in {f['fit_s']:.1f} s"
    )
    print(
        f"fit: R² {f['r2']:.3f}, mean abs error {f['mae']:.2f} points; held out: R² {f['r2_held']:.3f}, "
        f"mean abs error {f['mae_held']:.2f}"
    )
    for name, w in zip(NAMES, weights, strict=True):
        print(f"    {name:18} {w:+.4f}")
    data = {
        "names": list(NAMES),
        "weights": weights,
        "trained": {
            "games": args.games,
            "first": args.first,
            "ridge": args.ridge,
            "players": 2,
            "explore": EXPLORE,
            **({"level4": level4.describe()} if level4.games else {}),
            **({"prior": args.prior.name} if args.prior else {}),
        },
    }
    if args.check:
        shipped = json.loads(WEIGHTS.read_text(encoding="utf-8"))
        same = shipped["weights"] == weights and shipped["names"] == list(NAMES)
        print("the shipped weights are reproduced" if same else "the shipped weights differ from these")
        if not same:
            sys.exit(1)
    if args.write:
        args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
