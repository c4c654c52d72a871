"""What the stand-in knows: users, guilds, roles, channels, threads, messages, commands and interactions.

Plain records; the JSON shapes Discord sends for them are built in ``payloads``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from discord import Permissions

from .ids import Clock, Snowflakes, new_token

GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREADS = (PUBLIC_THREAD, PRIVATE_THREAD)
_USER_MENTION = re.compile(r"<@!?(\d+)>")
EPHEMERAL, LOADING = 1 << 6, 1 << 7

#: What an ordinary member may do: read, write, attach, embed, react, use commands, talk in threads.
MEMBER_PERMISSIONS = Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
    mention_everyone=False,
)


#: What cannot be done without the right to send (permissions.mdx, "Implicit Permissions").
_NEEDS_SEND = Permissions(
    mention_everyone=True, send_tts_messages=True, attach_files=True, embed_links=True
).value


@dataclass
class Account:
    """A Discord user (a person or the bot)."""

    id: str
    name: str
    bot: bool = False
    global_name: str | None = None
    # the language the person chose in their Discord client, sent as every interaction's "locale"
    # ("Selected language of the invoking user", discord-docs/receiving-and-responding.mdx)
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Role:
    id: str
    name: str
    permissions: Permissions
    position: int = 0
    mentionable: bool = False  # whether anyone may ping the role (else only with Mention Everyone)


@dataclass
class Member:
    user_id: str
    role_ids: list[str]
    joined_at: datetime
    nick: str | None = None


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    id: str
    type: int
    allow: Permissions = field(default_factory=Permissions.none)
    deny: Permissions = field(default_factory=Permissions.none)


@dataclass
class Channel:
    id: str
    type: int
    name: str
    guild_id: str | None = None
    parent_id: str | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient_ids: list[str] = field(default_factory=list)
    owner_id: str | None = None
    created_at: datetime | None = None
    member_ids: set[str] = field(default_factory=set)  # a thread's members (who sees a private one)
    archived: bool = False
    locked: bool = False
    archived_at: datetime | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in THREADS

    @property
    def private(self) -> bool:
        return self.type == PRIVATE_THREAD

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class Guild:
    id: str
    name: str
    owner_id: str
    roles: dict[str, Role] = field(default_factory=dict)
    members: dict[str, Member] = field(default_factory=dict)
    channel_ids: list[str] = field(default_factory=list)
    # the guild's preferred locale, sent as every interaction's guild_locale (receiving-and-responding:
    # "guild_locale: Guild's preferred locale, if invoked in a guild"); Discord's default is en-US
    locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]


@dataclass
class Attachment:
    id: str
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Message:
    """A message as posted (and perhaps later edited or deleted), with who could see it."""

    id: str
    channel_id: str
    author_id: str
    created_at: datetime
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: str | None = None
    visible_to: frozenset[str] | None = None  # None: everyone who can see the channel
    webhook_id: str | None = None
    edited_at: datetime | None = None
    deleted: bool = False
    message_reference: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    tts: bool = False
    mention_roles: list[str] = field(default_factory=list)  # roles whose mention took effect
    pinged_users: set[str] = field(default_factory=set)  # who was notified when it was posted
    pinged_everyone: bool = False  # an @everyone or @here took effect

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred reply still showing "thinking…"."""
        return bool(self.flags & LOADING)

    @property
    def mentions(self) -> list[str]:
        """Ids of the users this message mentions: in the content and allowed by allowed_mentions.

        Who was really notified (only those who can see the message) is ``pinged_users``.
        """
        mentioned = list(dict.fromkeys(_USER_MENTION.findall(self.content)))
        allowed = self.allowed_mentions
        if allowed is None or "users" in (allowed.get("parse") or []):
            return mentioned
        permitted = {str(user_id) for user_id in allowed.get("users") or []}
        return [user_id for user_id in mentioned if user_id in permitted]

    def can_see(self, user_id: str) -> bool:
        return not self.deleted and (self.visible_to is None or user_id in self.visible_to)

    def flat_components(self) -> list[dict[str, Any]]:
        """Buttons and select menus in reading order (row by row)."""
        return [child for row in self.components for child in row.get("components", [])]

    def component(self, key: str) -> dict[str, Any]:
        """A button or select menu by custom_id, by label, or by 1-based number in reading order."""
        children = self.flat_components()
        for child in children:
            if key in (child.get("custom_id"), child.get("label"), child.get("placeholder")):
                return child
        if key.isdigit() and 1 <= int(key) <= len(children):
            return children[int(key) - 1]
        names = [c.get("label") or c.get("custom_id") for c in children]
        raise LookupError(f"message {self.id} has no component {key!r} (it has {names})")


@dataclass
class Interaction:
    """One interaction sent to the bot, and how the bot answered it."""

    id: str
    token: str
    type: int
    user_id: str
    channel_id: str
    guild_id: str | None
    data: dict[str, Any]
    created_at: datetime
    started: float  # monotonic seconds, for the measured response delay
    label: str
    message_id: str | None = None  # the message a component sits on
    response_type: int | None = None
    response_delay: float | None = None
    original_message_id: str | None = None
    followup_ids: list[str] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    owners: dict[str, str] = field(default_factory=dict)  # authorizing_integration_owners
    followups_sent: int = 0  # calls to Create Followup Message (the one filling a deferred reply too)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None


@dataclass
class Command:
    """A registered application command, as the bot sent it plus the fields Discord adds."""

    id: str
    payload: dict[str, Any]
    guild_id: str | None
    version: str

    @property
    def name(self) -> str:
        return str(self.payload["name"])


class World:
    """Everything the stand-in holds, with id allocation from one clock."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.ids = Snowflakes(clock)
        self.accounts: dict[str, Account] = {}
        self.guilds: dict[str, Guild] = {}  # the guilds the bot is in
        self.left_guilds: dict[str, Guild] = {}  # guilds the bot was removed from
        self.channels: dict[str, Channel] = {}
        self.messages: dict[str, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.changes: list[tuple[str, str]] = []  # ("create" | "edit" | "delete", message id), in order
        self.watchers: list[Callable[[], None]] = []  # told of each new change (the sandbox prints it)
        self.uploads: dict[str, Attachment] = {}  # every file ever attached, by attachment id
        self.closed_dms: set[str] = set()  # users who accept no direct messages from the bot
        # (author id, nonce) -> (message id, when it was created, time.monotonic()): the messages posted
        # with ``enforce_nonce``, so the same nonce within ``NONCE_WINDOW`` gets the same message back
        self.nonces: dict[tuple[str, str], tuple[str, float]] = {}
        self.origin = ""  # http://127.0.0.1:port once the server listens
        self.global_commands: list[Command] = []
        self.guild_commands: dict[str, list[Command]] = {}
        self.bot = Account(id=self.ids.next(), name="Loopback Bot", bot=True)
        self.accounts[self.bot.id] = self.bot
        self.application_id = self.bot.id  # as for every bot created since 2019
        self.token = f"{self.bot.id}.loopback.{new_token()[:27]}"
        self.bot_permissions = Permissions(MEMBER_PERMISSIONS.value)
        # The installation contexts enabled on the developer portal (0 server, 1 user); who installed
        # the app to their own account.
        self.install_types: set[int] = {0}
        self.user_installs: set[str] = set()

    def note_change(self, kind: str, message_id: str) -> None:
        """Record that a message was created, edited or deleted, and tell the watchers."""
        self.changes.append((kind, message_id))
        for watcher in self.watchers:
            watcher()

    # people and places

    def add_account(self, name: str, *, id: str | None = None, locale: str = "en-US") -> Account:
        """A user; ``id`` is one the caller kept from an earlier world (the sandbox restores its people)."""
        account = Account(
            id=self.ids.claim(id) if id else self.ids.next(),
            name=name,
            global_name=name.capitalize(),
            locale=locale,
        )
        self.accounts[account.id] = account
        return account

    def add_guild(self, name: str, owner: Account, *, id: str | None = None) -> Guild:
        guild = Guild(id=self.ids.claim(id) if id else self.ids.next(), name=name, owner_id=owner.id)
        guild.roles[guild.id] = Role(
            id=guild.id, name="@everyone", permissions=Permissions(MEMBER_PERMISSIONS.value)
        )
        self.guilds[guild.id] = guild
        bot_role = self.add_role(guild, "Loopback Bot", self.bot_permissions)
        self.add_member(guild, self.bot, [bot_role.id])
        return guild

    def add_role(self, guild: Guild, name: str, permissions: Permissions) -> Role:
        role = Role(id=self.ids.next(), name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, account: Account, role_ids: list[str] | None = None) -> Member:
        member = Member(user_id=account.id, role_ids=list(role_ids or []), joined_at=self.clock.now())
        guild.members[account.id] = member
        return member

    def add_channel(
        self,
        guild: Guild,
        name: str,
        *,
        type: int = GUILD_TEXT,
        parent: Channel | None = None,
        owner_id: str | None = None,
        id: str | None = None,
    ) -> Channel:
        channel = Channel(
            id=self.ids.claim(id) if id else self.ids.next(),
            type=type,
            name=name,
            guild_id=guild.id,
            parent_id=parent.id if parent else None,
            position=len(guild.channel_ids),
            owner_id=(owner_id or self.bot.id) if type in THREADS else None,
            created_at=self.clock.now(),
        )
        if channel.is_thread:
            channel.member_ids.add(channel.owner_id or self.bot.id)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, account: Account) -> Channel:
        """The bot's direct-message channel with ``account`` (made on first use)."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_ids == [account.id]:
                return channel
        channel = Channel(id=self.ids.next(), type=DM, name="", recipient_ids=[account.id])
        self.channels[channel.id] = channel
        return channel

    # permissions

    def permissions(self, user_id: str, channel: Channel) -> Permissions:
        """What ``user_id`` may do in ``channel``: roles, then overwrites, then the implicit denials.

        Computed as permissions.mdx ("Permission Overwrites", "Implicit Permissions", "Inherited Permissions
        (Threads)") and threads.mdx ("Permissions") describe: a thread takes its parent's permissions, but
        Send Messages has no effect there (Send Messages in Threads does), and a private thread is seen
        only by its members and those with Manage Threads. Without View Channel nothing is allowed; without
        the right to send, neither Mention Everyone, Attach Files, Embed Links nor TTS.
        """
        if channel.deleted:
            return Permissions.none()
        if channel.guild_id is None:
            return Permissions(MEMBER_PERMISSIONS.value)
        thread = channel if channel.is_thread and channel.parent_id else None
        value = self._overwritten(
            user_id, self.channels[thread.parent_id] if thread and thread.parent_id else channel
        )
        if value == Permissions.all().value:
            return Permissions.all()  # the owner and administrators are never denied
        if not value & Permissions.view_channel.flag:
            return Permissions.none()
        hidden = thread is not None and thread.private and user_id not in thread.member_ids
        if hidden and not value & Permissions.manage_threads.flag:
            return Permissions.none()
        sends = Permissions.send_messages_in_threads if thread else Permissions.send_messages
        if not value & sends.flag:
            value &= ~_NEEDS_SEND
        return Permissions(value)

    def _overwritten(self, user_id: str, channel: Channel) -> int:
        """Base permissions from the roles, with the channel's overwrites applied (permissions.mdx)."""
        guild = self.guild_of(channel)
        member = guild.members.get(user_id)
        if member is None:
            return 0
        if user_id == guild.owner_id:
            return Permissions.all().value
        value = guild.everyone.permissions.value
        for role_id in member.role_ids:
            value |= guild.roles[role_id].permissions.value
        if value & Permissions.administrator.flag:
            return Permissions.all().value
        for kinds in ({guild.id}, set(member.role_ids), {user_id}):
            allow = deny = 0
            for ow in channel.overwrites:
                if ow.id in kinds:
                    allow |= ow.allow.value
                    deny |= ow.deny.value
            value = (value & ~deny) | allow
        return value

    def can_see(self, user_id: str, channel: Channel) -> bool:
        """Whether ``user_id`` sees ``channel`` (a DM: its recipients and the bot)."""
        if channel.deleted:
            return False
        if channel.guild_id is None:
            return user_id == self.bot.id or user_id in channel.recipient_ids
        return self.permissions(user_id, channel).view_channel

    def audience(self, channel: Channel) -> set[str]:
        """Everyone who can see ``channel``."""
        if channel.guild_id is None:
            return {self.bot.id, *channel.recipient_ids}
        members = self.guild_of(channel).members
        return {user_id for user_id in members if self.can_see(user_id, channel)}

    def guild_of(self, channel: Channel) -> Guild:
        """The guild of a guild channel, whether or not the bot is still in it."""
        guild_id = channel.guild_id or ""
        return self.guilds.get(guild_id) or self.left_guilds[guild_id]

    def remove_bot(self, guild: Guild) -> None:
        """The bot leaves ``guild``: it is no member and the gateway no longer lists the guild."""
        guild.members.pop(self.bot.id, None)
        self.left_guilds[guild.id] = self.guilds.pop(guild.id)

    # lookups

    def commands_for(self, guild_id: str | None) -> list[Command]:
        """Commands a user sees in a guild (the guild's own first) or in a DM."""
        own = self.guild_commands.get(guild_id, []) if guild_id else []
        return own + [c for c in self.global_commands if c.name not in {o.name for o in own}]

    def visible_messages(self, channel_id: str, user_id: str) -> list[Message]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and m.can_see(user_id)]

    def new_interaction(self, **fields: Any) -> Interaction:
        interaction = Interaction(
            id=self.ids.next(), token=new_token(), created_at=self.clock.now(), **fields
        )
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        return interaction

    def interaction_by_token(self, token: str) -> Interaction | None:
        return self._by_token.get(token)
