"""Players' public areas, for anyone who asks: on the table everyone sees each other's workers, cleared
disc spaces, buildings, hazards, teepees, objectives and pile sizes (Great Western Trail), money and
played cards (Santa Fe). Drawn from the spectator's view only, so nobody's hand can show: the hand's size
is public, its cards are not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.i18n import translate
from bot.play.context import context
from bot.services import GameInfo
from bot.ui import pictures, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot


async def player_area_files(
    bot: BoardGameBot,
    game: GameInfo,
    seats: Sequence[int],
    version: int | None = None,
    language: object = None,
) -> list[discord.File]:
    """The public area of each of ``seats`` after move ``version`` (default: now), one picture each, its
    words in ``language`` (the game's by default)."""
    view = await bot.games.view_at(game.channel_id, game.version if version is None else version, None)
    names = presenters.seat_names(game)
    words = pictures.words_for(language or game.language, view, [], names)
    files = [await pictures.player_area(view, seat, names, words) for seat in seats]
    return [f for f in files if f is not None]


async def send_player_boards(
    interaction: discord.Interaction,
    game: GameInfo,
    seats: Sequence[int],
    *,
    version: int | None = None,
    share: bool = False,
) -> None:
    """Answer a deferred ``interaction`` with the public areas of ``seats`` after move ``version`` (default:
    now): privately, or for everyone in the channel with ``share``."""
    bot = context(interaction).bot
    said = game.language if share else interaction.locale
    files = await player_area_files(bot, game, seats, version, said)
    now = version is None or version == game.version
    who = presenters.names(game, seats, said)
    if len(seats) > 1:
        key = "message.boards.all" if now else "message.boards.all_after"
    else:
        key = "message.boards.one" if now else "message.boards.one_after"
    text = translate(said, key, names=who, title=game.title, number=version)
    if len(files) < len(seats):
        text += " " + translate(game.language if share else interaction.locale, "message.picture_failed")
    if share:
        await interaction.followup.send(translate(interaction.locale, "message.shared_below"), ephemeral=True)
    await interaction.followup.send(
        presenters.clip(text, 2000),
        files=files,
        ephemeral=not share,
        allowed_mentions=discord.AllowedMentions.none(),
    )
