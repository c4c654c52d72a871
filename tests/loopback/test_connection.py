"""The real client logs in, connects, learns the guild, syncs its commands and resumes after a drop."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord

from loopback.gateway import HELLO, IDENTIFY, INVALID_SESSION, RESUME

from .conftest import Place
from .sample_bot import SampleBot


async def test_bot_logs_in_and_learns_the_guild(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        assert bot.user is not None and str(bot.user.id) == place.loopback.world.bot.id
        guild = bot.get_guild(int(place.guild.id))
        assert guild is not None and guild.name == "Board games"
        assert sorted(c.name for c in guild.text_channels) == ["games", "private"]
        assert [t.name for t in guild.threads] == ["santa-fe-1"]
        assert guild.get_thread(int(place.thread.id)).parent_id == int(place.games.id)  # type: ignore[union-attr]
        assert guild.me is not None and guild.me.guild_permissions.send_messages
        assert guild.get_member(int(place.alice.id)) is None  # no GUILD_MEMBERS intent, no member list
    gateway = place.loopback.gateway
    assert gateway.identifies == 1
    # zlib-stream, or zstd-stream when a zstd library is installed: whatever this discord.py decompresses.
    assert gateway.compressions == [discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE]
    identify = next(p for p in gateway.received if p["op"] == IDENTIFY)
    assert identify["d"]["intents"] == discord.Intents.default().value


async def test_with_the_members_intent_the_bot_learns_every_member(place: Place) -> None:
    intents = discord.Intents.default()
    intents.members = True
    place.loopback.gateway.enabled_intents = discord.Intents(members=True).value  # in the developer portal
    async with place.loopback.run_bot(SampleBot(intents)) as bot:
        guild = bot.get_guild(int(place.guild.id))
        assert guild is not None and guild.chunked
        carol = guild.get_member(int(place.carol.id))
        assert carol is not None and carol.guild_permissions.manage_guild
        alice = guild.get_member(int(place.alice.id))
        assert alice is not None and not alice.guild_permissions.manage_guild
        dave = place.loopback.add_user("dave", guilds=place.guild)
        await place.loopback.wait_until(
            lambda: guild.get_member(int(dave.id)) is not None, "GUILD_MEMBER_ADD"
        )


async def test_commands_are_registered_and_can_be_fetched(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        registered = sorted(c.name for c in place.loopback.world.global_commands)
        fetched = sorted(c.name for c in await bot.tree.fetch_commands())
    expected = [
        "announce",
        "badge",
        "board",
        "card",
        "colour",
        "echoes",
        "feedback",
        "game",
        "move",
        "purge",
        "remind",
        "say",
        "shout",
        "steps",
        "upload",
        "wave",
    ]
    assert registered == fetched == expected


async def test_heartbeats_are_acknowledged(place: Place) -> None:
    async with place.loopback.run_bot(SampleBot()) as bot:
        assert any(p["op"] == 1 for p in place.loopback.gateway.received)
        # discord.py measures latency from the ACK of its first heartbeat; without one it stays infinite.
        await place.loopback.wait_until(lambda: bot.latency != float("inf"), "a heartbeat acknowledgement")


async def test_a_dropped_connection_is_resumed_and_missed_events_replayed(place: Place) -> None:
    loopback = place.loopback
    async with loopback.run_bot(SampleBot()) as bot:
        await loopback.gateway.drop()
        late = loopback.add_channel(place.guild, "opened-while-away")
        await loopback.wait_until(
            lambda: loopback.gateway.resumes == 1 and loopback.gateway.connected.is_set(), "RESUME"
        )
        await loopback.wait_until(
            lambda: bot.get_channel(int(late.id)) is not None, "the replayed CHANNEL_CREATE"
        )
        reply = await place.alice.slash("move", place.games, move="pass")
        assert reply.content == "you played pass"
    assert loopback.gateway.identifies == 1
    assert [p["op"] for p in loopback.gateway.received].count(RESUME) == 1


async def test_drop_connection_waits_for_the_resume(place: Place) -> None:
    loopback = place.loopback
    async with loopback.run_bot(SampleBot()):
        await loopback.drop_connection()
        assert loopback.gateway.resumes == 1
        reply = await place.bob.slash("move", place.games, move="draw")
        assert reply.acknowledged


async def test_guild_commands_are_registered_per_guild_and_preferred_there(place: Place) -> None:
    bot = SampleBot()
    async with place.loopback.run_bot(bot):
        guild = discord.Object(int(place.guild.id))
        bot.tree.copy_global_to(guild=guild)
        await bot.tree.sync(guild=guild)
        names = sorted(c.name for c in place.loopback.world.guild_commands[place.guild.id])
        assert names == sorted(c.name for c in place.loopback.world.global_commands)
        reply = await place.alice.slash("move", place.games, move="pass")
        assert reply.interaction.data["guild_id"] == place.guild.id
        assert reply.content == "you played pass"


async def gateway_payload(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    message = await ws.receive()
    assert message.type is aiohttp.WSMsgType.TEXT, message
    return json.loads(message.data)


async def test_the_gateway_refuses_a_wrong_token_and_an_unknown_session(place: Place) -> None:
    url = place.loopback.origin.replace("http://", "ws://") + "/?v=10&encoding=json"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        assert (await gateway_payload(ws))["op"] == HELLO
        await ws.send_json(
            {"op": RESUME, "d": {"token": place.loopback.world.token, "session_id": "x", "seq": 1}}
        )
        assert await gateway_payload(ws) == {"op": INVALID_SESSION, "d": False}
        await ws.send_json({"op": IDENTIFY, "d": {"token": "not the token", "intents": 0}})
        closing = await ws.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4004
