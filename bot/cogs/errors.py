"""One place where failed slash commands become short private messages (``CommandTree.on_error``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.play import replies

if TYPE_CHECKING:
    from bot.client import BoardGameBot


class Errors(commands.Cog):
    """Installs the tree's error handler while loaded and restores the previous one when unloaded."""

    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await replies.report(interaction, error)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Errors(bot))
