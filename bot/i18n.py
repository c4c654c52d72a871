"""Every sentence a person reads, in their language: message catalogs in gettext's ``.po`` format under
``bot/locales/<language>/LC_MESSAGES/bot.po``, read with Babel the first time a language is asked for.

Messages are named by ids ("message.no_permission", "command.game.join.description"); the English catalog
holds the English text, so every language, English included, comes from a catalog. A message with plural
forms picks the form for its ``count`` parameter by the catalog's own ``Plural-Forms`` rule. A language
without a message falls back to English; a Discord locale outside the catalogs reads English.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LOCALES = Path(__file__).with_name("locales")
# Each game keeps the catalog of its own texts (events, prompts, labels) in its folder:
# rules/<game>/locales/<language>/LC_MESSAGES/<game>.po, read into the same catalog as the bot's.
GAMES = Path(__file__).resolve().parent.parent / "rules"
DOMAIN = "bot"
ENGLISH = "en"
LANGUAGES = ("en", "de", "nl", "ja")
# Each language by its own name, as people choose it (the same in every catalog: a reader looks for theirs).
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "ja": "日本語"}
# Discord's locales that read each catalog (https://discord.com/developers/docs/reference#locales);
# any other locale reads English.
DISCORD_LOCALES = {"en-US": "en", "en-GB": "en", "de": "de", "nl": "nl", "ja": "ja"}
# The pseudo-locale: English wrapped in markers and a third longer, so a test sees at a glance which text
# came from a catalog and that the layout has room for longer languages. It is never offered to Discord.
PSEUDO = "qps-ploc"
PSEUDO_OPEN, PSEUDO_CLOSE, PSEUDO_PAD = "【", "】", "~"


class UnknownMessage(KeyError):
    """The English catalog has no message of this id: a mistake in the code, not in a translation."""


@dataclass(frozen=True)
class Catalog:
    """One language's messages: each id with its text, or its plural forms in the catalog's order."""

    language: str
    messages: Mapping[str, tuple[str, ...]]
    plural: Callable[[int], int]

    def text(self, msgid: str, count: int | None) -> str | None:
        forms = self.messages.get(msgid)
        if forms is None:
            return None
        if len(forms) == 1 or count is None:
            return forms[0]
        return forms[min(self.plural(count), len(forms) - 1)]


def language_of(locale: object) -> str:
    """The catalog that a Discord locale (a ``discord.Locale`` or its value, "en-GB", "de"…) reads."""
    value = str(getattr(locale, "value", locale or ""))
    if value == PSEUDO:
        return PSEUDO
    return DISCORD_LOCALES.get(value, ENGLISH)


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(language: str) -> Catalog:
    """The catalog of ``language`` (one of ``LANGUAGES``, or ``PSEUDO``), read once per process."""
    if language == PSEUDO:
        return _pseudo(catalog(ENGLISH))
    messages: dict[str, tuple[str, ...]] = {}
    plural_expr = ""
    for path in (po_path(language), *game_po_paths(language)):
        with path.open("rb") as file:
            po = read_po(file, locale=language, domain=DOMAIN)
        plural_expr = plural_expr or po.plural_expr
        for message in po:
            if not message.id or message.fuzzy:
                continue
            forms = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
            if all(forms):  # an untranslated message is left to the English fallback
                key = message.id if isinstance(message.id, str) else message.id[0]
                messages[key] = forms
    return Catalog(language, messages, gettext.c2py(plural_expr))


def game_po_paths(language: str) -> list[Path]:
    """The catalogs of the games' own texts in ``language``, one per game that has them."""
    return sorted(GAMES.glob(f"*/locales/{language}/LC_MESSAGES/*.po"))


def _pseudo(english: Catalog) -> Catalog:
    def wrap(text: str) -> str:
        return f"{PSEUDO_OPEN}{text}{PSEUDO_PAD * max(1, len(text) // 3)}{PSEUDO_CLOSE}"

    messages = {key: tuple(wrap(form) for form in forms) for key, forms in english.messages.items()}
    return Catalog(PSEUDO, messages, english.plural)


def translate(locale: object, msgid: str, /, **params: object) -> str:
    """Message ``msgid`` for a reader of ``locale``, its ``{placeholders}`` filled from ``params``; the
    plural form follows ``params["count"]``. Falls back to English where the language lacks it."""
    count = params.get("count")
    number = count if isinstance(count, int) else None
    text = catalog(language_of(locale)).text(msgid, number)
    if text is None:
        text = catalog(ENGLISH).text(msgid, number)
    if text is None:
        raise UnknownMessage(msgid)
    return text.format_map(params)


def has_message(msgid: str) -> bool:
    return msgid in catalog(ENGLISH).messages


__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PSEUDO",
    "Catalog",
    "UnknownMessage",
    "catalog",
    "has_message",
    "language_of",
    "translate",
]
