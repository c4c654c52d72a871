"""What the bot says: error explanations keyed by code, and the fixed sentences of the interface.

Engines and services already write a specific human message for each refusal; this module adds the
hint that tells the player what to do next, so the wording of the interface lives in one place.
"""

from __future__ import annotations

import re

import rules
from rules.core.errors import ErrorCode, RulesError

GENERIC_ERROR = "Something went wrong on my side; it has been logged. Your game is unchanged."
NO_PERMISSION = "You need the Manage Server permission for this."
GUILD_ONLY = "Games are played in server channels and threads, not in direct messages."

# Hints after a rules refusal, by the engine's error code.
RULES_HINTS: dict[ErrorCode, str] = {
    ErrorCode.CANNOT_PARSE: "Pick a move from the list /move offers as you type.",
    ErrorCode.ILLEGAL: "Your legal moves are listed by /move as you type, or press Play.",
    ErrorCode.AMBIGUOUS: "Type a little more, or pick from the list /move offers.",
    ErrorCode.NOT_YOUR_TURN: "You will be mentioned when it is your turn.",
    ErrorCode.GAME_OVER: "See the final scores with /game status.",
    ErrorCode.BAD_SETUP: "Check the options with /help.",
}

# Hints after a service refusal, by the service's error code: what to do next, never a second wording of
# what the service's own sentence already says (a refusal such as "not_host" or "game_exists" says it all).
SERVICE_HINTS: dict[str, str] = {
    "not_in_game": "/game join takes a seat in a lobby, or the seat kept for you in a running game.",
    "stale_version": "Press Play for your current options.",
    "undo_refused": "Undo works only within your own turn, before anything hidden was revealed.",
    "not_active": "See where the game stands with /game status.",
    "limit_reached": "Finish or cancel one first; a server manager can open more.",
    "no_game": "Start one here with {open_commands}.",
}


def open_commands(markup: str = "") -> str:
    """The commands that open a game, one per registered game ("/game gwt or /game santafe"), each
    inside ``markup`` ("**" for bold)."""
    names = [f"{markup}/game {spec.id}{markup}" for spec in rules.specs()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def service_hint(code: str) -> str:
    """What to do after a service refusal of ``code`` (nothing when its sentence says it all)."""
    return SERVICE_HINTS.get(code, "").format(open_commands=open_commands())


# Refusals quote what the player typed, which may be thousands of characters long (Discord allows 6,000 in
# an option and 2,000 in a message): a long quotation is cut, the sentence around it kept.
ECHO_LIMIT = 80
REPLY_LIMIT = 2000
_QUOTED = re.compile(rf"'([^']{{{ECHO_LIMIT + 1},}})'")


def clip_echoes(text: str) -> str:
    """``text`` with every long quotation cut to ``ECHO_LIMIT`` characters, and at most a message long."""
    text = _QUOTED.sub(lambda m: f"'{m.group(1)[: ECHO_LIMIT - 1]}…'", text)
    return text if len(text) <= REPLY_LIMIT else text[: REPLY_LIMIT - 1] + "…"


def _ends_with_stop(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def explain_rules_error(exc: RulesError) -> str:
    """A short answer to a refused move: what is wrong, then what to do."""
    hint = RULES_HINTS.get(exc.code, "")
    return clip_echoes(f"{_ends_with_stop(clip_echoes(exc.message))} {hint}".strip())


def explain_service_error(code: str, message: str) -> str:
    """A short answer to a service refusal: the service's sentence, then what to do."""
    return clip_echoes(f"{_ends_with_stop(clip_echoes(message))} {service_hint(code)}".strip())


# Interface sentences.
NOT_SEATED = "You are not playing in this game; spectators can follow with /board and /log."


def no_open_games() -> str:
    return f"You have no open games in this server. Open one with {open_commands()}."


NO_HANDS = (
    "Nobody holds a hidden hand in {title}: everything is on the table. /board shows it, "
    "and Play or /options what you can do now."
)
NOTHING_TO_DECIDE = "You have nothing to decide right now."
WAITING_FOR = "Waiting for {names}."
TOO_MANY_OPTIONS = "Only the first {shown} of {total} options fit here; type /move to search them all."
FAMILIES_NOTE = "An entry ending in … opens a list of its choices."
FAMILY_OPENED = "{family}: choose in the last list."
STALE_COMPONENT = "This message is from an earlier point of the game; here is where it stands now."
LOBBY_CLOSED = "This game has already started, so its seats are taken; follow it with /board and /log."
NOT_YOUR_PAGES = "Only the person who asked for this list can turn its pages; run /{command} yourself."
STALE_PAGES = "This list is no longer available; run the command again."
OTHER_GAME = "This button belongs to a game that is no longer running in this channel."
NOT_YOUR_PICKER = (
    "These choices belong to another player, so nothing was played. Press Play on the turn message "
    "(or type /move) for your own."
)
GONE_COMPONENT = (
    "That control is no longer on its message, so nothing was done. Press Play on the latest turn "
    "message (or type /move) to see where the game stands."
)
MUTED_TURN = "Reminders for this turn are off. You will hear from me again on your next turn."
HIDDEN_NOTE = "Only you can see this."
NO_PICTURE = "(I may not attach pictures here: see the board with /board.)"
DMS_CLOSED = (
    "{user} takes no direct messages from me, so their notices stay in this channel. "
    "/notify dm turns direct messages back on."
)
CANNOT_RUN_HERE = (
    "I cannot run a game here: I lack {missing} in this channel. A server manager can grant "
    "{them} to me in the channel's settings."
)

BOARD_ON_REQUEST = "(Pictures on request in this game: see the board with /board.)"
PICTURES_SET = {
    "every-turn": "Every turn message here now shows the board.",
    "on-request": "Turn messages here now come without the board; anyone can see it with /board.",
}
CHANNEL_STYLE_SET = {
    "quiet": "This channel now keeps one live board, edited in place, and pings each turn in one line.",
    "every-turn": "Every change of turn here now brings a full turn message with the board.",
}
AUTO_PLAY_SET = {
    True: "A step with only one legal move is made at once.",
    False: "Every step waits for its player, even with only one legal move.",
}
PICTURE_FAILED = "(A picture could not be drawn.)"
NO_SEAT = "{name} has no seat in this game."
