"""How much a thinking level's move depends on its thinking time, decision by decision.

Run from the repository root (project installed, or PYTHONPATH=.):
    python bench/agreement.py [--game gwt] [--players 2] [--level 2] [--positions 60]
                              [--seconds 0.33 0.67 1] [--long 5] [--jobs 2]
                              [--games N --first 0 --turn S --whole 1]

Collects ``--positions`` decisions of the level's seat, at least two candidate moves each, from games of
the level (32 playouts a decision, the seat rotating) against level 1, spread over the games; then lets the
level decide each of them again with ``--seconds`` of CPU for that decision alone, and with ``--long``
seconds from another seed (other worlds sampled), and prints, by the kind of decision (Great Western
Trail: the move along the trail, the actions at the place reached, Kansas City; Santa Fe: its phase),
how often the heuristic's favourite and the move at each budget are the move the long budget found, and
the playouts each budget bought. A decision's share of its turn's time matters as far as its move
changes with it.

With ``--games N``, also plays N games of the level against level 1 (seeds from ``--first``) at the
turn's budget as the bot thinks (``--turn``, default the game's own ``think_seconds``, shared out across
the turn's decisions), and at each decision of the level's seat with two candidates or more also lets it
decide with ``--whole`` seconds for that decision alone (as before the budget was per turn), from the same
seed; prints, by kind, the share each decision was given (median, and how many got under a tenth of a
second) and how often the two budgets made the same move. Every budget here is CPU time alone (no
wall-clock cap), so the moves do not depend on how busy the machine is. Figures: bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from ai import play_game, whole_decisions

import rules
from rules.ai import choose_move
from rules.core import search
from rules.core.rng import Rng
from rules.core.spec import Budget

SAMPLE = 15  # the chance in a hundred that a position of the level's seat is kept: spreads them out
COLLECT = Budget(seconds=1.0, playouts=32)  # the games' own budget while positions are collected

Position = tuple[str, dict[str, Any], list[str], int]  # kind, view, legal moves, seed


def kind(game_id: str, view: dict[str, Any]) -> str:
    """The decision's kind: GWT by the turn's first pending step, Santa Fe by its phase."""
    if game_id == "gwt":
        steps = [p["k"] for p in view.get("pending", []) if p.get("k") != "end_turn"]
        return {"turn": "move", "first": "move", "loc": "place", "deliver": "Kansas City"}.get(
            steps[0] if steps else "", "other")
    return str(view.get("phase", "other"))


def favourite(game_id: str, level: int, view: dict[str, Any], legal: list[str]) -> list[str]:
    """The level's candidates, the heuristic's favourite first (empty for a level that does not search)."""
    game = _search_game(game_id, level)
    return search.candidates(game, view, legal, Budget(1.0)) if game else []


def _search_game(game_id: str, level: int) -> search.Game | None:
    module = rules.spec(game_id).computers[level].play.__module__
    return getattr(__import__(module, fromlist=["GAME"]), "GAME", None)


def collect(game_id: str, players: int, level: int, count: int) -> list[Position]:
    pick, found, seed = Rng(7), [], 0

    def keep(seat: int, view: dict[str, Any], legal: list[str], move: str, given: Budget, at: int) -> None:
        searched = seat == seed % players and len(favourite(game_id, level, view, legal)) > 1
        if searched and pick.randrange(100) < SAMPLE:
            found.append((kind(game_id, view), view, legal, at))

    while len(found) < count:
        play_game(game_id, players, seed, level, 1, budget=COLLECT, watch=keep)
        seed += 1
    return found[:count]


@contextmanager
def counted_playouts() -> Iterator[dict[str, int]]:
    """Within it, the search's playouts are counted (``["playouts"]`` of what it yields)."""
    made = {"playouts": 0}
    playout = search.playout

    def counted(*a: Any, **k: Any) -> float:
        made["playouts"] += 1
        return playout(*a, **k)

    search.playout = counted
    try:
        yield made
    finally:
        search.playout = playout


def decide(args: tuple[str, int, Position, list[float]]) -> tuple[str, str, list[str], list[int]]:
    """The position's kind, the favourite, and the move and the playouts at each budget."""
    game_id, level, (what, view, legal, seed), budgets = args
    moves, playouts = [], []
    with whole_decisions(), counted_playouts() as made:
        for i, seconds in enumerate(budgets):
            made["playouts"] = 0
            other = i == len(budgets) - 1  # the long budget samples worlds of its own
            moves.append(choose_move(game_id, view, legal, level, seed + other, Budget(seconds)))
            playouts.append(made["playouts"])
    return what, favourite(game_id, level, view, legal)[0], moves, playouts


def turn_against_whole(args: tuple[str, int, int, int, Budget, float]) -> list[tuple[str, float, bool]]:
    """One game at the turn's ``budget``: per searched decision of the level's seat, its kind, the share
    it was given and whether ``whole`` seconds for it alone made the same move."""
    game_id, players, level, seed, budget, whole = args
    game = _search_game(game_id, level)
    assert game is not None
    found = []

    def compare(seat: int, view: dict[str, Any], legal: list[str], move: str, left: Budget, at: int) -> None:
        if seat == seed % players and len(favourite(game_id, level, view, legal)) > 1:
            with whole_decisions():
                alone = choose_move(game_id, view, legal, level, at, Budget(whole))
            given = search.share(left, game.decisions(view)).seconds
            found.append((kind(game_id, view), given, alone == move))

    play_game(game_id, players, seed, level, 1, budget=budget, watch=compare)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(rules.GAMES), default="gwt")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--positions", type=int, default=60, help="0: none")
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.33, 0.67, 1.0])
    parser.add_argument("--long", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=0, help="games at the turn's budget against whole")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--turn", type=float, help="CPU seconds a turn (default: the game's own)")
    parser.add_argument("--whole", type=float, default=1.0, help="CPU seconds a decision alone")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if _search_game(args.game, args.level) is None:
        parser.error(f"level {args.level} of {args.game} does not search")
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.positions:
            print_budgets(args, pool)
        if args.games:
            print_turns(args, pool)


def print_budgets(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    positions = collect(args.game, args.players, args.level, args.positions)
    budgets = [*args.seconds, args.long]
    results = list(pool.map(decide, [(args.game, args.level, p, budgets) for p in positions]))
    print(f"{args.game} {args.players}p level {args.level}: {len(results)} positions; the share of them "
          f"whose move is the one {args.long:g} s found, and the playouts a decision (median)")
    print(f"  {'kind':12} {'n':>3}  {'favourite':>9}  " + "  ".join(f"{s:>5g} s" for s in args.seconds)
          + "  playouts at " + ", ".join(f"{s:g}" for s in budgets) + " s")
    for what in sorted({r[0] for r in results}):
        mine = [r for r in results if r[0] == what]
        agree = [sum(r[2][i] == r[2][-1] for r in mine) / len(mine) for i in range(len(args.seconds))]
        fav = sum(r[1] == r[2][-1] for r in mine) / len(mine)
        playouts = [statistics.median(r[3][i] for r in mine) for i in range(len(budgets))]
        print(f"  {what:12} {len(mine):>3}  {fav:>9.0%}  " + "  ".join(f"{a:>7.0%}" for a in agree)
              + "  " + ", ".join(f"{p:.0f}" for p in playouts))


def print_turns(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    budget = Budget(args.turn or rules.spec(args.game).think_seconds)
    tasks = [(args.game, args.players, args.level, seed, budget, args.whole)
             for seed in range(args.first, args.first + args.games)]
    found = [d for game in pool.map(turn_against_whole, tasks) for d in game]
    print(f"{args.game} {args.players}p level {args.level} vs 1: {args.games} games (seeds {args.first}-"
          f"{args.first + args.games - 1}) at {budget.seconds:g} s a turn; its searched decisions, the share "
          f"each was given, and how often {args.whole:g} s for the decision alone made the same move")
    print(f"  {'kind':12} {'n':>5}  {'share median':>12}  {'under 0.1 s':>11}  {'same move':>9}")
    for what in [*sorted({d[0] for d in found}), "all"]:
        mine = [d for d in found if what in (d[0], "all")]
        starved = sum(d[1] < 0.1 for d in mine)
        same = sum(d[2] for d in mine)
        print(f"  {what:12} {len(mine):>5}  {statistics.median(d[1] for d in mine):>10.2f} s  "
              f"{starved:>5} ({starved / len(mine):>3.0%})  {same / len(mine):>9.1%}")


if __name__ == "__main__":
    main()
