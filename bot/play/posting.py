"""Posting in a game's channel after a change was saved: the change stands whatever Discord answers.

Every public post that follows a saved change (a move, a start, a resignation, a vote, a hand-over, an
admin's fix, a reminder round) runs through ``attempt``: a failure is logged and handed back, never
raised, so the caller can tell the person who made the change, privately, that it counted and why the
channel did not hear of it. A channel that answers 404 / 10003 Unknown Channel was deleted: its game ends
(``channels.channel_gone``). The lines of a summary stay untold until a post holding them succeeds
(``announcer.post_turn``), so the next successful post carries them.

Posts of one game are made one at a time (``attempt`` holds the game's posting lock), in the order the
changes were saved: a summary reads, posts and marks its lines told without another post in between.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translate
from bot.play import channels
from bot.services import GameInfo

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

THREAD_TYPES = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)

# Discord's JSON error codes met when posting (discord-docs topics/opcodes-and-status-codes).
UNKNOWN_CHANNEL = channels.UNKNOWN_CHANNEL
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
ARCHIVED_THREAD = 50083

_locks: weakref.WeakKeyDictionary[Any, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


def game_lock(bot: BoardGameBot, game_id: int) -> asyncio.Lock:
    """The lock that keeps one game's posts in order (one per bot, as each bot has its own event loop)."""
    return _locks.setdefault(bot, {}).setdefault(game_id, asyncio.Lock())


def channel_for(bot: BoardGameBot, game: GameInfo) -> discord.PartialMessageable:
    """Where to post for ``game``: addressed by id, so an archived thread (which leaves discord.py's cache)
    costs no lookup and no extra request."""
    return bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)


def is_thread(interaction: discord.Interaction) -> bool:
    return getattr(interaction.channel, "type", None) in THREAD_TYPES


def missing_permissions(perms: discord.Permissions, *, thread: bool) -> list[str]:
    """The permissions a game's channel needs that ``perms`` lacks, by their flags ("attach_files").

    Without View Channel nothing else counts, and without Send Messages neither do Embed Links and Attach
    Files (permissions.mdx, "Implicit Permissions"): only the one to grant first is named.
    """
    send = "send_messages_in_threads" if thread else "send_messages"
    for flag in ("view_channel", send):
        if not getattr(perms, flag):
            return [flag]
    return [flag for flag in ("embed_links", "attach_files") if not getattr(perms, flag)]


def listed(flags: list[str], locale: object = None) -> str:
    """Permissions by their names in Discord's settings, in the language of ``locale``, joined as that
    language lists things ("Embed Links and Attach Files")."""
    names = [translate(locale, f"permission.{flag}") for flag in flags]
    if len(names) == 1:
        return names[0]
    separator = translate(locale, "message.list_separator")
    return translate(locale, "message.list_and", first=separator.join(names[:-1]), last=names[-1])


def missing_here(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks in the interaction's channel (Discord sends the bot's permissions with it)."""
    return missing_permissions(interaction.app_permissions, thread=is_thread(interaction))


def bot_permissions(
    bot: BoardGameBot, game: GameInfo, interaction: discord.Interaction | None = None
) -> discord.Permissions | None:
    """The bot's permissions in the game's channel: sent with an interaction, else worked out from the
    cached guild; ``None`` when neither is at hand."""
    if interaction is not None and interaction.channel_id == game.channel_id:
        return interaction.app_permissions
    guild = bot.get_guild(game.guild_id) if game.guild_id else None
    channel = guild.get_channel_or_thread(game.channel_id) if guild else None
    if guild is None or channel is None:
        return None
    return channel.permissions_for(guild.me)


async def attempt(bot: BoardGameBot, game_id: int, posting: Awaitable[Any]) -> BaseException | None:
    """Run ``posting`` in turn with the game's other posts; hand back what made it fail, if anything."""
    async with game_lock(bot, game_id):
        try:
            await posting
        except discord.HTTPException as exc:
            log.warning("could not post for game %s: %s %s %s", game_id, exc.status, exc.code, exc.text)
            if channels.unknown_channel(exc):  # deleted unseen (no CHANNEL_DELETE reached the bot)
                await channels.game_channel_gone(bot, game_id)
            return exc
        except Exception as exc:  # a bug while posting: the saved change must still stand
            log.exception("posting for game %s failed", game_id)
            return exc
    return None


def reason(failure: BaseException, missing: list[str], locale: object = None) -> str:
    """Why a post failed, in words a server manager can act on (permissions by their names in Discord's
    settings)."""
    code = failure.code if isinstance(failure, discord.HTTPException) else None
    if code == UNKNOWN_CHANNEL:
        return translate(locale, "posting.reason.gone")
    if code == ARCHIVED_THREAD:
        return translate(locale, "posting.reason.locked")
    if missing and (code in (MISSING_ACCESS, MISSING_PERMISSIONS) or not code):
        return translate(locale, "posting.reason.lacks", permissions=listed(missing, locale))
    if code == MISSING_ACCESS:
        return translate(locale, "posting.reason.no_view")
    if code == MISSING_PERMISSIONS:
        return translate(locale, "posting.reason.no_permission")
    if isinstance(failure, discord.DiscordServerError):
        return translate(locale, "posting.reason.discord_failed")
    if isinstance(failure, discord.HTTPException):
        return translate(locale, "posting.reason.refused", status=failure.status, code=failure.code)
    return translate(locale, "posting.reason.bug")


def not_posted(done: str, interaction: discord.Interaction, game: GameInfo, failure: BaseException) -> str:
    """The private sentence, in the reader's language, for the person whose change (``done``: its catalog
    message) counted although the channel did not hear of it."""
    missing = missing_here(interaction) if interaction.channel_id == game.channel_id else []
    locale = interaction.locale
    return translate(
        locale,
        "posting.not_posted",
        done=translate(locale, done),
        channel=f"<#{game.channel_id}>",
        reason=reason(failure, missing, locale),
    )
