"""Building a slash command's interaction data the way Discord's client does, from the registered commands.

A simulated user names the command by its path ("game new") and gives options as Python values; the types
come from what the bot registered, and what Discord's client would refuse (an unknown option, a missing
required one, a value outside the choices or bounds) is refused here with an error naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from discord import Permissions

from . import installs
from .payloads import attachment_json, member_json, role_json, user_json
from .world import Account, Attachment, Channel, Command, Role, World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


class CommandRefused(LookupError):
    """Discord's client would not send this command (unknown, not permitted, or bad options)."""


@dataclass
class CommandCall:
    command: Command
    label: str  # "/game new"
    data: dict[str, Any]


def find_command(world: World, path: str, guild_id: str | None) -> tuple[Command, list[str]]:
    words = path.strip().lstrip("/").split()
    if not words:
        raise CommandRefused("no command given")
    commands = world.commands_for(guild_id)
    for command in commands:
        if command.name == words[0] and command.payload.get("type", 1) == 1:
            return command, words[1:]
    names = sorted(c.name for c in commands)
    raise CommandRefused(f"no slash command /{words[0]} is registered here (registered: {names})")


def check_allowed(world: World, command: Command, user_id: str, channel: Channel) -> None:
    """Refuse what Discord's client hides: commands needing permissions the member lacks, DM-less commands,
    commands of an app installed neither to the server nor (for this command) to the user."""
    payload = command.payload
    if not installs.owners(world, user_id, channel, command):
        kinds = sorted(installs.command_installs(world, command))
        raise CommandRefused(
            f"/{command.name} is not available here: the app is not installed to this server, and the "
            f"command's installation contexts are {kinds}"
        )
    # application-commands.mdx, "Interaction Contexts": GUILD (0), BOT_DM (1) and PRIVATE_CHANNEL (2, only
    # for a command installed to a user); ``contexts`` null or missing allows them all
    contexts = payload.get("contexts")
    if channel.guild_id is None:
        if (contexts is not None and 1 not in contexts) or payload.get("dm_permission") is False:
            raise CommandRefused(f"/{command.name} cannot be used in direct messages")
        return
    if contexts is not None and 0 not in contexts:
        raise CommandRefused(f"/{command.name} cannot be used in servers")
    needed = payload.get("default_member_permissions")
    if needed is not None:
        have = world.permissions(user_id, channel)
        if not Permissions(int(needed)) <= have:
            raise CommandRefused(f"/{command.name} needs permissions {Permissions(int(needed))!r}")


def build_call(
    world: World,
    path: str,
    channel: Channel,
    user_id: str,
    values: Mapping[str, Any],
    *,
    focused: str | None = None,
) -> CommandCall:
    """The ``data`` of an application-command (or, with ``focused``, autocomplete) interaction."""
    command, rest = find_command(world, path, channel.guild_id)
    check_allowed(world, command, user_id, channel)
    resolved: dict[str, dict[str, Any]] = {}
    node: Mapping[str, Any] = command.payload
    chain: list[dict[str, Any]] = []
    for word in rest:
        sub = next(
            (o for o in node.get("options") or [] if o.get("name") == word and o.get("type") in (1, 2)),
            None,
        )
        if sub is None:
            raise CommandRefused(f"/{command.name} has no subcommand {word!r} at this point")
        chain.append({"name": word, "type": sub["type"], "options": []})
        node = sub
    declared = node.get("options") or []
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in declared):
        subs = [o["name"] for o in declared]
        raise CommandRefused(f"/{' '.join([command.name, *rest])} needs a subcommand, one of {subs}")
    known = {o["name"]: o for o in declared}
    for name in values:
        if name not in known:
            raise CommandRefused(
                f"{' '.join(['/' + command.name, *rest])} has no option {name!r} (it has {list(known)})"
            )
    leaf_options = []
    for option in declared:
        name = option["name"]
        if name not in values:
            if option.get("required") and focused is None:
                raise CommandRefused(f"option {name!r} is required")
            continue
        if name == focused:
            if not option.get("autocomplete"):
                raise CommandRefused(f"option {name!r} does not autocomplete")
            leaf_options.append(
                {"name": name, "type": option["type"], "value": str(values[name]), "focused": True}
            )
            continue
        value = _option_value(world, option, values[name], channel, user_id, resolved)
        leaf_options.append({"name": name, "type": option["type"], "value": value})
    if focused is not None and focused not in values:
        raise CommandRefused(f"give the text typed into {focused!r}")
    options = leaf_options
    for level in reversed(chain):
        level["options"] = options
        options = [level]
    data: dict[str, Any] = {"id": command.id, "name": command.name, "type": 1, "options": options}
    if command.guild_id:
        data["guild_id"] = command.guild_id
    if resolved:
        data["resolved"] = resolved
    return CommandCall(command, "/" + " ".join([command.name, *rest]), data)


def _option_value(
    world: World,
    option: Mapping[str, Any],
    given: Any,
    channel: Channel,
    user_id: str,
    resolved: dict[str, dict[str, Any]],
) -> Any:
    kind, name = option["type"], option["name"]
    if kind in (STRING, INTEGER, NUMBER):
        try:
            value: Any = {STRING: str, INTEGER: int, NUMBER: float}[kind](given)
        except ValueError:
            raise CommandRefused(f"{name!r} takes a number, not {given!r}") from None
        choices = option.get("choices") or []
        if choices:
            by_name = {c["name"]: c["value"] for c in choices}
            value = by_name.get(str(given), value)
            if value not in [c["value"] for c in choices]:
                raise CommandRefused(f"{given!r} is not a choice of {name!r} ({list(by_name)})")
        if kind == STRING and not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise CommandRefused(
                f"{name!r} must be {option.get('min_length', 0)}-{option.get('max_length')} characters"
            )
        if kind != STRING and not (
            option.get("min_value", float("-inf")) <= value <= option.get("max_value", float("inf"))
        ):
            raise CommandRefused(f"{name!r} is out of range")
        return value
    if kind == BOOLEAN:
        return bool(given)
    if kind in (USER, MENTIONABLE) and isinstance(getattr(given, "account", given), Account):
        account = getattr(given, "account", given)
        resolved.setdefault("users", {})[account.id] = user_json(account)
        guild = world.guilds.get(channel.guild_id or "")
        if guild and account.id in guild.members:
            member = member_json(world, guild.members[account.id], permissions_in=channel)
            member.pop("user")
            resolved.setdefault("members", {})[account.id] = member
        return account.id
    if kind in (ROLE, MENTIONABLE) and isinstance(given, Role):
        resolved.setdefault("roles", {})[given.id] = role_json(given)
        return given.id
    if kind == CHANNEL and isinstance(given, Channel):
        types = option.get("channel_types")
        if types and given.type not in types:
            raise CommandRefused(f"{name!r} takes channels of types {types}")
        entry = {
            "id": given.id,
            "name": given.name,
            "type": given.type,
            "permissions": str(world.permissions(user_id, given).value),  # the invoking user's
            "parent_id": given.parent_id,
        }
        resolved.setdefault("channels", {})[given.id] = entry
        return given.id
    if kind == ATTACHMENT and isinstance(given, tuple):
        filename, data = given
        attachment_id = world.ids.next()
        url = f"{world.origin}/attachments/{channel.id}/{attachment_id}/{filename}"
        attachment = Attachment(id=attachment_id, filename=filename, data=bytes(data), url=url)
        resolved.setdefault("attachments", {})[attachment.id] = attachment_json(attachment)
        world.uploads[attachment.id] = attachment
        return attachment.id
    raise CommandRefused(f"cannot pass {given!r} as option {name!r} of type {kind}")
