"""The tables' own guarantees: one move per version, an append-only log, one open game per channel."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.storage import games as store
from bot.storage import sql
from bot.storage.records import MoveRow, SeatRow, Snapshot, to_time
from bot.storage.sql import IntegrityError

NOW = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)


async def new_game(db, channel: int = 100, status: str = "active") -> int:  # type: ignore[no-untyped-def]
    async with db.transaction() as conn:
        game_id = await store.insert_game(
            conn,
            guild_id=1,
            channel_id=channel,
            host_id=5,
            rules_id="tiny",
            options={"b": 1, "a": 2},
            seed=9,
            now=NOW,
            status=status,
        )
        await store.insert_seat(conn, SeatRow(game_id, 0, 5, "Ann", False, None, "active", NOW))
    return game_id


def move(game_id: int, version: int, text: str = "pass") -> MoveRow:
    return MoveRow(
        game_id, version, 0, 5, text, [{"type": "pass", "text": "x", "private_to": None}], "player", NOW
    )


async def test_rows_round_trip(db):
    game_id = await new_game(db)
    async with db.reading() as conn:
        game = await store.game_by_id(conn, game_id)
        seats = await store.seats_of(conn, game_id)
    assert game is not None and game.options == {"a": 2, "b": 1} and game.created_at == NOW
    assert game.to_act == () and game.version == 0 and game.status == "active"
    assert seats == [SeatRow(game_id, 0, 5, "Ann", False, None, "active", NOW)]


async def test_one_move_per_version(db):
    game_id = await new_game(db)
    async with db.transaction() as conn:
        await store.append_move(conn, move(game_id, 1))
    with pytest.raises(IntegrityError):
        async with db.transaction() as conn:
            await store.append_move(conn, move(game_id, 1, "draw"))
    async with db.reading() as conn:
        assert [m.move for m in await store.moves_of(conn, game_id)] == ["pass"]


async def test_the_log_is_append_only(db):
    game_id = await new_game(db)
    async with db.transaction() as conn:
        await store.append_move(conn, move(game_id, 1))
    with pytest.raises(IntegrityError, match="append-only"):
        async with db.transaction() as conn:
            await conn.exec_driver_sql("UPDATE moves SET move = 'draw'")


async def test_one_open_game_per_channel(db):
    await new_game(db, status="lobby")
    with pytest.raises(IntegrityError):
        await new_game(db)
    await new_game(db, channel=101)
    async with db.transaction() as conn:
        await conn.exec_driver_sql("UPDATE games SET status = 'finished' WHERE channel_id = 100")
    await new_game(db)  # a finished game does not hold the channel
    async with db.reading() as conn:
        latest = await store.latest_game_in_channel(conn, 100)
        assert latest is not None and latest.status == "active"


class MovedOn(Exception):
    pass


async def test_the_version_moves_only_from_where_the_writer_saw_it(db):
    game_id = await new_game(db)
    async with db.transaction() as conn:
        await store.set_version(conn, game_id, expected=0, revision=0, new=1, refused=MovedOn(), to_act=(1,))
        await store.set_version(conn, game_id, expected=1, revision=1, new=0, refused=MovedOn())  # an undo
    for expected, revision in ((0, 0), (1, 1), (0, 1)):  # before the move, before the undo, both
        with pytest.raises(MovedOn):
            async with db.transaction() as conn:
                await store.set_version(
                    conn, game_id, expected=expected, revision=revision, new=5, refused=MovedOn(), to_act=(0,)
                )
    async with db.reading() as conn:
        game = await store.game_by_id(conn, game_id)
    assert game is not None and (game.version, game.revision, game.to_act) == (0, 2, (1,))


async def test_taking_moves_back_keeps_them_in_the_audit_trail(db):
    game_id = await new_game(db)
    async with db.transaction() as conn:
        for version in (1, 2, 3):
            await store.append_move(conn, move(game_id, version, f"m{version}"))
        removed = await store.remove_moves_after(conn, game_id, 1, now=NOW, by_user=5, reason="undo")
    assert [m.move for m in removed] == ["m2", "m3"]
    async with db.reading() as conn:
        assert [m.version for m in await store.moves_of(conn, game_id)] == [1]
        trail = await store.undone_moves_of(conn, game_id)
    assert [(t["version"], t["move"], t["reason"]) for t in trail] == [(2, "m2", "undo"), (3, "m3", "undo")]


async def test_deleting_a_game_deletes_what_belongs_to_it(db):
    game_id = await new_game(db)
    async with db.transaction() as conn:
        await store.append_move(conn, move(game_id, 1))
        await store.save_snapshot(conn, game_id, Snapshot(1, 1, {"x": 1}))
        await sql.run(conn, "DELETE FROM games WHERE id = :game", game=game_id)
        left = await sql.value(
            conn,
            "SELECT (SELECT COUNT(*) FROM moves) + (SELECT COUNT(*) FROM seats)"
            " + (SELECT COUNT(*) FROM snapshots)",
        )
        assert left == 0


async def test_a_move_for_a_missing_game_is_refused(db):
    with pytest.raises(IntegrityError):
        async with db.transaction() as conn:
            await store.append_move(conn, move(999, 1))


async def test_unknown_columns_and_naive_times_are_refused(db):
    game_id = await new_game(db)
    with pytest.raises(ValueError):
        async with db.transaction() as conn:
            await store.update_game(conn, game_id, seed=4)
    with pytest.raises(ValueError):
        to_time(datetime(2026, 1, 1))


async def test_a_failed_transaction_leaves_nothing_behind(db):
    game_id = await new_game(db)
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await store.append_move(conn, move(game_id, 1))
            raise RuntimeError("crash in the middle")
    async with db.reading() as conn:
        assert await store.moves_of(conn, game_id) == []
    assert to_time(NOW) == "2026-03-01T09:30:00+00:00"
