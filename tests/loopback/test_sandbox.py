"""The sandbox terminal, fed lines by a test: commands, clicks, menus, modals, pictures, channels."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Unpack

import discord
import pytest
from discord import app_commands

from bot.log import VERBOSE_LIBRARIES, setup_logging
from bot.sandbox import run_sandbox
from loopback.sandbox import TerminalIO
from loopback.server import PATIENCE

from .sample_bot import PNG, SampleBot


def script(lines: Iterable[str]):  # type: ignore[no-untyped-def]
    """A line reader that plays ``lines`` and then ends the input."""
    pending = list(lines)

    async def read_line(prompt: str) -> str | None:
        return pending.pop(0) if pending else None

    return read_line


async def play(
    tmp_path: Path,
    lines: list[str],
    bot: Callable[[Any, Callable[[], datetime]], discord.Client] = lambda db, clock: SampleBot(),
    **io: Unpack[TerminalIO],
) -> str:
    """What the sandbox printed for ``lines`` (or what ``io``'s ``read_line`` reads) played against the bot
    ``bot`` builds, over a database and pictures folder in ``tmp_path``."""
    printed: list[str] = []
    io.setdefault("read_line", script(lines))
    await run_sandbox(bot, tmp_path / "sandbox.db", tmp_path / "pictures", write=printed.append, **io)
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


# (a line typed, what the terminal says to it)
MISTAKES = (
    ("@alice /dance", "refused: no slash command /dance"),
    ("@alice click 1", "refused: alice sees no message with buttons"),
    ("hello", "? start with @name"),
    ("#nowhere", "refused: no channel #nowhere"),
    ("@alice submit x", "refused: the bot opened no modal for alice"),
)


async def test_mistakes_are_explained_not_fatal(tmp_path: Path) -> None:
    out = await play(tmp_path, [line for line, _ in MISTAKES] + ["@alice /move pass", "quit"])
    for _, explained in MISTAKES:
        assert explained in out
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
    lines = ["@alice /moves", "@alice choose 2", "@alice choose 3.3", "@alice click 2"]
    out = await play(tmp_path, lines, lambda db, clock: MenuBot())
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
    # as python -m bot does before it starts the sandbox, with a token in the environment
    handler = setup_logging("INFO", secret="NOT.A.TOKEN")
    lines = script(["@alice /say hello"])

    async def read_line(prompt: str) -> str | None:
        logging.getLogger("discord.gateway").warning("Can't keep up, websocket is 12.0s behind.")
        logging.getLogger("discord.http").warning("sent with NOT.A.TOKEN")
        return await lines(prompt)

    try:
        out = await play(tmp_path, [], read_line=read_line)
    finally:
        logging.getLogger().removeHandler(handler)
        for logger, level in zip(touched, levels, strict=True):
            logger.setLevel(level)
    captured = capfd.readouterr()
    assert "keep up" not in captured.err + captured.out + out
    log = (tmp_path / "sandbox.log").read_text()
    assert "Can't keep up" in log
    # the file keeps the terminal's filters: never the token
    assert "sent with [redacted]" in log and "NOT.A.TOKEN" not in log


class BusyBot(SampleBot):
    """A bot that answers /think at once and then works on in the background (as a computer thinks, in a
    worker process: a future the stand-in cannot tell from work) until the test lets it post its move."""

    def __init__(self) -> None:
        super().__init__()
        self.release: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def setup_hook(self) -> None:
        @app_commands.command(name="think", description="Answer, then move in the background")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("thinking it over")
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            self.moving = asyncio.create_task(self.move_later(channel))

        self.tree.add_command(think)
        await super().setup_hook()

    async def move_later(self, channel: discord.TextChannel) -> None:
        await self.release
        await channel.send("the computer moved")


async def test_the_terminal_takes_lines_while_the_bot_works_and_prints_its_moves_as_they_come(
    tmp_path: Path,
) -> None:
    printed: list[str] = []
    moved = asyncio.Event()
    bots: list[BusyBot] = []

    def write(text: str) -> None:
        printed.append(text)
        if "the computer moved" in text:
            moved.set()

    def factory(db: object, clock: object) -> BusyBot:
        bots.append(BusyBot())
        return bots[0]

    lines = ["@alice /think", "@bob /say hi"]

    async def read_line(prompt: str) -> str | None:
        if lines:
            return lines.pop(0)
        if not moved.is_set():  # the bot's move comes between lines, with no line typed
            bots[0].release.set_result(None)
            await asyncio.wait_for(moved.wait(), PATIENCE)  # a safety net against a hang, not a measurement
            return "@carol look"
        return None

    await run_sandbox(
        factory, tmp_path / "sandbox.db", tmp_path / "pictures", read_line=read_line, write=write
    )
    out = "\n".join(printed)
    assert "refused" not in out and "busy" not in out
    # bob's line was taken and answered while the bot was still working on alice's
    order = [out.index(text) for text in ("thinking it over", "Loopback Bot\n  hi", "the computer moved")]
    assert order == sorted(order)
    assert out.count("the computer moved") == 2  # once as it came, once in carol's look


async def test_quit_stops_at_once_while_the_bot_still_works(tmp_path: Path) -> None:
    bots: list[BusyBot] = []

    def factory(db: object, clock: object) -> BusyBot:
        bots.append(BusyBot())
        return bots[0]

    out = await play(tmp_path, ["@alice /think", "quit"], factory)
    assert "thinking it over" in out and "refused" not in out and "busy" not in out
    assert not bots[0].moving.done()  # the computer never moved: nothing waited for it
    bots[0].moving.cancel()


class ClockBot(SampleBot):
    """A bot with a reminder an hour after /later, sent by its round of due work on the clock it was given;
    the round also starts a computer's turn that goes on in the background until the test releases it."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        super().__init__()
        self.clock = clock
        self.due: list[tuple[datetime, int]] = []  # (when, channel id)
        self.release: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.computers: list[asyncio.Task[None]] = []

    async def setup_hook(self) -> None:
        @app_commands.command(name="later", description="Remind me in an hour")
        async def later(interaction: discord.Interaction) -> None:
            self.due.append((self.clock() + timedelta(hours=1), interaction.channel_id or 0))
            await interaction.response.send_message(f"reminder at {self.due[-1][0]:%H:%M}")

        self.tree.add_command(later)
        await super().setup_hook()

    async def run_due(self) -> None:
        for when, channel_id in [d for d in self.due if d[0] <= self.clock()]:
            self.due.remove((when, channel_id))
            channel = self.get_channel(channel_id)
            assert isinstance(channel, discord.TextChannel)
            await channel.send(f"reminder due at {when:%H:%M}")
            self.computers.append(asyncio.create_task(self.computer_plays(channel)))

    async def computer_plays(self, channel: discord.TextChannel) -> None:
        await self.release
        await channel.send("the computer played the seat")


async def test_wait_moves_the_bots_clock_on_and_what_falls_due_is_delivered(tmp_path: Path) -> None:
    printed: list[str] = []
    bots: list[ClockBot] = []
    lines = ["@alice /later", "wait 30m", "wait 1h 1m", "wait soon", "wait 2x", "wait"]

    async def read_line(prompt: str) -> str | None:
        if lines == ["wait"]:  # the computer's turn the round started ends while the bare wait waits for it
            bots[0].release.set_result(None)
        return lines.pop(0) if lines else None

    def factory(db: object, clock: Callable[[], datetime]) -> ClockBot:
        bots.append(ClockBot(clock))
        return bots[0]

    async def run_due(bot: discord.Client) -> None:
        assert isinstance(bot, ClockBot)
        await bot.run_due()

    await run_sandbox(
        factory,
        tmp_path / "sandbox.db",
        tmp_path / "pictures",
        read_line=read_line,
        write=printed.append,
        when_time_passes=run_due,
    )
    out = "\n".join(printed)
    at = re.search(r"reminder at (\d\d:\d\d)", out)
    assert at is not None
    first, second = [i for i, line in enumerate(printed) if line.startswith("the clock now says")]
    assert not any("reminder due" in line for line in printed[first:second])  # 30 minutes: not yet
    assert f"reminder due at {at.group(1)}" in "\n".join(printed[second:])
    assert out.count("refused: say how long: wait 2h, wait 30m") == 2
    assert "the computer played the seat" in out  # the bare wait waited for it


async def test_a_persons_and_the_servers_discord_language(tmp_path: Path) -> None:
    @app_commands.command(name="languages", description="Say which languages the interaction carries")
    async def languages(interaction: discord.Interaction) -> None:
        guild = interaction.guild
        assert guild is not None
        await interaction.response.send_message(
            f"locale {interaction.locale.value}, guild_locale {interaction.guild_locale}, "
            f"server {guild.preferred_locale.value}"
        )

    class LanguageBot(SampleBot):
        async def setup_hook(self) -> None:
            self.tree.add_command(languages)
            await super().setup_hook()

    lines = [
        "@alice language de",
        "server language ja",
        "@alice /languages",
        "@bob /languages",
        "@alice language klingon",
        "server language",
        "@alice /languages",
    ]
    out = await play(tmp_path, lines, lambda db, clock: LanguageBot())
    assert "alice's Discord now speaks de" in out and "the server's language is now ja" in out
    assert out.count("locale de, guild_locale ja, server ja") == 2  # bad input changed nothing
    assert "locale en-US, guild_locale ja, server ja" in out  # bob's Discord is as it was
    assert "refused: 'klingon' is not one of Discord's locales" in out
    assert "refused: say: server language CODE" in out


@app_commands.command(name="export", description="Send the game as a file")
async def export(interaction: discord.Interaction) -> None:
    data = discord.File(io.BytesIO(b'{"game": 7}'), filename="game-7.json")
    await interaction.response.send_message("your export", file=data, ephemeral=True)


@app_commands.command(name="import", description="Read a game from a file")
async def import_(interaction: discord.Interaction, file: discord.Attachment) -> None:
    content = (await file.read()).decode()  # fetched from the attachment's url, as from Discord's CDN
    await interaction.response.send_message(f"imported {file.filename}: {content}")


class ExportBot(SampleBot):
    async def setup_hook(self) -> None:
        self.tree.add_command(export)
        self.tree.add_command(import_)
        await super().setup_hook()


async def test_an_export_is_saved_and_fed_back_to_an_attachment_option(tmp_path: Path) -> None:
    lines = ["@alice /export", "@bob /import 0001-game-7.json", "@bob /import file:nowhere.json"]
    out = await play(tmp_path, lines, lambda db, clock: ExportBot())
    saved = tmp_path / "pictures" / "0001-game-7.json"
    assert f"[file saved] {saved}" in out and saved.read_bytes() == b'{"game": 7}'
    assert 'imported 0001-game-7.json: {"game": 7}' in out
    assert f"refused: no file nowhere.json here or in {tmp_path / 'pictures'}" in out
