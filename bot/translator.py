"""Slash commands in the reader's language: discord.py asks this translator for every command, group,
option and choice name and description in every Discord locale when it builds the commands it syncs; the
answers come from the catalogs (``bot/i18n.py``) and Discord shows each person their language's.

A message's id follows from where it stands in the tree: ``command.game.join.name``,
``command.game.join.description``, ``command.game.timing.reminder_hours.description`` for an option, and
for a choice's name ``choice.<command>.<option>.<value>`` (``choice.game.pace.posts.turn``: "every turn")
where the value reads differently in that option, else ``choice.<value>``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n

_NAME = (Where.command_name, Where.group_name, Where.parameter_name)
_DESCRIPTION = (Where.command_description, Where.group_description, Where.parameter_description)


def option_path(parameter: app_commands.Parameter) -> str:
    """An option's place in the tree, as message ids write it: ``game.pace.posts``."""
    return f"{parameter.command.qualified_name} {parameter.name}".replace(" ", ".")


def choice_msgids(value: object, option: str | None) -> tuple[str, ...]:
    """The ids a choice's name may have, the most specific first: its option's own word for the value
    ("turn" is "every turn" in /game pace, "this turn" in /notify mute), then the value's."""
    general = f"choice.{value}"
    return (f"choice.{option}.{value}", general) if option else (general,)


def command_msgid(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog id of the text ``context`` stands for, or None for a text the catalogs do not hold
    (a choice's ids come from ``choice_msgids``)."""
    data = context.data
    if isinstance(data, app_commands.Choice):
        return f"choice.{data.value}"
    if isinstance(data, app_commands.Parameter):
        path = f"{data.command.qualified_name} {data.name}"
    elif context.location in _NAME + _DESCRIPTION:
        path = str(getattr(data, "qualified_name", getattr(data, "name", "")))
    else:
        return None
    field = "name" if context.location in _NAME else "description"
    return f"command.{path.replace(' ', '.')}.{field}"


class CatalogTranslator(app_commands.Translator):
    def __init__(self) -> None:
        super().__init__()
        # A choice does not know its option, and one list of choices may serve several options; discord.py
        # translates an option's name right before its choices, so the option last seen is theirs.
        self._option_of: dict[int, str] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The text in ``locale``'s catalog; None (Discord then shows the English default) for a text no
        catalog holds, and in English (a locale without a catalog reads English) except for a choice its
        option words otherwise than its value ("every turn" for /game pace's "turn")."""
        language = i18n.language_of(locale)
        data = context.data
        if isinstance(data, app_commands.Parameter) and context.location is Where.parameter_name:
            for choice in data.choices:
                self._option_of[id(choice)] = option_path(data)
        if isinstance(data, app_commands.Choice):
            msgids: tuple[str, ...] = choice_msgids(data.value, self._option_of.get(id(data)))
            if language == i18n.ENGLISH:  # the name is the value, unless the option words it otherwise
                msgids = msgids[:-1]
        elif language == i18n.ENGLISH:
            return None
        else:
            msgid = command_msgid(context)
            msgids = () if msgid is None else (msgid,)
        found = (i18n.catalog(language).text(msgid, None) for msgid in msgids)
        return next((text for text in found if text is not None), None)
