"""Playing: /move (autocompleted from your legal moves), /hand, /undo. Buttons share the same flow."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import translate
from bot.play import components, controller
from bot.play.context import context
from bot.ui import choices, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

MAX_CHOICES = 25
CHOICE_LIMIT = 100


def matching_choices(moves: list[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 suggestions whose move or label contains every typed word, readable label shown.

    Moves in which every typed word begins a word come before those that only contain one ("den" finds
    Denver before Golden). Within each, single moves come first and long families of moves ("build 4a
    on …") last, so with nothing typed the list shows ending the phase and the local actions rather than
    twenty-five places to build.
    """
    words = typed.lower().split()
    whole: list[int] = []  # indices into ``moves``
    inside: list[int] = []
    for index in choices.suggestion_order(moves, MAX_CHOICES):
        move, label = moves[index]
        haystack = f"{move} {label}".lower()
        if all(word in haystack for word in words) and len(move) <= CHOICE_LIMIT:
            starts = all(re.search(rf"(?<!\w){re.escape(word)}", haystack) for word in words)
            (whole if starts else inside).append(index)
            if len(whole) == MAX_CHOICES:
                break
    return [
        app_commands.Choice(name=presenters.move_label(moves, index, CHOICE_LIMIT), value=moves[index][0])
        for index in (whole + inside)[:MAX_CHOICES]
    ]


class Play(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await components.answer_gone_component(interaction)

    @app_commands.command(name="move", description="Make your move in the game here")
    @app_commands.describe(move="start typing: the list shows your legal moves")
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await controller.play(interaction, move)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            here = context(interaction)
            moves = await self.bot.games.legal_moves(here.channel_id, here.user_id, here.locale)
        except Exception:  # no game here (or no channel), or not seated: nothing to suggest
            return []
        return matching_choices(moves, current)

    @app_commands.command(name="hand", description="See your hand, your board and your options (only you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await controller.show_hand(interaction)

    @app_commands.command(name="options", description="What you can do now, as buttons (only you)")
    async def options(self, interaction: discord.Interaction) -> None:
        await controller.show_options(interaction)

    @app_commands.command(name="undo", description="Take back your last step, within your own turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        here = context(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel_id = here.channel_id
        undone = await self.bot.games.undo(channel_id, here.user_id)
        # the move taken back is legal again: it is named by the label the player chose it by
        labels = dict(await self.bot.games.legal_moves(channel_id, here.user_id, here.locale))
        what = labels.get(undone.undone)
        said = (
            translate(here.locale, "message.undo.took_back", what=what, version=undone.version)
            if what
            else translate(here.locale, "message.undo.took_back_last", version=undone.version)
        )
        await interaction.followup.send(said, ephemeral=True)
        await controller.show_options(interaction)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Play(bot))
