"""Threads archived, locked and deleted, channels deleted, and the bot removed from a guild."""

from __future__ import annotations

import discord
import pytest

from loopback import CommandRefused

from .conftest import Place
from .sample_bot import SampleBot
from .test_contract import raw


async def test_a_post_in_an_archived_thread_unarchives_it(place: Place) -> None:
    loopback = place.loopback
    async with loopback.run_bot(SampleBot()) as bot:
        first = await bot.get_channel(int(place.thread.id)).send("before")  # type: ignore[union-attr]
        loopback.archive_thread(place.thread)
        await loopback.wait_until(lambda: bot.get_channel(int(place.thread.id)) is None, "THREAD_UPDATE")
        thread = await bot.fetch_channel(int(place.thread.id))  # archived threads are fetched, not cached
        assert isinstance(thread, discord.Thread) and thread.archived
        with pytest.raises(discord.HTTPException) as edited:
            await first.edit(content="edited while archived")
        with pytest.raises(CommandRefused, match="archived"):
            await place.alice.slash("move", place.thread, move="pass")
        await thread.send("wake up")
        await loopback.wait_until(lambda: bot.get_channel(int(place.thread.id)) is not None, "unarchiving")
    assert (edited.value.status, edited.value.code) == (400, 50083)
    assert not place.thread.archived
    assert [m.content for m in loopback.messages(place.thread)] == ["before", "wake up"]


async def test_a_locked_thread_takes_posts_only_from_those_who_manage_threads(place: Place) -> None:
    loopback = place.loopback
    loopback.lock_thread(place.thread)
    async with loopback.run_bot(SampleBot()) as bot:
        thread = await bot.fetch_channel(int(place.thread.id))
        assert isinstance(thread, discord.Thread) and thread.locked
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("let me in")
        loopback.set_overwrite(
            place.thread, loopback.bot_account, allow=discord.Permissions(manage_threads=True)
        )
        await thread.send("moderator here")
    assert (refused.value.status, refused.value.code, refused.value.text) == (
        400,
        50083,
        "Thread is archived",
    )
    assert [m.content for m in loopback.messages(place.thread)] == ["moderator here"]


async def test_a_deleted_thread_or_channel_is_unknown_afterwards(place: Place) -> None:
    loopback = place.loopback
    deleted: list[str] = []
    bot = SampleBot()

    async def on_raw_thread_delete(event: discord.RawThreadDeleteEvent) -> None:
        deleted.append(f"thread {event.thread_id}")

    async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
        deleted.append(f"channel {channel.id}")

    bot.add_listener(on_raw_thread_delete)
    bot.add_listener(on_guild_channel_delete)
    async with loopback.run_bot(bot):
        thread = bot.get_channel(int(place.thread.id))
        assert isinstance(thread, discord.Thread)
        reply = await place.alice.slash("move", place.private, move="pass")
        app_id = int(loopback.world.application_id)
        loopback.delete_channel(place.thread)
        loopback.delete_channel(place.private)
        await loopback.wait_until(lambda: len(deleted) == 2, "THREAD_DELETE and CHANNEL_DELETE")
        with pytest.raises(discord.NotFound) as in_thread:
            await thread.send("anyone?")
        with pytest.raises(discord.NotFound) as fetched:
            await bot.fetch_channel(int(place.private.id))
        with pytest.raises(discord.NotFound) as followed:
            await discord.Webhook.partial(app_id, reply.interaction.token, client=bot).send("too late")
        with pytest.raises(CommandRefused, match="cannot see"):
            await place.alice.slash("move", place.private, move="pass")
    assert deleted == [f"thread {place.thread.id}", f"channel {place.private.id}"]
    assert (in_thread.value.code, fetched.value.code, followed.value.code) == (10003, 10003, 10003)


async def test_the_bot_removed_from_a_guild_gets_missing_access(place: Place) -> None:
    loopback = place.loopback
    removed: list[int] = []
    bot = SampleBot()

    async def on_guild_remove(guild: discord.Guild) -> None:
        removed.append(guild.id)

    bot.add_listener(on_guild_remove)
    async with loopback.run_bot(bot):
        channel = bot.get_channel(int(place.games.id))
        assert isinstance(channel, discord.TextChannel)
        loopback.remove_bot_from_guild(place.guild)
        await loopback.wait_until(lambda: removed == [int(place.guild.id)], "GUILD_DELETE")
        assert bot.get_guild(int(place.guild.id)) is None
        with pytest.raises(discord.Forbidden) as refused:
            await channel.send("still here?")
        with pytest.raises(CommandRefused, match="not installed to this server"):
            await place.alice.slash("move", place.games, move="pass")
    assert refused.value.code == 50001
    async with loopback.run_bot(SampleBot()) as started_again:  # a new session: READY no longer lists it
        assert started_again.get_guild(int(place.guild.id)) is None and list(started_again.guilds) == []


async def test_an_interaction_reply_in_an_archived_thread_cannot_be_edited_but_a_follow_up_unarchives(
    place: Place,
) -> None:
    loopback = place.loopback
    async with loopback.run_bot(SampleBot()) as bot:
        reply = await place.alice.slash("say", place.thread, text="your turn")
        webhook = discord.Webhook.partial(
            int(loopback.world.application_id), reply.interaction.token, client=bot
        )
        loopback.archive_thread(place.thread)
        app, token = loopback.world.application_id, reply.interaction.token
        status, body = await raw(
            loopback, "PATCH", f"/webhooks/{app}/{token}/messages/@original", {"content": "x"}
        )
        await webhook.send("still your turn")
    assert (status, body["code"]) == (400, 50083)
    assert not place.thread.archived
    assert [m.content for m in loopback.messages(place.thread)] == ["your turn", "still your turn"]
