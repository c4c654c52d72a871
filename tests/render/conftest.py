"""States from seeded random playouts of every game, player count and option set, shared by the tests."""

from __future__ import annotations

from functools import cache
from typing import Any

import rules
from rules.core.playout import random_playout

# (game, players, options) for every player count and option set the engines offer.
CONFIGS: list[tuple[str, int, tuple[tuple[str, Any], ...]]] = [
    *[("gwt", n, ()) for n in (2, 3, 4)],
    *[("gwt", n, (("building_sides", "random"), ("neutral", "random"))) for n in (2, 3, 4)],
    *[("santafe", n, ()) for n in (2, 3, 4, 5)],
    *[("santafe", n, (("advanced", True), ("buy_track", True))) for n in (2, 3, 4, 5)],
    ("santafe", 3, (("advanced", True),)),
    ("santafe", 4, (("buy_track", True),)),
]


def config_id(config: tuple[str, int, tuple[tuple[str, Any], ...]]) -> str:
    game, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options)
    return f"{game}-{players}p" + (f"-{extra}" if extra else "")


@cache
def sampled_states(
    game: str, players: int, options: tuple[tuple[str, Any], ...], seed: int = 11
) -> list[Any]:
    """The start, two states in between and the end of one seeded random game."""
    engine = rules.get(game)
    states: list[Any] = []
    played = random_playout(engine, players, seed, dict(options), check=lambda s, *_: states.append(s))
    assert played.finished
    picks = [len(states) // 3, 2 * len(states) // 3]
    return [engine.new_game(players, seed, dict(options)), *(states[i] for i in picks), played.final]
