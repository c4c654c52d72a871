"""Looking at games: info, legal moves, views, the log (and how much of it was told), results, replay
checks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple
from typing import Any

from bot.services import engine
from bot.services.errors import GameNotActive, NoGameHere, NoSuchVersion
from bot.services.models import Choices, Decision, GameInfo, News
from bot.services.parts import Feature, Parts
from bot.services.report import BoardState, LiveBoard
from bot.services.repository import info, seat_of_user
from bot.storage import games as store
from bot.storage.records import GameRow, SeatRow, from_json, to_json
from rules.core.events import Event, is_public
from rules.core.texts import said


class Reading(Feature):
    """Looking at games: info, legal moves, views, the log, replay checks."""

    def __init__(self, parts: Parts) -> None:
        super().__init__(parts)
        # (game, seat) -> the number and text of the newest move whose news that seat's player was shown;
        # kept in memory: after a restart a player may read the same news once more
        self._news_shown: dict[tuple[int, int], tuple[int, str]] = {}

    async def get_game(self, channel_id: int) -> GameInfo:
        """The channel's open game, else its most recent one; raises ``NoGameHere`` if it never had one."""
        return info(*await self.repo.latest_rows(channel_id))

    async def game_by_id(self, game_id: int) -> GameInfo:
        return info(*await self.repo.rows(game_id))

    async def final_result(self, channel_id: int) -> dict[str, Any]:
        """The channel's latest game's result once it is over: ranking, winners, totals and points per
        category, as the rules report them (from the stored final position, else by replay)."""
        game, seats = await self.repo.latest_rows(channel_id)
        if game.status != "finished":
            raise GameNotActive(said("refusal.not_over"))
        state = await self.states.current(game, seats)
        return engine.rules_for(game.rules_id).result(state)

    async def seat_of(self, channel_id: int, user_id: int) -> int | None:
        _game, seats = await self.repo.latest_rows(channel_id)
        seat = seat_of_user(seats, user_id)
        return None if seat is None else seat.seat

    async def legal_moves(
        self, channel_id: int, user_id: int, locale: object = None
    ) -> list[tuple[str, str]]:
        """(canonical move, label) for each move the user may make now, labelled in the language of
        ``locale``; empty if nothing is theirs to do."""
        game, seats = await self.repo.latest_rows(channel_id)
        seat = seat_of_user(seats, user_id)
        return await self._labelled(game, seats, seat, locale)

    async def decision(self, channel_id: int, user_id: int, locale: object = None) -> Decision:
        """The user's legal moves as ``legal_moves`` lists them, with the key of that decision for the
        buttons that offer them (empty moves and key when nothing is theirs to do)."""
        game, seats = await self.repo.latest_rows(channel_id)
        seat = seat_of_user(seats, user_id)
        moves = await self._labelled(game, seats, seat, locale)
        if seat is None or not moves:
            return Decision((), "")
        return Decision(tuple(moves), await self.gamelog.decision_key(game, seat.seat, (m for m, _ in moves)))

    async def _labelled(
        self, game: GameRow, seats: list[SeatRow], seat: SeatRow | None, locale: object
    ) -> list[tuple[str, str]]:
        if game.status != "active" or seat is None or seat.is_ai or seat.seat not in game.to_act:
            return []
        rules = engine.rules_for(game.rules_id)
        state = await self.states.current(game, seats)
        names = {s.seat: s.name for s in seats}  # labels are plain text: names as chosen, unescaped
        return engine.labelled_moves(rules, state, seat.seat, engine.Reader(names, locale))

    async def view_for(self, channel_id: int, user_id: int | None) -> tuple[GameInfo, dict[str, Any]]:
        """The game and what ``user_id`` may see: their seat's private view, or the spectator view."""
        game, seats = await self.repo.latest_rows(channel_id)
        if game.status == "lobby":
            raise GameNotActive(said("refusal.not_started"))
        seat = seat_of_user(seats, user_id) if user_id is not None else None
        rules = engine.rules_for(game.rules_id)
        state = await self.states.current(game, seats)
        return info(game, seats), rules.view(state, None if seat is None else seat.seat)

    async def view_at(self, channel_id: int, version: int, user_id: int | None = None) -> dict[str, Any]:
        """The view (private to the user's seat, else spectator) after ``version`` moves, by replay."""
        game, seats = await self.repo.latest_rows(channel_id)
        if game.status == "lobby":
            raise GameNotActive(said("refusal.not_started"))
        if not 0 <= version <= game.version:
            raise NoSuchVersion(said("refusal.version", last=game.version))
        seat = seat_of_user(seats, user_id) if user_id is not None else None
        if version == game.version:
            state = await self.states.current(game, seats)  # the current position: no replay needed
        else:
            state = await self.gamelog.replayed(game, len(seats), version)
        return engine.rules_for(game.rules_id).view(state, None if seat is None else seat.seat)

    async def log(
        self, channel_id: int, user_id: int | None = None, limit: int = 20, locale: object = None
    ) -> list[str]:
        """The newest ``limit`` lines of the game log, the engine's lines in the language of ``locale``
        (else the game's); private lines only for the seat they belong to."""
        game, seats = await self.repo.latest_rows(channel_id)
        seat = seat_of_user(seats, user_id) if user_id is not None else None
        lines = await self.gamelog.lines(game, seats, None if seat is None else seat.seat, locale)
        return lines[-limit:] if limit > 0 else lines

    async def news_for(self, channel_id: int, user_id: int) -> News | None:
        """The public events of the moves since the user's own last move, when someone else has moved
        since; without the moves already shown to them (``news_shown``). None when there is nothing new,
        the user is not seated or the game is not running."""
        async with self.db.reading() as conn:  # one read: this comes before every move
            game = await store.latest_game_in_channel(conn, channel_id)
            if game is None:
                return None
            seat = seat_of_user(await store.seats_of(conn, game.id), user_id)
            return await self._news(conn, game, seat)

    async def _news(self, conn: Any, game: GameRow, seat: SeatRow | None) -> News | None:
        """``news_for`` of ``seat`` in ``game``, read on ``conn``."""
        if seat is None or game.status != "active":
            return None
        own = await store.last_own_move(conn, game.id, seat.seat)
        moves = await store.moves_after(conn, game.id, own)
        since = own
        shown = self._news_shown.get((game.id, seat.seat))
        if shown is not None and any((m.version, m.move) == shown for m in moves):
            since = shown[0]  # else an undo took that move back: what replaced it is news
        news = [m for m in moves if m.version > since]
        if not any(m.seat != seat.seat for m in news):
            return None
        events = tuple(ev for m in news for ev in m.events if is_public(ev))
        return News(game.id, seat.seat, own, news[-1].version, news[-1].move, events)

    async def choices(self, channel_id: int, user_id: int, locale: object = None) -> Choices:
        """What the user is shown when their options are asked for, in one read: the channel's game (as
        ``get_game``), their seat, the news since their last move (``news_for``), their decision
        (``decision``, labelled in the language of ``locale``) and, when they have one, their own view."""
        async with self.db.reading() as conn:
            game = await store.latest_game_in_channel(conn, channel_id)
            if game is None:
                raise NoGameHere(said("refusal.no_game_ever"))
            seats = await store.seats_of(conn, game.id)
            seat = seat_of_user(seats, user_id)
            news = await self._news(conn, game, seat)
            last = (
                None
                if seat is None
                else await store.last_move_of_seat(conn, game.id, seat.seat, game.version)
            )
        shown = info(game, seats)
        if seat is None or last is None:
            return Choices(shown, None, None, Decision((), ""), None)
        moves = await self._labelled(game, seats, seat, locale)
        if not moves:
            return Choices(shown, seat.seat, news, Decision((), ""), None)
        decision = Decision(tuple(moves), engine.decision_key(seat.seat, last, (m for m, _ in moves)))
        view = engine.rules_for(game.rules_id).view(await self.states.current(game, seats), seat.seat)
        return Choices(shown, seat.seat, news, decision, view)

    def news_shown(self, news: News) -> None:
        """The player has read ``news``: the next reply tells them only what happened after it."""
        self._news_shown[(news.game_id, news.seat)] = (news.upto, news.upto_move)

    async def public_events_between(self, game_id: int, after: int, upto: int) -> list[Event]:
        """The public events of the moves after move ``after`` up to move ``upto``, oldest first."""
        async with self.db.reading() as conn:
            moves = await store.moves_after(conn, game_id, after)
        return [ev for m in moves if m.version <= upto for ev in m.events if is_public(ev)]

    async def untold_public_events(self, game_id: int, upto: int) -> list[Event]:
        """The public events of every move up to move ``upto`` that the channel was not yet told, oldest
        first. Reading them tells nobody: ``mark_told`` does, once the summary holding them was posted.
        Kept with the game, so a summary of a long turn survives a restart; moves taken back are not in
        it."""
        async with self.db.reading() as conn:
            moves = await store.unannounced(conn, game_id, upto)
        return [ev for m in moves for ev in m.events if is_public(ev)]

    async def mark_told(
        self,
        game_id: int,
        upto: int,
        live_board: LiveBoard | None = None,
        pinged: Sequence[tuple[int, int]] = (),
    ) -> None:
        """The channel has been told every move up to ``upto`` (call after the summary was posted); and,
        when given, the live board that told it, and the people it pinged (seat, user id): one write
        for all, as every move posted in a quiet channel makes them."""
        async with self.db.transaction(game=game_id) as conn:
            await store.mark_announced_upto(conn, game_id, upto)
            if live_board is not None:
                await store.set_live_board(conn, game_id, *astuple(live_board))
            if pinged:
                await store.note_pings(conn, game_id, upto, pinged)

    async def untold_movers(self, game_id: int, upto: int) -> list[int]:
        """The seats that moved since the channel was last told, in the order they first moved (during a
        simultaneous choice: who has chosen)."""
        async with self.db.reading() as conn:
            moves = await store.unannounced(conn, game_id, upto)
        return list(dict.fromkeys(m.seat for m in moves))

    async def progress_message(self, game_id: int) -> int | None:
        """The id of the message telling who has chosen in the current simultaneous choice, if posted."""
        async with self.db.reading() as conn:
            return await store.progress_post(conn, game_id)

    async def remember_progress_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction(game=game_id) as conn:
            await store.set_progress_post(conn, game_id, message_id)

    async def live_board(self, game_id: int) -> LiveBoard | None:
        """The game's live board message, if it has one."""
        async with self.db.reading() as conn:
            _, board = await store.live_board(conn, game_id)
        return None if board is None else LiveBoard(*board)

    async def board_state(self, game_id: int, upto: int) -> BoardState:
        """The live board, the moves told, and who was pinged for a decision still theirs at move
        ``upto``, in one read."""
        async with self.db.reading() as conn:
            told, board = await store.live_board(conn, game_id)
            pinged = await store.pinged_for_now(conn, game_id, upto)
        return BoardState(told, None if board is None else LiveBoard(*board), pinged)

    async def reserve_pings(
        self,
        game_id: int,
        upto: int,
        people: Sequence[tuple[int, int]],
        *,
        by: str = "ping",
        shown: Sequence[tuple[int, int]] = (),
    ) -> list[tuple[int, int]]:
        """Of ``people`` (seat, user id) who must act at move ``upto``, those not yet pinged for this
        decision, noted as pinged in the same write: of two posts telling the same turn at once (two
        processes), only one pings them. A post that then fails gives them back (``unreserve_pings``).
        ``by`` "dm": the same for the direct message saying their turn has come. ``shown``: people told
        of this decision otherwise (their private answer shows it), noted as told without being returned,
        so no later post tells them again."""
        async with self.db.transaction(game=game_id) as conn:
            pinged = await store.pinged_for_now(conn, game_id, upto, by)
            fresh = [(seat, user) for seat, user in people if pinged.get(seat) != user]
            told = [(seat, user) for seat, user in shown if pinged.get(seat) != user]
            await store.note_pings(conn, game_id, upto, [*fresh, *told], by)
        return fresh

    async def unreserve_pings(
        self, game_id: int, upto: int, pinged: Sequence[tuple[int, int]], *, by: str = "ping"
    ) -> None:
        """Forget the pings (``by`` "dm": direct messages) ``reserve_pings`` noted when the post that was
        to make them failed."""
        async with self.db.transaction(game=game_id) as conn:
            await store.forget_pings(conn, game_id, upto, pinged, by)

    async def forget_untold_pings(self, game_id: int) -> None:
        """At a start: the pings noted for moves the channel was not told of may not have been made (the
        process stopped between noting and posting them); forgotten, so the telling pings again."""
        async with self.db.transaction(game=game_id) as conn:
            await store.forget_untold_pings(conn, game_id)

    async def movers_after(self, game_id: int, after: int, upto: int) -> set[int]:
        """The seats that made a move after move ``after`` up to move ``upto``."""
        async with self.db.reading() as conn:
            moves = await store.moves_after(conn, game_id, after)
        return {m.seat for m in moves if m.version <= upto}

    async def remember_live_board(self, game_id: int, board: LiveBoard) -> None:
        async with self.db.transaction(game=game_id) as conn:
            await store.set_live_board(conn, game_id, *astuple(board))

    async def forget_live_board(self, game_id: int) -> None:
        """The game has no live board any more (it was closed): a quiet channel's next turn posts one."""
        async with self.db.transaction(game=game_id) as conn:
            await store.forget_live_board(conn, game_id)

    async def active_games(self) -> list[GameInfo]:
        """Every running game (the reminder loop's work list after a restart)."""
        async with self.db.reading() as conn:
            rows = await store.games_with_status(conn, ["active"])
            pairs = await store.with_seats(conn, rows)
        return [info(g, s) for g, s in pairs]

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        """The user's open games (lobbies and running games), oldest first."""
        async with self.db.reading() as conn:
            found = await store.open_seats_of_user(conn, user_id)
            pairs = await store.with_seats(conn, [g for g, _ in found])
        return [info(g, s) for g, s in pairs]

    async def check_replay(self, game_id: int) -> bool:
        """Whether replaying the seed and the log gives exactly the stored snapshot (and version)."""
        game, seats = await self.repo.rows(game_id)
        if game.status == "lobby":
            return True
        try:
            async with self.db.reading() as conn:
                snapshot = await store.load_snapshot(conn, game_id)
        except store.DamagedState:
            return False
        if snapshot is None or (snapshot.version, snapshot.revision) != (game.version, game.revision):
            return False
        rules = engine.rules_for(game.rules_id)
        state = await self.gamelog.replayed(game, len(seats))
        return from_json(to_json(rules.dump(state))) == snapshot.state  # compared as stored
