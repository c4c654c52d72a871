"""Reminders and deadlines: a background loop asks the service what is due and delivers it.

The service computes everything from times stored in the database, so after a restart the loop simply
carries on; nothing is scheduled in memory. Its first round after a start also makes the moves of computer
seats whose turn a crash interrupted, and tells the channels of saved moves they have not heard of
(``catchup``). A second loop renews this process's claims on the games it works in
every few seconds and starts a round at once when another process's claim has run out (that process
died). /notify lets each player choose how they hear from the bot, and in which language; the language
each person's Discord uses is noted as they use the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import i18n, pacing
from bot.cogs.game_commands import LANGUAGE_CHOICES
from bot.i18n import translate
from bot.play import announcer, catchup, damage_lines, replies
from bot.play.context import context
from bot.services import DatabaseUnavailable
from bot.services.timing import RENEW_EVERY

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.reminder_poll_seconds)(self.tick)
        self.loop.before_loop(self.bot.wait_until_ready)
        self.leases = tasks.loop(seconds=RENEW_EVERY.total_seconds())(self.renew)
        self.leases.before_loop(self.bot.wait_until_ready)
        self._round = asyncio.Lock()  # one round at a time, whichever loop starts it
        self._early: asyncio.Task[None] | None = None  # a round started by ``renew``
        self._started = False

    async def cog_load(self) -> None:
        if self.bot.keeps_time:  # one process among several sharing the database, so no one hears twice
            self.loop.start()
            self.leases.start()

    async def cog_unload(self) -> None:
        """Stop the loops and wait for a round under way to end, and end the catch-ups and the damaged
        games' lines being said, so none runs on into a closing database."""
        for loop in (self.loop, self.leases):
            loop.cancel()
        for task in (self.loop.get_task(), self.leases.get_task(), self._early):
            if task is not None and task is not asyncio.current_task():
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await catchup.stop(self.bot)  # one waiting out a fault would outlive the bot; the next start tells
        await damage_lines.stop(self.bot)

    async def renew(self) -> None:
        """Renew this process's claims; when another process's claim on due work has run out, take the
        work over now (in a round of its own, so the next renewal is not held up by it)."""
        try:
            lapsed = await self.bot.games.renew_claims()
        except DatabaseUnavailable:
            return
        except Exception:
            log.exception("could not renew this process's claims; the next renewal tries again")
            return
        if lapsed and not self._round.locked() and (self._early is None or self._early.done()):
            self._early = asyncio.get_running_loop().create_task(self.tick(), name="reminders-early")

    async def tick(self) -> None:
        """One round: wake the computer seats a crash left waiting (the first round after a start wakes
        them all), apply due deadlines, deliver due reminders. A failed
        round never stops the loop."""
        async with self._round:
            await self._round_once()

    async def _round_once(self) -> None:
        try:
            if not self._started:  # claims left by this process's earlier life end now (SQLite)
                await self.bot.games.take_over_claims()
                # what a stop between a commit and its post left untold is told now, not at a reminder
                await catchup.tell_all_untold(self.bot)
                self._started = True
            # the background runner makes those moves and posts them like any move
            await self.bot.games.resume_computer_turns()
            due = await self.bot.games.run_due()
            with pacing.background():  # nobody waits for these: a person's move is announced first
                await announcer.deliver_notifications(self.bot, due)
            await damage_lines.tell(self.bot)  # games found damaged, whose line's post failed
        except DatabaseUnavailable:  # the database logged it once; a traceback every round says nothing more
            pass
        except Exception:
            log.exception("a reminder round failed; the next round tries again")

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Note the language of the person's Discord, for their direct messages and reminders (a write only
        when it changed)."""
        try:
            await self.bot.games.note_language(interaction.user.id, i18n.language_of(interaction.locale))
        except DatabaseUnavailable:
            pass  # the database logged it; the next interaction notes it
        except Exception:
            log.exception("could not note the language of user %s", interaction.user.id)

    notify = app_commands.Group(name="notify", description="How the bot reminds you")

    @notify.command(name="language", description="The language of your direct messages and reminders")
    @app_commands.describe(language="automatic: the language your Discord uses")
    @app_commands.choices(
        language=[*LANGUAGE_CHOICES, app_commands.Choice(name="automatic", value="automatic")]
    )
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await replies.defer_private(interaction)
        chosen = None if language == "automatic" else language
        await self.bot.games.choose_language(interaction.user.id, chosen)
        # said in the language chosen, so the person sees at once what their messages will read like
        text = (
            translate(interaction.locale, "message.language_automatic")
            if chosen is None
            else translate(chosen, "message.language_chosen")
        )
        await interaction.followup.send(text, ephemeral=True)

    @notify.command(
        name="dm", description="Also get your turn notices as direct messages (off until you turn them on)"
    )
    async def dm(self, interaction: discord.Interaction, enabled: bool) -> None:
        await replies.defer_private(interaction)
        await self.bot.games.update_user_settings(interaction.user.id, dms=enabled)
        said = "message.notify.dms_on" if enabled else "message.notify.dms_off"
        await interaction.followup.send(translate(interaction.locale, said), ephemeral=True)

    @notify.command(
        name="mute", description="Silence reminders: for this turn, for the game here, or everywhere"
    )
    @app_commands.describe(scope="this turn only, every turn of the game here, or all your games")
    async def mute(
        self, interaction: discord.Interaction, scope: Literal["turn", "game", "everywhere"] = "turn"
    ) -> None:
        here = context(interaction)
        await replies.defer_private(interaction)
        if scope == "everywhere":
            await self.bot.games.mute(here.user_id, None, False)
            text = translate(here.locale, "message.notify.muted_everywhere")
        else:
            game = await here.game()
            await self.bot.games.mute(here.user_id, game.id, scope == "turn")
            said = "message.notify.muted_turn" if scope == "turn" else "message.notify.muted_game"
            text = translate(here.locale, said)
        await interaction.followup.send(replies.mentioned(interaction, text), ephemeral=True)

    @notify.command(name="unmute", description="Turn reminders back on everywhere")
    async def unmute(self, interaction: discord.Interaction) -> None:
        await replies.defer_private(interaction)
        await self.bot.games.unmute(interaction.user.id)
        await interaction.followup.send(
            translate(interaction.locale, "message.notify.unmuted"), ephemeral=True
        )

    @notify.command(name="every", description="How often you are reminded, overriding each game's setting")
    @app_commands.describe(hours="hours between reminders (0 = each game's own setting)")
    async def every(
        self, interaction: discord.Interaction, hours: app_commands.Range[int, 0, 24 * 14]
    ) -> None:
        await replies.defer_private(interaction)
        await self.bot.games.update_user_settings(interaction.user.id, reminder_minutes=hours * 60 or None)
        text = (
            translate(interaction.locale, "message.notify.every", hours=hours)
            if hours
            else translate(interaction.locale, "message.notify.every_game")
        )
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Reminders(bot))
