"""Installation contexts: whether a command reaches a user through the app's server install or their own.

application-commands.mdx ("Installation Context"): a command's ``integration_types`` says where it is
available, and when it is missing the app's own configured contexts apply (those enabled on the developer
portal's Installation page); guild-scoped commands are for server installs only. receiving-and-responding.mdx
("Authorizing Integration Owners Object"): an interaction names each install that authorised it, "0" -> the
guild id (or "0" in the bot's DM), "1" -> the id of the user who installed the app.
"""

from __future__ import annotations

from .world import Channel, Command, World

GUILD_INSTALL, USER_INSTALL = 0, 1


def command_installs(world: World, command: Command) -> set[int]:
    """The installation contexts ``command`` is available in."""
    if command.guild_id is not None:
        return {GUILD_INSTALL}
    declared = command.payload.get("integration_types")
    return set(world.install_types if declared is None else declared) & world.install_types


def owners(world: World, user_id: str, channel: Channel, command: Command | None) -> dict[str, str]:
    """The ``authorizing_integration_owners`` of an interaction; empty when no install authorises it.

    ``command`` is None for components and modals, which come from a message the bot itself posted.
    """
    available = command_installs(world, command) if command is not None else {GUILD_INSTALL}
    found: dict[str, str] = {}
    guild_id = channel.guild_id
    if GUILD_INSTALL in available and (guild_id is None or guild_id in world.guilds):
        found[str(GUILD_INSTALL)] = guild_id or "0"
    if USER_INSTALL in available and user_id in world.user_installs:
        found[str(USER_INSTALL)] = user_id
    return found
