"""Delivery: every post, notice and direct message goes out through here, and a post that fails leaves
the change standing and its author told privately why the channel did not hear."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import discord
from discord.utils import MISSING

from bot.i18n import ENGLISH, translate
from bot.play import dms, posting, replies
from bot.play.context import context
from bot.services import GameInfo, Notification
from bot.ui import pickers, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)


class PostOptions(TypedDict, total=False):
    """What a post may carry besides its words, embeds and pictures."""

    view: discord.ui.View
    allowed_mentions: discord.AllowedMentions
    nonce: str  # sent with enforce_nonce: the same nonce again gets the first message (``live.ping_nonce``)


def human_users(game: GameInfo, seats: tuple[int, ...] | list[int]) -> list[int]:
    """The Discord users sitting at ``seats`` (computer seats have none)."""
    wanted = set(seats)
    return [s.user_id for s in game.seats if s.seat in wanted and not s.is_ai and s.user_id is not None]


def human_seats(game: GameInfo, seats: tuple[int, ...] | list[int]) -> list[tuple[int, int]]:
    """The people sitting at ``seats``, each as (seat, Discord user id); computer seats have none."""
    wanted = set(seats)
    return [
        (s.seat, s.user_id) for s in game.seats if s.seat in wanted and not s.is_ai and s.user_id is not None
    ]


async def send_post(
    channel: discord.abc.Messageable,
    content: str,
    embed: discord.Embed,
    picture: discord.File | None,
    perms: discord.Permissions | None,
    *,
    more: Sequence[tuple[discord.Embed, discord.File | None]] = (),
    **options: Unpack[PostOptions],
) -> discord.Message:
    """Post ``content``, ``embed`` and ``picture`` (and ``more`` embeds, each with its own picture) with
    what the bot may do in the channel.

    Without Embed Links Discord drops embeds without a word, so the embeds' text goes into the content;
    without Attach Files the pictures stay out and the post says where to see the board (a 403 for the
    pictures, when the permissions were not known, is answered by posting again without them).
    """
    parts = [(embed, picture), *more]
    if perms is not None and not perms.attach_files:
        parts = [(e, None) for e, _ in parts]
        content = f"{content}\n{translate(ENGLISH, 'message.no_picture')}"
    files = [p for _, p in parts if p is not None]
    if perms is not None and not perms.embed_links:
        text = "\n".join([content, *(presenters.embed_text(e) for e, _ in parts)])
        content, embeds = presenters.clip(text, 2000), MISSING  # discord.py's "not given"
    else:
        for e, p in parts:
            if p is not None:
                e.set_image(url=f"attachment://{p.filename}")
        embeds = [e for e, _ in parts]
    sent = presenters.clip(content, 2000)
    if not files:
        return await channel.send(sent, embeds=embeds, **options)
    try:
        return await channel.send(sent, files=files, embeds=embeds, **options)
    except discord.Forbidden as exc:
        if exc.code != posting.MISSING_PERMISSIONS:
            raise
    for e, _ in parts:
        e.set_image(url=None)
    return await send_post(
        channel,
        content,
        embed,
        None,
        discord.Permissions(attach_files=False, embed_links=True),
        more=[(e, None) for e, _ in more],
        **options,
    )


async def deliver_one(bot: BoardGameBot, note: Notification) -> None:
    """A notice in the game's channel (mentioning its user, if any) and, if they accept them, a DM."""
    channel = bot.get_partial_messageable(note.channel_id)
    game = await bot.games.game_by_id(note.game_id)
    text = note.text_in(game.language)  # the channel reads the game's language
    if note.user_id is None:
        await channel.send(presenters.clip(text, 2000), allowed_mentions=discord.AllowedMentions.none())
        return
    ping, allowed = presenters.mentions([note.user_id])
    extra: dict[str, Any] = {}
    if note.kind == "reminder":
        extra["view"] = pickers.reminder_view(game.id, game.revision, game.language)
    await channel.send(presenters.clip(f"{ping} {text}", 2000), allowed_mentions=allowed, **extra)
    if note.dm:
        await deliver_dm(bot, note)


async def deliver_dm(bot: BoardGameBot, note: Notification) -> bool:
    """A notice as a direct message in its reader's language that says where its game is (see
    ``dms.send``)."""
    if note.user_id is None:
        return False
    text = note.text_in(await dms.reader_language(bot, note.user_id))
    return await dms.send(bot, note.user_id, dms.with_place(text, note.channel_id), note.channel_id)


async def publish(
    interaction: discord.Interaction, game: GameInfo, post: Awaitable[Any], *, done: str
) -> bool:
    """Post after a change ``interaction`` saved, through the one guarded path; if it fails, its user hears
    privately that the change (``done``: its catalog message) counted, where it could not be posted and
    why. Returns whether it was."""
    bot = context(interaction).bot
    failure = await posting.attempt(bot, game.id, post)
    if failure is None:
        return True
    await explain(interaction, game, failure, done)
    return False


async def explain(
    interaction: discord.Interaction, game: GameInfo, failure: BaseException, done: str
) -> None:
    """Tell ``interaction``'s user privately that their change counted, and why the channel did not hear."""
    text = posting.not_posted(done, interaction, game, failure)
    await replies.private(interaction, presenters.clip(text, 2000))
