"""The catalogs use the glossaries' words: no message of a language holds a word that ``docs/glossary/``
lists under **Not** for that language (the rules of the search are in ``docs/glossary/README.md``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot import i18n
from bot.i18n import ENGLISH

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary"
TRANSLATED = ("de", "nl", "ja")
HEADING = re.compile(r"^##\s.*\((?P<language>[a-z]{2})\)\s*$")
# a rejected word in backticks, maybe followed by the English word it is rejected for: `kosten` (for “fee”)
REJECTED = re.compile(r"`(?P<word>[^`]+)`(?:\s*\(for “(?P<english>[^”]+)”\))?")
WORD_PARTS = re.compile(r"\s*(?:/|,|;|:|：|\(|\)|（|）)\s*")
LATIN = "A-Za-zÀ-ÿ"
NUMBER = r"(?:\d+|\{[^{}]*\})"
GAMES = frozenset(path.parents[3].name for path in i18n.game_po_paths(ENGLISH))


@dataclass(frozen=True)
class Rejected:
    word: str  # the word a catalog must not use
    instead: str  # the glossary's word for the thing
    english: str | None  # looked for only in messages whose English says this, when given
    source: str  # the glossary file


@dataclass(frozen=True)
class Glossary:
    rejected: tuple[Rejected, ...]
    words: frozenset[str]  # every word the language's tables give


def table_rows(path: Path) -> Iterator[tuple[str, list[str]]]:
    """(language, cells) for each row of a table under a ``## … (xx)`` heading."""
    language = None
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        if heading or line.startswith("#"):
            language = heading["language"] if heading else None
        elif language and line.startswith("|") and not set(line) <= set("|-: "):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if cells[0] != "English":
                yield language, cells


def glossary(language: str) -> Glossary:
    rejected: list[Rejected] = []
    words: set[str] = set()
    for path in sorted(GLOSSARY.glob("*.md")):
        for row_language, cells in table_rows(path):
            if row_language != language:
                continue
            _, word, _, banned = cells
            words.update(part for part in WORD_PARTS.split(word) if part)
            for found in REJECTED.finditer(banned):
                rejected.append(Rejected(found["word"], word, found["english"], path.name))
    return Glossary(tuple(rejected), frozenset(words))


def pattern(word: str) -> re.Pattern[str]:
    """A word matches with case, whole where it begins or ends in a Latin letter; a lone ``N`` is any
    number or placeholder."""
    parts = re.split(rf"(?<![{LATIN}])N(?![{LATIN}])", word)
    body = NUMBER.join(map(re.escape, parts))
    latin = re.compile(rf"[{LATIN}]")
    before = rf"(?<![{LATIN}])" if latin.match(word[0]) else ""
    after = rf"(?![{LATIN}])" if latin.match(word[-1]) else ""
    return re.compile(before + body + after)


def mentions(english: str, word: str) -> bool:
    return re.search(rf"(?<![A-Za-z]){re.escape(word)}", english, re.IGNORECASE) is not None


def messages(path: Path, language: str) -> dict[str, tuple[str, ...]]:
    with path.open("rb") as file:
        po = read_po(file, locale=language)
    found = {}
    for message in po:
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            found[key] = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
    return found


def catalogs(language: str) -> list[tuple[Path, Path]]:
    """(the language's catalog, the English one) for the bot and for each game."""
    english = {path.parents[3].name: path for path in i18n.game_po_paths(ENGLISH)}
    games = [(path, english[path.parents[3].name]) for path in i18n.game_po_paths(language)]
    return [(i18n.po_path(language), i18n.po_path(ENGLISH)), *games]


def applies(rejected: Rejected, english: str, game: str | None) -> bool:
    """Whether ``rejected`` is looked for in a message of ``game``'s catalog (None: the bot's) whose
    English is ``english``: a game's catalog answers to its own game's glossary, not another game's."""
    if rejected.english and not mentions(english, rejected.english):
        return False
    glossary_game = rejected.source.removesuffix(".md")
    return not (game and glossary_game in GAMES and glossary_game != game)


def wrong_words(text: str, english: str, terms: Glossary, game: str | None = None) -> list[Rejected]:
    """The rejected words ``text`` uses, leaving aside those inside a longer glossary word."""
    wrong = []
    for rejected in (r for r in terms.rejected if applies(r, english, game)):
        longer = sorted((w for w in terms.words if rejected.word in w and w != rejected.word), key=len)
        rest = text
        for word in reversed(longer):  # longest first: 列車コマ before 列車
            rest = rest.replace(word, "\0")
        if pattern(rejected.word).search(rest):
            wrong.append(rejected)
    return wrong


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translated_language_has_a_glossary_with_words_to_reject(language: str) -> None:
    terms = glossary(language)
    assert terms.rejected and terms.words
    for rejected in terms.rejected:  # the glossary's own word is never the rejected one
        assert rejected not in wrong_words(rejected.instead, rejected.english or "", terms), rejected


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_catalog_uses_a_word_the_glossary_rejects(language: str) -> None:
    terms = glossary(language)
    faults = []
    for path, english_path in catalogs(language):
        english = messages(english_path, ENGLISH)
        game = path.parents[3].name if path != i18n.po_path(language) else None
        for msgid, forms in messages(path, language).items():
            source = " ".join(english.get(msgid, ()))
            for form in forms:
                faults += [
                    f"{path.parents[3].name} {msgid}: “{r.word}” where {r.source} says “{r.instead}”"
                    for r in wrong_words(form, source, terms, game)
                ]
    assert faults == []


@pytest.mark.parametrize(
    ("language", "text", "english", "wrong"),
    [
        ("ja", "カンザスシティでの繁殖価値", "", ["繁殖価値", "カンザスシティ"]),
        ("ja", "列車を2マス進める", "move the engine 2 spaces (row)", []),  # 列 inside 列車
        ("ja", "トークンは{row}列目", "token on row {row}", ["列"]),
        ("ja", "予見マスの{col}列目", "foresight column {col}", []),  # a column is 列
        ("ja", "証明書{cert}つと2ドル", "", ["証明書Nつ"]),
        ("ja", "証明書2枚", "", []),
        ("ja", "緑の手形", "", []),
        ("nl", "kosten {fees}", "fees {fees}", ["kosten"]),
        ("nl", "de kosten van het gebouw", "the building's cost", []),
        ("nl", "transportkosten $2", "fee", []),
        ("de", "({turn}. Legezug)", "", ["Legezug"]),
    ],
)
def test_the_search_finds_whole_words_and_leaves_longer_ones(
    language: str, text: str, english: str, wrong: list[str]
) -> None:
    assert sorted(r.word for r in wrong_words(text, english, glossary(language))) == sorted(wrong)


def test_a_games_catalog_answers_to_its_own_games_glossary() -> None:
    terms = glossary("ja")  # GWT's Japanese book writes カンザス市; Santa Fe's map prints Kansas City
    assert [r.word for r in wrong_words("Kansas City", "", terms, "gwt")] == ["Kansas City"]
    assert wrong_words("Kansas City", "", terms, "santafe") == []
