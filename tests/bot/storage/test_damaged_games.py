"""A real database written by playing games, damaged one page at a time, then started as the bot starts
(SQLite's quick_check, then every stored state against its checksum): no damage is opened silently into
errors. Each damaged file is refused at start with one line, or its damage is confined to the game it hit,
which is rebuilt from its log or paused with a line for its channel, and every other game plays on."""

from __future__ import annotations

import logging
import random
import shutil
from pathlib import Path

import pytest

from bot.__main__ import StartError, check_database
from bot.services import Committed, FakeClock, GameDamaged, GameService
from bot.storage import open_database
from bot.storage.integrity import check_file
from tests.support.damaged import PAGE_SIZE, pages, played_database, scrambled
from tests.support.fixtures import act

GAMES = 8  # played_database's, in channels 1 to 8
RUN = 64  # bytes scrambled inside one page's cells
_BTREE_PAGES = {2, 5, 10, 13}  # SQLite's page types: interior and leaf pages of indexes and tables


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_database(tmp_path_factory.mktemp("played") / "games.db", games=GAMES)


def cells_scrambled(source: Path, dest: Path, page: int) -> bool:
    """A copy of ``source`` with a run of bytes inside page ``page``'s cells (its rows or index entries)
    overwritten with bytes drawn from its number, the page's header left whole: damage that SQLite's page
    checks may not see. False for a page without cells."""
    shutil.copyfile(source, dest)
    with dest.open("r+b") as file:
        file.seek((page - 1) * PAGE_SIZE)
        content = file.read(PAGE_SIZE)
        header = 100 if page == 1 else 0  # the first page starts with the file's header
        if content[header] not in _BTREE_PAGES:
            return False
        cells_start = int.from_bytes(content[header + 5 : header + 7], "big") or 65536
        draw = random.Random(page)
        at = draw.randrange(min(cells_start, PAGE_SIZE - RUN), PAGE_SIZE - RUN + 1)
        file.seek((page - 1) * PAGE_SIZE + at)
        file.write(draw.randbytes(RUN))
    return True


async def refused_in_one_line(path: Path) -> bool:
    """Whether the start-up check refuses the file, with one line naming the way out."""
    try:
        await check_database(path, full=False)
    except StartError as exc:
        assert "\n" not in str(exc) and "python -m bot backup" in str(exc)
        return True
    return False


async def started_and_played(path: Path) -> tuple[int, int, int]:
    """Start on the file as the bot does and play one move in every game: (games rebuilt, paused,
    played on). A move fails only as ``GameDamaged`` in a game the start-up check paused; one whose older
    move rows are scrambled counts and says so (``Committed``)."""
    db = await open_database(path)
    service = GameService(db, FakeClock())
    try:
        report = await service.check_states()
        notes = service.take_damage_notes()
        assert sorted(n.game_id for n in notes) == sorted(report.paused)
        played = 0
        for channel in range(1, GAMES + 1):
            try:
                await act(service, channel=channel)
                played += 1
            except GameDamaged:
                info = await service.get_game(channel)
                assert info.id in report.paused
            except Committed:
                # saved, but what it would tell no longer reads (a scrambled move row): it counted
                played += 1
        for game_id in report.rebuilt:
            assert await service.check_replay(game_id)
        return len(report.rebuilt), len(report.paused), played
    finally:
        await service.close()
        await db.close()


async def test_every_scrambled_page_is_refused_at_start_in_one_line(played: Path, tmp_path: Path) -> None:
    total = pages(played)
    assert total > 50
    for page in range(1, total + 1):
        assert await refused_in_one_line(scrambled(played, tmp_path / "x.db", page)), page


async def test_scrambled_cells_are_refused_or_kept_to_their_game(
    played: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.CRITICAL)  # each rebuilt game is logged; thousands of lines say nothing here
    path = tmp_path / "x.db"
    refused = rebuilt = paused = opened = 0
    for page in range(1, pages(played) + 1):
        if not cells_scrambled(played, path, page):
            continue
        if await refused_in_one_line(path):
            refused += 1
            continue
        assert check_file(path).sound
        found, stopped, played_on = await started_and_played(path)
        assert played_on == GAMES - stopped  # every game not paused played its move
        rebuilt, paused, opened = rebuilt + found, paused + stopped, opened + 1
    # the file's pages of stored states were hit, and were found and healed
    assert refused > 0 and opened > 0 and rebuilt > 0
