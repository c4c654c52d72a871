"""A game whose stored rows are damaged: its state is rebuilt from the seed and the move log, or, when the
log cannot rebuild it, the game is paused with one line for its channel; the other games go on."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.services import FakeClock, GameDamaged, GameService
from bot.storage.sql import rows, run
from tests.support.fixtures import BOB, CHANNEL, GUILD, act, started

OTHER = 102


@pytest.fixture
async def restarted(service: GameService, clock: FakeClock) -> AsyncIterator[GameService]:
    """A second service over the same database, as after a restart: nothing of the first one's memory."""
    games = GameService(service.db, clock)
    yield games
    await games.close()


async def two_games_played(service: GameService) -> tuple[int, int]:
    """Two running games, two moves into each: the first in CHANNEL, the other in OTHER."""
    first = await started(service)
    other = await started(service, channel=OTHER)
    for channel in (CHANNEL, OTHER, CHANNEL, OTHER):
        await act(service, channel=channel)
    return first.id, other.id


async def damage(service: GameService, sql: str, **params: object) -> None:
    async with service.db.transaction() as conn:
        await run(conn, sql, **params)


async def damage_state(service: GameService, game_id: int, text: str = '{"round": 99}') -> None:
    """Bytes of the stored state changed on disk: its checksum is left as it was."""
    await damage(service, "UPDATE snapshots SET state = :text WHERE game_id = :id", text=text, id=game_id)


async def break_log(service: GameService, game_id: int) -> None:
    await damage(service, "DELETE FROM moves WHERE game_id = :id AND version = 1", id=game_id)


@pytest.mark.parametrize("text", ['{"round": 99}', "{not json", ""])
async def test_a_state_that_fails_its_checksum_is_rebuilt_from_the_log_at_start(service, restarted, text):
    game_id, other_id = await two_games_played(service)
    await damage_state(service, game_id, text)
    assert not await restarted.check_replay(game_id)
    report = await restarted.check_states()
    assert (report.checked, report.rebuilt, report.paused) == (2, [game_id], [])
    assert await restarted.check_replay(game_id) and await restarted.check_replay(other_id)
    assert restarted.take_damage_notes() == []  # nothing to tell: the game is whole again
    assert (await act(restarted)).version == 3  # and plays on


@pytest.mark.parametrize("text", ['{"round": 99}', "{not json"])
async def test_a_damaged_state_met_while_playing_is_rebuilt_from_the_log(service, restarted, text):
    game_id, _ = await two_games_played(service)
    await damage_state(service, game_id, text)
    assert (await act(restarted)).version == 3  # not "something went wrong"
    assert await restarted.check_replay(game_id)  # the move's write stored a sound state again


async def test_a_state_that_is_not_text_met_while_playing_is_rebuilt_from_the_log(
    service, restarted, db_kind
):
    if db_kind != "sqlite":
        pytest.skip("only SQLite stores bytes that are not UTF-8 in a text column")
    game_id, _ = await two_games_played(service)
    await damage(
        service, "UPDATE snapshots SET state = CAST(X'7B22FF' AS TEXT) WHERE game_id = :id", id=game_id
    )
    assert (await act(restarted)).version == 3
    assert await restarted.check_replay(game_id)


async def test_a_sound_database_is_checked_and_left_alone(service, restarted):
    await two_games_played(service)
    report = await restarted.check_states()
    assert (report.checked, report.rebuilt, report.paused) == (2, [], [])


async def test_a_damaged_state_whose_log_is_broken_pauses_only_its_game_with_one_line(service, restarted):
    game_id, other_id = await two_games_played(service)
    await damage_state(service, game_id)
    await break_log(service, game_id)
    report = await restarted.check_states()
    assert (report.rebuilt, report.paused) == ([], [game_id])
    notes = restarted.take_damage_notes()
    assert [(n.kind, n.game_id, n.channel_id, n.user_id) for n in notes] == [
        ("damaged", game_id, CHANNEL, None)
    ]
    assert "python -m bot backup" in notes[0].text and "damaged" in notes[0].text
    assert restarted.take_damage_notes() == []  # told once
    await restarted.damage_told(game_id)  # as the client marks it once posted
    game = await restarted.game_by_id(game_id)
    assert game.paused
    with pytest.raises(GameDamaged, match="damaged"):
        await act(restarted)
    assert (await act(restarted, channel=OTHER)).version == 3  # the other game goes on
    assert await restarted.check_replay(other_id)
    # the bot coming back to the server does not resume it, and a later start says nothing again
    assert await restarted.guild_back(GUILD) == []
    assert (await restarted.check_states()).paused == []
    assert restarted.take_damage_notes() == []
    assert (await restarted.game_by_id(game_id)).paused


async def test_a_broken_log_met_while_playing_pauses_the_game(service, restarted):
    game_id, _ = await two_games_played(service)
    await damage_state(service, game_id, "{not json")
    # the log's last move no longer one the engine knows (the log refuses changes: it is taken out and
    # written again as damage would leave it)
    await damage(service, "DELETE FROM moves WHERE game_id = :id AND version = 2", id=game_id)
    await damage(
        service,
        "INSERT INTO moves (game_id, version, seat, move, events, played_at)"
        " VALUES (:id, 2, 1, 'no such move', '[]', '2026-01-01T00:00:00+00:00')",
        id=game_id,
    )
    heard: list[int] = []
    restarted.damage.on_note = lambda: heard.append(len(restarted.damage.notes))
    with pytest.raises(GameDamaged, match="damaged"):
        await act(restarted)
    assert (await restarted.game_by_id(game_id)).paused
    # one line for its channel, which the client hears of at once (``on_note``) and says
    assert heard == [1]
    notes = restarted.take_damage_notes()
    assert [(n.kind, n.game_id) for n in notes] == [("damaged", game_id)]
    restarted.keep_damage_notes(notes)  # its post failed: the next taker says it
    assert restarted.take_damage_notes() == notes
    with pytest.raises(GameDamaged):  # every later move is told the same, and nothing changes
        await restarted.submit(CHANNEL, BOB, "pass")
    assert (await restarted.game_by_id(game_id)).version == 2
    assert restarted.take_damage_notes() == [] and heard == [1]  # said once


async def test_two_processes_finding_the_same_damage_say_it_once(service, restarted, clock):
    """One pauses the game and says its line; the other, starting once it was said, says nothing. (Two
    starting before either has said it would both say it: the store is the only outbox.)"""
    game_id, _ = await two_games_played(service)
    await damage_state(service, game_id)
    await break_log(service, game_id)
    other = GameService(service.db, clock)  # a second process
    try:
        first = await restarted.check_states()
        notes = restarted.take_damage_notes()
        await restarted.damage_told(game_id)
        second = await other.check_states()
        notes += other.take_damage_notes()
    finally:
        await other.close()
    assert [first.paused, second.paused] == [[game_id], []]
    assert [n.game_id for n in notes] == [game_id]


async def next_start(service: GameService, clock: FakeClock) -> list[int]:
    """A process started over the same database: the games whose line its start-up check queues, which
    its client says and marks said."""
    games = GameService(service.db, clock)
    try:
        await games.check_states()
        notes = games.take_damage_notes()
        for note in notes:
            await games.damage_told(note.game_id)
    finally:
        await games.close()
    return [n.game_id for n in notes]


async def test_a_line_lost_with_its_process_is_said_at_the_next_start_once(service, restarted, clock):
    """The process paused the game and queued its line, then died before posting it: the store still
    owes it, so the next start says it, and a third start says nothing."""
    game_id, other_id = await two_games_played(service)
    await damage_state(service, game_id)
    await break_log(service, game_id)
    assert (await restarted.check_states()).paused == [game_id]
    assert [n.game_id for n in restarted.take_damage_notes()] == [game_id]  # taken, never posted
    assert await next_start(service, clock) == [game_id]
    assert await next_start(service, clock) == []
    async with service.db.reading() as conn:
        told = await rows(conn, "SELECT id, damage_told_at FROM games ORDER BY id")
    assert [(r["id"], r["damage_told_at"] is not None) for r in told] == [(game_id, True), (other_id, False)]


async def test_a_game_marked_damaged_in_the_store_is_told_at_the_next_start(service, clock):
    """Only the pause reached the store (its line lived in a process now gone): said at the next start,
    in its channel, once; a finished game paused so owes its channel nothing."""
    game_id, other_id = await two_games_played(service)
    await damage(service, "UPDATE games SET damaged = 'broken', paused_at = '2026-01-01T00:00:00+00:00'")
    await damage(service, "UPDATE games SET status = 'finished' WHERE id = :id", id=other_id)
    games = GameService(service.db, clock)
    try:
        await games.check_states()
        notes = games.take_damage_notes()
    finally:
        await games.close()
    assert [(n.kind, n.game_id, n.channel_id, n.user_id) for n in notes] == [
        ("damaged", game_id, CHANNEL, None)
    ]
    assert await next_start(service, clock) == [game_id]  # the first was never marked said
    assert await next_start(service, clock) == []


async def test_a_move_log_that_cannot_be_read_pauses_the_game_with_its_line(service, restarted, db_kind):
    if db_kind != "sqlite":
        pytest.skip("only SQLite stores bytes that are not UTF-8 in a text column")
    game_id, _ = await two_games_played(service)
    await damage_state(service, game_id)
    await damage(service, "DELETE FROM moves WHERE game_id = :id AND version = 2", id=game_id)
    await damage(
        service,
        "INSERT INTO moves (game_id, version, seat, move, events, played_at)"
        " VALUES (:id, 2, 1, CAST(X'FF' AS TEXT), '[]', '2026-01-01T00:00:00+00:00')",
        id=game_id,
    )
    assert (await restarted.check_states()).paused == [game_id]
    assert [n.game_id for n in restarted.take_damage_notes()] == [game_id]


async def replace_move(service: GameService, game_id: int, version: int, *, checksum: bool) -> None:
    """Move ``version``'s text changed on disk into another move that still plays (the log refuses
    changes: it is taken out and written again), its stored checksum kept (or absent, as before
    checksums)."""
    async with service.db.reading() as conn:
        found = await rows(
            conn, "SELECT * FROM moves WHERE game_id = :id AND version = :v", id=game_id, v=version
        )
    row = found[0]
    assert row["checksum"] is not None  # written with the move
    other = "draw" if row["move"] == "pass" else "pass"
    await damage(service, "DELETE FROM moves WHERE game_id = :id AND version = :v", id=game_id, v=version)
    await damage(
        service,
        "INSERT INTO moves (game_id, version, seat, move, events, played_at, checksum)"
        " VALUES (:id, :v, :seat, :move, '[]', '2026-01-01T00:00:00+00:00', :checksum)",
        id=game_id,
        v=version,
        seat=row["seat"],
        move=other,
        checksum=row["checksum"] if checksum else None,
    )


async def test_a_move_that_fails_its_checksum_breaks_the_log_and_pauses_its_game(service, restarted, caplog):
    game_id, other_id = await two_games_played(service)
    await damage_state(service, game_id)
    await replace_move(service, game_id, 2, checksum=True)
    assert await restarted.check_replay(other_id)
    report = await restarted.check_states()
    assert (report.rebuilt, report.paused) == ([], [game_id])  # not rebuilt into a position that never was
    assert [n.game_id for n in restarted.take_damage_notes()] == [game_id]
    assert (await restarted.game_by_id(game_id)).damaged
    assert "its move 2 does not match its checksum" in caplog.text
    assert (await act(restarted, channel=OTHER)).version == 3  # the other game goes on


async def test_a_damaged_move_met_while_playing_pauses_the_game(service, restarted):
    game_id, _ = await two_games_played(service)
    await damage_state(service, game_id, "{not json")
    await replace_move(service, game_id, 1, checksum=True)
    with pytest.raises(GameDamaged, match="damaged"):
        await act(restarted)
    assert (await restarted.game_by_id(game_id)).paused
    assert [n.game_id for n in restarted.take_damage_notes()] == [game_id]


async def test_a_move_stored_before_checksums_is_trusted(service, restarted):
    game_id, _ = await two_games_played(service)
    await damage_state(service, game_id)
    await replace_move(service, game_id, 2, checksum=False)
    assert (await restarted.check_states()).rebuilt == [game_id]
