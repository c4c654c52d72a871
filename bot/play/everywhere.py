"""/mygames: every open game a person is seated in, in every server the bot shares with them, one line a
game (whose turn, since when, their time left, a link to the live board), theirs to act first. Read the
same from a server or a direct message: the person's games, never the place's."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING

import discord

from bot.i18n import translate
from bot.play import paging
from bot.play.paging import Listing
from bot.services import GameInfo
from bot.ui import presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

KIND = "mygames"


def _when(moment: object) -> str:
    """A time every reader's client shows in their own zone and words ("3 hours ago", "in 2 days")."""
    return discord.utils.format_dt(moment, "R")  # type: ignore[arg-type]


def time_left(game: GameInfo, user_id: int) -> str:
    """When the person's own turn runs out: only for a seat of theirs that must act now in a running game
    with a deadline (a seat away, the computer's or paused has none); empty otherwise."""
    seat = game.seat_of(user_id)
    if (
        seat is None
        or game.status != "active"
        or game.paused
        or not (game.deadline_minutes or game.bank_minutes)
        or seat.seat not in game.to_act
        or seat.state != "active"
        or not seat.human
        or seat.waiting_since is None
    ):
        return ""
    if game.bank_minutes:  # a time bank: when this person's runs out
        return _when(seat.bank_out_at) if seat.bank_out_at is not None else ""
    return _when(seat.waiting_since + timedelta(minutes=game.deadline_minutes or 0))


def game_line(game: GameInfo, user_id: int, server: str, board_id: int | None, locale: object) -> str:
    """One game of the list: its title linking to the live board (else the channel), its server, whose
    turn and since when, and the reader's time left when it is theirs."""
    link = presenters.jump_link(game.guild_id, game.channel_id) + (f"/{board_id}" if board_id else "")
    where = translate(locale, "message.mygames.where", game=f"[{game.title}]({link})", server=server)
    if game.paused:
        key = "message.my_games.damaged" if game.damaged else "message.my_games.paused"
        return translate(locale, key, where=where)
    if game.status == "lobby":
        return translate(locale, "message.my_games.lobby", where=where, count=len(game.seats))
    since = _when(game.turn_started_at or game.updated_at)
    if user_id in game.to_act_users:
        left = time_left(game, user_id)
        text = translate(locale, "message.mygames.your_turn", where=where, since=since)
        return text + (translate(locale, "message.mygames.left", when=left) if left else "")
    waited = presenters.names(game, game.to_act, locale) or translate(locale, "message.my_games.nobody")
    return translate(locale, "message.mygames.waiting", where=where, names=waited, since=since)


def ordered(games: Sequence[GameInfo], user_id: int) -> list[GameInfo]:
    """Theirs to act first (the longest waiting first), then the others running, then lobbies, then the
    paused; each group oldest turn first."""

    def key(game: GameInfo) -> tuple[int, float]:
        group = (
            3 if game.paused else 0 if user_id in game.to_act_users else 2 if game.status == "lobby" else 1
        )
        started = game.turn_started_at or game.created_at
        return group, started.timestamp()

    return sorted(games, key=key)


async def listing(bot: BoardGameBot, owner: int, locale: object) -> Listing | None:
    """The owner's open games in every server the bot is in, as a private list; None if there are none."""
    games = [g for g in await bot.games.seated_games(owner) if g.guild_id and bot.get_guild(g.guild_id)]
    if not games:
        return None
    boards = await bot.games.live_board_messages([g.id for g in games])
    lines = []
    for game in ordered(games, owner):
        guild = bot.get_guild(game.guild_id or 0)
        server = presenters.safe(guild.name if guild else "?")
        lines.append("• " + game_line(game, owner, server, boards.get(game.id), locale))
    heading = translate(locale, "message.mygames.heading", count=len(games))
    return Listing(KIND, owner, 0, 0, heading, tuple(lines))


paging.BUILDERS[KIND] = lambda bot, owner, scope, size, locale: listing(bot, owner, locale)
