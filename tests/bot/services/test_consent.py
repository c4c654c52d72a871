"""Nobody is seated or scored without agreeing: what an import file can and cannot do to other people."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.services import AlreadyJoined, BadImport, GameService, NotAllowed, NotHost, NotInGame
from bot.storage import results
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, DOT, GUILD, act, play_to_end, started

MALLORY, VICTIM = DOT, BOB
FORGED = CHANNEL + 50


async def forged_win(service: GameService) -> dict[str, Any]:
    """A finished game made elsewhere, rewritten so that Mallory is its winner and Victim its loser."""
    await started(service, (ANN, CID), channel=CHANNEL + 40)
    await play_to_end(service, CHANNEL + 40)
    data = await service.export(CHANNEL + 40)
    [winner] = (await service.final_result(CHANNEL + 40))["winners"]
    for player in data["players"]:
        player["user_id"], player["name"] = (
            (MALLORY, "Mallory") if player["seat"] == winner else (VICTIM, "Victim")
        )
    return data


async def statistics(service: GameService) -> tuple[Any, ...]:
    people = [await service.stats(GUILD, user) for user in (ANN, BOB, CID, DOT)]
    ratings = [await service.ratings_of(GUILD, user) for user in (ANN, BOB, CID, DOT)]
    boards = (await service.rating_board(GUILD), await service.rating_board(GUILD, everywhere=True))
    return (await service.stats(GUILD), people, await service.leaderboard(GUILD), ratings, boards)


async def test_a_forged_finished_game_changes_no_statistic(service, db):
    data = await forged_win(service)
    await started(service)  # a real game in the server, so the statistics are not empty
    await play_to_end(service)
    before = await statistics(service)
    imported = await service.import_game(GUILD, FORGED, data, host_id=MALLORY, host_name="Mallory")
    assert await statistics(service) == before
    assert imported.status == "finished" and imported.imported_moves == imported.version
    assert (await service.stats(GUILD, MALLORY))["played"] == 0
    assert (await service.stats(GUILD, VICTIM))["played"] == 1  # only the game really played here
    async with db.reading() as conn:
        assert await results.results_of_game(conn, imported.id) == []
    # it can still be looked at and replayed
    assert (await service.final_result(FORGED))["winners"]
    assert await service.check_replay(imported.id)


async def test_an_imported_game_finished_here_does_not_count_either(service):
    await started(service)
    await act(service)
    data = await service.export(CHANNEL)
    await service.abandon(CHANNEL, ANN)
    await service.import_game(GUILD, CHANNEL + 1, data, host_id=ANN, host_name="Ann")
    await service.claim_seat(CHANNEL + 1, BOB, "Bob", guild_id=GUILD)
    finished = await play_to_end(service, CHANNEL + 1)
    assert finished.status == "finished"
    assert (await service.stats(GUILD))["played"] == 0 and await service.leaderboard(GUILD) == []


async def test_an_import_naming_others_seats_and_pings_nobody_but_the_importer(service):
    await started(service, (ANN, BOB, CID))
    data = await service.export(CHANNEL)
    assert data["players"][0]["user_id"] == ANN  # the first to act
    imported = await service.import_game(GUILD, CHANNEL + 1, data, host_id=DOT, host_name="Dot")
    # Dot is not in the file: nobody sits anywhere, and nobody must act in person
    assert [s.user_id for s in imported.seats] == [None, None, None]
    assert [s.offered_to for s in imported.seats] == [ANN, BOB, CID]
    assert imported.to_act == (0,) and imported.to_act_users == ()
    assert await service.games_of_user(ANN) == [(await service.get_game(CHANNEL))]
    with pytest.raises(NotInGame):  # the seat is nobody's: nobody can move for it
        await service.submit(CHANNEL + 1, ANN, "pass")
    # neither reminders nor a deadline chase a seat nobody has taken: the game waits
    await service.update_game_timing(CHANNEL + 1, DOT, reminder_minutes=60, deadline_minutes=60)
    later = imported.updated_at + timedelta(days=30)
    assert [i for i in await service.due(later) if i.channel_id == CHANNEL + 1] == []
    assert [n for n in await service.run_due(later) if n.channel_id == CHANNEL + 1] == []
    assert (await service.get_game(CHANNEL + 1)).to_act_users == ()


async def test_only_the_named_person_takes_an_imported_seat(service, clock):
    await started(service, (ANN, BOB))
    data = await service.export(CHANNEL)
    await service.abandon(CHANNEL, ANN)
    imported = await service.import_game(GUILD, CHANNEL + 1, data, host_id=BOB, host_name="Bobby")
    # the importer is in the file: taking their own seat is their own doing
    assert (imported.seats[1].user_id, imported.seats[1].name) == (BOB, "Bobby")
    assert imported.seats[0].user_id is None and imported.seats[0].offered_to == ANN
    for stranger in (CID, BOB):  # someone else, or the importer, cannot take Ann's seat
        with pytest.raises((NotAllowed, AlreadyJoined)):
            await service.claim_seat(CHANNEL + 1, stranger, "X", guild_id=GUILD, seat=0)
    with pytest.raises(NotAllowed, match="another server"):  # a claim only ever comes from this server
        await service.claim_seat(CHANNEL + 1, ANN, "Ann", guild_id=GUILD + 1)
    clock.advance(hours=5)
    claimed = await service.claim_seat(CHANNEL + 1, ANN, "Ann", guild_id=GUILD)
    assert claimed.seats[0].user_id == ANN and claimed.seats[0].offered_to is None
    assert claimed.to_act_users == (ANN,)
    # her turn starts when she sits down, not when the file was imported
    assert claimed.seats[0].waiting_since == clock()
    await act(service, channel=CHANNEL + 1)


async def test_a_seat_for_a_missing_person_can_go_to_the_computer_and_back_to_them(service):
    await started(service, (ANN, BOB))
    data = await service.export(CHANNEL)
    await service.abandon(CHANNEL, ANN)
    await service.import_game(GUILD, CHANNEL + 1, data, host_id=BOB, host_name="Bob")
    with pytest.raises(NotHost):  # only the host decides who plays a seat nobody has taken
        await service.hand_to_ai(CHANNEL + 1, CID, 0)
    outcome = await service.hand_to_ai(CHANNEL + 1, BOB, 0)
    assert outcome.game.seats[0].is_ai and outcome.notifications == ()
    await service.runner.idle()
    assert (await service.get_game(CHANNEL + 1)).to_act_users == (BOB,)  # the computer moved for it
    claimed = await service.claim_seat(CHANNEL + 1, ANN, "Ann", guild_id=GUILD)
    assert not claimed.seats[0].is_ai and claimed.seats[0].user_id == ANN


async def test_a_file_with_a_bad_user_id_is_refused(service):
    await started(service)
    data = await service.export(CHANNEL)
    for bad in ("2", 2**64, -2, True):
        data["players"][1]["user_id"] = bad
        with pytest.raises(BadImport, match="user id"):
            await service.import_game(GUILD, CHANNEL + 1, data, host_id=ANN)
