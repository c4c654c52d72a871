"""The bot's commands but /mygames are for server installs only: with "User Install" enabled on the
developer portal, a member who installed the app to their account still cannot open a game in a server
without the bot."""

from __future__ import annotations

import pytest

from loopback import CommandRefused

from .conftest import Arena


async def test_the_commands_declare_the_server_install_only(arena: Arena) -> None:
    loopback = arena.loopback
    loopback.world.install_types = {0, 1}
    alice = arena.people[0]
    loopback.world.user_installs.add(alice.id)
    elsewhere = loopback.add_guild("Elsewhere")
    general = loopback.add_channel(elsewhere, "general")
    loopback.join(alice, elsewhere)
    loopback.remove_bot_from_guild(elsewhere)
    async with arena.running():
        # every command but /mygames (tests/bot/e2e/test_mygames.py)
        declared = {c.name: tuple(c.payload["integration_types"]) for c in loopback.world.global_commands}
        assert {kinds for name, kinds in declared.items() if name != "mygames"} == {(0,)}
        with pytest.raises(CommandRefused, match="/game is not available here"):
            await alice.slash("game santafe", general)
        opened = await alice.slash("game santafe", arena.channel)
    # In the bot's own server the server's install alone authorises the command.
    assert opened.interaction.owners == {"0": arena.guild.id}
