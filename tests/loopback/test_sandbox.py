"""The sandbox terminal, fed lines by a test: commands, clicks, menus, modals, pictures, channels."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from bot.loopback.sandbox import run_sandbox

from .sample_bot import PNG, SampleBot


def script(lines: Iterable[str]):  # type: ignore[no-untyped-def]
    """A line reader that plays ``lines`` and then ends the input."""
    pending = list(lines)

    async def read_line(prompt: str) -> str | None:
        return pending.pop(0) if pending else None

    return read_line


async def play(tmp_path: Path, lines: list[str]) -> str:
    printed: list[str] = []
    await run_sandbox(
        lambda db: SampleBot(),
        tmp_path / "sandbox.db",
        tmp_path / "pictures",
        read_line=script(lines),
        write=printed.append,
    )
    return "\n".join(printed)


async def test_a_person_plays_several_users(tmp_path: Path) -> None:
    out = await play(
        tmp_path,
        [
            "@alice /game new gwt",
            "@bob click Vote no",
            "@alice autocomplete /move blue",
            "@alice /move lay blue 3",
            "@dave /game new kind:Santa Fe seats:2",
            "@erin /remind @bob",
        ],
    )
    assert "pictures are saved in: " + str((tmp_path / "pictures").resolve()) in out
    assert "gwt for 4 started by @alice\n  [1. Vote yes] [2. Vote no]" in out
    assert "bob voted no" in out
    assert "  1. lay blue 3\n  2. lay blue 5" in out
    assert "[#games] Loopback Bot (ephemeral; seen only by alice)\n  you played lay blue 3" in out
    assert "santafe for 2 started by @dave" in out
    assert "[DM] Loopback Bot\n  it is your turn" in out
    assert "reminded @bob" in out


async def test_pictures_are_saved_and_modals_and_menus_work(tmp_path: Path) -> None:
    out = await play(
        tmp_path,
        [
            "#lounge",
            "@alice /board",
            "@alice /feedback",
            "@alice submit very nice",
            "@bob /colour",
            "@bob choose Green",
            "new thread game-2",
            "@carol look",
        ],
    )
    assert "now in #lounge" in out
    saved = tmp_path / "pictures" / "0001-board.png"
    assert saved.read_bytes() == PNG and f"[picture saved] {saved}" in out
    assert "[modal] Feedback\n  feedback: Your feedback" in out
    assert "thanks: very nice" in out
    assert "you picked green" in out
    assert "now in #game-2" in out


async def test_mistakes_are_explained_not_fatal(tmp_path: Path) -> None:
    out = await play(
        tmp_path,
        [
            "@alice /dance",
            "@alice click 1",
            "hello",
            "#nowhere",
            "@alice submit x",
            "@alice /move pass",
            "quit",
        ],
    )
    assert "refused: no slash command /dance" in out
    assert "refused: alice sees no message with buttons" in out
    assert "? start with @name" in out
    assert "refused: no channel #nowhere" in out
    assert "refused: the bot opened no modal for alice" in out
    assert "you played pass" in out
