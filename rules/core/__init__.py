"""What every engine shares: the contract, errors, RNG, notation matching, results and playouts."""

from rules.core.errors import (
    AmbiguousMoveError,
    ErrorCode,
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    ParseError,
    RulesError,
    SetupError,
)
from rules.core.events import Event, event
from rules.core.protocol import Engine, Notation, Rules, State
from rules.core.rng import Rng

__all__ = [
    "AmbiguousMoveError",
    "Engine",
    "ErrorCode",
    "Event",
    "GameOverError",
    "IllegalMoveError",
    "NotYourTurnError",
    "Notation",
    "ParseError",
    "Rng",
    "Rules",
    "RulesError",
    "SetupError",
    "State",
    "event",
]
