"""A game's position as stored: writing a new one (version, revision, who acts, the snapshot, the seats'
waiting clocks) inside the caller's transaction, and the result rows of a finished game. Functions of
the rows they are given and the connection, nothing else."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.services import engine, timebank
from bot.services.errors import Busy
from bot.storage import games as store
from bot.storage.records import GameRow, SeatRow, Snapshot
from bot.storage.results import ResultRow
from rules.core.protocol import State
from rules.core.texts import said


async def store_position(
    conn: Any,
    game: GameRow,
    seats: list[SeatRow],
    state: State,
    *,
    version: int,
    now: datetime,
    restart_clocks: bool = False,
    starting: Iterable[int] = (),
    undoing: bool = False,
) -> tuple[GameRow, list[SeatRow]]:
    """Write the game's new position, only if nobody changed the game since ``game`` was read.

    Sets the version, the next revision, who must act and the status; stores the snapshot; starts
    and stops the seats' waiting clocks (all of them restart when ``restart_clocks``; those of the
    ``starting`` seats restart because their turn begins now, even if they were acting already). The
    version check raises ``Busy`` when another writer got there first, and the caller's transaction
    rolls back.
    """
    rules = engine.rules_for(game.rules_id)
    to_act = tuple(sorted(rules.to_act(state)))
    status = "finished" if rules.is_over(state) else "active"
    fresh = set(starting) & set(to_act)
    changed = restart_clocks or bool(fresh) or set(to_act) != set(game.to_act) or game.turn_started_at is None
    turn_started = now if changed else game.turn_started_at
    await store.set_version(
        conn,
        game.id,
        expected=game.version,
        revision=game.revision,
        new=version,
        refused=Busy(said("refusal.busy")),
        to_act=to_act,
        status=status,
        updated_at=now,
        turn_started_at=turn_started,
    )
    revision = game.revision + 1
    await store.save_snapshot(conn, game.id, Snapshot(version, revision, rules.dump(state)))
    if restart_clocks or fresh:
        # stop those clocks first (keeping the others running), so the next line starts them anew; a
        # restore ends every wait though no seat moved, so it books the waits with no increment
        running = () if restart_clocks else set(to_act) - fresh
        seats = await update_waiting(conn, game.id, seats, running, now, bank=game, undoing=restart_clocks)
    seats = await update_waiting(conn, game.id, seats, to_act, now, bank=game, undoing=undoing)
    game = replace(
        game,
        version=version,
        revision=revision,
        to_act=to_act,
        status=status,
        updated_at=now,
        turn_started_at=turn_started,
    )
    return game, seats


async def update_waiting(
    conn: Any,
    game_id: int,
    seats: list[SeatRow],
    to_act: Iterable[int],
    now: datetime,
    *,
    bank: GameRow | None = None,
    undoing: bool = False,
) -> list[SeatRow]:
    """Start the clock of seats that must now act, stop it for seats that need not any more; in a game
    with a time bank (``bank``, the game's row), a stopped clock books its wait against the seat's bank
    and adds the increment, in the same write. When ``undoing`` a move, no wait ended by a move: a seat
    acting again gives back the increment the undone move added (what the wait had spent stays spent), and
    a seat the undone move made act books its wait with no increment (as does every seat whose clock a
    restore stops)."""
    acting = set(to_act)
    banking = bank is not None and bool(bank.bank_minutes)
    updated = []
    for s in seats:
        if s.seat in acting and s.waiting_since is None:
            s = replace(s, waiting_since=now, last_reminded_at=None, vote_opened_at=None, bank_warned=0)
            if banking and undoing and s.bank_seconds is not None:
                assert bank is not None
                taken_back = s.bank_seconds - bank.bank_increment_minutes * 60
                s = replace(s, bank_seconds=max(taken_back, 0))
        elif s.seat not in acting and s.waiting_since is not None:
            if banking:
                assert bank is not None
                settled = timebank.book(bank, s, now) if undoing else timebank.settle(bank, s, now)
                s = replace(s, bank_seconds=settled, bank_warned=0)
            s = replace(s, waiting_since=None, last_reminded_at=None, vote_opened_at=None, muted_turn=None)
            await store.clear_kick_votes(conn, game_id, s.seat)
        else:
            updated.append(s)
            continue
        await store.update_seat(
            conn,
            game_id,
            s.seat,
            waiting_since=s.waiting_since,
            last_reminded_at=s.last_reminded_at,
            vote_opened_at=s.vote_opened_at,
            muted_turn=s.muted_turn,
            **({"bank_seconds": s.bank_seconds, "bank_warned": s.bank_warned} if banking else {}),
        )
        updated.append(s)
    return updated


def result_rows(
    game: GameRow, seats: Sequence[SeatRow], result: dict[str, Any], now: datetime
) -> list[ResultRow]:
    by_seat = {p["seat"]: p for p in result.get("players", [])}
    winners = set(result.get("winners", []))
    rows = []
    for s in seats:
        entry = by_seat.get(s.seat, {})
        resigned = s.state == "resigned"
        rows.append(
            ResultRow(
                game_id=game.id,
                seat=s.seat,
                guild_id=game.guild_id,
                rules_id=game.rules_id,
                user_id=s.user_id,
                name=s.name,
                is_ai=s.is_ai and not resigned and s.state != "replaced",
                resigned=resigned,
                score=int(entry.get("total", 0)),
                rank=int(entry.get("rank", len(seats))),
                won=s.seat in winners and not resigned and len(winners) == 1,
                players=len(seats),
                finished_at=now,
                shared=s.seat in winners and not resigned and len(winners) > 1,
            )
        )
    return rows
