"""Who a message really notifies: the mentions in its content, as ``allowed_mentions`` and permissions allow.

Modelled on message.mdx, "Allowed Mentions Object": ``parse`` lists the kinds parsed from the content
(``users``, ``roles``, ``everyone``), ``users`` and ``roles`` name single ones; without ``allowed_mentions`` a
regular message parses every kind, while interaction replies and webhooks parse users only. A role pings only
if it is mentionable or the author has Mention Everyone; @everyone and @here only with Mention Everyone
(permissions.mdx). Nobody is notified of a message they cannot see.
"""

from __future__ import annotations

import re
from typing import Any

from .world import Message, World

_ROLE_MENTION = re.compile(r"<@&(\d+)>")
_EVERYONE = re.compile(r"@(everyone|here)\b")
_REGULAR_DEFAULT = {"parse": ["users", "roles", "everyone"]}
_WEBHOOK_DEFAULT = {"parse": ["users"]}


def allowed(message: Message) -> dict[str, Any]:
    """The message's ``allowed_mentions``, or Discord's default for where it was sent."""
    if message.allowed_mentions is not None:
        return message.allowed_mentions
    return _WEBHOOK_DEFAULT if message.webhook_id else _REGULAR_DEFAULT


def resolve(world: World, message: Message, *, notify: bool) -> None:
    """Fill in the roles and @everyone that took effect; with ``notify``, also who was pinged.

    Only posting notifies: an edit rebuilds the mention fields (message.mdx, "Edit Message") but pings no one.
    """
    channel = world.channels[message.channel_id]
    rules = allowed(message)
    parse = set(rules.get("parse") or [])
    guild = world.guild_of(channel) if channel.guild_id else None
    may_ping_all = world.permissions(message.author_id, channel).mention_everyone and guild is not None
    roles: list[str] = []
    if guild is not None:
        named = {str(role_id) for role_id in rules.get("roles") or []}
        for role_id in dict.fromkeys(_ROLE_MENTION.findall(message.content)):
            role = guild.roles.get(role_id)
            if role is None or not ("roles" in parse or role_id in named):
                continue
            if role.mentionable or may_ping_all:
                roles.append(role_id)
    message.mention_roles = roles
    everyone = may_ping_all and "everyone" in parse and bool(_EVERYONE.search(message.content))
    if not notify:
        return
    message.pinged_everyone = everyone
    audience = {
        user_id
        for user_id in world.audience(channel)
        if user_id != message.author_id and message.can_see(user_id)
    }
    if everyone:
        message.pinged_users = audience
        return
    pinged = {user_id for user_id in message.mentions if user_id in audience}
    if guild is not None and roles:
        pinged |= {u for u in audience if u in guild.members and set(guild.members[u].role_ids) & set(roles)}
    message.pinged_users = pinged
