"""A process killed at random moments while it writes moves never leaves a half-written move behind."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from bot.services import GameService
from bot.storage import games as store
from bot.storage import open_database, results
from rules.ai import Question
from tests.support import worker
from tests.support.fixtures import ANN, BOB, CHANNEL, GUILD, started, table_rows

KILLS = 30  # half of them in the middle of a transaction


def start_worker(db_path: Path, stop: int | None) -> subprocess.Popen[str]:
    """A process writing moves into ``db_path``; with ``stop``, its ``stop``-th move waits half written."""
    proc = worker.start("crash", str(db_path), *(["stop", str(stop)] if stop is not None else []))
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == "ready", proc.stderr.read() if proc.stderr else line
    return proc


def committed(proc: subprocess.Popen[str], moves: int | None) -> dict[int, int]:
    """What ``proc`` says it committed (each game's last version) once it has committed ``moves`` moves,
    or, when ``moves`` is None, once it has stopped in the middle of one."""
    assert proc.stdout is not None
    done: dict[int, int] = {}
    told = 0
    while moves is None or told < moves:
        line = proc.stdout.readline().split()
        assert line, proc.stderr.read() if proc.stderr else "the worker ended"
        if line == ["inside"] and moves is None:
            break
        word, game_id, version = line
        assert word == "moved", line
        done[int(game_id)] = int(version)
        told += 1
    return done


def versions(db_path: Path) -> dict[int, int]:
    with sqlite3.connect(db_path) as conn:
        return dict(conn.execute("SELECT id, version FROM games").fetchall())


async def check_consistent(db_path: Path) -> dict[int, int]:
    """Every game: integrity, contiguous log, snapshot at the game's version and equal to a replay."""
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        for game_id, version in conn.execute("SELECT id, version FROM games WHERE status != 'lobby'"):
            logged = [
                v
                for (v,) in conn.execute(
                    "SELECT version FROM moves WHERE game_id = ? ORDER BY version", (game_id,)
                )
            ]
            assert logged == list(range(1, version + 1))
            (snap,) = conn.execute("SELECT version FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
            assert snap == version
    db = await open_database(db_path)
    try:
        service = GameService(db)
        found = versions(db_path)
        for game_id in found:
            assert await service.check_replay(game_id), f"game {game_id} does not replay to its snapshot"
    finally:
        await db.close()
    return found


async def test_killing_a_writing_process_leaves_every_game_at_a_whole_version(tmp_path, tiny_game):
    """Each worker is killed once it has committed a few moves: every other one at once (wherever it is
    then), the others in the middle of a transaction. Nothing it said it committed is lost."""
    db_path = tmp_path / "crash.db"
    await (await open_database(db_path)).close()  # the schema exists before the first worker starts
    rng = random.Random(20261121)
    before: dict[int, int] = {}
    advanced = 0
    for kill in range(KILLS):
        moves = rng.randint(1, 3)
        mid_transaction = kill % 2 == 1
        proc = start_worker(db_path, stop=moves + 1 if mid_transaction else None)
        said = committed(proc, None if mid_transaction else moves)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL  # it was still writing when killed
        after = await check_consistent(db_path)
        for game_id, version in (before | said).items():
            assert after[game_id] >= version  # nothing committed was lost
        advanced += sum(after.values()) - sum(before.values())
        before = after
    assert advanced >= KILLS  # every worker wrote a move before its kill


@pytest.mark.parametrize(
    "step", ["set_version", "save_snapshot", "update_seat", "append_move", "insert_results"]
)
async def test_a_failure_at_any_step_of_a_move_leaves_the_game_as_it_was(
    service, db_where, monkeypatch, step
):
    """An error raised between the statements of a move's transaction (a full disk, a bug) rolls it all back,
    and the service carries on from the stored game, not from what it had half done."""
    await started(service, options={"rounds": 1})
    user, move = ANN, "pass"  # ends Ann's turn: every statement of a move runs, results aside
    if step == "insert_results":  # Bob's bid will be the game's last move
        await service.submit(CHANNEL, ANN, "pass")
        await service.submit(CHANNEL, BOB, "pass")
        await service.submit(CHANNEL, ANN, f"bid {(await service.view_for(CHANNEL, ANN))[1]['hand'][0]}")
        user, move = BOB, f"bid {(await service.view_for(CHANNEL, BOB))[1]['hand'][0]}"
    info = await service.get_game(CHANNEL)
    before = await table_rows(db_where)
    module = results if step == "insert_results" else store

    async def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(f"failure in {step}")

    monkeypatch.setattr(module, step, broken)
    with pytest.raises(OSError):
        await service.submit(CHANNEL, user, move, expected_version=info.version)
    monkeypatch.undo()
    assert await table_rows(db_where) == before
    assert (await service.get_game(CHANNEL)).version == info.version
    outcome = await service.submit(CHANNEL, user, move, expected_version=info.version)
    assert outcome.version == info.version + 1 and await service.check_replay(info.id)
    if step == "insert_results":
        assert outcome.finished and (await service.stats(GUILD))["played"] == 1


def first_legal(asked: Question) -> str:
    return asked.legal[0]


async def test_a_computer_turn_cut_short_by_a_kill_is_made_after_a_restart(tmp_path, tiny_game):
    """Killed after the person's move was stored but while the computer was choosing its reply: the game
    waits on a computer seat nobody else would ever move, until the reminder round after the restart."""
    db_path = tmp_path / "think.db"
    proc = worker.start("think", str(db_path))
    assert proc.stdout is not None
    lines = [proc.stdout.readline().strip() for _ in range(2)]
    assert lines == ["ready", "thinking"], proc.stderr.read() if proc.stderr else lines
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    db = await open_database(db_path)
    try:
        service = GameService(db, ai=first_legal)
        stuck = await service.get_game(1000)
        assert (stuck.version, stuck.to_act) == (1, (1,))  # Ann passed; the computer seat never moved
        await service.run_due()
        await service.runner.idle()
        moved = await service.get_game(1000)
        assert moved.version > stuck.version and 0 in moved.to_act and 1 not in moved.to_act
        assert await service.check_replay(moved.id)
        await service.run_due()  # a second round finds nothing left to do
        assert (await service.get_game(1000)).revision == moved.revision
        user, move = 1, (await service.legal_moves(1000, 1))[0][0]
        assert (await service.submit(1000, user, move)).version > moved.version  # the game goes on
        await service.close()
    finally:
        await db.close()
