"""Seat numbers and computer levels as commands take them, checked against the game in the channel.

Discord can only bound an option by numbers fixed when the commands are registered, so a seat number is
bounded by the largest table of any game and a level only from below; the game here decides the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import rules
from bot.i18n import has_message, translate
from bot.play import announcer, delivery
from bot.play.context import context
from bot.services import GameInfo, NotAllowed, ServiceError
from bot.ui import presenters
from rules import ai

if TYPE_CHECKING:
    from bot.client import BoardGameBot

MOST_SEATS = max(spec.max_players for spec in rules.specs())
Seat = app_commands.Range[int, 1, MOST_SEATS]
Level = app_commands.Range[int, 0]
SEAT_HELP = "the seat number shown by /game status"
LEVEL_HELP = "how the computer plays: pick one of this game's levels from the list"
SENSIBLE = 1  # the level asked for when none is: the first that plays with sense, if the game has one


def check_seat(game: GameInfo, seat: int, locale: object) -> None:
    """Refuse a seat number this game does not have (seats count from 1 here), in the asker's ``locale``."""
    if not 1 <= seat <= len(game.seats):
        raise NotAllowed(translate(locale, "message.no_such_seat", seat=seat, count=len(game.seats)))


def level_description(rules_id: str, level: int, locale: object) -> str:
    """What a computer level does, in ``locale``: each game's levels have catalog messages
    ("computer.level.santafe.2"); a level added to a game before its catalog entries reads the engine's
    own English line."""
    msgid = f"computer.level.{rules_id}.{level}"
    return translate(locale, msgid) if has_message(msgid) else ai.levels(rules_id).get(level, "")


def level_for(game: GameInfo, level: int | None, locale: object) -> int:
    """The level asked for (when none is, level 1 or the game's best below it), refusing one the game
    lacks in a sentence (in ``locale``) that lists the levels it has."""
    levels = ai.levels(game.rules_id)
    if level is None:
        return min(SENSIBLE, max(levels))
    if level not in levels:
        separator = translate(locale, "game.list_separator")
        have = separator.join(f"{n}: {level_description(game.rules_id, n, locale)}" for n in levels)
        raise NotAllowed(
            translate(locale, "message.no_such_level", title=game.title, level=level, levels=have)
        )
    return level


def level_text(game: GameInfo, level: int) -> str:
    """ "level 2 (looks ahead: …)", in the game's language, for the news that a computer took a seat."""
    text = level_description(game.rules_id, level, game.language)
    if not text:
        return translate(game.language, "message.level", level=level)
    return translate(game.language, "message.level_described", level=level, description=text)


async def _channel_game(interaction: discord.Interaction) -> GameInfo | None:
    """The game in the interaction's channel, or None (autocomplete answers nothing then)."""
    try:
        return await context(interaction).game()
    except ServiceError:  # no game here (or no channel)
        return None


async def level_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete: the levels of the game in this channel with what each does (none if no game)."""
    game = await _channel_game(interaction)
    if game is None:
        return []
    typed = str(current).strip().lower()
    described = {
        level: level_description(game.rules_id, level, interaction.locale)
        for level in ai.levels(game.rules_id)
    }
    return [
        app_commands.Choice(name=presenters.clip(f"{level}: {text}", 100), value=level)
        for level, text in described.items()
        if typed in str(level) or typed in text.lower()
    ][:25]


async def computer_seats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete: the computer seats of the game in this channel, as "2: Computer 1" (none if no game)."""
    game = await _channel_game(interaction)
    if game is None:
        return []
    typed = str(current).strip().lower()
    return [
        app_commands.Choice(name=presenters.clip(f"{s.seat + 1}: {s.name}", 100), value=s.seat + 1)
        for s in game.seats
        if s.is_ai and (typed in str(s.seat + 1) or typed in s.name.lower())
    ][:25]


def seat_of_member(game: GameInfo, member: discord.abc.User, asker: int) -> int:
    """The seat (counted from 1) ``member`` plays or is kept for (an imported game's): people are named,
    as seat numbers change at seating."""
    info = game.seat_of(member.id) or next((s for s in game.seats if s.offered_to == member.id), None)
    if info is None:
        who = "You have" if member.id == asker else f"{presenters.safe(member.display_name)} has"
        raise NotAllowed(f"{who} no seat in this game.")
    return info.seat + 1


async def hand_to_computer(
    bot: BoardGameBot,
    interaction: discord.Interaction,
    seat: int | discord.abc.User,
    level: int | None,
    *,
    admin: bool,
) -> None:
    """/game computer and /admin computer: the computer plays ``seat`` (counted from 1, or the seat of a
    member) at ``level`` from now on. The refusal or "Done." is private; the news and the position that
    follows are for everyone."""
    asked = context(interaction)
    await interaction.response.defer(thinking=True, ephemeral=True)
    here = await asked.game()
    if not isinstance(seat, int):
        seat = seat_of_member(here, seat, asked.user_id)
    check_seat(here, seat, asked.locale)
    level = level_for(here, level, asked.locale)
    outcome = await bot.games.hand_to_ai(asked.channel_id, asked.user_id, seat - 1, level, admin=admin)
    await interaction.followup.send(translate(asked.locale, "message.done"), ephemeral=True)
    await interaction.followup.send(
        translate(
            outcome.game.language,
            "message.computer_plays_seat",
            seat=seat,
            level=level_text(outcome.game, level),
        ),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    perms = interaction.app_permissions
    # a seat that must act: the channel sees that the computer thinks for it (its move comes later)
    post = (
        announcer.post_turn(bot, outcome.game, perms=perms)
        if seat - 1 in outcome.to_act
        else announcer.announce(bot, outcome, perms)
    )
    await delivery.publish(interaction, outcome.game, post, done="posting.done.computer_plays")
