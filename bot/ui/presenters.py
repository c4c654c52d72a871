"""Turning service results into message text and embeds. Public texts are built from public data only.

Everything here is plain formatting: no Discord calls, no service calls, so it is easy to test and the
cogs stay short.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

import rules
from bot.i18n import LANGUAGE_NAMES, translate
from bot.services import GameInfo, engine, notices, wording
from rules.core import notation
from rules.core.events import HIDES_MOVE, REVEALS, is_public

CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
STATUS_WORDS = {
    "lobby": "Waiting for players",
    "active": "In play",
    "finished": "Finished",
    "abandoned": "Abandoned",
}
SEAT_STATE_WORDS = {"away": " (away)", "replaced": " (replaced)", "resigned": " (resigned)"}


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
    return f"Seat {seat + 1}"


def named(text: str, game: GameInfo) -> str:
    """Engine texts say "Player 2"; people read better with the name sitting at that seat."""
    return engine.with_names(text, {info.seat: safe(info.name) for info in game.seats})


def seat_names(game: GameInfo) -> list[str]:
    """Every seat's name in seat order, as chosen (pictures show them as they are)."""
    by_seat = {info.seat: info.name for info in game.seats}
    return [by_seat.get(seat, f"Seat {seat + 1}") for seat in range(len(game.seats))]


def names(game: GameInfo, seats: Iterable[int]) -> str:
    found = [seat_name(game, s) for s in seats]
    if len(found) <= 1:
        return "".join(found)
    return ", ".join(found[:-1]) + " and " + found[-1]


def waiting_text(game: GameInfo, seats: Iterable[int], *, lead: bool = True) -> str:
    """Who ``seats`` are waited for, in the game's language: people by name (after "Waiting for" when
    ``lead``), computer seats as being thought for, since the background runner is choosing their move."""
    ai = {s.seat for s in game.seats if s.is_ai}
    wanted = list(dict.fromkeys(seats))
    people = names(game, [s for s in wanted if s not in ai])
    thought = names(game, [s for s in wanted if s in ai])
    said = translate(game.language, "message.turn.waiting_for", names=people) if lead else people
    parts = [said] if people else []
    if thought:
        parts.append(translate(game.language, "message.turn.computer_thinking", names=thought))
    return "; ".join(parts)


def mentions(user_ids: Iterable[int]) -> tuple[str, discord.AllowedMentions]:
    """Mention text for exactly these users, and the allowed-mentions object that pings only them."""
    ids = list(dict.fromkeys(user_ids))
    text = " ".join(f"<@{uid}>" for uid in ids)
    allowed = discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=uid) for uid in ids]
    )
    return text, allowed


def event_lines(
    events: Iterable[dict[str, Any]],
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


def _told_better(events: list[dict[str, Any]], index: int, seat: int | None) -> bool:
    ev = events[index]
    if not ev.get(HIDES_MOVE):
        return False
    own = seat is not None and ev.get("seat") == seat and any(e.get("private_to") == seat for e in events)
    return own or any(is_public(e) and e.get(REVEALS) for e in events[index + 1 :])


NEWS_LIMIT = 900  # of a private reply's 2000 characters: the choices below it must still fit


def news_block(
    game: GameInfo, events: Iterable[dict[str, Any]], limit: int = NEWS_LIMIT, locale: object = None
) -> str:
    """What the channel was told since the reader's last move, oldest first, in at most ``limit``
    characters; the lines that do not fit are counted and left to /log (empty when nothing was told)."""
    lines = [named(line, game) for line in event_lines(events, game=game, locale=locale)]
    if not lines:
        return ""
    kept = ["**Since your last move:**"]
    size = len(kept[0])
    for index, line in enumerate(lines):
        entry = "• " + line
        rest = len(lines) - index - 1
        # room for this line, and for the closing note unless this is the last line
        if size + 1 + len(entry) + (0 if rest == 0 else 30) > limit:
            kept.append(f"… and {len(lines) - index} more: /log")
            break
        kept.append(entry)
        size += 1 + len(entry)
    return "\n".join(kept)


def progress_text(game: GameInfo, chosen: Sequence[int]) -> str:
    """Who has chosen in a simultaneous choice (never what), and who is still choosing."""
    verb = "has" if len(chosen) == 1 else "have"
    done = f"✅ {names(game, chosen)} {verb} chosen. " if chosen else ""
    return done + translate(game.language, "message.waiting_for", names=names(game, game.to_act))


def bullet_block(lines: Sequence[str], limit: int) -> str:
    """Lines as a bulleted block within ``limit`` characters, keeping the most recent lines."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        entry = "• " + line
        if size + len(entry) + 1 > limit - 40:
            kept.append(f"… {len(lines) - len(kept)} earlier lines not shown")
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


def game_embed(game: GameInfo, title: str, description: str = "") -> discord.Embed:
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip(description, DESCRIPTION_LIMIT) or None,
        colour=colour_of(game.rules_id),
    )
    embed.set_footer(text=f"{game.title} · game {game.id} · move {game.version}")
    return embed


def seat_lines(game: GameInfo) -> str:
    lines = []
    for info in game.seats:
        level = "" if info.ai_level is None else f", level {info.ai_level}"
        who = f"{safe(info.name)} (computer{level})" if info.is_ai else f"<@{info.user_id}>"
        if not info.is_ai and info.user_id is None:
            who = safe(info.name)
        marker = "▶ " if info.seat in game.to_act and game.status == "active" else ""
        kept = ""
        if info.offered_to is not None:  # an embed's mention never pings
            kept = " — kept for" if info.user_id is None else " — offered to"
            kept += f" <@{info.offered_to}>"
        lines.append(f"{marker}{info.seat + 1}. {who}{SEAT_STATE_WORDS.get(info.state, '')}{kept}")
    return "\n".join(lines) or "Nobody yet."


def options_text(game: GameInfo) -> str:
    def shown(value: object) -> str:
        return ("on" if value else "off") if isinstance(value, bool) else str(value)

    parts = [f"{key.replace('_', ' ')}: {shown(value)}" for key, value in sorted(game.options.items())]
    if game.pictures != "every-turn":
        parts.append(f"pictures: {game.pictures}")
    if (game.computer_posts, game.computer_pause) != ("round", 0):
        parts.append(f"computers only: {pace_text(game)}")
    if game.channel_style != "quiet":  # a new game's channel is quiet, with auto-play (/game channel)
        parts.append(f"channel: {game.channel_style}")
    if not game.auto_play:
        parts.append("auto-play: off")
    return ", ".join(parts) or "standard rules"


def pace_text(game: GameInfo) -> str:
    """How a game nobody plays in person is told (``/game pace``)."""
    said = translate(game.language, f"message.computer_posts.{game.computer_posts}")
    if not game.computer_pause:
        return said
    return translate(game.language, "message.pace_pause", posts=said, seconds=game.computer_pause)


def timing_text(game: GameInfo) -> str:
    reminder = f"reminders every {hours(game.reminder_minutes)}" if game.reminder_minutes else "no reminders"
    if game.deadline_minutes:
        deadline = f"{hours(game.deadline_minutes)} per turn, then {game.deadline_action}"
    else:
        deadline = "no deadline"
    return f"{reminder}; {deadline}"


def hours(minutes: int) -> str:
    if minutes % (24 * 60) == 0:
        days = minutes // (24 * 60)
        return f"{days} day" + ("s" if days != 1 else "")
    if minutes % 60 == 0:
        return f"{minutes // 60} h"
    return f"{minutes} min"


def status_embed(
    game: GameInfo, prompt: str | None = None, result: dict[str, Any] | None = None
) -> discord.Embed:
    """The game at a glance: seats, whose turn (or the final ranking), options and timing. Public
    information only."""
    status = STATUS_WORDS.get(game.status, game.status)
    if game.paused:
        status += ", paused until the bot is back in this server"
    embed = game_embed(game, f"{game.title}: {status}")
    embed.add_field(name="Players", value=clip(seat_lines(game), FIELD_LIMIT), inline=False)
    if result is not None:
        embed.add_field(
            name="Final scores", value=clip("\n".join(result_lines(game, result)), FIELD_LIMIT), inline=False
        )
    if game.status == "active" and game.to_act:
        waiting = waiting_text(game, game.to_act, lead=False)
        since = f" since {discord.utils.format_dt(game.turn_started_at, 'R')}" if game.turn_started_at else ""
        text = f"{waiting}{since}" + (f"\n{prompt}" if prompt else "")
        embed.add_field(name="To act", value=clip(text, FIELD_LIMIT), inline=False)
    embed.add_field(name="Options", value=clip(options_text(game), FIELD_LIMIT), inline=False)
    embed.add_field(name="Timing", value=clip(timing_text(game), FIELD_LIMIT), inline=False)
    embed.add_field(name="Language", value=LANGUAGE_NAMES.get(game.language, game.language), inline=False)
    return embed


def points(n: int) -> str:
    """ "1 point", "2 points", "-1 point": the score as people write it."""
    return f"{n} point" + ("" if abs(n) == 1 else "s")


def computer_note(seat: int, computer_from: Mapping[int, int]) -> str:
    """Whose result this is not: a person's seat the computer played most of counts in no ranking."""
    return f", played by the computer from move {computer_from[seat]}" if seat in computer_from else ""


def result_lines(
    game: GameInfo, result: dict[str, Any], computer_from: Mapping[int, int] | None = None
) -> list[str]:
    """One line per player, best first: place, name, total, and the points per category; and, for a
    person's seat the computer played most of (``computer_from``: seat -> move), from which move."""
    by_seat = {p["seat"]: p for p in result.get("players", [])}
    lines = []
    for group in result.get("ranking", []):
        for seat in group:
            entry = by_seat.get(seat, {})
            labels = result.get("labels", {})
            parts = ", ".join(f"{labels.get(k, k)} {v}" for k, v in entry.get("points", {}).items() if v)
            medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(entry.get("rank", 0), "  ")
            lines.append(
                f"{medal} **{seat_name(game, seat)}**: {points(entry.get('total', 0))}"
                + (f" ({parts})" if parts else "")
                + computer_note(seat, computer_from or {})
            )
    return lines


def outcome_text(game: GameInfo, result: dict[str, Any]) -> str:
    """Who won; a tie the game's own tie-breaks left standing is a shared first place, not a win each."""
    winners = result.get("winners", [])
    if len(winners) > 1:
        return f"**{names(game, winners)}** share first place."
    return f"**{names(game, winners)}** won!" if winners else "Nobody won."


def results_embed(
    game: GameInfo, result: dict[str, Any], computer_from: Mapping[int, int] | None = None
) -> discord.Embed:
    embed = game_embed(
        game,
        f"{game.title}: game over",
        outcome_text(game, result) + "\n\n" + "\n".join(result_lines(game, result, computer_from)),
    )
    return embed


def jump_link(guild_id: int | None, channel_id: int) -> str:
    """The link that opens a channel or thread ("@me" stands for no server, as in Discord's own links)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def my_games_lines(games: Sequence[GameInfo], user_id: int) -> list[str]:
    """One line per game: where it is (a link that opens it), what it is, and whose turn it is ("you"
    first of all)."""
    lines = []
    for game in games:
        where = f"[{game.title}]({jump_link(game.guild_id, game.channel_id)}) in <#{game.channel_id}>"
        if game.paused:
            lines.append(f"{where}: paused until the bot is back in this server")
        elif game.status == "lobby":
            lines.append(f"{where}: waiting for players ({len(game.seats)} seated)")
        elif user_id in game.to_act_users:
            lines.append(f"**{where}: your turn**")
        else:
            lines.append(f"{where}: waiting for {names(game, game.to_act) or 'nobody'}")
    return lines


# An engine's prompt may say who acts ("Player 2: lay track…", "…; waiting for Player 1 and Player 3.");
# every message that shows a prompt already names them ("your turn:", "Waiting for Bob:", "To act").
def decision_prompt(view: dict[str, Any] | None, game: GameInfo) -> str:
    """The engine's own sentence for what must be decided now (with names for seat numbers), if any,
    without saying again who must decide."""
    if not view:
        return ""
    decision = view.get("decision") or {}
    prompt = notices.bare_prompt(str(decision.get("prompt", "")))
    return named(prompt, game)


def hand_lines(view: dict[str, Any]) -> list[str]:
    """The cards of the viewer's own hand, one a line, from its engine's ``describe_hand`` (none without)."""
    describe = getattr(rules.get(view["game"]), "describe_hand", None)
    return [safe(line) for line in describe(view)] if describe else []
