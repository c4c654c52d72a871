"""The Bot: its dependencies are passed in, ``setup_hook`` loads the cogs, registers the buttons that
survive restarts, and syncs the slash commands when (and only when) they changed."""

from __future__ import annotations

import gc
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
from bot.drain import Drain
from bot.pacing import GlobalPace, TokenShare
from bot.settings import Settings
from bot.translator import CatalogTranslator
from bot.ui import pictures
from bot.ui.animations import Animations

if TYPE_CHECKING:
    from bot.services import GameService

log = logging.getLogger(__name__)


class CommandSyncRefused(Exception):
    """Discord refused the command sync so that no server has commands to use; the message says what to do."""


#: The longest rate-limit wait (seconds) the bot sits out before giving up on a request.
RATE_LIMIT_PATIENCE = 300.0


async def tree_fingerprint(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> str:
    """A hash of the commands as Discord would receive them, translations included (a changed catalog
    syncs again), to tell whether a sync is needed."""
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    if translator is None:
        payload = [cmd.to_dict(tree) for cmd in commands]
    else:
        payload = [await cmd.get_translated_payload(tree, translator) for cmd in commands]
    payload.sort(key=lambda c: c["name"])
    blob = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


async def fetch_command_ids(tree: app_commands.CommandTree, dev_guild_id: int | None) -> dict[str, int]:
    """The id of each top-level command as Discord keeps it (by name), for command mentions: the
    development guild's copies, else (none there, or that guild refused them) the global ones; empty when
    Discord does not answer (messages then name commands by their localised paths)."""
    scopes = [discord.Object(id=dev_guild_id), None] if dev_guild_id else [None]
    for guild in scopes:
        try:
            synced = await tree.fetch_commands(guild=guild)
        except discord.HTTPException as exc:
            # the sync has already said why a scope is refused: one line for it is enough
            log.debug("could not read the commands' ids (%s): %s", "guild" if guild else "global", exc)
            continue
        if synced:
            return {command.name: command.id for command in synced}
    return {}


def _read_hashes(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


async def sync_if_changed(
    tree: app_commands.CommandTree, application_id: int, dev_guild_id: int | None, hash_path: Path
) -> bool:
    """Sync to the development guild (instant) or globally, only if the tree differs from the last sync.

    Discord allows 200 command creations per day per guild, so restarts must not re-sync blindly. The record
    is kept per application and scope: another token (another application) with the same data folder syncs
    anew. Guild copies synced earlier to another development guild are removed, so a server does not show
    each command twice once the commands are global. Returns whether anything was synced.
    """
    guild = discord.Object(id=dev_guild_id) if dev_guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    prefix = f"{application_id}:"
    scope = prefix + (str(dev_guild_id) if dev_guild_id else "global")
    hashes = _read_hashes(hash_path)
    # This application's guild scopes other than the current one: copies for a former development guild.
    stale = [k for k in hashes if k.startswith(prefix) and k != scope and k.removeprefix(prefix).isdigit()]
    synced = False
    for key in stale:
        old_guild = discord.Object(id=int(key.removeprefix(prefix)))
        tree.clear_commands(guild=old_guild)
        try:
            await tree.sync(guild=old_guild)
        except discord.HTTPException as exc:  # e.g. the bot has left that guild: nothing left to remove
            log.warning("could not remove the commands synced earlier to guild %s: %s", old_guild.id, exc)
        else:
            log.info("removed the commands synced earlier to guild %s", old_guild.id)
        del hashes[key]
        synced = True
    fingerprint = await tree_fingerprint(tree, guild)
    if hashes.get(scope) == fingerprint:
        log.info("slash commands unchanged since the last sync (%s)", scope)
    else:
        try:
            commands = await tree.sync(guild=guild)
        except discord.RateLimited as exc:  # the daily limit on creations: run on, sync at the next start
            log.warning(
                "Discord refused the command sync for %.0f s more (daily limit); not synced", exc.retry_after
            )
        except discord.HTTPException as exc:
            await _sync_failed(tree, exc, dev_guild_id)
        else:
            hashes[scope] = fingerprint
            log.info("synced %d slash commands (%s)", len(commands), scope)
            synced = True
    if synced:
        hash_path.write_text(json.dumps(hashes, indent=1), encoding="utf-8")
    return synced


async def _sync_failed(
    tree: app_commands.CommandTree, exc: discord.HTTPException, dev_guild_id: int | None
) -> None:
    """Log a refused sync in one line and run on, or raise ``CommandSyncRefused`` when the bot cannot serve.

    A development guild refusing (403 / 50001 Missing Access: the bot is not in it, or lacks the
    applications.commands scope there) spoils only that copy: the global commands synced earlier still
    serve every server, so the bot runs on, unless there are none (then no server has a command to use).
    Discord failing (5xx) is passing: run on with the commands synced earlier, and sync at the next start.
    A global sync refused with a 4xx is for good (the commands as they stand, or the application, are
    refused): no server would get working commands, so the bot stops.
    """
    reason = f"{exc.status} {exc.text or exc.response.reason} (code {exc.code})"
    if dev_guild_id is not None:
        where = f"the server {dev_guild_id} (DEV_GUILD_ID)"
        try:
            fallback = await tree.fetch_commands()
        except discord.HTTPException:  # cannot tell: the global commands are most likely still there
            fallback = None
        if fallback == []:
            raise CommandSyncRefused(
                f"Discord refused the slash commands for {where}: {reason}; and there are no global "
                "commands to run on with. Set DEV_GUILD_ID to a server the bot is in, or leave it empty"
            ) from None
        log.error(
            "could not sync the slash commands to %s: %s; running on with the global ones",
            where,
            reason,
        )
    elif exc.status >= 500:
        log.error("Discord failed the global command sync: %s; running on with the earlier commands", reason)
    else:
        raise CommandSyncRefused(
            f"Discord refused the global slash commands: {reason}. Fix the commands or DISCORD_TOKEN"
        ) from None


# The bot never joins voice channels: the start-up warnings about missing voice libraries are noise.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


def bot_intents() -> discord.Intents:
    """The gateway intents the bot uses, and no others.

    Slash commands and components arrive as interactions whatever the intents. ``guilds`` keeps the guild,
    channel and thread caches and brings GUILD_DELETE, CHANNEL_DELETE and THREAD_DELETE; nothing else is read
    (no messages, members, reactions or presences), and no privileged intent is asked for.
    """
    return discord.Intents(guilds=True)


class BoardGameBot(commands.AutoShardedBot):
    """A bot for asynchronous board games; one game per channel or thread.

    Sharded: Discord refuses a session of more than 2,500 guilds (close code 4011), so the shard count comes
    from Discord (GET /gateway/bot) unless ``SHARD_COUNT`` (and ``SHARD_IDS``, to split the shards between
    processes) are set.
    """

    def __init__(
        self,
        *,
        games: GameService,
        settings: Settings,
        extensions: Sequence[str] = EXTENSIONS,
        sync_commands: bool = True,
        **options: object,
    ) -> None:
        # Games live in server channels and threads, so every command is offered there only, and only
        # through the server's install: a user install (if enabled on the developer portal) would offer the
        # commands in servers without the bot, where it could never post a turn.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            allowed_contexts=app_commands.AppCommandContext(guild=True),
            allowed_installs=app_commands.AppInstallationType(guild=True),
            shard_count=settings.shard_count,
            # discord.py documents None as "every shard" (AutoShardedClient); its options type says list only
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,  # type: ignore[arg-type]
            # Wait out ordinary 429s; a longer one (the daily limit on command creations) raises instead.
            max_ratelimit_timeout=RATE_LIMIT_PATIENCE,
            # nothing the bot says pings anyone unless that message names who (turn pings do)
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.games = games
        self.settings = settings
        # every request made with the bot's token keeps within Discord's global limit (bot/pacing.py)
        self.pace = GlobalPace(settings.global_requests_per_second)
        self.http.request = self.pace.paced(self.http.request)  # type: ignore[method-assign]
        # other processes may use the token too: the limit is shared out through the database they share
        self.token_share = (
            TokenShare(self.pace, games.db, games.holder, limit=settings.global_requests_per_second)
            if settings.database.postgres or settings.shard_ids
            else None
        )
        # game id -> the revision and message of its latest turn message, whose buttons are retired when
        # one about a later position is posted
        self.turn_messages: dict[int, tuple[int, discord.Message]] = {}
        # each top-level command's id, once known: messages mention commands by it (bot.messages.mention)
        self.command_ids: dict[str, int] = {}
        # the animated replays drawn, for the next to ask (bot/ui/animations.py): this bot's, as its games are
        self.animations = Animations()
        self._extensions = tuple(extensions)
        self._sync_commands = sync_commands
        self.drain = Drain(self)  # a stop answers the interactions in flight (see close)
        self.drain.install()

    @property
    def keeps_time(self) -> bool:
        """Whether this process delivers reminders, applies deadlines and resumes computer seats: every
        process sharing a PostgreSQL database (each game's due work is claimed by one of them); of several
        processes sharing the shards (SHARD_IDS) and one SQLite file, only the one running shard 0."""
        ids = self.settings.shard_ids
        return self.settings.database.postgres or ids is None or 0 in ids

    async def login(self, token: str) -> None:
        if self.token_share is not None:
            await self.token_share.start()  # before the first request: it waits for this process's part
        await super().login(token)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        for name in self._extensions:
            await self.load_extension(name)
        if self._sync_commands:
            if self.application_id is None:  # login sets it, before setup_hook
                raise RuntimeError("the application id is not known yet")
            await sync_if_changed(
                self.tree, self.application_id, self.settings.dev_guild_id, self.settings.command_hash_path
            )
            self.command_ids = await fetch_command_ids(self.tree, self.settings.dev_guild_id)
        await self.check_games()  # before the gateway connects: no move meets a damaged state unseen
        # What is loaded by now (modules, the command tree, discord.py's state) lives as long as the bot:
        # left out of every later collection, a full collection pauses the loop about a quarter less.
        # Garbage is collected first, so that nothing frozen is already dead.
        gc.collect()
        gc.freeze()
        # last: the forkserver's imports would compete with the set-up for the cores
        self.start_workers()

    async def check_games(self) -> None:
        """Check every stored state against its checksum: a damaged game is rebuilt from its log or
        paused, and its channel told once connected (the lifecycle cog's on_ready)."""
        report = await self.games.check_states()
        log.info(
            "checked %d stored game states in %.2f s: %d rebuilt, %d paused as damaged",
            report.checked,
            report.seconds,
            len(report.rebuilt),
            len(report.paused),
        )

    def start_workers(self) -> None:
        """Begin starting the worker processes of the computer players and the pictures (one shared pool
        unless either was given its own), in a thread: at boot, before the gateway connects, so that no
        decision or picture starts one while people wait, and no start holds the event loop
        (bot/services/workers.py). Returns at once."""
        self.games.thinkers.start()
        pictures.drawers().start()

    async def close(self) -> None:
        """Turn new interactions away and answer those in flight, disconnect, then end the computer
        players' and the pictures' worker processes."""
        try:
            await self.drain.stop()
            await super().close()
            self.pace.close()
            if self.token_share is not None:
                await self.token_share.stop()
        finally:
            try:
                await self.games.close()
            finally:
                await pictures.close()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
