"""The words players read: labels, log texts and prompts name cities and railroads as printed and
players as "Player N" (the form the bot replaces with names)."""

from __future__ import annotations

import re

import pytest

from rules.core.errors import NotYourTurnError
from rules.santafe import RULES, board
from tests.rules.santafe.helpers import laying, new
from tests.rules.texts import assert_plain_words, texts_of_a_random_game

# City slugs and city ids as moves write them ("kansas-city", "chi-kcy"): never in a text.
SLUGS = sorted(board.CITY_SLUG, key=len, reverse=True)
RAW = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, SLUGS)) + r"|[a-z]{3}-[a-z]{3})(?![\w-])")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_speaks_of_players_and_cities_by_name(players: int) -> None:
    options = {"advanced": players % 2 == 0, "buy_track": players >= 4}
    texts, labels = texts_of_a_random_game(RULES, players, 70 + players, options)
    assert_plain_words(texts, labels, players, RAW)


def test_a_laid_piece_is_told_with_railroad_and_city_names() -> None:
    s = laying(3, seed=2)
    seat = next(iter(RULES.to_act(s)))
    move = next(m for m in RULES.legal_moves(s, seat) if m.startswith("lay "))
    label = RULES.describe_move(s, seat, move)
    _, events = RULES.play(s, seat, move)
    railroad = board.RAILROAD_NAME[board.RAILROAD_INDEX[move.split()[1]]]
    assert label.startswith(f"{railroad} (")
    lays = [ev["text"] for ev in events if ev["type"] == "lay"]
    assert lays and re.fullmatch(rf"Player {seat + 1} lays the {railroad} \(\w+\) from [A-Z][\w. ]+ towards "
                                 r"[A-Z][\w. ]+\.", lays[0])


def test_waiting_names_the_players() -> None:
    s = new(3, seed=1)
    while s.phase == "engineers":
        s, _ = RULES.play(s, s.current(), "pass")
    s, _ = RULES.play(s, 0, RULES.legal_moves(s, 0)[0])
    with pytest.raises(NotYourTurnError, match=r"waiting for Player 2 and Player 3"):
        RULES.play(s, 0, RULES.legal_moves(s, 1)[0])
