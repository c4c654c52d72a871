"""Adding a language is what docs/adding-a-language.md says: a language added by its steps alone (here a
pseudo-French, English wrapped in 【…】, in copies of the catalogs) is read by Discord's locale, offered by
name, complete with its own plural forms, drawn by the pictures' face, and passes the catalogs' checks."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from babel.messages.catalog import Catalog as PoFile
from babel.messages.pofile import read_po, write_po

from bot import i18n
from tests.bot import test_i18n
from tests.render import test_font

CODE, NAME, LOCALE = "fr", "Français (pseudo)", "fr"


def wrapped(text: str) -> str:
    return f"【{text}】" if text else text


def translated_copy(english: Path, target: Path, domain: str) -> None:
    """Step 2 of the document: the English catalog copied, its header set, every message translated."""
    with english.open("rb") as file:
        source = read_po(file, locale=i18n.ENGLISH, domain=domain)
    po = PoFile(locale=CODE, domain=domain)  # its Plural-Forms: French's, as CLDR gives them
    for message in source:
        if not message.id:
            continue
        if isinstance(message.string, str):
            po.add(message.id, wrapped(message.string))
        else:
            forms = list(message.string)
            po.add(message.id, tuple(wrapped(forms[min(i, len(forms) - 1)]) for i in range(po.num_plurals)))
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_po(file, po)


def name_in(po_path: Path, language: str) -> None:
    """Step 3: ``choice.<code>``, the new language's name, in a catalog."""
    with po_path.open("rb") as file:
        po = read_po(file, locale=language)
    po.add(f"choice.{CODE}", NAME)
    with po_path.open("wb") as file:
        write_po(file, po)


@pytest.fixture
def added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    bot_locales, games = tmp_path / "locales", tmp_path / "rules"
    shutil.copytree(i18n.LOCALES, bot_locales)
    for path in i18n.GAMES.glob("*/locales"):
        shutil.copytree(path, games / path.parent.name / "locales")
    monkeypatch.setattr(i18n, "LOCALES", bot_locales)
    monkeypatch.setattr(i18n, "GAMES", games)
    # step 1: the code, its name and the Discord locale that reads it
    monkeypatch.setattr(i18n, "LANGUAGES", (*i18n.LANGUAGES, CODE))
    monkeypatch.setattr(i18n, "LANGUAGE_NAMES", {**i18n.LANGUAGE_NAMES, CODE: NAME})
    monkeypatch.setattr(i18n, "DISCORD_LOCALES", {**i18n.DISCORD_LOCALES, LOCALE: CODE})
    # step 3 (first, so the copy of English has it too): its name in every language's catalog
    for language in i18n.LANGUAGES[:-1]:
        name_in(i18n.po_path(language), language)
    # step 2: the bot's catalog and each game's
    translated_copy(i18n.po_path(i18n.ENGLISH), i18n.po_path(CODE), i18n.DOMAIN)
    for english in i18n.game_po_paths(i18n.ENGLISH):
        game = english.parent.parent.parent.parent.name
        translated_copy(english, games / game / "locales" / CODE / "LC_MESSAGES" / english.name, english.stem)
    monkeypatch.setattr(test_i18n, "ENGLISH_ENTRIES", test_i18n.entries(i18n.ENGLISH))
    i18n.catalog.cache_clear()
    yield
    i18n.catalog.cache_clear()


@pytest.mark.usefixtures("added")
def test_a_language_added_by_the_documents_steps_is_read_offered_and_complete() -> None:
    assert i18n.language_of(discord.Locale.french) == CODE
    assert i18n.translate(discord.Locale.french, "message.not_seated") == wrapped(
        i18n.translate(i18n.ENGLISH, "message.not_seated")
    )
    assert i18n.translate("fr", "gwt.event.move", player="Ann", move="x").startswith("【")  # a game's text
    assert all(i18n.catalog(language).text(f"choice.{CODE}", None) for language in i18n.LANGUAGES)
    # the same checks as for every shipped language: complete, same placeholders, its plural forms
    test_i18n.test_every_message_is_translated_with_the_same_placeholders(CODE)
    test_i18n.test_every_game_catalog_is_complete_with_the_same_placeholders(CODE)
    assert i18n.catalog(CODE).plural(1) == 0 and i18n.catalog(CODE).plural(2) != 0  # its own forms
    # the pictures' face draws every letter it writes
    test_font.test_every_letter_of_the_catalogs_is_drawn(CODE)


def test_the_document_names_every_step_and_the_readme_links_it() -> None:
    root = Path(__file__).resolve().parents[2]
    steps = (root / "docs" / "adding-a-language.md").read_text(encoding="utf-8")
    for named in (
        "LANGUAGES",
        "LANGUAGE_NAMES",
        "DISCORD_LOCALES",
        "choice.<code>",
        "Plural-Forms",
        "render/fonts",
        "test_i18n_command_names.py",
        "docs/glossary",
        "game.list_separator",
        "message.sentences",
        "qps-ploc",
    ):
        assert named in steps, named
    assert "docs/adding-a-language.md" in (root / "README.md").read_text(encoding="utf-8")
