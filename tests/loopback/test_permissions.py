"""Per-channel and per-thread permissions of the bot, as Discord computes and enforces them."""

from __future__ import annotations

import io

import discord
import pytest

from loopback import CommandRefused
from loopback.payloads import interaction_json

from .conftest import Place
from .sample_bot import PNG, SampleBot


def channel_of(bot: discord.Client, place: Place, which: str = "games") -> discord.abc.Messageable:
    found = bot.get_channel(int(getattr(place, which).id))
    assert isinstance(found, discord.TextChannel | discord.Thread)
    return found


async def test_without_embed_links_embeds_are_dropped_silently(place: Place) -> None:
    place.loopback.set_bot_access(place.games, embed=False)
    async with place.loopback.run_bot(SampleBot()) as bot:
        sent = await channel_of(bot, place).send("the board", embed=discord.Embed(title="Board"))
        assert sent.embeds == []
        await channel_of(bot, place, "thread").send("in the thread", embed=discord.Embed(title="Board"))
    plain, threaded = place.loopback.messages(place.games)[0], place.loopback.messages(place.thread)[0]
    assert (plain.content, plain.embeds, threaded.embeds) == ("the board", [], [])


async def test_without_attach_files_an_upload_is_refused(place: Place) -> None:
    place.loopback.set_bot_access(place.games, attach=False)
    async with place.loopback.run_bot(SampleBot()) as bot:
        with pytest.raises(discord.Forbidden) as caught:
            await channel_of(bot, place).send("a card", file=discord.File(io.BytesIO(PNG), filename="c.png"))
        await channel_of(bot, place).send("no card")
    assert caught.value.code == 50013
    assert [m.content for m in place.loopback.messages(place.games)] == ["no card"]


async def test_a_thread_needs_send_messages_in_threads_not_send_messages(place: Place) -> None:
    loopback = place.loopback
    loopback.set_bot_access(place.games, send=False)  # Send Messages: no effect in the thread
    async with loopback.run_bot(SampleBot()) as bot:
        await channel_of(bot, place, "thread").send("still allowed")
        with pytest.raises(discord.Forbidden) as in_channel:
            await channel_of(bot, place).send("refused")
        loopback.set_bot_access(place.thread, send=False)  # Send Messages in Threads, on the parent
        with pytest.raises(discord.Forbidden) as in_thread:
            await channel_of(bot, place, "thread").send("refused")
        await channel_of(bot, place).send("the channel is open again")
        reply = await place.alice.slash("move", place.thread, move="pass")
    assert (in_channel.value.code, in_thread.value.code) == (50013, 50013)
    assert [m.content for m in loopback.messages(place.thread, visible_to=place.bob)] == ["still allowed"]
    # The interaction tells the bot what it may do in the thread.
    granted = discord.Permissions(int(interaction_json(loopback.world, reply.interaction)["app_permissions"]))
    assert granted.view_channel and not granted.send_messages_in_threads


async def test_without_read_message_history_the_bot_reads_nothing(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        sent = await channel_of(bot, place).send("hello")
        place.loopback.set_bot_access(place.games, read_history=False)
        assert [m async for m in channel_of(bot, place).history(limit=10)] == []
        with pytest.raises(discord.Forbidden) as fetched:
            await channel_of(bot, place).fetch_message(sent.id)
        with pytest.raises(discord.HTTPException) as replied:
            await sent.reply("a reply")
    assert fetched.value.code == 50001
    assert (replied.value.status, replied.value.code) == (400, 160002)


async def test_an_overwrite_for_a_person_a_role_or_the_bot(place: Place) -> None:
    loopback = place.loopback
    hidden = discord.Permissions(view_channel=True)
    loopback.set_overwrite(place.private, loopback.world.guilds[place.guild.id].everyone, deny=hidden)
    loopback.set_overwrite(place.private, place.alice, allow=hidden)
    async with loopback.run_bot(SampleBot()) as bot:
        assert loopback.world.can_see(place.alice.id, place.private)
        assert not loopback.world.can_see(place.bob.id, place.private)
        with pytest.raises(CommandRefused, match="cannot see"):
            await place.bob.slash("move", place.private, move="pass")
        with pytest.raises(discord.Forbidden) as missing:
            await channel_of(bot, place, "private").send("hidden from the bot")
        loopback.set_overwrite(place.private, loopback.bot_account, allow=hidden)
        await channel_of(bot, place, "private").send("now the bot sees it")
    assert missing.value.code == 50001
    assert [m.content for m in loopback.messages(place.private)] == ["now the bot sees it"]


async def test_a_private_thread_is_seen_by_its_members_and_moderators_only(place: Place) -> None:
    loopback = place.loopback
    secret = loopback.add_thread(place.games, "secret", private=True, members=[place.alice])
    shared = loopback.add_thread(
        place.games, "shared", private=True, members=[place.alice, loopback.bot_account]
    )
    async with loopback.run_bot(SampleBot()) as bot:
        assert bot.get_channel(int(secret.id)) is None
        with pytest.raises(discord.Forbidden) as hidden:
            await bot.fetch_channel(int(secret.id))
        thread = bot.get_channel(int(shared.id))
        assert isinstance(thread, discord.Thread) and thread.type is discord.ChannelType.private_thread
        await thread.send("for alice")
        with pytest.raises(CommandRefused, match="cannot see"):
            await place.bob.slash("move", secret, move="pass")
        made = await channel_of(bot, place).create_thread(
            name="hand", type=discord.ChannelType.private_thread
        )
    assert hidden.value.code == 50001
    world = loopback.world
    assert [world.can_see(u.id, secret) for u in (place.alice, place.bob, place.carol)] == [True, False, True]
    assert [m.content for m in loopback.messages(shared, visible_to=place.alice)] == ["for alice"]
    created = world.channels[str(made.id)]
    assert created.private and created.member_ids == {world.bot.id}
