"""The bot keeps within Discord's global limit on its requests (rate-limits.mdx, "Global Rate Limit") instead
of learning it from 429s, which count towards Discord's ban of an address ("Invalid Request Limit")."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime, timedelta

import pytest
from discord.http import Route

from bot import pacing
from bot.client import BoardGameBot
from bot.services import GameService
from bot.settings import Settings
from bot.storage import Database, open_database, shares
from bot.storage.connection import Location
from loopback import LoopbackDiscord
from loopback.http_api import API_PREFIX
from loopback.ratelimits import Limit

from .conftest import Arena

PER_SECOND = 6  # the bot's global limit, shrunk so a burst passes it at once
PROCESSES = 3


async def test_a_burst_past_the_global_limit_waits_its_turn_and_meets_no_429(arena: Arena) -> None:
    limits = arena.loopback.api.ratelimits
    limits.global_limit = Limit(PER_SECOND, 1.0)
    channels = [arena.loopback.add_channel(arena.guild, f"burst-{n}") for n in range(2 * PER_SECOND)]
    async with arena.running(global_requests_per_second=PER_SECOND) as (bot, _):
        refused_before = len(limits.rate_limited)
        await asyncio.gather(
            *(bot.get_partial_messageable(int(c.id)).send(f"post {n}") for n, c in enumerate(channels))
        )
        assert [r for r in limits.rate_limited[refused_before:] if r.scope == "global"] == []
        assert bot.pace.waited > 0  # some did wait: the burst was past the limit
    for n, channel in enumerate(channels):
        assert [m.content for m in arena.loopback.messages(channel)] == [f"post {n}"]


def bot_on_shard(loopback: LoopbackDiscord, db: Database, db_where: Location, shard: int) -> BoardGameBot:
    """One of ``PROCESSES`` bot processes on the token, running shard ``shard``, over ``db`` (its own
    connection to the database at ``db_where``, which the processes share)."""
    place = {"database_path": db_where.path} if db_where.path else {"database_url": db_where.url}
    settings = Settings(
        token=loopback.world.token,
        shard_count=PROCESSES,
        shard_ids=(shard,),
        global_requests_per_second=PER_SECOND,
        **place,  # type: ignore[arg-type]
    )
    return BoardGameBot(games=GameService(db), settings=settings, extensions=(), sync_commands=False)


@asynccontextmanager
async def process(loopback: LoopbackDiscord, db_where: Location, shard: int) -> AsyncIterator[BoardGameBot]:
    """A bot process logged in (its requests pass the stand-in), without a gateway session."""
    db = await open_database(db_where)
    bot = bot_on_shard(loopback, db, db_where, shard)
    try:
        await bot.login(loopback.world.token)
        yield bot
    finally:
        try:
            await bot.close()
        finally:
            await db.close()


async def test_processes_on_one_token_keep_within_the_limit_together(
    db_where: Location, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three processes sharing the token and a database each take a part of the limit before their first
    request, so a burst from all of them at once meets no 429; one that stops gives its part back."""
    monkeypatch.setattr(pacing, "RENEW", 0.05)  # the parts move within a few loop turns, not seconds
    # each pace counts over 1.5 s against the stand-in's 1 s: a busy host may delay a request that much
    monkeypatch.setattr(pacing, "SLACK", 0.5)
    async with LoopbackDiscord() as loopback:
        monkeypatch.setattr(Route, "BASE", loopback.origin + API_PREFIX)
        limits = loopback.api.ratelimits
        limits.global_limit = Limit(PER_SECOND, 1.0)
        guild = loopback.add_guild("Board games")
        channels = [loopback.add_channel(guild, f"burst-{n}") for n in range(2 * PER_SECOND)]
        async with AsyncExitStack() as stack:
            bots = [await stack.enter_async_context(process(loopback, db_where, n)) for n in range(PROCESSES)]
            assert sum(b.pace.allowed for b in bots) <= PER_SECOND
            await asyncio.gather(
                *(
                    bots[n % PROCESSES].get_partial_messageable(int(c.id)).send(f"post {n}")
                    for n, c in enumerate(channels)
                )
            )
            assert [r for r in limits.rate_limited if r.scope == "global"] == []
            assert all(b.pace.waited > 0 for b in bots)  # each waited: its part was smaller than the burst
            for n, channel in enumerate(channels):
                assert [m.content for m in loopback.messages(channel)] == [f"post {n}"]
            await bots.pop().close()  # a clean stop: the other two share its part
            await loopback.wait_until(
                lambda: [b.pace.allowed for b in bots] == [PER_SECOND // 2] * 2, "the parts to grow"
            )


async def test_a_process_closed_while_it_waits_for_its_part_stops(
    db_where: Location, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holds the whole limit, so this one's login waits for a part; a stop meanwhile
    (SIGTERM) ends the wait instead of leaving the process waiting for a part that will not come."""
    async with LoopbackDiscord() as loopback:
        monkeypatch.setattr(Route, "BASE", loopback.origin + API_PREFIX)
        db = await open_database(db_where)
        try:
            async with db.transaction() as conn:
                # renewed (as its clock says) far enough ahead to stay live however long the test takes
                await shares.keep(conn, "another process", PER_SECOND, datetime.now(UTC) + timedelta(hours=1))
            bot = bot_on_shard(loopback, db, db_where, 0)
            login = asyncio.create_task(bot.login(loopback.world.token))
            await loopback.wait_until(lambda: bot.pace.waited == 1, "the login to wait for a part")
            await bot.close()
            await asyncio.wait_for(asyncio.wait([login]), timeout=10)
            assert login.done()
            assert not loopback.api.exchanges  # nothing reached Discord
        finally:
            await db.close()
