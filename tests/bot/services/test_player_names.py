"""Seat names take the place of the engines' "Player N" for any number of seats: "Player 10" and
"Player 12" are names too, never "Player 1" followed by a digit."""

from __future__ import annotations

from bot.services import engine, notices
from render import names as picture_names
from rules.core.players import player, replace_players

NAMES = [f"Name{seat}" for seat in range(12)]  # seat 9 is "Player 10"
TEXT = "Player 1 pays Player 10; Player 12 and player 2 wait. Player 13 has no seat; Player 100 neither."
EXPECTED = "Name0 pays Name9; Name11 and Name1 wait. Player 13 has no seat; Player 100 neither."


def test_the_shared_helper_reads_every_number() -> None:
    assert player(9) == "Player 10"
    assert replace_players(TEXT, lambda seat: NAMES[seat] if seat < len(NAMES) else None) == EXPECTED


def test_the_bot_writes_the_name_at_every_seat() -> None:
    assert engine.with_names(TEXT, dict(enumerate(NAMES))) == EXPECTED


def test_pictures_write_the_name_at_every_seat() -> None:
    assert picture_names.with_names(TEXT, NAMES) == EXPECTED


def test_a_prompt_to_a_tenth_player_loses_who_acts_and_who_is_waited_for() -> None:
    prompt = "Player 11: choose a card; waiting for Player 10, Player 12 and Player 3."
    assert notices.bare_prompt(prompt) == "choose a card."
