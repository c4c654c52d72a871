"""Permission checks shared by the cogs. Discord's default_permissions only hide commands (server admins
can change who sees them), so every privileged action is checked again here."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.play.context import manages_server


def is_manager(interaction: discord.Interaction) -> bool:
    """Whether the user may manage this server (resolved by Discord for the channel of the interaction)."""
    return manages_server(interaction)


def require_manager(interaction: discord.Interaction) -> bool:
    """An app-command check: raises MissingPermissions so the error handler answers in words."""
    if not is_manager(interaction):
        raise app_commands.MissingPermissions(["manage_guild"])
    return True


def member_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name
