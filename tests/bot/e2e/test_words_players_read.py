"""Players read labels and the names the pictures print, never the notation moves are stored in.

Whole games of both titles are played through the stand-in with /move, now and then /undo, /log, a
word that could mean several moves and a nonsense move; every text the bot sent (replies, errors,
channel posts, direct messages) is read.

A *notation token* is a word of a canonical legal move offered during the game ("KANSAS_CITY",
"drought-1", "certs", "mil-msp") that is not also a word of some label offered during the same game
("move", "Denver", "2"), compared without case; numbers are never tokens. No text may hold one, except
that a refusal may quote back what the player typed, and that the few tokens that are plain English
(``ENGLISH``: "lay track", "or skip") count only where a text quotes them as something to type.
"""

from __future__ import annotations

import random
import re

import pytest

from loopback import Reply, SimUser
from tests.bot.e2e.conftest import Arena

# a word as players read it: punctuation and markdown around it are not part of it
WORD = re.compile(r"[\w$+#/-]+(?:[.'][\w-]+)*")
NONSENSE = "xyzzy plugh"
# notation words that are ordinary English too: fine as words, a leak only as a quoted code ('done')
ENGLISH = frozenset({"done", "lay", "money", "pick", "skip"})


def words(text: str) -> set[str]:
    return {w.lower().strip("-/") for w in WORD.findall(text)}


class Reader:
    """What the game offered (moves and their labels) and every text the bot sent while it was played."""

    def __init__(self) -> None:
        self.notation: set[str] = set()
        self.label_words: set[str] = set()
        self.texts: list[str] = []
        self.typed: set[str] = set()  # what the players typed, which a refusal may quote back

    def offered(self, legal: list[tuple[str, str]]) -> None:
        for move, label in legal:
            self.notation.update(w.lower() for w in move.split())
            self.label_words |= words(label)

    def read(self, reply: Reply) -> Reply:
        self.texts.append(reply.text())
        return reply

    def tokens(self) -> set[str]:
        return {w for w in self.notation - self.label_words if not re.fullmatch(r"[\d.+-]+", w)}

    def leaks(self) -> list[tuple[str, str]]:
        tokens = self.tokens()
        found = []
        for text in self.texts:
            for typed in self.typed:
                text = text.replace(f"'{typed}'", "")
            for w in sorted(words(text) & tokens):
                if w not in ENGLISH or re.search(rf"['\"‘“]{re.escape(w)}['\"’”]", text, re.IGNORECASE):
                    found.append((w, text))
        return found


def ambiguous_prefix(legal: list[tuple[str, str]]) -> str | None:
    """A word or two that begin several legal moves (and no label): typed alone, they mean no one move."""
    for size in (2, 1):
        starts = [" ".join(move.split()[:size]) for move, _ in legal if len(move.split()) > size]
        for start in starts:
            if starts.count(start) > 1 and not any(label.lower() == start for _, label in legal):
                return start
    return None


async def play_reading_everything(arena: Arena, game_id: str, players: list[SimUser], seed: int) -> Reader:
    reader = Reader()
    channel_id = int(arena.channel.id)
    rng = random.Random(seed)
    async with arena.running() as (_bot, service):
        # the live board and its pings are read too; each step is typed (auto-play off), as the
        # ambiguous words are tried on the moves offered
        await arena.start_game(game_id, players[0], *players[1:], max_players=len(players), auto_play=False)
        moves = 0
        while (game := await service.get_game(channel_id)).status == "active":
            user = arena.person(rng.choice(game.to_act_users))
            legal = await service.legal_moves(channel_id, arena.by_id(user))
            reader.offered(legal)
            if moves % 40 == 5:
                prefix = ambiguous_prefix(legal)
                reader.typed |= {NONSENSE} | ({prefix} if prefix else set())
                if prefix is not None:
                    refused = reader.read(await user.slash("move", arena.channel, move=prefix))
                    assert "could mean" in refused.content, refused.content
                reader.read(await user.slash("move", arena.channel, move=NONSENSE))
            move = rng.choice(legal)[0]
            reader.read(await user.slash("move", arena.channel, move=move))
            moves += 1
            if moves % 9 == 4:
                reader.read(await user.slash("undo", arena.channel))
            if moves % 25 == 0:
                reader.read(await user.slash("log", arena.channel, count=10))
            assert moves < 3000
        for user in players:
            reader.read(await user.slash("log", arena.channel, count=10))
        await arena.loopback.settle()
        reader.texts += [arena.loopback.describe(m) for m in arena.loopback.messages()]
    return reader


@pytest.mark.parametrize(("game_id", "count", "seed"), [("gwt", 2, 3), ("santafe", 3, 4)])
async def test_no_move_code_reaches_a_player(arena: Arena, game_id: str, count: int, seed: int) -> None:
    reader = await play_reading_everything(arena, game_id, arena.people[:count], seed)
    assert reader.tokens(), "the games offer moves whose notation players never read"
    assert not reader.leaks(), reader.leaks()[:5]
    assert any("Took back: " in text for text in reader.texts)  # an undo was answered by its label
    assert any("could mean several moves" in text for text in reader.texts)
