"""Telling the channel of a saved move whose own announcement never went out, because a step between the
commit and the post failed (a dropped database connection, say): a few tries with growing pauses, so the
table hears within seconds once the fault has passed, not at the next reminder round.

What to say is read from the game as it is then (``announced_version``: the moves the channel has not been
told of yet), as a reminder round's post does, so a try that comes after a later move's post says nothing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.play import announcer, posting

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

# Seconds before each try: the first comes at once after a brief fault, the last some 15 s after it.
PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)

_running: set[asyncio.Task[None]] = set()  # kept until done (the event loop holds tasks only weakly)


async def pause(seconds: float) -> None:
    """Wait before the next try (the tests wait on an event instead)."""
    await asyncio.sleep(seconds)


def schedule(bot: BoardGameBot, game_id: int) -> None:
    """Tell the channel of game ``game_id``'s untold moves soon, in the background."""
    task = asyncio.get_running_loop().create_task(_catch_up(bot, game_id), name=f"catch-up-{game_id}")
    _running.add(task)
    task.add_done_callback(_running.discard)


async def settled() -> None:
    """Wait until every catch-up scheduled so far has ended."""
    while _running:
        await asyncio.gather(*_running, return_exceptions=True)


async def _catch_up(bot: BoardGameBot, game_id: int) -> None:
    for seconds in PAUSES:
        await pause(seconds)
        if bot.is_closed():  # stopping: the next post that goes through tells it
            return
        if await posting.attempt(bot, game_id, tell_untold(bot, game_id)) is None:
            return
    log.warning(
        "game %s: the channel could not be told of its latest moves; the next post that goes through will",
        game_id,
    )


async def tell_untold(bot: BoardGameBot, game_id: int) -> None:
    """Post what the channel was not told of game ``game_id``: its results once it is over, else its
    turn once someone other than those who moved since is to act (a person's turn going on stays out
    of the channel, as ``announcer.announce`` keeps it)."""
    game = await bot.games.game_by_id(game_id)
    movers = await bot.games.untold_movers(game.id, game.version)
    if not movers:
        return  # a later post has told it
    if game.status == "finished":
        await announcer.post_results(bot, game, await bot.games.final_result(game.channel_id))
    elif game.status == "active" and set(game.to_act) != set(movers):
        await announcer.post_turn(bot, game)
