"""A post after a saved change answered 404 / 10003 Unknown Channel: the channel was deleted unseen."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord

from bot.play import announcer
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, started


def unknown_channel() -> discord.NotFound:
    return discord.NotFound(
        MagicMock(status=404, reason="Not Found"), {"code": 10003, "message": "Unknown Channel"}
    )


async def test_a_move_whose_announcement_finds_the_channel_deleted_ends_the_game(table: Table) -> None:
    game = await started(table.service, options={"rounds": 2})
    await table.service.update_user_settings(ANN, dms=True)
    await table.service.update_user_settings(BOB, dms=True)
    await announcer.post_turn(table.bot, game, [])
    table.bot.get_channel(CHANNEL).send = AsyncMock(side_effect=unknown_channel())
    moved = await table.run(ANN, "move", move="pass")
    assert any(
        "no longer exists, so its game has ended" in (r.content or "") and r.ephemeral for r in moved.replies
    )
    assert (await table.service.get_game(CHANNEL)).status == "abandoned"
    assert any("deleted" in (dm.content or "") for dm in table.stage.dms.get(ANN, []))
    assert not any("your turn" in (dm.content or "") for dm in table.stage.dms.get(BOB, []))


async def test_a_turn_message_after_a_deadline_that_finds_the_channel_deleted_ends_the_game(
    table: Table,
) -> None:
    await started(table.service, options={"rounds": 2})
    table.bot.get_channel(CHANNEL).send = AsyncMock(side_effect=unknown_channel())
    await announcer.deliver_notifications(table.bot, [], post_turn_in={CHANNEL})
    assert (await table.service.get_game(CHANNEL)).status == "abandoned"
