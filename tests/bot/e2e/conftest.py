"""End-to-end: the real bot (real cogs, real GameService on a SQLite file) against the loopback Discord.

Every move is made by a simulated person through slash commands, autocomplete, buttons and menus; the
tests read only what Discord would show each person.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.client import BoardGameBot
from bot.play import controller
from bot.services import FakeClock, GameService
from bot.settings import Settings
from bot.storage import Database, open_database
from bot.storage import games as store
from bot.storage.connection import Location
from loopback import Channel, Guild, LoopbackDiscord, Message, Reply, SimUser
from tests.support.databases import KINDS, fresh


@dataclass
class Arena:
    loopback: LoopbackDiscord
    guild: Guild
    channel: Channel
    people: list[SimUser]
    admin: SimUser
    stranger: SimUser
    db_where: Location  # a SQLite file, or a PostgreSQL database (tests/support/databases.py)
    clock: FakeClock
    bots: list[BoardGameBot] = field(default_factory=list)

    @asynccontextmanager
    async def running(
        self, service_class: type[GameService] = GameService, **settings: Any
    ) -> AsyncIterator[tuple[BoardGameBot, GameService]]:
        """The bot, started against the stand-in over the arena's database; stopped (and checked) on exit."""
        async with running_bot(
            self.loopback, self.db_where, self.clock, 20261121, service_class=service_class, **settings
        ) as (
            bot,
            service,
        ):
            self.bots.append(bot)
            yield bot, service

    def public(self) -> list[Message]:
        """Messages in the game channel that everyone can see."""
        return [m for m in self.loopback.messages(self.channel) if m.visible_to is None]

    def by_id(self, user: SimUser) -> int:
        return int(user.id)

    def person(self, user_id: int) -> SimUser:
        """The simulated person with the Discord id ``user_id`` (as the games store their players): the
        arena's own ``SimUser`` for one of its people, so a test may compare them with ``is``."""
        known = (p for p in (*self.people, self.admin, self.stranger) if int(p.id) == user_id)
        return next(known, None) or SimUser(self.loopback, self.loopback.world.accounts[str(user_id)])

    async def start_game(
        self,
        game: str,
        host: SimUser,
        *others: SimUser,
        computers: int = 0,
        channel: Channel | None = None,
        style: str | None = None,
        auto_play: bool | None = None,
        **options: Any,
    ) -> None:
        """``host`` opens ``game`` (with ``options``) in ``channel`` (the arena's by default), ``others``
        join, ``computers`` computer seats are added, the host chooses the channel ``style`` and
        ``auto_play`` if given (a new game is quiet, with auto-play; ``every-turn`` alone is the way games
        played before: a full turn message per turn, without auto-play), and starts it."""
        where = channel or self.channel
        await host.slash(f"game {game}", where, **options)
        for person in others:
            await person.slash("game join", where)
        for _ in range(computers):
            await host.slash("game add-ai", where)
        if style == "every-turn" and auto_play is None:  # the way every game played before
            auto_play = False
        chosen = {k: v for k, v in (("style", style), ("auto_play", auto_play)) if v is not None}
        if chosen:
            await host.slash("game channel", where, **chosen)
        await host.slash("game start", where)

    def live_board(self, channel: Channel | None = None) -> Message:
        """The live board of a quiet channel: the newest board message ("**Santa Fe** · move 12 · …"),
        which every ping after it links to (checked here)."""
        public = [m for m in self.loopback.messages(channel or self.channel) if m.visible_to is None]
        board = next(m for m in reversed(public) if m.content.startswith("**") and " · move " in m.content)
        guild_id = self.loopback.world.channels[board.channel_id].guild_id
        link = f"https://discord.com/channels/{guild_id}/{board.channel_id}/{board.id}"
        for ping in public[public.index(board) + 1 :]:
            assert not ping.pinged_users or ping.content.endswith(f"board: {link}"), ping.content
        return board

    async def play_first_move(
        self, service: GameService, user: SimUser, channel: Channel | None = None
    ) -> Reply:
        """``user`` plays the first of their legal moves with /move."""
        where = channel or self.channel
        move = (await service.legal_moves(int(where.id), int(user.id)))[0][0]
        return await user.slash("move", where, move=move)


@asynccontextmanager
async def running_bot(
    loopback: LoopbackDiscord,
    db_where: Location,
    clock: FakeClock,
    seed: int,
    *,
    service_class: type[GameService] = GameService,
    **settings: Any,
) -> AsyncIterator[tuple[BoardGameBot, GameService]]:
    """The real bot over the database at ``db_where`` (games seeded with ``seed``), started against the
    stand-in with ``settings``; stopped, and its database closed, on exit."""
    db: Database = await open_database(db_where)
    service = service_class(db, clock, new_seed=lambda: seed)
    place = {"database_path": db_where.path} if db_where.path else {"database_url": db_where.url}
    options = {"token": "unused", "reminder_poll_seconds": 3600, **place, **settings}
    bot = BoardGameBot(games=service, settings=Settings(**options))
    try:
        async with loopback.run_bot(bot):
            yield bot, service
    finally:
        await db.close()


@asynccontextmanager
async def sharded_bot(
    loopback: LoopbackDiscord, db_where: Location, **settings: Any
) -> AsyncIterator[BoardGameBot]:
    """A bot process over the database at ``db_where``, run with the shard ``settings`` given."""
    async with running_bot(loopback, db_where, FakeClock(), 20261122, **settings) as (bot, _):
        yield bot


@asynccontextmanager
async def two_shards() -> AsyncIterator[tuple[LoopbackDiscord, Guild, Guild, Channel, SimUser]]:
    """A loopback Discord with a guild on each of two shards, the second with a ``games`` channel, and
    Alice in both: ``(loopback, first, second, games, alice)``."""
    async with LoopbackDiscord() as loopback:
        first = loopback.add_guild("on shard 0", shard=(0, 2))
        second = loopback.add_guild("on shard 1", shard=(1, 2))
        games = loopback.add_channel(second, "games")
        alice = loopback.add_user("alice", guilds=[first, second])
        yield loopback, first, second, games, alice


def watch_statements(
    monkeypatch: pytest.MonkeyPatch,
    db: Database,
    statement: Callable[[str], None],
    committed: Callable[[], None],
) -> None:
    """Call ``statement("transaction")`` or ``statement("reading")`` before each of ``db``'s (it may
    raise, failing that statement), and ``committed()`` after each transaction that committed a move."""
    transaction, reading, append = db.transaction, db.reading, store.append_move
    moved = False

    async def appending(conn: Any, row: Any) -> None:
        nonlocal moved
        moved = True
        await append(conn, row)

    @asynccontextmanager
    async def watched_transaction(**locked: Any) -> AsyncIterator[Any]:
        nonlocal moved
        statement("transaction")
        moved = False
        async with transaction(**locked) as conn:
            yield conn
        if moved:
            committed()

    @asynccontextmanager
    async def watched_reading(**how: Any) -> AsyncIterator[Any]:
        statement("reading")
        async with reading(**how) as conn:
            yield conn

    monkeypatch.setattr(store, "append_move", appending)
    monkeypatch.setattr(db, "transaction", watched_transaction)
    monkeypatch.setattr(db, "reading", watched_reading)


@pytest.fixture(params=KINDS)
async def db_where(request: pytest.FixtureRequest, tmp_path: Path) -> Location:
    return await fresh(request.param, tmp_path)


@pytest.fixture
async def arena(db_where: Location) -> AsyncIterator[Arena]:
    async with LoopbackDiscord() as loopback:
        loopback.api.ratelimits.speed_up(100)  # whole games in seconds: 5 posts per 50 ms per channel
        guild = loopback.add_guild("Board games")
        channel = loopback.add_channel(guild, "games")
        people = [loopback.add_user(name, guilds=guild) for name in ("alice", "bob", "carol")]
        admin = loopback.add_user("dana", guilds=guild, admin=True)
        stranger = loopback.add_user("erin", guilds=guild)
        yield Arena(loopback, guild, channel, people, admin, stranger, db_where, FakeClock())


def slow_computers(monkeypatch: pytest.MonkeyPatch, service: GameService) -> asyncio.Event:
    """The computers think until the event returned is set, and the channel's news of a person's move waits
    for them only a moment (``COMPUTER_GRACE``), so it tells first that they are thinking."""
    release = asyncio.Event()
    choose = service.thinkers.choose

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await release.wait()
        return await choose(*args, **kwargs)

    monkeypatch.setattr(service.thinkers, "choose", slow)
    monkeypatch.setattr(controller, "COMPUTER_GRACE", 0.05)
    return release


def quick_computers(monkeypatch: pytest.MonkeyPatch, service: GameService) -> None:
    """The channel's news of a person's move waits for the computers who act next however long they take
    (no ``COMPUTER_GRACE``), and they think briefly: a computer that answers at once, on any machine."""
    monkeypatch.setattr(controller, "COMPUTER_GRACE", None)
    monkeypatch.setattr(service.thinkers, "seconds", 0.05)
