"""A quiet channel's live board never shows a false position, loses no move, and pings each person once
per decision: whatever changes seats or turns (a seat handed to the computer and taken back, an admin's
skip, a restart), a person still facing the same decision is not pinged again; the board's picture and
headline are of the position the person pinged acts in; computers' moves in a row all stay on it."""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.play import announcer
from bot.services import GameInfo, GameService, MoveOutcome
from bot.storage import games as store
from loopback import Message, SimUser
from tests.bot.e2e.conftest import Arena, quick_computers, slow_computers

Decision = tuple[str, int, int, int]  # person, seat, moves that seat had made, positions restored before


class PingCount:
    """Counts the channel's pings and the turn DMs per (person, decision): a seat's decision lasts from the
    moment it must act until its next move, or until an admin restores an earlier position."""

    def __init__(self, arena: Arena) -> None:
        self.arena = arena
        self.seen = 0
        self.dms_seen: dict[str, int] = {}
        self.restores = 0
        self.counts: Counter[Decision] = Counter()
        self.dms: Counter[Decision] = Counter()
        self.said: dict[Decision, list[str]] = {}

    async def read(self, service: GameService) -> None:
        """Count the pings posted since the last read, against the game as it is now."""
        public = self.arena.public()
        new, self.seen = public[self.seen :], len(public)
        game = await service.get_game(int(self.arena.channel.id))
        async with service.db.reading() as conn:
            moves = await store.moves_of(conn, game.id)
        for message in new:
            for user in message.pinged_users:
                seat = game.seat_of(int(user))
                assert seat is not None, message.content
                made = sum(1 for m in moves if m.seat == seat.seat)
                decision = (user, seat.seat, made, self.restores)
                self.counts[decision] += 1
                self.said.setdefault(decision, []).append(message.content[:70])
        for user in self.arena.people:
            inbox = self.arena.loopback.messages(self.arena.loopback.dm_channel(user))
            new, self.dms_seen[user.id] = inbox[self.dms_seen.get(user.id, 0) :], len(inbox)
            for message in new:
                if "your turn** since" not in message.content:
                    continue
                seat = game.seat_of(int(user.id))
                assert seat is not None, message.content
                made = sum(1 for m in moves if m.seat == seat.seat)
                decision = (user.id, seat.seat, made, self.restores)
                self.dms[decision] += 1
                self.said.setdefault(decision, []).append("DM " + message.content[:66])

    def twice(self) -> dict[Decision, int]:
        """The decisions pinged, or sent a turn DM, more than once."""
        twice = {decision: n for decision, n in self.counts.items() if n > 1}
        return twice | {decision: n for decision, n in self.dms.items() if n > 1}

    def told(self) -> dict[Decision, list[str]]:
        """The pings of each decision pinged more than once, for the failure's message."""
        return {decision: self.said[decision] for decision in self.twice()}


async def random_moves(
    arena: Arena, service: GameService, count: int, rng: random.Random, pings: PingCount | None = None
) -> GameInfo:
    """``count`` random moves by whoever of the people must act (fewer if only computers act), the pings
    of each counted in ``pings``."""
    channel_id = int(arena.channel.id)
    by_id = {p.id: p for p in arena.people}
    game = await service.get_game(channel_id)
    for _ in range(count):
        people = sorted(str(u) for u in game.to_act_users if str(u) in by_id)
        if game.status != "active" or not people:
            break
        user = by_id[rng.choice(people)]
        choices = await service.legal_moves(channel_id, int(user.id))
        arena.clock.advance(seconds=1)
        await user.slash("move", arena.channel, move=rng.choice(choices)[0])
        await service.runner.idle()
        await arena.loopback.settle()
        if pings is not None:
            await pings.read(service)
        game = await service.get_game(channel_id)
    return game


async def until(
    arena: Arena,
    service: GameService,
    rng: random.Random,
    wanted: Callable[[GameInfo], bool],
    pings: PingCount | None = None,
) -> GameInfo:
    """Random moves until ``wanted`` holds of the game."""
    game = await service.get_game(int(arena.channel.id))
    for _ in range(200):
        if wanted(game):
            return game
        game = await random_moves(arena, service, 1, rng, pings)
    raise AssertionError("the position wanted never came")


def person(arena: Arena, user_id: int) -> SimUser:
    return next(p for p in arena.people if p.id == str(user_id))


@pytest.mark.parametrize("style", ["quiet", "every-turn"])
@pytest.mark.parametrize("title", ["santafe", "gwt"])
async def test_no_person_is_pinged_twice_for_one_decision(arena: Arena, title: str, style: str) -> None:
    """Three people and a computer, with a live board or a full message per turn. Between random moves:
    a person still to act hands their seat to the computer, then takes it back; another hands theirs
    while someone else must act; an admin skips whoever must act; the bot restarts; an admin restores
    an earlier position (a new decision for everyone). In Santa Fe the seat handed over is one of
    several still choosing their card. Every person is pinged at most once for each of their
    decisions, and sent at most one direct message saying it is their turn."""
    alice, bob, carol = arena.people
    rng = random.Random(11)
    count = PingCount(arena)
    channel_id = int(arena.channel.id)

    async def step(action: Awaitable[object], service: GameService) -> None:
        await action
        await service.runner.idle()
        await arena.loopback.settle()
        await count.read(service)

    def several_people_act(game: GameInfo) -> bool:
        people = [u for u in game.to_act_users if str(u) in {alice.id, bob.id, carol.id}]
        return len(people) >= (2 if title == "santafe" else 1)

    async with arena.running() as (_bot, service):
        for someone in arena.people:  # their turns come by direct message too
            await someone.slash("notify dm", arena.channel, enabled=True)
        await arena.start_game(title, alice, bob, carol, computers=1, style=style)
        await service.runner.idle()
        await arena.loopback.settle()
        await count.read(service)
        game = await until(arena, service, rng, several_people_act, count)
        await count.read(service)
        acting = person(arena, sorted(game.to_act_users)[-1])
        await step(acting.slash("game computer", arena.channel), service)
        await step(acting.slash("game take-back", arena.channel), service)
        game = await until(arena, service, rng, several_people_act, count)
        await count.read(service)
        idle = next(p for p in arena.people if int(p.id) not in game.to_act_users)
        await step(idle.slash("game computer", arena.channel), service)
        await step(idle.slash("game take-back", arena.channel), service)
        game = await random_moves(arena, service, 4, rng, count)
        await count.read(service)
        await step(arena.admin.slash("admin skip", arena.channel), service)
    async with arena.running() as (_bot, service):
        await service.runner.idle()
        await arena.loopback.settle()
        await count.read(service)
        game = await random_moves(arena, service, 6, rng, count)
        await count.read(service)
        count.restores += 1
        await step(arena.admin.slash("admin restore", arena.channel, move=game.version - 3), service)
        await random_moves(arena, service, 6, rng, count)
        await count.read(service)
        assert (await service.get_game(channel_id)).status == "active"
    assert count.counts and count.dms, "nobody was pinged or sent a direct message"
    assert not count.twice(), count.told()


def board_title(board: Message) -> str:
    [embed] = board.embeds
    return str(embed["title"])


async def test_after_a_restore_the_live_board_pictures_the_restored_position(arena: Arena) -> None:
    """Great Western Trail, two people: an admin restores the position before the one the live board's
    picture shows; the board's words and picture are of the restored position, and after the next
    change of turn of the position then."""
    alice, bob = arena.people[:2]
    rng = random.Random(3)
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob)
        await random_moves(arena, service, 12, rng)
        pictured = int(board_title(arena.live_board()).rsplit(" ", 1)[1])
        back = pictured - 1  # before the move the picture shows
        await arena.admin.slash("admin restore", arena.channel, move=back)
        await arena.loopback.settle()
        board = arena.live_board()
        assert f"move {back} ·" in board.content, board.content
        assert board_title(board).endswith(f"the board after move {back}"), board_title(board)
        start = await service.get_game(channel_id)
        game = await until(arena, service, rng, lambda g: g.to_act != start.to_act)
        board = arena.live_board()
    assert board_title(board).endswith(f"the board after move {game.version}"), board_title(board)


async def test_computers_moves_in_a_row_all_stay_on_the_live_board(arena: Arena) -> None:
    """Santa Fe, one person and two computers: once it is the person's turn again, the live board lists
    every move since their own, each computer's included (none is overwritten by the next), and its
    picture is of the position the person acts in, not the one a computer acted in."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    rng = random.Random(5)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, computers=2)
        await service.runner.idle()
        await arena.loopback.settle()
        seats = (await service.get_game(channel_id)).seats
        computers = {s.seat: s.name for s in seats if s.is_ai}
        checked = 0
        for _ in range(16):
            before = await service.get_game(channel_id)
            game = await random_moves(arena, service, 1, rng)
            if game.status != "active" or alice.id not in {str(u) for u in game.to_act_users}:
                continue
            async with service.db.reading() as conn:
                movers = [m.seat for m in await store.moves_after(conn, game.id, before.version)]
            board = arena.live_board()
            if set(movers[-2:]) != set(computers) or f"move {game.version} ·" not in board.content:
                continue  # not both computers in a row, or a simultaneous choice (told as they choose)
            for name in computers.values():
                assert name in board.content, board.content
            assert board_title(board).endswith(f"the board after move {game.version}"), board_title(board)
            checked += 1
    assert checked, "the computers never played in a row"


async def test_an_abandoned_game_and_one_told_per_turn_close_their_live_board(arena: Arena) -> None:
    """An admin abandons one game, the last person of another resigns (which abandons it), the host of a
    third chooses a full message per turn: each live board stops naming who acts and says why, without
    buttons."""
    alice, bob = arena.people[:2]
    resigned = arena.loopback.add_channel(arena.guild, "resigned")
    switched = arena.loopback.add_channel(arena.guild, "switched")
    async with arena.running() as (_bot, _service):
        await arena.start_game("santafe", alice, bob)
        await arena.start_game("santafe", bob, computers=1, channel=resigned)
        await arena.start_game("santafe", alice, bob, channel=switched)
        await arena.loopback.settle()
        boards = [arena.live_board(), arena.live_board(resigned), arena.live_board(switched)]
        await arena.admin.slash("admin abandon", arena.channel)
        await bob.slash("game resign", resigned)
        await alice.slash("game channel", switched, style="every-turn")
        await arena.loopback.settle()
        abandoned, left, every_turn = [arena.loopback.world.messages[b.id] for b in boards]
    for board in (abandoned, left):
        assert "abandoned: no more moves" in board.content and "Waiting" not in board.content, board.content
    assert "no longer kept" in every_turn.content and "Waiting" not in every_turn.content
    assert not any(b.flat_components() for b in (abandoned, left, every_turn))


async def test_a_seat_taken_back_while_the_computer_thinks_is_shown_waited_for_and_not_pinged_again(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Great Western Trail, two people: the person to act hands their seat to the computer, and takes it
    back before the computer has moved. The live board, which said the computer was thinking for the
    seat, says the person is waited for again; they were pinged for this decision once, at the start."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob)
        await arena.loopback.settle()
        game = await service.get_game(channel_id)
        acting = person(arena, game.to_act_users[0])
        seat = game.seat_of(game.to_act_users[0])
        assert seat is not None
        release = slow_computers(monkeypatch, service)
        await acting.slash("game computer", arena.channel)
        await arena.loopback.settle()
        assert "thinking" in arena.live_board().content
        await acting.slash("game take-back", arena.channel)
        release.set()
        await service.runner.idle()
        await arena.loopback.settle()
        assert (await service.get_game(channel_id)).version == game.version  # the computer's move dropped
        board = arena.live_board()
        pings = [m for m in arena.public() if acting.id in m.pinged_users]
    assert "thinking" not in board.content and f"Waiting for {seat.name}" in board.content, board.content
    assert len(pings) == 1, [m.content for m in pings]


async def test_a_turn_shown_in_the_movers_answer_is_not_pinged_when_the_board_is_shown_again(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Great Western Trail against a computer that answers at once: the person's next turn is shown in
    the private answer to their move, unpinged. They hand their seat to the computer and take it back
    before it moves: the live board, shown again for the same decision, names them without a ping (they
    were told of this decision already, in their answer)."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        quick_computers(monkeypatch, service)
        await arena.start_game("gwt", alice, computers=1)
        await service.runner.idle()
        await arena.loopback.settle()
        game = await service.get_game(channel_id)
        for _ in range(20):  # until the computer has answered her move within her answer
            before = len(arena.public())
            arena.clock.advance(seconds=1)
            await arena.play_first_move(service, alice)
            await service.runner.idle()
            await arena.loopback.settle()
            after = await service.get_game(channel_id)
            answered = after.to_act_users == (int(alice.id),) and any(
                m.seat not in after.to_act for m in await moves_since(service, game.version, after)
            )
            game = after
            if answered and not any(m.pinged_users for m in arena.public()[before:]):
                break
        else:
            raise AssertionError("the computer never answered within her answer")
        seen = len(arena.public())
        release = slow_computers(monkeypatch, service)
        await alice.slash("game computer", arena.channel)
        await arena.loopback.settle()
        await alice.slash("game take-back", arena.channel)
        release.set()
        await service.runner.idle()
        await arena.loopback.settle()
        assert (await service.get_game(channel_id)).version == game.version  # the same decision
        board = arena.live_board()
        pings = [m.content for m in arena.public()[seen:] if m.pinged_users]
    assert "thinking" not in board.content, board.content
    assert pings == [], pings


async def moves_since(service: GameService, after: int, game: GameInfo) -> list[store.MoveRow]:
    async with service.db.reading() as conn:
        return [m for m in await store.moves_after(conn, game.id, after) if m.version <= game.version]


async def test_a_turn_told_twice_sends_its_direct_message_once(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Great Western Trail, two people who take their turns by direct message too: the news of the move
    that gives Bob his turn reaches the direct-message step a second time (as a retry, or a second
    process telling the same move, would hand it on): Bob gets one message for that turn."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        for someone in (alice, bob):
            await someone.slash("notify dm", arena.channel, enabled=True)
        await arena.start_game("gwt", alice, bob)
        await arena.loopback.settle()
        outcomes: list[MoveOutcome] = []
        submit = service.submit

        async def recorded(*args: Any, **kwargs: Any) -> MoveOutcome:
            outcome = await submit(*args, **kwargs)
            outcomes.append(outcome)
            return outcome

        monkeypatch.setattr(service, "submit", recorded)
        game = await service.get_game(channel_id)
        mover = person(arena, game.to_act_users[0])
        waiting = bob if mover is alice else alice
        while int(waiting.id) not in game.to_act_users:
            await arena.play_first_move(service, mover)
            await arena.loopback.settle()
            game = await service.get_game(channel_id)
        inbox = arena.loopback.dm_channel(waiting)
        sent = [m.content for m in arena.loopback.messages(inbox)]
        assert sum("your turn** since" in text for text in sent) == 1, sent
        await sys.modules[announcer.__name__].notify_directly(bot, outcomes[-1])
        await arena.loopback.settle()
        again = [m.content for m in arena.loopback.messages(inbox)]
    assert again == sent, again
