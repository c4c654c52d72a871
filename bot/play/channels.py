"""Games whose channel, thread or server went away: ending or pausing them and telling the players.

Any post may find its channel gone (404 / 10003 Unknown Channel) even when no CHANNEL_DELETE arrived:
Discord sends none for archived threads of a deleted channel, nor while the bot was not running or out of
the server. ``posting.attempt``, which every post for a game goes through, then calls
``game_channel_gone``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.play import dms
from bot.services import Notification

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003  # Discord's JSON error code for a channel (or thread) that does not exist


def unknown_channel(error: BaseException) -> bool:
    """Whether Discord answered that the channel does not exist (deleted)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def thread_parent(interaction: discord.Interaction) -> int | None:
    """The channel a thread belongs to, when the interaction comes from a thread (its game ends with it)."""
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else None


async def channel_gone(bot: BoardGameBot, channel_id: int) -> None:
    """The channel or thread no longer exists: its games (and its threads' games) end without a result,
    and the players who take direct messages are told."""
    notes = await bot.games.channel_gone(channel_id)
    for game_id in {n.game_id for n in notes}:
        bot.turn_messages.pop(game_id, None)
    await tell_privately(bot, notes, link=False)
    if notes:
        log.info("channel %s is gone: ended %d game(s)", channel_id, len({n.game_id for n in notes}))


async def game_channel_gone(bot: BoardGameBot, game_id: int) -> None:
    """A post for the game answered 404 / 10003: its channel or thread was deleted unseen."""
    await channel_gone(bot, (await bot.games.game_by_id(game_id)).channel_id)


async def guild_left(bot: BoardGameBot, guild: discord.Guild) -> None:
    """The bot is no longer in ``guild`` (removed, not an outage): pause its games, tell the players."""
    notes = await bot.games.guild_left(guild.id)
    await tell_privately(bot, notes, server=guild.name, link=False)


async def guild_back(bot: BoardGameBot, guild: discord.Guild) -> None:
    """The bot is in ``guild``: resume the games paused there; say so in their channels and privately.

    A channel deleted while the bot was away answers 404 / 10003, which ends its game."""
    notes = await bot.games.guild_back(guild.id)
    gone: set[int] = set()
    for note in notes:
        if note.user_id is not None:
            continue
        try:
            language = (await bot.games.game_by_id(note.game_id)).language
            await bot.get_partial_messageable(note.channel_id, guild_id=guild.id).send(
                note.text_in(language), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            if unknown_channel(error):
                gone.add(note.game_id)
                await channel_gone(bot, note.channel_id)
            else:
                log.warning("could not say in channel %s that its game resumed", note.channel_id)
    await tell_privately(bot, [n for n in notes if n.game_id not in gone], server=guild.name)


async def tell_privately(
    bot: BoardGameBot, notes: Sequence[Notification], *, server: str | None = None, link: bool = True
) -> None:
    """Direct messages for the people among ``notes`` who take them (the ``dms`` setting), naming the
    server when known and linking the game's channel when it still exists (``link``)."""
    for note in notes:
        if note.user_id is None or not note.dm:
            continue
        place = server
        if place is None:
            guild_id = (await bot.games.game_by_id(note.game_id)).guild_id
            guild = bot.get_guild(guild_id) if guild_id is not None else None
            place = guild.name if guild is not None else None
        said = note.text_in(await dms.reader_language(bot, note.user_id))
        text = f"**{place}**: {said}" if place else said
        if link:
            text += f"\n<#{note.channel_id}>"
        await dms.send(bot, note.user_id, text, note.channel_id)
