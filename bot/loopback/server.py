"""``LoopbackDiscord``: the stand-in's servers, the world a test builds, and the bot run against it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .gateway import Gateway
from .http_api import API_PREFIX, HttpApi
from .ids import Clock
from .payloads import channel_json, guild_create_json, interaction_json, member_json, role_json
from .spec import ApiSpec, load_spec
from .text import describe_message
from .tracking import TaskTracker, interaction_parser
from .users import Reply, SimUser
from .violations import Violation, Violations
from .world import PUBLIC_THREAD, Channel, Guild, Interaction, Message, Overwrite, World

#: How long the harness waits for the bot before it gives up and says what it was waiting for. A safety net
#: against a hung test, not a measurement: the bot's own promptness is measured per interaction.
PATIENCE = 30.0
#: Permissions an "admin" test user gets on top of an ordinary member's.
ADMIN_PERMISSIONS = discord.Permissions(
    manage_guild=True, manage_channels=True, manage_messages=True, manage_threads=True
)

T = TypeVar("T")
ClientT = TypeVar("ClientT", bound=discord.Client)
_UNSET: Any = object()


class LoopbackDiscord:
    """A stand-in for Discord on 127.0.0.1 that a real discord.py client connects to. See the package docs."""

    def __init__(self, *, spec: ApiSpec | None = _UNSET) -> None:
        self.clock = Clock()
        self.world = World(self.clock)
        self.violations = Violations()
        self.gateway = Gateway(self.world, self.violations)
        self.api = HttpApi(self.world, self.violations, load_spec() if spec is _UNSET else spec, self.gateway)
        self.tracker = TaskTracker()
        self.bot: discord.Client | None = None
        self._owner = self.world.add_account("guild-owner")
        self._runner: web.AppRunner | None = None
        self._arrivals: dict[str, asyncio.Event] = {}
        self._departed_roles: dict[str, list[str]] = {}  # the bot's roles in guilds it was removed from

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

    def add_guild(self, name: str = "Loopback Guild") -> Guild:
        guild = self.world.add_guild(name, self._owner)
        self.world.add_member(guild, self._owner)
        self._announce(
            "GUILD_CREATE",
            lambda: guild_create_json(self.world, guild, all_members=self.gateway.has_members_intent),
        )
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = self.world.add_channel(guild, name)
        self._announce("CHANNEL_CREATE", lambda: channel_json(self.world, channel))
        return channel

    def add_thread(self, parent: Channel, name: str) -> Channel:
        thread = self.world.add_channel(self._guild_of(parent), name, type=PUBLIC_THREAD, parent=parent)
        self._announce("THREAD_CREATE", lambda: channel_json(self.world, thread) | {"newly_created": True})
        return thread

    def add_user(
        self,
        name: str,
        *,
        guilds: Guild | Iterable[Guild] = (),
        permissions: discord.Permissions | None = None,
        admin: bool = False,
    ) -> SimUser:
        """A person who joins ``guilds``; ``permissions`` (or ``admin``) come from a role of their own."""
        user = SimUser(self, self.world.add_account(name))
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

    def set_bot_access(
        self, channel: Channel, *, view: bool = True, send: bool = True, attach: bool = True
    ) -> None:
        """Deny the bot parts of a channel.

        Without view the bot's posts get 50001 Missing Access; without send, 50013 Missing Permissions.
        """
        target = (
            self.world.channels[channel.parent_id] if channel.is_thread and channel.parent_id else channel
        )
        target.overwrites = [ow for ow in target.overwrites if ow.id != self.world.bot.id]
        deny = discord.Permissions(
            view_channel=not view,
            send_messages=not send,
            send_messages_in_threads=not send,
            attach_files=not attach,
        )
        if deny.value:
            target.overwrites.append(Overwrite(id=self.world.bot.id, type=1, deny=deny))
        self._announce("CHANNEL_UPDATE", lambda: channel_json(self.world, target))

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel (its threads go with it) or a thread; the bot's later requests there get
        404 / 10003 Unknown Channel.

        The bot gets CHANNEL_DELETE for a channel and THREAD_DELETE for a thread (gateway.mdx, "List of
        Intents": GUILDS). For the threads of a deleted channel the stand-in sends nothing: Discord only
        informs a client of threads it may view and holds (threads.mdx, "Gateway Events"), so a bot must
        not count on hearing of each one.
        """
        guild = self._guild_of(channel)
        doomed = [channel, *(c for c in self.world.channels.values() if c.parent_id == channel.id)]
        for gone in doomed:
            self.world.channels.pop(gone.id, None)
            if gone.id in guild.channel_ids:
                guild.channel_ids.remove(gone.id)
        if self.world.bot.id not in guild.members:
            return  # no events from a guild the bot is not in
        if channel.is_thread:
            data = {
                "id": channel.id,
                "guild_id": guild.id,
                "parent_id": channel.parent_id,
                "type": channel.type,
            }
            self._announce("THREAD_DELETE", lambda: data)
        else:
            data = channel_json(self.world, channel)
            self._announce("CHANNEL_DELETE", lambda: data)

    def remove_bot_from_guild(self, guild: Guild) -> None:
        """Remove the bot from ``guild`` (kicked, or the server's app removed): GUILD_DELETE without
        ``unavailable``, which is how a removal differs from an outage (discord.py's ``parse_guild_delete``
        dispatches ``on_guild_remove`` only then). Its requests there get 403 / 50001 Missing Access."""
        self._departed_roles[guild.id] = guild.members.pop(self.world.bot.id).role_ids
        self._announce("GUILD_DELETE", lambda: {"id": guild.id})

    def add_bot_to_guild(self, guild: Guild) -> None:
        """Add the bot back to ``guild`` after ``remove_bot_from_guild``: a GUILD_CREATE without
        ``unavailable``, as for any guild the bot joins (discord.py dispatches ``on_guild_join`` only then;
        with ``unavailable: false`` it takes the guild for one back from an outage)."""
        self.world.add_member(guild, self.world.bot, self._departed_roles.pop(guild.id, []))

        def joined() -> dict[str, Any]:
            data = guild_create_json(self.world, guild, all_members=self.gateway.has_members_intent)
            data.pop("unavailable", None)
            return data

        self._announce("GUILD_CREATE", joined)

    def close_dms(self, user: SimUser) -> None:
        """``user`` takes no direct messages: the bot's get 403 / 50007 Cannot send messages to this user."""
        self.world.closed_dms.add(user.id)

    def _guild_of(self, channel: Channel) -> Guild:
        if channel.guild_id is None:
            raise ValueError("a direct-message channel belongs to no guild")
        return self.world.guilds[channel.guild_id]

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
        """Send one interaction from ``user`` and wait until the bot has dealt with it."""
        if self.bot is None:
            raise RuntimeError("no bot is running (use run_bot)")
        interaction = self.world.new_interaction(
            type=kind,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            started=time.monotonic(),
            label=label,
            message_id=message.id if message else None,
        )
        mark = len(self.world.changes)
        arrival = self._arrivals[interaction.id] = asyncio.Event()
        self.gateway.dispatch("INTERACTION_CREATE", interaction_json(self.world, interaction))
        await self._wait(arrival.wait(), f"the bot to receive {label}")
        await self._settle_interaction(interaction.id, label)
        return Reply(self, interaction, mark)

    async def _settle_interaction(self, interaction_id: str, label: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while busy := self.tracker.busy(interaction_id):
            if time.monotonic() > deadline:
                stacks = "; ".join(repr(t.get_stack(limit=3)) for t in busy)
                raise TimeoutError(f"the bot is still busy with {label}: {stacks}")
            await asyncio.wait(busy, timeout=0.01, return_when=asyncio.FIRST_COMPLETED)

    async def settle(self) -> None:
        """Wait until the bot has finished (or is only waiting) on every interaction sent so far."""
        for interaction in list(self.world.interactions.values()):
            await self._settle_interaction(interaction.id, interaction.label)

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
