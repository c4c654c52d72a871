"""Write sample pictures of both games to a folder, for a person to look at.

    python -m render.samples OUT_DIR

Games come from seeded random playouts, so the same command always writes the same pictures: for each
game a board at the start, in the middle and at the end, a player area, a private hand and the score sheet.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import rules
from render import encode, render_board, render_hand, render_player_area, render_result
from rules.core.playout import random_playout, replay

NAMES = ["Ada", "Brook", "Cyrus", "Dana", "Emil"]
GAMES = {"gwt": 4, "santafe": 5}


def sample_views(game_id: str, players: int, seed: int = 1) -> list[tuple[str, Any]]:
    """(label, state) at the start, halfway and at the end of one seeded random game."""
    engine = rules.get(game_id)
    played = random_playout(engine, players, seed)
    middle = replay(engine, players, seed, played.options, played.moves[: len(played.moves) // 2])
    start = engine.new_game(players, seed, played.options)
    return [("start", start), ("middle", middle), ("end", played.final)]


def write_samples(out_dir: Path) -> list[Path]:
    """Write every sample picture into ``out_dir`` and return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(image: Any, stem: str) -> None:
        data, filename = encode(image, stem)
        path = out_dir / filename
        path.write_bytes(data)
        written.append(path)

    for game_id, players in GAMES.items():
        engine = rules.get(game_id)
        names = NAMES[:players]
        for label, state in sample_views(game_id, players):
            save(render_board(engine.view(state, None), names), f"{game_id}-board-{label}")
        middle = sample_views(game_id, players)[1][1]
        own = engine.view(middle, 0)
        save(render_player_area(own, 0, names), f"{game_id}-player-1")
        save(render_hand(own), f"{game_id}-hand-1")
        final = sample_views(game_id, players)[2][1]
        save(render_result(engine.result(final), names, game_id), f"{game_id}-result")
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.samples OUT_DIR", file=sys.stderr)
        return 2
    for path in write_samples(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
