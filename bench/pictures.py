"""Render speed and picture size.

Run: python bench/pictures.py [--repeat N] [--languages]
Target: the turn picture and the full board of each game (draw + encode) within 1.5 x the time of only
encoding an image of the same size and format; every picture at most 1 MiB. Also compares the candidate
formats (size and time) that render/encode.py chooses between. With ``--languages``: the turn picture and
the score sheet drawn with the words of each language, each language's draw time as a ratio to English's
(target <= 1.2).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import rules
from bot.i18n import LANGUAGES
from bot.services.wording import text_of
from bot.ui.pictures import result_words, words_for
from render import Style, encode, render_board, render_hand, render_player_area, render_result, render_turn
from render.encode import MAX_BYTES, png_bytes, to_palette, webp_bytes
from render.layers import clear_layers
from rules.core.playout import random_playout, replay

RATIO_TARGET = 1.5


def player_counts(game_id: str) -> range:
    spec = rules.spec(game_id)
    return range(spec.min_players, spec.max_players + 1)


def median_time(work: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def middle_state(game_id: str, players: int, seed: int) -> Any:
    engine = rules.get(game_id)
    played = random_playout(engine, players, seed)
    return replay(engine, players, seed, played.options, played.moves[: len(played.moves) // 2]), played


LAST = ["Player 2: build 4a on spot 12 for $4."]


def speed(game_id: str, repeat: int, kind: str = "board") -> None:
    engine = rules.get(game_id)
    state, _ = middle_state(game_id, max(player_counts(game_id)), 3)
    view = engine.view(state, None)
    clear_layers()

    def render() -> Any:
        return render_turn(view, LAST) if kind == "turn" else render_board(view)

    start = time.perf_counter()
    image = render()
    cold = time.perf_counter() - start
    draw = median_time(render, repeat)
    encode_only = median_time(lambda: encode(image), repeat)
    full = median_time(lambda: encode(render()), repeat)
    ratio = full / encode_only
    verdict = "ok" if ratio <= RATIO_TARGET else "OVER"
    print(
        f"{game_id} {kind} {image.size[0]}x{image.size[1]}: first draw (static layers) {cold * 1000:.1f} ms, "
        f"draw {draw * 1000:.1f} ms, encode {encode_only * 1000:.1f} ms, draw+encode {full * 1000:.1f} ms, "
        f"ratio {ratio:.2f} (target <= {RATIO_TARGET}) {verdict}"
    )
    formats: list[tuple[str, Callable[[], bytes]]] = [
        ("palette PNG level 6 (chosen)", lambda: png_bytes(to_palette(image))),
        ("palette PNG level 1", lambda: png_bytes(to_palette(image), 1)),
        ("palette PNG level 9", lambda: png_bytes(to_palette(image), 9)),
        ("RGB PNG level 6", lambda: png_bytes(image)),
        ("lossless WebP method 4", lambda: webp_bytes(image, lossless=True)),
        ("lossless WebP method 0", lambda: webp_bytes(image, lossless=True, method=0)),
        ("lossy WebP q90", lambda: webp_bytes(image, lossless=False, quality=90)),
    ]
    if kind == "turn":
        return
    for label, work in formats:
        size = len(work())
        seconds = median_time(work, max(3, repeat // 4))
        print(f"    {label:32s} {size / 1024:7.1f} KiB {seconds * 1000:7.1f} ms")


def every_picture(game_id: str, repeat: int) -> None:
    """Draw, encode and ratio for each kind of picture, with its encoded size."""
    engine = rules.get(game_id)
    players = max(player_counts(game_id))
    state, played = middle_state(game_id, players, 3)
    names = [f"Player {i + 1}" for i in range(players)]
    style = Style(names)
    own = engine.view(state, 0)
    kinds: list[tuple[str, Callable[[], Any]]] = [
        ("turn", lambda: render_turn(engine.view(state, None), LAST, style=style)),
        ("board", lambda: render_board(engine.view(state, None), style)),
        ("player area", lambda: render_player_area(own, 0, style)),
        ("result", lambda: render_result(engine.result(played.final), names, game_id)),
    ]
    if rules.spec(game_id).hands:
        kinds.append(("hand", lambda: render_hand(own)))
    for kind, draw in kinds:
        image = draw()
        drawn = median_time(draw, repeat)
        encoded = median_time(lambda image=image: encode(image), repeat)
        both = median_time(lambda draw=draw: encode(draw()), repeat)
        size = len(encode(image)[0])
        print(
            f"    {kind:12s} {image.size[0]}x{image.size[1]}: draw {drawn * 1000:6.1f} ms, encode "
            f"{encoded * 1000:6.1f} ms, ratio {both / encoded:4.2f}, {size / 1024:6.1f} KiB"
        )


def sizes(game_id: str) -> int:
    """Encode every picture of one random game per player count at start, middle and end; largest size."""
    engine = rules.get(game_id)
    largest = 0
    for players in player_counts(game_id):
        state, played = middle_state(game_id, players, players)
        names = [f"Player {i + 1}" for i in range(players)]
        style = Style(names)
        for current in (engine.new_game(players, players, played.options), state, played.final):
            public = engine.view(current, None)
            pictures = [render_turn(public, LAST, style=style), render_board(public, style)]
            for seat in range(players):
                own = engine.view(current, seat)
                pictures.append(render_player_area(own, seat, style))
                if rules.spec(game_id).hands:
                    pictures.append(render_hand(own))
            for picture in pictures:
                largest = max(largest, len(encode(picture)[0]))
        largest = max(largest, len(encode(render_result(engine.result(played.final), names, game_id))[0]))
    verdict = "ok" if largest <= MAX_BYTES else "OVER"
    print(f"{game_id}: largest encoded picture {largest / 1024:.1f} KiB (limit 1024 KiB) {verdict}")
    return largest


LANGUAGE_TARGET = 1.2


def languages(game_id: str, repeat: int) -> None:
    """The turn picture and the score sheet in each language: median draw time, ratio to English."""
    engine = rules.get(game_id)
    players = max(player_counts(game_id))
    state, played = middle_state(game_id, players, 3)
    names = [f"Player {i + 1}" for i in range(players)]
    view = engine.view(state, None)
    result = engine.result(played.final)
    seat = min(engine.to_act(state))
    label = engine.say_move(state, seat, engine.legal_moves(state, seat)[0])  # the last move's line
    english: dict[str, float] = {}
    for language in LANGUAGES:
        words = words_for(language, view, [], names)
        last = [f"{names[seat]}: {text_of(language, label)}"]
        sheet = result_words(result, game_id, language)
        kinds: list[tuple[str, Callable[[], Any]]] = [
            ("turn", lambda words=words, last=last: render_turn(view, last, (), Style(names, words=words))),
            ("result", lambda sheet=sheet: render_result(result, names, game_id, sheet)),
        ]
        for kind, draw in kinds:
            draw()  # the static layers, once
            seconds = median_time(draw, repeat)
            ratio = seconds / english.setdefault(kind, seconds)
            verdict = "ok" if ratio <= LANGUAGE_TARGET else "OVER"
            print(
                f"{game_id} {kind:6s} {language}: draw {seconds * 1000:6.1f} ms, ratio to English "
                f"{ratio:4.2f} (target <= {LANGUAGE_TARGET}) {verdict}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--languages", action="store_true", help="draw time per language, as a ratio")
    args = parser.parse_args()
    if args.languages:
        for game_id in rules.ids():
            languages(game_id, args.repeat)
        return
    for game_id in rules.ids():
        speed(game_id, args.repeat, "turn")
        speed(game_id, args.repeat)
    for game_id in rules.ids():
        print(f"{game_id}: every picture (mid-game, most players)")
        every_picture(game_id, max(5, args.repeat // 4))
    for game_id in rules.ids():
        sizes(game_id)


if __name__ == "__main__":
    main()
