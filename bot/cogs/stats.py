"""/stats and /leaderboard: results of finished games in this server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot.cogs.game_commands import game_choices
from bot.cogs.help_text import STATS_RULE
from bot.ui import presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

COUNTING = STATS_RULE.replace("**", "")  # footers show no markdown


def title_of(rules_id: str) -> str:
    """A game's title; the id itself for a game no longer registered (its results still count)."""
    return rules.spec(rules_id).title if rules_id in rules.ids() else rules_id


# A first place shared after the game's own tie-breaks is its own column, not part of "won" and not half
# a win: half would put two shared firsts level with one outright win and has no fair share for a
# three-way tie, while a separate count says exactly what happened and still ranks (after outright wins).
def shared_text(entry: dict[str, Any]) -> str:
    shared = entry.get("shared", 0)
    return f", {shared} shared first" if shared else ""


def stats_lines(stats: dict[str, Any]) -> list[str]:
    """One line per game title: played, won, first places shared and average score."""
    lines = []
    for entry in stats.get("per_game", []):
        rules_id = entry.get("rules_id", "")
        title = title_of(rules_id)
        text = f"**{title}**: {entry.get('played', 0)} played, {entry.get('won', 0)} won" + shared_text(entry)
        if entry.get("avg_score") is not None:
            text += f", average {entry['avg_score']:.1f} points"
        lines.append(text)
    return lines


def leaderboard_lines(rows: list[dict[str, Any]]) -> list[str]:
    lines = []
    for place, row in enumerate(rows[:20], start=1):
        who = f"<@{row['user_id']}>" if row.get("user_id") else presenters.safe(row.get("name", "?"))
        lines.append(
            f"{place}. {who}: {row.get('won', 0)} won{shared_text(row)} of {row.get('played', 0)}"
            + (f", average {row['avg_score']:.1f}" if row.get("avg_score") is not None else "")
        )
    return lines


def recent_line(result: dict[str, Any]) -> str:
    """One recent game of the member: their place and score, or that the computer played their seat."""
    title = title_of(result.get("rules_id", ""))
    if result.get("computer_from") is not None:
        return f"{title}: played by the computer from move {result['computer_from']}"
    place = "shared first place" if result.get("shared") else f"place {result.get('rank')}"
    return f"{title}: {place}, {presenters.points(result.get('score', 0))}"


class Stats(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="stats", description="Games played and won in this server, yours or a member's"
    )
    @app_commands.describe(member="whose statistics (default: yours)")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        target = member or interaction.user
        data = await self.bot.games.stats(interaction.guild_id or 0, target.id)
        recent = data.get("recent", [])
        # games the computer played for them are listed below but count for nobody
        none = "No finished games that count yet." if recent else "No finished games yet."
        lines = stats_lines(data) or [none]
        if recent:
            lines.append("\n**Recent games**")
            lines.extend(recent_line(r) for r in recent[:5])
        embed = discord.Embed(
            title=presenters.clip(
                f"Statistics of {presenters.safe(getattr(target, 'display_name', target.name))}", 256
            ),
            description=presenters.clip("\n".join(lines), presenters.DESCRIPTION_LIMIT),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=COUNTING)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The most successful players in this server")
    @app_commands.describe(game="one game only (default: all games)")
    @app_commands.choices(game=game_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rows = await self.bot.games.leaderboard(interaction.guild_id or 0, game)
        lines = leaderboard_lines(rows) or ["No finished games yet."]
        title = f"Leaderboard: {title_of(game)}" if game else "Leaderboard"
        embed = discord.Embed(
            title=title,
            description=presenters.clip("\n".join(lines), presenters.DESCRIPTION_LIMIT),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=COUNTING)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Stats(bot))
