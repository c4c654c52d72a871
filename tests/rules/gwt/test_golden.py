"""Recorded games (seed, options, moves, final totals): replays must keep giving the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core.playout import replay
from rules.gwt import RULES

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_recorded_game_replays_to_the_same_result(path: Path) -> None:
    game = json.loads(path.read_text())
    moves = [(seat, move) for seat, move in game["moves"]]
    final = replay(RULES, game["players"], game["seed"], game["options"], moves)
    assert RULES.is_over(final)
    result = RULES.result(final)
    assert [p["total"] for p in result["players"]] == game["totals"]
    assert result["winners"] == game["winners"]
