"""A small discord.py bot that exercises each kind of interaction the stand-in must carry."""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

MOVES = ["lay blue 3", "lay blue 5", "lay red 2", "pass", "buy station", "draw"]
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64  # enough of a PNG for an upload


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"vote:(?P<choice>[a-z]+)"):
    """A button that works after a restart: its choice lives in the custom_id."""

    def __init__(self, choice: str) -> None:
        super().__init__(discord.ui.Button(label=f"Vote {choice}", custom_id=f"vote:{choice}"))
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteButton:
        return cls(match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} voted {self.choice}")


class ColourSelect(discord.ui.Select[Any]):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")]
        super().__init__(custom_id="colour", placeholder="Pick a colour", options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you picked {self.values[0]}", ephemeral=True)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Your feedback", custom_id="feedback", max_length=200
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


game = app_commands.Group(name="game", description="Games")
admin = app_commands.Group(name="admin", description="Game administration", parent=game)


@game.command(name="new", description="Start a game")
@app_commands.choices(
    kind=[app_commands.Choice(name="Santa Fe", value="santafe"), app_commands.Choice(name="GWT", value="gwt")]
)
async def game_new(interaction: discord.Interaction, kind: app_commands.Choice[str], seats: int = 4) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton("yes"))
    view.add_item(VoteButton("no"))
    await interaction.response.send_message(
        f"{kind.value} for {seats} started by {interaction.user.mention}", view=view
    )


@admin.command(name="reset", description="Reset the game in this channel")
async def admin_reset(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("reset done", ephemeral=True)


@app_commands.command(name="purge", description="Delete every game of this server")
@app_commands.default_permissions(manage_guild=True)
async def purge(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("purged", ephemeral=True)


async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=m, value=m) for m in MOVES if current.lower() in m][:25]


@app_commands.command(name="move", description="Make a move")
@app_commands.autocomplete(move=move_choices)
async def move(interaction: discord.Interaction, move: str) -> None:
    await interaction.response.send_message(f"you played {move}", ephemeral=True)


@app_commands.command(name="board", description="Show the board")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    embed = discord.Embed(title="Board", description="turn 3").set_image(url="attachment://board.png")
    embed.add_field(name="Alice", value="12 points")
    await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(PNG), filename="board.png"))


@app_commands.command(name="colour", description="Choose a colour")
async def colour(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=60)
    view.add_item(ColourSelect())
    await interaction.response.send_message("choose:", view=view)


@app_commands.command(name="feedback", description="Send feedback")
async def feedback(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(FeedbackModal())


@app_commands.command(name="announce", description="Post in a channel")
async def announce(interaction: discord.Interaction, where: discord.TextChannel, text: str) -> None:
    await interaction.response.defer(ephemeral=True)
    try:
        await where.send(text)
    except discord.Forbidden as error:
        await interaction.followup.send(f"cannot: {error.code}", ephemeral=True)
    else:
        await interaction.followup.send("posted", ephemeral=True)


@app_commands.command(name="shout", description="Say something very long")
async def shout(interaction: discord.Interaction, times: int) -> None:
    await interaction.response.send_message("A" * times)


# the codes of the follow-ups Discord refused to /echoes
REFUSED_FOLLOWUPS: list[int] = []


@app_commands.command(name="echoes", description="Answer with many follow-ups")
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def echoes(interaction: discord.Interaction, times: int) -> None:
    await interaction.response.defer(ephemeral=True)
    for number in range(times):
        try:
            await interaction.followup.send(f"echo {number + 1}", ephemeral=True)
        except discord.HTTPException as exc:
            REFUSED_FOLLOWUPS.append(exc.code)
            return


@app_commands.command(name="wave", description="Wave to everyone in the channel")
@app_commands.allowed_installs(guilds=True, users=True)
async def wave(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("👋")


@app_commands.command(name="remind", description="Remind someone by direct message")
async def remind(interaction: discord.Interaction, who: discord.User) -> None:
    await who.send("it is your turn")
    await interaction.response.send_message(f"reminded {who.mention}", ephemeral=True)


@app_commands.command(name="card", description="Show your card, to you only")
async def card(interaction: discord.Interaction) -> None:
    picture = discord.File(io.BytesIO(PNG), filename="card.png")
    await interaction.response.send_message("your card", file=picture, ephemeral=True)


@app_commands.command(name="steps", description="Reply, follow up, edit and delete")
async def steps(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("step 1")
    second = await interaction.followup.send("step 2", wait=True)
    await second.edit(content="step 2, edited")
    third = await interaction.followup.send("step 3", wait=True)
    original = await interaction.original_response()
    await interaction.edit_original_response(content=f"{original.content} (seen)")
    await third.delete()


@app_commands.command(name="upload", description="Read an uploaded file")
async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
    data = await file.read()
    await interaction.response.send_message(f"{file.filename}: {len(data)} bytes", ephemeral=True)


@app_commands.command(name="badge", description="Answer with a button wearing an emoji")
async def badge(interaction: discord.Interaction, emoji: str) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Badge", emoji=emoji, custom_id="badge"))
    try:
        await interaction.response.send_message("badge", view=view)
    except discord.HTTPException as error:
        await interaction.response.send_message(f"refused: {error.code} {error.text}", ephemeral=True)


@app_commands.command(name="say", description="Answer with the text given, mentions and all")
async def say(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text)


ALL_COMMANDS: tuple[app_commands.Command[Any, Any, Any] | app_commands.Group, ...] = (
    game,
    purge,
    move,
    board,
    colour,
    feedback,
    announce,
    shout,
    echoes,
    wave,
    remind,
    card,
    steps,
    upload,
    badge,
    say,
)


class SampleBot(commands.Bot):
    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents or discord.Intents.default())

    async def setup_hook(self) -> None:
        for command in ALL_COMMANDS:
            self.tree.add_command(command)
        self.add_dynamic_items(VoteButton)
        await self.tree.sync()


def bot_with(*extra: app_commands.Command[Any, ..., Any]) -> SampleBot:
    """The sample bot with ``extra`` commands besides its own."""
    bot = SampleBot()
    for command in extra:
        bot.tree.add_command(command)
    return bot


async def noting_refusal(
    errors: list[int], answer: Awaitable[object], refused: type[discord.HTTPException] = discord.HTTPException
) -> None:
    """Await ``answer``; should Discord refuse it (``refused``), note the error's code in ``errors``."""
    try:
        await answer
    except refused as error:
        errors.append(error.code)
