"""A game whose stored row no longer decodes (bytes changed on disk in its ``to_act`` JSON, or a seat's
time) is kept to itself: the queries over many games (the due sweep, a player's list of games, the
running games) leave it out with a warning instead of failing for every game."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.storage.sql import run
from tests.support.fixtures import ANN, BOB, CHANNEL, started

DAMAGE = {
    "games": "UPDATE games SET to_act = '[0, ' WHERE id = :game",
    "seats": "UPDATE seats SET waiting_since = 'not a time' WHERE game_id = :game",
}


@pytest.mark.parametrize("table", sorted(DAMAGE))
async def test_a_game_whose_row_no_longer_decodes_leaves_the_others_reminded_and_listed(
    service, clock, table
):
    damaged = await started(service, reminder_minutes=60)
    other = await started(service, channel=CHANNEL + 1, reminder_minutes=60)
    async with service.db.transaction() as conn:
        await run(conn, DAMAGE[table], game=damaged.id)
    clock.advance(minutes=60)
    assert [(i.game_id, i.user_id) for i in await service.due()] == [(other.id, ANN)]
    assert [n.game_id for n in await service.run_due()] == [other.id]
    assert await service.next_due_at() == clock() + timedelta(minutes=60)  # the other's next reminder
    listed = [g.id for g in await service.games_of_user(BOB)]
    assert other.id in listed and (table == "seats" or damaged.id not in listed)
    assert other.id in [g.id for g in await service.active_games()]
