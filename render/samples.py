"""Write sample pictures of every registered game to a folder, for a person to look at.

    python -m render.samples OUT_DIR [--preview]

Games come from seeded random playouts at each game's largest player count, so the same command always
writes the same pictures: for each game the turn picture and the full board at the start, in the middle
and at the end, a player area, a private hand (for a game with hands) and the score sheet. ``--preview``
also writes each picture scaled as Discord shows it inline: 550 px wide (desktop, ``-550``) and 400 px
wide (a phone, ``-400``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PIL import Image

import rules
from render import Style, encode, render_board, render_hand, render_player_area, render_result, render_turn
from render.names import with_names
from rules.core.events import is_public
from rules.core.playout import random_playout, replay

NAMES = ["Ada", "Brook", "Cyrus", "Dana", "Emil"]
PREVIEW_WIDTHS = (550, 400)


def names_for(players: int) -> list[str]:
    """A name for each seat: ``NAMES``, then "Player N" for a game with more seats."""
    return [NAMES[seat] if seat < len(NAMES) else f"Player {seat + 1}" for seat in range(players)]


def sample_views(game_id: str, players: int, seed: int = 1) -> list[tuple[str, Any]]:
    """(label, state) at the start, halfway and at the end of one seeded random game."""
    engine = rules.get(game_id)
    played = random_playout(engine, players, seed)
    middle = replay(engine, players, seed, played.options, played.moves[: len(played.moves) // 2])
    start = engine.new_game(players, seed, played.options)
    return [("start", start), ("middle", middle), ("end", played.final)]


def scaled(image: Image.Image, width: int) -> Image.Image:
    """``image`` shrunk to ``width`` pixels wide, as a client shows it."""
    return image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)


def sample_turns(game_id: str, players: int, seed: int = 1) -> list[tuple[str, Any, list[str]]]:
    """(label, state, lines telling the move that led there, with names) for each sample state."""
    engine = rules.get(game_id)
    played = random_playout(engine, players, seed)
    found = []
    for label, state in sample_views(game_id, players, seed):
        count = {"start": 0, "middle": len(played.moves) // 2, "end": len(played.moves)}[label]
        last: list[str] = []
        if count:
            before = replay(engine, players, seed, played.options, played.moves[: count - 1])
            seat, move = played.moves[count - 1]
            _, events = engine.play(before, seat, move)
            told = [ev["text"] for ev in events if is_public(ev)][:1]  # the move's own line comes first
            last = [with_names(line, names_for(players)) for line in told]
        found.append((label, state, last))
    return found


def write_samples(out_dir: Path, preview: bool = False) -> list[Path]:
    """Write every sample picture into ``out_dir`` (with ``preview`` also scaled copies) and return the
    paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(image: Any, stem: str) -> None:
        shown = [(image, stem)]
        if preview:
            shown += [(scaled(image, width), f"{stem}-{width}") for width in PREVIEW_WIDTHS]
        for picture, name in shown:
            data, filename = encode(picture, name)
            path = out_dir / filename
            path.write_bytes(data)
            written.append(path)

    for spec in rules.specs():
        game_id, players = spec.id, spec.max_players
        engine = rules.get(game_id)
        names = names_for(players)
        style = Style(names)
        for label, state, last in sample_turns(game_id, players):
            view = engine.view(state, None)
            save(render_turn(view, last, style=style), f"{game_id}-turn-{label}")
            save(render_board(view, style), f"{game_id}-board-{label}")
        middle = sample_views(game_id, players)[1][1]
        own = engine.view(middle, 0)
        save(render_player_area(own, 0, style), f"{game_id}-player-1")
        if spec.hands:
            save(render_hand(own, style), f"{game_id}-hand-1")
        final = sample_views(game_id, players)[2][1]
        save(render_result(engine.result(final), names, game_id), f"{game_id}-result")
    return written


def main(argv: list[str]) -> int:
    preview = "--preview" in argv
    args = [a for a in argv if a != "--preview"]
    if len(args) != 1:
        print("usage: python -m render.samples OUT_DIR [--preview]", file=sys.stderr)
        return 2
    for path in write_samples(Path(args[0]), preview):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
