"""The announcer: after a change is saved, tell everyone what changed.

Who hears what:
- the mover gets a private answer with everything the move did (their own hidden details included) and,
  while the turn is still theirs, the next step's choices — a long GWT turn stays out of the channel;
- the channel hears of each change of turn: what happened since it was last told (read from the stored
  move log, so a restart mid-turn loses nothing), the board, and a mention of exactly the players who
  must act now: in a quiet channel (a new game's), one live board message per game edited in place and
  a one-line ping linking to it, never for the mover, whose answer shows their turn (``live``); else
  (/game channel) a full turn message each time;
- a computer's move comes from the background runner (``computers``) and is told here like a person's;
- during a simultaneous choice (Santa Fe's cards) the channel hears only who has chosen, never what, in
  one message edited as more choose;
- the board comes with every turn message (or live board) unless the host chose pictures on request
  (/game pictures);
- the end brings the results, the score sheet and the final board.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translate
from bot.play import delivery, live, posting, turn_dms
from bot.play.reads import Reads
from bot.services import GameInfo, MoveOutcome, Notification
from bot.ui import pickers, pictures, presenters
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.client import BoardGameBot
    from bot.services.report import Report

log = logging.getLogger(__name__)


async def post_turn(
    bot: BoardGameBot,
    game: GameInfo,
    extra: Sequence[str] = (),
    perms: discord.Permissions | None = None,
    *,
    report: Report | None = None,
    moved: bool = False,
) -> discord.Message | None:
    """The public turn message: what happened since the last summary, the board, and a ping for exactly who
    must act now. The summary's lines count as told only once the message is posted.

    ``game`` may be older than the game by now (a reminder round resumes every waiting game before it
    posts, and people move meanwhile), so the post is built from the game as it is now; if a later
    post has already told the channel everything, or the game is over, nothing is posted.

    ``report``: what the move that made ``game`` left to tell, read with it under the game's lock; the post
    is made from it while the game is still at that position. ``moved``: the post tells moves played, and
    says nothing if a later post has told them already."""
    current = await bot.games.game_by_id(game.id)
    # the report holds the truth only while the game is at its position
    reads = Reads(bot.games, report if report is not None and report.revision == current.revision else None)
    if moved and not await reads.untold_movers(game.id, game.version):
        return None
    if current.revision != game.revision:
        if current.status != "active":
            return None
        if not extra and not await reads.untold_movers(game.id, current.version):
            return None
        game = current
    channel = posting.channel_for(bot, game)
    view = await reads.view_at(game.id, game.channel_id, game.version)
    untold = await reads.untold_public_events(game.id, game.version)
    if game.channel_style == "quiet":
        named = [presenters.named(line, game) for line in extra]
        shown = await live.show_turn(bot, game, channel, view, named, perms, untold, reads)
        await turn_dms.tell(bot, game, view, shown.board.id)
        await bot.games.mark_told(game.id, game.version, live_board=shown.kept, pinged=shown.pinged)
        await retire_buttons(bot, game.id, shown.board, game.revision)
        return shown.board
    return await _post_summary(bot, game, channel, view, untold, extra, perms)


async def _post_summary(
    bot: BoardGameBot,
    game: GameInfo,
    channel: discord.PartialMessageable,
    view: dict[str, Any],
    untold: list[Event],
    extra: Sequence[str],
    perms: discord.Permissions | None,
) -> discord.Message:
    """A turn message of the normal style: the events told, the board (or how to ask for it), and one ping
    per person who must act, sent once per decision."""
    prompt = presenters.decision_prompt(view, game)
    lines = presenters.event_lines(untold, game=game)
    lines = [presenters.named(line, game) for line in [*lines, *extra]]
    people = delivery.human_seats(game, game.to_act)
    ping, _ = presenters.mentions(user for _, user in people)
    waiting = presenters.names(game, game.to_act)
    # a computer seat is "being thought for", not waited for (its move comes from the background runner)
    said = game.language
    content = (
        translate(said, "message.turn.your_turn", ping=ping)
        if ping
        else presenters.waiting_text(game, game.to_act)
    )
    content = f"{content}: {prompt}"
    bank = presenters.bank_text(game, game.to_act)
    content += f"\n{bank}" if bank else ""
    embed = presenters.game_embed(
        game,
        presenters.clip(translate(said, "message.turn.to_act", title=game.title, names=waiting), 256),
        presenters.bullet_block(lines, presenters.DESCRIPTION_LIMIT, said) if lines else "",
    )
    if game.pictures == "every-turn":
        names = presenters.seat_names(game)
        words = pictures.words_for(game.language, view, untold, names)
        picture = await pictures.turn_board(view, names, lines, untold, words=words)
    else:  # the host asked for pictures on request: the board is one /board away
        picture = None
        content = f"{content}\n{translate(said, 'message.board_on_request')}"
    fresh = await bot.games.reserve_pings(game.id, game.version, people)  # once per decision
    _, allowed = presenters.mentions(user for _, user in fresh)
    options: delivery.PostOptions = {
        "view": pickers.turn_view(game.id, game.revision, pickers.has_hands(game.rules_id), game.language),
        "allowed_mentions": allowed,
    }
    if fresh:  # the post that pings: posted again after a crash, it is not seen twice
        options["nonce"] = live.ping_nonce(game, "turn", fresh)
    try:
        message = await delivery.send_post(
            channel,
            content,
            embed,
            picture,
            perms,
            **options,
        )
    except BaseException:
        await live.unreserve(bot, game, fresh)
        raise
    await turn_dms.tell(bot, game, view, message.id)  # before the turn counts as told: see turn_dms
    await bot.games.mark_told(game.id, game.version, pinged=fresh)
    await retire_buttons(bot, game.id, message, game.revision)
    return message


async def retire_buttons(
    bot: BoardGameBot, game_id: int, newest: discord.Message | None, revision: int = 0
) -> None:
    """Take the buttons off the game's previous turn message, so only the one about the latest position
    offers them. ``newest`` is about position ``revision`` (revisions only grow, undo too); if a message
    about a later one was posted meanwhile, it keeps the buttons and ``newest`` loses them.

    Remembered in memory only: after a restart the old buttons stay and answer that they are stale.
    """
    kept = bot.turn_messages.get(game_id)
    if newest is not None and kept is not None and kept[0] > revision:
        retired: discord.Message | None = newest
    else:
        bot.turn_messages.pop(game_id, None)
        if newest is not None:
            bot.turn_messages[game_id] = (revision, newest)
        # a live board edited to a later position is the same message: it keeps its buttons
        same = kept is not None and newest is not None and kept[1].id == newest.id
        retired = kept[1] if kept is not None and not same else None
    if retired is not None:
        try:
            await retired.edit(view=None)
        except discord.HTTPException:
            log.info("could not take the buttons off an old turn message of game %s", game_id)


async def post_results(
    bot: BoardGameBot,
    game: GameInfo,
    result: dict[str, Any],
    perms: discord.Permissions | None = None,
    *,
    report: Report | None = None,
) -> None:
    """The final message: last events, ranking with points per category, the score picture and the final
    board; told from ``report``, the last move's, when given (nothing moves in a finished game)."""
    reads = Reads(bot.games, report)
    channel = posting.channel_for(bot, game)
    # every person seated, also those whose seat the computer finished: it was their game too
    ping, allowed = presenters.mentions([s.user_id for s in game.seats if s.user_id is not None])
    embed = presenters.results_embed(game, result, await bot.games.computer_played(game.id))
    untold = await reads.untold_public_events(game.id, game.version)
    lines = [presenters.named(line, game) for line in presenters.event_lines(untold, game=game)]
    if lines:
        embed.add_field(
            name=translate(game.language, "message.result.last_moves"),
            value=presenters.bullet_block(lines[-10:], presenters.FIELD_LIMIT, game.language),
            inline=False,
        )
    picture = await pictures.result(result, presenters.seat_names(game), game.rules_id, game.language)
    view = await reads.view_at(game.id, game.channel_id, game.version)
    board = presenters.game_embed(
        game, presenters.clip(translate(game.language, "message.result.final_board", title=game.title), 256)
    )
    names = presenters.seat_names(game)
    final = await pictures.board(view, names, words=pictures.words_for(game.language, view, untold, names))
    more = [(board, final)] if final is not None else []
    chart = await points_chart(bot, game)
    if chart is not None:
        more.insert(0, chart)
    results = await delivery.send_post(
        channel,
        translate(game.language, "message.game_over_ping", ping=ping)
        if ping
        else translate(game.language, "message.game_over"),
        embed,
        picture,
        perms,
        more=more,
        allowed_mentions=allowed,
    )
    await bot.games.mark_told(game.id, game.version)
    await retire_buttons(bot, game.id, None)
    await live.show_over(bot, game, channel, results)


async def points_chart(bot: BoardGameBot, game: GameInfo) -> tuple[discord.Embed, discord.File] | None:
    """The chart of each player's public points over the game, for the final scores (None when the
    game's rules count no points in a position, or the picture could not be drawn)."""
    series = await bot.games.score_history(game.id)
    if not series:
        return None
    title = translate(game.language, "message.result.points_chart", title=game.title)
    picture = await pictures.score_chart(series, presenters.seat_names(game), game.title, game.language)
    if picture is None:
        return None
    return presenters.game_embed(game, presenters.clip(title, 256)), picture


async def close_live_board(bot: BoardGameBot, game: GameInfo, said: str) -> None:
    """The game's live board (if it has one) stops naming who acts and says ``said`` (a catalog message:
    the game was abandoned, or is told a message per turn from now on), without buttons; it is no
    longer the game's live board."""
    channel = posting.channel_for(bot, game)
    await live.close(bot, game, channel, translate(game.language, said))
    await bot.games.forget_live_board(game.id)
    await retire_buttons(bot, game.id, None)


async def post_progress(bot: BoardGameBot, game: GameInfo) -> None:
    """During a simultaneous choice: who has chosen, without what, in one message edited as more choose.
    Its id is kept with the game, so after a restart the same message is edited; if it was deleted, or
    sits in a thread that was archived meanwhile (where nothing can be edited, but a post reopens it), a
    new one is posted."""
    chosen = [s for s in await bot.games.untold_movers(game.id, game.version) if s not in game.to_act]
    if not chosen:  # a turn message has told of the choice meanwhile
        return
    text = presenters.clip(presenters.progress_text(game, chosen), 2000)
    channel = posting.channel_for(bot, game)
    quiet = discord.AllowedMentions.none()
    message_id = await bot.games.progress_message(game.id)
    if message_id is not None:
        try:
            await channel.get_partial_message(message_id).edit(content=text, allowed_mentions=quiet)
            return
        except discord.HTTPException as exc:
            if not isinstance(exc, discord.NotFound) and exc.code != posting.ARCHIVED_THREAD:
                raise
            log.info("cannot edit the choice message of game %s (%s); posting anew", game.id, exc.code)
    message = await channel.send(text, allowed_mentions=quiet)
    await bot.games.remember_progress_message(game.id, message.id)


async def announce(bot: BoardGameBot, outcome: MoveOutcome, perms: discord.Permissions | None = None) -> None:
    """Tell the channel about a move, according to the rules in this module's docstring. What is said is
    decided from the outcome alone: the service worked it out under the game's lock.

    A post tells everything untold up to the game as it is then, so a later move's post (a quick
    computer's, say) may already have told this one: then there is nothing left to say, and saying it
    again would ping the same person twice."""
    game = outcome.game
    if outcome.finished:
        await post_results(bot, game, outcome.result or {}, perms, report=outcome.report)
    elif outcome.still_choosing and outcome.seat is not None:
        await post_progress(bot, game)
    elif outcome.turn_passed or outcome.turn_started:
        await post_turn(bot, game, perms=perms, report=outcome.report, moved=bool(outcome.played))


def computers_next(outcome: MoveOutcome) -> bool:
    """Whether only computer seats act after ``outcome`` (their moves follow from the background runner)."""
    game = outcome.game
    return not outcome.finished and bool(game.to_act) and not delivery.human_users(game, game.to_act)


# Notices after which the channel gets a fresh turn message (someone new must act).
TURN_CHANGING = frozenset({"deadline", "replaced"})


async def deliver_notifications(
    bot: BoardGameBot,
    notes: Sequence[Notification],
    *,
    post_turn_in: set[int] | None = None,
    interaction: discord.Interaction | None = None,
    done: str = "posting.done.done",
) -> None:
    """Deliver reminders and deadline notices; post a fresh turn message where the turn changed hands.

    Each notice and each channel's turn message is posted on its own: a channel that refuses one does not
    keep the others from hearing theirs."""
    changed = set(post_turn_in or ())
    for note in notes:
        failure = await posting.attempt(bot, note.game_id, delivery.deliver_one(bot, note))
        if failure is not None:
            log.warning("could not deliver a %s notice in channel %s", note.kind, note.channel_id)
        if note.kind in TURN_CHANGING:
            changed.add(note.channel_id)
    for channel_id in changed:
        try:
            game = await bot.games.get_game(channel_id)
        except Exception:
            log.exception("could not read the game of channel %s", channel_id)
            continue
        if game.status != "active":
            continue
        perms = posting.bot_permissions(bot, game, interaction)
        failure = await posting.attempt(bot, game.id, post_turn(bot, game, perms=perms))
        if failure is not None and interaction is not None and interaction.channel_id == channel_id:
            await delivery.explain(interaction, game, failure, done)


async def notify_directly(bot: BoardGameBot, outcome: MoveOutcome) -> None:
    """Direct messages for players who accept them (the game's end, a vote…); the channel message already
    pinged everyone. A turn's message goes with the post that tells the channel of it (``turn_dms``)."""
    for note in outcome.notifications:
        if note.dm and note.user_id is not None and note.kind != "your_turn":
            await delivery.deliver_dm(bot, note)
