"""The catalogs: every language holds every message with the same placeholders and its own plural forms,
and ``translate`` picks the reader's language, falls back to English, and chooses plural forms by count."""

from __future__ import annotations

import re
import string
from pathlib import Path

import discord
import pytest
from babel.messages.catalog import Catalog as PoFile
from babel.messages.pofile import read_po

from bot import i18n
from bot.i18n import ENGLISH, LANGUAGES, PSEUDO, Catalog, language_of, translate


def read(language: str) -> PoFile:
    with i18n.po_path(language).open("rb") as file:
        return read_po(file, locale=language)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def entries(language: str) -> dict[str, tuple[str, ...]]:
    found = {}
    for message in read(language):
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            found[key] = (message.string,) if isinstance(message.string, str) else tuple(message.string)
    return found


ENGLISH_ENTRIES = entries(ENGLISH)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    po = read(language)
    found = entries(language)
    assert set(found) == set(ENGLISH_ENTRIES)
    assert [m.id for m in po if m.id and m.fuzzy] == []
    for msgid, forms in found.items():
        assert all(forms), (language, msgid, "untranslated")
        wanted = set().union(*map(placeholders, ENGLISH_ENTRIES[msgid]))
        for form in forms:
            assert placeholders(form) == wanted, (language, msgid, form)
        plural = len(ENGLISH_ENTRIES[msgid]) > 1
        assert len(forms) == (po.num_plurals if plural else 1), (language, msgid)


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        (discord.Locale.german, "de"),
        ("nl", "nl"),
        (discord.Locale.japanese, "ja"),
        ("fr", "en"),
        ("pt-BR", "en"),
        (None, "en"),
    ],
)
def test_each_discord_locale_reads_one_catalog(locale: object, language: str) -> None:
    assert language_of(locale) == language


def test_plural_forms_follow_each_language() -> None:
    one = translate("en-US", "message.too_many_options", shown=1, count=1)
    many = translate("en-US", "message.too_many_options", shown=25, count=40)
    assert "1 of 1 option fit" in one and "25 of 40 options fit" in many
    assert "von 1 Möglichkeit passen" in translate("de", "message.too_many_options", shown=1, count=1)
    assert "von 40 Möglichkeiten" in translate("de", "message.too_many_options", shown=25, count=40)
    # Japanese has one form for every number
    assert translate("ja", "message.too_many_options", shown=1, count=1).startswith("1個の選択肢")


def test_a_message_a_language_lacks_reads_english(monkeypatch: pytest.MonkeyPatch) -> None:
    english = i18n.catalog(ENGLISH)
    partial = Catalog("de", {"message.hidden_note": ("Nur du siehst das.",)}, english.plural)
    monkeypatch.setattr(i18n, "catalog", lambda language: partial if language == "de" else english)
    assert translate("de", "message.hidden_note") == "Nur du siehst das."
    assert translate("de", "message.waiting_for", names="Ann") == "Waiting for Ann."


def test_an_unknown_id_is_a_mistake_not_a_sentence() -> None:
    with pytest.raises(i18n.UnknownMessage):
        translate("de", "message.no_such_thing")


def test_the_pseudo_locale_marks_and_lengthens_every_message() -> None:
    english, pseudo = i18n.catalog(ENGLISH), i18n.catalog(PSEUDO)
    assert set(pseudo.messages) == set(english.messages)
    text = translate(PSEUDO, "message.waiting_for", names="Ann")
    assert re.fullmatch(r"【Waiting for Ann\.~+】", text)
    for msgid, forms in pseudo.messages.items():
        for form, source in zip(forms, english.messages[msgid], strict=True):
            assert len(form) >= len(source) * 4 // 3, msgid


def game_entries(path: object) -> tuple[PoFile, dict[str, tuple[str, ...]]]:
    with open(path, "rb") as file:  # type: ignore[call-overload]
        po = read_po(file)
    found = {}
    for message in po:
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            found[key] = (message.string,) if isinstance(message.string, str) else tuple(message.string)
    return po, found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_catalog_is_complete_with_the_same_placeholders(language: str) -> None:
    english = {path.parent.parent.parent.parent.name: path for path in i18n.game_po_paths(ENGLISH)}
    theirs = {path.parent.parent.parent.parent.name: path for path in i18n.game_po_paths(language)}
    assert english and set(theirs) == set(english)
    for game, path in theirs.items():
        _, wanted_entries = game_entries(english[game])
        po, found = game_entries(path)
        assert set(found) == set(wanted_entries), (language, game)
        for msgid, forms in found.items():
            assert all(forms), (language, msgid, "untranslated")
            wanted = set().union(*map(placeholders, wanted_entries[msgid]))
            assert all(placeholders(form) == wanted for form in forms), (language, msgid)
            plural = len(wanted_entries[msgid]) > 1
            assert len(forms) == (po.num_plurals if plural else 1), (language, msgid)


# A Santa Fe move typed as notation ("done", "double", "+branch red", "buy track …"), quoted in a message.
SANTA_FE_NOTATION = re.compile(
    r"['‘“„「]\s*(done|double|city|engineer|\+branch\b[^'’”“」]*|buy (track|branch)\b[^'’”“」]*)\s*['’”“」]"
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_santa_fe_hints_name_moves_by_their_labels_never_by_notation(language: str) -> None:
    """A hint or refusal tells a player which choice to pick as the list shows it, in their language."""
    path = next(p for p in i18n.game_po_paths(language) if p.parent.parent.parent.parent.name == "santafe")
    _, found = game_entries(path)
    quoting = {msgid: f for msgid, forms in found.items() for f in forms if SANTA_FE_NOTATION.search(f)}
    assert not quoting, quoting


CATALOG_FILES = sorted(path for root in ("bot/locales", "rules") for path in Path(root).rglob("*.po"))


@pytest.mark.parametrize("path", CATALOG_FILES, ids=str)
def test_each_message_of_a_catalog_file_has_one_translation(path: object) -> None:
    """Babel keeps the first of two ``msgstr`` lines under one ``msgid`` and says nothing (gettext's msgfmt
    refuses the file): two versions of a message, as a merge of two edits can leave, must not pass."""
    previous = ""
    for number, line in enumerate(Path(str(path)).read_text().splitlines(), 1):
        if line.startswith('"'):
            continue  # a continuation of the line before
        if line.startswith("msgstr ") and previous.startswith("msgstr "):
            raise AssertionError(f"{path}:{number}: a second translation of the same message")
        previous = line
