"""Engine texts in a reader's language: an event's or prompt's facts (``rules/core/texts.py``) filled into
the catalog message of the reader's locale, each seat written as the reader's name for it.

An event without facts (a game that still writes only English, or an old stored event) reads as its
stored English text, with "Player N" written as the seat's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import has_message, translate
from rules.core.players import replace_players


def say(locale: object, said: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The message ``said`` ({"msg", "args"}) for a reader of ``locale``."""
    args = {key: _argument(locale, value, names) for key, value in (said.get("args") or {}).items()}
    return translate(locale, str(said["msg"]), **args)


def text_of(locale: object, value: Any, names: Mapping[int, str] | None = None) -> str:
    """Any text an engine gives, for a reader of ``locale``: facts of a catalog (a message, a list of
    them, lines of them) in the reader's words, or English, with "Player N" written as the seat's name."""
    named = names or {}
    if isinstance(value, dict | list):
        return str(_argument(locale, value, named))
    return replace_players(str(value), named.get)


def _argument(locale: object, value: Any, names: Mapping[int, str]) -> Any:
    if isinstance(value, list):
        separator = translate(locale, "game.list_separator")
        return separator.join(str(_argument(locale, item, names)) for item in value)
    if isinstance(value, dict) and "prose" in value:
        return replace_players(str(value["prose"]), names.get)
    if isinstance(value, dict) and "lines" in value:
        return "\n".join(str(_argument(locale, item, names)) for item in value["lines"])
    if isinstance(value, dict) and "items" in value:
        separator = translate(locale, "message.list_separator")
        items = [str(_argument(locale, item, names)) for item in value["items"]]
        if value.get("and") and len(items) > 1:
            return translate(locale, "message.list_and", first=separator.join(items[:-1]), last=items[-1])
        return separator.join(items)
    if isinstance(value, dict) and "seat" in value:
        seat = int(value["seat"])
        return names.get(seat) or translate(locale, "game.player", number=seat + 1)
    if isinstance(value, dict) and "msg" in value:
        return say(locale, value, names)
    return value


def has_facts(ev: Mapping[str, Any]) -> bool:
    return bool(ev.get("msg"))


def event_text(ev: Mapping[str, Any], locale: object, names: Mapping[int, str]) -> str:
    """What ``ev`` says, in the language of ``locale``; "" for an event that says nothing."""
    if has_facts(ev):
        text = say(locale, ev, names)
    else:
        text = replace_players(str(ev.get("text", "")).strip(), names.get)
    made_for = ev.get("made_for")
    if text and made_for is not None:
        player = names.get(int(made_for)) or translate(locale, "game.player", number=int(made_for) + 1)
        text = translate(
            locale, "game.made_for", text=text.removesuffix(".").removesuffix("。"), player=player
        )
    return text


def score_label(rules_id: str, category: str, locale: object, english: str) -> str:
    """A score category's name for a reader of ``locale`` (the game's catalog), else the engine's."""
    msgid = f"{rules_id}.score.{category}"
    return translate(locale, msgid) if has_message(msgid) else english
