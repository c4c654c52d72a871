"""Installation contexts: a command reaches a user through the server's install or, if the command allows
it and the portal enables it, through the user's own install of the app."""

from __future__ import annotations

import pytest

from loopback import CommandRefused, LoopbackDiscord
from loopback.commands import check_allowed
from loopback.installs import owners
from loopback.world import Command

from .conftest import Place
from .sample_bot import SampleBot


async def test_a_command_without_integration_types_follows_the_portals_contexts(place: Place) -> None:
    loopback = place.loopback
    loopback.world.install_types = {0, 1}
    loopback.world.user_installs.add(place.alice.id)
    async with loopback.run_bot(SampleBot()):
        mine = await place.alice.slash("board", place.games)
        theirs = await place.bob.slash("board", place.games)
    assert mine.interaction.owners == {"0": place.guild.id, "1": place.alice.id}
    assert theirs.interaction.owners == {"0": place.guild.id}


def test_a_server_without_the_bot_offers_only_commands_the_user_installed() -> None:
    loopback = LoopbackDiscord()
    world = loopback.world
    guild = loopback.add_guild("Elsewhere")
    channel = loopback.add_channel(guild, "general")
    alice = loopback.add_user("alice", guilds=guild)
    loopback.remove_bot_from_guild(guild)
    world.install_types = {0, 1}
    world.user_installs.add(alice.id)
    payload = {"name": "game", "integration_types": [0]}
    guild_only = Command(id="1", payload=payload, guild_id=None, version="1")
    undeclared = Command(id="2", payload={"name": "help"}, guild_id=None, version="1")
    with pytest.raises(CommandRefused, match="/game is not available here"):
        check_allowed(world, guild_only, alice.id, channel)
    # Without integration_types the portal's contexts apply: the user's own install authorises it.
    assert owners(world, alice.id, channel, undeclared) == {"1": alice.id}
    world.install_types = {0}  # user install switched off on the portal
    assert owners(world, alice.id, channel, undeclared) == {}
