"""A new game: the board, the supply, the markets and each player's area, as the rulebook sets them up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import SetupError, unknown_option
from rules.core.protocol import REVISION_OPTION
from rules.core.rng import Rng
from rules.core.texts import said
from rules.gwt.board import Tx
from rules.gwt.content import (
    CITIES,
    DISC_SPACES,
    GENERAL_OBJECTIVES,
    HAZARD_SPACES,
    INITIAL_JOB_WORKERS,
    INITIAL_TRAIL_TILES,
    JOB_ROWS,
    MARKET_CATTLE,
    MARKET_ORDER,
    MARKET_SIZE,
    NEUTRAL_SLOTS,
    OBJECTIVE_DISPLAY,
    STARTING_HERD,
    STARTING_MONEY,
    STARTING_OBJECTIVES,
    STATION_MASTERS,
    STATIONS,
    TEEPEE_SPACES,
    TRAIL,
    pile_tiles,
)
from rules.gwt.effects import start_turn
from rules.gwt.revisions import CURRENT, REVISIONS
from rules.gwt.state import Player, State

OPTION_VALUES = {"neutral": ("fixed", "random"), "building_sides": ("a", "random")}
DEFAULTS = {"neutral": "fixed", "building_sides": "a"}


def check_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a game is played by: the defaults, the chosen values, and the rules revision when named
    (hidden from players; absent, the game plays by the first: ``rules.gwt.revisions``)."""
    chosen: dict[str, Any] = dict(DEFAULTS)
    for key, value in (options or {}).items():
        if key == REVISION_OPTION and value in REVISIONS and not isinstance(value, bool):
            chosen[key] = value
            continue
        if key not in OPTION_VALUES:
            raise unknown_option("Great Western Trail", key, OPTION_VALUES)
        if value not in OPTION_VALUES[key]:
            values = ", ".join(OPTION_VALUES[key])
            raise SetupError(
                f"Option '{key}' must be one of {values}, not '{value}'.",
                say=said("rules.setup.option_value", key=key, values=values, value=str(value)),
            )
        chosen[key] = value
    return chosen


def current_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` as a new game is stored with them: played by the current rules revision."""
    return {**options, REVISION_OPTION: CURRENT}


def new_state(players: int, seed: int, options: Mapping[str, Any] | None) -> State:
    """A fresh game of ``players`` seats, a count the engine has checked (``check_players``)."""
    chosen: dict[str, Any] = check_options(options)
    rng = Rng(seed)
    sides = "".join(rng.choice("ab") for _ in range(10)) if chosen["building_sides"] == "random" else "a" * 10
    chosen["sides"] = sides

    neutral = list(NEUTRAL_SLOTS)
    if chosen["neutral"] == "random":
        rng.shuffle(neutral)
    trail: dict[str, str | None] = {loc: None for loc, (kind, _n) in TRAIL.items()
                                    if kind in ("neutral", "private", "hazard", "teepee")}
    trail.update({sp: None for sp in TEEPEE_SPACES})
    trail.update(dict(zip(NEUTRAL_SLOTS, neutral, strict=True)))

    masters: list[str | None] = list(STATION_MASTERS)
    rng.shuffle(masters)
    piles = [pile_tiles(i) for i in range(3)]
    for pile in piles:
        rng.shuffle(pile)
    market_stack = [c for c, k in MARKET_CATTLE.items() for _ in range(k)]
    rng.shuffle(market_stack)
    objective_stack = list(GENERAL_OBJECTIVES)
    rng.shuffle(objective_stack)
    starting = list(STARTING_OBJECTIVES)
    rng.shuffle(starting)

    people = []
    for seat in range(players):
        deck = [c for c, k in STARTING_HERD.items() for _ in range(k)]
        rng.shuffle(deck)
        hand = [deck.pop() for _ in range(4)]
        people.append(Player(
            money=STARTING_MONEY[seat], discs={d: n for d, (n, _w) in DISC_SPACES.items()}, hand=hand,
            deck=deck, objectives=[starting[seat]], buildings=[str(n) for n in range(1, 11)],
        ))

    market = [market_stack.pop() for _ in range(MARKET_SIZE[players])]
    market.sort(key=MARKET_ORDER.index)
    state = State(
        n=players, options=chosen, rng=rng.state, players=people, trail=trail,
        stations=[[] for _ in STATIONS], masters=masters, master_workers=[None] * len(masters),
        cities={c: [] for c in CITIES}, job_rows=[[] for _ in range(JOB_ROWS)], job_token=1,
        market=market, market_stack=market_stack, piles=piles, foresight=[[None, None] for _ in range(3)],
        objective_display=[objective_stack.pop() for _ in range(OBJECTIVE_DISPLAY)],
        objective_stack=objective_stack, boxed_tiles=[], stack=[], current=0, turn=0,
    )
    _place_initial_tiles(state)
    workers = state.piles[1]
    state.job_rows[0] = [workers.pop() for _ in range(players)]
    state.job_rows[1] = [workers.pop() for _ in range(INITIAL_JOB_WORKERS[players] - players)]
    for col in range(3):
        state.foresight[col] = [state.piles[col].pop(), state.piles[col].pop()]
    tx = Tx(state, 0)
    start_turn(tx, 0)
    state.turn = 1
    return state


def _place_initial_tiles(state: State) -> None:
    """Reveal pile-1 tiles until 7 lie on the board; a tile without room goes back under the pile."""
    pile = state.piles[0]
    placed = 0
    while placed < INITIAL_TRAIL_TILES:
        tile = pile.pop()
        if tile.startswith("teepee-"):
            spaces = [sp for sp in TEEPEE_SPACES if state.trail[sp] is None]
        else:
            spaces = [sp for sp in HAZARD_SPACES[tile.split("-")[0]] if state.trail[sp] is None]
        if spaces:
            state.trail[spaces[0]] = tile
            placed += 1
        else:
            pile.insert(0, tile)
