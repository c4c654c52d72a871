"""Looking back at a game: its positions one by one, as anyone watching may see them, and each player's
points over its moves.

A replay shows only what a spectator sees: the spectator's view of each position (never a seat's hand,
whoever asks, also a player of the game) and the log's lines as a spectator reads them (a secret move
reads as its stand-in until something public revealed it). A game is replayed in the server it was
played in only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.services import engine
from bot.services.errors import GameNotActive, NoGameHere, NoSuchVersion, NotAllowed
from bot.services.models import GameInfo
from bot.services.parts import Feature
from bot.services.repository import info
from bot.storage import games as store
from bot.storage.records import GameRow, MoveRow
from rules.core.protocol import ScoresPositions
from rules.core.texts import said

#: The most pictures one animated replay holds: a whole game of Great Western Trail has several hundred
#: moves, and each picture costs time to draw and bytes to upload (bench/replay.py measures both).
MOST_FRAMES = 120


@dataclass(frozen=True)
class ReplayPosition:
    """The game after ``version`` moves as a spectator sees it, with the log's line of that move (None
    for the position before the first move)."""

    game: GameInfo
    version: int
    view: dict[str, Any]
    line: str | None


@dataclass(frozen=True)
class ReplayFrame:
    """One picture of an animated replay: the position after ``version`` moves (a spectator's view) and
    the lines of the moves since the frame before."""

    version: int
    view: dict[str, Any]
    lines: tuple[str, ...]


def frame_versions(last: int, most: int = MOST_FRAMES) -> list[int]:
    """The positions an animation of ``last`` moves shows: every one when they fit ``most`` pictures,
    else ``most`` spread evenly, always the first and the last."""
    if last + 1 <= most:
        return list(range(last + 1))
    step = last / (most - 1)
    return sorted({round(i * step) for i in range(most)} | {0, last})


class Replays(Feature):
    """Replays and the points over a game: reading only, nothing changes (the log's lines as ``Reading``
    reads them, from ``gamelog``)."""

    async def replay_game(
        self, channel_id: int, guild_id: int | None, game_id: int | None = None
    ) -> GameInfo:
        """The game a replay asked for in ``guild_id`` shows: ``game_id``, else the channel's latest game.
        Refused (``NotAllowed``) for a game of another server, and (``GameNotActive``) before it started."""
        game: GameRow | None
        if game_id is None:
            game, seats = await self.repo.latest_rows(channel_id)
        else:
            try:
                game, seats = await self.repo.rows(game_id)
            except NoGameHere:
                game = None
            if game is None or game.guild_id != guild_id:
                # said alike whether or not such a game exists elsewhere: another server's games stay unknown
                raise NotAllowed(said("refusal.replay.other_server", game=game_id))
        if game.status == "lobby" or (game.version == 0 and game.status != "active"):
            raise GameNotActive(said("refusal.replay.no_moves"))
        return info(game, seats)

    async def replay_position(self, game_id: int, version: int, locale: object = None) -> ReplayPosition:
        """The game ``game_id`` after ``version`` moves, as a spectator sees it (``NoSuchVersion`` for a
        move it has not reached), and the line that tells that move in the language of ``locale``."""
        game, seats = await self.repo.rows(game_id)
        if game.status == "lobby":
            raise GameNotActive(said("refusal.not_started"))
        if not 0 <= version <= game.version:
            raise NoSuchVersion(said("refusal.version", last=game.version))
        state = await self.gamelog.replayed(game, len(seats), version)
        view = engine.rules_for(game.rules_id).view(state, None)
        lines = await self.gamelog.lines(game, seats, None, locale) if version else []
        return ReplayPosition(info(game, seats), version, view, lines[version - 1] if lines else None)

    async def replay_frames(
        self, game_id: int, locale: object = None, most: int = MOST_FRAMES
    ) -> tuple[GameInfo, list[ReplayFrame]]:
        """The positions of an animated replay of the game up to now (``frame_versions``), each as a
        spectator sees it, with the lines of the moves it shows."""
        game, seats = await self.repo.rows(game_id)
        if game.status == "lobby":
            raise GameNotActive(said("refusal.not_started"))
        moves = await self._moves(game)
        lines = await self.gamelog.lines(game, seats, None, locale)
        wanted = frame_versions(len(moves), most)
        # the replay runs in a thread: a long game takes a moment, which the event loop need not wait out
        views = await asyncio.to_thread(_views_at, game, len(seats), moves, wanted)
        frames, shown = [], 0
        for version, view in zip(wanted, views, strict=True):
            frames.append(ReplayFrame(version, view, tuple(lines[shown:version])))
            shown = version
        return info(game, seats), frames

    async def score_history(self, game_id: int) -> list[list[int]] | None:
        """Each seat's public points (``ScoresPositions``) after every move of the game, from its start
        (one list per position: the first before any move, the last now); None for a game whose rules
        count no points in a position."""
        game, seats = await self.repo.rows(game_id)
        rules = engine.rules_for(game.rules_id)
        if not isinstance(rules, ScoresPositions) or game.status == "lobby":
            return None
        moves = await self._moves(game)
        return await asyncio.to_thread(_scores_over, game, len(seats), moves)

    async def _moves(self, game: GameRow) -> list[MoveRow]:
        async with self.db.reading() as conn:
            return await store.moves_of(conn, game.id, game.version)


def _views_at(game: GameRow, players: int, moves: Sequence[MoveRow], versions: Sequence[int]) -> list[Any]:
    """The spectator's view after each of ``versions`` moves (ascending), by one replay."""
    rules = engine.rules_for(game.rules_id)
    state = rules.new_game(players, game.seed, game.options)
    views, done = [], 0
    for version in versions:
        for m in moves[done:version]:
            state, _ = rules.play(state, m.seat, m.move)
        done = version
        views.append(rules.view(state, None))
    return views


def _scores_over(game: GameRow, players: int, moves: Sequence[MoveRow]) -> list[list[int]]:
    rules = engine.rules_for(game.rules_id)
    assert isinstance(rules, ScoresPositions)
    state = rules.new_game(players, game.seed, game.options)
    scores = [rules.public_scores(state)]
    for m in moves:
        state, _ = rules.play(state, m.seat, m.move)
        scores.append(rules.public_scores(state))
    return scores
