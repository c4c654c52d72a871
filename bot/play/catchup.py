"""Telling the channel of saved moves it has not heard of (``games.announced_version`` behind
``games.version``: the store is the outbox). The moves' own announcement right after the commit tells
them as a rule; this module tells what it left: after a failed post (a dropped database connection, a
Discord outage) it tries again with growing pauses, up to a minute apart, for as long as the fault lasts
and the bot runs, so the table hears within seconds once the fault has passed, not at the next reminder
round; and at every start (``tell_all_untold``) it tells what a process that stopped between a commit and
its post left untold.

What to say is read from the game as it is then, as a reminder round's post does, so a try that comes
after a later move's post says nothing; and the pings remembered per decision (``turn_pings``) keep a
person from being pinged twice for one decision, whoever posts. At a start, the pings noted for moves not
yet told are forgotten first: the process that noted them may have stopped before posting them; the ping
posted again carries the same nonce (``live.ping_nonce``), so one that did go out is not doubled. The
turn's direct messages go with that post (``turn_dms``), so they are told again the same way; one that
failed after the channel was told is owed, and a try here sends it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

import discord

from bot.play import announcer, posting, turn_dms
from bot.play.background import Background
from bot.services import GameInfo

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

# Seconds before the first try after a failed post (it comes at once after a brief fault); each pause
# after a failed try doubles, up to CAP.
FIRST_PAUSE = 0.5
CAP = 60.0

_catching_up = Background("catch-up")  # one a game: a second would only say it again


def pauses() -> Iterator[float]:
    """The pauses before each try: 0.5, 1, 2, 4 … seconds, then a minute apart for as long as it takes."""
    return (min(FIRST_PAUSE * 2**n, CAP) for n in itertools.count())


async def pause(seconds: float) -> None:
    """Wait before the next try (the tests wait on an event instead)."""
    await asyncio.sleep(seconds)


def schedule(bot: BoardGameBot, game_id: int, *, at_once: bool = False, claimed: bool = False) -> None:
    """Tell the channel of game ``game_id``'s untold moves soon, in the background: after a pause, or
    ``at_once``. ``claimed``: the claim ``claim_untold`` took on the game is given back when done."""
    # the catch-up under way for the game, if any, tells it, whatever it is by then
    _catching_up.start(bot, game_id, lambda: _catch_up(bot, game_id, at_once, claimed))


turn_dms.when_owed = schedule  # a turn's direct message that failed is sent by the catch-up


def under_way() -> int:
    """How many catch-ups have not ended yet."""
    return _catching_up.under_way()


async def settled() -> None:
    """Wait until every catch-up scheduled so far has ended."""
    await _catching_up.settled()


async def stop(bot: BoardGameBot) -> None:
    """End ``bot``'s catch-ups (it is stopping): what they had left to tell, the next start tells."""
    await _catching_up.stop(bot)
    turn_dms.forget(bot)


async def tell_all_untold(bot: BoardGameBot) -> int:
    """At a start, once connected: tell every game's channel what it was not told of (the process
    stopped or crashed between a commit and its post), at once; of several processes sharing the
    database, the one that claims the game. Returns how many games were found untold."""
    games = await bot.games.claim_untold()
    if games:
        log.info("telling %d games' channels of moves they have not heard of", len(games))
    for game_id in games:
        try:  # a ping noted by the process that stopped may never have been posted: it is made again
            await bot.games.forget_untold_pings(game_id)
        except Exception:
            log.warning("could not forget the pings not told in game %s", game_id, exc_info=True)
        schedule(bot, game_id, at_once=True, claimed=True)
    return len(games)


async def _catch_up(bot: BoardGameBot, game_id: int, at_once: bool, claimed: bool) -> None:
    try:
        await _tries(bot, game_id, at_once)
    finally:
        if claimed and not bot.is_closed():
            try:
                await bot.games.give_back_untold(game_id)
            except Exception:  # the claim runs out by itself within a lease
                log.warning("could not give back the claim on game %s", game_id, exc_info=True)


async def _tries(bot: BoardGameBot, game_id: int, at_once: bool) -> None:
    waits = pauses()
    if at_once:
        waits = itertools.chain([0.0], waits)
    for tries, seconds in enumerate(waits):
        if seconds:
            await pause(seconds)
        if bot.is_closed():  # stopping: the next start tells it
            return
        failure = await posting.attempt(bot, game_id, tell_untold(bot, game_id))
        if failure is None:
            return
        if refused_for_good(failure):  # trying again would only be refused again
            log.warning(
                "game %s: Discord refuses the post; the next post that goes through tells it", game_id
            )
            return
        if tries == 4:  # said once, not every minute while the fault lasts
            log.warning("game %s: the channel could not be told of its latest moves yet; trying on", game_id)


def refused_for_good(failure: BaseException) -> bool:
    """Whether Discord refused the post for a reason a retry does not cure (a missing permission, a
    channel gone: a 4xx other than 429 Too Many Requests); database faults and Discord's 5xx pass."""
    return (
        isinstance(failure, discord.HTTPException) and 400 <= failure.status < 500 and failure.status != 429
    )


async def tell_untold(bot: BoardGameBot, game_id: int) -> None:
    """Post what the channel was not told of game ``game_id``: its results once it is over, else its
    turn once someone other than those who moved since is to act (a person's turn going on stays out
    of the channel, as ``announcer.announce`` keeps it)."""
    game = await bot.games.game_by_id(game_id)
    movers = await bot.games.untold_movers(game.id, game.version)
    if not movers:  # a later post has told it; a turn's direct message may still be owed
        await turn_dms.tell_owed(bot, game)
        return
    if game.status == "finished":
        await announcer.post_results(bot, game, await bot.games.final_result(game.channel_id))
    elif game.status == "active" and await choosing(bot, game, movers):
        await announcer.post_progress(bot, game)
    elif game.status == "active" and set(game.to_act) != set(movers):
        await announcer.post_turn(bot, game)


async def choosing(bot: BoardGameBot, game: GameInfo, movers: list[int]) -> bool:
    """Whether a simultaneous choice is going on: those who moved since are done, others still choose,
    and the channel already has its message of who has chosen (else the turn message tells it)."""
    done = not set(movers) & set(game.to_act)
    return done and bool(game.to_act) and await bot.games.progress_message(game.id) is not None
