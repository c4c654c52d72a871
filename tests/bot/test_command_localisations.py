"""Every command, group, option and choice carries German, Dutch and Japanese names and descriptions from
the catalogs, within Discord's rules for each field (the stand-in's checks, ``loopback/limits.py``,
name the documentation), and unique among its siblings in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.client import BoardGameBot
from bot.cogs import EXTENSIONS
from bot.settings import Settings
from bot.translator import CatalogTranslator
from loopback import limits
from tests.bot.helpers import stop_reminder_loops

TRANSLATED = ("de", "nl", "ja")


@pytest.fixture
async def payloads() -> list[dict[str, Any]]:
    bot = BoardGameBot(games=None, settings=Settings(token="x"), sync_commands=False)  # type: ignore[arg-type]
    await bot.tree.set_translator(CatalogTranslator())
    for name in EXTENSIONS:
        await bot.load_extension(name)
    stop_reminder_loops(bot)
    translator = bot.tree.translator
    assert translator is not None
    return [await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()]


def nodes(node: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    here = f"{path} {node['name']}".strip()
    found = [(here, node)]
    for option in node.get("options", []):
        found += nodes(option, here)
    return found


def every_node(payloads: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [found for payload in payloads for found in nodes(payload)]


async def test_every_name_description_and_choice_is_localised(payloads: list[dict[str, Any]]) -> None:
    missing = []
    for path, node in every_node(payloads):
        for field in ("name_localizations", "description_localizations"):
            have = node.get(field) or {}
            missing += [f"{path} {field} {lang}" for lang in TRANSLATED if not have.get(lang)]
        for choice in node.get("choices", []):
            have = choice.get("name_localizations") or {}
            missing += [
                f"{path} choice {choice['value']} {lang}" for lang in TRANSLATED if not have.get(lang)
            ]
    assert missing == []


async def test_localisations_keep_discords_rules(payloads: list[dict[str, Any]]) -> None:
    assert limits.command_problems(payloads, "global") == []
    for path, node in every_node(payloads):
        for lang, name in node["name_localizations"].items():
            assert limits.is_command_name(name), (path, lang, name)
        for lang, text in node["description_localizations"].items():
            assert 1 <= len(text) <= 100, (path, lang, text)
            assert not text.startswith(("command.", "choice.")), (path, lang, text)


async def test_names_are_unique_among_siblings_in_every_language(payloads: list[dict[str, Any]]) -> None:
    groups = [payloads] + [node["options"] for _, node in every_node(payloads) if node.get("options")]
    for siblings in groups:
        for lang in TRANSLATED:
            shown = [node.get("name_localizations", {}).get(lang, node["name"]) for node in siblings]
            assert len(set(shown)) == len(shown), (lang, shown)


async def test_the_stand_in_refuses_a_localisation_discord_refuses(payloads: list[dict[str, Any]]) -> None:
    """The check above can fail: a name with a capital or a space in one language is refused."""
    game = next(p for p in payloads if p["name"] == "game")
    broken = dict(game, name_localizations=dict(game["name_localizations"], de="Neues Spiel"))
    assert limits.command_problems([broken], "global") == [
        "/game: name in de 'Neues Spiel' breaks Discord's naming rule"
    ]


def _choice_node(payloads: list[dict[str, Any]], path: str) -> dict[str, Any]:
    return next(node for where, node in every_node(payloads) if where == path)


async def test_a_choice_reads_as_its_option_means_it(payloads: list[dict[str, Any]]) -> None:
    """One value, two options: "turn" is every turn in /game pace and this turn in /notify mute."""
    pace = {c["value"]: c for c in _choice_node(payloads, "game pace posts")["choices"]}["turn"]
    mute = {c["value"]: c for c in _choice_node(payloads, "notify mute scope")["choices"]}["turn"]
    for lang in TRANSLATED:
        assert pace["name_localizations"][lang] != mute["name_localizations"][lang], lang
    assert pace["name_localizations"]["de"] == "jeder Zug"
    assert mute["name_localizations"]["de"] == "dieser Zug"
    assert pace["name_localizations"]["en-US"] == "every turn"  # in English too, not the bare value
    assert "en-US" not in (mute.get("name_localizations") or {})


async def test_option_descriptions_name_choices_as_the_reader_sees_them(
    payloads: list[dict[str, Any]],
) -> None:
    """A description that explains the choices names each by the name the reader's menu shows."""
    english = []
    for path, node in every_node(payloads):
        for lang in TRANSLATED:
            said = (node.get("description_localizations") or {}).get(lang, "")
            for choice in node.get("choices", []):
                shown = (choice.get("name_localizations") or {}).get(lang, choice["name"])
                value = str(choice["value"])  # a code ("de") is no word of the description's
                word = rf"(?<![\w-]){re.escape(value)}(?![\w-])"
                if choice["name"] == value != shown and re.search(word, said):
                    english.append(f"{path} {lang}: {value!r} in {said!r}")
    assert english == []
