"""Ratings kept as games end: per server and across servers, computers on their own ladder, recomputed
from the stored results to exactly the same numbers."""

from __future__ import annotations

import asyncio

from bot import __main__ as main_module
from bot.services import FakeClock, GameService, rater
from bot.storage import locks, sql
from bot.storage.db import open_database
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, NAMES, lobby, play_to_end, started


async def people(service: GameService, guild: int = GUILD, *, everywhere: bool = False) -> dict[int, tuple]:
    [board] = await service.rating_board(guild, "tiny", everywhere=everywhere)
    return {e["user_id"]: (e["rating"], e["games"]) for e in board["people"]}


async def test_a_finished_game_rates_its_players_here_and_across_servers(service):
    await started(service, (ANN, BOB))
    assert await service.rating_board(GUILD) == []  # nothing rated before a game ends
    await play_to_end(service)
    here = await people(service)
    assert set(here) == {ANN, BOB} and all(games == 1 for _, games in here.values())
    assert await people(service, everywhere=True) == here
    [ann] = await service.ratings_of(GUILD, ANN)
    assert ann["provisional"] and ann["games"] == 1 and len(ann["history"]) == 1
    assert ann["history"][0]["after"] == ann["rating"]


async def test_a_game_in_another_server_counts_across_servers_only(service):
    await started(service, (ANN, BOB))
    await play_to_end(service)
    await service.create_game(GUILD + 1, CHANNEL + 1, ANN, "Ann", "tiny", options={"rounds": 2})
    await service.join(CHANNEL + 1, BOB, NAMES[BOB])
    await service.start(CHANNEL + 1, ANN)
    await play_to_end(service, CHANNEL + 1)
    assert all(games == 1 for _, games in (await people(service)).values())
    assert all(games == 1 for _, games in (await people(service, GUILD + 1)).values())
    assert all(games == 2 for _, games in (await people(service, everywhere=True)).values())


async def test_computers_have_their_own_ladder_beside_the_people(service):
    await lobby(service, (ANN,))
    await service.add_ai(CHANNEL, ANN, level=2)
    await service.add_ai(CHANNEL, ANN, level=2)
    await service.start(CHANNEL, ANN)
    await play_to_end(service)
    [board] = await service.rating_board(GUILD)
    assert [e["user_id"] for e in board["people"]] == [ANN]
    assert [(e["level"], e["games"]) for e in board["computers"]] == [(2, 1)]  # two seats, one game
    [ann] = await service.ratings_of(GUILD, ANN)
    assert [c["level"] for c in ann["computers"]] == [2]


async def test_a_resigned_person_is_rated_last(service):
    await started(service, (ANN, BOB, CID))
    await service.resign(CHANNEL, ANN)
    await play_to_end(service)
    rated = await people(service)
    assert set(rated) == {ANN, BOB, CID}
    assert rated[ANN][0] < min(rated[BOB][0], rated[CID][0])


async def test_recomputing_gives_the_same_ratings_and_history(service, db):
    for channel in (CHANNEL, CHANNEL + 1, CHANNEL + 2):
        await started(service, (ANN, BOB, CID), channel)
        await play_to_end(service, channel)

    async def everything() -> list:
        async with db.reading() as conn:
            return [
                [dict(r) for r in await sql.rows(conn, f"SELECT * FROM {table} ORDER BY 1, 2, 3")]
                for table in ("ratings", "rating_history")
            ] + [[dict(r) for r in await sql.rows(conn, "SELECT * FROM rated_games ORDER BY 1")]]

    before = await everything()
    assert len(before[2]) == 3
    assert await rater.recompute(db) == 3
    assert await everything() == before


async def test_a_game_left_unrated_is_rated_with_the_next_one_that_ends(service, db, monkeypatch):
    async def failing(conn):  # type: ignore[no-untyped-def]
        raise RuntimeError("the database went away")

    monkeypatch.setattr(rater, "_rate_unrated", failing)
    await started(service, (ANN, BOB))
    await play_to_end(service)  # the move that ended it still counts
    assert (await service.get_game(CHANNEL)).status == "finished"
    assert await service.rating_board(GUILD) == []
    monkeypatch.undo()
    await started(service, (ANN, BOB), CHANNEL + 1)
    await play_to_end(service, CHANNEL + 1)
    assert all(games == 2 for _, games in (await people(service)).values())


def test_python_m_bot_recompute_ratings_rebuilds_them_from_the_results(tmp_path, tiny_game, capsys):
    """The command rates every finished game again: ratings wiped (or computed by other parameters)
    come back as they were."""
    path = tmp_path / "games.db"

    async def play_and_read(wipe: bool) -> list:
        db = await open_database(path)
        try:
            service = GameService(db, FakeClock(), new_seed=lambda: 7)
            if wipe:
                await started(service, (ANN, BOB, CID))
                await play_to_end(service)
                await service.close()
            async with db.reading() as conn:
                found = [dict(r) for r in await sql.rows(conn, "SELECT * FROM ratings ORDER BY player")]
            if wipe:
                async with db.transaction(locks=(locks.RATINGS,)) as conn:
                    await sql.run(conn, "UPDATE ratings SET mu = 0, sigma = 1, games = 99")
            return found
        finally:
            await db.close()

    rated = asyncio.run(play_and_read(wipe=True))
    assert len(rated) == 2 * 3  # in the server and across servers
    assert main_module.main(["recompute-ratings"], env={"DATABASE_PATH": str(path)}) == 0
    assert "rated 1 finished games" in capsys.readouterr().out
    assert asyncio.run(play_and_read(wipe=False)) == rated


async def test_a_game_left_unrated_is_rated_by_the_next_one_even_days_later_as_a_recompute_would(
    service, db, clock, monkeypatch
):
    """The next rating looks back a week from the newest game rated, which is never after the one left
    unrated: however long until another game ends, it is found, and rated in its place."""
    real = rater._rate_unrated

    async def failing(conn):  # type: ignore[no-untyped-def]
        raise RuntimeError("the database went away")

    await started(service, (ANN, BOB))
    await play_to_end(service)
    monkeypatch.setattr(rater, "_rate_unrated", failing)
    await started(service, (ANN, BOB, CID), CHANNEL + 1)
    await play_to_end(service, CHANNEL + 1)
    monkeypatch.setattr(rater, "_rate_unrated", real)
    clock.advance(days=30)
    await started(service, (ANN, BOB), CHANNEL + 2)
    await play_to_end(service, CHANNEL + 2)
    rated = await people(service)
    assert (rated[ANN][1], rated[BOB][1], rated[CID][1]) == (3, 3, 1)
    assert await rater.recompute(db) == 3
    assert await people(service) == rated
