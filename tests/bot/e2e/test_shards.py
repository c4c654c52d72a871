"""The bot on two shards: Discord says how many (GET /gateway/bot), each shard hears its own guilds only, and
games go on in guilds of both; or the shards this process runs are set (SHARD_COUNT, SHARD_IDS)."""

from __future__ import annotations

import random

from bot.client import BoardGameBot
from bot.storage.connection import Location
from loopback import Channel, LoopbackDiscord, SimUser
from tests.bot.e2e.conftest import sharded_bot, two_shards


def shard_of(channel: Channel) -> int:
    assert channel.guild_id is not None
    return (int(channel.guild_id) >> 22) % 2


async def move(bot: BoardGameBot, user: SimUser, channel: Channel, rng: random.Random) -> None:
    """One move by ``user``, chosen among what autocomplete offers; the game must take it."""
    before = (await bot.games.get_game(int(channel.id))).version
    choices = await user.autocomplete("move", channel, move="")
    assert choices, f"{user.name} must act in #{channel.name}"
    reply = await user.slash("move", channel, move=rng.choice(choices)["value"])
    assert reply.acknowledged
    assert (await bot.games.get_game(int(channel.id))).version > before, reply.content


async def test_games_go_on_in_guilds_of_both_shards(db_where: Location) -> None:
    async with LoopbackDiscord(max_guilds_per_shard=2) as loopback:
        loopback.api.ratelimits.speed_up(100)
        guilds = [loopback.add_guild(f"club {n}", shard=(n % 2, 2)) for n in range(3)]
        channels = [loopback.add_channel(guilds[0], "games"), loopback.add_channel(guilds[1], "games")]
        alice = loopback.add_user("alice", guilds=guilds)
        bob = loopback.add_user("bob", guilds=guilds)
        rng = random.Random(5)
        async with sharded_bot(loopback, db_where) as bot:
            reminders = bot.get_cog("Reminders")
            assert reminders is not None and reminders.loop.is_running()  # type: ignore[attr-defined]
            assert bot.shard_count == 2  # three guilds, at most two per shard: Discord recommends two
            assert sorted(s.shard for s in loopback.gateway.sessions.values()) == [(0, 2), (1, 2)]
            assert [shard_of(c) for c in channels] == [0, 1]
            for channel in channels:
                lobby = await alice.slash("game santafe", channel)
                assert "opened a game" in lobby.public.content, lobby.content
                await bob.slash("game join", channel)
                started = await alice.slash("game start", channel)
                assert "started" in started.content
            for _ in range(4):  # moves in both games, turn about
                for channel in channels:
                    game = await bot.games.get_game(int(channel.id))
                    acting = {int(u.id): u for u in (alice, bob)}[game.to_act_users[0]]
                    await move(bot, acting, channel, rng)
            for channel in channels:
                assert (await bot.games.get_game(int(channel.id))).status == "active"
                assert any("your turn" in loopback.describe(m) for m in loopback.messages(channel))
        loopback.assert_prompt_responses()


async def test_a_process_runs_only_the_shards_it_is_given(db_where: Location) -> None:
    async with two_shards() as (loopback, _first, second, games, alice):
        async with sharded_bot(loopback, db_where, shard_count=2, shard_ids=(1,)) as bot:
            assert [s.shard for s in loopback.gateway.sessions.values()] == [(1, 2)]
            assert [g.id for g in bot.guilds] == [int(second.id)]
            reply = await alice.slash("game santafe", games)
            assert "opened a game" in reply.public.content, reply.content
            # On one SQLite file the process running shard 0 keeps the time, so reminders are not sent
            # twice; on PostgreSQL every process does, each game's due work claimed by one of them.
            reminders = bot.get_cog("Reminders")
            assert reminders is not None
            assert reminders.loop.is_running() == db_where.postgres  # type: ignore[attr-defined]
        assert not [e for e in loopback.api.exchanges if e.path == "/gateway/bot"]  # the count was given
