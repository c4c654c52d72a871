"""``python -m render.samples OUT_DIR`` writes viewable pictures of every registered game."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

import rules
from render.samples import main, names_for, write_samples

KINDS = (
    "turn-start",
    "turn-middle",
    "turn-end",
    "board-start",
    "board-middle",
    "board-end",
    "player-1",
    "result",
)


def test_samples_are_written_and_open(tmp_path: Path) -> None:
    written = write_samples(tmp_path / "out")
    names = {p.name for p in written}
    for spec in rules.specs():
        for kind in (*KINDS, "hand-1"):
            wanted = kind != "hand-1" or spec.hands
            assert any(n.startswith(f"{spec.id}-{kind}.") for n in names) is wanted, (spec.id, kind)
    for path in written:
        with Image.open(path) as picture:
            picture.verify()


def test_command_needs_exactly_one_folder(tmp_path: Path) -> None:
    assert main([]) == 2
    assert main([str(tmp_path)]) == 0
    assert any(tmp_path.iterdir())


def test_preview_writes_each_picture_scaled_as_discord_shows_it(tmp_path: Path) -> None:
    written = write_samples(tmp_path, preview=True)
    full = [p for p in written if not p.stem.endswith(("-550", "-400"))]
    for path in full:
        for width in (550, 400):
            with Image.open(path.with_name(f"{path.stem}-{width}{path.suffix}")) as picture:
                assert picture.width == width
    assert main([str(tmp_path / "again"), "--preview"]) == 0


def test_every_seat_gets_a_name() -> None:
    assert names_for(2) == ["Ada", "Brook"]
    assert names_for(7)[5:] == ["Player 6", "Player 7"]
