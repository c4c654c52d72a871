"""The websocket half of the stand-in: HELLO, IDENTIFY → READY and GUILD_CREATE, heartbeats, RESUME, dispatch.

Several sessions at once, one per shard: each receives only the events of its guilds. IDENTIFY is refused as
Discord refuses it: a wrong token (4004), a malformed shard (4010), a session that would hold more guilds
than a shard may (4011), intents Discord does not define (4013) or a privileged intent the application has
not enabled (4014).

Speaks JSON, with the transport compression the client asks for: ``zlib-stream`` (what discord.py 2.7 asks
for when no zstd library is installed), ``zstd-stream`` (when one is), or none.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .payloads import guild_create_json, member_json, user_json
from .violations import Violations
from .world import World

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250
#: The shortest way from the bot to Discord and back, in seconds. Discord's HEARTBEAT_ACK crosses the network
#: (gateway.mdx, "Heartbeat Interval": the interval's tolerance "will cover network latency"), so it never
#: arrives before the client has noted when it sent the heartbeat. An acknowledgement from the same
#: process, sent at once, can: discord.py's keep-alive thread notes the send only when the event loop lets it
#: run, and takes an acknowledgement that came first as one for the heartbeat before, the whole interval
#: late ("Can't keep up, shard ID 0 websocket is 41.3s behind").
MIN_ROUND_TRIP = 0.05
GUILD_MEMBERS_INTENT = 1 << 1
# GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT: asking for one not enabled for the application closes the
# connection with 4014 (gateway.mdx, "Privileged Intents").
PRIVILEGED_INTENTS = {"members": 1 << 1, "presences": 1 << 8, "message_content": 1 << 15}
# Every intent Discord defines (gateway.mdx, "List of Intents"); another bit closes with 4013.
KNOWN_INTENTS = sum(1 << bit for bit in (*range(17), 20, 21, 24, 25))
# "Each shard can only support a maximum of 2500 guilds" (gateway.mdx, "Sharding").
MAX_GUILDS_PER_SHARD = 2500
# 1000 IDENTIFY calls per 24 hours (gateway.mdx, "Session Start Limit").
SESSION_START_TOTAL = 1000
# The events each intent brings; a session that did not ask for the intent does not get them, and events not
# listed always come (gateway.mdx, "List of Intents"). Message events are filtered where they are made.
_INTENT_EVENTS = {
    1 << 0: (
        "GUILD_CREATE GUILD_UPDATE GUILD_DELETE GUILD_ROLE_CREATE GUILD_ROLE_UPDATE GUILD_ROLE_DELETE "
        "CHANNEL_CREATE CHANNEL_UPDATE CHANNEL_DELETE CHANNEL_PINS_UPDATE THREAD_CREATE THREAD_UPDATE "
        "THREAD_DELETE THREAD_LIST_SYNC THREAD_MEMBER_UPDATE"
    ),
    GUILD_MEMBERS_INTENT: "GUILD_MEMBER_ADD GUILD_MEMBER_UPDATE GUILD_MEMBER_REMOVE",
    1 << 3: "GUILD_EMOJIS_UPDATE GUILD_STICKERS_UPDATE",
}
EVENT_INTENT = {event: intent for intent, events in _INTENT_EVENTS.items() for event in events.split()}
# Gateway events about a guild itself carry its id as "id" rather than "guild_id".
_GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})
_REPLAY_LIMIT = 1000


class GatewayClose(Exception):
    """Close the connection with one of Discord's close codes (opcodes-and-status-codes.mdx, gateway)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"{code} {reason}")
        self.code = code
        self.reason = reason


@dataclass
class Session:
    """A gateway session: survives a dropped connection so the client can RESUME it."""

    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)
    seq: int = 0
    backlog: list[dict[str, Any]] = field(default_factory=list)
    connection: _Connection | None = field(default=None, repr=False)

    def receives(self, guild_id: str | None) -> bool:
        """Whether events of this guild (None: events without a guild) go to this session.

        ``shard_id = (guild_id >> 22) % num_shards``, and events without a guild_id (DMs) go to shard 0 only
        (gateway.mdx, "Sharding").
        """
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (int(guild_id) >> 22) % count == shard_id


Compressor = Callable[[bytes], bytes]


def zlib_stream() -> Compressor:
    """One zlib stream per connection; each message ends with a sync flush (00 00 ff ff)."""
    stream = zlib.compressobj()
    return lambda data: stream.compress(data) + stream.flush(zlib.Z_SYNC_FLUSH)


def zstd_stream() -> Compressor | None:
    """One zstd frame per connection, flushed block by block; None when no zstd library is installed.

    discord.py asks for it when it can decompress it (``zstandard``, or ``compression.zstd`` in 3.14).
    """
    try:
        from compression.zstd import ZstdCompressor  # type: ignore[import-not-found]
    except ImportError:
        try:
            import zstandard
        except ImportError:
            return None
        stream = zstandard.ZstdCompressor().compressobj()
        return lambda data: stream.compress(data) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    compressor = ZstdCompressor()
    return lambda data: compressor.compress(data, ZstdCompressor.FLUSH_BLOCK)


COMPRESSIONS: dict[str | None, Callable[[], Compressor | None]] = {
    None: lambda: None,
    "zlib-stream": zlib_stream,
    "zstd-stream": zstd_stream,
}


class _Connection:
    """One websocket with its compression stream and an ordered outbox."""

    def __init__(self, ws: web.WebSocketResponse, compress: Compressor | None) -> None:
        self.ws = ws
        self._compress = compress
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.session: Session | None = None  # set by IDENTIFY or RESUME

    async def write_forever(self) -> None:
        while True:
            payload = await self.outbox.get()
            text = json.dumps(payload, separators=(",", ":"))
            if self._compress is None:
                await self.ws.send_str(text)
            else:
                await self.ws.send_bytes(self._compress(text.encode()))


class Gateway:
    """Accepts the bot's websockets (one per shard), keeps their sessions, and delivers events to them."""

    def __init__(self, world: World, violations: Violations) -> None:
        self.world = world
        self.violations = violations
        self.origin = ""
        self.sessions: dict[str, Session] = {}
        # Which privileged intents the application has enabled in the developer portal (none by default).
        self.enabled_intents = 0
        self.max_guilds_per_shard = MAX_GUILDS_PER_SHARD
        self.latency = 0.0  # seconds each way (``LoopbackDiscord.latency``)
        self.identifies = 0
        self.resumes = 0
        self.connected = asyncio.Event()  # set while every session has a live connection
        self.received: list[dict[str, Any]] = []  # every payload the bot sent, for tests
        self.compressions: list[str | None] = []  # the compression each connection asked for
        # How each connection ended: the code the stand-in closed it with, or the bot's (1000: a clean stop).
        self.close_codes: list[int | None] = []

    @property
    def session(self) -> Session | None:
        """The first session (the only one for a bot without shards)."""
        return next(iter(self.sessions.values()), None)

    @property
    def intents(self) -> int:
        session = self.session
        return session.intents if session else 0

    @property
    def has_members_intent(self) -> bool:
        return bool(self.intents & GUILD_MEMBERS_INTENT)

    def bot_gateway(self) -> dict[str, Any]:
        """GET /gateway/bot: the recommended shard count and the session start limit (gateway.mdx)."""
        shards = max(1, math.ceil(len(self.world.guilds) / self.max_guilds_per_shard))
        limit = {
            "total": SESSION_START_TOTAL,
            "remaining": max(0, SESSION_START_TOTAL - self.identifies),
            "reset_after": 86_400_000,
            "max_concurrency": 1,
        }
        return {
            "url": self.origin.replace("http://", "ws://") + "/",
            "shards": shards,
            "session_start_limit": limit,
        }

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the sessions of its guild, now or at the RESUME if their connection is down."""
        guild_id = data.get("id") if event in _GUILD_EVENTS else data.get("guild_id")
        intent = EVENT_INTENT.get(event, 0)
        if event == "GUILD_MEMBER_UPDATE" and (data.get("user") or {}).get("id") == self.world.bot.id:
            intent = 0  # sent for the bot itself whatever the intents (gateway.mdx, "Caveats")
        for session in self.sessions.values():
            if session.receives(str(guild_id) if guild_id else None) and session.intents & intent == intent:
                self._send(session, event, data)

    def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.backlog = [*session.backlog[-_REPLAY_LIMIT:], payload]
        if session.connection is not None:
            session.connection.outbox.put_nowait(payload)

    async def drop(self, *, code: int = 4000) -> None:
        """Close the bot's websockets as Discord does when connections are lost; the client should RESUME."""
        connections = [s.connection for s in self.sessions.values() if s.connection is not None]
        if not connections:
            raise RuntimeError("the bot is not connected")
        for session in self.sessions.values():
            session.connection = None
        self.connected.clear()
        for connection in connections:
            await connection.ws.close(code=code, message=b"dropped by the test")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        where = f"gateway {request.path_qs}"
        if query.get("v") != "10" or query.get("encoding", "json") != "json":
            self.violations.add("protocol", where, "the gateway speaks version 10 with JSON encoding")
        compress = query.get("compress")
        self.compressions.append(compress)
        make = COMPRESSIONS.get(compress)
        compressor = make() if make else None
        if compress is not None and compressor is None:
            self.violations.add("protocol", where, f"the stand-in cannot offer {compress} compression")
            raise web.HTTPBadRequest()
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        connection = _Connection(ws, compressor)
        writer = asyncio.create_task(connection.write_forever())
        refused: int | None = None
        await ws.send_str(
            json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": []}})
        )
        try:
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                self.received.append(payload)
                try:
                    await self._receive(connection, payload)
                except GatewayClose as close:
                    refused = close.code
                    await ws.close(code=close.code, message=close.reason.encode())
                    break
        finally:
            writer.cancel()
            self.close_codes.append(refused or ws.close_code)
            session = connection.session
            if session is not None and session.connection is connection:
                session.connection = None
                self.connected.clear()
                if refused is None and ws.close_code in (1000, 1001):
                    # "your session will be invalidated" (gateway.mdx, "Disconnecting"): no RESUME
                    del self.sessions[session.id]
        return ws

    async def _receive(self, connection: _Connection, payload: dict[str, Any]) -> None:
        """Act on one payload from the bot; raises ``GatewayClose`` when the connection must close."""
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            ack = {"op": HEARTBEAT_ACK, "d": None}
            # the heartbeat's way to Discord and the acknowledgement's way back
            trip = max(2 * self.latency, MIN_ROUND_TRIP)
            asyncio.get_running_loop().call_later(trip, connection.outbox.put_nowait, ack)
        elif op == IDENTIFY:
            self._identify(connection, data or {})
        elif op == RESUME:
            self._resume(connection, data or {})
        elif connection.session is None:
            raise GatewayClose(4003, "Not authenticated")
        elif op == REQUEST_MEMBERS:
            self._send_members(connection.session, data or {})
        elif op not in (PRESENCE, VOICE_STATE):
            self.violations.add("protocol", "gateway", f"unknown opcode {op}")
            raise GatewayClose(4001, "Unknown opcode")

    def _identify(self, connection: _Connection, data: dict[str, Any]) -> None:
        # Close codes and their reasons: opcodes-and-status-codes.mdx, "Gateway Close Event Codes".
        if data.get("token") != self.world.token:
            raise GatewayClose(4004, "Authentication failed")
        if connection.session is not None:
            raise GatewayClose(4005, "Already authenticated")
        shard = _shard(data.get("shard"))
        intents = data.get("intents")
        if (
            not isinstance(intents, int)
            or isinstance(intents, bool)
            or intents < 0
            or intents & ~KNOWN_INTENTS
        ):
            raise GatewayClose(4013, "Invalid intent(s)")
        if intents & sum(PRIVILEGED_INTENTS.values()) & ~self.enabled_intents:
            raise GatewayClose(4014, "Disallowed intent(s)")
        session = Session(id=secrets.token_hex(16), intents=intents, shard=shard)
        guilds = [g for g in self.world.guilds.values() if session.receives(g.id)]
        if len(guilds) > self.max_guilds_per_shard:
            raise GatewayClose(4011, "Sharding required")
        self.identifies += 1
        self.sessions[session.id] = session
        self._attach(connection, session)
        world = self.world
        ready: dict[str, Any] = {
            "v": 10,
            "user": user_json(world.bot) | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": g.id, "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.origin.replace("http://", "ws://") + "/",
            "application": {"id": world.application_id, "flags": 1 << 23},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["loopback"],
        }
        if data.get("shard") is not None:
            ready["shard"] = list(shard)
        self._send(session, "READY", ready)
        for guild in guilds if intents & EVENT_INTENT["GUILD_CREATE"] else ():
            members = bool(intents & GUILD_MEMBERS_INTENT)
            self._send(session, "GUILD_CREATE", guild_create_json(world, guild, all_members=members))

    def _resume(self, connection: _Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.world.token:
            connection.outbox.put_nowait({"op": INVALID_SESSION, "d": False})
            return
        self.resumes += 1
        self._attach(connection, session)
        missed = [p for p in session.backlog if p["s"] > int(data.get("seq") or 0)]
        for payload in missed:
            connection.outbox.put_nowait(payload)
        self._send(session, "RESUMED", {"_trace": ["loopback"]})

    def _attach(self, connection: _Connection, session: Session) -> None:
        connection.session = session
        session.connection = connection
        if all(s.connection is not None for s in self.sessions.values()):
            self.connected.set()

    def _send_members(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(str(data.get("guild_id")))
        if guild is None or not session.receives(guild.id):
            return
        wanted = {str(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user_id in wanted)
            and self.world.accounts[m.user_id].name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": guild.id,
            "members": [member_json(self.world, m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self._send(session, "GUILD_MEMBERS_CHUNK", chunk)


def _shard(value: Any) -> tuple[int, int]:
    """IDENTIFY's ``shard`` ([shard_id, num_shards]); a malformed one closes with 4010 Invalid shard."""
    if value is None:
        return 0, 1
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
        or not 0 <= value[0] < value[1]
    ):
        raise GatewayClose(4010, "Invalid shard")
    return value[0], value[1]
