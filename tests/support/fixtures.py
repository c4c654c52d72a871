"""Fixtures for storage and service tests: a real database (a SQLite file in tmp_path, and PostgreSQL when
the tests have one: tests/support/databases.py), a fake clock, the tiny game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.services import FakeClock, GameInfo, GameService
from bot.storage import Database, open_database
from bot.storage import games as store
from bot.storage.connection import Location
from bot.storage.records import MoveRow
from rules.core.rng import Rng
from tests.support import higher, tiny
from tests.support.databases import KINDS, fresh
from tests.support.databases import table_rows as table_rows

GUILD = 10
CHANNEL = 100
ANN, BOB, CID, DOT = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CID: "Cid", DOT: "Dot"}


@pytest.fixture
def tiny_game() -> Iterator[None]:
    tiny.register()
    yield
    tiny.unregister()


@pytest.fixture
def higher_game() -> Iterator[None]:
    """The toy hidden-hand game of docs/adding-a-game.md registered, its pictures too."""
    higher.register()
    yield
    higher.unregister()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=KINDS)
def db_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def db_where(db_kind: str, tmp_path: Path) -> Location:
    """Where the test's database is: a new SQLite file, or an emptied PostgreSQL database."""
    return await fresh(db_kind, tmp_path)


@pytest.fixture
def db_path(db_where: Location) -> Path:
    """The SQLite file, for tests of what only a file has (its identity, its pages, backups)."""
    if db_where.path is None:
        pytest.skip("a test of the SQLite file itself")
    return db_where.path


@pytest.fixture
async def db(db_where: Location) -> AsyncIterator[Database]:
    database = await open_database(db_where)
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database, clock: FakeClock, tiny_game: None) -> AsyncIterator[GameService]:
    games = GameService(db, clock, new_seed=lambda: 1234)
    yield games
    await games.close()  # its computer players' worker processes


async def lobby(
    service: GameService, players: tuple[int, ...] = (ANN, BOB), channel: int = CHANNEL, **create: Any
) -> GameInfo:
    """A lobby of the tiny game hosted by the first player, the others joined in order."""
    create.setdefault("options", {"rounds": 2})
    create.setdefault("seat_order", "join")
    # one move a call and a full turn message per turn, as these tests read them; a quiet channel and
    # forced steps made at once have tests of their own
    create.setdefault("channel_style", "every-turn")
    create.setdefault("auto_play", False)
    info = await service.create_game(GUILD, channel, players[0], NAMES[players[0]], "tiny", **create)
    for user in players[1:]:
        info = await service.join(channel, user, NAMES[user])
    return info


async def started(
    service: GameService, players: tuple[int, ...] = (ANN, BOB), channel: int = CHANNEL, **create: Any
) -> GameInfo:
    await lobby(service, players, channel, **create)
    return (await service.start(channel, players[0])).game


def user_at(info: GameInfo, seat: int) -> int:
    user = info.seats[seat].user_id
    assert user is not None
    return user


async def act(service: GameService, move: str | None = None, channel: int = CHANNEL) -> Any:
    """The first seat that must act plays ``move`` (default: its first legal move), once the computers
    the last change woke have moved (they play in the background)."""
    await service.runner.idle()
    info = await service.get_game(channel)
    user = user_at(info, info.to_act[0])
    if move is None:
        move = (await service.legal_moves(channel, user))[0][0]
    return await service.submit(channel, user, move, expected_version=info.version)


async def play_to_end(service: GameService, channel: int = CHANNEL, limit: int = 1000) -> GameInfo:
    """Everyone plays their first legal move until the game is over."""
    for _ in range(limit):
        await service.runner.idle()
        info = await service.get_game(channel)
        if info.status != "active":
            return info
        await act(service, channel=channel)
    raise AssertionError("the game did not end")


async def turns(
    service: GameService, pick: Rng, most: int, channel: int = CHANNEL
) -> AsyncIterator[tuple[GameInfo, int]]:
    """The game in ``channel`` move by move while it is active, for at most ``most`` moves: its info and
    one of the users who must act now, chosen with ``pick``; the caller makes the move."""
    for _ in range(most):
        info = await service.get_game(channel)
        if info.status != "active":
            return
        yield info, user_at(info, pick.choice(info.to_act))


async def moves_since(service: GameService, version: int, channel: int = CHANNEL) -> list[MoveRow]:
    """The moves made after ``version``, once the computers woke by the last change have moved."""
    await service.runner.idle()
    info = await service.get_game(channel)
    async with service.db.reading() as conn:
        return (await store.moves_of(conn, info.id, info.version))[version:]
