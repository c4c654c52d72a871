"""States from seeded random playouts of every game, player count and option set, shared by the tests."""

from __future__ import annotations

from functools import cache
from typing import Any

import rules
from rules.core.playout import random_playout
from rules.core.spec import GameSpec, Option

Config = tuple[str, int, tuple[tuple[str, Any], ...]]


def other_value(option: Option) -> Any:
    """A value of ``option`` other than its default: the first other choice, the other switch position,
    the number's other bound."""
    if option.kind == "choice":
        return next(c for c in option.choices if c != option.default)
    if option.kind == "switch":
        return not option.default
    return option.minimum if option.default != option.minimum else option.maximum


def configs_of(spec: GameSpec) -> list[Config]:
    """Every player count with the defaults and with every option changed; with several options, also
    each option changed alone (at successive player counts)."""
    counts = range(spec.min_players, spec.max_players + 1)
    changed = tuple((o.name, other_value(o)) for o in spec.options)
    found: list[Config] = [(spec.id, n, ()) for n in counts]
    if changed:
        found += [(spec.id, n, changed) for n in counts]
    if len(changed) > 1:
        found += [(spec.id, counts[(i + 1) % len(counts)], (pair,)) for i, pair in enumerate(changed)]
    return found


# (game, players, options) for every registered game, player count and option set.
CONFIGS: list[Config] = [config for spec in rules.specs() for config in configs_of(spec)]


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
