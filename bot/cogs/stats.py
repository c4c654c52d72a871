"""/stats and /leaderboard: results of finished games in this server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot.cogs.game_commands import game_choices
from bot.i18n import translate
from bot.play.context import context
from bot.ratings import PROVISIONAL_GAMES
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


def who_of(row: dict[str, Any], *, mention: bool) -> str:
    """A person on a list: a mention in their server, their latest name on a list across servers (which
    must not ping, nor show an id, of someone the server may not know)."""
    if mention and row.get("user_id"):
        return f"<@{row['user_id']}>"
    return presenters.safe(row.get("name") or "?")


def rating_text(entry: dict[str, Any], locale: object) -> str:
    """A rating as shown: the number, the games it rests on, and whether it is provisional yet."""
    text = translate(locale, "message.rating.value", rating=f"{entry['rating']:.1f}", count=entry["games"])
    return text + (translate(locale, "message.rating.provisional") if entry.get("provisional") else "")


def computers_text(computers: list[dict[str, Any]], locale: object) -> str:
    """The computer levels' own ladder, on one line."""
    levels = ", ".join(
        translate(locale, "message.rating.computer", level=c["level"], rating=f"{c['rating']:.1f}")
        for c in sorted(computers, key=lambda c: c["level"] or 0)
    )
    return translate(locale, "message.rating.computers", levels=levels)


def leaderboard_lines(boards: list[dict[str, Any]], locale: object, *, mention: bool = True) -> list[str]:
    """Per game: its people by rating (with the games each rating rests on), then the computer levels."""
    lines: list[str] = []
    for board in boards:
        if len(boards) > 1:
            lines.append(f"**{title_of(board['rules_id'])}**")
        for place, row in enumerate(board["people"][:20], start=1):
            lines.append(
                translate(
                    locale,
                    "message.leaderboard.rating_line",
                    place=place,
                    who=who_of(row, mention=mention),
                    rating=rating_text(row, locale),
                )
            )
        if board["computers"]:
            lines.append(computers_text(board["computers"], locale))
    return lines


def rating_lines(ratings: list[dict[str, Any]], locale: object) -> list[str]:
    """A person's rating per game, its newest changes and the computer levels beside it."""
    lines = []
    for entry in ratings:
        lines.append(
            translate(
                locale,
                "message.stats.rating",
                title=title_of(entry["rules_id"]),
                rating=rating_text(entry, locale),
            )
        )
        if entry["history"]:
            changes = ", ".join(f"{h['before']:.1f} → {h['after']:.1f}" for h in entry["history"])
            lines.append(translate(locale, "message.stats.rating_history", changes=changes))
        if entry["computers"]:
            lines.append(computers_text(entry["computers"], locale))
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
        here = context(interaction)
        target = member or interaction.user
        data = await self.bot.games.stats(here.guild_id or 0, target.id)
        recent = data.get("recent", [])
        # games the computer played for them are listed below but count for nobody
        said = here.locale
        none = translate(said, "message.stats.none_counted" if recent else "message.stats.none")
        lines = stats_lines(data, said) or [none]
        if recent:
            lines.append("\n" + translate(said, "message.stats.recent_heading"))
            lines.extend(recent_line(r, said) for r in recent[:5])
        rated = await self.bot.games.ratings_of(here.guild_id or 0, target.id)
        if rated:
            lines.append("\n" + translate(said, "message.stats.rating_heading"))
            lines.extend(rating_lines(rated, said))
        name = presenters.safe(getattr(target, "display_name", target.name))
        embed = discord.Embed(
            title=presenters.clip(translate(said, "message.stats.title", name=name), 256),
            description=presenters.clip("\n".join(lines), presenters.DESCRIPTION_LIMIT),
            colour=discord.Colour.blurple(),
        )
        footer = translate(said, "message.stats.counting")
        if rated:
            footer += "\n" + translate(said, "message.rating.counting", count=PROVISIONAL_GAMES)
        embed.set_footer(text=presenters.clip(footer, 2048))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The best rated players in this server")
    @app_commands.describe(
        game="one game only (default: all games)", everywhere="ratings across all servers (default: this one)"
    )
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self, interaction: discord.Interaction, game: str | None = None, everywhere: bool = False
    ) -> None:
        here = context(interaction)
        boards = await self.bot.games.rating_board(here.guild_id or 0, game, everywhere=everywhere)
        said = interaction.guild_locale  # a public post: the server's language
        lines = leaderboard_lines(boards, said, mention=not everywhere)
        lines = lines or [translate(said, "message.stats.none")]
        if game:
            title = translate(said, "message.leaderboard.title_of", title=title_of(game))
        else:
            title = translate(said, "message.leaderboard.title")
        if everywhere:
            title = translate(said, "message.leaderboard.everywhere", title=title)
        embed = discord.Embed(
            title=presenters.clip(title, 256),
            description=presenters.clip("\n".join(lines), presenters.DESCRIPTION_LIMIT),
            colour=discord.Colour.gold(),
        )
        footer = translate(said, "message.stats.counting")
        footer += "\n" + translate(said, "message.rating.counting", count=PROVISIONAL_GAMES)
        embed.set_footer(text=presenters.clip(footer, 2048))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Stats(bot))
