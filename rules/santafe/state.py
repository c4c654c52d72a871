"""The game state: plain lists and numbers, cheap to copy, exact to dump.

``play`` copies the state once (``clone``: every list one level deep, the nested per-seat lists too)
and then changes the copy freely; nothing is shared between the old and the new state that either
side changes later. Cards are city indices (see ``board``); railroads are indices into
``board.RAILROADS``; ``-1`` means "none".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final, Literal

from rules.core.rng import Rng
from rules.santafe import board

# Phases of a round (plus the engineer purchase before the first round of the advanced game).
Phase = Literal["engineers", "choose", "lay", "draw", "buy_track", "over"]
ENGINEERS: Final = "engineers"
CHOOSE: Final = "choose"
LAY: Final = "lay"
DRAW: Final = "draw"
BUY_TRACK: Final = "buy_track"
OVER: Final = "over"

# Steps inside a laying turn.
Step = Literal["", "exchange", "pieces"]  # "": not in a laying turn
EXCHANGE: Final = "exchange"
PIECES: Final = "pieces"

# engineer[seat]
NO_ENGINEER, BOUGHT_ENGINEER, DRAWN_ENGINEER = 0, 1, 2

HAND_LIMIT = 5


@dataclass(eq=True)
class SantaFeState:
    players: int
    advanced: bool
    buy_track: bool
    rng: int
    round: int
    phase: Phase
    lay_turn: int             # 1 or 2 while laying
    first: int                # seat holding the First Player Train
    pos: int                  # how many seats have finished the current sequential phase
    step: Step                # EXCHANGE or PIECES inside a laying turn, else ""
    laid: int                 # pieces the current seat laid in this laying turn
    anyone_laid: bool         # someone laid a piece in this laying turn
    money: list[int]
    hand: list[list[int]]     # city cards in hand, sorted
    doubles: list[int]        # Double Turn cards in hand
    branch_held: list[int]    # bought Branch Line card (face up), railroad or -1
    engineer: list[int]
    choice: list[list[int] | None]  # [city or -1, double 0/1, branch railroad or -1] this round
    played: list[list[int]]   # city cards played, in play order
    double_on: list[bool]     # played a Double Turn card this round
    branch_on: list[int]      # Branch Line card played this round and not yet used
    bought: list[list[int]]   # track pieces bought per railroad (optional rule)
    supply: list[int]         # free pieces per railroad
    occupant: list[int]       # railroad on each segment or -1
    line_owner: list[int]     # railroad that claimed each line or -1
    heads: list[list[int]]    # railheads per railroad (node indices)
    connected: list[int]      # bit mask of cities each railroad reaches (home base included)
    deck: list[int]           # city deck, top is the end of the list
    doubles_pool: int
    branch_pool: list[int]
    engineer_pool: int
    end_reason: str

    def clone(self) -> SantaFeState:
        new = object.__new__(SantaFeState)
        for key, value in self.__dict__.items():
            if key.startswith("_"):
                continue  # caches belong to one state only
            if key in _NESTED:
                value = [v[:] if isinstance(v, list) else v for v in value]
            elif isinstance(value, list):
                value = value[:]  # a list of numbers: copied whole, without looking at each item
            new.__dict__[key] = value
        return new

    # --- derived ------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def current(self) -> int:
        """The seat whose sequential turn it is (not meaningful while choosing)."""
        return (self.first + self.pos) % self.players

    def hand_size(self, seat: int) -> int:
        return (
            len(self.hand[seat])
            + self.doubles[seat]
            + (self.branch_held[seat] >= 0)
            + self.drew_engineer(seat)
        )

    def to_draw(self, seat: int) -> int:
        """How many cards ``seat`` draws to fill its hand to the limit."""
        return HAND_LIMIT - self.hand_size(seat)

    def has_engineer(self, seat: int) -> bool:
        """Whether ``seat`` holds an Engineer card, bought or drawn."""
        return self.engineer[seat] != NO_ENGINEER

    def drew_engineer(self, seat: int) -> bool:
        """Whether ``seat`` drew its Engineer card (a card of its hand) rather than bought it."""
        return self.engineer[seat] == DRAWN_ENGINEER

    def reached(self) -> int:
        """Cities any railroad reaches."""
        mask = 0
        for m in self.connected:
            mask |= m
        return mask

    def railroads_at(self, city: int) -> int:
        bit = 1 << city
        return sum(1 for m in self.connected if m & bit)


FIELDS = tuple(f.name for f in fields(SantaFeState))
# The per-seat lists of lists, which ``clone`` copies one level deeper (read from the annotations above).
_NESTED = frozenset(f.name for f in fields(SantaFeState) if str(f.type).startswith("list[list"))


def dump(state: SantaFeState) -> dict[str, Any]:
    return {name: _copy(getattr(state, name)) for name in FIELDS}


def load(data: dict[str, Any]) -> SantaFeState:
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise ValueError(f"Santa Fe state lacks {', '.join(missing)}.")
    return SantaFeState(**{name: _copy(data[name]) for name in FIELDS})


def _copy(value: Any) -> Any:
    """Lists copied two levels deep (the deepest the state nests), anything else as it is."""
    if isinstance(value, list):
        return [list(v) if isinstance(v, list) else v for v in value]
    return value


def new_state(players: int, seed: int, advanced: bool, buy_track: bool) -> SantaFeState:
    """Cards dealt, nobody has chosen; the engine decides the first phase."""
    rng = Rng(seed)
    deck = board.city_cards()
    rng.shuffle(deck)
    hands = []
    for _ in range(players):
        hands.append(sorted(deck[-4:]))
        del deck[-4:]
    doubles_in_play = {2: 3, 3: 5, 4: 7, 5: 9}[players]
    railroads = len(board.RAILROADS)
    return SantaFeState(
        players=players,
        advanced=advanced,
        buy_track=buy_track,
        rng=rng.state,
        round=0,
        phase=ENGINEERS,
        lay_turn=0,
        # The train goes to the game's owner (German rules) or the youngest player (English). The
        # service shuffles the seats with the game's seed (or, in join order, seats the host first),
        # so seat 0 starting is a fair draw, or the owner.
        first=0,
        pos=0,
        step="",
        laid=0,
        anyone_laid=False,
        money=[5 if advanced else 2] * players,
        hand=hands,
        doubles=[1] * players,
        branch_held=[-1] * players,
        engineer=[NO_ENGINEER] * players,
        choice=[None] * players,
        played=[[] for _ in range(players)],
        double_on=[False] * players,
        branch_on=[-1] * players,
        bought=[[0] * railroads for _ in range(players)],
        supply=list(board.PIECES),
        occupant=[-1] * board.SEG_COUNT,
        line_owner=[-1] * board.LINE_COUNT,
        heads=[[home] for home in board.HOME],
        connected=[1 << home for home in board.HOME],
        deck=deck,
        doubles_pool=doubles_in_play - players,
        branch_pool=[2] * railroads,
        engineer_pool=5 if advanced else 0,
        end_reason="",
    )
