"""The sandbox terminal, fed lines by a test: commands, clicks, menus, modals, pictures, channels."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.log import VERBOSE_LIBRARIES, setup_logging
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


class NumberedSelect(discord.ui.Select[Any]):
    """A menu whose option values count from 0, as the game's move menus do."""

    def __init__(self) -> None:
        options = [discord.SelectOption(label=f"move {c}", value=str(i)) for i, c in enumerate("abc")]
        super().__init__(custom_id="numbered", placeholder="Pick a move", options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you chose {self.options[int(self.values[0])].label}")


@app_commands.command(name="moves", description="A menu of moves and a button labelled with a number")
async def moves(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=60)
    view.add_item(discord.ui.Button(label="Back", custom_id="back"))
    view.add_item(discord.ui.Button(label="1", custom_id="one"))
    view.add_item(NumberedSelect())
    await interaction.response.send_message("moves:", view=view)


class MenuBot(SampleBot):
    async def setup_hook(self) -> None:
        self.tree.add_command(moves)
        await super().setup_hook()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if (interaction.data or {}).get("custom_id") in ("back", "one"):
            await interaction.response.send_message(f"pressed {interaction.data['custom_id']}")  # type: ignore[index]


async def test_choose_and_click_count_from_one_as_printed(tmp_path: Path) -> None:
    printed: list[str] = []
    await run_sandbox(
        lambda db: MenuBot(),
        tmp_path / "sandbox.db",
        tmp_path / "pictures",
        read_line=script(["@alice /moves", "@alice choose 2", "@alice choose 3.3", "@alice click 2"]),
        write=printed.append,
    )
    out = "\n".join(printed)
    assert "  [1. Back] [2. 1]\n  [3. Pick a move ▾ 1) move a, 2) move b, 3) move c]" in out
    assert "you chose move b" in out  # the second option printed, not the one whose value is "2"
    assert "you chose move c" in out
    assert "pressed one" in out  # button number 2 (labelled "1"), not the first button


async def test_the_world_persists_with_the_database(tmp_path: Path) -> None:
    world_file = tmp_path / "sandbox.world.json"
    first = await play(tmp_path, ["new thread side", "@erin /say hi"])
    kept = json.loads(world_file.read_text())
    second = await play(tmp_path, ["@erin /say again", "#games"])
    # the same server, channels, thread and people, with the same ids; the second run starts where the
    # first stopped, in #side, and knows erin
    assert json.loads(world_file.read_text()) == kept | {"current": "games"}
    assert kept["current"] == "side" and "erin" in kept["people"]
    assert "[#side] Loopback Bot\n  hi" in first
    assert (
        "[#side] Loopback Bot\n  again" in second
        and "people: @alice, @bob, @carol (admin), @dave, @erin" in second
    )


async def test_pictures_from_earlier_runs_are_kept(tmp_path: Path) -> None:
    await play(tmp_path, ["@alice /board"])
    (tmp_path / "pictures" / "0001-board.png").write_bytes(b"first run")
    out = await play(tmp_path, ["@alice /board", "@bob /board"])
    assert (tmp_path / "pictures" / "0001-board.png").read_bytes() == b"first run"
    assert (tmp_path / "pictures" / "0002-board.png").read_bytes() == PNG
    assert (tmp_path / "pictures" / "0003-board.png").read_bytes() == PNG
    assert "0002-board.png" in out


async def test_log_records_go_to_a_file_not_between_prompts(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # setup_logging sets levels on the root logger and a few libraries' loggers: later tests must find
    # them as they were
    touched = [logging.getLogger(), logging.getLogger("alembic")]
    touched += [logging.getLogger(name) for name in VERBOSE_LIBRARIES]
    levels = [logger.level for logger in touched]
    handler = setup_logging("INFO")  # as python -m bot does before it starts the sandbox
    lines = script(["@alice /say hello"])

    async def read_line(prompt: str) -> str | None:
        logging.getLogger("discord.gateway").warning("Can't keep up, websocket is 12.0s behind.")
        return await lines(prompt)

    printed: list[str] = []
    try:
        await run_sandbox(
            lambda db: SampleBot(),
            tmp_path / "sandbox.db",
            tmp_path / "pictures",
            read_line=read_line,
            write=printed.append,
        )
    finally:
        logging.getLogger().removeHandler(handler)
        for logger, level in zip(touched, levels, strict=True):
            logger.setLevel(level)
    captured = capfd.readouterr()
    assert "keep up" not in captured.err + captured.out + "\n".join(printed)
    assert "Can't keep up" in (tmp_path / "sandbox.log").read_text()
