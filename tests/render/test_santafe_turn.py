"""The Santa Fe turn picture explains its marks in a legend and, once the game is over, names the winner
in a headline drawn whole, with the reason the game ended under it."""

from __future__ import annotations

from itertools import combinations

import rules
from render import Style
from render.boxes import overlap
from render.draw import recording
from render.layers import clear_layers
from render.names import with_names
from render.santafe import turn
from tests.render.conftest import sampled_states

NAMES = ["Ada", "Brook", "Cyrus", "Dana", "Emil"]


def drawn(view):
    clear_layers()
    with recording() as texts:
        image = turn.render_turn(view, ["Brook: a move."], style=Style(NAMES[: view["players"]]))
    return image, texts


def test_game_over_headline_names_the_winner_whole() -> None:
    engine = rules.get("santafe")
    for players in (2, 5):
        final = sampled_states("santafe", players, ())[-1]
        view = engine.view(final, None)
        result = engine.result(final)
        _, texts = drawn(view)
        title = next(t for t in texts if t.label.startswith("Santa Fe · game over"))
        winner = NAMES[result["winners"][0]]
        total = next(p["total"] for p in result["players"] if p["seat"] == result["winners"][0])
        assert title.label == f"Santa Fe · game over · {winner} wins with {total} points"
        assert title.box[2] <= 1100 - 14
        reason = " ".join(t.label for t in texts if t.label.startswith("Ended: "))
        assert reason == "Ended: " + with_names(view["end_reason"], NAMES)


def test_the_legend_names_every_mark_the_map_draws() -> None:
    engine = rules.get("santafe")
    for options in ((), (("advanced", True),)):
        state = sampled_states("santafe", 3, options)[2]
        view = engine.view(state, None)
        image, texts = drawn(view)
        labels = {t.label for t in texts}
        words = turn.legend_words(view)
        assert set(words) <= labels
        assert ("river $1" in words) is bool(options)
        low = [t for t in texts if t.box[1] >= turn.MAP_BOTTOM]
        for a, b in combinations(low, 2):
            assert not overlap(a.box, b.box), (a, b)
        assert all(t.box[3] <= image.height and t.box[2] <= image.width for t in low)
