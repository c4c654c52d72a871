"""The websocket half of the stand-in: HELLO, IDENTIFY → READY and GUILD_CREATE, heartbeats, RESUME, dispatch.

Speaks JSON, with the transport compression the client asks for: ``zlib-stream`` (what discord.py 2.7 asks
for when no zstd library is installed), ``zstd-stream`` (when one is), or none.
"""

from __future__ import annotations

import asyncio
import json
import logging
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
GUILD_MEMBERS_INTENT = 1 << 1
_REPLAY_LIMIT = 1000


@dataclass
class Session:
    """A gateway session: survives a dropped connection so the client can RESUME it."""

    id: str
    intents: int
    seq: int = 0
    backlog: list[dict[str, Any]] = field(default_factory=list)


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
        self.identified = False

    async def write_forever(self) -> None:
        while True:
            payload = await self.outbox.get()
            text = json.dumps(payload, separators=(",", ":"))
            if self._compress is None:
                await self.ws.send_str(text)
            else:
                await self.ws.send_bytes(self._compress(text.encode()))


class Gateway:
    """Accepts the bot's websocket, keeps its session, and delivers events to it."""

    def __init__(self, world: World, violations: Violations) -> None:
        self.world = world
        self.violations = violations
        self.origin = ""
        self.session: Session | None = None
        self.identifies = 0
        self.resumes = 0
        self.connected = asyncio.Event()  # set once READY or RESUMED has been sent
        self.received: list[dict[str, Any]] = []  # every payload the bot sent, for tests
        self.compressions: list[str | None] = []  # the compression each connection asked for
        self._connection: _Connection | None = None

    @property
    def intents(self) -> int:
        return self.session.intents if self.session else 0

    @property
    def has_members_intent(self) -> bool:
        return bool(self.intents & GUILD_MEMBERS_INTENT)

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event now, or keep it for the RESUME if the connection is down."""
        session = self.session
        if session is None:
            return
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.backlog = [*session.backlog[-_REPLAY_LIMIT:], payload]
        if self._connection is not None and self._connection.identified:
            self._connection.outbox.put_nowait(payload)

    async def drop(self, *, code: int = 4000) -> None:
        """Close the bot's websocket as Discord does when a connection is lost; the client should RESUME."""
        connection = self._connection
        if connection is None:
            raise RuntimeError("the bot is not connected")
        self.connected.clear()
        self._connection = None
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
        await ws.send_str(
            json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": []}})
        )
        try:
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                self.received.append(payload)
                if not await self._receive(connection, payload):
                    break
        finally:
            writer.cancel()
            if self._connection is connection:
                self._connection = None
                self.connected.clear()
        return ws

    async def _receive(self, connection: _Connection, payload: dict[str, Any]) -> bool:
        """Act on one payload from the bot; False when the connection must close."""
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            connection.outbox.put_nowait({"op": HEARTBEAT_ACK, "d": None})
        elif op == IDENTIFY:
            return await self._identify(connection, data or {})
        elif op == RESUME:
            return await self._resume(connection, data or {})
        elif not connection.identified:
            await connection.ws.close(code=4003, message=b"Not authenticated")
            return False
        elif op == REQUEST_MEMBERS:
            self._send_members(data or {})
        elif op not in (PRESENCE, VOICE_STATE):
            self.violations.add("protocol", "gateway", f"unknown opcode {op}")
            await connection.ws.close(code=4001, message=b"Unknown opcode")
            return False
        return True

    async def _identify(self, connection: _Connection, data: dict[str, Any]) -> bool:
        if data.get("token") != self.world.token:
            await connection.ws.close(code=4004, message=b"Authentication failed")
            return False
        if connection.identified:
            await connection.ws.close(code=4005, message=b"Already authenticated")
            return False
        self.identifies += 1
        self.session = Session(id=secrets.token_hex(16), intents=int(data.get("intents") or 0))
        self._attach(connection)
        world = self.world
        self.dispatch(
            "READY",
            {
                "v": 10,
                "user": user_json(world.bot) | {"verified": True, "mfa_enabled": False},
                "guilds": [{"id": gid, "unavailable": True} for gid in world.guilds],
                "session_id": self.session.id,
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
            },
        )
        for guild in world.guilds.values():
            self.dispatch(
                "GUILD_CREATE", guild_create_json(world, guild, all_members=self.has_members_intent)
            )
        self.connected.set()
        return True

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> bool:
        session = self.session
        if session is None or data.get("session_id") != session.id or data.get("token") != self.world.token:
            connection.outbox.put_nowait({"op": INVALID_SESSION, "d": False})
            return True
        self.resumes += 1
        self._attach(connection)
        missed = [p for p in session.backlog if p["s"] > int(data.get("seq") or 0)]
        for payload in missed:
            connection.outbox.put_nowait(payload)
        self.dispatch("RESUMED", {"_trace": ["loopback"]})
        self.connected.set()
        return True

    def _attach(self, connection: _Connection) -> None:
        connection.identified = True
        self._connection = connection

    def _send_members(self, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(str(data.get("guild_id")))
        if guild is None:
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
        self.dispatch("GUILD_MEMBERS_CHUNK", chunk)
