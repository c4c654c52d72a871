"""The JSON objects Discord sends for the records in ``world``: users, members, channels, messages…

Field sets follow Discord's API reference; fields the stand-in has no use for carry their usual empty values
so that the client sees the same keys it would see from Discord.
"""

from __future__ import annotations

from typing import Any

from .ids import iso
from .world import (
    DM,
    EPHEMERAL,
    Account,
    Attachment,
    Channel,
    Command,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    World,
)

_COMMAND_REPLY, _DEFAULT = 20, 0
_APPLICATION_COMMAND = 2


def user_json(account: Account) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": account.id,
        "username": account.name,
        "discriminator": "0",
        "global_name": account.global_name,
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "primary_guild": None,
    }
    if account.bot:
        data["bot"] = True
    return data


def role_json(role: Role) -> dict[str, Any]:
    return {
        "id": role.id,
        "name": role.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions.value),
        "managed": False,
        "mentionable": role.mentionable,
        "flags": 0,
    }


def member_json(world: World, member: Member, *, permissions_in: Channel | None = None) -> dict[str, Any]:
    """A guild member; inside an interaction it also carries the member's permissions in the channel."""
    data: dict[str, Any] = {
        "user": user_json(world.accounts[member.user_id]),
        "nick": member.nick,
        "avatar": None,
        "banner": None,
        "roles": list(member.role_ids),
        "joined_at": iso(member.joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if permissions_in is not None:
        data["permissions"] = str(world.permissions(member.user_id, permissions_in).value)
    return data


def channel_json(world: World, channel: Channel) -> dict[str, Any]:
    if channel.type == DM:
        return {
            "id": channel.id,
            "type": DM,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user_json(world.accounts[uid]) for uid in channel.recipient_ids],
        }
    data: dict[str, Any] = {
        "id": channel.id,
        "type": channel.type,
        "guild_id": channel.guild_id,
        "name": channel.name,
        "parent_id": channel.parent_id,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if channel.is_thread:
        created = iso(channel.created_at) if channel.created_at else None
        archived_at = iso(channel.archived_at) if channel.archived_at else created
        sent = [m for m in world.messages.values() if m.channel_id == channel.id]
        data |= {
            "owner_id": channel.owner_id,
            "member_count": min(len(channel.member_ids), 50),
            "message_count": len([m for m in sent if not m.deleted]),
            "total_message_sent": len(sent),
            "thread_metadata": {
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": archived_at,
                "locked": channel.locked,
                "create_timestamp": created,
            },
        }
        if channel.private:
            data["thread_metadata"]["invitable"] = True
    else:
        data |= {
            "position": channel.position,
            "permission_overwrites": [
                {"id": ow.id, "type": ow.type, "allow": str(ow.allow.value), "deny": str(ow.deny.value)}
                for ow in channel.overwrites
            ],
            "topic": None,
            "nsfw": False,
        }
    return data


def guild_create_json(world: World, guild: Guild, *, all_members: bool) -> dict[str, Any]:
    """The GUILD_CREATE payload: the guild with its roles, channels, active threads and members.

    Without the GUILD_MEMBERS intent Discord lists only the bot itself among the members.
    """
    channels = [world.channels[cid] for cid in guild.channel_ids if not world.channels[cid].deleted]
    # Only the active threads the bot can see (threads.mdx, "Gateway Events").
    threads = [c for c in channels if c.is_thread and not c.archived and world.can_see(world.bot.id, c)]
    members = [m for m in guild.members.values() if all_members or m.user_id == world.bot.id]
    return {
        "id": guild.id,
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": guild.owner_id,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": guild.locale,
        "features": [],
        "roles": [role_json(role) for role in guild.roles.values()],
        "emojis": [],
        "stickers": [],
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "max_members": 500000,
        "joined_at": iso(guild.members[world.bot.id].joined_at),
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "members": [member_json(world, member) for member in members],
        "channels": [channel_json(world, c) for c in channels if not c.is_thread],
        "threads": [channel_json(world, c) for c in threads],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


#: What GUILD_CREATE adds to the guild object ("Guild Create" extra fields, gateway-events.mdx): a
#: GUILD_UPDATE carries the guild object without them.
_GUILD_CREATE_EXTRAS = (
    "joined_at",
    "large",
    "unavailable",
    "member_count",
    "members",
    "channels",
    "threads",
    "voice_states",
    "presences",
    "stage_instances",
    "guild_scheduled_events",
    "soundboard_sounds",
)


def guild_update_json(world: World, guild: Guild) -> dict[str, Any]:
    """The guild object of a GUILD_UPDATE event."""
    data = guild_create_json(world, guild, all_members=False)
    for extra in _GUILD_CREATE_EXTRAS:
        data.pop(extra, None)
    return data


def attachment_json(attachment: Attachment) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": attachment.id,
        "filename": attachment.filename,
        "size": attachment.size,
        "url": attachment.url,
        "proxy_url": attachment.url,
    }
    if attachment.content_type:
        data["content_type"] = attachment.content_type
    if attachment.description:
        data["description"] = attachment.description
    return data


def message_json(world: World, message: Message) -> dict[str, Any]:
    channel = world.channels[message.channel_id]
    interaction = world.interactions.get(message.interaction_id or "")
    mentioned = [world.accounts[uid] for uid in message.mentions if uid in world.accounts]
    data: dict[str, Any] = {
        "id": message.id,
        "channel_id": message.channel_id,
        "type": _DEFAULT,
        "author": user_json(world.accounts[message.author_id]),
        "content": message.content,
        "timestamp": iso(message.created_at),
        "edited_timestamp": iso(message.edited_at) if message.edited_at else None,
        "tts": message.tts,
        "mention_everyone": message.pinged_everyone,
        "mentions": [user_json(a) for a in mentioned],
        "mention_roles": list(message.mention_roles),
        "attachments": [attachment_json(a) for a in message.attachments],
        "embeds": message.embeds,
        "components": message.components,
        "pinned": False,
        "flags": message.flags,
    }
    if channel.guild_id:
        data["guild_id"] = channel.guild_id
    if message.webhook_id:
        data["webhook_id"] = message.webhook_id
        data["application_id"] = world.application_id
    if message.message_reference:
        data["message_reference"] = message.message_reference
    if interaction is not None:
        user = user_json(world.accounts[interaction.user_id])
        if interaction.type == _APPLICATION_COMMAND:
            data["type"] = _COMMAND_REPLY
        data["interaction_metadata"] = {
            "id": interaction.id,
            "type": interaction.type,
            "user": user,
            "authorizing_integration_owners": _integration_owners(interaction),
        }
        data["interaction"] = {
            "id": interaction.id,
            "type": interaction.type,
            "name": interaction.label,
            "user": user,
        }
    return data


def command_json(world: World, command: Command) -> dict[str, Any]:
    data = {
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": None,
        "dm_permission": True,
        "nsfw": False,
        "contexts": None,
        "integration_types": [0],
    }
    data |= command.payload
    data |= {"id": command.id, "application_id": world.application_id, "version": command.version}
    if command.guild_id:
        data["guild_id"] = command.guild_id
    return data


# receiving-and-responding.mdx (Interaction Object, note ***): where the app has no bot user to hold
# permissions (DMs with other users), ``app_permissions`` holds these; the stand-in gives them in a server
# without the bot too, where only a user's own install reaches it.
USER_INSTALL_PERMISSIONS = (1 << 15) | (1 << 14) | (1 << 17)  # ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE


def _app_permissions(world: World, channel: Channel) -> int:
    if channel.guild_id and channel.guild_id not in world.guilds:
        return USER_INSTALL_PERMISSIONS
    return world.permissions(world.bot.id, channel).value


def _integration_owners(interaction: Interaction) -> dict[str, str]:
    if interaction.owners:
        return interaction.owners
    return {"0": interaction.guild_id} if interaction.guild_id else {"1": interaction.user_id}


def interaction_json(world: World, interaction: Interaction) -> dict[str, Any]:
    """The INTERACTION_CREATE payload, with the invoker as member (in a guild) or user (in a DM)."""
    channel = world.channels[interaction.channel_id]
    data: dict[str, Any] = {
        "id": interaction.id,
        "application_id": world.application_id,
        "type": interaction.type,
        "data": interaction.data,
        "channel": channel_json(world, channel),
        "channel_id": channel.id,
        "token": interaction.token,
        "version": 1,
        "app_permissions": str(_app_permissions(world, channel)),
        "locale": world.accounts[interaction.user_id].locale,
        "entitlements": [],
        "authorizing_integration_owners": _integration_owners(interaction),
        "context": 0 if interaction.guild_id else 1,
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if interaction.guild_id:
        guild = world.guild_of(channel)  # a user's own install reaches servers without the bot too
        data["guild_id"] = guild.id
        data["guild_locale"] = guild.locale
        data["guild"] = {"id": guild.id, "locale": guild.locale, "features": []}
        data["member"] = member_json(world, guild.members[interaction.user_id], permissions_in=channel)
    else:
        data["user"] = user_json(world.accounts[interaction.user_id])
    if interaction.message_id:
        data["message"] = message_json(world, world.messages[interaction.message_id])
    return data


def error_json(code: int, message: str, errors: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"code": code, "message": message}
    if errors:
        data["errors"] = errors
    return data


def is_ephemeral(flags: int | None) -> bool:
    return bool((flags or 0) & EPHEMERAL)
