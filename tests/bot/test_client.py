"""Command sync happens to the development guild or globally, only when the tree changed, per application;
the bot asks for the gateway intents it uses and no others."""

from __future__ import annotations

import logging
import multiprocessing
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock

import discord
import pytest
from discord import app_commands

from bot.client import BoardGameBot, CommandSyncRefused, sync_if_changed, tree_fingerprint
from bot.services import GameService
from bot.services.drawing import Drawers
from bot.services.thinking import Thinkers
from bot.settings import Settings
from bot.storage import open_database
from bot.ui import pictures
from loopback import LoopbackDiscord
from loopback.gateway import IDENTIFY

APP = 7


def make_tree() -> app_commands.CommandTree:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description="Ping")
    async def ping(interaction: discord.Interaction) -> None: ...

    tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    return tree


async def test_sync_only_when_the_tree_changed(tmp_path: Path) -> None:
    hashes = tmp_path / "db.commands.json"
    tree = make_tree()
    assert await sync_if_changed(tree, APP, None, hashes) is True
    assert await sync_if_changed(tree, APP, None, hashes) is False
    assert tree.sync.await_count == 1

    @tree.command(name="pong", description="Pong")
    async def pong(interaction: discord.Interaction) -> None: ...

    assert await sync_if_changed(tree, APP, None, hashes) is True
    assert tree.sync.await_count == 2
    tree.sync.assert_awaited_with(guild=None)


async def test_development_guild_gets_its_own_copy(tmp_path: Path) -> None:
    tree = make_tree()
    assert await sync_if_changed(tree, APP, 42, tmp_path / "h.json") is True
    (call,) = tree.sync.await_args_list
    assert call.kwargs["guild"].id == 42
    assert [c.name for c in tree.get_commands(guild=discord.Object(id=42))] == ["ping"]
    # the global scope has its own record: syncing globally later is not skipped
    assert await sync_if_changed(tree, APP, None, tmp_path / "h.json") is True


async def test_fingerprint_follows_descriptions() -> None:
    first = make_tree()
    second = make_tree()
    assert await tree_fingerprint(first, None) == await tree_fingerprint(second, None)
    second.get_command("ping").description = "Another"  # type: ignore[union-attr]
    assert await tree_fingerprint(first, None) != await tree_fingerprint(second, None)


class Saying(app_commands.Translator):
    """Every text in German reads ``words``."""

    def __init__(self, words: str) -> None:
        self.words = words

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: object
    ) -> str | None:
        return self.words if locale is discord.Locale.german else None


async def test_fingerprint_follows_translations() -> None:
    """A changed catalog changes what Discord receives, so the commands are synced again."""
    first, second = make_tree(), make_tree()
    await first.set_translator(Saying("klingeln"))
    await second.set_translator(Saying("anklopfen"))
    assert await tree_fingerprint(first, None) != await tree_fingerprint(second, None)
    await second.set_translator(Saying("klingeln"))
    assert await tree_fingerprint(first, None) == await tree_fingerprint(second, None)


async def run_once(loopback: LoopbackDiscord, folder: Path, **settings: Any) -> BoardGameBot:
    """Start the real bot against ``loopback`` with its data in ``folder``, and stop it."""
    db = await open_database(folder / "games.db")
    try:
        options = {"token": "unused", "database_path": folder / "games.db", "reminder_poll_seconds": 3600}
        bot = BoardGameBot(games=GameService(db), settings=Settings(**options | settings))
        async with loopback.run_bot(bot):
            pass
        return bot
    finally:
        await db.close()


def puts(loopback: LoopbackDiscord) -> list[str]:
    return [e.path for e in loopback.api.exchanges if e.method == "PUT"]


async def test_another_application_with_the_same_data_folder_syncs_again(tmp_path: Path) -> None:
    async with LoopbackDiscord() as first:
        await run_once(first, tmp_path)
        await run_once(first, tmp_path)  # a restart: nothing changed, nothing synced
        assert len(puts(first)) == 1 and first.world.global_commands
    async with LoopbackDiscord() as second:  # another application (another token), same folder
        assert second.world.application_id != first.world.application_id
        await run_once(second, tmp_path)
        assert [c.payload["name"] for c in second.world.global_commands] == [
            c.payload["name"] for c in first.world.global_commands
        ]


async def test_clearing_the_development_guild_removes_its_copies(tmp_path: Path) -> None:
    async with LoopbackDiscord() as loopback:
        dev = loopback.add_guild("Development")
        await run_once(loopback, tmp_path, dev_guild_id=int(dev.id))
        assert loopback.world.guild_commands[dev.id] and not loopback.world.global_commands
        await run_once(loopback, tmp_path, dev_guild_id=None)
        # Global now, and the development guild no longer shows each command twice.
        assert loopback.world.global_commands and loopback.world.guild_commands[dev.id] == []
        await run_once(loopback, tmp_path, dev_guild_id=None)
        assert len(puts(loopback)) == 3  # guild, then (guild emptied + global); the restart syncs nothing


async def test_the_bot_asks_only_for_the_guilds_intent(tmp_path: Path) -> None:
    """Interactions come whatever the intents; ``guilds`` keeps the channel and thread caches. No messages,
    members, presences, reactions: and so no privileged intent to enable in the developer portal."""
    async with LoopbackDiscord() as loopback:
        guild = loopback.add_guild("Board games")
        loopback.add_channel(guild, "games")
        bot = await run_once(loopback, tmp_path)
        identify = next(p for p in loopback.gateway.received if p["op"] == IDENTIFY)
        assert identify["d"]["intents"] == discord.Intents(guilds=True).value
        assert bot.get_guild(int(guild.id)) is not None


async def test_the_daily_limit_on_command_creations_does_not_hold_up_the_start(tmp_path: Path) -> None:
    """Past 200 creations a day Discord answers 429 / 30034 with a day to wait: the bot starts without the
    sync (instead of sleeping for a day) and syncs at its next start."""
    async with LoopbackDiscord() as loopback:
        loopback.api.ratelimits.daily_command_creates = 1
        await run_once(loopback, tmp_path)
        assert not loopback.world.global_commands
        assert [r.scope for r in loopback.api.ratelimits.rate_limited] == ["daily"]
        loopback.clock.advance(minutes=24 * 60)
        loopback.api.ratelimits.daily_command_creates = 200
        await run_once(loopback, tmp_path)
        assert loopback.world.global_commands


async def test_a_development_guild_refusing_the_sync_is_one_line_and_the_bot_runs_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """DEV_GUILD_ID naming a server the bot is not in: Discord answers 403 / 50001; the bot starts anyway."""
    async with LoopbackDiscord() as loopback:
        loopback.add_guild("Board games")
        await run_once(loopback, tmp_path)  # the global commands, synced earlier
        with caplog.at_level(logging.WARNING, logger="bot.client"):
            await run_once(loopback, tmp_path, dev_guild_id=424242)
        [_, refused] = [e for e in loopback.api.exchanges if e.method == "PUT"]
        assert (refused.status, refused.body["code"]) == (403, 50001)
    [line] = [r.getMessage() for r in caplog.records if r.name == "bot.client"]
    assert "424242" in line and "403 Missing Access (code 50001)" in line and "global ones" in line
    assert not any(r.exc_info for r in caplog.records)  # no traceback
    assert "424242" not in (tmp_path / "games.db.commands.json").read_text()  # the next start tries again


async def test_a_refused_development_guild_with_no_global_commands_stops_the_start(tmp_path: Path) -> None:
    """Nothing to run on with: no server would have a command, so the start fails with the reason."""
    async with LoopbackDiscord() as loopback:
        loopback.add_guild("Board games")
        db = await open_database(tmp_path / "games.db")
        try:
            settings = Settings(token="unused", database_path=tmp_path / "games.db", dev_guild_id=424242)
            bot = BoardGameBot(games=GameService(db), settings=settings)
            with pytest.raises(RuntimeError, match="the bot stopped") as stopped:
                async with loopback.run_bot(bot):
                    pass
        finally:
            await db.close()
    assert isinstance(stopped.value.__cause__, CommandSyncRefused)
    assert "424242 (DEV_GUILD_ID): 403 Missing Access (code 50001)" in str(stopped.value.__cause__)


def _http_error(status: int, reason: str, message: str, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason=reason)
    return discord.HTTPException(response, {"code": code, "message": message})  # type: ignore[arg-type]


async def test_a_global_sync_refused_for_good_stops_the_start(tmp_path: Path) -> None:
    tree = make_tree()
    refusal = _http_error(400, "Bad Request", "Invalid Form Body", 50035)
    tree.sync.side_effect = refusal  # type: ignore[attr-defined]
    with pytest.raises(CommandSyncRefused, match="400 Invalid Form Body \\(code 50035\\)"):
        await sync_if_changed(tree, APP, None, tmp_path / "h.json")
    assert not (tmp_path / "h.json").exists()


async def test_discord_failing_the_global_sync_lets_the_bot_run_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    tree = make_tree()
    tree.sync.side_effect = _http_error(503, "Service Unavailable", "", 0)  # type: ignore[attr-defined]
    with caplog.at_level(logging.WARNING, logger="bot.client"):
        assert await sync_if_changed(tree, APP, None, tmp_path / "h.json") is False
    [line] = [r.getMessage() for r in caplog.records if r.name == "bot.client"]
    assert line.startswith("Discord failed the global command sync: 503")
    tree.sync.side_effect = None  # type: ignore[attr-defined]
    assert await sync_if_changed(tree, APP, None, tmp_path / "h.json") is True  # tried again next start


async def test_the_worker_pools_start_at_boot_before_the_gateway_connects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computers' and the pictures' workers start when the bot does, so that the first decision or
    picture does not wait for them; by the time the bot stops they are ended."""
    begun: list[tuple[str, int]] = []  # each pool's start, with the gateway's IDENTIFYs seen by then
    async with LoopbackDiscord() as loopback:
        for kind, pool in (("computers", Thinkers), ("pictures", Drawers)):
            start = getattr(pool, "start", None)

            def recording(self: Any, kind: str = kind, start: Any = start) -> None:
                begun.append((kind, sum(p["op"] == IDENTIFY for p in loopback.gateway.received)))
                if start is not None:
                    start(self)

            monkeypatch.setattr(pool, "start", recording, raising=False)
        db = await open_database(tmp_path / "games.db")
        try:
            options = {
                "token": "unused",
                "database_path": tmp_path / "games.db",
                "reminder_poll_seconds": 3600,
            }
            service = GameService(db)
            async with loopback.run_bot(BoardGameBot(games=service, settings=Settings(**options))):
                assert sorted(begun) == [("computers", 0), ("pictures", 0)]  # no game, no picture yet
                assert service.thinkers.started and pictures.drawers().running
        finally:
            await db.close()
    assert not pictures.drawers().running and multiprocessing.active_children() == []
