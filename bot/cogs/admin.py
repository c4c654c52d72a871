"""/admin: server managers' tools for stuck or broken games.

``default_permissions`` hides the group from members without Manage Server, but server admins can change
that in Discord's settings, so the cog checks the permission again on every command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs._checks import require_manager
from bot.ui import flow, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="admin", group_description="Server managers' tools for games"):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        return require_manager(interaction)

    @app_commands.command(name="abandon", description="End the game here without a result")
    async def abandon(self, interaction: discord.Interaction) -> None:
        game = await self.bot.games.abandon(interaction.channel_id or 0, admin=True)
        await interaction.response.send_message(
            f"The game of {game.title} here was abandoned by {interaction.user.mention}.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="skip", description="Skip the turn of whoever must act now")
    async def skip(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        before = await self.bot.games.get_game(interaction.channel_id or 0)
        outcome = await self.bot.games.force_skip(
            interaction.channel_id or 0, interaction.user.id, admin=True
        )
        await interaction.followup.send("The turn was skipped.", ephemeral=True)
        game = getattr(outcome, "game", outcome)
        if hasattr(outcome, "public_events") and outcome.seat is not None:
            await flow.announce(self.bot, before, outcome)
        else:
            await flow.post_turn(
                self.bot, game, presenters.event_lines(getattr(outcome, "public_events", ()))
            )

    @app_commands.command(name="computer", description="Let the computer play a seat from now on")
    @app_commands.describe(seat="the seat number shown by /game status", level="0 random, 1 sensible")
    async def computer(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 5],
        level: app_commands.Range[int, 0, 1] = 1,
    ) -> None:
        await self.bot.games.hand_to_ai(
            interaction.channel_id or 0, interaction.user.id, seat - 1, level, admin=True
        )
        await interaction.response.send_message(f"The computer now plays seat {seat}.")

    @app_commands.command(name="restore", description="Set the game back to how it was after an earlier move")
    @app_commands.describe(move="the move number to go back to (see /log and /board)")
    async def restore(self, interaction: discord.Interaction, move: app_commands.Range[int, 0]) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        restored = await self.bot.games.restore(interaction.channel_id or 0, move, admin=True)
        game = getattr(restored, "game", restored)
        self.bot.digest.take(game.id)
        await interaction.followup.send(f"Restored to move {move}.", ephemeral=True)
        await flow.post_turn(self.bot, game, [f"A server manager restored the game to move {move}."])


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Admin(bot))
