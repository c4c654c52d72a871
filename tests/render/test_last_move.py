"""The turn picture tells the last move's change: the newest lines stay when a move told many."""

from __future__ import annotations

import rules
from render import Style, render_turn
from render.draw import recording, text_width
from render.heading import LARGE, WIDTH, last_move

PHONE_W = 400
REVEAL = [
    "Player 1 has chosen a card.",
    "Player 2 has chosen a card.",
    "Player 3 has chosen a card.",
    "Cards revealed: Player 1 Topeka; Player 2 Houston; Player 3 St. Louis.",
]


def test_a_reveal_after_the_secret_choices_is_on_the_picture_at_phone_size() -> None:
    engine = rules.get("santafe")
    view = engine.view(engine.new_game(3, 5), None)
    with recording() as texts:
        image = render_turn(view, REVEAL, style=Style(["Ada", "Brook", "Cyrus"]))
    told = " ".join(t.label for t in texts if t.label.startswith("Last:") or t.box[1] < 110)
    assert "Cards revealed: Ada Topeka; Brook Houston; Cyrus St. Louis." in told
    last = [t for t in texts if "Cards revealed" in t.label]
    assert last and all(t.size * PHONE_W / image.width >= 8 for t in last)


def test_a_long_turn_keeps_its_newest_lines_and_says_older_ones_were_left_out() -> None:
    lines = [f"Ada: step number {i} of a long turn with many words in it." for i in range(12)]
    rows = last_move(lines, LARGE, WIDTH - 28)
    assert len(rows) == 2
    assert rows[0].startswith("Last: … ")
    assert rows[-1].endswith("step number 11 of a long turn with many words in it.")
    assert all(text_width(row, LARGE) <= WIDTH - 28 for row in rows)


def test_a_name_repeated_at_the_head_of_lines_is_written_once() -> None:
    rows = last_move(["Ada: move to C.", "Ada: gain a certificate.", "Brook: pass."], LARGE, WIDTH - 28)
    assert rows == ["Last: Ada: move to C. · gain a certificate. · Brook: pass."]


def test_one_line_that_does_not_fit_two_rows_is_cut_with_an_ellipsis() -> None:
    rows = last_move(["word " * 200], LARGE, WIDTH - 28)
    assert len(rows) == 2 and rows[1].endswith("…")
    assert last_move([], LARGE, WIDTH - 28) == []
