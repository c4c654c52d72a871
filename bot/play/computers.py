"""Telling the channel of the moves the background runner makes for computer seats
(``bot.services.runner``), through the same path as a person's move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.play import announcer, channels, posting
from bot.services import MoveOutcome

if TYPE_CHECKING:
    from bot.client import BoardGameBot


async def tell(bot: BoardGameBot, outcome: MoveOutcome) -> None:
    """Post a computer's move like a person's, then send the direct messages it calls for."""
    failure = await posting.attempt(bot, outcome.game.id, announcer.announce(bot, outcome))
    if not (failure is not None and channels.unknown_channel(failure)):  # else the game has just ended
        await announcer.notify_directly(bot, outcome)
