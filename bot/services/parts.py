"""The parts the service's feature classes share, built once by ``ServiceCore``: one frozen record
(``Parts``) handed to each, and the plain base (``Feature``) that sets them as its attributes."""

from __future__ import annotations

from dataclasses import dataclass

from bot.services import engine
from bot.services.clock import Clock
from bot.services.gamelog import GameLog
from bot.services.moves import Moves
from bot.services.repository import Repository
from bot.services.runner import ComputerRunner
from bot.services.states import States
from bot.services.telling import Telling
from bot.storage.db import Database


@dataclass(frozen=True)
class Parts:
    """The database, the rows and per-game locks, the clock, the cache of states, a game's current
    state, its log, the outcome of a change, the writing of moves and the computers' runner."""

    db: Database
    repo: Repository
    clock: Clock
    cache: engine.StateCache
    states: States
    gamelog: GameLog
    telling: Telling
    moves: Moves
    runner: ComputerRunner


class Feature:
    """A feature class of the service (lobby, play, seats, reading, …): the shared parts stand as its
    attributes, each named as in ``Parts``."""

    def __init__(self, parts: Parts) -> None:
        self.db = parts.db
        self.repo = parts.repo
        self.clock = parts.clock
        self.cache = parts.cache
        self.states = parts.states
        self.gamelog = parts.gamelog
        self.telling = parts.telling
        self.moves = parts.moves
        self.runner = parts.runner
