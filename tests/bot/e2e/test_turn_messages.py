"""What the channel sees as a game goes on: one turn message per change of the person to act, the
computer's answers shown to the person who faces them, the final board with the results."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest

from bot.i18n import ENGLISH, translate
from loopback import Message
from tests.bot.e2e.conftest import Arena, quick_computers, slow_computers
from tests.support.fixtures import tiny_game

__all__ = ["tiny_game"]


async def test_a_person_playing_the_computer_sees_each_answer_and_the_final_board(arena: Arena) -> None:
    """Person against computer: every move of the person the computer answered brings a turn message with
    the computer's moves summarised and the board, posted as the computer moves; the end posts the
    results with the score sheet and the final board."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, computers=1, style="every-turn")
        game = await service.get_game(channel_id)
        computer = next(s.name for s in game.seats if s.is_ai)
        answered = 0
        while game.status == "active":
            assert game.to_act_users == (int(alice.id),)
            posted = len(arena.public())
            reply = await arena.play_first_move(service, alice)
            after = await service.get_game(channel_id)
            new = arena.public()[posted:]
            computer_moved = after.version > game.version + 1
            if computer_moved:
                answered += 1
                assert reply.acknowledged  # the mover's answer never waits for the computer
                if after.status == "active":
                    # posted by the runner as the computer moves (a secret choice after it: who chose)
                    turn = next(m for m in reversed(new) if m.embeds)
                    text = arena.loopback.describe(turn)
                    assert turn.mentions == [alice.id] and turn.attachments, text
                    assert computer in text.split("your turn", 1)[1], text  # its moves are summarised
            game = after
        assert answered > 10
        await arena.loopback.settle()
        final = arena.public()[-1]
        text = arena.loopback.describe(final)
        assert "game over" in text.lower() and "final board" in text, text
        names = sorted(a.filename.split(".")[0] for a in final.attachments)
        assert names == ["board", "points", "result"], names  # the points chart comes with the result


async def test_in_great_western_trail_each_turn_the_computer_answered_is_posted(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Great Western Trail has no turn-start events. A person's turn that ends with the computer's whole
    turn played in reply brings one turn message, the computer's turn summarised, pinging the person; a
    computer still thinking once ``COMPUTER_GRACE`` has passed is first shown thinking (not waited for;
    a move of the person's meanwhile is refused saying so), then its turn comes in a turn message of its
    own."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        quick_computers(monkeypatch, service)  # the computer always answers within the grace
        await arena.start_game("gwt", alice, computers=1, style="every-turn")
        game = await service.get_game(channel_id)
        computer = next(s.name for s in game.seats if s.is_ai)

        def is_turn(message: Message) -> bool:
            text = arena.loopback.describe(message)
            return message.mentions == [alice.id] and bool(message.attachments) and computer in text

        async def answered_turns(count: int, release: asyncio.Event | None = None) -> None:
            """Alice plays until the computer has answered ``count`` of her turns; with ``release``, the
            computer's thinking waits for it, and the thinking message is checked first."""
            nonlocal game
            answered = 0
            while answered < count and game.status == "active":
                posted = len(arena.public())
                reply = await arena.play_first_move(service, alice)
                assert reply.acknowledged  # the mover's answer never waits for the computer
                await arena.loopback.settle()  # the computers too, whichever interaction woke them
                after = await service.get_game(channel_id)
                if release is not None and after.to_act_users != (int(alice.id),):
                    [thinking] = arena.public()[posted:]
                    assert f"🤖 the computer is thinking for {computer}'s seat" in thinking.content
                    assert "Waiting for" not in thinking.content
                    refused = await alice.slash("move", arena.channel, move="done")  # meanwhile: not hers
                    said = translate(ENGLISH, "rules.not_your_turn_thinking", names=computer)
                    assert refused.ephemeral and said in refused.content, refused.content
                    release.set()
                    await bot.games.runner.idle()
                    await arena.loopback.settle()
                    release.clear()
                    after = await service.get_game(channel_id)
                    [turn] = arena.public()[posted + 1 :]
                    assert is_turn(turn), arena.loopback.describe(turn)
                    answered += 1
                elif after.version > game.version + 1:  # the computer played its turn in reply
                    new = arena.public()[posted:]
                    assert len(new) == 1, [arena.loopback.describe(m) for m in new]
                    [turn] = new
                    assert is_turn(turn), arena.loopback.describe(turn)
                    assert computer in arena.loopback.describe(turn).split("your turn", 1)[1]
                    answered += 1
                else:
                    new = arena.public()[posted:]
                    assert not new, [arena.loopback.describe(m) for m in new]  # Alice's turn goes on
                game = after
            assert answered == count

        await answered_turns(4)
        release = slow_computers(monkeypatch, service)
        await answered_turns(3, release)


def is_progress(message: Message) -> bool:
    return message.content.startswith("✅")


async def test_santa_fe_rounds_bring_one_turn_message_per_new_person_and_one_choice_message(
    arena: Arena,
) -> None:
    """Three people, three whole rounds: a turn message exactly when someone new must act (or a
    simultaneous choice ends), never two in a row for the same people, nothing while the same person goes
    on; the mover is never pinged (their private answer shows their next choices), so a move that begins
    a turn of the mover's own pings nobody; during each choice of cards one message says who has chosen,
    edited as more choose."""
    people = {arena.by_id(p): p for p in arena.people}
    alice, bob, carol = arena.people
    channel_id = int(arena.channel.id)
    rng = random.Random(3)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, carol)
        game = await service.get_game(channel_id)
        turn_pings = [frozenset(arena.public()[-1].mentions)]
        progress_posts: list[Message] = []
        rounds = turns = went_on = answered_own = 0
        choosing = True  # the game opens with a choice of cards
        while rounds < 3:
            before = set(game.to_act_users)
            user = people[rng.choice(sorted(before))]
            moves = await service.legal_moves(channel_id, int(user.id))
            posted = len(arena.public())
            await user.slash("move", arena.channel, move=rng.choice(moves)[0])
            after_game = await service.get_game(channel_id)
            assert after_game.status == "active"
            after = set(after_game.to_act_users)
            new = arena.public()[posted:]
            if choosing and set(after_game.to_act) < set(game.to_act):
                assert len(new) <= 1 and all(map(is_progress, new)), new
                if new:  # the round's first chooser brings the message
                    assert len(progress_posts) == rounds
                    progress_posts += new
                else:  # later ones edit it
                    assert progress_posts[-1].edited_at is not None
                text = progress_posts[-1].content
                chosen = [people[u].name for u in people if u not in after]
                assert all(name.lower() in text.lower() for name in chosen) and "Waiting for" in text, text
            elif after - before or choosing:
                others = frozenset(str(u) for u in after) - {user.id}  # the mover's answer shows their turn
                if others:
                    [turn] = new
                    assert frozenset(turn.mentions) == others
                    turn_pings.append(others)
                else:
                    assert not [m for m in new if m.mentions], [arena.loopback.describe(m) for m in new]
                    assert after == {int(user.id)}
                    answered_own += 1
                choosing = len(after_game.to_act) > 1
                rounds += choosing  # a new round of cards begins
            else:
                assert not new, [arena.loopback.describe(m) for m in new]  # the same person goes on
                went_on += 1
            turns += 1
            game = after_game
        assert all(a != b for a, b in itertools.pairwise(turn_pings))
        assert len(progress_posts) == 3 and all(m.edited_at is not None for m in progress_posts)
        assert went_on, "nobody made two moves in a row: the test must cover it"
        assert answered_own, "no move began a turn of the mover's own: the test must cover it"
    print(f"{turns} moves, {len(turn_pings)} turn messages, {len(progress_posts)} choice messages")


async def test_the_choice_message_survives_a_restart(arena: Arena) -> None:
    """Who has chosen stays in one message across a restart of the bot: it is edited, not posted again."""
    alice, bob, carol = arena.people
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, carol)
        await arena.play_first_move(service, bob)
        [progress] = [m for m in arena.public() if is_progress(m)]
    async with arena.running() as (_bot, service):
        posted = len(arena.public())
        await arena.play_first_move(service, alice)
        assert len(arena.public()) == posted
        assert [m.id for m in arena.public() if is_progress(m)] == [progress.id]
        assert progress.edited_at is not None and "Waiting for Carol." in progress.content, progress.content
        assert "bob" in progress.content.lower() and "alice" in progress.content.lower()


async def test_a_deleted_choice_message_is_posted_again(arena: Arena) -> None:
    """A moderator deleted the message of who has chosen: the next choice posts a new one (Discord answers
    the edit with 404 / 10008 Unknown Message), and the move counts without a word of failure."""
    alice, bob, carol = arena.people
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, carol)
        choose = [(u, (await service.legal_moves(channel_id, int(u.id)))[0][0]) for u in (bob, alice)]
        await bob.slash("move", arena.channel, move=choose[0][1])
        [deleted] = [m for m in arena.public() if is_progress(m)]
        deleted.deleted = True  # as a moderator's delete leaves it
        reply = await alice.slash("move", arena.channel, move=choose[1][1])
        [again] = [m for m in arena.public() if is_progress(m) and not m.deleted]
        assert again.id != deleted.id and "Waiting for Carol." in again.content
        assert "alice" in again.content.lower() and "bob" in again.content.lower()
        assert not [m for m in reply.followups if "could not post" in m.content]


async def test_the_host_can_leave_the_board_to_board(arena: Arena) -> None:
    """/game pictures on-request (host only): turn messages come without the board and point to /board,
    which still shows it; every-turn brings it back."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, style="every-turn")
        refused = await bob.slash("game pictures", arena.channel, mode="on-request")
        assert refused.ephemeral and (await service.get_game(channel_id)).pictures == "every-turn"
        said = await alice.slash("game pictures", arena.channel, mode="on-request")
        said = said.followups[-1]  # after the private "thinking" answer
        assert not said.ephemeral and "/board" in said.content
        status = await bob.slash("game status", arena.channel)
        assert "pictures: on-request" in arena.loopback.describe(status.message)
        for user in (alice, bob):
            await arena.play_first_move(service, user)
        turn = arena.public()[-1]
        assert "your turn" in turn.content and "/board" in turn.content and not turn.attachments
        board = await bob.slash("board", arena.channel)
        assert board.message.attachments
        await alice.slash("game pictures", arena.channel, mode="every-turn")
        waiting = (await service.get_game(channel_id)).to_act_users
        user = next(u for u in (alice, bob) if int(u.id) in waiting)
        await arena.play_first_move(service, user)
        assert arena.public()[-1].attachments


async def test_anyone_sees_each_players_public_board(arena: Arena) -> None:
    """/board player:@someone and the turn message's "Player boards" button show a player's public area
    (one picture per seat, computer seats too) privately to anyone, watchers included; someone without a
    seat is refused privately; nothing is posted."""
    alice, bob = arena.people[:2]
    async with arena.running():
        await arena.start_game("gwt", alice, bob, computers=1)
        posted = len(arena.public())
        turn = arena.public()[-1]
        shown = await arena.stranger.slash("board", arena.channel, player=bob)
        [picture] = shown.message.attachments
        assert shown.ephemeral and picture.filename.startswith("player-"), picture.filename
        assert "bob" in shown.message.content.lower()
        refused = await alice.slash("board", arena.channel, player=arena.stranger)
        assert refused.ephemeral and "has no seat" in refused.message.content, refused.message.content
        boards = await arena.stranger.click(turn, "Player boards")
        files = sorted(a.filename for a in boards.message.attachments)
        assert boards.ephemeral and files == ["player-1.png", "player-2.png", "player-3.png"], files
        assert len(arena.public()) == posted


async def test_the_host_sets_how_a_game_only_computers_play_is_told(arena: Arena, tiny_game: None) -> None:
    """/game pace (host only): a game handed over to computers posts only its results when the host chose
    "end", and the status says so."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        # a full message per turn, so that every time the channel is told is a post of its own
        await arena.start_game("tiny", alice, computers=2, style="every-turn")
        refused = await bob.slash("game pace", arena.channel, posts="turn")
        assert refused.ephemeral and (await service.get_game(channel_id)).computer_posts == "round"
        said = await alice.slash("game pace", arena.channel, posts="end", pause_seconds=0)
        told = translate(ENGLISH, "message.pace_set", pace="only the results")
        assert said.ephemeral and said.public.content == told
        status = await bob.slash("game status", arena.channel)
        assert "computers only: only the results" in arena.loopback.describe(status.message)
        posted = len(arena.public())
        await alice.slash("game computer", arena.channel)  # nobody plays in person any more
        await bot.games.runner.idle()
        game = await service.get_game(channel_id)
        assert game.status == "finished" and game.version > 3
        new = [arena.loopback.describe(m) for m in arena.public()[posted:]]
        # the hand-over's own turn message (the computer thinks for Alice's seat), then only the results
        assert len([text for text in new if "thinking" in text or "your turn" in text]) == 1, new
        assert any("won" in text or "share" in text for text in new), new
