"""What the bot says around a refusal: the hint that tells the player what to do next, keyed by the
refusal's code, and the sentences built from several catalog messages.

Engines and services already write a specific message for each refusal; every fixed sentence of the
interface is in the catalogs (``bot/locales``), read with ``bot.i18n.translate`` in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import rules
from bot.i18n import has_message, translate
from rules.core.errors import ErrorCode, RulesError

# Hints after a rules refusal, by the engine's error code: the catalog id of what to do next.
RULES_HINTS: dict[ErrorCode, str] = {
    ErrorCode.CANNOT_PARSE: "hint.cannot_parse",
    ErrorCode.ILLEGAL: "hint.illegal",
    ErrorCode.AMBIGUOUS: "hint.ambiguous",
    ErrorCode.NOT_YOUR_TURN: "hint.not_your_turn",
    ErrorCode.GAME_OVER: "hint.game_over",
    ErrorCode.BAD_SETUP: "hint.bad_setup",
}

# Hints after a service refusal, by the service's error code: what to do next, never a second wording of
# what the service's own sentence already says (a refusal such as "not_host" or "game_exists" says it all).
SERVICE_HINTS = ("not_in_game", "stale_version", "undo_refused", "not_active", "limit_reached", "no_game")


def open_commands(locale: object, markup: str = "") -> str:
    """The commands that open a game, one per registered game ("/game gwt or /game santafe"), each
    inside ``markup`` ("**" for bold)."""
    names = [
        markup + translate(locale, "message.open_command", game=spec.id) + markup for spec in rules.specs()
    ]
    if len(names) == 1:
        return names[0]
    return translate(locale, "message.either_or", first=", ".join(names[:-1]), last=names[-1])


def command_path(path: str, locale: object) -> str:
    """A command's path ("game join") as the reader's client names it ("/spiel beitreten")."""
    parts = path.split()
    words = []
    for depth in range(1, len(parts) + 1):
        msgid = f"command.{'.'.join(parts[:depth])}.name"
        words.append(translate(locale, msgid) if has_message(msgid) else parts[depth - 1])
    return "/" + " ".join(words)


def mention(path: str, locale: object, ids: Mapping[str, int]) -> str:
    """A command as the reader's client shows it: Discord's command mention (``</game join:id>``, which
    each client shows in its own language; "Message Formatting" in Discord's reference) when the id of
    its top-level command is known, else its path in the reader's language."""
    root = path.split()[0]
    if root in ids:
        return f"</{path}:{ids[root]}>"
    return command_path(path, locale)


def with_mentions(text: str, locale: object, paths: Iterable[str], ids: Mapping[str, int]) -> str:
    """``text`` with each command of ``paths`` it names in the reader's language turned into a mention,
    the longest name first ("/ゲーム コンピューター追加" before "/ゲーム コンピューター"); unchanged where no
    id is known."""
    if not ids:
        return text
    named = {path: command_path(path, locale) for path in paths}
    for path in sorted(named, key=lambda p: len(named[p]), reverse=True):
        # ASCII word characters only: a Japanese particle may follow a command without a space
        pattern = rf"(?<![A-Za-z0-9_/<-]){re.escape(named[path])}(?![A-Za-z0-9_-])"
        text = re.sub(pattern, mention(path, locale, ids).replace("\\", "\\\\"), text)
    return text


def service_hint(code: str, locale: object) -> str:
    """What to do after a service refusal of ``code`` (nothing when its sentence says it all)."""
    if code not in SERVICE_HINTS:
        return ""
    return translate(locale, f"hint.{code}", open_commands=open_commands(locale))


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
    return text if text.endswith((".", "!", "?", "。", "！", "？")) else text + "."  # Japanese ends with 。


def explain_rules_error(exc: RulesError, locale: object, said: str | None = None) -> str:
    """A short answer to a refused move: what is wrong (``said``: in the reader's language, else the
    engine's English), then what to do."""
    hint = translate(locale, RULES_HINTS[exc.code]) if exc.code in RULES_HINTS else ""
    return clip_echoes(f"{_ends_with_stop(clip_echoes(said or exc.message))} {hint}".strip())


def explain_service_error(code: str, message: str, locale: object) -> str:
    """A short answer to a service refusal: the service's sentence, then what to do."""
    return clip_echoes(f"{_ends_with_stop(clip_echoes(message))} {service_hint(code, locale)}".strip())


def no_open_games(locale: object) -> str:
    return translate(locale, "message.no_open_games", open_commands=open_commands(locale))
