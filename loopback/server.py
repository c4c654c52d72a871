"""``LoopbackDiscord``: the stand-in's servers, the world a test builds, and the bot run against it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import installs
from .commands import CommandRefused
from .gateway import MAX_GUILDS_PER_SHARD, Gateway
from .http_api import API_PREFIX, HttpApi
from .ids import Clock
from .interaction_routes import DEFERRED_MESSAGE
from .limits import LOCALES
from .payloads import (
    channel_json,
    guild_create_json,
    guild_update_json,
    interaction_json,
    member_json,
    role_json,
)
from .spec import ApiSpec, load_spec
from .text import describe_message
from .tracking import TaskTracker, filed_under, interaction_parser
from .users import APPLICATION_COMMAND, AUTOCOMPLETE, Reply, SimUser
from .violations import Violation, Violations
from .world import (
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Account,
    Channel,
    Guild,
    Interaction,
    Message,
    Overwrite,
    Role,
    World,
)

#: How long the harness waits for the bot before it gives up and says what it was waiting for. A safety net
#: against a hung test, not a measurement: the bot's own promptness is measured per interaction. Long enough
#: for a busy machine, where starting the computers' worker processes alone has taken over half a minute.
PATIENCE = 120.0
#: Permissions an "admin" test user gets on top of an ordinary member's.
ADMIN_PERMISSIONS = discord.Permissions(
    manage_guild=True, manage_channels=True, manage_messages=True, manage_threads=True
)

T = TypeVar("T")
ClientT = TypeVar("ClientT", bound=discord.Client)
_UNSET: Any = object()


class LoopbackDiscord:
    """A stand-in for Discord on 127.0.0.1 that a real discord.py client connects to. See the package docs."""

    def __init__(
        self,
        *,
        spec: ApiSpec | None = _UNSET,
        privileged_intents: discord.Intents | None = None,
        max_guilds_per_shard: int = MAX_GUILDS_PER_SHARD,
        latency: float = 0.0,
    ) -> None:
        """``privileged_intents``: those the application has enabled in the developer portal (none by
        default); ``max_guilds_per_shard``: Discord's 2500, smaller to test sharding with a few guilds;
        ``latency``: seconds the network takes each way (see ``latency``)."""
        self.clock = Clock()
        self.world = World(self.clock)
        self.violations = Violations()
        self.gateway = Gateway(self.world, self.violations)
        self.gateway.enabled_intents = privileged_intents.value if privileged_intents else 0
        self.gateway.max_guilds_per_shard = max_guilds_per_shard
        self.api = HttpApi(self.world, self.violations, load_spec() if spec is _UNSET else spec, self.gateway)
        self.tracker = TaskTracker()
        self.bot: discord.Client | None = None
        self._owner = self.world.add_account("guild-owner")
        self._runner: web.AppRunner | None = None
        self._arrivals: dict[str, asyncio.Event] = {}
        self.latency = latency
        #: Whether an interaction waits for all the work the bot started for it (tests: what the bot does
        #: about a click is all there when the click returns) or only for its answer (the sandbox: the
        #: computers play on in the background while the person types the next line).
        self.waits_for_work = True

    @property
    def latency(self) -> float:
        """Seconds the network takes each way: the gateway hop that delivers an interaction, each REST
        request and its answer, and a heartbeat's round trip. The 3-second deadline counts from the
        interaction's creation, before that hop (receiving-and-responding.mdx, "Interaction Callback"), as a
        bot far from Discord lives it."""
        return self._latency

    @latency.setter
    def latency(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("latency cannot be negative")
        self._latency = self.api.latency = self.gateway.latency = seconds

    # servers

    async def start(self) -> None:
        app = self.api.make_app()
        app.router.add_get("/", self.gateway.handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        origin = f"http://127.0.0.1:{sock.getsockname()[1]}"
        await web.SockSite(self._runner, sock).start()
        self.api.origin = self.gateway.origin = self.world.origin = origin

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> LoopbackDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def origin(self) -> str:
        """http://127.0.0.1:port — the API lives under /api/v10, the gateway at ws://…/."""
        return self.world.origin

    # building the world

    def add_guild(
        self, name: str = "Loopback Guild", *, shard: tuple[int, int] | None = None, id: str | None = None
    ) -> Guild:
        """A guild; ``shard=(shard_id, num_shards)`` picks its id so that its events go to that shard;
        ``id`` gives it one kept from an earlier world (so do ``id`` of the other ``add_`` methods)."""
        if shard is not None:
            self.world.ids.aim_at_shard(*shard)
        guild = self.world.add_guild(name, self._owner, id=id)
        self.world.add_member(guild, self._owner)
        self._announce(
            "GUILD_CREATE",
            lambda: guild_create_json(self.world, guild, all_members=self.gateway.has_members_intent),
        )
        return guild

    def add_channel(self, guild: Guild, name: str, *, id: str | None = None) -> Channel:
        channel = self.world.add_channel(guild, name, id=id)
        self._announce("CHANNEL_CREATE", lambda: channel_json(self.world, channel))
        return channel

    @property
    def bot_account(self) -> Account:
        """The bot as a user: a target for ``set_overwrite`` or a member for ``add_thread``."""
        return self.world.bot

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        private: bool = False,
        members: Iterable[SimUser | Account] = (),
        id: str | None = None,
    ) -> Channel:
        """A thread in ``parent``: public (type 11) or private (type 12, seen only by its members and those
        with Manage Threads). The first of ``members`` started it; without members the bot did."""
        ids = [member.id for member in members]
        kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        guild = self._guild_of(parent)
        thread = self.world.add_channel(
            guild, name, type=kind, parent=parent, owner_id=next(iter(ids), None), id=id
        )
        thread.member_ids.update(ids)
        if self.world.can_see(self.world.bot.id, thread):
            # The gateway tells a bot only of threads it can see (threads.mdx, "Permissions").
            self._announce(
                "THREAD_CREATE", lambda: channel_json(self.world, thread) | {"newly_created": True}
            )
        return thread

    def archive_thread(self, thread: Channel) -> None:
        """Archive ``thread``; a post by anyone who may send there unarchives it (threads.mdx)."""
        self._set_archived(thread, locked=thread.locked)

    def lock_thread(self, thread: Channel) -> None:
        """Lock and archive ``thread``: only those with Manage Threads may post (others get 400 / 50083)."""
        self._set_archived(thread, locked=True)

    def _set_archived(self, thread: Channel, *, locked: bool) -> None:
        if not thread.is_thread:
            raise ValueError(f"#{thread.name} is not a thread")
        thread.archived, thread.locked, thread.archived_at = True, locked, self.clock.now()
        if self.world.can_see(self.world.bot.id, thread):
            self._announce("THREAD_UPDATE", lambda: channel_json(self.world, thread))

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel (with its threads) or a thread: the bot is told (CHANNEL_DELETE / THREAD_DELETE)
        and its later requests there get 404 / 10003 Unknown Channel."""
        self._guild_of(channel)  # a direct-message channel cannot be deleted
        seen = self.world.can_see(self.world.bot.id, channel)
        gone = [channel] + [c for c in self.world.channels.values() if c.parent_id == channel.id]
        payload = channel_json(self.world, channel)
        for each in gone:
            each.deleted = True
        if not seen:
            return
        if channel.is_thread:
            fields = ("id", "guild_id", "parent_id", "type")
            self._announce("THREAD_DELETE", lambda: {key: payload[key] for key in fields})
        else:
            self._announce("CHANNEL_DELETE", lambda: payload)

    def remove_bot_from_guild(self, guild: Guild) -> None:
        """Remove the bot from ``guild``: GUILD_DELETE without ``unavailable`` (Discord's "Guild Delete"
        gateway event: the field unset means the bot was removed, not an outage); its later requests to
        the guild's channels get 403 / 50001 Missing Access."""
        self.world.remove_bot(guild)
        self._announce("GUILD_DELETE", lambda: {"id": guild.id})

    def add_bot_to_guild(self, guild: Guild) -> None:
        """Add the bot back to ``guild`` after ``remove_bot_from_guild``, with a fresh role of its own:
        a GUILD_CREATE without ``unavailable``, as for any guild the bot joins (discord.py dispatches
        ``on_guild_join`` only then; with ``unavailable: false`` it takes it for one back from an outage)."""
        self.world.guilds[guild.id] = self.world.left_guilds.pop(guild.id)
        role = self.world.add_role(guild, self.world.bot.name, self.world.bot_permissions)
        self.world.add_member(guild, self.world.bot, [role.id])

        def joined() -> dict[str, Any]:
            data = guild_create_json(self.world, guild, all_members=self.gateway.has_members_intent)
            data.pop("unavailable", None)
            return data

        self._announce("GUILD_CREATE", joined)

    def set_guild_locale(self, guild: Guild, locale: str) -> None:
        """The server's preferred locale, as an admin sets it in the server settings: the bot hears
        GUILD_UPDATE, and each interaction in the guild carries it as ``guild_locale``."""
        if locale not in LOCALES:
            raise ValueError(f"{locale!r} is not one of Discord's locales ({', '.join(sorted(LOCALES))})")
        guild.locale = locale
        self._announce("GUILD_UPDATE", lambda: guild_update_json(self.world, guild))

    def set_user_locale(self, user: SimUser, locale: str) -> None:
        """The language ``user`` picks in their Discord client: sent as ``locale`` with their interactions
        (receiving-and-responding.mdx, "Interaction Object"; no gateway event tells a bot of it)."""
        if locale not in LOCALES:
            raise ValueError(f"{locale!r} is not one of Discord's locales ({', '.join(sorted(LOCALES))})")
        user.account.locale = locale

    def add_user(
        self,
        name: str,
        *,
        guilds: Guild | Iterable[Guild] = (),
        permissions: discord.Permissions | None = None,
        admin: bool = False,
        id: str | None = None,
        locale: str = "en-US",
    ) -> SimUser:
        """A person who joins ``guilds``; ``permissions`` (or ``admin``) come from a role of their own;
        ``locale`` is the language of their Discord client."""
        user = SimUser(self, self.world.add_account(name, id=id, locale=locale))
        for guild in [guilds] if isinstance(guilds, Guild) else guilds:
            self.join(user, guild, permissions=permissions, admin=admin)
        return user

    def join(
        self,
        user: SimUser,
        guild: Guild,
        *,
        permissions: discord.Permissions | None = None,
        admin: bool = False,
    ) -> None:
        extra = discord.Permissions(permissions.value if permissions else 0)
        if admin:
            extra |= ADMIN_PERMISSIONS
        role_ids = []
        if extra.value:
            role = self.world.add_role(guild, f"{user.name}'s role", extra)
            role_ids.append(role.id)
            self._announce("GUILD_ROLE_CREATE", lambda: {"guild_id": guild.id, "role": role_json(role)})
        member = self.world.add_member(guild, user.account, role_ids)
        if self.gateway.has_members_intent:
            self._announce(
                "GUILD_MEMBER_ADD", lambda: member_json(self.world, member) | {"guild_id": guild.id}
            )

    def add_role(
        self,
        guild: Guild,
        name: str,
        *,
        permissions: discord.Permissions | None = None,
        mentionable: bool = False,
        members: Iterable[SimUser] = (),
    ) -> Role:
        """A role held by ``members``; only a mentionable one can be pinged without Mention Everyone."""
        role = self.world.add_role(guild, name, permissions or discord.Permissions.none())
        role.mentionable = mentionable
        self._announce("GUILD_ROLE_CREATE", lambda: {"guild_id": guild.id, "role": role_json(role)})
        for user in members:
            guild.members[user.id].role_ids.append(role.id)
        return role

    def set_bot_access(
        self,
        channel: Channel,
        *,
        view: bool = True,
        send: bool = True,
        attach: bool = True,
        embed: bool = True,
        mention_everyone: bool | None = None,
        read_history: bool = True,
    ) -> None:
        """Deny (or grant) the bot parts of a channel or thread, as one member overwrite for the bot.

        Without view the bot's requests get 403 / 50001 Missing Access; without send or attach its posts
        (and uploads) get 403 / 50013 Missing Permissions; without embed its embeds are dropped silently;
        without read_history it reads no messages; ``mention_everyone`` True or False allows or denies
        @everyone, @here and pings of roles that are not mentionable (None keeps what its roles give).
        A thread has no overwrites of its own: they go on its parent, and ``send`` there means Send
        Messages in Threads (permissions.mdx, "Inherited Permissions (Threads)").
        """
        in_thread = channel.is_thread
        deny = discord.Permissions(
            view_channel=not view,
            send_messages=not send and not in_thread,
            send_messages_in_threads=not send and in_thread,
            attach_files=not attach,
            embed_links=not embed,
            read_message_history=not read_history,
            mention_everyone=mention_everyone is False,
        )
        allow = discord.Permissions(mention_everyone=mention_everyone is True)
        self.set_overwrite(channel, self.bot_account, allow=allow, deny=deny)

    def set_overwrite(
        self,
        channel: Channel,
        target: SimUser | Account | Role,
        *,
        allow: discord.Permissions | None = None,
        deny: discord.Permissions | None = None,
    ) -> None:
        """Set the permission overwrite of ``target`` (a person, ``bot_account`` or a role) on ``channel``,
        replacing the one it had; on a thread it goes on the parent. The bot gets CHANNEL_UPDATE."""
        target_channel = (
            self.world.channels[channel.parent_id] if channel.is_thread and channel.parent_id else channel
        )
        kind = 0 if isinstance(target, Role) else 1
        allowed, denied = allow or discord.Permissions.none(), deny or discord.Permissions.none()
        target_channel.overwrites = [ow for ow in target_channel.overwrites if ow.id != target.id]
        if allowed.value or denied.value:
            target_channel.overwrites.append(Overwrite(id=target.id, type=kind, allow=allowed, deny=denied))
        self._announce("CHANNEL_UPDATE", lambda: channel_json(self.world, target_channel))

    def close_dms(self, user: SimUser) -> None:
        """``user`` takes no direct messages: the bot's get 403 / 50007 Cannot send messages to this user."""
        self.world.closed_dms.add(user.id)

    def _guild_of(self, channel: Channel) -> Guild:
        if channel.guild_id is None:
            raise ValueError("a direct-message channel belongs to no guild")
        return self.world.guild_of(channel)

    def _announce(self, event: str, build: Callable[[], dict[str, Any]]) -> None:
        if self.gateway.session is not None:
            self.gateway.dispatch(event, build())

    # the bot

    @contextlib.asynccontextmanager
    async def run_bot(self, bot: ClientT, *, guild_ready_timeout: float = 0.05) -> AsyncIterator[ClientT]:
        """Start ``bot`` against the stand-in and wait until it is ready; on leaving, stop it and check.

        ``guild_ready_timeout`` shortens discord.py's wait for further GUILD_CREATE events after READY (two
        seconds by default): the stand-in sends every guild at once.
        """
        if self._runner is None:
            raise RuntimeError("start the stand-in first (async with LoopbackDiscord() as discord: ...)")
        saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.origin + API_PREFIX
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.origin.replace("http://", "ws://") + "/")
        self.tracker.install(asyncio.get_running_loop())
        state = bot._connection
        state.guild_ready_timeout = guild_ready_timeout
        state.parsers["INTERACTION_CREATE"] = interaction_parser(
            state.parsers["INTERACTION_CREATE"], self._arrived
        )
        self.bot = bot
        runner = asyncio.create_task(bot.start(self.world.token), name="loopback-bot")
        try:
            await self.wait_until(lambda: bot.is_ready(), "the bot to be ready", runner)
            yield bot
            await self.settle()
            self._note_unanswered()
        finally:
            await bot.close()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(runner, PATIENCE)
            self.tracker.uninstall()
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
            self.bot = None
        self.violations.raise_if_any()

    async def wait_until(
        self, condition: Callable[[], object], what: str, runner: asyncio.Task[Any] | None = None
    ) -> None:
        """Wait (polling the loop) until ``condition()`` holds, failing clearly if the bot stops or hangs."""
        deadline = time.monotonic() + PATIENCE
        while not condition():
            if runner is not None and runner.done():
                error = runner.exception()
                raise RuntimeError(
                    f"the bot stopped while waiting for {what}; {list(self.violations)}"
                ) from error
            if time.monotonic() > deadline:
                raise TimeoutError(f"gave up waiting for {what}; violations so far: {list(self.violations)}")
            await asyncio.sleep(0.005)

    async def _wait(self, awaitable: Awaitable[T], what: str) -> T:
        try:
            return await asyncio.wait_for(awaitable, PATIENCE)
        except TimeoutError:
            raise TimeoutError(
                f"gave up waiting for {what}; violations so far: {list(self.violations)}"
            ) from None

    def _arrived(self, interaction_id: str) -> None:
        arrival = self._arrivals.pop(interaction_id, None)
        if arrival is not None:
            arrival.set()

    async def interact(
        self,
        user: SimUser,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        label: str,
        *,
        message: Message | None = None,
    ) -> Reply:
        """Send one interaction from ``user`` and wait until the bot has dealt with it (a bot in another
        process: until it has answered it, a deferred answer included)."""
        if self.bot is None and not self.gateway.sessions:
            raise RuntimeError("no bot is running (use run_bot, or start a bot process against origin)")
        owners = self._command_owners(user, channel, kind, data)
        if kind not in (APPLICATION_COMMAND, AUTOCOMPLETE) and message is not None:
            owners = self._message_owners(message) or owners
        self._check_can_interact(user, channel, kind, owners)
        interaction = self.world.new_interaction(
            type=kind,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            started=time.monotonic(),
            label=label,
            message_id=message.id if message else None,
            owners=owners,
        )
        mark = len(self.world.changes)
        arrival = self._arrivals[interaction.id] = asyncio.Event()
        if self._latency:
            # the gateway hop: Discord created it, the bot hears of it later
            await asyncio.sleep(self._latency)
        self.gateway.dispatch("INTERACTION_CREATE", interaction_json(self.world, interaction))
        if self.bot is None:  # another process's tasks cannot be watched; its answers can
            del self._arrivals[interaction.id]
            await self.wait_until(lambda: self._answered(interaction), f"a bot process to answer {label}")
            return Reply(self, interaction, mark)
        await self._wait(arrival.wait(), f"the bot to receive {label}")
        if self.waits_for_work:
            await self._settle_interaction(interaction.id, label)
        else:
            await self.wait_until(lambda: self._answered(interaction), f"the bot to answer {label}")
        return Reply(self, interaction, mark)

    def _command_owners(
        self, user: SimUser, channel: Channel, kind: int, data: dict[str, Any]
    ) -> dict[str, str]:
        """The installs that authorise a command or autocomplete (others keep the plain default)."""
        if kind not in (APPLICATION_COMMAND, AUTOCOMPLETE):
            return {}
        command = next((c for c in self.world.commands_for(channel.guild_id) if c.id == data.get("id")), None)
        return installs.owners(self.world, user.id, channel, command) if command else {}

    def _answered(self, interaction: Interaction) -> bool:
        """Answered for good: a reply, choices or a modal, or a deferred reply filled in or followed up."""
        if interaction.response_type != DEFERRED_MESSAGE:
            return interaction.acknowledged
        original = self.world.messages.get(interaction.original_message_id or "")
        return bool(interaction.followup_ids) or (original is not None and not original.flags & LOADING)

    def _message_owners(self, message: Message) -> dict[str, str]:
        """A component's installs are those of the interaction whose answer it sits on
        (receiving-and-responding.mdx, "Authorizing Integration Owners Object": they tell the authorizing
        user from the one who pressed)."""
        source = self.world.interactions.get(message.interaction_id or "")
        return dict(source.owners) if source is not None else {}

    def _check_can_interact(
        self, user: SimUser, channel: Channel, kind: int, owners: dict[str, str] | None = None
    ) -> None:
        """What Discord's client would not let a person do at all."""
        if not self.world.can_see(user.id, channel):
            raise CommandRefused(f"{user.name} cannot see #{channel.name or channel.id}")
        # Only the user's own install reaches an app in a server without its bot (application-commands.mdx,
        # "Installation Context"); the owners then hold USER_INSTALL alone.
        away = channel.guild_id and channel.guild_id not in self.world.guilds
        if away and str(installs.USER_INSTALL) not in (owners or {}):
            raise CommandRefused("the bot is not in this guild")
        if channel.archived and kind in (APPLICATION_COMMAND, AUTOCOMPLETE):
            # "Users cannot edit messages, add reactions, use application commands, or join archived
            # threads" (threads.mdx, "Active & Archived Threads").
            raise CommandRefused(f"#{channel.name} is archived: commands cannot be used there")

    async def _settle_interaction(self, interaction_id: str, label: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while busy := self.tracker.busy(interaction_id):
            if time.monotonic() > deadline:
                stacks = "; ".join(repr(t.get_stack(limit=3)) for t in busy)
                raise TimeoutError(f"the bot is still busy with {label}: {stacks}")
            await asyncio.wait(busy, timeout=0.01, return_when=asyncio.FIRST_COMPLETED)

    async def settle(self) -> None:
        """Wait until the bot has finished (or is only waiting) on every interaction sent so far; when it
        does not ``waits_for_work``, until it has answered each."""
        if self.waits_for_work:
            await self.finish_work()
            return
        for interaction in list(self.world.interactions.values()):
            answered = functools.partial(self._answered, interaction)
            await self.wait_until(answered, f"the bot to answer {interaction.label}")

    async def finish_work(self) -> None:
        """Wait until the bot has finished (or is only waiting) on every interaction sent so far, and on
        the work begun under ``work_outside_interactions``."""
        for interaction in list(self.world.interactions.values()):
            await self._settle_interaction(interaction.id, interaction.label)
        for key in [k for k in self.tracker.tasks if k not in self.world.interactions]:
            await self._settle_interaction(key, key)

    @contextlib.contextmanager
    def work_outside_interactions(self, label: str) -> Iterator[None]:
        """File the tasks the bot starts inside the block (a reminder round the sandbox runs: the computer
        turns it wakes) under ``label``, so that ``finish_work`` waits for them too."""
        with filed_under(label):
            yield

    async def drop_connection(self, *, code: int = 4000) -> None:
        """Close the bot's websocket (as a lost connection); it reconnects and RESUMEs. Then wait for that."""
        resumes = self.gateway.resumes
        await self.gateway.drop(code=code)
        await self.wait_until(
            lambda: self.gateway.resumes > resumes and self.gateway.connected.is_set(), "a RESUME"
        )

    # reading what happened

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.world.interactions.values())

    def messages(self, channel: Channel | None = None, *, visible_to: SimUser | None = None) -> list[Message]:
        """Messages not deleted, oldest first, in one channel and/or as one user sees them."""
        return [
            m
            for m in self.world.messages.values()
            if not m.deleted
            and (channel is None or m.channel_id == channel.id)
            and (visible_to is None or m.can_see(visible_to.id))
        ]

    def last_message(self, channel: Channel | None = None, *, visible_to: SimUser | None = None) -> Message:
        found = self.messages(channel, visible_to=visible_to)
        if not found:
            raise LookupError("no message there")
        return found[-1]

    def describe(self, message: Message) -> str:
        return describe_message(self.world, message)

    def dm_channel(self, user: SimUser) -> Channel:
        return self.world.dm_channel(user.account)

    # checks

    def late_interactions(self, within: float = 3.0) -> list[Interaction]:
        """Interactions not answered or deferred within ``within`` seconds (on the monotonic clock)."""
        return [
            i
            for i in self.world.interactions.values()
            if i.response_delay is None or i.response_delay > within
        ]

    def assert_prompt_responses(self, within: float = 3.0) -> None:
        late = [(i.label, i.response_delay) for i in self.late_interactions(within)]
        if late:
            raise AssertionError(f"not answered within {within:.1f} s: {late}")

    def unfilled_deferrals(self) -> list[Interaction]:
        """Interactions deferred with a "thinking…" reply that no follow-up or edit has filled: the person
        sees that loading state until the token's 15 minutes are up, then a failure (receiving-and-
        responding.mdx, "Interaction Callback Type" 5 and "Followup Messages")."""
        return [
            i
            for i in self.world.interactions.values()
            if (reply := self.world.messages.get(i.original_message_id or "")) is not None
            and reply.loading
            and not reply.deleted
        ]

    def take_violations(self) -> list[Violation]:
        """The violations so far, which then no longer fail the test (for tests that expect some)."""
        return self.violations.take()

    def check(self) -> None:
        """Raise ``ContractViolation`` now if the bot broke Discord's contract."""
        self.violations.raise_if_any()

    def _note_unanswered(self) -> None:
        for interaction in self.world.interactions.values():
            if not interaction.acknowledged:
                self.violations.add(
                    "unanswered", interaction.label, "the bot never answered this interaction"
                )
        for interaction in self.unfilled_deferrals():
            self.violations.add("unfilled", interaction.label, "deferred, but the bot never filled its reply")
