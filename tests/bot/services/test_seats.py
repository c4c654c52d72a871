"""Who plays a seat: resigning, the computer taking over and handing back, replacing, away."""

from __future__ import annotations

import pytest

from bot.services import AlreadyJoined, NotAllowed, NotHost, NotInGame
from bot.storage import results
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, DOT, GUILD, moves_since, play_to_end, started


async def test_resigning_hands_the_seat_to_the_computer_and_counts_no_win(service):
    await started(service, (ANN, BOB, CID))
    outcome = await service.resign(CHANNEL, ANN)  # Ann must act: the computer moves for her at once
    seat = outcome.game.seats[0]
    assert seat.state == "resigned" and seat.is_ai and seat.user_id == ANN
    played = await moves_since(service, 0)
    assert played and all(p.actor == "ai" and p.seat == 0 for p in played)
    assert 0 not in (await service.get_game(CHANNEL)).to_act
    assert await service.seat_of(CHANNEL, ANN) is None
    with pytest.raises(NotInGame):
        await service.submit(CHANNEL, ANN, "pass")
    with pytest.raises(NotAllowed):
        await service.take_back_seat(CHANNEL, ANN)
    info = await play_to_end(service)
    stats = await service.stats(GUILD, ANN)
    assert stats["played"] == 1 and stats["won"] == 0
    async with service.db.reading() as conn:
        rows = await results.results_of_game(conn, info.id)
    people = [(r.user_id, r.resigned, r.is_ai) for r in rows]
    assert people == [(ANN, True, False), (BOB, False, False), (CID, False, False)]
    assert not rows[0].won and sum(r.won for r in rows) >= 1


async def test_the_last_person_resigning_abandons_the_game(service):
    await started(service)
    await service.resign(CHANNEL, BOB)
    outcome = await service.resign(CHANNEL, ANN)
    assert outcome.game.status == "abandoned"


async def test_hand_to_the_computer_and_take_back(service):
    await started(service, (ANN, BOB, CID))
    outcome = await service.hand_to_ai(CHANNEL, BOB, 1, level=0)
    assert outcome.game.seats[1].is_ai and outcome.game.seats[1].state == "replaced"
    assert outcome.played == ()  # not Bob's turn: the computer waits
    outcome = await service.submit(CHANNEL, ANN, "pass")
    played = await moves_since(service, outcome.game.version - 1)
    assert [(p.seat, p.actor) for p in played][:2] == [(0, "player"), (1, "ai")]
    info = await service.take_back_seat(CHANNEL, BOB)
    assert not info.seats[1].is_ai and info.seats[1].state == "active"
    with pytest.raises(NotAllowed):
        await service.take_back_seat(CHANNEL, BOB)


async def test_who_may_hand_a_seat_to_the_computer(service):
    await started(service, (ANN, BOB, CID))
    with pytest.raises(NotHost):
        await service.hand_to_ai(CHANNEL, CID, 1)
    with pytest.raises(NotAllowed):
        await service.hand_to_ai(CHANNEL, ANN, 7)
    await service.hand_to_ai(CHANNEL, CID, 1, admin=True)
    with pytest.raises(NotAllowed):
        await service.hand_to_ai(CHANNEL, ANN, 1)
    await service.hand_to_ai(CHANNEL, ANN, 2)  # the host may


async def test_a_seat_offered_to_someone_changes_hands_only_when_they_take_it(service):
    await started(service, (ANN, BOB))
    with pytest.raises(NotHost):
        await service.offer_seat(CHANNEL, CID, 1, DOT)
    with pytest.raises(AlreadyJoined):
        await service.offer_seat(CHANNEL, ANN, 1, ANN)
    with pytest.raises(NotAllowed):
        await service.offer_seat(CHANNEL, ANN, 5, DOT)
    info = await service.offer_seat(CHANNEL, BOB, 1, CID)  # Bob offers his seat to Cid
    # nothing has changed at the table: Bob still plays it, and nobody new is asked to act
    assert (info.seats[1].user_id, info.seats[1].offered_to) == (BOB, CID)
    with pytest.raises(NotAllowed, match="someone else"):
        await service.claim_seat(CHANNEL, DOT, "Dot", guild_id=GUILD, seat=1)
    with pytest.raises(NotAllowed, match="another server"):
        await service.claim_seat(CHANNEL, CID, "Cid", guild_id=GUILD + 1)
    info = await service.claim_seat(CHANNEL, CID, "Cid", guild_id=GUILD)
    assert (info.seats[1].user_id, info.seats[1].name, info.seats[1].offered_to) == (CID, "Cid", None)
    with pytest.raises(NotAllowed):  # an offer is taken once
        await service.claim_seat(CHANNEL, CID, "Cid", guild_id=GUILD)
    await service.offer_seat(CHANNEL, ANN, 0, DOT)  # the host leaves: Dot hosts once he sits down
    info = await service.claim_seat(CHANNEL, DOT, "Dot", guild_id=GUILD)
    assert info.host_id == DOT and info.seats[0].user_id == DOT
    await service.submit(CHANNEL, DOT, "pass")
    assert (await service.get_game(CHANNEL)).to_act_users == (CID,)


async def test_a_newer_offer_replaces_the_older_one(service):
    await started(service, (ANN, BOB))
    await service.offer_seat(CHANNEL, ANN, 1, CID)
    await service.offer_seat(CHANNEL, ANN, 1, DOT)
    with pytest.raises(NotAllowed):
        await service.claim_seat(CHANNEL, CID, "Cid", guild_id=GUILD, seat=1)
    assert (await service.claim_seat(CHANNEL, DOT, "Dot", guild_id=GUILD, seat=1)).seats[1].user_id == DOT


async def test_a_computer_played_seat_can_be_offered_to_a_person(service):
    await started(service, (ANN, BOB))
    await service.hand_to_ai(CHANNEL, BOB, 1)
    await service.offer_seat(CHANNEL, ANN, 1, CID)
    assert (await service.get_game(CHANNEL)).seats[1].is_ai  # the computer plays on until Cid accepts
    info = await service.claim_seat(CHANNEL, CID, "Cid", guild_id=GUILD)
    assert not info.seats[1].is_ai and info.seats[1].state == "active"


async def test_away_and_back(service):
    await started(service)
    info = await service.set_away(CHANNEL, BOB, True)
    assert info.seats[1].state == "away"
    info = await service.set_away(CHANNEL, BOB, False)
    assert info.seats[1].state == "active"
    with pytest.raises(NotInGame):
        await service.set_away(CHANNEL, CID, True)
    await service.hand_to_ai(CHANNEL, BOB, 1)
    with pytest.raises(NotAllowed):
        await service.set_away(CHANNEL, BOB, True)
