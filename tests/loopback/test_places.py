"""Channels and threads deleted, the bot removed from a guild and added back: the events the bot gets and
how Discord answers it afterwards."""

from __future__ import annotations

import discord
import pytest

from .conftest import Place
from .sample_bot import SampleBot


def listening(bot: discord.Client, event: str, heard: list[object]) -> None:
    async def listener(*args: object) -> None:
        heard.append(args[0])

    bot.add_listener(listener, f"on_{event}")


async def test_a_deleted_channel_and_its_threads_answer_unknown_channel(place: Place) -> None:
    bot = SampleBot()
    deleted: list[object] = []
    listening(bot, "guild_channel_delete", deleted)
    async with place.loopback.run_bot(bot):
        place.loopback.delete_channel(place.games)
        await place.loopback.wait_until(lambda: deleted, "CHANNEL_DELETE")
        assert [c.id for c in deleted] == [int(place.games.id)]  # type: ignore[attr-defined]
        for gone in (place.games, place.thread):
            with pytest.raises(discord.NotFound) as refused:
                await bot.http.send_message(
                    int(gone.id), params=discord.http.MultipartParameters({"content": "hi"}, None, None)
                )
            assert refused.value.code == 10003
        assert place.thread.id not in place.loopback.world.channels


async def test_a_deleted_thread_sends_thread_delete(place: Place) -> None:
    bot = SampleBot()
    deleted: list[object] = []
    listening(bot, "raw_thread_delete", deleted)
    async with place.loopback.run_bot(bot):
        place.loopback.delete_channel(place.thread)
        await place.loopback.wait_until(lambda: deleted, "THREAD_DELETE")
        event = deleted[0]
        assert isinstance(event, discord.RawThreadDeleteEvent)
        assert (event.thread_id, event.parent_id) == (int(place.thread.id), int(place.games.id))
        assert place.games.id in place.loopback.world.channels


async def test_the_bot_removed_from_a_guild_and_added_back(place: Place) -> None:
    bot = SampleBot()
    removed: list[object] = []
    joined: list[object] = []
    listening(bot, "guild_remove", removed)
    listening(bot, "guild_join", joined)
    async with place.loopback.run_bot(bot):
        place.loopback.remove_bot_from_guild(place.guild)
        await place.loopback.wait_until(lambda: removed, "GUILD_DELETE")
        assert bot.get_guild(int(place.guild.id)) is None
        with pytest.raises(discord.Forbidden) as refused:
            await bot.http.send_message(
                int(place.games.id), params=discord.http.MultipartParameters({"content": "hi"}, None, None)
            )
        assert refused.value.code == 50001
        place.loopback.add_bot_to_guild(place.guild)
        await place.loopback.wait_until(lambda: joined, "GUILD_CREATE")
        channel = bot.get_channel(int(place.games.id))
        assert isinstance(channel, discord.TextChannel)
        await channel.send("back")


async def test_a_bot_removed_while_it_was_not_running_is_not_told_of_that_guild(place: Place) -> None:
    place.loopback.remove_bot_from_guild(place.guild)
    async with place.loopback.run_bot(SampleBot()) as bot:
        assert list(bot.guilds) == []
