"""The game state: plain data (ints, strings, lists, dicts) that copies cheaply and dumps to JSON exactly.

A move never changes the state it is given: ``State.copy`` makes a fresh outer object whose lists are
copied one level deep (the items are immutable strings and ints, or decision dicts that are replaced,
never edited), which costs a few microseconds instead of a deep copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

_PLAYER_LISTS = ("workers", "hand", "deck", "discard", "trashed", "objectives", "hazards", "teepees",
                 "masters", "buildings", "boxed_buildings")


@dataclass(slots=True)
class Player:
    money: int
    cert: int = 0                      # temporary certificates: the value next to the marker (0,1,2,3,4,6)
    workers: list[int] = field(default_factory=lambda: [1, 1, 1])   # cowboys, craftsmen, engineers
    discs: dict[str, int] = field(default_factory=dict)             # disc space -> discs still on it
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)                   # draw stack, top = last item
    discard: list[str] = field(default_factory=list)
    trashed: list[str] = field(default_factory=list)                # cards removed from the game
    objectives: list[str] = field(default_factory=list)             # personal objective area
    hazards: list[str] = field(default_factory=list)
    teepees: list[str] = field(default_factory=list)
    masters: list[str] = field(default_factory=list)                # station master tiles taken
    buildings: list[str] = field(default_factory=list)              # building tiles not yet on the trail
    boxed_buildings: list[str] = field(default_factory=list)        # replaced tiles, out of the game
    location: str | None = None                                     # cattleman; None before the first turn
    engine: str = "0"
    job_token: bool = False

    def copy(self) -> Player:
        p = Player(self.money, self.cert, self.workers[:], dict(self.discs))
        for name in _PLAYER_LISTS[1:]:
            setattr(p, name, getattr(self, name)[:])
        p.location, p.engine, p.job_token = self.location, self.engine, self.job_token
        return p


@dataclass(slots=True)
class State:
    n: int
    options: dict[str, Any]
    rng: int
    players: list[Player]
    trail: dict[str, str | None]          # trail/teepee space -> tile code (buildings "4a@1", neutral "A")
    stations: list[list[int]]             # station 1..10 -> seats with a disc there (index 0 = station 1)
    masters: list[str | None]             # station master tile on stations 1..5, None once taken
    master_workers: list[str | None]      # worker appointed on stations 1..5
    cities: dict[str, list[int]]
    job_rows: list[list[str]]
    job_token: int                        # 0-based row of the job market token; 12 = left the market
    market: list[str]
    market_stack: list[str]
    piles: list[list[str]]                # Kansas City supply 1/2/3, top = last item
    foresight: list[list[str | None]]     # 3 columns x 2 spaces
    objective_display: list[str]
    objective_stack: list[str]
    boxed_tiles: list[str]                # tiles out of the game (no space left for them)
    stack: list[dict[str, Any]]           # pending decisions, top = last item
    current: int = 0
    turn: int = 0
    final_turns: int | None = None        # turns still to play once the end is triggered
    over: bool = False
    income: int = 0                       # breeding value settled in the current Kansas City visit

    def copy(self) -> State:
        return State(
            self.n, self.options, self.rng, [p.copy() for p in self.players], dict(self.trail),
            [s[:] for s in self.stations], self.masters[:], self.master_workers[:],
            {c: d[:] for c, d in self.cities.items()}, [r[:] for r in self.job_rows], self.job_token,
            self.market[:], self.market_stack[:], [p[:] for p in self.piles],
            [c[:] for c in self.foresight], self.objective_display[:], self.objective_stack[:],
            self.boxed_tiles[:], self.stack[:], self.current, self.turn, self.final_turns, self.over,
            self.income,
        )


def dump_state(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "players":
            value = [{pf.name: _plain(getattr(p, pf.name)) for pf in fields(Player)} for p in value]
        data[f.name] = _plain(value)
    return data


def load_state(data: dict[str, Any]) -> State:
    values = {f.name: _plain(data[f.name]) for f in fields(State)}
    values["players"] = [Player(**p) for p in values["players"]]
    return State(**values)


def _plain(value: Any) -> Any:
    """A fresh JSON-shaped copy (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
