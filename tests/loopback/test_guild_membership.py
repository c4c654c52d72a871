"""The bot removed from a guild and added back: it hears of the guild as of any guild it joins."""

from __future__ import annotations

import discord

from .conftest import Place
from .sample_bot import SampleBot


async def test_the_bot_added_back_to_a_guild_joins_it_and_may_post_again(place: Place) -> None:
    loopback = place.loopback
    events: list[str] = []
    bot = SampleBot()

    async def on_guild_remove(guild: discord.Guild) -> None:
        events.append("remove")

    async def on_guild_join(guild: discord.Guild) -> None:
        events.append("join")

    async def on_guild_available(guild: discord.Guild) -> None:
        events.append("available")

    for listener in (on_guild_remove, on_guild_join, on_guild_available):
        bot.add_listener(listener)
    async with loopback.run_bot(bot):
        start = len(events)  # each guild is "available" once at start-up
        loopback.remove_bot_from_guild(place.guild)
        await loopback.wait_until(lambda: "remove" in events, "GUILD_DELETE")
        loopback.add_bot_to_guild(place.guild)
        await loopback.wait_until(lambda: "join" in events, "GUILD_CREATE")
        assert events[start:] == ["remove", "join"]
        channel = bot.get_channel(int(place.games.id))
        assert isinstance(channel, discord.TextChannel)
        await channel.send("back")
    assert [m.content for m in loopback.messages(place.games)][-1] == "back"
    async with loopback.run_bot(SampleBot()) as started_again:  # a new session lists it again
        assert started_again.get_guild(int(place.guild.id)) is not None
