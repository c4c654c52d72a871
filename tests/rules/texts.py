"""What players read from an engine during a random game: shared by every game's text tests, and by the
bot's tests of the texts it builds from them."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.playout import random_playout

# how engines name players: the bot writes exactly this as the player's name
PLAYER = re.compile(r"\bPlayer (\d)\b")
# a text that speaks to the player who reads it: fine in a prompt or a private event, never in a public one
SPOKEN_TO = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


@dataclass
class GameTexts:
    """Everything a random game showed: event texts (public and private), prompts and move labels."""

    public: list[str] = field(default_factory=list)
    private: list[str] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    # every position seen, for tests that build more texts from them: (state, events of the move before)
    positions: list[tuple[Any, list[dict[str, Any]]]] = field(default_factory=list)


def random_game_texts(
    rules: Any, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> GameTexts:
    """The texts of one random game played to the end (``rules``: an engine with ``Rules`` and
    ``Notation``)."""
    seen = GameTexts()

    def check(state, seat, move, events):  # type: ignore[no-untyped-def]
        for ev in events:
            if ev["type"] == "turn_start":  # a prompt as an event: the bot shows it as the prompt
                seen.prompts.append(ev["text"])
            else:
                (seen.public if ev.get("private_to") is None else seen.private).append(ev["text"])
        seen.positions.append((state, list(events)))
        decision = rules.view(state, None)["decision"]
        if decision:
            seen.prompts.append(decision["prompt"])
            for s in decision["seats"]:
                seen.labels.extend(rules.describe_move(state, s, m) for m in rules.legal_moves(state, s))

    assert random_playout(rules, players, seed, options, check=check).finished
    return seen


def texts_of_a_random_game(
    rules: Any, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> tuple[list[str], list[str]]:
    """Every event text and prompt, and every label offered, in one random game played to the end."""
    seen = random_game_texts(rules, players, seed, options)
    return seen.public + seen.private + seen.prompts, seen.labels


def assert_plain_words(texts: list[str], labels: list[str], players: int, raw: re.Pattern[str]) -> None:
    """Players named "Player N" of a real seat; no raw id (``raw``), no "(s)", no sentence said twice;
    labels ≤ 90 characters."""
    for text in texts + labels:
        assert not re.search(r"\bplayer \d", text), text
        assert not raw.search(text), text
        assert "(s)" not in text, text  # a number is followed by the right singular or plural
        assert all(1 <= int(n) <= players for n in PLAYER.findall(text)), text
        assert not doubled_sentences(text), text
    assert max(len(label) for label in labels) <= 90
    assert any(PLAYER.search(t) for t in texts)


def assert_public_texts_speak_of_players(seen: GameTexts, *, labels_in_log: bool) -> None:
    """Public events speak of players, never to the reader; so do labels when the engine logs each move as
    "Player N: <label>." for everyone (``labels_in_log``)."""
    for text in seen.public + (seen.labels if labels_in_log else []):
        assert not SPOKEN_TO.search(text), text


# Words that say nothing about what a sentence means, left out when sentences are compared.
_FILLER = frozenset(
    re.findall(
        r"\w+",
        """a an the and or but of to in on at for with by from as is are was were be been it its this that
        these those there here you your i me my we our they their them not no so if then than can could may
        might must do does did has have had will would should only one any some all each every what which who
        how when where just also too very game games""",
    )
)


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<!St\.)(?<=[.!?])\s+", text.strip()) if s]  # not after "St. Louis"


def _words(sentence: str) -> list[str]:
    return re.findall(r"[\w$'/+-]+", sentence.lower())


def _meaning(sentence: str) -> set[str]:
    stems = set()
    for word in _words(sentence):
        word = word.removesuffix("'s")
        if word not in _FILLER:
            stems.add(word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)
    return stems


def doubled_sentences(text: str) -> list[tuple[str, str]]:
    """Pairs of sentences of ``text`` that say the same thing twice: mostly the same words in the same order
    ("Only the host can do that. Only the player who created the game can do that."), or most of the
    meaningful words of the shorter one again."""
    found = []
    said = sentences(text)
    for i, first in enumerate(said):
        for second in said[i + 1 :]:
            alike = difflib.SequenceMatcher(None, _words(first), _words(second)).ratio() >= 0.5
            a, b = _meaning(first), _meaning(second)
            shared = len(a & b) >= 3 and 2 * len(a & b) >= min(len(a), len(b))
            if alike or shared:
                found.append((first, second))
    return found
