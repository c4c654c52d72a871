"""Undo under Board Game Arena's policy, and the admin's restore."""

from __future__ import annotations

import pytest

from bot.services import (
    GameNotActive,
    GameService,
    NoSuchVersion,
    NotAllowed,
    NotInGame,
    StaleVersion,
    UndoRefused,
)
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, play_to_end, started, table_rows


async def first_card(service, user):
    return (await service.view_for(CHANNEL, user))[1]["hand"][0]


async def test_the_mover_undoes_a_move_within_their_turn(service):
    await started(service)
    card = await first_card(service, ANN)
    await service.submit(CHANNEL, ANN, f"play {card}")
    undone = await service.undo(CHANNEL, ANN)
    assert undone.undone == f"play {card}" and undone.version == 0 and undone.seat == 0
    assert undone.game.version == 0 and undone.game.to_act == (0,)
    assert card in (await service.view_for(CHANNEL, ANN))[1]["hand"]
    assert await service.check_replay(undone.game.id)
    trail = await service.undone_moves(CHANNEL)
    assert [(t["version"], t["move"], t["undone_by"], t["reason"]) for t in trail] == [
        (1, f"play {card}", ANN, "undo")
    ]
    # the same move can be made again at the same version
    assert (await service.submit(CHANNEL, ANN, f"play {card}", expected_version=0)).version == 1


async def test_undo_steps_back_one_move_at_a_time(service):
    await started(service)
    hand = (await service.view_for(CHANNEL, ANN))[1]["hand"]
    await service.submit(CHANNEL, ANN, f"play {hand[0]}")
    await service.submit(CHANNEL, ANN, f"play {hand[1]}")
    assert (await service.undo(CHANNEL, ANN)).version == 1
    assert (await service.undo(CHANNEL, ANN)).version == 0
    with pytest.raises(UndoRefused, match="no move"):
        await service.undo(CHANNEL, ANN)


async def test_no_undo_of_a_move_that_revealed_a_card(service):
    await started(service)
    await service.submit(CHANNEL, ANN, "draw")
    with pytest.raises(UndoRefused, match="revealed"):
        await service.undo(CHANNEL, ANN)


async def test_no_undo_once_the_turn_has_passed(service):
    await started(service)
    await service.submit(CHANNEL, ANN, "pass")
    with pytest.raises(UndoRefused, match="ended your turn"):
        await service.undo(CHANNEL, ANN)


async def test_no_undo_of_another_players_move_or_across_it(service):
    await started(service)
    await service.submit(CHANNEL, ANN, "pass")
    card = await first_card(service, BOB)
    await service.submit(CHANNEL, BOB, f"play {card}")
    with pytest.raises(UndoRefused, match="Only the player"):
        await service.undo(CHANNEL, ANN)
    with pytest.raises(NotInGame):
        await service.undo(CHANNEL, CID)


async def test_a_simultaneous_choice_can_be_taken_back_until_someone_else_acts(service):
    await started(service, (ANN, BOB, CID))
    for user in (ANN, BOB, CID):
        await service.submit(CHANNEL, user, "pass")
    ann = await first_card(service, ANN)
    await service.submit(CHANNEL, ANN, f"bid {ann}")
    assert (await service.undo(CHANNEL, ANN)).game.to_act == (0, 1, 2)
    await service.submit(CHANNEL, ANN, f"bid {ann}")
    await service.submit(CHANNEL, BOB, f"bid {await first_card(service, BOB)}")
    with pytest.raises(UndoRefused):
        await service.undo(CHANNEL, ANN)


async def test_no_undo_of_a_move_the_computer_made_for_the_seat(service):
    await started(service, (ANN, BOB, CID))
    await service.submit(CHANNEL, ANN, "pass")
    await service.hand_to_ai(CHANNEL, BOB, 1)
    await service.take_back_seat(CHANNEL, BOB)
    with pytest.raises(UndoRefused):
        await service.undo(CHANNEL, BOB)


async def test_a_refused_undo_changes_nothing(service, db_where):
    await started(service)
    await service.submit(CHANNEL, ANN, "draw")
    before = await table_rows(db_where)
    with pytest.raises(UndoRefused):
        await service.undo(CHANNEL, ANN)
    assert await table_rows(db_where) == before


async def test_no_undo_in_a_finished_game(service):
    await started(service)
    await play_to_end(service)
    with pytest.raises(GameNotActive):
        await service.undo(CHANNEL, ANN)


async def test_restore_puts_an_earlier_position_back_for_admins_only(service):
    await started(service)
    for user in (ANN, BOB):
        await service.submit(CHANNEL, user, "draw")
        await service.submit(CHANNEL, user, "pass")
    view_at_2 = await service.view_at(CHANNEL, 2, None)
    with pytest.raises(NotAllowed):
        await service.restore(CHANNEL, 2)
    with pytest.raises(NoSuchVersion):
        await service.restore(CHANNEL, 4, admin=True)
    info = await service.restore(CHANNEL, 2, admin=True)
    assert info.version == 2 and info.to_act == (1,)
    assert (await service.view_for(CHANNEL, None))[1] == view_at_2
    trail = await service.undone_moves(CHANNEL)
    assert [(t["version"], t["reason"]) for t in trail] == [(3, "restore"), (4, "restore")]
    assert await service.check_replay(info.id)


async def test_an_old_button_from_before_an_undo_is_refused_by_revision(service):
    info = await started(service)
    hand = (await service.view_for(CHANNEL, ANN))[1]["hand"]
    shown = (await service.submit(CHANNEL, ANN, f"play {hand[0]}")).game
    await service.undo(CHANNEL, ANN)
    await service.submit(CHANNEL, ANN, f"play {hand[1]}")  # the same version as ``shown`` again
    with pytest.raises(StaleVersion):
        await service.submit(CHANNEL, ANN, "pass", expected_revision=shown.revision)
    current = await service.get_game(CHANNEL)
    assert current.version == shown.version and current.revision > shown.revision > info.revision
    assert (await service.submit(CHANNEL, ANN, "pass", expected_revision=current.revision)).version == 2


async def test_undoing_buys_no_time(service, clock):
    info = await started(service, reminder_minutes=None, deadline_minutes=60)
    clock.advance(minutes=40)
    await service.submit(CHANNEL, ANN, f"play {await first_card(service, ANN)}")
    clock.advance(minutes=10)
    undone = await service.undo(CHANNEL, ANN)
    assert undone.game.seats[0].waiting_since == info.seats[0].waiting_since
    clock.advance(minutes=10)
    assert [(i.kind, i.user_id) for i in await service.due()] == [("deadline", ANN)]


async def test_a_failed_undo_leaves_the_move_in_place(service, db_where, monkeypatch):
    from bot.storage import games as store

    await started(service)
    card = await first_card(service, ANN)
    await service.submit(CHANNEL, ANN, f"play {card}")
    before = await table_rows(db_where)

    async def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr(store, "remove_moves_after", broken)
    with pytest.raises(OSError):
        await service.undo(CHANNEL, ANN)
    monkeypatch.undo()
    assert await table_rows(db_where) == before
    assert (await service.view_for(CHANNEL, ANN))[1]["table"][0] == [card]
    assert (await service.undo(CHANNEL, ANN)).version == 0


async def test_the_last_action_of_a_great_western_trail_turn_can_be_taken_back(db, clock):
    # The turn waits for "done" (phase C draws hidden cards): the step before it is still the mover's.
    service = GameService(db, clock, new_seed=lambda: 7)
    await service.create_game(GUILD, CHANNEL, ANN, "Ann", "gwt", seat_order="join")
    await service.join(CHANNEL, BOB, "Bob")
    await service.start(CHANNEL, ANN)
    await service.submit(CHANNEL, ANN, "move E")
    money = (await service.view_for(CHANNEL, ANN))[1]["seats"][0]["money"]
    done = await service.submit(CHANNEL, ANN, "aux money")
    assert done.game.to_act == (0,)
    assert [m for m, _label in await service.legal_moves(CHANNEL, ANN)] == ["done"]
    undone = await service.undo(CHANNEL, ANN)
    assert undone.undone == "aux money" and undone.game.to_act == (0,)
    assert (await service.view_for(CHANNEL, ANN))[1]["seats"][0]["money"] == money
    await service.submit(CHANNEL, ANN, "aux money")
    ended = await service.submit(CHANNEL, ANN, "done")
    assert ended.game.to_act == (1,)
    with pytest.raises(UndoRefused):
        await service.undo(CHANNEL, ANN)
