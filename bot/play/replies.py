"""Answering an interaction whatever state it is in, and turning failures into short private messages."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot import messages
from bot.i18n import translate
from bot.services import Committed, ServiceError, wording
from rules.core.errors import RulesError

log = logging.getLogger(__name__)


async def private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer: the first response if none was sent yet, else a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def defer_private(interaction: discord.Interaction) -> None:
    """Acknowledge now ("thinking…", seen by the user only), before anything that may wait on a game:
    Discord drops an interaction not answered within 3 seconds (receiving-and-responding.mdx). A
    refusal then fills that private message, so it stays private."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def done(interaction: discord.Interaction, private: str, public: str, **kwargs: Any) -> None:
    """After ``defer_private``: fill the private message with ``private``, then tell everyone ``public``
    in a follow-up (an interaction's follow-ups need no permission in the channel)."""
    await interaction.followup.send(private, ephemeral=True)
    await interaction.followup.send(public, **kwargs)


def explain(exc: BaseException, locale: object) -> str | None:
    """The message for an expected failure, in the language of ``locale``, or ``None`` for a bug."""
    if isinstance(exc, app_commands.CommandInvokeError):
        exc = exc.original
    if isinstance(exc, Committed):  # saved: the failure came after the commit
        return translate(locale, "message.move_counted_later", version=exc.version)
    if isinstance(exc, RulesError):
        said = wording.say(locale, exc.said, {}) if exc.said is not None else None
        return messages.explain_rules_error(exc, locale, said)
    if isinstance(exc, ServiceError):
        return messages.explain_service_error(exc.code, exc.text_in(locale), locale)
    if isinstance(exc, app_commands.MissingPermissions):
        return translate(locale, "message.no_permission")
    if isinstance(exc, app_commands.NoPrivateMessage):
        return translate(locale, "message.guild_only")
    if isinstance(exc, app_commands.CheckFailure):
        return messages.clip_echoes(str(exc)) or translate(locale, "message.no_permission")
    if isinstance(exc, app_commands.TransformerError):
        return messages.clip_echoes(translate(locale, "message.could_not_read", value=exc.value))
    return None


def mentioned(interaction: discord.Interaction, text: str) -> str:
    """``text`` for the reader of ``interaction``, the commands it names as mentions, which their client
    shows in its own language and opens with a click (``messages.with_mentions``; unchanged while the
    commands' ids are unknown)."""
    ids: dict[str, int] = getattr(interaction.client, "command_ids", {})
    tree: app_commands.CommandTree | None = getattr(interaction.client, "tree", None)
    commands = tree.walk_commands() if tree is not None else ()
    paths = [c.qualified_name for c in commands if isinstance(c, app_commands.Command)]
    return messages.with_mentions(text, interaction.locale, paths, ids)


def context_of(interaction: discord.Interaction) -> str:
    what = (
        interaction.command.qualified_name
        if interaction.command
        else interaction.data and interaction.data.get("custom_id")
    )
    where = f"channel {interaction.channel_id} of guild {interaction.guild_id}"
    return f"{what!r} by user {interaction.user.id} in {where}"


async def report(interaction: discord.Interaction, exc: BaseException) -> None:
    """Tell the user what went wrong, privately; log unexpected errors with their context. A move
    saved before the failure (``Committed``) is answered that it counted, never "unchanged"."""
    text = explain(exc, interaction.locale)
    original = exc.original if isinstance(exc, app_commands.CommandInvokeError) else exc
    if isinstance(original, Committed):
        log.error(
            "a step after a saved move failed in %s", context_of(interaction), exc_info=original.__cause__
        )
    if text is None:
        log.error("unexpected error in %s", context_of(interaction), exc_info=original)
        text = translate(interaction.locale, "message.generic_error")
    try:
        await private(interaction, mentioned(interaction, text))
    except discord.HTTPException:
        log.warning("could not deliver an error message for %s", context_of(interaction))
