"""Looking back and around: /log (recent moves as text), /board (the board, or a player's own board, now or
at any earlier move), /replay (a game move by move, or as one animated picture), /export, and /games (your
open games in this server, and whose turn it is in each)."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages
from bot.i18n import translate
from bot.play import boards, paging, replays
from bot.play.context import context
from bot.ui import pictures, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot


class History(commands.Cog):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="log", description="The recent moves of the game here, as text (only you)")
    @app_commands.describe(count="how many lines (default 15)")
    async def log(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 60] = 15) -> None:
        await paging.send_log(interaction, count)

    @app_commands.command(name="board", description="The board now, or after an earlier move")
    @app_commands.describe(
        move="show the board as it was after this many moves (default: now)",
        share="post it in the channel instead of showing only you",
        player="show this player's own board (their public area) instead",
    )
    async def board(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[int, 0] | None = None,
        share: bool = False,
        player: discord.User | None = None,
    ) -> None:
        # always a private "thinking" message, so a refusal stays private; a shared board follows it
        here = context(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await here.game()
        version = game.version if move is None else move
        if player is not None:
            seat = game.seat_of(player.id)
            if seat is None:
                name = presenters.safe(getattr(player, "display_name", player.name))
                text = translate(here.locale, "message.no_seat", name=name)
                await interaction.followup.send(text, ephemeral=True)
                return
            await boards.send_player_boards(interaction, game, [seat.seat], version=version, share=share)
            return
        # Always the spectator's view: this may be posted publicly and never shows anyone's hand.
        view = await self.bot.games.view_at(game.channel_id, version, None)
        language = game.language if share else here.locale  # a shared board is the channel's
        title = (
            translate(language, "message.board.now", title=game.title)
            if version == game.version
            else translate(language, "message.board.after", title=game.title, version=version)
        )
        embed = presenters.game_embed(game, title, presenters.decision_prompt(view, game, language), language)
        names = presenters.seat_names(game)
        words = pictures.words_for(language, view, [], names)
        picture = await pictures.board(view, names, stem=f"board-{version}", words=words)
        if share:
            await interaction.followup.send(translate(here.locale, "message.shared_below"), ephemeral=True)
        if picture is None:
            if pictures.draws(view, "render_board"):  # a game without board pictures misses none
                embed.description = (
                    (embed.description or "") + "\n" + translate(language, "message.picture_failed")
                )
            await interaction.followup.send(embed=embed, ephemeral=not share)
        else:
            embed.set_image(url=f"attachment://{picture.filename}")
            await interaction.followup.send(embed=embed, ephemeral=not share, file=picture)

    @app_commands.command(name="replay", description="Look back at a game move by move (only you)")
    @app_commands.describe(
        game="the game's number (default: the latest game here)",
        move="open at the position after this many moves (default: the last)",
        animated="the whole game as one animated picture instead",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1] | None = None,
        move: app_commands.Range[int, 0] | None = None,
        animated: bool = False,
    ) -> None:
        await replays.send_replay(interaction, game, move, animated)

    @app_commands.command(
        name="export", description="Download the game here as a JSON file (rules, seed, moves)"
    )
    async def export(self, interaction: discord.Interaction) -> None:
        here = context(interaction)
        game = await here.game()
        # refused (privately, by the error handler) to anyone seated while it runs, and to non-managers
        data = await self.bot.games.export(here.channel_id, here.user_id, admin=here.admin)
        blob = json.dumps(data, indent=1, sort_keys=True).encode()
        file = discord.File(io.BytesIO(blob), filename=f"{game.rules_id}-game-{game.id}.json")
        warning = f"\n⚠️ {data['hidden_cards_warning']}" if "hidden_cards_warning" in data else ""
        await interaction.response.send_message(
            f"{game.title}, game {game.id}: {game.version} moves. "
            f"{translate(here.locale, 'message.hidden_note')}{warning}",
            file=file,
            ephemeral=True,
        )

    @app_commands.command(name="games", description="Your open games in this server and whose turn it is")
    async def games(self, interaction: discord.Interaction) -> None:
        here = context(interaction)
        listing = await paging.games_listing(self.bot, here.user_id, here.guild_id or 0, here.locale)
        if listing is None:
            text = messages.no_open_games(here.locale)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await paging.send(interaction, listing)


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(History(bot))
