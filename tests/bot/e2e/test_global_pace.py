"""The bot keeps within Discord's global limit on its requests (rate-limits.mdx, "Global Rate Limit") instead
of learning it from 429s, which count towards Discord's ban of an address ("Invalid Request Limit")."""

from __future__ import annotations

import asyncio

from bot.loopback.ratelimits import Limit

from .conftest import Arena

PER_SECOND = 5  # the bot's global limit, shrunk so a burst passes it at once


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
