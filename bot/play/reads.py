"""The announcer's questions about a game, answered from the report its move brought (read with the move,
under the game's lock: ``bot.services.report``) while they are about that position, else by the service.

So a post right after a move reads nothing more than whether the game is still at that position."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.services import BoardState
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.services import GameService
    from bot.services.report import Report


class Reads:
    """``games``' reading methods the announcer and the live board use, over ``report`` where it holds
    the answer."""

    def __init__(self, games: GameService, report: Report | None = None) -> None:
        self.games = games
        self.report = report

    def _of(self, game_id: int, upto: int, after: int | None = None) -> Report | None:
        report = self.report
        if report is not None and report.game_id == game_id and report.covers(upto, after):
            return report
        return None

    async def view_at(self, game_id: int, channel_id: int, version: int) -> dict[str, Any]:
        """The spectators' view after ``version`` moves."""
        report = self._of(game_id, version)
        if report is not None and report.view is not None:
            return report.view
        return await self.games.view_at(channel_id, version, None)

    async def board_state(self, game_id: int, upto: int) -> BoardState:
        report = self._of(game_id, upto)
        return report.board if report is not None else await self.games.board_state(game_id, upto)

    async def untold_public_events(self, game_id: int, upto: int) -> list[Event]:
        report = self._of(game_id, upto)
        if report is not None:
            return report.untold_public_events()
        return await self.games.untold_public_events(game_id, upto)

    async def untold_movers(self, game_id: int, upto: int) -> list[int]:
        report = self._of(game_id, upto)
        return report.untold_movers() if report is not None else await self.games.untold_movers(game_id, upto)

    async def public_events_between(self, game_id: int, after: int, upto: int) -> list[Event]:
        report = self._of(game_id, upto, after)
        if report is not None:
            return report.public_events_between(after)
        return await self.games.public_events_between(game_id, after, upto)

    async def movers_after(self, game_id: int, after: int, upto: int) -> set[int]:
        report = self._of(game_id, upto, after)
        if report is not None:
            return report.movers_after(after)
        return await self.games.movers_after(game_id, after, upto)
