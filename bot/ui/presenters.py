"""Turning service results into message text and embeds. Public texts are built from public data only.

Everything here is plain formatting: no Discord calls, no service calls, so it is easy to test and the
cogs stay short.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import discord

import rules
from bot.i18n import LANGUAGE_NAMES, has_message, translate
from bot.services import GameInfo, engine, notices, wording
from rules.core import notation
from rules.core.events import HIDES_MOVE, REVEALS, Event, is_public
from rules.core.protocol import DescribesHands, SaysHands

CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
# A game's status and a seat's state, each said by its catalog message ("status.active", "seat_state.away").
STATUSES = ("lobby", "active", "finished", "abandoned")
SEAT_STATES = ("away", "replaced", "resigned")


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def move_label(moves: Sequence[tuple[str, str]], index: int, limit: int) -> str:
    """The label of move ``index`` of ``moves`` ((move, label) pairs) in at most ``limit`` characters, cut
    so that typed back it still means that move alone."""
    return notation.shorten(moves[index][1], (label for _, label in moves), limit)


def safe(text: str) -> str:
    """Text someone chose (a display name, a typed move) made safe to echo: no markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def seat_name(game: GameInfo, seat: int) -> str:
    """The name at ``seat``, escaped for messages (pictures take ``seat_names``)."""
    for info in game.seats:
        if info.seat == seat:
            return safe(info.name)
    return translate(game.language, "message.seat_number", number=seat + 1)


def named(text: str, game: GameInfo) -> str:
    """Engine texts say "Player 2"; people read better with the name sitting at that seat."""
    return engine.with_names(text, {info.seat: safe(info.name) for info in game.seats})


def seat_names(game: GameInfo) -> list[str]:
    """Every seat's name in seat order, as chosen (pictures show them as they are)."""
    by_seat = {info.seat: info.name for info in game.seats}
    return [
        by_seat.get(seat, translate(game.language, "message.seat_number", number=seat + 1))
        for seat in range(len(game.seats))
    ]


def names(game: GameInfo, seats: Iterable[int], locale: object = None) -> str:
    """The names at ``seats`` as a list people read ("Ann, Bob and Cy"), in ``locale`` (the game's
    language unless given)."""
    found = [seat_name(game, s) for s in seats]
    if len(found) <= 1:
        return "".join(found)
    joined = translate(locale or game.language, "message.list_separator").join(found[:-1])
    return translate(locale or game.language, "message.list_and", first=joined, last=found[-1])


def waiting_text(game: GameInfo, seats: Iterable[int], *, lead: bool = True, locale: object = None) -> str:
    """Who ``seats`` are waited for, in the game's language: people by name (after "Waiting for" when
    ``lead``), computer seats as being thought for, since the background runner is choosing their move."""
    language = locale or game.language
    ai = {s.seat for s in game.seats if s.is_ai}
    wanted = list(dict.fromkeys(seats))
    people = names(game, [s for s in wanted if s not in ai], language)
    thought = names(game, [s for s in wanted if s in ai], language)
    said = translate(language, "message.turn.waiting_for", names=people) if lead else people
    parts = [said] if people else []
    if thought:
        parts.append(translate(language, "message.turn.computer_thinking", names=thought))
    return translate(language, "game.list_separator").join(parts)


def mentions(user_ids: Iterable[int]) -> tuple[str, discord.AllowedMentions]:
    """Mention text for exactly these users, and the allowed-mentions object that pings only them."""
    ids = list(dict.fromkeys(user_ids))
    text = " ".join(f"<@{uid}>" for uid in ids)
    allowed = discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=uid) for uid in ids]
    )
    return text, allowed


def event_lines(
    events: Iterable[Event],
    *,
    seat: int | None = None,
    game: GameInfo | None = None,
    locale: object = None,
) -> list[str]:
    """Readable lines of the events ``seat`` may read (``None``: public events only), each fact once, in
    the language of ``locale`` (else the game's), seats named as in ``game``.

    The public stand-in for a secret move ("Bob has chosen a card") is left out where the reader learns
    more in the same lines: the mover has their own private line, and a reveal later on tells everyone.
    """
    events = list(events)
    lines = []
    for index, ev in enumerate(events):
        owner = ev.get("private_to")
        if owner is None or (seat is not None and owner == seat):
            text = wording.event_text(ev, locale or reading_language(game), seat_names_of(game))
            if text and ev.get("type") != "turn_start" and not _told_better(events, index, seat):
                lines.append(("🔒 " if owner is not None else "") + text)
    return lines


def reading_language(game: GameInfo | None) -> object:
    return game.language if game is not None else None


def seat_names_of(game: GameInfo | None) -> dict[int, str]:
    """The seats' names as messages write them (escaped), by seat."""
    return {} if game is None else {info.seat: safe(info.name) for info in game.seats}


def _told_better(events: list[Event], index: int, seat: int | None) -> bool:
    ev = events[index]
    if not ev.get(HIDES_MOVE):
        return False
    own = seat is not None and ev.get("seat") == seat and any(e.get("private_to") == seat for e in events)
    return own or any(is_public(e) and e.get(REVEALS) for e in events[index + 1 :])


NEWS_LIMIT = 900  # of a private reply's 2000 characters: the choices below it must still fit


def news_block(game: GameInfo, events: Iterable[Event], locale: object, limit: int = NEWS_LIMIT) -> str:
    """What the channel was told since the reader's last move, oldest first, in at most ``limit``
    characters, framed in the reader's ``locale``; the lines that do not fit are counted and left to /log
    (empty when nothing was told)."""
    lines = [named(line, game) for line in event_lines(events, game=game, locale=locale)]
    if not lines:
        return ""
    kept = [translate(locale, "message.news.since_last_move")]
    size = len(kept[0])
    for index, line in enumerate(lines):
        entry = "• " + line
        rest = len(lines) - index - 1
        # room for this line, and for the closing note unless this is the last line
        more = translate(locale, "message.news.more", count=len(lines) - index)
        if size + 1 + len(entry) + (0 if rest == 0 else len(more) + 1) > limit:
            kept.append(more)
            break
        kept.append(entry)
        size += 1 + len(entry)
    return "\n".join(kept)


def progress_text(game: GameInfo, chosen: Sequence[int]) -> str:
    """Who has chosen in a simultaneous choice (never what), and who is still choosing."""
    said = translate(game.language, "message.has_chosen", names=names(game, chosen), count=len(chosen))
    done = f"✅ {said} " if chosen else ""
    return done + translate(game.language, "message.waiting_for", names=names(game, game.to_act))


def bullet_block(lines: Sequence[str], limit: int, locale: object) -> str:
    """Lines as a bulleted block within ``limit`` characters, keeping the most recent lines; the note on
    the lines left out is in ``locale``."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        entry = "• " + line
        if size + len(entry) + 1 > limit - 80:
            kept.append(translate(locale, "message.earlier_lines", count=len(lines) - len(kept)))
            break
        kept.append(entry)
        size += len(entry) + 1
    return "\n".join(reversed(kept))


def embed_text(embed: discord.Embed) -> str:
    """An embed's words as plain text, for a channel where the bot may not embed."""
    parts = [f"**{embed.title}**" if embed.title else "", embed.description or ""]
    parts += [f"**{f.name}**\n{f.value}" for f in embed.fields]
    return "\n".join(p for p in parts if p)


def colour_of(rules_id: str) -> discord.Colour:
    """The game's own colour (its spec's), or Discord's blurple for a game no longer registered."""
    if rules_id not in rules.ids():
        return discord.Colour.blurple()
    return discord.Colour.from_rgb(*rules.spec(rules_id).colour)


def game_embed(game: GameInfo, title: str, description: str = "", locale: object = None) -> discord.Embed:
    """An embed in the game's colour, its footer (title, game number, move) in ``locale`` (the game's
    language unless given)."""
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip(description, DESCRIPTION_LIMIT) or None,
        colour=colour_of(game.rules_id),
    )
    footer = translate(
        locale or game.language, "message.embed.footer", title=game.title, id=game.id, number=game.version
    )
    embed.set_footer(text=footer)
    return embed


def seat_lines(game: GameInfo, locale: object = None) -> str:
    language = locale or game.language
    lines = []
    for info in game.seats:
        if info.is_ai:
            who = (
                translate(language, "message.seat.computer", name=safe(info.name))
                if info.ai_level is None
                else translate(
                    language, "message.seat.computer_level", name=safe(info.name), level=info.ai_level
                )
            )
        else:
            who = f"<@{info.user_id}>" if info.user_id is not None else safe(info.name)
        marker = "▶ " if info.seat in game.to_act and game.status == "active" else ""
        state = translate(language, f"message.seat_state.{info.state}") if info.state in SEAT_STATES else ""
        kept = ""
        if info.offered_to is not None:  # an embed's mention never pings
            key = "message.seat.kept_for" if info.user_id is None else "message.seat.offered_to"
            kept = translate(language, key, mention=f"<@{info.offered_to}>")
        lines.append(f"{marker}{info.seat + 1}. {who}{state}{kept}")
    return "\n".join(lines) or translate(language, "message.seat.nobody")


def options_text(game: GameInfo, locale: object = None) -> str:
    """The game's options: the engine's own (by their keys) and the bot's settings that differ from a new
    game's, in ``locale`` (the game's language unless given)."""
    language = locale or game.language

    def shown(value: object) -> str:
        if isinstance(value, bool):
            return translate(language, "message.option.on" if value else "message.option.off")
        # a choice reads as the /game command's localised choice ("choice.random")
        return translate(language, f"choice.{value}") if has_message(f"choice.{value}") else str(value)

    labels = {option.name: option.label for option in rules.spec(game.rules_id).options}

    def named(key: str) -> str:
        # an option reads by its name as words (German nouns capitalised), else by its name in the /game
        # command of the reader's language (lower case, as Discord wants command names)
        label = labels.get(key, key)
        for msgid in (
            f"message.option.name.{game.rules_id}.{label}",
            f"command.game.{game.rules_id}.{label}.name",
        ):
            if has_message(msgid):
                return translate(language, msgid).replace("_", " ")
        return key.replace("_", " ")

    parts = [f"{named(key)}: {shown(value)}" for key, value in sorted(game.options.items())]
    if game.pictures != "every-turn":
        parts.append(translate(language, "message.option.pictures", value=shown(game.pictures)))
    if (game.computer_posts, game.computer_pause) != ("round", 0):
        parts.append(translate(language, "message.option.computers_only", value=pace_text(game, language)))
    if game.channel_style != "quiet":  # a new game's channel is quiet, with auto-play (/game channel)
        style = f"choice.game.channel.style.{game.channel_style}"  # as /game channel offers it
        said = translate(language, style) if has_message(style) else shown(game.channel_style)
        parts.append(translate(language, "message.option.channel", value=said))
    if not game.auto_play:
        parts.append(translate(language, "message.option.auto_play_off"))
    return translate(language, "message.list_separator").join(parts) or translate(
        language, "message.option.standard"
    )


def pace_text(game: GameInfo, locale: object = None) -> str:
    """How a game nobody plays in person is told (``/game pace``)."""
    language = locale or game.language
    said = translate(language, f"message.computer_posts.{game.computer_posts}")
    if not game.computer_pause:
        return said
    return translate(language, "message.pace_pause", posts=said, seconds=game.computer_pause)


def timing_text(game: GameInfo, locale: object = None) -> str:
    """The game's reminders and deadline, in ``locale`` (the game's language unless given)."""
    language = locale or game.language
    if game.reminder_minutes:
        reminder = translate(
            language, "message.timing.reminders_every", every=hours(game.reminder_minutes, language)
        )
    else:
        reminder = translate(language, "message.timing.no_reminders")
    if game.bank_minutes:
        action = translate(language, f"message.deadline_action.{game.deadline_action}")
        deadline = translate(
            language,
            "message.timing.bank",
            bank=hours(game.bank_minutes, language),
            increment=hours(game.bank_increment_minutes, language),
            action=action,
            holidays=translate(language, "message.time.days", count=game.holiday_days),
        )
    elif game.deadline_minutes:
        action = translate(language, f"message.deadline_action.{game.deadline_action}")
        deadline = translate(
            language, "message.timing.deadline", time=hours(game.deadline_minutes, language), action=action
        )
    else:
        deadline = translate(language, "message.timing.no_deadline")
    return translate(language, "message.timing.both", reminders=reminder, deadline=deadline)


def moment(when: datetime) -> str:
    """A date and time every reader's client shows in their own zone ("28 November 2026 17:00")."""
    return discord.utils.format_dt(when, "f")


def bank_text(game: GameInfo, seats: Iterable[int], locale: object = None) -> str:
    """When the time bank of each person of ``seats`` who must act runs out (and, for one whose clock
    counts from the end of a holiday, until when that lasts); empty in a game without a bank."""
    if not game.bank_minutes or game.status != "active" or game.paused:
        return ""
    language = locale or game.language
    wanted = set(seats)
    parts = []
    for s in game.seats:
        if s.seat not in wanted or not s.human or s.bank_out_at is None:
            continue
        line = translate(
            language,
            "message.bank.runs_out",
            name=safe(s.name),
            at=discord.utils.format_dt(s.bank_out_at, "R"),
        )
        if (
            s.holiday_until is not None
            and s.bank_left is not None
            and s.bank_out_at - s.bank_left == s.holiday_until
        ):
            line += " " + translate(language, "message.bank.on_holiday", until=moment(s.holiday_until))
        parts.append(line)
    return translate(language, "game.list_separator").join(parts)


def hours(minutes: int, locale: object) -> str:
    """A length of time as people say it: whole days, whole hours, else minutes."""
    if minutes % (24 * 60) == 0:
        return translate(locale, "message.time.days", count=minutes // (24 * 60))
    if minutes % 60 == 0:
        return translate(locale, "message.time.hours", count=minutes // 60)
    return translate(locale, "message.time.minutes", count=minutes)


def status_embed(
    game: GameInfo,
    prompt: str | None = None,
    result: dict[str, Any] | None = None,
    locale: object = None,
) -> discord.Embed:
    """The game at a glance: seats, whose turn (or the final ranking), options and timing, in ``locale``
    (the game's language unless given: a private reply passes its reader's). Public information only."""
    language = locale or game.language
    status = translate(language, f"message.status.{game.status}") if game.status in STATUSES else game.status
    if game.paused:
        paused = "message.status.damaged" if game.damaged else "message.status.paused"
        status = translate(language, paused, status=status)
    embed = game_embed(game, f"{game.title}: {status}", locale=language)
    field = lambda key: translate(language, f"message.status_field.{key}")  # noqa: E731
    embed.add_field(name=field("players"), value=clip(seat_lines(game, language), FIELD_LIMIT), inline=False)
    if result is not None:
        scores = "\n".join(result_lines(game, result, locale=language))
        embed.add_field(name=field("final_scores"), value=clip(scores, FIELD_LIMIT), inline=False)
    if game.status == "active" and game.to_act:
        waiting = waiting_text(game, game.to_act, lead=False, locale=language)
        since = (
            translate(
                language, "message.status.since", when=discord.utils.format_dt(game.turn_started_at, "R")
            )
            if game.turn_started_at
            else ""
        )
        bank = bank_text(game, game.to_act, language)
        text = f"{waiting}{since}" + (f"\n{bank}" if bank else "") + (f"\n{prompt}" if prompt else "")
        embed.add_field(name=field("to_act"), value=clip(text, FIELD_LIMIT), inline=False)
    embed.add_field(
        name=field("options"), value=clip(options_text(game, language), FIELD_LIMIT), inline=False
    )
    embed.add_field(name=field("timing"), value=clip(timing_text(game, language), FIELD_LIMIT), inline=False)
    embed.add_field(
        name=field("language"), value=LANGUAGE_NAMES.get(game.language, game.language), inline=False
    )
    return embed


def points(n: int, locale: object) -> str:
    """ "1 point", "2 points", "-1 point": the score as people write it, in ``locale``."""
    return translate(locale, "message.points", count=abs(n), number=n)


def computer_note(seat: int, computer_from: Mapping[int, int], locale: object) -> str:
    """Whose result this is not: a person's seat the computer played most of counts in no ranking."""
    if seat not in computer_from:
        return ""
    return translate(locale, "message.result.computer_from", number=computer_from[seat])


def result_lines(
    game: GameInfo,
    result: dict[str, Any],
    computer_from: Mapping[int, int] | None = None,
    locale: object = None,
) -> list[str]:
    """One line per player, best first: place, name, total, and the points per category; and, for a
    person's seat the computer played most of (``computer_from``: seat -> move), from which move."""
    language = locale or game.language
    by_seat = {p["seat"]: p for p in result.get("players", [])}
    lines = []
    for group in result.get("ranking", []):
        for seat in group:
            entry = by_seat.get(seat, {})
            labels = result.get("labels", {})
            parts = ", ".join(
                f"{wording.score_label(game.rules_id, k, language, labels.get(k, k))} {v}"
                for k, v in entry.get("points", {}).items()
                if v
            )
            medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(entry.get("rank", 0), "  ")
            lines.append(
                f"{medal} **{seat_name(game, seat)}**: {points(entry.get('total', 0), language)}"
                + (f" ({parts})" if parts else "")
                + computer_note(seat, computer_from or {}, language)
            )
    return lines


def outcome_text(game: GameInfo, result: dict[str, Any]) -> str:
    """Who won; a tie the game's own tie-breaks left standing is a shared first place, not a win each."""
    winners = result.get("winners", [])
    if len(winners) > 1:
        return translate(game.language, "message.result.shared", names=names(game, winners))
    if winners:
        return translate(game.language, "message.result.won", names=names(game, winners))
    return translate(game.language, "message.result.nobody")


def results_embed(
    game: GameInfo, result: dict[str, Any], computer_from: Mapping[int, int] | None = None
) -> discord.Embed:
    embed = game_embed(
        game,
        translate(game.language, "message.result.title", title=game.title),
        outcome_text(game, result) + "\n\n" + "\n".join(result_lines(game, result, computer_from)),
    )
    return embed


def jump_link(guild_id: int | None, channel_id: int) -> str:
    """The link that opens a channel or thread ("@me" stands for no server, as in Discord's own links)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def my_games_lines(games: Sequence[GameInfo], user_id: int, locale: object) -> list[str]:
    """One line per game in the reader's ``locale``: where it is (a link that opens it), what it is, and
    whose turn it is ("you" first of all)."""
    lines = []
    for game in games:
        link = f"[{game.title}]({jump_link(game.guild_id, game.channel_id)})"
        where = translate(locale, "message.my_games.where", game=link, channel=f"<#{game.channel_id}>")
        if game.paused:
            paused = "message.my_games.damaged" if game.damaged else "message.my_games.paused"
            lines.append(translate(locale, paused, where=where))
        elif game.status == "lobby":
            lines.append(translate(locale, "message.my_games.lobby", where=where, count=len(game.seats)))
        elif user_id in game.to_act_users:
            lines.append(translate(locale, "message.my_games.your_turn", where=where))
        else:
            waited = names(game, game.to_act, locale) or translate(locale, "message.my_games.nobody")
            lines.append(translate(locale, "message.my_games.waiting", where=where, names=waited))
    return lines


# An engine's prompt may say who acts ("Player 2: lay track…", "…; waiting for Player 1 and Player 3.");
# every message that shows a prompt already names them ("your turn:", "Waiting for Bob:", "To act").
def decision_prompt(view: dict[str, Any] | None, game: GameInfo, locale: object = None) -> str:
    """What must be decided now, if anything, without saying again who must decide: from the engine's
    facts in the reader's language (``locale``, else the game's), or its English sentence with names."""
    if not view:
        return ""
    decision = view.get("decision") or {}
    if decision.get("say"):
        return wording.say(locale or game.language, decision["say"], seat_names_of(game))
    prompt = notices.bare_prompt(str(decision.get("prompt", "")))
    return named(prompt, game)


def hand_lines(view: dict[str, Any], locale: object = None) -> list[str]:
    """The cards of the viewer's own hand, one a line, in the language of ``locale``: from its engine's
    ``say_hand`` (facts), else its ``describe_hand`` (English); none without either."""
    engine = rules.get(view["game"])
    told: Sequence[object]
    if isinstance(engine, SaysHands):
        told = engine.say_hand(view)
    elif isinstance(engine, DescribesHands):
        told = engine.describe_hand(view)
    else:
        return []
    return [safe(wording.text_of(locale, line)) for line in told]
