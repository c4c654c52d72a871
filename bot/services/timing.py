"""Reminders and deadlines, computed from stored times so they resume after a restart; computer seats a
crash left waiting are resumed by the same loop. Each game's next-due time is stored (``storage.due``), so a
round reads only the games with something due.

Of several processes sharing the database, each claims a game's due work before doing it, so it is done
once. A claim is a lease (``games.claimed_by``, ``claimed_until``) that its holder renews every
``RENEW_EVERY`` while it works there (``renew_claims``); a process that died stops renewing, and its
games are taken over once ``LEASE`` has run out. A process that is the only one claiming (SQLite) ends the
claims of its earlier lives at its start (``take_over_claims``), and a clean stop gives its claims back at
once (``close``).

``Timing`` is a plain class built from the service's parts (``ServiceCore`` builds it and gives the
computers' runner its ``claim_run`` and ``release``)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.services import engine, notices, outcomes, timebank
from bot.services.errors import NotAllowed
from bot.services.models import DueItem, Forced, ForcedSkip, GameInfo, MoveOutcome, Notification
from bot.services.parts import Feature, Parts
from bot.services.policy import (
    COMPUTER_GRACE,
    DEFAULT_AI_LEVEL,
    computer_due_at,
    due_items,
    kick_majority,
    next_due_at,
    require_host,
)
from bot.services.repository import info, require_seat
from bot.services.runner import wake_computers
from bot.services.seats import Seats
from bot.storage import due as due_store
from bot.storage import games as store
from bot.storage import locks, preferences
from bot.storage.records import GameRow, SeatRow, from_time
from bot.storage.sql import chunks
from rules.core.texts import said

log = logging.getLogger(__name__)

# How long a claim on a game's due work lasts unless its holder renews it, and how often a live holder
# renews its claims: the games of a process that died are taken over within LEASE + RENEW_EVERY, and a
# live process keeps them through a stall of up to LEASE - RENEW_EVERY.
LEASE = timedelta(seconds=20)
RENEW_EVERY = timedelta(seconds=5)


class Timing(Feature):
    """Reminders and deadlines, computed from stored times so they resume after a restart."""

    def __init__(self, parts: Parts, seats: Seats, holder: str) -> None:
        super().__init__(parts)
        self.seats = seats
        # this process among those sharing the database, as its claims on games' due work name it
        self.holder = holder
        # Whether this process has already resumed the computer turns a crash left behind (see
        # ``resume_computer_turns``): the first round after a start does it without waiting for the grace.
        self._resumed = False
        # The games whose due work the reminder round under way holds (see ``run_due``).
        self._in_round: frozenset[int] = frozenset()

    async def close(self) -> None:
        """Give back every claim at once (the service has stopped its runner), so that another process
        takes the work over now."""
        try:
            async with self.db.transaction(locks=(locks.CLAIMS,)) as conn:
                await due_store.release_all(conn, self.holder)
        except Exception:  # the claims run out by themselves within a lease
            log.warning("could not give back this process's claims", exc_info=True)

    async def take_over_claims(self) -> None:
        """At the start of the process that keeps time: on SQLite it is the only one that claims, so every
        claim not its own was left by an earlier life of it and ends now. On PostgreSQL another process
        may be alive: its claims stand until their lease runs out."""
        if self.db.postgres:
            return
        async with self.db.transaction(locks=(locks.CLAIMS,)) as conn:
            await due_store.release_others(conn, self.holder)

    async def renew_claims(self, now: datetime | None = None) -> bool:
        """Renew this process's lease on the games it works in (the round under way, its claimed computer
        runs); returns whether another holder's lease on a game with something due has run out,
        so that a round should take it over now rather than at its next turn."""
        moment = now or self.clock()
        for batch in chunks(sorted(self._in_round | self.runner.claimed), due_store.BATCH):
            async with self.db.transaction(locks=(locks.CLAIMS,)) as conn:
                await due_store.renew(conn, batch, self.holder, moment + LEASE)
        async with self.db.reading() as conn:
            # a computer seat counts as due within the grace when the claim on it ran out
            return await due_store.lapsed(conn, self.holder, moment, moment + COMPUTER_GRACE)

    async def due(self, now: datetime | None = None) -> list[DueItem]:
        """Reminders and deadlines that are due at ``now`` (default: the clock), earliest first."""
        moment = now or self.clock()
        pairs = await self._due_games(moment)
        async with self.db.reading() as conn:
            prefs = await preferences.settings_of_users(
                conn, (s.user_id for _, seats in pairs for s in seats if s.user_id is not None)
            )
        items = sorted(
            (i for g, seats in pairs for i in due_items(g, seats, prefs) if i.due_at <= moment),
            key=lambda i: (i.due_at, i.game_id, i.seat),
        )
        # a seat whose deadline has come gets the deadline's consequence, not one more reminder
        overdue = {(i.game_id, i.seat) for i in items if i.kind == "deadline"}
        return [i for i in items if i.kind == "deadline" or (i.game_id, i.seat) not in overdue]

    async def next_due_at(self) -> datetime | None:
        """When the loop next has something to do: a reminder, a deadline, a computer seat left behind."""
        await self._refresh_due()
        async with self.db.reading() as conn:
            return from_time(await due_store.earliest_due(conn))

    async def _refresh_due(self) -> None:
        """Compute again the next-due time of every game a change has marked stale, a batch at a time
        (the database lock is released between batches, so interactions go on meanwhile), in one sweep
        in id order: a game changed again behind the sweep waits for the next call. Sweeping until none
        is stale never ends while people keep moving faster than a batch is computed, and the round
        with it."""
        after = 0
        while True:
            async with self.db.transaction(locks=(locks.DUE,)) as conn:
                games = await due_store.stale_games(conn, after)
                if not games:
                    return
                after = games[-1].id
                seats = await due_store.seats_of_games(conn, [g.id for g in games])
                prefs = await preferences.settings_of_users(
                    conn, (s.user_id for rows in seats.values() for s in rows if s.user_id is not None)
                )
                await due_store.store_next_due(
                    conn,
                    [(g.id, next_due_at(g, seats[g.id], prefs) if g.id in seats else None) for g in games],
                )

    async def _due_games(self, until: datetime) -> list[tuple[GameRow, list[SeatRow]]]:
        """The active games with something due by ``until``, with their seats: one indexed query."""
        await self._refresh_due()
        async with self.db.reading() as conn:
            games = await due_store.games_due(conn, until)
        pairs: list[tuple[GameRow, list[SeatRow]]] = []
        for batch in chunks(games, due_store.BATCH):
            async with self.db.reading() as conn:
                seats = await due_store.seats_of_games(conn, [g.id for g in batch])
            pairs += [(g, seats[g.id]) for g in batch if g.id in seats]  # not one whose seats are damaged
        return pairs

    async def resume_computer_turns(self, now: datetime | None = None) -> list[int]:
        """Wake the background runner (``runner``) for computer seats left waiting; returns those games.

        A change that gives a computer seat the turn wakes the runner itself; if the process died or the
        run failed in between, nothing else would ever move it. The first call after a start wakes every
        such game at once; later calls only those waiting longer than ``COMPUTER_GRACE`` (so a move
        another process is making right now is left to it) or whose claim ran out (the process making it
        died), and never a game this process is already running. The runner tells the channel of the
        moves as it makes them.
        """
        moment = now or self.clock()
        first = not self._resumed
        self._resumed = True
        waiting = {
            game.id: due
            for game, seats in await self._due_games(moment + COMPUTER_GRACE)
            if (due := computer_due_at(game, seats)) is not None and not self.runner.running(game.id)
        }
        # within the grace, a game is taken only if the claim of the process moving it has run out
        early = [] if first else [g for g, due in waiting.items() if due > moment]
        abandoned: set[int] = set()
        for batch in chunks(early, due_store.BATCH):
            async with self.db.reading() as conn:
                abandoned |= await due_store.lapsed_among(conn, batch, self.holder, moment)
        chosen = [g for g, due in waiting.items() if first or due <= moment or g in abandoned]
        # of several processes sharing the database, one resumes each game; its claim is given back when
        # the run ends
        woken: list[int] = []
        for game_id in sorted(await self._claim(chosen, moment)):
            log.info("resuming the computer seats left waiting in game %s", game_id)
            self.runner.wake(game_id, claimed=True)
            woken.append(game_id)
        return woken

    async def claim_untold(self) -> list[int]:
        """The games whose channel was not told of every saved move (a post failed, or the process
        stopped between a commit and its post) that this process tells: on SQLite all (it is the only
        process keeping time), on PostgreSQL those it claims (``give_back_untold`` when told)."""
        async with self.db.reading() as conn:
            untold = await store.untold_games(conn)
        if not self.db.postgres:
            return untold
        return sorted(await self._claim(untold, self.clock()))

    async def give_back_untold(self, game_id: int) -> None:
        """Give back the claim ``claim_untold`` took on ``game_id``, unless this process works there
        otherwise meanwhile (a computer's run, a reminder round)."""
        if self.db.postgres and game_id not in self.runner.claimed and game_id not in self._in_round:
            await self.release(game_id)

    async def claim_run(self, game_id: int) -> bool:
        """Claim a game for the computer run a move woke (``runner``), unless another process holds it."""
        return game_id in await self._claim([game_id], self.clock())

    async def release(self, game_id: int) -> None:
        async with self.db.transaction(locks=(locks.CLAIMS,)) as conn:
            await due_store.release(conn, [game_id], self.holder)

    async def _claim(self, game_ids: list[int], now: datetime) -> set[int]:
        """The games of ``game_ids`` whose due work this process takes (no other process holds them)."""
        taken: set[int] = set()
        for batch in chunks(game_ids, due_store.BATCH):
            async with self.db.transaction(locks=(locks.CLAIMS,)) as conn:
                taken |= await due_store.claim(conn, batch, self.holder, now, now + LEASE)
        return taken

    async def run_due(self, now: datetime | None = None) -> list[Notification]:
        """Resume computer seats left waiting, send due reminders (as notifications) and apply due
        deadlines; safe to call at any interval."""
        await self.resume_computer_turns(now)
        notes: list[Notification] = []
        items = await self.due(now)
        mine = await self._claim(sorted({i.game_id for i in items}), now or self.clock())
        self._in_round = frozenset(mine)  # renewed while the round works (``renew_claims``)
        try:
            for item in (i for i in items if i.game_id in mine):
                notes += await self._run_item(item, now)
        finally:
            self._in_round = frozenset()
            for batch in chunks(sorted(mine), due_store.BATCH):
                async with self.db.transaction(locks=(locks.CLAIMS,)) as conn:
                    await due_store.release(conn, batch, self.holder)
        return notes

    async def _run_item(self, item: DueItem, now: datetime | None) -> list[Notification]:
        """Deliver one due reminder or apply one due deadline, if it is still due."""
        async with self.repo.lock(item.game_id):
            row, seats = await self.repo.rows(item.game_id)
            fresh = {
                i.kind: i
                for i in due_items(row, seats, await self.repo.prefs(s.user_id for s in seats))
                if i.seat == item.seat
            }
            if item.kind not in fresh or fresh[item.kind].due_at > (now or self.clock()):
                return []  # something changed since the list was made
            if item.kind == "reminder":
                return [await self._remind(row, item, now or self.clock())]
            if item.kind == "bank":
                return [await self._warn_bank(row, seats, item, now or self.clock())]
            return (await self._deadline(row, seats, item.seat))[1]

    async def _remind(self, game: GameRow, item: DueItem, now: datetime) -> Notification:
        """The reminder due at ``now`` (the round's moment), noted as sent then: the next counts from it."""
        async with self.db.transaction(game=game.id) as conn:
            await store.update_seat(conn, game.id, item.seat, last_reminded_at=now)
        title = engine.rules_for(game.rules_id).title
        return await notices.notice(self.repo, "reminder", "notice.reminder", game, item.user_id, title=title)

    async def _warn_bank(
        self, game: GameRow, seats: list[SeatRow], item: DueItem, now: datetime
    ) -> Notification:
        """The next warning of a running time bank ("1 day left") due at ``now`` (the round's moment),
        noted as given for this decision."""
        seat = next(s for s in seats if s.seat == item.seat)
        index = timebank.latest_warning(game, seat, now)
        index = 0 if index is None else index
        async with self.db.transaction(game=game.id) as conn:
            await store.update_seat(conn, game.id, item.seat, bank_warned=index + 1)
        title = engine.rules_for(game.rules_id).title
        out = timebank.runs_out_at(game, seat) or item.due_at
        message = timebank.WARNING_NOTICES[index]
        return await notices.notice(
            self.repo, "reminder", message, game, item.user_id, title=title, at=timebank.stamp(out)
        )

    async def _deadline(
        self, game: GameRow, seats: list[SeatRow], seat_no: int, *, forced: bool = False
    ) -> tuple[str, list[Notification]]:
        """Apply the game's deadline consequence to an overdue seat: skip its turn when the rules offer a
        pass, else (or when so chosen) hand it to the computer, or ask the others to vote. What it did
        (``Forced.what``) and the notices; ``forced``: a server manager applied it before its time, which
        the notices say instead of "time ran out"."""
        seat = next(s for s in seats if s.seat == seat_no)
        rules = engine.rules_for(game.rules_id)
        notice = "notice.forced" if forced else "notice"
        if game.deadline_action == "skip":
            state = await self.states.current(game, seats)
            skip = engine.skip_move(rules, state, seat_no)
            if skip is not None:
                move, new_state, events = engine.play(rules, state, seat_no, skip)
                before = list(seats)
                game, seats, record = await self.moves.commit(
                    game, seats, seat_no, None, move, new_state, events, "deadline"
                )
                played = [record]
                wake_computers(self.runner, game, seats)
                outcome = await self.telling.outcome(
                    game,
                    before,
                    seats,
                    new_state,
                    played,
                    outcomes.Move(seat_no, move, tuple(events)),
                    extra=[
                        await notices.notice(
                            self.repo, "deadline", f"{notice}.skipped", game, seat.user_id, title=rules.title
                        )
                    ],
                )
                return "skipped", list(outcome.notifications)
        voters = [s for s in seats if s.seat != seat_no and not s.is_ai and s.user_id is not None]
        if game.deadline_action == "vote" and voters:
            async with self.db.transaction(game=game.id) as conn:
                await store.update_seat(conn, game.id, seat_no, vote_opened_at=self.clock())
            need = kick_majority(len(voters))
            said = {"name": seat.name, "title": rules.title, "votes": need}
            return "vote", [
                await notices.notice(self.repo, "vote_open", f"{notice}.vote_open", game, None, **said)
            ]
        # a "skip" rule lands here only when the game has no pass for this seat now
        what = "no_pass" if game.deadline_action == "skip" else "computer"
        message = f"notice.forced.{what}" if forced else "notice.replaced"
        note = await notices.notice(self.repo, "replaced", message, game, seat.user_id, title=rules.title)
        outcome = await self.seats.hand_over(
            game, seats, seat, state="replaced", level=DEFAULT_AI_LEVEL, acting_user=None, notes=[note]
        )
        return what, list(outcome.notifications)

    async def vote_kick(self, channel_id: int, voter_id: int, seat: int) -> MoveOutcome | GameInfo:
        """Vote to hand an overdue player's seat to the computer; a majority of the others decides."""
        async with self.repo.locked(channel_id, active=True) as (game, seats):
            voter = require_seat(seats, voter_id)
            if voter.is_ai:
                raise NotAllowed(said("refusal.computer_vote"))
            target = next((s for s in seats if s.seat == seat), None)
            if target is None or target.vote_opened_at is None or target.is_ai:
                raise NotAllowed(said("refusal.no_vote"))
            if voter.seat == seat:
                raise NotAllowed(said("refusal.own_vote"))
            others = [s for s in seats if s.seat != seat and not s.is_ai and s.user_id is not None]
            async with self.db.transaction(game=game.id) as conn:
                await store.add_kick_vote(conn, game.id, seat, voter_id, self.clock())
                votes = await store.kick_voters(conn, game.id, seat)
            if len(votes) < kick_majority(len(others)):
                return info(*await self.repo.rows(game.id))
            return await self.seats.hand_over(
                game, seats, target, state="replaced", level=DEFAULT_AI_LEVEL, acting_user=voter_id
            )

    async def force_skip(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> ForcedSkip:
        """Apply the deadline consequence now to every person who must act (host or admin)."""
        async with self.repo.locked(channel_id, active=True) as (game, _seats):
            require_host(game, by_user_id, admin)
            done: list[Forced] = []
            notes: list[Notification] = []
            for seat_no in game.to_act:
                row, current = await self.repo.rows(game.id)
                seat = next(s for s in current if s.seat == seat_no)
                if row.status == "active" and seat_no in row.to_act and not seat.is_ai:
                    what, told = await self._deadline(row, current, seat_no, forced=True)
                    done.append(Forced(seat_no, seat.name, what))
                    notes.extend(told)
            return ForcedSkip(tuple(done), tuple(notes))
