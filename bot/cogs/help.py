"""/help (how the bot works), /rules (each game's rules by topic)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot import messages
from bot.cogs.game_commands import game_choices
from bot.i18n import ENGLISH, translate
from bot.play.context import context
from bot.services import ServiceError
from bot.services.wording import text_of
from bot.ui.presenters import clip
from rules.core.texts import said

if TYPE_CHECKING:
    from bot.client import BoardGameBot


# Discord's limits on an embed (https://discord.com/developers/docs/resources/message, "Embed Limits").
EMBED_LIMIT, FIELD_LIMIT = 6000, 1024
# The topics of /help, in the order the overview lists them: help.<key>.title and help.<key>.text.
BOT_TOPICS = ("start", "play", "follow", "reminders", "absent", "seats", "stats", "admin")


def overview(locale: object = None) -> str:
    """The first words of /help, naming every registered game and the command that opens it."""
    titles = [f"**{spec.title}**" for spec in rules.specs()]
    games = titles[0]
    if len(titles) > 1:
        separator = translate(locale, "message.list_separator")
        games = translate(locale, "message.list_and", first=separator.join(titles[:-1]), last=titles[-1])
    return translate(locale, "help.overview", games=games, open_commands=messages.open_commands(locale))


def bot_topic(key: str, locale: object = None) -> tuple[str, str]:
    """A /help topic's title and text, with the commands that open each game filled in."""
    commands = messages.open_commands(locale, markup="**")
    return translate(locale, f"help.{key}.title"), translate(
        locale, f"help.{key}.text", open_commands=commands
    )


def topic_key(topics: Mapping[str, tuple[Any, Any]], typed: str, locale: object = None) -> str:
    """The topic a typed word names, by key or by title (autocomplete shows titles, in the reader's
    language or in English); refuse any other."""
    wanted = typed.strip().lower()
    for key, (title, _) in topics.items():
        if wanted in (key, text_of(locale, title).lower(), text_of(ENGLISH, title).lower()):
            return key
    raise ServiceError(said("refusal.no_topic", topic=typed, topics=", ".join(sorted(topics))))


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
        locale = interaction.locale
        embed = discord.Embed(title=translate(locale, "help.title"), colour=discord.Colour.blurple())
        if topic is None:
            embed.description = self._mentioned(overview(locale), locale)
            topics = [bot_topic(key, locale) for key in BOT_TOPICS]
            # an embed holds 6,000 characters in all and a field's value 1,024 (Discord's "Embed Limits",
            # messages.md): a longer language shares the room left, each topic cut short alike ("…";
            # /help topic: shows it whole)
            used = len(embed.title or "") + len(embed.description) + sum(len(title) for title, _ in topics)
            room = min(FIELD_LIMIT, (EMBED_LIMIT - used) // len(topics))
            for title, text in topics:
                embed.add_field(name=title, value=clip(text, room), inline=False)
        else:
            title, text = bot_topic(topic, locale)
            embed.title, embed.description = title, self._mentioned(text, locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _mentioned(self, text: str, locale: object) -> str:
        """``text`` with the commands it names as mentions, which the reader's client shows in its own
        language and opens with a click. Only in a description: a field of the overview is cut to
        fit, which could cut a mention in half."""
        commands = self.bot.tree.walk_commands()
        paths = [c.qualified_name for c in commands if isinstance(c, app_commands.Command)]
        return messages.with_mentions(text, locale, paths, self.bot.command_ids)

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
            raise ServiceError(said("refusal.rules_which_game", games=", ".join(rules.ids())))
        spec = rules.spec(game)
        topics = {**spec.help, **spec.subtopics}
        locale = interaction.locale
        embed = discord.Embed(title=spec.title, colour=discord.Colour.blurple())
        if topic is None:
            title, text = (text_of(locale, part) for part in topics["goal"])
            listed = translate(locale, "message.rules.topics", topics=", ".join(sorted(spec.help)))
            embed.description = f"**{title}**\n{text}\n\n{listed}"
        else:
            key = topic_key(topics, topic, locale)
            title, text = (text_of(locale, part) for part in topics[key])
            embed.title = f"{spec.title}: {title}"
            embed.description = text
        embed.set_footer(text=translate(locale, "message.rules.footer"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topic(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or await self._game_here(interaction)
        spec = rules.spec(game) if game in rules.ids() else None
        # the subtopics (one per building, say) only once something is typed: 25 choices at most
        topics = {**spec.help, **(spec.subtopics if current.strip() else {})} if spec else {}
        titles = {key: text_of(interaction.locale, title) for key, (title, _) in topics.items()}
        return [
            app_commands.Choice(name=title, value=key)
            for key, title in titles.items()
            if current.lower() in key or current.lower() in title.lower()
        ][:25]

    async def _game_here(self, interaction: discord.Interaction) -> str | None:
        """The game played in this channel, whose topics to offer before a game is chosen (none if none)."""
        try:
            return (await context(interaction).game()).rules_id
        except ServiceError:  # no game here (or no channel)
            return None


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Help(bot))
