"""Damaged games found at start-up: each stored state is checked against its checksum; a game whose state
is damaged (or cannot be read) is rebuilt from its seed and its move log, or, when the log cannot rebuild
it, paused with one line for its channel and one in the log. The other games go on.

SQLite's ``quick_check`` (``bot/storage/integrity.py``) has already refused a file whose pages are broken;
this finds what it cannot see: bytes changed inside a row. A damaged state met while playing is rebuilt or
paused the same way (``States.current`` calls ``Damage.paused_as_damaged``).

The store is the outbox of the channel lines: ``games.damage_told_at`` stays NULL until the client has
said a game's line (``damage_told``), and every start queues again the lines of the damaged games still
owed, so a line lost with a process (killed between the pause and the post, or while its post kept
failing) is said as the bot connects.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from bot.services import engine
from bot.services.clock import Clock
from bot.services.models import Notification
from bot.services.notices import notice
from bot.services.repository import Repository
from bot.storage import games as store
from bot.storage.db import Database
from bot.storage.records import GameRow, MoveRow, Snapshot

log = logging.getLogger(__name__)

#: How many games' states one read holds (a large database is checked a batch at a time).
BATCH = 200
# What reading a damaged row raises: SQLite's "database disk image is malformed", text that is not UTF-8
# (wrapped by SQLAlchemy), or a column that no longer decodes.
_UNREADABLE = (sa.exc.DBAPIError, ValueError, TypeError, KeyError)


@dataclass
class DamageReport:
    """What the start-up pass found: how many states it checked and which games it rebuilt or paused."""

    checked: int = 0
    rebuilt: list[int] = field(default_factory=list)
    paused: list[int] = field(default_factory=list)
    seconds: float = 0.0


class Damage:
    """The start-up check of every stored state, the pausing of a game whose log does not rebuild it,
    and the lines that leaves for the damaged games' channels."""

    def __init__(self, db: Database, repo: Repository, clock: Clock, cache: engine.StateCache) -> None:
        self.db = db
        self.repo = repo
        self.clock = clock
        self.cache = cache
        # lines for the channels of games paused as damaged, until the client says them
        self.notes: list[Notification] = []
        # called when a line is queued, so the client says it now rather than at its next reminder round
        self.on_note: Callable[[], None] | None = None

    async def check_states(self) -> DamageReport:
        """Check every stored state against its checksum; rebuild or pause each damaged game. The lines
        for the channels of the games paused wait in ``take_damage_notes``."""
        start = time.monotonic()
        report = DamageReport()
        async with self.db.reading() as conn:
            ids = await store.snapshot_ids(conn)
        for first in range(0, len(ids), BATCH):
            batch = ids[first : first + BATCH]
            for game_id, why in await self._damaged_among(batch):
                found = await self._repair(game_id, why)
                if found == "rebuilt":
                    report.rebuilt.append(game_id)
                elif found == "paused":
                    report.paused.append(game_id)
            report.checked += len(batch)
        await self._queue_untold()
        report.seconds = time.monotonic() - start
        return report

    async def _queue_untold(self) -> None:
        """Queue again the line of each open game paused as damaged whose channel was never told (an
        earlier process died before saying it). With several processes on PostgreSQL a line may be said
        twice: by a process starting while another still owes it (between that one's pause, or post, and
        its mark), a window of seconds; the mark (``damage_told``) is what ends it, nothing more guards
        it."""
        queued = {note.game_id for note in self.notes}
        async with self.db.reading() as conn:
            owed = [g for g in await store.damaged_untold(conn) if g.id not in queued]
        for game in owed:
            self.notes.append(await self._line(game))

    async def damage_told(self, game_id: int) -> None:
        """The damaged game's line was said (or its channel is gone): no later start says it again."""
        async with self.db.transaction(game=game_id) as conn:
            await store.mark_damage_told(conn, game_id, self.clock())

    def take_damage_notes(self) -> list[Notification]:
        """The channel lines of the games paused as damaged (at start-up or when a read found it), once."""
        notes, self.notes = self.notes, []
        return notes

    def keep_damage_notes(self, notes: Sequence[Notification]) -> None:
        """Put back lines taken but not said (their post failed): the next taker says them, before any
        queued since."""
        self.notes[:0] = notes

    async def paused_as_damaged(self, game: GameRow, why: str) -> bool:
        """Pause the damaged game (False: it was so already); an open game's channel line waits in
        ``notes``, and ``on_note`` hears of it. Only the process whose write paused the game queues it."""
        if not await self._pause_damaged(game, why):
            return False
        if game.status in store.OPEN_STATUSES:
            self.notes.append(await self._line(game))
            if self.on_note is not None:
                self.on_note()
        return True

    async def _line(self, game: GameRow) -> Notification:
        """The line telling the game's channel it is paused as damaged."""
        title = engine.rules_for(game.rules_id).title
        return await notice(self.repo, "damaged", "notice.damaged", game, None, title=title)

    async def _pause_damaged(self, game: GameRow, why: str) -> bool:
        """Pause ``game`` because its rows are damaged beyond what its log rebuilds, and log it; False
        when it was paused so already (by another process, or before)."""
        async with self.db.transaction(game=game.id) as conn:
            first = await store.mark_damaged(conn, game.id, why[:200], self.clock())
        self.cache.drop(game.id)
        if first:
            log.error(
                "game %s (channel %s) is damaged and paused: %s. Restore the database from a backup made "
                "with python -m bot backup PATH (stop the bot, copy the backup over the database file, "
                "start it).",
                game.id,
                game.channel_id,
                why,
            )
        return first

    async def _damaged_among(self, ids: Sequence[int]) -> list[tuple[int, str]]:
        """The games among ``ids`` (in order) whose stored state is damaged, each with why."""
        try:
            async with self.db.reading() as conn:
                found = await store.snapshot_rows(conn, ids[0], ids[-1])
        except _UNREADABLE as exc:
            if len(ids) == 1:
                return [(ids[0], f"its stored state cannot be read ({_first_line(exc)})")]
            half = len(ids) // 2  # find the unreadable rows among readable ones
            return await self._damaged_among(ids[:half]) + await self._damaged_among(ids[half:])
        damaged = []
        for row in found:
            try:
                store.snapshot_from_row(row)
            except store.DamagedState as exc:
                damaged.append((row["game_id"], str(exc)))
        return damaged

    async def _repair(self, game_id: int, why: str) -> str:
        """Rebuild the game's state from its seed and log ("rebuilt"), or pause it as damaged ("paused";
        "known" when it was paused so before)."""
        async with self.repo.lock(game_id):
            try:
                game, seats = await self.repo.rows(game_id)
            except _UNREADABLE as exc:
                return await self._unreadable(
                    game_id, f"{why}, and its row cannot be read ({_first_line(exc)})"
                )
            if game.damaged is not None:
                return "known"
            rules = engine.rules_for(game.rules_id)
            try:
                state = engine.replay_log(rules, len(seats), game, await self._log_of(game))
            except engine.BrokenLog as exc:
                return "paused" if await self.paused_as_damaged(game, f"{why}, and {exc}") else "known"
            # a process that moved the game meanwhile wrote a newer version: this snapshot is then not
            # fresh for the game's row, and a read replays the log instead (States.current)
            async with self.db.transaction(game=game.id) as conn:
                snapshot = Snapshot(game.version, game.revision, rules.dump(state))
                await store.save_snapshot(conn, game.id, snapshot)
            self.cache.drop(game.id)
            log.warning("game %s: %s; rebuilt from its seed and %d moves", game.id, why, game.version)
            return "rebuilt"

    async def _log_of(self, game: GameRow) -> list[MoveRow]:
        """The game's moves up to its version; ``BrokenLog`` when they cannot be read."""
        try:
            async with self.db.reading() as conn:
                return await store.moves_of(conn, game.id, game.version)
        except _UNREADABLE as exc:
            raise engine.BrokenLog(f"its move log cannot be read ({_first_line(exc)})") from None

    async def _unreadable(self, game_id: int, why: str) -> str:
        """A game whose own rows cannot be read: pause it if its row still can be written, log it."""
        log.error(
            "game %s is damaged: %s. Restore the database from a backup made with python -m bot backup PATH.",
            game_id,
            why,
        )
        try:
            async with self.db.transaction(game=game_id) as conn:
                await store.mark_damaged(conn, game_id, why[:200], self.clock())
        except _UNREADABLE:
            log.error("game %s could not even be marked as paused", game_id)
        return "paused"


def _first_line(exc: BaseException) -> str:
    driver: Any = getattr(exc, "orig", None) or exc
    return (str(driver) or type(driver).__name__).splitlines()[0][:120]
