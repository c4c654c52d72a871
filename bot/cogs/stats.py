"""/stats and /leaderboard: results of finished games in this server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot.cogs.game_commands import game_choices
from bot.i18n import translate
from bot.ui import presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot


def title_of(rules_id: str) -> str:
    """A game's title; the id itself for a game no longer registered (its results still count)."""
    return rules.spec(rules_id).title if rules_id in rules.ids() else rules_id


# A first place shared after the game's own tie-breaks is its own column, not part of "won" and not half
# a win: half would put two shared firsts level with one outright win and has no fair share for a
# three-way tie, while a separate count says exactly what happened and still ranks (after outright wins).
def shared_text(entry: dict[str, Any], locale: object) -> str:
    shared = entry.get("shared", 0)
    return translate(locale, "message.stats.shared", count=shared) if shared else ""


def average(value: float, locale: object) -> str:
    return translate(locale, "message.stats.average", average=f"{value:.1f}")


def stats_lines(stats: dict[str, Any], locale: object) -> list[str]:
    """One line per game title: played, won, first places shared and average score, in ``locale``."""
    lines = []
    for entry in stats.get("per_game", []):
        rules_id = entry.get("rules_id", "")
        text = translate(
            locale,
            "message.stats.line",
            title=title_of(rules_id),
            played=entry.get("played", 0),
            won=entry.get("won", 0),
        ) + shared_text(entry, locale)
        if entry.get("avg_score") is not None:
            text += average(entry["avg_score"], locale)
        lines.append(text)
    return lines


def leaderboard_lines(rows: list[dict[str, Any]], locale: object) -> list[str]:
    lines = []
    for place, row in enumerate(rows[:20], start=1):
        who = f"<@{row['user_id']}>" if row.get("user_id") else presenters.safe(row.get("name", "?"))
        text = translate(
            locale,
            "message.leaderboard.line",
            place=place,
            who=who,
            won=row.get("won", 0),
            shared=shared_text(row, locale),
            played=row.get("played", 0),
        )
        lines.append(text + (average(row["avg_score"], locale) if row.get("avg_score") is not None else ""))
    return lines


def recent_line(result: dict[str, Any], locale: object) -> str:
    """One recent game of the member: their place and score, or that the computer played their seat."""
    title = title_of(result.get("rules_id", ""))
    if result.get("computer_from") is not None:
        return translate(locale, "message.stats.recent_computer", title=title, number=result["computer_from"])
    if result.get("shared"):
        place = translate(locale, "message.stats.shared_place")
    else:
        place = translate(locale, "message.stats.place", rank=result.get("rank"))
    return translate(
        locale,
        "message.stats.recent",
        title=title,
        place=place,
        points=presenters.points(result.get("score", 0), locale),
    )


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
        said = interaction.locale
        none = translate(said, "message.stats.none_counted" if recent else "message.stats.none")
        lines = stats_lines(data, said) or [none]
        if recent:
            lines.append("\n" + translate(said, "message.stats.recent_heading"))
            lines.extend(recent_line(r, said) for r in recent[:5])
        name = presenters.safe(getattr(target, "display_name", target.name))
        embed = discord.Embed(
            title=presenters.clip(translate(said, "message.stats.title", name=name), 256),
            description=presenters.clip("\n".join(lines), presenters.DESCRIPTION_LIMIT),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=translate(said, "message.stats.counting"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The most successful players in this server")
    @app_commands.describe(game="one game only (default: all games)")
    @app_commands.choices(game=game_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rows = await self.bot.games.leaderboard(interaction.guild_id or 0, game)
        said = interaction.guild_locale  # a public post: the server's language
        lines = leaderboard_lines(rows, said) or [translate(said, "message.stats.none")]
        if game:
            title = translate(said, "message.leaderboard.title_of", title=title_of(game))
        else:
            title = translate(said, "message.leaderboard.title")
        embed = discord.Embed(
            title=title,
            description=presenters.clip("\n".join(lines), presenters.DESCRIPTION_LIMIT),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=translate(said, "message.stats.counting"))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Stats(bot))
