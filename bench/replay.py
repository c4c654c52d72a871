"""A replay's animated picture and the points chart of a whole game: build time and size.

Run: PYTHONPATH=. python bench/replay.py [--players N --seed N --frames N]
A whole game of Great Western Trail (and one of Santa Fe) played by level-1 computer players (they do not
search, so the game is quick to make), then, as the bot does: the spectator's view of each shown position
by one replay (``bot.services.replays``), the turn pictures drawn and encoded as one animated WebP
(``render.replay.render_replay``, what a picture worker runs), and for comparison the same frames as an
animated PNG; the public points after every move and their chart. Target: the animation within
``render.replay.MAX_BYTES`` (8 MiB, under Discord's 10 MiB upload limit) and built within its picture
worker's time limit (``bot.ui.pictures.REPLAY_TIMEOUT``, 180 s) on the 2-core machine.
"""

from __future__ import annotations

import argparse
import io
import os
import time

import rules
from bot.services.replays import MOST_FRAMES, frame_versions
from bot.ui.pictures import REPLAY_TIMEOUT
from render import Style, encode
from render.chart import render_score_chart
from render.replay import MAX_BYTES, STEPS, animate, render_replay, replay_frames
from rules.ai import choose_move


def computer_game(game_id: str, players: int, seed: int) -> list[tuple[int, str]]:
    """A whole game's moves, every seat a level-1 computer."""
    engine = rules.get(game_id)
    state = engine.new_game(players, seed, {})
    moves: list[tuple[int, str]] = []
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        legal = engine.legal_moves(state, seat)
        move = choose_move(game_id, engine.view(state, seat), legal, 1, seed + len(moves))
        state, _ = engine.play(state, seat, move)
        moves.append((seat, move))
    return moves


def measure(game_id: str, players: int, seed: int, most: int) -> None:
    engine = rules.get(game_id)
    moves = computer_game(game_id, players, seed)
    names = [f"Player {s + 1}" for s in range(players)]

    start = time.perf_counter()
    wanted = frame_versions(len(moves), most)
    state, done, views = engine.new_game(players, seed, {}), 0, []
    for version in wanted:
        for seat, move in moves[done:version]:
            state, _ = engine.play(state, seat, move)
        done = version
        views.append(engine.view(state, None))
    replayed = time.perf_counter() - start

    frames = [(view, [f"move {v}"]) for v, view in zip(wanted, views, strict=True)]
    start = time.perf_counter()
    data, filename = render_replay(frames, Style(names))
    built = time.perf_counter() - start

    start = time.perf_counter()
    pictures = replay_frames(frames, Style(names))
    drawn = time.perf_counter() - start
    width, quality = STEPS[0]
    start = time.perf_counter()
    webp = animate(pictures, width, quality)
    webp_time = time.perf_counter() - start
    start = time.perf_counter()
    small = [p.convert("RGB").resize((width, round(p.height * width / p.width))) for p in pictures]
    out = io.BytesIO()
    small[0].save(out, "PNG", save_all=True, append_images=small[1:], duration=700, loop=0)
    apng_time = time.perf_counter() - start

    start = time.perf_counter()
    state, series = engine.new_game(players, seed, {}), []
    series.append(engine.public_scores(state))
    for seat, move in moves:
        state, _ = engine.play(state, seat, move)
        series.append(engine.public_scores(state))
    scored = time.perf_counter() - start
    start = time.perf_counter()
    chart, _ = encode(render_score_chart(series, names, engine.title), "chart")
    charted = time.perf_counter() - start

    print(f"{engine.title}, {players} players, {len(moves)} moves, {len(wanted)} frames (at most {most})")
    print(f"  replay for the frames' views   {replayed:6.2f} s")
    print(
        f"  animated replay (draw + WebP)  {built:6.2f} s  {len(data) / 2**20:5.2f} MiB  {filename}"
        f"  (limit {MAX_BYTES / 2**20:.0f} MiB; worker time limit {REPLAY_TIMEOUT:.0f} s)"
    )
    print(f"    of which drawing the frames  {drawn:6.2f} s")
    print(
        f"  same frames at {width} px: WebP q{quality} {webp_time:5.2f} s {len(webp) / 2**20:5.2f} MiB;"
        f" APNG {apng_time:5.2f} s {out.tell() / 2**20:5.2f} MiB"
    )
    print(
        f"  public points after every move {scored:6.2f} s; chart drawn and encoded {charted:5.2f} s,"
        f" {len(chart) / 1024:.0f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--frames", type=int, default=MOST_FRAMES)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    measure("gwt", args.players, args.seed, args.frames)
    measure("santafe", args.players, args.seed, args.frames)


if __name__ == "__main__":
    main()
