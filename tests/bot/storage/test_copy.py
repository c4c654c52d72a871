"""``python -m bot copy-database``: every row into an empty database, games carried on from the copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import __main__ as main_module
from bot.services import FakeClock, GameService
from bot.services.timebank import TimeBank
from bot.storage import open_database
from bot.storage.connection import Location
from bot.storage.copy import CopyRefused, copy_database
from tests.support.databases import KINDS, fresh, table_rows
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, act, play_to_end, started


async def played(where: Location, clock: FakeClock) -> None:
    """Three games: one finished (results, statistics), one under way, one lobby; settings saved."""
    db = await open_database(where)
    service = GameService(db, clock, new_seed=lambda: 99)
    try:
        await started(service, channel=CHANNEL, options={"rounds": 1})
        await play_to_end(service, CHANNEL)
        # the running game keeps time with a bank, and Cid is on holiday: their columns are copied too
        bank = TimeBank(3 * 24 * 60, 24 * 60, 7)
        await started(service, (ANN, BOB, CID), channel=CHANNEL + 1, time_bank=bank)
        for _ in range(3):
            clock.advance(hours=1)
            await act(service, channel=CHANNEL + 1)
        await service.set_away(CHANNEL + 1, CID, True, days=2)
        await service.create_game(10, CHANNEL + 2, BOB, "Bob", "tiny", options={"rounds": 2})
        await service.update_user_settings(ANN, dms=True)
    finally:
        await service.close()
        await db.close()


async def carried_on(where: Location, clock: FakeClock) -> None:
    """The copy's games go on: the running one to its end, the lobby to a start, and a new game gets an
    id no copied game has."""
    db = await open_database(where)
    service = GameService(db, clock, new_seed=lambda: 99)
    try:
        before = await service.get_game(CHANNEL + 1)
        assert before.version == 3 and await service.check_replay(before.id)
        assert before.bank_minutes == 3 * 24 * 60 and before.seats[2].holiday_until is not None
        finished = await play_to_end(service, CHANNEL + 1)
        assert finished.status == "finished"
        await service.join(CHANNEL + 2, ANN, "Ann")
        await service.start(CHANNEL + 2, BOB)
        new = await started(service, channel=CHANNEL + 3)
        assert new.id > (await service.get_game(CHANNEL + 2)).id
        assert (await service.stats(10))["played"] == 2
        # the copied ratings go on: the second game rates on top of the first
        assert sorted(e["games"] for e in (await service.rating_board(10))[0]["people"]) == [1, 2, 2]
    finally:
        await service.close()
        await db.close()


@pytest.mark.parametrize("to", KINDS)
async def test_games_go_on_in_the_copy_and_the_copy_back(tmp_path: Path, to: str, tiny_game: None) -> None:
    clock = FakeClock()
    first = Location(path=tmp_path / "first.db")
    await played(first, clock)
    copy = await fresh(to, tmp_path / "copy") if to == "postgresql" else Location(path=tmp_path / "copy.db")
    counts = (await copy_database(first, copy)).rows
    assert (
        counts["games"] == 3
        and counts["moves"] > 3
        and counts["results"] == 2
        and counts["user_settings"] == 1
        and (counts["rated_games"], counts["ratings"], counts["rating_history"]) == (1, 4, 4)
    )
    assert await table_rows(copy) == await table_rows(first)
    back = Location(path=tmp_path / "back.db")
    await copy_database(copy, back)
    assert await table_rows(back) == await table_rows(first)
    await carried_on(copy, clock)
    await carried_on(back, clock)


async def test_a_database_holding_games_is_never_copied_into(tmp_path: Path, tiny_game: None) -> None:
    clock = FakeClock()
    first, second = Location(path=tmp_path / "a.db"), Location(path=tmp_path / "b.db")
    await played(first, clock)
    await played(second, clock)
    before = await table_rows(second)
    with pytest.raises(CopyRefused, match="already holds"):
        await copy_database(first, second)
    assert await table_rows(second) == before
    with pytest.raises(CopyRefused, match="onto itself"):
        await copy_database(first, Location(path=tmp_path / "a.db"))


def test_the_command_copies_and_says_how_much(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "live.db"
    assert main_module.main(["migrate"], env={"DATABASE_PATH": str(source)}) == 0
    assert main_module.main(["copy-database", str(source), str(tmp_path / "new.db")], env={}) == 0
    assert "copied 0 rows" in capsys.readouterr().out
    assert main_module.main(["copy-database", str(tmp_path / "none.db"), str(tmp_path / "x.db")], env={}) == 2
    assert "No database at" in capsys.readouterr().err
    assert main_module.main(["copy-database", str(source), "mysql://host/db"], env={}) == 2
    assert "DATABASE_URL must be" in capsys.readouterr().err
