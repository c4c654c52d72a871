"""Rate limits as Discord answers them (rate-limits.mdx): headers on every answer, 429s past a bucket or the
global limit, the daily limit on command creates; and the real client obeying them without an error."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord

from loopback.ratelimits import Limit

from .conftest import Place
from .sample_bot import SampleBot

MESSAGES = "POST /channels/{channel_id}/messages"


async def call(place: Place, method: str, path: str, body: Any = None) -> tuple[int, Any, dict[str, str]]:
    """One request with the bot's token, as the bot would send it."""
    headers = {"Authorization": f"Bot {place.loopback.world.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method, place.loopback.origin + "/api/v10" + path, json=body, headers=headers
        ) as answer,
    ):
        data = await answer.json() if answer.content_type == "application/json" else None
        return answer.status, data, dict(answer.headers)


async def test_a_bucket_answers_headers_then_429_until_it_resets(place: Place) -> None:
    limits = place.loopback.api.ratelimits
    limits.routes[MESSAGES] = Limit(2, 0.2)
    path = f"/channels/{place.games.id}/messages"
    answers = [await call(place, "POST", path, {"content": str(n)}) for n in range(3)]
    assert [status for status, _, _ in answers] == [200, 200, 429]
    (_, _, first), (_, _, second), (_, refusal, third) = answers
    assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"]) == ("2", "1")
    assert second["X-RateLimit-Remaining"] == "0" and 0 < float(second["X-RateLimit-Reset-After"]) <= 0.2
    assert float(second["X-RateLimit-Reset"]) > 1.7e9  # epoch seconds
    assert first["X-RateLimit-Bucket"] == second["X-RateLimit-Bucket"] == third["X-RateLimit-Bucket"]
    assert refusal["message"] == "You are being rate limited." and refusal["global"] is False
    assert 0 < refusal["retry_after"] <= 0.2
    assert third["Retry-After"] == "1" and third["X-RateLimit-Scope"] == "user"
    assert [m.content for m in place.loopback.messages(place.games)] == ["0", "1"]  # the refused one is not
    # Another channel is another bucket (channel_id is a top-level resource).
    assert (await call(place, "POST", f"/channels/{place.private.id}/messages", {"content": "x"}))[0] == 200
    place.loopback.clock.advance(seconds=0.2)  # the window passes
    assert (await call(place, "POST", path, {"content": "again"}))[0] == 200
    assert [(r.scope, r.path) for r in limits.rate_limited] == [("user", path)]


async def test_the_global_limit_spares_interaction_endpoints(place: Place) -> None:
    limits = place.loopback.api.ratelimits
    limits.global_limit = Limit(3, 0.2)
    statuses = [(await call(place, "GET", "/users/@me"))[0] for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    status, body, headers = await call(place, "GET", f"/channels/{place.games.id}")
    assert status == 429 and body["global"] is True
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert "Retry-After" in headers
    # Interaction webhooks are not bound to the global limit (receiving-and-responding.mdx, "Endpoints").
    app = place.loopback.world.application_id
    status, _, _ = await call(place, "POST", f"/webhooks/{app}/no-such-token", {"content": "x"})
    assert status != 429


async def test_two_hundred_command_creates_a_day_per_guild(place: Place) -> None:
    """Only commands that did not exist count (application-commands.mdx); past the limit: 429 / 30034."""
    limits = place.loopback.api.ratelimits
    limits.daily_command_creates = 3
    app = place.loopback.world.application_id
    path = f"/applications/{app}/guilds/{place.guild.id}/commands"

    def commands(*names: str) -> list[dict[str, Any]]:
        return [{"name": n, "description": n, "type": 1} for n in names]

    assert (await call(place, "PUT", path, commands("a", "b")))[0] == 200
    assert (await call(place, "PUT", path, commands("a", "b", "c")))[0] == 200  # one create
    status, body, _ = await call(place, "PUT", path, commands("a", "b", "c", "d"))
    assert status == 429 and body["code"] == 30034 and body["retry_after"] > 86_000
    assert sorted(c.payload["name"] for c in place.loopback.world.guild_commands[place.guild.id]) == [
        "a",
        "b",
        "c",
    ]
    # Other scopes count apart.
    assert (await call(place, "PUT", f"/applications/{app}/commands", commands("d")))[0] == 200
    place.loopback.clock.advance(minutes=24 * 60)
    assert (await call(place, "PUT", path, commands("a", "b", "c", "d")))[0] == 200


async def test_the_client_waits_for_its_buckets_and_never_fails(place: Place) -> None:
    """A burst through discord.py: it reads the headers and waits, so a full bucket costs no error."""
    limits = place.loopback.api.ratelimits
    limits.routes[MESSAGES] = Limit(2, 0.2)
    async with place.loopback.run_bot(SampleBot()) as bot:
        channel = bot.get_channel(int(place.games.id))
        assert isinstance(channel, discord.TextChannel)
        sent = await asyncio.gather(*(channel.send(str(n)) for n in range(7)))
    assert len(sent) == 7 and len(place.loopback.messages(place.games)) == 7
    posts = [e for e in place.loopback.api.exchanges if e.method == "POST" and e.path.endswith("/messages")]
    assert [e.status for e in posts] == [200] * 7  # the client waited instead of being refused
    assert sum(e.headers["X-RateLimit-Remaining"] == "0" for e in posts) >= 3


async def test_the_client_retries_after_the_global_limit(place: Place) -> None:
    """The client cannot see the global limit coming: it gets 429s, waits retry_after and retries."""
    channels = [place.loopback.add_channel(place.guild, f"room-{n}") for n in range(10)]
    limits = place.loopback.api.ratelimits
    async with place.loopback.run_bot(SampleBot()) as bot:
        limits.global_limit = Limit(4, 0.2)
        targets = [bot.get_channel(int(c.id)) for c in channels]
        sent = await asyncio.gather(*(t.send("hello") for t in targets if isinstance(t, discord.TextChannel)))
        limits.global_limit = Limit(50, 1.0)
    assert len(sent) == 10 and all(len(place.loopback.messages(c)) == 1 for c in channels)
    assert {r.scope for r in limits.rate_limited} == {"global"}


async def test_too_many_invalid_requests_ban_the_address(place: Place) -> None:
    """Past the invalid request limit (401, 403 and 429 answers) every request is refused by Cloudflare:
    a 429 without "Via", which discord.py takes for a ban; the stand-in notes it as a violation."""
    limits = place.loopback.api.ratelimits
    limits.invalid_limit = Limit(3, 600.0)
    limits.global_limit = Limit(1, 600.0)
    assert (await call(place, "GET", "/users/@me"))[0] == 200
    statuses = [(await call(place, "GET", "/users/@me"))[0] for _ in range(4)]  # 429, 429, 429, then the ban
    assert statuses == [429, 429, 429, 429]
    status, body, headers = await call(place, "GET", "/users/@me")
    assert status == 429 and body is None and "Via" not in headers
    [violation] = place.loopback.take_violations()
    assert violation.kind == "invalid-requests"
    place.loopback.clock.advance(seconds=3600)  # the ban ends
    limits.global_limit = Limit(50, 1.0)
    assert (await call(place, "GET", "/users/@me"))[0] == 200


async def test_a_bad_token_counts_towards_the_ban_and_good_answers_do_not(place: Place) -> None:
    limits = place.loopback.api.ratelimits
    limits.invalid_limit = Limit(2, 600.0)
    for _ in range(5):
        assert (await call(place, "GET", "/users/@me"))[0] == 200
    assert not limits.banned()
    async with aiohttp.ClientSession() as session:
        for _ in range(3):
            async with session.get(
                place.loopback.origin + "/api/v10/users/@me", headers={"Authorization": "Bot wrong"}
            ) as answer:
                assert answer.status == 401
    assert limits.banned()
    [violation] = place.loopback.take_violations()
    assert violation.kind == "invalid-requests"
