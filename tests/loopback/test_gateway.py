"""The gateway refuses as Discord refuses (opcodes-and-status-codes.mdx, close codes) and routes each guild's
events to its shard only (gateway.mdx, "Sharding")."""

from __future__ import annotations

import json

import aiohttp
import discord
import pytest

from loopback import LoopbackDiscord
from loopback.gateway import HELLO, IDENTIFY, INVALID_SESSION, RESUME

from .sample_bot import SampleBot


class ShardedClient(discord.AutoShardedClient):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No five-second pause between the shards' IDENTIFYs: the stand-in does not count them."""


async def test_a_privileged_intent_not_enabled_closes_with_4014() -> None:
    intents = discord.Intents.default()
    intents.members = True
    async with LoopbackDiscord() as loopback:
        loopback.add_guild()
        with pytest.raises(RuntimeError, match="stopped") as stopped:
            async with loopback.run_bot(SampleBot(intents)):
                pass
        assert isinstance(stopped.value.__cause__, discord.PrivilegedIntentsRequired)
        assert loopback.gateway.close_codes == [4014] and loopback.gateway.sessions == {}
    async with LoopbackDiscord(privileged_intents=discord.Intents(members=True)) as loopback:
        loopback.add_guild()
        async with loopback.run_bot(SampleBot(intents)):
            pass


async def test_one_session_with_too_many_guilds_closes_with_4011() -> None:
    async with LoopbackDiscord(max_guilds_per_shard=2) as loopback:
        for n in range(3):
            loopback.add_guild(f"guild {n}", shard=(n % 2, 2))
        with pytest.raises(RuntimeError, match="stopped") as stopped:
            async with loopback.run_bot(discord.Client(intents=discord.Intents(guilds=True))):
                pass
        error = stopped.value.__cause__
        assert isinstance(error, discord.ConnectionClosed) and error.code == 4011
        assert loopback.gateway.close_codes == [4011]


async def test_each_shard_gets_only_its_guilds() -> None:
    async with LoopbackDiscord(max_guilds_per_shard=2) as loopback:
        guilds = [loopback.add_guild(f"guild {n}", shard=(n % 2, 2)) for n in range(3)]
        async with loopback.run_bot(ShardedClient()) as bot:
            assert bot.shard_count == 2  # from GET /gateway/bot: ceil(3 guilds / 2 per shard)
            assert sorted(g.id for g in bot.guilds) == sorted(int(g.id) for g in guilds)
            sessions = sorted(loopback.gateway.sessions.values(), key=lambda s: s.shard)
            assert [s.shard for s in sessions] == [(0, 2), (1, 2)]
            for session in sessions:
                ready = session.backlog[0]
                assert ready["t"] == "READY" and ready["d"]["shard"] == list(session.shard)
                expected = [g.id for g in guilds if (int(g.id) >> 22) % 2 == session.shard[0]]
                assert [g["id"] for g in ready["d"]["guilds"]] == expected
                created = [p["d"]["id"] for p in session.backlog if p["t"] == "GUILD_CREATE"]
                assert created == expected
            for guild in guilds:
                assert bot.get_guild(int(guild.id)).shard_id == (int(guild.id) >> 22) % 2  # type: ignore[union-attr]
            channel = loopback.add_channel(guilds[1], "late")  # a guild of shard 1
            await loopback.wait_until(lambda: bot.get_channel(int(channel.id)) is not None, "CHANNEL_CREATE")
            creates = {s.shard: [p for p in s.backlog if p["t"] == "CHANNEL_CREATE"] for s in sessions}
            assert [len(creates[(0, 2)]), len(creates[(1, 2)])] == [0, 1]
            await loopback.drop_connection()  # both shards RESUME
            assert loopback.gateway.resumes == 2
    limit = loopback.gateway.bot_gateway()["session_start_limit"]
    assert limit["remaining"] == limit["total"] - 2  # one IDENTIFY per shard


@pytest.mark.parametrize(
    ("identify", "code"),
    [
        ({"intents": 1, "shard": [2, 2]}, 4010),  # Invalid shard
        ({"intents": 1, "shard": [0]}, 4010),
        ({"intents": 1 << 18}, 4013),  # Invalid intent(s): no such intent
        ({}, 4013),  # intents are required
        ({"intents": 1 << 15}, 4014),  # Disallowed intent(s): MESSAGE_CONTENT not enabled
    ],
)
async def test_a_malformed_identify_closes_the_connection(identify: dict[str, object], code: int) -> None:
    async with LoopbackDiscord() as loopback:
        url = loopback.origin.replace("http://", "ws://") + "/?v=10&encoding=json"
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            assert json.loads((await ws.receive()).data)["op"] == HELLO
            await ws.send_json({"op": IDENTIFY, "d": {"token": loopback.world.token} | identify})
            closing = await ws.receive()
            assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == code
        assert loopback.gateway.sessions == {}


async def test_get_gateway_bot_recommends_one_shard_per_2500_guilds() -> None:
    async with LoopbackDiscord(max_guilds_per_shard=2) as loopback:
        assert loopback.gateway.bot_gateway()["shards"] == 1
        for n in range(5):
            loopback.add_guild(f"guild {n}")
        info = loopback.gateway.bot_gateway()
        assert info["shards"] == 3 and info["session_start_limit"]["max_concurrency"] == 1


async def test_events_come_only_with_their_intent() -> None:
    """CHANNEL_CREATE and friends come with GUILDS; GUILD_MEMBER_ADD only with GUILD_MEMBERS (gateway.mdx)."""
    async with LoopbackDiscord() as loopback:
        guild = loopback.add_guild()
        async with loopback.run_bot(discord.Client(intents=discord.Intents(guilds=True))) as bot:
            channel = loopback.add_channel(guild, "late")
            loopback.add_user("dave", guilds=guild)
            await loopback.wait_until(lambda: bot.get_channel(int(channel.id)) is not None, "CHANNEL_CREATE")
            [session] = loopback.gateway.sessions.values()
            events = [p["t"] for p in session.backlog]
            assert "CHANNEL_CREATE" in events and "GUILD_MEMBER_ADD" not in events
    async with LoopbackDiscord() as loopback:
        guild = loopback.add_guild()
        async with loopback.run_bot(discord.Client(intents=discord.Intents.none())):
            loopback.add_channel(guild, "late")
            [session] = loopback.gateway.sessions.values()
            assert [p["t"] for p in session.backlog] == ["READY"]


async def test_a_session_closed_with_1000_cannot_be_resumed() -> None:
    async with LoopbackDiscord() as loopback:
        url = loopback.origin.replace("http://", "ws://") + "/?v=10&encoding=json"
        token = loopback.world.token
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(url) as ws:
                await ws.receive()  # HELLO
                await ws.send_json({"op": IDENTIFY, "d": {"token": token, "intents": 1}})
                ready = json.loads((await ws.receive()).data)
                assert ready["t"] == "READY"
                await ws.close(code=1000)
            async with http.ws_connect(url) as ws:
                await ws.receive()  # HELLO
                resume = {"token": token, "session_id": ready["d"]["session_id"], "seq": 1}
                await ws.send_json({"op": RESUME, "d": resume})
                assert json.loads((await ws.receive()).data) == {"op": INVALID_SESSION, "d": False}
