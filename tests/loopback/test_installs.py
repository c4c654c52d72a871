"""Installation contexts: a command reaches a user through the server's install or, if the command allows
it and the portal enables it, through the user's own install of the app."""

from __future__ import annotations

import discord
import pytest

from loopback import CommandRefused, LoopbackDiscord
from loopback.commands import check_allowed
from loopback.installs import owners
from loopback.world import Command

from . import sample_bot
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


async def test_an_app_reached_by_the_users_install_alone_gets_five_follow_ups(place: Place) -> None:
    """receiving-and-responding.mdx, "Create Followup Message": at most 5 follow-ups to an interaction
    authorised only by a user's install; with the server's install there is no such limit."""
    loopback = place.loopback
    loopback.world.install_types = {0, 1}
    loopback.world.user_installs.add(place.alice.id)
    elsewhere = loopback.add_guild("Elsewhere")
    general = loopback.add_channel(elsewhere, "general")
    loopback.join(place.alice, elsewhere)
    loopback.remove_bot_from_guild(elsewhere)
    sample_bot.REFUSED_FOLLOWUPS.clear()
    async with loopback.run_bot(SampleBot()):
        here = await place.alice.slash("echoes", place.games, times=6)
        away = await place.alice.slash("echoes", general, times=6)
    assert away.interaction.owners == {"1": place.alice.id}
    # the first follow-up fills the deferred reply; the others are messages of their own
    assert (here.interaction.followups_sent, len(here.interaction.followup_ids)) == (6, 5)
    assert (away.interaction.followups_sent, len(away.interaction.followup_ids)) == (5, 4)
    assert sample_bot.REFUSED_FOLLOWUPS == [40094]


def test_a_command_outside_its_contexts_is_refused_in_a_server_too() -> None:
    """application-commands.mdx, "Interaction Contexts": ``contexts`` without GUILD (0) keeps a command out
    of servers, as one without BOT_DM (1) keeps it out of the bot's DMs."""
    loopback = LoopbackDiscord()
    guild = loopback.add_guild("Home")
    channel = loopback.add_channel(guild, "general")
    alice = loopback.add_user("alice", guilds=guild)
    dm_only = Command(id="1", payload={"name": "inbox", "contexts": [1]}, guild_id=None, version="1")
    with pytest.raises(CommandRefused, match="/inbox cannot be used in servers"):
        check_allowed(loopback.world, dm_only, alice.id, channel)
    everywhere = Command(id="2", payload={"name": "mine", "contexts": [0, 1, 2]}, guild_id=None, version="1")
    check_allowed(loopback.world, everywhere, alice.id, channel)


async def test_without_use_external_apps_a_user_installed_apps_answers_are_ephemeral(place: Place) -> None:
    """permissions.mdx, USE_EXTERNAL_APPS: without it in a server, a user-installed app (not installed to
    that server) answers only its user; with it, or where the server installed the app, publicly."""
    loopback = place.loopback
    loopback.world.install_types = {0, 1}
    loopback.world.user_installs.update({place.alice.id, place.bob.id})
    elsewhere = loopback.add_guild("Elsewhere")
    general = loopback.add_channel(elsewhere, "general")
    loopback.join(place.alice, elsewhere)
    loopback.join(place.bob, elsewhere, permissions=discord.Permissions(use_external_apps=True))
    loopback.remove_bot_from_guild(elsewhere)
    async with loopback.run_bot(SampleBot()):
        alices = await place.alice.slash("wave", general)
        bobs = await place.bob.slash("wave", general)
        at_home = await place.alice.slash("wave", place.games)
    assert alices.ephemeral and not bobs.ephemeral and not at_home.ephemeral
