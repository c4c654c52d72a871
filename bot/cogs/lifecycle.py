"""Where games live: listeners for deleted channels and threads and for the bot leaving or (re)joining a
server. The decisions are the service's (``channel_gone``, ``guild_left``, ``guild_back``); the telling is
``bot.play.channels``'s."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.play import channels, damage_lines

if TYPE_CHECKING:
    from bot.client import BoardGameBot


class Lifecycle(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        self._busy: set[asyncio.Task[Any]] = set()  # listeners still at work

    async def cog_unload(self) -> None:
        # the bot is stopping (the database closes after it): let what an event started finish first
        await asyncio.gather(*self._busy, return_exceptions=True)

    @contextmanager
    def _working(self) -> Iterator[None]:
        task = asyncio.current_task()
        assert task is not None
        self._busy.add(task)
        try:
            yield
        finally:
            self._busy.discard(task)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        # the games of its threads end with it: the service knows each thread game's channel
        with self._working():
            await channels.channel_gone(self.bot, channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        # the raw event: a deleted archived thread is not in discord.py's cache, so on_thread_delete misses it
        with self._working():
            await channels.channel_gone(self.bot, payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        # discord.py sends an outage's GUILD_DELETE (unavailable: true) to on_guild_unavailable instead
        with self._working():
            await channels.guild_left(self.bot, guild)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        with self._working():
            await channels.guild_back(self.bot, guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        # also at every start-up and after an outage: a no-op for a server with nothing paused
        with self._working():
            await channels.guild_back(self.bot, guild)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # servers the bot was removed from while it was not running sent no GUILD_DELETE
        with self._working():
            present = (g.id for g in self.bot.guilds)
            notes = await self.bot.games.guilds_present(present, covered=self._heard_of)
            await channels.tell_privately(self.bot, notes, link=False)
            # the games the start-up check paused as damaged (bot/services/damage.py)
            await damage_lines.tell(self.bot)

    def _heard_of(self, guild_id: int) -> bool:
        """Whether a guild the bot is in comes to this process: it runs the guild's shard (gateway.mdx,
        "Sharding": shard_id = (guild_id >> 22) % num_shards)."""
        shards = self.bot.shard_ids
        return shards is None or (guild_id >> 22) % (self.bot.shard_count or 1) in shards


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Lifecycle(bot))
