"""/admin: server managers' tools for stuck or broken games, the server's defaults for new games (reminders,
deadline, time bank) and how many open games each member may host.

``default_permissions`` hides the group from members without Manage Server, but server admins can change
that in Discord's settings, so the cog checks the permission again on every command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs._checks import require_manager
from bot.cogs._seats import (
    LEVEL_HELP,
    SEAT_HELP,
    Level,
    Seat,
    hand_to_computer,
    level_choices,
)
from bot.cogs.game_commands import BANK_CHOICES, TIMING_HELP, DeadlineAction, Hours, timing_changes
from bot.i18n import translate
from bot.play import announcer, delivery, lobby_message, posting, replies
from bot.play.context import context
from bot.services import ForcedSkip, timebank
from bot.ui import presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot


def skipped_text(forced: ForcedSkip, title: str, locale: object) -> str:
    """The manager's confirmation of /admin skip: what happened to each seat that had to act."""
    if not forced.seats:
        return translate(locale, "message.admin.skipped_nobody")
    return "\n".join(
        translate(locale, f"message.admin.skipped.{f.what}", name=presenters.safe(f.name), title=title)
        for f in forced.seats
    )


def default_bank_text(bank: timebank.TimeBank | None, locale: object) -> str:
    """The server's default time bank for new games, as /admin defaults says it, or that there is none."""
    if bank is None:
        return translate(locale, "message.defaults.no_bank")
    return translate(
        locale,
        "message.defaults.bank",
        bank=presenters.hours(bank.bank_minutes, locale),
        increment=presenters.hours(bank.increment_minutes, locale),
        holidays=translate(locale, "message.time.days", count=bank.holiday_days),
    )


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="admin", group_description="Server managers' tools for games"):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return require_manager(interaction)

    @app_commands.command(name="abandon", description="End the game here without a result")
    async def abandon(self, interaction: discord.Interaction) -> None:
        here = context(interaction)
        await replies.defer_private(interaction)
        was = await here.game()
        game = await self.bot.games.abandon(here.channel_id, here.user_id, admin=True)
        private = translate(here.locale, "message.admin.you_abandoned")
        public = translate(
            game.language, "message.admin.abandoned", title=game.title, user=interaction.user.mention
        )
        if was.status == "lobby":  # the lobby message says so and gives up its Join button
            await interaction.followup.send(private, ephemeral=True)
            await lobby_message.tell(interaction, game, public)
            return
        await replies.done(interaction, private, public, allowed_mentions=discord.AllowedMentions.none())
        await posting.attempt(
            self.bot, game.id, announcer.close_live_board(self.bot, game, "message.live.abandoned")
        )

    @app_commands.command(
        name="skip",
        description="Pass the turn of whoever must act; without a pass the computer plays on until take-back",
    )
    async def skip(self, interaction: discord.Interaction) -> None:
        here = context(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)
        channel_id = here.channel_id
        forced = await self.bot.games.force_skip(channel_id, here.user_id, admin=True)
        game = await self.bot.games.get_game(channel_id)
        await interaction.followup.send(skipped_text(forced, game.title, here.locale), ephemeral=True)
        await announcer.deliver_notifications(
            self.bot,
            forced.notifications,
            post_turn_in={channel_id},
            interaction=interaction,
            done="posting.done.deadline",
        )

    @app_commands.command(name="computer", description="Let the computer play a seat from now on")
    @app_commands.describe(seat=SEAT_HELP, level=LEVEL_HELP)
    @app_commands.autocomplete(level=level_choices)
    async def computer(
        self, interaction: discord.Interaction, seat: Seat, level: Level | None = None
    ) -> None:
        await hand_to_computer(self.bot, interaction, seat, level, admin=True)

    @app_commands.command(name="restore", description="Set the game back to how it was after an earlier move")
    @app_commands.describe(move="the move number to go back to (see /log and /board)")
    async def restore(self, interaction: discord.Interaction, move: app_commands.Range[int, 0]) -> None:
        here = context(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)
        game = await self.bot.games.restore(here.channel_id, move, admin=True)
        await interaction.followup.send(
            translate(here.locale, "message.admin.restored_private", move=move), ephemeral=True
        )
        line = translate(game.language, "message.admin.restored", move=move)
        post = announcer.post_turn(self.bot, game, [line], interaction.app_permissions)
        await delivery.publish(interaction, game, post, done="posting.done.restored")

    @app_commands.command(
        name="defaults",
        description="Defaults for new games here (reminders, deadline, time bank) and the hosting limit",
    )
    @app_commands.describe(
        reminder_hours="hours between reminders (0 = back to daily)",
        deadline_hours="hours per turn (0 = no deadline)",
        deadline_action="what happens when time runs out",
        hosting_limit="open games one member may host here (0 = the bot's own limit)",
        time_bank="a time bank for new games opened without a deadline (off: none)",
        bank_days=TIMING_HELP["bank_days"],
        increment_hours=TIMING_HELP["increment_hours"],
        holiday_days=TIMING_HELP["holiday_days"],
    )
    @app_commands.choices(time_bank=BANK_CHOICES)
    async def defaults(
        self,
        interaction: discord.Interaction,
        reminder_hours: Hours | None = None,
        deadline_hours: Hours | None = None,
        deadline_action: DeadlineAction | None = None,
        hosting_limit: app_commands.Range[int, 0, 100] | None = None,
        time_bank: str | None = None,
        bank_days: int | None = None,
        increment_hours: int | None = None,
        holiday_days: int | None = None,
    ) -> None:
        changes = timing_changes(reminder_hours, deadline_hours, deadline_action)
        if hosting_limit is not None:
            changes["max_games_per_user"] = hosting_limit or None
        bank_options = (time_bank, bank_days, increment_hours, holiday_days)
        # checked as at opening: a bad bank is refused before anything is saved (off: no default bank)
        bank = timebank.choose(*bank_options) if any(o is not None for o in bank_options) else timebank.KEEP
        here = context(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)  # the write may wait for the database
        settings = await self.bot.games.update_guild_settings(here.guild_id or 0, time_bank=bank, **changes)
        said = here.locale
        reminder = (
            presenters.hours(settings.reminder_minutes, said)
            if settings.reminder_minutes
            else translate(said, "message.defaults.daily")
        )
        deadline = (
            presenters.hours(settings.deadline_minutes, said)
            if settings.deadline_minutes
            else translate(said, "message.defaults.no_deadline")
        )
        action = translate(said, f"message.deadline_action.{settings.deadline_action or 'skip'}")
        limit = settings.max_games_per_user or self.bot.settings.max_games_per_user
        await interaction.followup.send(
            translate(said, "message.defaults.saved", reminder=reminder, deadline=deadline, action=action)
            + " "
            + translate(said, "message.defaults.hosting_limit", count=limit)
            + " "
            + default_bank_text(timebank.bank_of(settings), said),
            ephemeral=True,
        )


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Admin(bot))
