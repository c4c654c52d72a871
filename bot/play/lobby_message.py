"""The lobby's one message: the table as it fills (players, options, the Join button), edited in place at
each change instead of posted again, and told when the game starts or is called off, when it gives up its
Join button. Its id is kept in the database (``remember_lobby_message``), so a restart edits the same
message; a lobby whose message was deleted gets a new one."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translate
from bot.play import delivery, posting
from bot.play.context import context
from bot.services import GameInfo
from bot.ui import pickers, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)
DONE = "posting.done.done"  # what a failed lobby post tells the user: their change was done


async def open_lobby(interaction: discord.Interaction, game: GameInfo, host: str) -> None:
    """Post the new lobby of ``game``, opened by ``host``: who opened which game, the table, Join."""
    text = translate(game.language, "message.lobby.opened", host=host, title=game.title)
    await delivery.publish(interaction, game, _post(interaction, game, _lobby(game, text)), done=DONE)


async def tell(interaction: discord.Interaction, game: GameInfo, news: str, *, done: str = DONE) -> None:
    """After ``interaction`` changed the lobby of ``game`` (its user already answered privately): the
    lobby message shows the table now and ``news`` as its last line. A waiting table keeps its Join button;
    a started or called-off game's message says so instead, without the button or the table. A waiting
    table whose message is gone is posted again; a closed one's ``news`` is posted instead. In turn with
    the game's other posts (``delivery.publish``: two changes at once leave the newer table shown), and a
    failure is explained privately with ``done``, the change standing."""
    await delivery.publish(interaction, game, _show(interaction, game, news), done=done)


async def _show(interaction: discord.Interaction, game: GameInfo, news: str) -> None:
    bot = context(interaction).bot
    current = await bot.games.game_by_id(game.id)  # the newest table, not the one this change read
    if game.status == "lobby" and current.status != "lobby":
        return  # started or called off meanwhile: that change's news stands on the message
    message = _lobby(current, _waiting(current, news)) if current.status == "lobby" else _closed(news)
    if await _edit(bot, current, message):
        return
    if current.status == "lobby":
        await _post(interaction, current, message)
    else:  # a new message has no button to take off
        await interaction.followup.send(**{k: v for k, v in message.items() if k != "view"})


async def _post(interaction: discord.Interaction, game: GameInfo, message: dict[str, Any]) -> None:
    """Post ``message`` (the lobby's) as a follow-up of ``interaction``, which needs no permission in the
    channel, and remember it as the lobby's message."""
    bot = context(interaction).bot
    posted = await interaction.followup.send(**message, wait=True)
    await bot.games.remember_lobby_message(game.id, posted.id)


def _lobby(game: GameInfo, text: str) -> dict[str, Any]:
    view = pickers.lobby_view(game.id, game.language)
    if len(game.seats) >= game.max_players:  # a full table: Join comes back when a seat is free again
        for item in view.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
    return {
        "content": presenters.clip(text, presenters.CONTENT_LIMIT),
        "embed": presenters.status_embed(game),
        "view": view,
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def _closed(news: str) -> dict[str, Any]:
    return {
        "content": presenters.clip(news, presenters.CONTENT_LIMIT),
        "embeds": [],  # the table of a lobby that is over would go stale: the game's own posts show it
        "view": None,
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def _waiting(game: GameInfo, news: str) -> str:
    """A waiting lobby's words: what it is and who starts it (the host now, who may not be the opener),
    then what just changed."""
    host = next((s.name for s in game.seats if s.user_id == game.host_id), "")
    table = translate(game.language, "message.lobby.waiting", title=game.title, host=presenters.safe(host))
    return f"{table}\n{news}"


async def _edit(bot: BoardGameBot, game: GameInfo, message: dict[str, Any]) -> bool:
    """Edit the lobby's message to ``message``: whether it could (False: none posted, or it is gone)."""
    message_id = await bot.games.lobby_message(game.id)
    if message_id is None:
        return False
    changes = dict(message)
    if "embed" in changes:  # an edit sets the message's embeds as a list
        changes["embeds"] = [changes.pop("embed")]
    try:
        await posting.channel_for(bot, game).get_partial_message(message_id).edit(**changes)
    except discord.HTTPException as exc:  # deleted, or out of the bot's reach: a follow-up reaches
        log.info("cannot edit the lobby message of game %s (%s); posting a new one", game.id, exc.code)
        return False
    return True
