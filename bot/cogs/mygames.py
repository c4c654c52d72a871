"""/mygames: every game of mine, in every server, asked from anywhere. The one command that the app's
user install also offers (``integration_types`` server and user, ``contexts`` servers, the bot's DMs and
private channels: Discord's "Installation Context" and "Interaction Contexts", application-commands.mdx).
Its answer is always private, as an app installed only to the user may post nothing else in a server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import translate
from bot.play import everywhere, paging
from bot.play.context import context

if TYPE_CHECKING:
    from bot.client import BoardGameBot


class MyGames(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="mygames", description="All your open games in every server, yours to play first (only you)"
    )
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def mygames(self, interaction: discord.Interaction) -> None:
        here = context(interaction)  # a direct message too: /mygames needs no channel
        listing = await everywhere.listing(self.bot, here.user_id, here.locale)
        if listing is None:
            text = translate(here.locale, "message.mygames.none")
            await interaction.response.send_message(text, ephemeral=True)
            return
        await paging.send(interaction, listing)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(MyGames(bot))
