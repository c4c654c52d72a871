"""A turn post built from an older position shows the game as it is when posted."""

from __future__ import annotations

from bot.play import announcer
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, started


async def test_a_turn_post_about_an_older_position_shows_the_game_as_it_is(table: Table) -> None:
    """A post built from an outcome the game has moved past (a reminder round's, a computer reply posted
    after the next person already played) pings who must act now, never who already played."""
    await started(table.service, players=(ANN, BOB))
    stale = await table.service.get_game(CHANNEL)
    first = stale.seats[stale.to_act[0]].user_id
    assert first is not None
    for _ in range(10):  # the first player's whole turn
        if first not in (await table.service.get_game(CHANNEL)).to_act_users:
            break
        legal = await table.service.legal_moves(CHANNEL, first)
        await table.run(first, "move", move=next((m for m, _ in legal if m == "pass"), legal[0][0]))
    now = await table.service.get_game(CHANNEL)
    assert now.revision != stale.revision and first not in now.to_act_users
    posted = len(table.public)
    await announcer.post_turn(table.bot, stale, extra=["A reminder round's line."])
    [post] = table.public[posted:]
    pinged = {int(u) for u in post.content.split(">")[0].removeprefix("<@").split() if u.isdigit()}
    assert f"<@{first}>" not in (post.content or "")
    assert pinged <= set(now.to_act_users)
