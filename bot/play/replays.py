"""/replay: a game looked back at, privately, as a spectator sees it.

The viewer is one private message: the picture of a position and the line of the move that led to it,
with buttons to the start, ten moves back, one back, one on, ten on and to the end, and a menu that jumps to
any of 25 positions spread over the game. Each control carries the game and the position it shows (so it
works after a restart); a press is answered at once (a deferred update: the picture is drawn by the
pictures' workers) and the message is edited to the new position. ``animated`` sends the whole game as one
animated picture instead.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import language_of, translate
from bot.play import replies
from bot.play.context import context
from bot.services import GameInfo
from bot.services.replays import ReplayPosition
from bot.ui import custom_ids, pictures, presenters
from bot.ui.animations import Animation, AnimationKey

if TYPE_CHECKING:
    from bot.client import BoardGameBot

# (slot, emoji, moves away; None: to the end): the buttons under a position, in two rows
STEPS: tuple[tuple[str, str, int | None], ...] = (
    ("a", "⏮️", -1_000_000),
    ("b", "⏪", -10),
    ("c", "◀️", -1),
    ("d", "▶️", 1),
    ("e", "⏩", 10),
    ("f", "⏭️", None),
)
JUMP_OPTIONS = 25  # Discord's most options in a select menu (components-reference.mdx, "String Select")


def jump_versions(last: int, most: int = JUMP_OPTIONS) -> list[int]:
    """The positions the jump menu offers: all of them when they fit, else ``most`` spread evenly."""
    if last + 1 <= most:
        return list(range(last + 1))
    return sorted({round(i * last / (most - 1)) for i in range(most)})


def controls(game: GameInfo, version: int, locale: object) -> discord.ui.View:
    """The buttons and the jump menu under position ``version`` of ``game``."""
    view = discord.ui.View(timeout=None)
    last = game.version
    for slot, emoji, step in STEPS:
        target = last if step is None else min(max(version + step, 0), last)
        row = 1 if step is None else 0
        view.add_item(ReplayButton(game.id, slot, target, emoji, disabled=target == version, row=row))
    options = [
        discord.SelectOption(
            label=translate(locale, "message.replay.jump_option", move=v), value=str(v), default=v == version
        )
        for v in jump_versions(last)
    ]
    view.add_item(ReplayJump(game.id, options, translate(locale, "message.replay.jump")))
    return view


async def position_message(
    bot: BoardGameBot, position: ReplayPosition, locale: object
) -> tuple[discord.Embed, discord.File | None]:
    """The embed and picture of one position, in the reader's ``locale``."""
    game, version = position.game, position.version
    title = translate(
        locale, "message.replay.title", title=game.title, game=game.id, move=version, last=game.version
    )
    line = (
        presenters.named(position.line, game)
        if position.line is not None
        else translate(locale, "message.replay.start")
    )
    embed = presenters.game_embed(game, title, line, locale)
    names = presenters.seat_names(game)
    words = pictures.words_for(locale, position.view, [], names)
    picture = await pictures.board(position.view, names, stem=f"replay-{game.id}-{version}", words=words)
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    elif pictures.draws(position.view, "render_board"):  # a game without board pictures has none to miss
        embed.description = (embed.description or "") + "\n" + translate(locale, "message.picture_failed")
    return embed, picture


async def send_replay(
    interaction: discord.Interaction, game_id: int | None, move: int | None, animated: bool
) -> None:
    """/replay: the position asked for (the last, if none) with its controls, or the whole game as one
    animated picture; privately. Refusals come privately through the error handler."""
    here = context(interaction)
    bot = here.bot
    await interaction.response.defer(ephemeral=True, thinking=True)
    game = await bot.games.replay_game(here.channel_id, here.guild_id, game_id)
    if animated:
        await _send_animation(bot, interaction, game)
        return
    version = game.version if move is None else move
    position = await bot.games.replay_position(game.id, version, here.locale)
    embed, picture = await position_message(bot, position, here.locale)
    view = controls(position.game, version, here.locale)
    extra: dict[str, Any] = {"file": picture} if picture is not None else {}
    await interaction.followup.send(embed=embed, view=view, ephemeral=True, **extra)


def animation_key(game: GameInfo, locale: object) -> AnimationKey:
    """What the animated replay of ``game`` as it is now, for a reader of ``locale``, is made from."""
    return AnimationKey(game.id, game.revision, language_of(locale), tuple(presenters.seat_names(game)))


async def animation(bot: BoardGameBot, game: GameInfo, locale: object) -> Animation | None:
    """The animated replay of ``game`` (as read: at its revision) for a reader of ``locale``: the one
    this bot drew already for that revision and language, else drawn once however many ask at once
    (``bot.ui.animations``); None when no picture came."""

    async def build() -> tuple[AnimationKey, Animation] | None:
        shown, frames = await bot.games.replay_frames(game.id, locale)
        names = presenters.seat_names(shown)
        words = pictures.words_for(locale, frames[-1].view, [], names)
        words.pop("prompt", None)  # one position's prompt would be wrong on every other frame
        lines = [(f.view, [presenters.named(line, shown) for line in f.lines]) for f in frames]
        drawn = await pictures.replay(lines, names, words, stem=f"replay-{shown.id}")
        if drawn is None:
            return None
        data, filename = drawn
        return animation_key(shown, locale), Animation(data, filename, len(frames), shown.version)

    return await bot.animations.get(animation_key(game, locale), build)


async def _send_animation(bot: BoardGameBot, interaction: discord.Interaction, game: GameInfo) -> None:
    locale = interaction.locale
    drawn = await animation(bot, game, locale)
    moves, frames = (drawn.moves, drawn.frames) if drawn is not None else (game.version, 0)
    said = {"title": game.title, "game": game.id, "moves": moves, "frames": frames}
    if drawn is None:
        text = translate(locale, "message.replay.animation_failed", **said)
        await interaction.followup.send(text, ephemeral=True)
        return
    text = translate(locale, "message.replay.animation", **said)
    picture = discord.File(io.BytesIO(drawn.data), filename=drawn.filename)
    await interaction.followup.send(text, file=picture, ephemeral=True)


async def _show(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """Turn the replay message the control sits on to position ``version`` of game ``game_id``."""
    here = context(interaction)
    bot = here.bot
    metadata = interaction.message.interaction_metadata if interaction.message is not None else None
    if metadata is None or metadata.user.id != here.user_id:
        # only a forged press gets here: Discord shows a private message to its owner alone
        await replies.private(interaction, translate(here.locale, "message.replay.not_yours"))
        return
    # the same checks as the command's, so a control of another server's game never shows it here
    game = await bot.games.replay_game(here.channel_id, here.guild_id, game_id)
    version = min(version, game.version)  # an undo may have taken moves back since
    # answered at once: the picture is drawn meanwhile, then the message is edited (a deferred update,
    # discord-docs interactions/receiving-and-responding.mdx, "Interaction Callback Type" 6)
    await interaction.response.defer()
    position = await bot.games.replay_position(game.id, version, here.locale)
    embed, picture = await position_message(bot, position, here.locale)
    view = controls(position.game, version, here.locale)
    attachments = [picture] if picture is not None else []
    await interaction.edit_original_response(embed=embed, attachments=attachments, view=view)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.REPLAY_TEMPLATE):
    """One of the replay's buttons: shows position ``version``."""

    def __init__(
        self,
        game_id: int,
        slot: str,
        version: int,
        emoji: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.replay(game_id, slot, version),
                disabled=disabled,
                row=row,
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]), match["slot"], int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _show(interaction, self.game_id, self.version)
        except Exception as exc:  # every failure must reach the user, not just the log
            await replies.report(interaction, exc)


class ReplayJump(discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.REPLAY_JUMP_TEMPLATE):
    """The replay's menu of positions: shows the one chosen."""

    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_ids.replay_jump(game_id), options=options or [], placeholder=placeholder, row=2
        )
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayJump:
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["game"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            chosen = self.item.values[0] if self.item.values else "0"
            await _show(interaction, self.game_id, int(chosen))
        except Exception as exc:  # every failure must reach the user, not just the log
            await replies.report(interaction, exc)
