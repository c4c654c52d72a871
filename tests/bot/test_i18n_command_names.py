"""Translated messages name commands and buttons as the reader's Discord shows them: a command by its
localised path (``/spiel beitreten``) or a mention, a button by its localised label, never by the English
name the reader's client does not show."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot import i18n, messages
from bot.i18n import translate

TRANSLATED = ("de", "nl", "ja")


def command_paths(language: str) -> dict[str, str]:
    """Each command's path in English ("/game join") with its path in ``language`` ("/spiel beitreten")."""
    english, local = i18n.catalog(i18n.ENGLISH).messages, i18n.catalog(language).messages
    keys = [k.removeprefix("command.").removesuffix(".name") for k in english if k.endswith(".name")]

    def path(key: str, names: dict[str, tuple[str, ...]]) -> str:
        parts = key.split(".")
        words = [".".join(parts[: i + 1]) for i in range(len(parts))]
        return "/" + " ".join(names.get(f"command.{w}.name", english[f"command.{w}.name"])[0] for w in words)

    return {path(k, english): path(k, local) for k in keys if k.startswith(tuple(_roots(english)))}


def _roots(english: dict[str, tuple[str, ...]]) -> set[str]:
    return {k.split(".")[1] for k in english if k.startswith("command.") and k.count(".") == 2}


def bot_messages(language: str) -> dict[str, str]:
    """The bot's own catalog of ``language`` (not the games'), each message's forms joined."""
    with i18n.po_path(language).open("rb") as file:
        po = read_po(file, locale=language)
    texts = {}
    for message in po:
        if message.id and not message.fuzzy:
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            key = message.id if isinstance(message.id, str) else message.id[0]
            texts[key] = "\n".join(forms)
    return texts


def _said(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9_/-]){re.escape(word)}(?![A-Za-z0-9_-])")


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translated_message_names_a_command_in_english(language: str) -> None:
    paths = {e: local for e, local in command_paths(language).items() if e != local}
    english = [
        f"{msgid}: {e} (here {local})"
        for msgid, text in bot_messages(language).items()
        if not msgid.startswith("command.")
        for e, local in paths.items()
        if _said(e).search(text)
    ]
    assert english == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translated_message_names_a_button_in_english(language: str) -> None:
    english_catalog = i18n.catalog(i18n.ENGLISH).messages
    labels = {
        english_catalog[k][0]: i18n.translate(language, k, seat="{seat}")
        for k in english_catalog
        if k.startswith("button.")
    }
    labels = {e: local for e, local in labels.items() if e != local and "{" not in e}
    english = [
        f"{msgid}: {e!r} (here {local!r})"
        for msgid, text in bot_messages(language).items()
        if not msgid.startswith(("button.", "command.", "choice."))
        for e, local in labels.items()
        if _said(e).search(text)
    ]
    assert english == []


def test_the_check_knows_the_localised_paths() -> None:
    assert command_paths("de")["/game join"] == "/spiel beitreten"
    assert command_paths("ja")["/board"] != "/board"


def test_a_command_is_mentioned_by_its_id_or_named_in_the_readers_language() -> None:
    assert messages.mention("game join", "de", {"game": 42}) == "</game join:42>"
    assert messages.mention("game join", "de", {}) == "/spiel beitreten"
    assert messages.mention("board", "ja", {}) == command_paths("ja")["/board"]
    said = translate("ja", "message.notify.muted_everywhere")
    mentioned = messages.with_mentions(said, "ja", ["notify unmute", "notify"], {"notify": 7})
    assert "</notify unmute:7>" in mentioned and "/通知" not in mentioned


def test_a_longer_command_name_is_mentioned_whole() -> None:
    """ "/ゲーム コンピューター追加" begins with "/ゲーム コンピューター", another command."""
    said = translate("ja", "message.lobby.computer_default")
    ids = {"game": 3}
    mentioned = messages.with_mentions(said, "ja", ["game computer", "game add-ai", "game remove-ai"], ids)
    assert "</game add-ai:3>" in mentioned and "</game remove-ai:3>" in mentioned, mentioned
    assert "</game computer:3>" not in mentioned, mentioned
