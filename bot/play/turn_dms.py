"""The direct message saying a person's turn has come, for those who asked for them (/notify dm).

It goes with the post that tells the channel of the turn, after that post and before the game counts as
told (``announced_version``), once per decision (``turn_dms``, reserved before it is sent, given back if it
could not be): a process that stops between the post and the message leaves the move untold, so the next
start's catch-up tells it again (the message carries a nonce: one already sent is not doubled). One that
fails for a reason that passes (Discord's 5xx, a dropped connection) is owed: the catch-up sends it with
its growing pauses while the fault lasts. A refusal that a retry does not cure is not retried (DMs closed
turn the person's setting off and tell the channel, as ``dms.send`` does).

It says what /mygames says of the game (``everywhere.game_line``: the game linking to its live board, the
server, since when it waits, the time left when there is a deadline), then what the turn asks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.i18n import translate
from bot.play import delivery, dms, everywhere, live
from bot.play.reads import Reads
from bot.services import GameInfo, wording
from bot.services.notices import your_turn
from bot.ui import presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

# What has the catch-up send an owed message: ``catchup.schedule``, set by that module (which tells
# through the announcer, which calls this one: it cannot be imported here).
when_owed: Callable[[BoardGameBot, int], None] | None = None
# (bot, game id) -> the version whose turn messages could not be sent yet (the catch-up sends them)
_owed: dict[tuple[int, int], int] = {}


class NotSent(Exception):
    """A turn's direct message failed for a reason that may pass: the catch-up tries again."""


async def tell(
    bot: BoardGameBot, game: GameInfo, view: dict[str, Any] | None = None, board_id: int | None = None
) -> bool:
    """See ``_tell``; a failure of its own (the database's) never fails the post that tells the turn:
    the messages are then owed."""
    try:
        return await _tell(bot, game, view, board_id)
    except Exception:
        log.warning("could not send the turn messages of game %s yet", game.id, exc_info=True)
        _owe(bot, game)
        return False


async def _tell(bot: BoardGameBot, game: GameInfo, view: dict[str, Any] | None, board_id: int | None) -> bool:
    """Send the turn message to each person who must act in ``game`` and takes direct messages, unless
    told of this decision already (or their private answer shows it). ``view``: the spectators' view of
    ``game`` (read when None); ``board_id``: the message showing the turn (the live board, or the turn
    message). Returns whether every message due went out or was refused for good; when one failed for a
    reason that passes it is owed to the catch-up."""
    key = (id(bot), game.id)
    if game.status != "active" or game.paused:
        _owed.pop(key, None)
        return True
    people = [
        (seat, user)
        for seat, user in delivery.human_seats(game, game.to_act)
        if not live.shown_privately(bot, game.id, user) and (await bot.games.user_settings(user)).dms
    ]
    if not people:
        _owed.pop(key, None)
        return True
    if view is None:
        view = await Reads(bot.games, None).view_at(game.id, game.channel_id, game.version)
    fresh = await bot.games.reserve_pings(game.id, game.version, people, by="dm")
    failed: list[tuple[int, int]] = []
    for seat, user in fresh:
        nonce = live.ping_nonce(game, "dm", [(seat, user)])
        try:
            text = await words(bot, game, user, view, board_id)
            sent = await dms.deliver(bot, user, text, game.channel_id, nonce)
        except Exception:  # reading the reader's language failed (the database): owed like a failed send
            log.warning("could not word a turn message of game %s", game.id, exc_info=True)
            sent = "failed"
        if sent == "failed":
            failed.append((seat, user))
    if not failed:
        _owed.pop(key, None)
        return True
    try:
        await bot.games.unreserve_pings(game.id, game.version, failed, by="dm")
    except Exception:  # the database failing too: better no message for this decision than two
        log.warning("could not forget the direct messages not sent in game %s", game.id)
        _owed.pop(key, None)
        return True
    _owe(bot, game)
    return False


def _owe(bot: BoardGameBot, game: GameInfo) -> None:
    _owed[(id(bot), game.id)] = game.version
    if when_owed is not None:
        when_owed(bot, game.id)


async def tell_owed(bot: BoardGameBot, game: GameInfo) -> None:
    """Send the turn messages of ``game`` that failed earlier, if its turn is still the one they told of
    (else the later post sent its own); ``NotSent`` while they still fail."""
    key = (id(bot), game.id)
    version = _owed.get(key)
    if version is None:
        return
    if version != game.version:
        _owed.pop(key, None)
        return
    board = (await bot.games.live_board_messages([game.id])).get(game.id)
    if board is None and game.id in bot.turn_messages:  # a message per turn: the latest one
        board = bot.turn_messages[game.id][1].id
    if not await tell(bot, game, None, board):
        raise NotSent(f"a turn message of game {game.id} could not be sent yet")


def forget(bot: BoardGameBot) -> None:
    """The bot stops: what it owed, the next start does not know of (the channel was told)."""
    for key in [k for k in _owed if k[0] == id(bot)]:
        _owed.pop(key, None)


async def words(
    bot: BoardGameBot, game: GameInfo, user_id: int, view: dict[str, Any], board_id: int | None
) -> str:
    """The message in the reader's language: the game's line of /mygames, then what the turn asks."""
    language = await dms.reader_language(bot, user_id)
    guild = bot.get_guild(game.guild_id or 0)
    server = presenters.safe(guild.name) if guild is not None else "?"
    line = everywhere.game_line(game, user_id, server, board_id, language)
    asked = your_turn(game, view)[1].get("asked")
    if not asked:
        return presenters.clip(line, 2000)
    if isinstance(asked, dict) and wording.has_facts(asked):  # the engine's facts, worded for the reader
        asked = wording.say(language, asked, {})
    return presenters.clip(f"{line}\n{translate(language, 'message.turn_dm.asked', asked=asked)}", 2000)
