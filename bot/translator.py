"""Slash commands in the reader's language: discord.py asks this translator for every command, group,
option and choice name and description in every Discord locale when it builds the commands it syncs; the
answers come from the catalogs (``bot/i18n.py``) and Discord shows each person their language's.

A message's id follows from where it stands in the tree: ``command.game.join.name``,
``command.game.join.description``, ``command.game.timing.reminder_hours.description`` for an option, and
``choice.<value>`` for a choice's name.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n

_NAME = (Where.command_name, Where.group_name, Where.parameter_name)
_DESCRIPTION = (Where.command_description, Where.group_description, Where.parameter_description)


def command_msgid(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog id of the text ``context`` stands for, or None for a text the catalogs do not hold."""
    data = context.data
    if context.location is Where.choice_name:
        return f"choice.{data.value}"
    if context.location in (Where.parameter_name, Where.parameter_description):
        path = f"{data.command.qualified_name} {data.name}"
    elif context.location in _NAME + _DESCRIPTION:
        path = getattr(data, "qualified_name", data.name)
    else:
        return None
    field = "name" if context.location in _NAME else "description"
    return f"command.{path.replace(' ', '.')}.{field}"


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The text in ``locale``'s catalog; None (Discord then shows the English default) for English,
        for a locale without a catalog, or a text no catalog holds."""
        language = i18n.language_of(locale)
        msgid = command_msgid(context)
        if language == i18n.ENGLISH or msgid is None:
            return None
        return i18n.catalog(language).text(msgid, None)
