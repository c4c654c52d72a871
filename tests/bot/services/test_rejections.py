"""Every refused request leaves the database exactly as it was: every row of every table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.services import (
    AlreadyJoined,
    GameExists,
    GameNotActive,
    NotAllowed,
    NotHost,
    NotInGame,
    ServiceError,
    StaleVersion,
    TableFull,
    UndoRefused,
)
from rules.core.errors import AmbiguousMoveError, IllegalMoveError, NotYourTurnError, ParseError, RulesError
from tests.support.fixtures import (
    ANN,
    BOB,
    CHANNEL,
    CID,
    DOT,
    GUILD,
    act,
    lobby,
    play_to_end,
    started,
    table_rows,
)


async def refused(db_where, error: type[Exception], call) -> None:  # type: ignore[no-untyped-def]
    """``call()`` raises ``error`` and no row of any table changed."""
    before = await table_rows(db_where)
    with pytest.raises(error):
        await call()
    assert await table_rows(db_where) == before


async def test_refused_moves_change_nothing(service, db_where):
    await started(service, (ANN, BOB, CID))
    await act(service)  # Ann plays a card: two cards left, so "play" is ambiguous
    version = (await service.get_game(CHANNEL)).version
    cases: list[tuple[type[Exception], Callable[[], Awaitable[object]]]] = [
        (IllegalMoveError, lambda: service.submit(CHANNEL, ANN, "play 99")),
        (ParseError, lambda: service.submit(CHANNEL, ANN, "")),
        (AmbiguousMoveError, lambda: service.submit(CHANNEL, ANN, "play")),
        (NotYourTurnError, lambda: service.submit(CHANNEL, BOB, "pass")),
        (NotInGame, lambda: service.submit(CHANNEL, DOT, "pass")),
        (StaleVersion, lambda: service.submit(CHANNEL, ANN, "pass", expected_version=version - 1)),
        (StaleVersion, lambda: service.submit(CHANNEL, ANN, "pass", expected_version=version + 1)),
        (UndoRefused, lambda: service.undo(CHANNEL, BOB)),
        (NotHost, lambda: service.abandon(CHANNEL, BOB)),
        (NotAllowed, lambda: service.restore(CHANNEL, 0)),
        (NotHost, lambda: service.hand_to_ai(CHANNEL, CID, 1)),
        (NotAllowed, lambda: service.take_back_seat(CHANNEL, BOB)),
        (AlreadyJoined, lambda: service.offer_seat(CHANNEL, ANN, 1, CID)),
        (NotAllowed, lambda: service.claim_seat(CHANNEL, DOT, "Dot", guild_id=GUILD)),
        (NotAllowed, lambda: service.vote_kick(CHANNEL, BOB, 0)),
        (NotHost, lambda: service.force_skip(CHANNEL, BOB)),
        (GameExists, lambda: service.create_game(GUILD, CHANNEL, DOT, "Dot", "tiny")),
    ]
    for error, call in cases:
        await refused(db_where, error, call)


async def test_refusals_in_a_finished_game_change_nothing(service, db_where):
    await started(service)
    await play_to_end(service)
    for call in (
        lambda: service.submit(CHANNEL, ANN, "pass"),
        lambda: service.undo(CHANNEL, ANN),
        lambda: service.resign(CHANNEL, ANN),
    ):
        await refused(db_where, GameNotActive, call)


async def test_refusals_in_a_lobby_change_nothing(service, db_where):
    await lobby(service, (ANN, BOB, CID, DOT))
    for error, call in [
        (AlreadyJoined, lambda: service.join(CHANNEL, BOB, "Bob")),
        (TableFull, lambda: service.join(CHANNEL, 9, "Zed")),
        (NotHost, lambda: service.start(CHANNEL, BOB)),
        (NotHost, lambda: service.cancel(CHANNEL, BOB)),
        (NotHost, lambda: service.move_seat(CHANNEL, BOB, BOB, 0)),
        (GameNotActive, lambda: service.submit(CHANNEL, ANN, "pass")),
        (ServiceError, lambda: service.leave(CHANNEL, 9)),
    ]:
        await refused(db_where, error, call)


async def test_a_refused_import_writes_nothing(service, db_where):
    await started(service)
    await act(service)
    data = await service.export(CHANNEL)
    bad = {**data, "moves": [*data["moves"], {"seat": 1, "move": "play 99"}]}
    await refused(db_where, RulesError, lambda: service.import_game(GUILD, CHANNEL + 1, bad, host_id=ANN))
