"""/game: create a game of either title in this channel or thread, fill its seats, start, cancel, status,
and the seat changes of a running game (resign, away, replace, hand over to the computer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs._checks import is_manager, member_name
from bot.services.errors import ServiceError
from bot.ui import flow, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

Hours = app_commands.Range[int, 0, 24 * 30]
DeadlineAction = Literal["skip", "ai", "vote"]
SeatOrder = Literal["random", "join"]

TIMING_HELP = {
    "seat_order": "random seating (default) or the order players joined",
    "reminder_hours": "remind the player to act every this many hours (0 = never; default 24)",
    "deadline_hours": "hours a player has for a turn (0 = no deadline, the default)",
    "deadline_action": "when time runs out: skip the turn, let the computer play it, or let the others vote",
}


class LimitReached(ServiceError):
    """The user already has as many open games in this server as allowed."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"You already have {limit} open games in this server, the most allowed.")

    code = "limit_reached"


@app_commands.guild_only()
class Lobby(commands.GroupCog, group_name="game", group_description="Create, join and manage the game here"):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        super().__init__()

    async def _create(
        self,
        interaction: discord.Interaction,
        rules_id: str,
        options: dict[str, Any],
        max_players: int,
        seat_order: str,
        reminder_hours: int,
        deadline_hours: int,
        deadline_action: str,
    ) -> None:
        await self._check_limit(interaction)
        game = await self.bot.games.create_game(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            member_name(interaction.user),
            rules_id,
            options,
            max_players=max_players,
            seat_order=seat_order,
            reminder_minutes=reminder_hours * 60 or None,
            deadline_minutes=deadline_hours * 60 or None,
            deadline_action=deadline_action,
        )
        embed = presenters.status_embed(game)
        await interaction.response.send_message(
            f"{member_name(interaction.user)} opened a game of **{game.title}** here. "
            "Join with /game join; the host starts it with /game start.",
            embed=embed,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _check_limit(self, interaction: discord.Interaction) -> None:
        limit = self.bot.settings.max_games_per_user
        if is_manager(interaction):
            return
        games = await self.bot.games.active_games()
        mine = [g for g in games if g.host_id == interaction.user.id and g.guild_id == interaction.guild_id]
        if len(mine) >= limit:
            raise LimitReached(limit)

    @app_commands.command(name="gwt", description="Open a game of Great Western Trail (2-4 players) here")
    @app_commands.describe(
        max_players="most players who may join (2-4)",
        building_sides="private buildings: all side A (first game), all side B, or a random side each",
        neutral_buildings="neutral buildings in the rulebook's fixed order, or shuffled",
        **TIMING_HELP,
    )
    async def gwt(
        self,
        interaction: discord.Interaction,
        max_players: app_commands.Range[int, 2, 4] = 4,
        building_sides: Literal["a", "b", "random"] = "a",
        neutral_buildings: Literal["standard", "random"] = "standard",
        seat_order: SeatOrder = "random",
        reminder_hours: Hours = 24,
        deadline_hours: Hours = 0,
        deadline_action: DeadlineAction = "skip",
    ) -> None:
        options = {"building_sides": building_sides, "neutral_buildings": neutral_buildings}
        await self._create(
            interaction,
            "gwt",
            options,
            max_players,
            seat_order,
            reminder_hours,
            deadline_hours,
            deadline_action,
        )

    @app_commands.command(name="santafe", description="Open a game of Santa Fe (2-5 players) here")
    @app_commands.describe(
        max_players="most players who may join (2-5)",
        advanced="the advanced rules of the rulebook",
        buy_track="allow buying extra track, as the rulebook's variant describes",
        **TIMING_HELP,
    )
    async def santafe(
        self,
        interaction: discord.Interaction,
        max_players: app_commands.Range[int, 2, 5] = 5,
        advanced: bool = False,
        buy_track: bool = False,
        seat_order: SeatOrder = "random",
        reminder_hours: Hours = 24,
        deadline_hours: Hours = 0,
        deadline_action: DeadlineAction = "skip",
    ) -> None:
        options = {"advanced": advanced, "buy_track": buy_track}
        await self._create(
            interaction,
            "santafe",
            options,
            max_players,
            seat_order,
            reminder_hours,
            deadline_hours,
            deadline_action,
        )

    async def _lobby_reply(self, interaction: discord.Interaction, text: str, game: Any) -> None:
        await interaction.response.send_message(
            text, embed=presenters.status_embed(game), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="join", description="Take a seat in the game waiting here")
    async def join(self, interaction: discord.Interaction) -> None:
        game = await self.bot.games.join(
            interaction.channel_id or 0, interaction.user.id, member_name(interaction.user)
        )
        await self._lobby_reply(interaction, f"{member_name(interaction.user)} joined.", game)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self.bot.games.leave(interaction.channel_id or 0, interaction.user.id)
        await self._lobby_reply(interaction, f"{member_name(interaction.user)} left.", game)

    @app_commands.command(name="add-ai", description="Seat a computer player in the game waiting here")
    @app_commands.describe(level="0 plays at random, 1 plays sensibly")
    async def add_ai(
        self, interaction: discord.Interaction, level: app_commands.Range[int, 0, 1] = 1
    ) -> None:
        game = await self.bot.games.add_ai(interaction.channel_id or 0, interaction.user.id, level)
        await self._lobby_reply(interaction, "A computer player joined.", game)

    @app_commands.command(name="start", description="Start the game waiting here (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        started = await self.bot.games.start(interaction.channel_id or 0, interaction.user.id)
        game = getattr(started, "game", started)
        await interaction.followup.send("The game has started.", ephemeral=True)
        await flow.post_turn(self.bot, game, presenters.event_lines(getattr(started, "public_events", [])))

    @app_commands.command(
        name="cancel", description="Call off the game waiting here (host or server manager)"
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        game = await self.bot.games.cancel(
            interaction.channel_id or 0, interaction.user.id, admin=is_manager(interaction)
        )
        await interaction.response.send_message(f"The game of {game.title} here was called off.")

    @app_commands.command(name="status", description="Who plays, whose turn it is, and the options")
    async def status(self, interaction: discord.Interaction) -> None:
        game = await self.bot.games.get_game(interaction.channel_id or 0)
        prompt = ""
        if game.status == "active":
            prompt = presenters.decision_prompt(
                await self.bot.games.view_at(game.channel_id, game.version, None)
            )
        await interaction.response.send_message(embed=presenters.status_embed(game, prompt), ephemeral=True)

    @app_commands.command(name="resign", description="Leave the running game; a computer finishes your seat")
    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        before = await self.bot.games.get_game(interaction.channel_id or 0)
        outcome = await self.bot.games.resign(interaction.channel_id or 0, interaction.user.id)
        await interaction.followup.send("You resigned from the game.", ephemeral=True)
        channel = await flow.channel_of(self.bot, before.channel_id)
        await channel.send(
            f"{member_name(interaction.user)} resigned.", allowed_mentions=discord.AllowedMentions.none()
        )
        if hasattr(outcome, "events"):
            await flow.announce(self.bot, before, outcome)

    @app_commands.command(name="away", description="Mark yourself away (no reminders) or back")
    @app_commands.describe(away="true while you are away, false when you are back")
    async def away(self, interaction: discord.Interaction, away: bool = True) -> None:
        await self.bot.games.set_away(interaction.channel_id or 0, interaction.user.id, away)
        text = "You are marked away: no reminders until you come back." if away else "Welcome back."
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="replace", description="Give a seat to another member (host or server manager)"
    )
    @app_commands.describe(seat="the seat number shown by /game status", member="who takes the seat over")
    async def replace(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 5], member: discord.Member
    ) -> None:
        game = await self.bot.games.replace_player(
            interaction.channel_id or 0,
            interaction.user.id,
            seat - 1,
            member.id,
            member_name(member),
            admin=is_manager(interaction),
        )
        await interaction.response.send_message(
            f"{member.mention} now plays seat {seat}.",
            embed=presenters.status_embed(game),
            allowed_mentions=discord.AllowedMentions(users=[member], everyone=False, roles=False),
        )

    @app_commands.command(
        name="computer", description="Let the computer play a seat (your own, or any as host)"
    )
    @app_commands.describe(seat="the seat number shown by /game status", level="0 random, 1 sensible")
    async def computer(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 5],
        level: app_commands.Range[int, 0, 1] = 1,
    ) -> None:
        await self.bot.games.hand_to_ai(
            interaction.channel_id or 0, interaction.user.id, seat - 1, level, admin=is_manager(interaction)
        )
        await interaction.response.send_message(f"The computer now plays seat {seat}.")

    @app_commands.command(name="take-back", description="Take your seat back from the computer")
    async def take_back(self, interaction: discord.Interaction) -> None:
        await self.bot.games.take_back_seat(interaction.channel_id or 0, interaction.user.id)
        await interaction.response.send_message(f"{member_name(interaction.user)} is back at the table.")


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Lobby(bot))
