"""What the Santa Fe pictures say about laid track and played cards."""

from __future__ import annotations

import rules
from render import render_board, render_turn
from render.draw import recording
from render.santafe.geometry import cities, progress, segments
from tests.render.conftest import sampled_states


def test_a_partly_laid_line_shows_how_many_pieces_are_laid() -> None:
    parts = [s for s in segments().values() if (s.connection, s.line) == ("den-top", 1)]
    track = {parts[0].id: "red"}
    assert progress(track) == [(parts[1], f"1/{len(parts)}")]
    track = {part.id: "red" for part in parts}
    assert progress(track) == []  # a finished line needs no count


def test_both_pictures_print_the_counts_and_played_cards_by_name() -> None:
    engine = rules.get("santafe")
    state = sampled_states("santafe", 4, ())[1]
    view = engine.view(state, None)
    counts = {words for _, words in progress(view["track"])}
    assert counts
    for draw in (render_board, render_turn):
        with recording() as texts:
            draw(view)
        drawn = {t.label for t in texts}
        assert counts <= drawn
    with recording() as texts:
        render_board(view)
    drawn = {t.label for t in texts}
    played = {city for seat in view["seats"] for city in seat["played"]}
    assert played and not played & drawn  # no 3-letter codes
    assert any(label.startswith(cities()[city]["name"][:5]) for city in played for label in drawn)
