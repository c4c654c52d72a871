"""The report a move's outcome carries: what the channel is to be told of the position the move made,
read with it under the game's lock, equal to what the service says when asked afterwards; and the
announcer's reads answered from it only while they are about that position."""

from __future__ import annotations

from typing import Any

from bot.play.reads import Reads
from bot.services import BoardState, GameService, LiveBoard
from bot.services.report import Report, ToldMove, reach
from tests.support.fixtures import ANN, BOB, CHANNEL, started


async def test_a_moves_report_holds_what_the_service_says_of_that_position(service: GameService) -> None:
    game = await started(service)
    await service.submit(CHANNEL, ANN, "pass")
    await service.mark_told(game.id, 1, LiveBoard(555, 1, 0, "", 1, 1), pinged=[(1, BOB)])
    outcome = await service.submit(CHANNEL, BOB, "pass")
    report = outcome.report
    assert report is not None and (report.version, report.revision) == (2, outcome.game.revision)
    version = outcome.game.version
    assert report.view == await service.view_at(CHANNEL, version)
    assert report.board == await service.board_state(game.id, version)
    assert report.untold_public_events() == await service.untold_public_events(game.id, version)
    assert report.untold_movers() == await service.untold_movers(game.id, version) == [1]
    assert report.public_events_between(1) == await service.public_events_between(game.id, 1, version)
    assert report.movers_after(1) == await service.movers_after(game.id, 1, version) == {1}


def test_a_report_reaches_back_to_the_earliest_move_the_live_board_may_tell_from() -> None:
    assert reach(BoardState(7, None, {})) == 7
    assert reach(BoardState(7, LiveBoard(1, pictured_version=4, lines_after=6, person_at=5), {})) == 4
    assert reach(BoardState(7, LiveBoard(1, pictured_version=-1, lines_after=-1, person_at=-1), {})) == 7
    assert reach(BoardState(3, LiveBoard(1, pictured_version=5, lines_after=2, person_at=-1), {})) == 2


class _Service:
    """Stands in for the service: answers each read with its name, and counts them."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __getattr__(self, name: str) -> Any:
        async def read(*args: Any) -> Any:
            self.asked.append(name)
            return name

        return read


async def test_the_announcers_reads_use_the_report_only_about_its_position() -> None:
    moves = (ToldMove(4, 0, ({"text": "a"},)), ToldMove(5, 1, ({"text": "b"},)))
    report = Report(9, 5, 12, {"viewer": None}, BoardState(4, None, {}), 3, moves)
    games = _Service()
    reads = Reads(games, report)  # type: ignore[arg-type]
    assert await reads.untold_movers(9, 5) == [1]
    assert await reads.public_events_between(9, 3, 5) == [{"text": "a"}, {"text": "b"}]
    assert await reads.view_at(9, 100, 5) == {"viewer": None}
    assert games.asked == []
    assert await reads.untold_movers(9, 6) == "untold_movers"  # another position
    assert await reads.public_events_between(9, 2, 5) == "public_events_between"  # before the report
    assert await reads.board_state(8, 5) == "board_state"  # another game
    assert games.asked == ["untold_movers", "public_events_between", "board_state"]
