"""A stand-in with one guild: #games (with a thread), #private, and three people (carol is an admin)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from loopback import Channel, Guild, LoopbackDiscord, SimUser


@dataclass
class Place:
    loopback: LoopbackDiscord
    guild: Guild
    games: Channel
    thread: Channel
    private: Channel
    alice: SimUser
    bob: SimUser
    carol: SimUser


@pytest.fixture
async def place() -> AsyncIterator[Place]:
    async with LoopbackDiscord() as loopback:
        guild = loopback.add_guild("Board games")
        games = loopback.add_channel(guild, "games")
        thread = loopback.add_thread(games, "santa-fe-1")
        private = loopback.add_channel(guild, "private")
        alice = loopback.add_user("alice", guilds=guild)
        bob = loopback.add_user("bob", guilds=guild)
        carol = loopback.add_user("carol", guilds=guild, admin=True)
        yield Place(loopback, guild, games, thread, private, alice, bob, carol)
