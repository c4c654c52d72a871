"""P3: engine speed. Random full games per title and player count, legal-move listing, replay, dump size.

Run: python bench/engine.py [--games N]
Targets: random full game median GWT 4p <= 0.3 s, Santa Fe 5p <= 0.05 s; legal_moves median <= 1 ms.

Then the searching players' playouts: full games with the search's rollout player at every seat (each
game's ``ai_search.GAME.policy``), each decision made as a rollout makes it (the seat's view, its legal
moves, the player, the move played), in CPU milliseconds per decision: the search's cost per step. Once
with the rules' own ``view`` and ``play``, once with the search's quicker ones where the game has them
(``Game.look`` and ``Game.step``: no words), the same games move for move.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time
from dataclasses import replace

import rules
from rules.core.playout import random_playout, replay
from rules.core.rng import Rng
from rules.core.search import playout_rules

TARGETS = {("gwt", 4): 0.3, ("santafe", 5): 0.05}
LEGAL_TARGET = 0.001


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_game(game_id: str, players: int, games: int) -> dict[str, float]:
    engine = rules.get(game_id)
    times, lengths, longest = [], [], None
    for seed in range(games):
        start = time.perf_counter()
        playout = random_playout(engine, players, seed)
        times.append(time.perf_counter() - start)
        lengths.append(len(playout.moves))
        if longest is None or len(playout.moves) > len(longest.moves):
            longest = playout
    assert longest is not None
    # legal-move listing on every state of the longest game
    state = engine.new_game(players, longest.seed, longest.options)
    legal_times = []
    for seat, move in longest.moves:
        start = time.perf_counter()
        engine.legal_moves(state, seat)
        legal_times.append(time.perf_counter() - start)
        state, _ = engine.play(state, seat, move)
    start = time.perf_counter()
    replay(engine, players, longest.seed, longest.options, longest.moves)
    replay_time = time.perf_counter() - start
    dump_size = len(json.dumps(engine.dump(state), separators=(",", ":")))
    return {
        "game_median_s": statistics.median(times),
        "game_p95_s": percentile(times, 0.95),
        "moves_median": statistics.median(lengths),
        "legal_median_ms": statistics.median(legal_times) * 1000,
        "legal_p95_ms": percentile(legal_times, 0.95) * 1000,
        "replay_longest_s": replay_time,
        "longest_moves": len(longest.moves),
        "dump_kib": dump_size / 1024,
    }


def bench_rollouts(game_id: str, players: int, games: int, quick: bool) -> tuple[float, float]:
    """(CPU ms per decision, decisions per game) of games between the search's rollout players, as its
    playouts play them: with the search's quicker ``step`` and ``look`` when ``quick`` (where the game has
    them), else with the rules' ``play`` and ``view``."""
    engine = rules.get(game_id)
    game = importlib.import_module(f"{rules.modules()[game_id]}.ai_search").GAME
    step, look = playout_rules(game if quick else replace(game, step=None, look=None))
    decisions, spent = 0, 0.0
    for seed in range(games):
        state = engine.new_game(players, seed)
        rng = Rng(seed)
        start = time.process_time()
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            legal = engine.legal_moves(state, seat)
            move = legal[0] if len(legal) == 1 else game.policy(look(state, seat), legal, rng)
            state = step(state, seat, move)
            decisions += 1
        spent += time.process_time() - start
    return spent * 1000 / decisions, decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="random games per title and player count")
    args = parser.parse_args()
    print(f"{'game':8} {'p':>2} {'median s':>9} {'p95 s':>8} {'target':>7} {'ratio':>6} {'moves':>6} "
          f"{'legal ms':>9} {'legal p95':>9} {'replay s':>9} {'dump KiB':>9}")
    for game_id in rules.ids():
        engine = rules.get(game_id)
        for players in range(engine.min_players, engine.max_players + 1):
            r = bench_game(game_id, players, args.games)
            target = TARGETS.get((game_id, players))
            ratio = f"{r['game_median_s'] / target:6.2f}" if target else "     -"
            print(f"{game_id:8} {players:>2} {r['game_median_s']:9.4f} {r['game_p95_s']:8.4f} "
                  f"{(f'{target:.2f}' if target else '-'):>7} {ratio} {r['moves_median']:6.0f} "
                  f"{r['legal_median_ms']:9.3f} {r['legal_p95_ms']:9.3f} {r['replay_longest_s']:9.4f} "
                  f"{r['dump_kib']:9.1f}")
    print(f"legal_moves target: median <= {LEGAL_TARGET * 1000:.1f} ms")
    print(f"\n{'rollouts':8} {'p':>2} {'ms/decision':>12} {'quick ms':>9} {'ratio':>6} {'decisions':>10}")
    for game_id in rules.ids():
        engine = rules.get(game_id)
        for players in range(engine.min_players, engine.max_players + 1):
            games = max(1, args.games // 3)
            per, length = bench_rollouts(game_id, players, games, quick=False)
            quick, _ = bench_rollouts(game_id, players, games, quick=True)
            print(f"{game_id:8} {players:>2} {per:12.3f} {quick:9.3f} {quick / per:6.2f} {length:10.0f}")


if __name__ == "__main__":
    main()
