"""Direct messages: a courtesy that never fails what caused it, and stops when the user takes none."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import ENGLISH, translate
from bot.services import NoGameHere

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

CANNOT_DM = 50007  # Discord's JSON error code: Cannot send messages to this user


async def reader_language(bot: BoardGameBot, user_id: int) -> str:
    """The language ``user_id`` reads direct messages in (chosen, else last used, else English)."""
    return (await bot.games.languages_of([user_id]))[user_id]


def with_place(text: str, channel_id: int) -> str:
    """A notice that does not link to its game's channel itself (the turn notice does) with a mention of
    the channel after it, so a direct message always says where the game is, once."""
    return text if f"/{channel_id})" in text else f"{text}\n<#{channel_id}>"


async def send(bot: BoardGameBot, user_id: int, text: str, channel_id: int) -> bool:
    """Send ``text`` to ``user_id`` (see ``deliver``); whether it was sent."""
    return await deliver(bot, user_id, text, channel_id) == "sent"


async def deliver(
    bot: BoardGameBot, user_id: int, text: str, channel_id: int, nonce: str | None = None
) -> str:
    """Send ``text`` to ``user_id``: "sent"; "refused" when Discord refuses it for a reason a retry does not
    cure (a 4xx other than 429); "failed" when trying again later may succeed (Discord's 5xx, 429, a
    dropped connection). When Discord says they take no direct messages (50007), their setting is turned
    off, so no later notice tries again, and the game's channel (``channel_id``) hears it once.
    ``nonce``: sent with enforce_nonce, so the same message sent again within minutes is not doubled."""
    quiet = discord.AllowedMentions.none()
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        if nonce is None:
            await user.send(text, allowed_mentions=quiet)
        else:
            await user.send(text, allowed_mentions=quiet, nonce=nonce)
    except discord.HTTPException as exc:
        log.info("could not send a direct message to user %s", user_id)
        if exc.code == CANNOT_DM:
            await closed(bot, user_id, channel_id)
        return "refused" if 400 <= exc.status < 500 and exc.status != 429 else "failed"
    except Exception:  # a direct message is a courtesy: it must never fail the move that caused it
        log.exception("direct message to user %s failed", user_id)
        return "failed"
    return "sent"


async def closed(bot: BoardGameBot, user_id: int, channel_id: int) -> None:
    """Stop direct messages to ``user_id`` and say so in the game's channel, once (the setting is now off)."""
    try:
        await bot.games.update_user_settings(user_id, dms=False)
        try:  # the channel reads its game's language
            language = (await bot.games.get_game(channel_id)).language
        except NoGameHere:
            language = ENGLISH
        await bot.get_partial_messageable(channel_id).send(
            translate(language, "message.dms_closed", user=f"<@{user_id}>"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:  # the channel may be gone too (a game ended by its deletion)
        log.info("could not tell channel %s that user %s takes no direct messages", channel_id, user_id)
    except Exception:
        log.exception("could not record that user %s takes no direct messages", user_id)
