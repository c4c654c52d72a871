"""The Bot: its dependencies are passed in, ``setup_hook`` loads the cogs, registers the buttons that
survive restarts, and syncs the slash commands when (and only when) they changed."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import EXTENSIONS
from bot.settings import Settings
from bot.ui import pickers

if TYPE_CHECKING:
    from bot.services import GameService

log = logging.getLogger(__name__)


def tree_fingerprint(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> str:
    """A hash of the commands as Discord would receive them, to tell whether a sync is needed."""
    payload = sorted((cmd.to_dict(tree) for cmd in tree.get_commands(guild=guild)), key=lambda c: c["name"])
    blob = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def _read_hashes(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


async def sync_if_changed(tree: app_commands.CommandTree, dev_guild_id: int | None, hash_path: Path) -> bool:
    """Sync to the development guild (instant) or globally, only if the tree differs from the last sync.

    Discord allows 200 command creations per day per guild, so restarts must not re-sync blindly.
    Returns whether a sync happened.
    """
    guild = discord.Object(id=dev_guild_id) if dev_guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    scope = str(dev_guild_id) if dev_guild_id else "global"
    fingerprint = tree_fingerprint(tree, guild)
    hashes = _read_hashes(hash_path)
    if hashes.get(scope) == fingerprint:
        log.info("slash commands unchanged since the last sync (%s)", scope)
        return False
    synced = await tree.sync(guild=guild)
    hashes[scope] = fingerprint
    hash_path.write_text(json.dumps(hashes, indent=1), encoding="utf-8")
    log.info("synced %d slash commands (%s)", len(synced), scope)
    return True


# The bot never joins voice channels: the start-up warnings about missing voice libraries are noise.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class BoardGameBot(commands.Bot):
    """A bot for asynchronous board games; one game per channel or thread."""

    def __init__(
        self,
        *,
        games: GameService,
        settings: Settings,
        extensions: Sequence[str] = EXTENSIONS,
        sync_commands: bool = True,
        **options: object,
    ) -> None:
        # Slash commands and components need no privileged intents (no message content, no members).
        # Games live in server channels and threads, so every command is offered there only.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_contexts=app_commands.AppCommandContext(guild=True),
            # nothing the bot says pings anyone unless that message names who (turn pings do)
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.games = games
        self.settings = settings
        # game id -> its latest turn message, whose buttons are retired when the next one is posted
        self.turn_messages: dict[int, discord.Message] = {}
        self._extensions = tuple(extensions)
        self._sync_commands = sync_commands

    async def setup_hook(self) -> None:
        for name in self._extensions:
            await self.load_extension(name)
        self.add_dynamic_items(*pickers.DYNAMIC_ITEMS)
        if self._sync_commands:
            await sync_if_changed(self.tree, self.settings.dev_guild_id, self.settings.command_hash_path)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
