"""The turn controller shared by /move, move buttons and menus: submit a person's move, answer them
privately with what it did and their next choices, and hand the saved change to the announcer."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import translate
from bot.play import announcer, catchup, channels, delivery, live, posting, replies
from bot.play.context import context
from bot.services import Committed
from bot.ui import pickers, pictures, presenters

if TYPE_CHECKING:
    from bot.services import MoveOutcome, News

log = logging.getLogger(__name__)

# Seconds the channel's news of a move waits for the computers who act next (a level-1 computer moves in
# milliseconds; a searching one takes its turn's budget, and the board says meanwhile that it thinks).
COMPUTER_GRACE = 0.5


async def play(interaction: discord.Interaction, move: str, expected_decision: str | None = None) -> None:
    """Submit ``move`` for the user and present the outcome. The interaction must already be deferred.

    ``expected_decision`` is the key of the user's decision a button was drawn for (None for typed moves,
    which are checked against the current position anyway); the service refuses the move if the user's
    choices are no longer those, or if a move was played for them since (a second press).

    The private answer goes first, to the original response (the deferred "thinking" message of /move, or
    the private picker a button sits on): it is not bound by Discord's global limit, so it never waits
    behind the channel's posts, which may (they wait their turn under that limit, and behind the game's
    earlier posts). Then the channel hears of the move, and last, if the post failed, the mover hears why.
    When only computers act next, the channel hears of it once they have moved or after
    ``COMPUTER_GRACE``: a quick computer's post then tells both moves, in one edit of the live board
    instead of two. A quiet channel does not ping the mover meanwhile (``live.answering``): the answer
    shows their next choices, or, when the computers' answer made it their turn again, is edited to show
    the computers' moves and their choices. Whatever fails once the move was saved, the mover hears that
    it counted, never "unchanged" (``counted_anyway``).
    """
    here = context(interaction)
    bot, channel_id = here.bot, here.channel_id
    news = await bot.games.news_for(channel_id, here.user_id)  # read before the move makes it old
    saved: Committed | None = None
    async with bot.drain.move(interaction):  # a stop meanwhile tells the player whether it counted
        try:
            outcome = await bot.games.submit(
                channel_id,
                here.user_id,
                move,
                expected_decision=expected_decision,
                locale=here.locale,
            )
        except Committed as exc:  # the move counted: the drain must not say otherwise
            saved = exc
    if saved is not None:
        await counted_anyway(interaction, saved)
        return
    try:
        await _present(interaction, outcome, news)
    except Exception as exc:  # the move counted whatever failed after it: never "unchanged"
        saved = Committed(outcome.game.id, outcome.game.channel_id, outcome.played[0].version)
        saved.__cause__ = exc
        await counted_anyway(interaction, saved)


async def counted_anyway(interaction: discord.Interaction, saved: Committed) -> None:
    """After a failure between a move's commit and its last post: log it, tell the mover that their move
    counted (with their choices now, when they can be read), and have the channel told of it soon."""
    here = context(interaction)
    bot = here.bot
    log.error(
        "move %s of game %s was saved, but a step after it failed (%s)",
        saved.version,
        saved.game_id,
        replies.context_of(interaction),
        exc_info=saved.__cause__,
    )
    catchup.schedule(bot, saved.game_id)
    note = translate(here.locale, "message.move_counted_later", version=saved.version)
    try:
        content, choices, news = await _options(interaction, note=note)
    except Exception:  # still failing: the note alone, choices are one Play away
        log.warning("could not read the choices after move %s of game %s", saved.version, saved.game_id)
        content, choices, news = note, None, None
    try:
        await interaction.edit_original_response(content=content, view=choices)
    except discord.HTTPException:
        log.warning("could not tell %s that their move counted", replies.context_of(interaction))
        return
    if news is not None:
        bot.games.news_shown(news)


async def _present(interaction: discord.Interaction, outcome: MoveOutcome, news: News | None) -> None:
    """Answer the mover with what their saved move did and their next choices, then tell the channel."""
    here = context(interaction)
    bot = here.bot
    perms = posting.bot_permissions(bot, outcome.game, interaction)
    mine = [
        presenters.named(line, outcome.game)
        for line in presenters.event_lines(
            outcome.events, seat=outcome.seat, game=outcome.game, locale=here.locale
        )
    ]
    mine = mine or [translate(here.locale, "message.your_move_counted")]  # never the notation
    told = presenters.news_block(outcome.game, news.events, here.locale) if news is not None else ""
    summary = presenters.bullet_block(mine, 1500 - len(told), here.locale)
    if told:
        summary = f"{told}\n\n{summary}"
    shows_choices = bool(outcome.mover_moves and outcome.mover_view is not None)
    if shows_choices:
        # the next choices of the position the move made (read with it, under the game's lock)
        prompt = presenters.decision_prompt(outcome.mover_view, outcome.game, here.locale)
        content, picker = pickers.picker(
            outcome.game,
            list(outcome.mover_moves),
            prompt,
            decision=outcome.mover_decision,
            locale=here.locale,
        )
        await interaction.edit_original_response(
            content=presenters.clip(f"{summary}\n\n{content}", 2000), view=picker
        )
    else:
        await interaction.edit_original_response(content=summary, view=None)
    if news is not None:
        bot.games.news_shown(news)
    with live.answering(bot, outcome.game.id, here.user_id) as present:  # not pinged: answered
        if announcer.computers_next(outcome):
            await bot.games.runner.settled(outcome.game.id, COMPUTER_GRACE)
        failure = await posting.attempt(bot, outcome.game.id, announcer.announce(bot, outcome, perms))
    if present.unpinged and not shows_choices:  # their turn again (the computers answered at once): show it
        shown, choices, since = await _options(interaction, note=summary)
        await interaction.edit_original_response(content=shown, view=choices)
        if since is not None:
            bot.games.news_shown(since)
    if failure is not None:
        if passing(failure):
            catchup.schedule(bot, outcome.game.id)
        await delivery.explain(interaction, outcome.game, failure, "posting.done.move")
    if not (failure is not None and channels.unknown_channel(failure)):  # else the game has just ended
        await announcer.notify_directly(bot, outcome)


def passing(failure: BaseException) -> bool:
    """Whether a post failed for a reason that may pass by itself (Discord's server, the database, a
    bug met once), so trying again soon is worth it; a refusal (permissions, a deleted channel) is not
    retried: the next post that can carries what was not told."""
    return not isinstance(failure, discord.HTTPException) or isinstance(failure, discord.DiscordServerError)


async def show_options(interaction: discord.Interaction, *, note: str = "") -> None:
    """The user's current choices as a private picker, or why they have none."""
    here = context(interaction)
    bot = here.bot
    content, picker, news = await _options(interaction, note=note)
    if picker is None:
        await replies.private(interaction, content)
    else:
        await replies.private(interaction, content, view=picker)
    if news is not None:
        bot.games.news_shown(news)


async def _options(
    interaction: discord.Interaction, *, note: str = ""
) -> tuple[str, discord.ui.View | None, News | None]:
    """The user's current choices (a picker), or why they have none, after ``note`` and the news since
    their last move; and that news, to be marked shown once sent."""
    here = context(interaction)
    shown = await here.bot.games.choices(here.channel_id, here.user_id, here.locale)  # one read
    game, news, decision = shown.game, shown.news, shown.decision
    told = presenters.news_block(game, news.events, here.locale) if news is not None else ""
    prefix = (f"{note}\n" if note else "") + (f"{told}\n\n" if told else "")
    if shown.seat is None:
        return prefix + translate(here.locale, "message.not_seated"), None, None
    if not decision.moves:
        waiting = presenters.names(game, game.to_act, here.locale)
        text = translate(here.locale, "message.nothing_to_decide")
        if waiting:
            text += " " + translate(here.locale, "message.waiting_for", names=waiting)
        return prefix + text, None, news
    prompt = presenters.decision_prompt(shown.view, game, here.locale)
    content, picker = pickers.picker(game, decision.moves, prompt, decision=decision.key, locale=here.locale)
    return presenters.clip(prefix + content, 2000), picker, news


async def show_hand(interaction: discord.Interaction) -> None:
    """The user's hand (each card named), player area and what is asked now, privately (in a game
    without hands, why there is none). Defers first: pictures take time."""
    here = context(interaction)
    bot, channel_id = here.bot, here.channel_id
    await interaction.response.defer(ephemeral=True, thinking=True)
    game, view = await bot.games.view_for(channel_id, here.user_id)
    if not pickers.has_hands(game.rules_id):
        await interaction.followup.send(
            translate(here.locale, "message.no_hands", title=game.title), ephemeral=True
        )
        return
    seat = view.get("viewer")
    if seat is None:
        await interaction.followup.send(translate(here.locale, "message.not_seated"), ephemeral=True)
        return
    names = presenters.seat_names(game)
    words = pictures.words_for(here.locale, view, [], names)  # only the player reads these
    files = [
        f
        for f in (
            await pictures.hand(view, names, words),
            await pictures.player_area(view, seat, names, words),
        )
        if f is not None
    ]
    name = presenters.seat_name(game, seat)
    news = await bot.games.news_for(channel_id, here.user_id)
    told = presenters.news_block(game, news.events, here.locale) if news is not None else ""
    lines = [told] if told else []
    hidden = translate(here.locale, "message.hidden_note")
    lines.append(translate(here.locale, "message.hand.heading", name=name, title=game.title) + " " + hidden)
    lines.extend(f"• {card}" for card in presenters.hand_lines(view, here.locale))
    prompt = presenters.decision_prompt(view, game, here.locale) if seat in view.get("to_act", ()) else None
    if prompt:
        lines.append(translate(here.locale, "message.hand.now", prompt=prompt))
    await interaction.followup.send(presenters.clip("\n".join(lines), 2000), files=files, ephemeral=True)
    if news is not None:
        bot.games.news_shown(news)
