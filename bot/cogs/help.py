"""/help (how the bot works), /rules (each game's rules by topic)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot import messages
from bot.cogs.game_commands import game_choices
from bot.cogs.help_text import BOT_TOPICS
from bot.i18n import ENGLISH
from bot.services import ServiceError

if TYPE_CHECKING:
    from bot.client import BoardGameBot


def overview() -> str:
    """The first words of /help, naming every registered game and the command that opens it."""
    titles = [f"**{spec.title}**" for spec in rules.specs()]
    games = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    return (
        f"I run asynchronous games of {games}, one per channel or thread. "
        f"Open one with {messages.open_commands(ENGLISH)}, play with the **Play** button or /move, and come "
        "back "
        "whenever: I mention you when it is your turn. /options shows what you can do right now."
    )


def bot_topic(key: str) -> tuple[str, str]:
    """A /help topic's title and text, with the commands that open each game filled in."""
    title, text = BOT_TOPICS[key]
    return title, text.format(open_commands=messages.open_commands(ENGLISH, markup="**"))


def topic_key(topics: dict[str, tuple[str, str]], typed: str) -> str:
    """The topic a typed word names, by key or by title (autocomplete shows titles); refuse any other."""
    wanted = typed.strip().lower()
    for key, (title, _) in topics.items():
        if wanted in (key, title.lower()):
            return key
    raise ServiceError(f"There is no rules topic '{typed}'. Topics: " + ", ".join(sorted(topics)) + ".")


class Help(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to use this bot")
    @app_commands.describe(topic="a part of the bot to explain (default: an overview of all)")
    async def help(
        self,
        interaction: discord.Interaction,
        topic: Literal["start", "play", "follow", "reminders", "absent", "seats", "stats", "admin"]
        | None = None,
    ) -> None:
        embed = discord.Embed(title="Board game bot", colour=discord.Colour.blurple())
        if topic is None:
            embed.description = overview()
            for key in BOT_TOPICS:
                title, text = bot_topic(key)
                embed.add_field(name=title, value=text[:1024], inline=False)
        else:
            title, text = bot_topic(topic)
            embed.title, embed.description = title, text
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="rules", description="The rules of a game, by topic")
    @app_commands.describe(
        game="which game (default: the one played here)",
        topic="a part of the rules (leave empty for the list)",
    )
    @app_commands.choices(game=game_choices())
    async def rules(
        self, interaction: discord.Interaction, game: str | None = None, topic: str | None = None
    ) -> None:
        game = game or await self._game_here(interaction)
        if game is None:
            raise ServiceError("No game is played here: name one, " + ", ".join(rules.ids()) + ".")
        spec = rules.spec(game)
        topics = {**spec.help, **spec.subtopics}
        embed = discord.Embed(title=spec.title, colour=discord.Colour.blurple())
        if topic is None:
            title, text = topics["goal"]
            embed.description = f"**{title}**\n{text}\n\nTopics: " + ", ".join(sorted(spec.help))
        else:
            key = topic_key(topics, topic)
            title, text = topics[key]
            embed.title = f"{spec.title}: {title}"
            embed.description = text
        embed.set_footer(text="A summary for reminders; the rulebook is the authority.")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topic(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or await self._game_here(interaction)
        spec = rules.spec(game) if game in rules.ids() else None
        # the subtopics (one per building, say) only once something is typed: 25 choices at most
        topics = {**spec.help, **(spec.subtopics if current.strip() else {})} if spec else {}
        return [
            app_commands.Choice(name=title, value=key)
            for key, (title, _) in topics.items()
            if current.lower() in key or current.lower() in title.lower()
        ][:25]

    async def _game_here(self, interaction: discord.Interaction) -> str | None:
        """The game played in this channel, whose topics to offer before a game is chosen (none if none)."""
        try:
            return (await self.bot.games.get_game(interaction.channel_id or 0)).rules_id
        except ServiceError:
            return None


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Help(bot))
