"""Channel, message, thread and direct-message routes, called through the client's own API."""

from __future__ import annotations

import io

import discord
import pytest

from loopback.messages import Upload, edit_message

from .conftest import Place
from .sample_bot import PNG, SampleBot


def text_channel(bot: discord.Client, place: Place) -> discord.TextChannel:
    channel = bot.get_channel(int(place.games.id))
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_messages_are_sent_fetched_listed_edited_and_deleted(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = text_channel(bot, place)
        async with channel.typing():
            first = await channel.send("first", file=discord.File(io.BytesIO(PNG), filename="a.png"))
        second = await channel.send(embed=discord.Embed(title="second"))
        assert (await channel.fetch_message(first.id)).attachments[0].filename == "a.png"
        history = [m.id async for m in channel.history(limit=10)]
        assert history == [second.id, first.id]
        assert [m.id async for m in channel.history(limit=10, before=second)] == [first.id]
        await first.edit(content="first, edited", attachments=[])
        await second.delete()
    [kept] = place.loopback.messages(place.games)
    assert (kept.content, kept.attachments, kept.edited_at is not None) == ("first, edited", [], True)
    assert place.loopback.world.messages[str(second.id)].deleted


async def test_a_post_with_a_nonce_already_used_returns_the_first_message(place: Place) -> None:
    """message.mdx, "Create Message": with ``enforce_nonce`` (discord.py sets it with every nonce), a
    message by the same author with the same nonce in the past few minutes is returned and no new one is
    created; another nonce, or none, posts anew."""
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = text_channel(bot, place)
        first = await channel.send("ping", nonce="turn-7")
        again = await channel.send("ping", nonce="turn-7")
        other = await channel.send("ping", nonce="turn-8")
        plain = await channel.send("ping")
    assert again.id == first.id and len({first.id, other.id, plain.id}) == 3
    assert len(place.loopback.messages(place.games)) == 3


async def test_an_edit_replaces_a_picture_only_through_the_attachments_it_lists(place: Place) -> None:
    """message.mdx, "Edit Message": fields left out stay; ``attachments`` lists every file the message keeps,
    new ones included, so a new picture listed alone replaces the old; an upload it does not list is not
    attached; a new file needs Attach Files, as a post's does."""
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = text_channel(bot, place)
        sent = await channel.send("board", file=discord.File(io.BytesIO(PNG), filename="a.png"))
        await sent.edit(content="words only")
        assert [a.filename for a in place.loopback.world.messages[str(sent.id)].attachments] == ["a.png"]
        await sent.edit(attachments=[discord.File(io.BytesIO(PNG), filename="b.png")])
        stored = place.loopback.world.messages[str(sent.id)]
        assert (stored.content, [a.filename for a in stored.attachments]) == ("words only", ["b.png"])
        place.loopback.set_bot_access(place.games, attach=False)
        with pytest.raises(discord.Forbidden):
            await sent.edit(attachments=[discord.File(io.BytesIO(PNG), filename="c.png")])
        await sent.edit(content="still editable without a file")
    uploads = [
        Upload("files[0]", "d.png", "image/png", PNG),
        Upload("files[1]", "e.png", "image/png", PNG),
    ]
    edit_message(place.loopback.world, stored, {"attachments": [{"id": 0}]}, uploads, "")
    assert [a.filename for a in stored.attachments] == ["d.png"]


async def test_the_bot_hears_its_own_messages_through_the_gateway(place: Place) -> None:
    heard: list[str] = []
    bot = SampleBot()

    async def on_message(message: discord.Message) -> None:
        heard.append(message.content)

    bot.add_listener(on_message)
    async with place.loopback.run_bot(bot):
        await text_channel(bot, place).send("echo")
        await place.loopback.wait_until(lambda: heard == ["echo"], "MESSAGE_CREATE")


async def test_the_bot_opens_a_thread_and_writes_in_it(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        thread = await text_channel(bot, place).create_thread(
            name="gwt-2", type=discord.ChannelType.public_thread
        )
        await thread.send("welcome")
        await place.loopback.wait_until(lambda: bot.get_channel(thread.id) is not None, "THREAD_CREATE")
    made = place.loopback.world.channels[str(thread.id)]
    assert (made.name, made.parent_id, made.is_thread) == ("gwt-2", place.games.id, True)
    assert [m.content for m in place.loopback.messages(made)] == ["welcome"]


async def test_an_empty_message_is_refused(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        with pytest.raises(discord.HTTPException) as caught:
            await bot.http.send_message(
                int(place.games.id), params=discord.http.MultipartParameters({}, [], [])
            )
    assert caught.value.code == 50006


async def test_a_slash_command_in_a_direct_message(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()):
        dm = place.loopback.dm_channel(place.alice)
        reply = await place.alice.slash("move", dm, move="draw")
        assert reply.content == "you played draw" and reply.message.channel_id == dm.id
        assert reply.interaction.guild_id is None


async def test_mentions_are_the_users_a_message_pings(place: Place) -> None:
    alice, bob = place.alice, place.bob
    text = f"{alice.mention} and {bob.mention}"
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = text_channel(bot, place)
        everyone = await channel.send(text)
        nobody = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        assert place.loopback.world.messages[str(nobody.id)].mentions == []
        only_bob = await channel.send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(bob.id))])
        )
        await nobody.edit(content=text, allowed_mentions=discord.AllowedMentions(users=True))
    messages = place.loopback.world.messages
    assert messages[str(everyone.id)].mentions == [alice.id, bob.id]
    assert messages[str(only_bob.id)].mentions == [bob.id]
    assert messages[str(nobody.id)].mentions == [alice.id, bob.id]
