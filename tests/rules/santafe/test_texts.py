"""The words players read: labels, log texts and prompts name cities and railroads as printed and
players as "Player N" (the form the bot replaces with names)."""

from __future__ import annotations

import re

import pytest

from rules.core.errors import NotYourTurnError, ParseError
from rules.santafe import RULES, board
from tests.rules.santafe.helpers import edit, laying, new
from tests.rules.texts import assert_plain_words, assert_public_texts_speak_of_players, random_game_texts

# City slugs and city ids as moves write them ("kansas-city", "chi-kcy"): never in a text.
SLUGS = sorted(board.CITY_SLUG, key=len, reverse=True)
RAW = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, SLUGS)) + r"|[a-z]{3}-[a-z]{3})(?![\w-])")


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_speaks_of_players_and_cities_by_name(players: int, seed: int) -> None:
    options = {"advanced": (players + seed) % 2 == 0, "buy_track": players + seed >= 4}
    seen = random_game_texts(RULES, players, 70 + players + 10 * seed, options)
    assert_plain_words(seen.public + seen.private + seen.prompts, seen.labels, players, RAW)
    assert_public_texts_speak_of_players(seen, labels_in_log=False)


def test_a_laid_piece_is_told_with_railroad_and_city_names() -> None:
    s = laying(3, seed=2)
    seat = next(iter(RULES.to_act(s)))
    move = next(m for m in RULES.legal_moves(s, seat) if m.startswith("lay "))
    label = RULES.describe_move(s, seat, move)
    _, events = RULES.play(s, seat, move)
    railroad = board.RAILROAD_NAME[board.RAILROAD_INDEX[move.split()[1]]]
    assert label.startswith(f"{railroad} (")
    lays = [ev["text"] for ev in events if ev["type"] == "lay"]
    assert lays and re.fullmatch(
        rf"Player {seat + 1} lays the {railroad} \(\w+\) from [A-Z][\w. ]+ towards "
        r"[A-Z][\w. ]+\.",
        lays[0],
    )


def test_waiting_names_the_players() -> None:
    s = new(3, seed=1)
    while s.phase == "engineers":
        s, _ = RULES.play(s, s.current(), "pass")
    s, _ = RULES.play(s, 0, RULES.legal_moves(s, 0)[0])
    with pytest.raises(NotYourTurnError, match=r"waiting for Player 2 and Player 3"):
        RULES.play(s, 0, RULES.legal_moves(s, 1)[0])


def test_an_unknown_card_is_answered_with_the_cards_that_may_be_played() -> None:
    first = new(3)
    second_round = edit(first, round=2, doubles=[1, 0, 0])
    for state, seat, offered in [
        (first, 0, "play a city."),
        (second_round, 0, "play a city card or “Play a Double Turn card”."),
        (second_round, 1, "play a city."),
    ]:
        with pytest.raises(ParseError) as refused:
            RULES.parse_move(state, seat, "play atlantis")
        assert refused.value.message == f"There is no card 'atlantis': {offered}"


def test_the_laying_prompt_never_says_up_to_a_piece_that_must_be_laid() -> None:
    from tests.rules.santafe.test_cards import double_turn_round

    s = laying()
    assert "pass" not in RULES.legal_moves(s, s.current())  # a free piece fits: laying it is a duty
    assert RULES.view(s, None)["decision"]["prompt"].endswith("(laying turn 1, 1 piece).")
    s = double_turn_round()
    assert RULES.view(s, None)["decision"]["prompt"].endswith("1 or 2 pieces).")
    s, _ = RULES.play(s, 1, "lay blue chi-kcy")
    assert RULES.view(s, None)["decision"]["prompt"].endswith("up to 1 more piece, or “Done laying”).")
    advanced = laying(advanced=True)  # nothing forces a piece in the advanced game
    assert "pass" in RULES.legal_moves(advanced, advanced.current())
    assert RULES.view(advanced, None)["decision"]["prompt"].endswith("up to 1 piece, or pass).")


@pytest.mark.parametrize(
    "typed", ["lay blue chicago kansas city extra", "branch blue", "lay blue chicago", "lay blue foo-bar"]
)
def test_a_lay_hint_names_cities_as_the_map_prints_them(typed: str) -> None:
    s = laying(3, seed=2)
    seat = next(iter(RULES.to_act(s)))
    with pytest.raises(ParseError) as refused:
        RULES.parse_move(s, seat, typed)
    hint = refused.value.message.replace(f"'{typed}'", "")  # the refusal may quote what was typed
    assert "Chicago Kansas City" in hint and not RAW.search(hint), hint
