"""The line that tells a damaged game's channel it is paused (``bot.services.damage``): said as soon as
the damage is found, by a move, a button, a computer turn or any read of the game while playing.

The service calls ``schedule`` when it queues a line; a task of its own says it, so the interaction that
found the damage is answered without waiting for the post. The lines queued by the start-up check are
said as the bot connects (the lifecycle cog's on_ready), and those whose post failed are put back for the
next reminder round. A line is taken from the queue once, so it is said once; of several processes only
the one whose write paused the game queues it (``Damage.paused_as_damaged``). Once said (or its channel
found gone) it is marked so in the store (``damage_told``); a line a process died owing is queued again by
the next start (which, with several processes, may say once more a line another still owes).
"""

from __future__ import annotations

import itertools
import logging
from typing import TYPE_CHECKING

import discord

from bot import pacing
from bot.play import channels
from bot.play.background import Background

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

_saying = Background("damage-lines")  # each queued batch its own task: one under way may have taken its lines
_batches = itertools.count()


def install(bot: BoardGameBot) -> None:
    """Have the service's queued lines said at once from now on."""
    if bot.games is not None:
        bot.games.damage.on_note = lambda: schedule(bot)


def schedule(bot: BoardGameBot) -> None:
    """Say the queued lines soon, in a task of their own. Before the bot is ready (the start-up check)
    nothing is started: connecting says them."""
    if bot.is_closed() or not bot.is_ready():
        return
    _saying.start(bot, next(_batches), lambda: tell(bot))


async def settled() -> None:
    """Wait until every line scheduled so far has been said (or put back)."""
    await _saying.settled()


async def stop(bot: BoardGameBot) -> None:
    """End ``bot``'s tasks (it is stopping); a line not said by then is put back."""
    await _saying.stop(bot)


async def tell(bot: BoardGameBot) -> None:
    """Say each queued line in its game's channel, in the game's language. A line that could not be said
    waits for the next reminder round, unless its channel no longer exists."""
    notes = bot.games.take_damage_notes()
    untold = list(notes)
    try:
        with pacing.background():  # nobody waits for these: people's requests go first
            for note in notes:
                try:
                    language = (await bot.games.game_by_id(note.game_id)).language
                    await bot.get_partial_messageable(note.channel_id).send(
                        note.text_in(language), allowed_mentions=discord.AllowedMentions.none()
                    )
                except Exception as exc:
                    if not channels.unknown_channel(exc):
                        log.warning("could not say in channel %s: %s (%s)", note.channel_id, note.text, exc)
                        continue
                    log.warning("channel %s is gone; nobody hears: %s", note.channel_id, note.text)
                untold.remove(note)
                await _mark_told(bot, note.game_id)
    finally:
        if untold:  # a failed post, or a stop: the next round says them
            bot.games.keep_damage_notes(untold)


async def _mark_told(bot: BoardGameBot, game_id: int) -> None:
    """Remember the line said. Should the write fail, the next start says it again: better twice than
    never."""
    try:
        await bot.games.damage_told(game_id)
    except Exception:
        log.exception("could not remember that game %s's damage line was said", game_id)
