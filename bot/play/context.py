"""Who asks, where, and in which language: one interaction read once for the cogs and the turn pipeline.

``context(interaction)`` gives the bot (typed, no cast), the user, whether they manage the server, their
locale, the guild and the channel. A game is addressed by its channel, so an interaction that names no
channel is refused (privately, in the asker's language) when a command asks for its channel, rather than
asking for the game of channel 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.services import NotAllowed
from rules.core.texts import said

if TYPE_CHECKING:
    from bot.client import BoardGameBot
    from bot.services import GameInfo


def manages_server(interaction: discord.Interaction) -> bool:
    """Whether the user may manage this server (resolved by Discord for the channel of the interaction)."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


@dataclass(frozen=True)
class Here:
    """One interaction's asker and place, read once (``context``)."""

    bot: BoardGameBot
    user_id: int
    admin: bool  # the user may manage the server the interaction came from
    locale: discord.Locale
    guild_id: int | None
    channel: int | None  # None when Discord named no channel; ``channel_id`` refuses it then

    @property
    def channel_id(self) -> int:
        """The channel asked in, whose game a command addresses; refused when there is none."""
        if self.channel is None:
            raise NotAllowed(said("refusal.no_channel"))
        return self.channel

    async def game(self) -> GameInfo:
        """The game in this channel (refused, like any read of it, when there is none)."""
        return await self.bot.games.get_game(self.channel_id)


def context(interaction: discord.Interaction[Any]) -> Here:
    """``interaction`` read once: no await, so it never delays a deferral.

    discord.py types an interaction's client as its base ``Client``; every interaction this bot answers
    comes through the tree of the one ``BoardGameBot``, which is said here once for every command."""
    bot: BoardGameBot = interaction.client
    return Here(
        bot=bot,
        user_id=interaction.user.id,
        admin=manages_server(interaction),
        locale=interaction.locale,
        guild_id=interaction.guild_id,
        channel=interaction.channel_id,
    )
