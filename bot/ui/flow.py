"""The turn flow shared by /move, move buttons and menus: submit a move, then tell everyone what changed.

Who hears what:
- the mover gets a private answer with everything the move did (their own hidden details included) and,
  while the turn is still theirs, the next step's choices — a long GWT turn stays out of the channel;
- the channel gets one public summary when the turn passes to someone new: what happened since the last
  summary (read from the stored move log, so a restart mid-turn loses nothing), the board, and a
  mention of exactly the players who must act now;
- during a simultaneous choice (Santa Fe's cards) the channel hears only who has chosen, never what.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import messages
from bot.services import GameInfo, MoveOutcome, Notification
from bot.ui import pickers, pictures, places, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)


def human_users(game: GameInfo, seats: tuple[int, ...] | list[int]) -> list[int]:
    """The Discord users sitting at ``seats`` (computer seats have none)."""
    wanted = set(seats)
    return [s.user_id for s in game.seats if s.seat in wanted and not s.is_ai and s.user_id is not None]


async def channel_of(bot: BoardGameBot, channel_id: int) -> discord.abc.Messageable:
    channel = bot.get_channel(channel_id)
    if channel is None:
        channel = await bot.fetch_channel(channel_id)
    return channel  # type: ignore[return-value]


async def post_turn(bot: BoardGameBot, game: GameInfo, lines: list[str]) -> discord.Message | None:
    """The public turn message: what happened, the board, and a ping for exactly who must act now."""
    channel = await channel_of(bot, game.channel_id)
    view = await bot.games.view_at(game.channel_id, game.version, None)
    prompt = presenters.decision_prompt(view, game)
    lines = [presenters.named(line, game) for line in lines]
    to_ping = human_users(game, game.to_act)
    ping, allowed = presenters.mentions(to_ping)
    waiting = presenters.names(game, game.to_act)
    content = presenters.clip(
        f"{ping} your turn: {prompt}" if ping else f"Waiting for {waiting}: {prompt}", 2000
    )
    embed = presenters.game_embed(
        game,
        f"{game.title}: {waiting} to act",
        presenters.bullet_block(lines, presenters.DESCRIPTION_LIMIT) if lines else "",
    )
    picture = await pictures.board(view, presenters.seat_names(game))
    files = [picture] if picture else []
    if picture:
        embed.set_image(url=f"attachment://{picture.filename}")
    message = await channel.send(
        content,
        embed=embed,
        files=files,
        view=pickers.turn_view(game.id, game.revision),
        allowed_mentions=allowed,
    )
    await retire_buttons(bot, game.id, message)
    return message


async def retire_buttons(bot: BoardGameBot, game_id: int, newest: discord.Message | None) -> None:
    """Take the buttons off the game's previous turn message, so only the newest one offers them.

    Remembered in memory only: after a restart the old buttons stay and answer that they are stale.
    """
    previous = bot.turn_messages.pop(game_id, None)
    if newest is not None:
        bot.turn_messages[game_id] = newest
    if previous is not None:
        try:
            await previous.edit(view=None)
        except discord.HTTPException:
            log.info("could not take the buttons off an old turn message of game %s", game_id)


async def post_results(bot: BoardGameBot, game: GameInfo, result: dict[str, Any], lines: list[str]) -> None:
    """The final message: last events, ranking with points per category, the score picture."""
    channel = await channel_of(bot, game.channel_id)
    ping, allowed = presenters.mentions(human_users(game, [s.seat for s in game.seats]))
    embed = presenters.results_embed(game, result)
    lines = [presenters.named(line, game) for line in lines]
    if lines:
        embed.add_field(
            name="Last moves",
            value=presenters.bullet_block(lines[-10:], presenters.FIELD_LIMIT),
            inline=False,
        )
    names = [presenters.seat_name(game, s.seat) for s in game.seats]
    picture = await pictures.result(result, names, game.rules_id)
    files = [picture] if picture else []
    if picture:
        embed.set_image(url=f"attachment://{picture.filename}")
    await channel.send(f"{ping} the game is over.", embed=embed, files=files, allowed_mentions=allowed)
    await retire_buttons(bot, game.id, None)


async def post_progress(bot: BoardGameBot, game: GameInfo, seat: int) -> None:
    """During a simultaneous choice: who has chosen, without what."""
    channel = await channel_of(bot, game.channel_id)
    text = f"✅ {presenters.seat_name(game, seat)} has chosen. " + messages.WAITING_FOR.format(
        names=presenters.names(game, game.to_act)
    )
    await channel.send(text, allowed_mentions=discord.AllowedMentions.none())


async def untold_lines(bot: BoardGameBot, game: GameInfo) -> list[str]:
    """The public lines of every move up to ``game``'s version not yet summarised in the channel."""
    return presenters.event_lines(await bot.games.take_public_events(game.id, game.version))


async def announce(bot: BoardGameBot, before: GameInfo, outcome: MoveOutcome) -> None:
    """Tell the channel about a move, according to the rules in this module's docstring."""
    game = outcome.game
    if outcome.finished:
        await post_results(bot, game, outcome.result or {}, await untold_lines(bot, game))
        return
    if not outcome.turn_passed:
        return
    still_choosing = outcome.seat not in outcome.to_act and set(outcome.to_act) < set(before.to_act)
    if still_choosing and outcome.seat is not None:
        await post_progress(bot, game, outcome.seat)
        return
    await post_turn(bot, game, await untold_lines(bot, game))


# Notices after which the channel gets a fresh turn message (someone new must act).
TURN_CHANGING = frozenset({"deadline", "replaced"})


async def deliver_notifications(
    bot: BoardGameBot, notes: Sequence[Notification], *, post_turn_in: set[int] | None = None
) -> None:
    """Deliver reminders and deadline notices; post a fresh turn message where the turn changed hands."""
    channels = set(post_turn_in or ())
    gone: set[int] = set()  # channels found deleted: their games are ended, nothing more is posted there
    for note in notes:
        if note.channel_id in gone:
            continue
        try:
            await deliver_one(bot, note)
        except discord.HTTPException as error:
            if places.unknown_channel(error):
                gone.add(note.channel_id)
                await places.channel_gone(bot, note.channel_id)
                continue
            log.warning("could not deliver a %s notice in channel %s", note.kind, note.channel_id)
        if note.kind in TURN_CHANGING:
            channels.add(note.channel_id)
    for channel_id in channels - gone:
        game = await bot.games.get_game(channel_id)
        if game.status == "active":
            try:
                await post_turn(bot, game, await untold_lines(bot, game))
            except discord.NotFound as error:
                if not places.unknown_channel(error):
                    raise
                await places.channel_gone(bot, channel_id)


async def deliver_one(bot: BoardGameBot, note: Notification) -> None:
    """A notice in the game's channel (mentioning its user, if any) and, if they accept them, a DM."""
    channel = await channel_of(bot, note.channel_id)
    if note.user_id is None:
        await channel.send(presenters.clip(note.text, 2000), allowed_mentions=discord.AllowedMentions.none())
        return
    ping, allowed = presenters.mentions([note.user_id])
    extra: dict[str, Any] = {}
    if note.kind == "reminder":
        game = await bot.games.game_by_id(note.game_id)
        extra["view"] = pickers.reminder_view(game.id, game.revision)
    await channel.send(presenters.clip(f"{ping} {note.text}", 2000), allowed_mentions=allowed, **extra)
    if note.dm:
        await deliver_dm(bot, note.user_id, note.text, note.channel_id)


async def notify_directly(bot: BoardGameBot, outcome: MoveOutcome) -> None:
    """Direct messages for players who accept them; the channel message already pinged everyone."""
    for note in outcome.notifications:
        if note.dm and note.user_id is not None:
            await deliver_dm(bot, note.user_id, note.text, note.channel_id)


async def deliver_dm(bot: BoardGameBot, user_id: int, text: str, channel_id: int) -> bool:
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(f"{text}\n<#{channel_id}>", allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.info("could not send a direct message to user %s", user_id)
        return False
    except Exception:  # a direct message is a courtesy: it must never fail the move that caused it
        log.exception("direct message to user %s failed", user_id)
        return False
    return True


async def announce_or_explain(interaction: discord.Interaction, posting: Awaitable[Any]) -> bool:
    """Post in the channel; if the bot may not, the move still stands and the player is told how to fix it.
    Returns False when the channel turned out deleted (its game is then ended)."""
    try:
        await posting
    except discord.Forbidden:
        log.warning("no permission to post in channel %s", interaction.channel_id)
        await interaction.followup.send(messages.CANNOT_POST, ephemeral=True)
    except discord.NotFound as error:
        if not places.unknown_channel(error) or interaction.channel_id is None:
            raise
        await places.channel_gone(interaction.client, interaction.channel_id)  # type: ignore[arg-type]
        await interaction.followup.send(messages.CHANNEL_GONE, ephemeral=True)
        return False
    return True


async def play(interaction: discord.Interaction, move: str, expected_revision: int | None) -> None:
    """Submit ``move`` for the user and present the outcome. The interaction must already be deferred.

    ``expected_revision`` is the position a button was drawn for (None for typed moves, which are checked
    against the current position anyway); the service refuses the move if the game has moved on.

    The private answer goes to the original response (the deferred "thinking" message of /move, or the
    private picker a button sits on).
    """
    bot: BoardGameBot = interaction.client  # type: ignore[assignment]
    channel_id = interaction.channel_id or 0
    before = await bot.games.get_game(channel_id)
    outcome = await bot.games.submit(
        channel_id, interaction.user.id, move, expected_revision=expected_revision
    )
    mine = [
        presenters.named(line, outcome.game)
        for line in presenters.event_lines(outcome.events, seat=outcome.seat)
    ]
    summary = presenters.bullet_block(mine, 1500) if mine else f"Played {outcome.move}."
    if outcome.seat in outcome.to_act and not outcome.finished:
        moves = await bot.games.legal_moves(channel_id, interaction.user.id)
        own_view = (await bot.games.view_for(channel_id, interaction.user.id))[1]
        content, picker = pickers.picker(
            outcome.game, moves, presenters.decision_prompt(own_view, outcome.game)
        )
        await interaction.edit_original_response(
            content=presenters.clip(f"{summary}\n\n{content}", 2000), view=picker
        )
    else:
        await interaction.edit_original_response(content=summary, view=None)
    if await announce_or_explain(interaction, announce(bot, before, outcome)):
        await notify_directly(bot, outcome)


async def show_options(interaction: discord.Interaction, *, note: str = "") -> None:
    """The user's current choices as a private picker, or why they have none."""
    bot: BoardGameBot = interaction.client  # type: ignore[assignment]
    channel_id = interaction.channel_id or 0
    game = await bot.games.get_game(channel_id)
    seat = await bot.games.seat_of(channel_id, interaction.user.id)
    prefix = f"{note}\n" if note else ""
    if seat is None:
        await _private(interaction, prefix + messages.NOT_SEATED)
        return
    moves = await bot.games.legal_moves(channel_id, interaction.user.id)
    if not moves:
        waiting = presenters.names(game, game.to_act)
        text = messages.NOTHING_TO_DECIDE + (
            " " + messages.WAITING_FOR.format(names=waiting) if waiting else ""
        )
        await _private(interaction, prefix + text)
        return
    own_view = (await bot.games.view_for(channel_id, interaction.user.id))[1]
    content, view = pickers.picker(game, moves, presenters.decision_prompt(own_view, game))
    await _private(interaction, presenters.clip(prefix + content, 2000), view=view)


async def _private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def show_hand(interaction: discord.Interaction) -> None:
    """The user's hand, player area and current options, privately. Defers first: pictures take time."""
    bot: BoardGameBot = interaction.client  # type: ignore[assignment]
    channel_id = interaction.channel_id or 0
    await interaction.response.defer(ephemeral=True, thinking=True)
    game, view = await bot.games.view_for(channel_id, interaction.user.id)
    seat = view.get("viewer")
    if seat is None:
        await interaction.followup.send(messages.NOT_SEATED, ephemeral=True)
        return
    files = [
        f
        for f in (
            await pictures.hand(view),
            await pictures.player_area(view, seat, presenters.seat_names(game)),
        )
        if f is not None
    ]
    moves = await bot.games.legal_moves(channel_id, interaction.user.id)
    lines = [
        f"**Your hand and board in {game.title}**, {presenters.seat_name(game, seat)}. {messages.HIDDEN_NOTE}"
    ]
    if moves:
        prompt = presenters.decision_prompt(view, game)
        lines.append(f"Now: {prompt}" if prompt else "It is your turn.")
        lines.extend(f"• {label}" for _, label in moves[:15])
        if len(moves) > 15:
            lines.append(f"… and {len(moves) - 15} more: type /move to search them.")
    await interaction.followup.send(presenters.clip("\n".join(lines), 2000), files=files, ephemeral=True)
