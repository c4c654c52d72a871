"""The games the contract suite checks: every registered game, plus the tiny test game.

The tiny game is registered only while a test of this folder runs, so other tests see the real registry.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import rules
from rules.core.spec import GameSpec
from tests.support import tiny, tinygame

TINY = "tiny"
GAMES = (*(game_id for game_id in rules.ids() if game_id != TINY), TINY)


def spec_of(game_id: str) -> GameSpec:
    """The spec, read without registering the tiny game (parameters are built before any fixture runs)."""
    return tinygame.SPEC if game_id == TINY else rules.spec(game_id)


# (game, players) for every player count each game allows.
GAME_PLAYERS = [
    (game_id, n)
    for game_id in GAMES
    for n in range(spec_of(game_id).min_players, spec_of(game_id).max_players + 1)
]


@pytest.fixture(autouse=True)
def _tiny_registered() -> Iterator[None]:
    tiny.register()
    yield
    tiny.unregister()
