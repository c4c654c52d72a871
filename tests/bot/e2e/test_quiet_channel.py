"""A quiet channel: one live board per game edited in place, a one-line ping per turn of a person that links
to it, a picture at most every third move, forced steps made at once: how a new game plays unless the
host chooses otherwise with /game channel (a full turn message per turn, auto-play off)."""

from __future__ import annotations

import contextvars
import random
import sys

import pytest

from bot.i18n import ENGLISH, translate
from bot.play import announcer, posting
from bot.services import GameInfo, GameService, MoveOutcome
from loopback import Channel, Message, SimUser
from rules.gwt import RULES
from tests.bot.e2e.conftest import Arena, quick_computers, slow_computers
from tests.support.fixtures import tiny_game  # noqa: F401  (a fixture)

LINK = "board: https://discord.com/channels/"


def posted(arena: Arena, channel: Channel) -> list[Message]:
    """The bot's own posts in ``channel`` (not answers to commands) that everyone sees."""
    return [
        m
        for m in arena.loopback.messages(channel)
        if m.visible_to is None and m.interaction_id is None and m.webhook_id is None
    ]


def pictures_in(arena: Arena, channel: Channel) -> int:
    """Pictures ever uploaded to ``channel`` by posts and edits, private answers left out."""
    hidden = [m for m in arena.loopback.messages(channel) if m.visible_to is not None]
    private = {a.id for m in hidden for a in m.attachments}
    where = f"/attachments/{channel.id}/"
    return sum(1 for a in arena.loopback.world.uploads.values() if where in a.url and a.id not in private)


def turns_given(before: GameInfo, after: GameInfo) -> int:
    """How many people's turns began between ``before`` and ``after`` (their waiting clock started anew)."""
    since = {s.seat: s.waiting_since for s in before.seats}
    return sum(
        1
        for s in after.seats
        if not s.is_ai and s.waiting_since is not None and s.waiting_since != since.get(s.seat)
    )


async def play_random(
    arena: Arena, service: GameService, channel: Channel, moves: int, seed: int, check: bool = False
) -> tuple[int, int]:
    """``moves`` seeded random moves by whoever must act; the moves written (forced ones too) and the
    turns people were given. With ``check``, after each change of turn the pings link to the live board,
    which shows the game as it is now and is the only message with buttons."""
    rng = random.Random(seed)
    by_id = {int(p.id): p for p in arena.people}
    game = await service.get_game(int(channel.id))
    start, turns = game.version, 0
    while game.version - start < moves and game.status == "active":
        user: SimUser = by_id[rng.choice(sorted(game.to_act_users))]
        choices = await service.legal_moves(int(channel.id), int(user.id))
        arena.clock.advance(seconds=1)  # a turn's clock starts anew with each turn: that tells turns apart
        await user.slash("move", channel, move=rng.choice(choices)[0])
        await arena.loopback.settle()
        before, game = game, await service.get_game(int(channel.id))
        given = turns_given(before, game)
        turns += given
        if check and given and game.status == "active":
            board = arena.live_board(channel)
            assert f"move {game.version} ·" in board.content, board.content
            [picture] = board.embeds  # the position the person pinged acts in
            assert picture["title"].endswith(f"the board after move {game.version}"), picture["title"]
            with_buttons = [
                m
                for m in posted(arena, channel)
                if any(c.get("label") == "Play" for c in m.flat_components())
            ]
            assert with_buttons == [board]
    return game.version - start, turns


async def test_a_quiet_channel_pings_each_turn_in_one_line_and_pictures_the_position_of_each_turn(
    arena: Arena,
) -> None:
    """Santa Fe, three people, seeded random moves, in a new game's (quiet) channel and in one whose host
    chose a full message per turn: quiet, one ping per turn of a person, each a one-line post without
    picture that links to the live board, whose picture shows the position that person acts in (never
    more than one picture a move); the full style posts a picture with nearly every turn."""
    alice, bob, carol = arena.people
    old = arena.loopback.add_channel(arena.guild, "old-style")
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, carol)
        await arena.start_game("santafe", alice, bob, carol, channel=old, style="every-turn")
        await arena.loopback.settle()
        quiet_before = len(posted(arena, arena.channel)), pictures_in(arena, arena.channel)
        old_before = len(posted(arena, old)), pictures_in(arena, old)
        moves, turns = await play_random(arena, service, arena.channel, 24, seed=5, check=True)
        old_moves, _ = await play_random(arena, service, old, 24, seed=5)
        quiet_posts = posted(arena, arena.channel)[quiet_before[0] :]
        pictures = pictures_in(arena, arena.channel) - quiet_before[1]
        old_pictures = pictures_in(arena, old) - old_before[1]
    pings = [m for m in quiet_posts if m.pinged_users]
    assert pictures <= moves, (pictures, moves)
    assert sum(len(m.pinged_users) for m in pings) <= turns
    one_liners = [m for m in pings if LINK in m.content]
    assert len(one_liners) >= len(pings) - 3  # the rest are new live boards posted at the bottom
    assert all(not m.attachments and not m.embeds and "\n" not in m.content for m in one_liners)
    assert old_pictures >= old_moves // 2, (old_pictures, old_moves)
    # a board that scrolled away links to the newer one below it, without buttons
    earlier = [m for m in posted(arena, arena.channel) if "an earlier board; the live board is" in m.content]
    assert earlier and not any(m.flat_components() for m in earlier)


async def test_a_deleted_live_board_is_posted_again_and_remembered(arena: Arena) -> None:
    """Someone deletes the live board: the next change of turn posts a new one (picture, buttons, the ping
    in it), and the pings after it link to the new one."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        await play_random(arena, service, arena.channel, 3, seed=1)
        first = arena.live_board()
        arena.loopback.world.messages[first.id].deleted = True
        await play_random(arena, service, arena.channel, 1, seed=2)
        board = posted(arena, arena.channel)[-1]
        assert board.id != first.id and board.attachments and board.pinged_users
        assert any(c.get("label") == "Play" for c in board.flat_components())
        await play_random(arena, service, arena.channel, 2, seed=3)
        assert arena.live_board().id == board.id


async def test_without_attach_files_the_live_board_changes_its_words_only(arena: Arena) -> None:
    """Attach Files taken away mid-game: the live board is still edited (words, buttons) without a new
    picture, the ping still goes, and nobody hears of a failure."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        await play_random(arena, service, arena.channel, 2, seed=4)
        arena.loopback.set_bot_access(arena.channel, attach=False)
        pictures = pictures_in(arena, arena.channel)
        for _ in range(4):
            before = len(arena.loopback.messages(arena.channel))
            await play_random(arena, service, arena.channel, 1, seed=6)
            new = arena.loopback.messages(arena.channel)[before:]
            assert not any("could not post" in m.content for m in new)
        game = await service.get_game(int(arena.channel.id))
        assert f"move {game.version} ·" in arena.live_board().content
        assert pictures_in(arena, arena.channel) == pictures


async def test_a_step_with_one_legal_move_is_made_at_once_unless_the_host_turns_it_off(
    arena: Arena,
) -> None:
    """Great Western Trail, two people: with auto-play (a new game's default) nobody begins a turn facing
    a single legal move, and the summary says whose move was made for them (a lone step right after a
    move its player may still take back waits, so the undo stays possible); once the host turns
    auto-play off with /game channel, no step is made for anyone."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)

    async def lone_moves(moves: int, seed: int) -> int:
        """Moves played; how many times a person began a step of a new turn with one legal move."""
        rng, found, last = random.Random(seed), 0, None
        by_id = {int(p.id): p for p in (alice, bob)}
        for _ in range(moves):
            game = await service.get_game(channel_id)
            user = by_id[rng.choice(sorted(game.to_act_users))]
            choices = await service.legal_moves(channel_id, int(user.id))
            found += len(choices) == 1 and user is not last
            await user.slash("move", arena.channel, move=rng.choice(choices)[0])
            last = user
        return found

    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob)
        assert await lone_moves(60, seed=8) == 0
        made = sum("made for" in line for line in await service.log(channel_id, limit=500))
        assert made > 0
        refused = await bob.slash("game channel", arena.channel, auto_play=False)
        assert refused.ephemeral and (await service.get_game(channel_id)).auto_play
        await alice.slash("game channel", arena.channel, auto_play=False)
        assert not (await service.get_game(channel_id)).auto_play
        await lone_moves(60, seed=9)
        assert sum("made for" in line for line in await service.log(channel_id, limit=500)) == made


async def test_a_step_forced_by_what_a_hand_lacks_is_left_to_its_player_and_the_channel_hears_of_none(
    arena: Arena,
) -> None:
    """Great Western Trail, two people, auto-play on: seeded random moves until Alice's "done" would begin
    Bob's turn with a single way forward that only his hand forces (no objective card in it to play first,
    while one lies in his draw stack). She ends her turn through Discord: the step is not made for Bob, the
    channel reads no "made for" line, and it waits in his legal moves; the steps every hand would force
    (the ends of turns) were made at once meanwhile."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    people = {int(p.id): p for p in (alice, bob)}
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob)
        data = await service.export(channel_id, admin=True)
        state = RULES.new_game(len(data["players"]), data["seed"], data["options"])
        for played in data["moves"]:
            state, _ = RULES.play(state, played["seat"], played["move"])
        user_of = {p["seat"]: p["user_id"] for p in data["players"]}
        rng = random.Random(5)
        while not state.over:
            seat = state.current
            legal = RULES.legal_moves(state, seat)
            if "done" in legal:
                after, _ = RULES.play(state, seat, "done")
                lone = RULES.legal_moves(after, after.current)
                if (
                    after.current != seat
                    and len(lone) == 1
                    and RULES.forced_step_reveals(after, after.current, lone[0])
                ):
                    break
            outcome = await service.submit(channel_id, user_of[seat], rng.choice(legal))
            for played in outcome.played:
                state, _ = RULES.play(state, played.seat, played.move)
        assert not state.over, "no turn began with a step its hand forces"
        mover, waiting = people[user_of[seat]], people[user_of[after.current]]
        made = sum("made for" in line for line in await service.log(channel_id, limit=2000))
        before, version = len(arena.public()), (await service.get_game(channel_id)).version
        await mover.slash("move", arena.channel, move="done")
        await arena.loopback.settle()
        new = [arena.loopback.describe(m) for m in arena.public()[before:]]
        game = await service.get_game(channel_id)
        waits = await service.legal_moves(channel_id, int(waiting.id))
        log = await service.log(channel_id, limit=2000)
    assert made > 0  # the steps forced whatever the hands were made at once
    assert game.version == version + 1 and [m for m, _ in waits] == lone
    assert new and not any("made for" in text or "only move" in text for text in new), new
    assert sum("made for" in line for line in log) == made


@pytest.mark.usefixtures("tiny_game")
async def test_the_live_board_says_the_game_is_over_and_links_to_the_results(arena: Arena) -> None:
    """Once the game has ended the live board no longer names who is waited for: it says the game is over,
    links to the results and has no buttons."""
    alice = arena.people[0]
    async with arena.running() as (bot, service):
        await arena.start_game("tiny", alice, computers=1)
        await arena.loopback.settle()
        board = arena.live_board()
        await alice.slash("game computer", arena.channel)  # the computers play it to the end
        await bot.games.runner.idle()
        await arena.loopback.settle()
        game = await service.get_game(int(arena.channel.id))
        assert game.status == "finished"
        over = arena.loopback.world.messages[board.id]
        results = [m for m in posted(arena, arena.channel) if "game over" in arena.loopback.describe(m)]
    said = translate(ENGLISH, "message.game_over_live", url="")
    assert said in over.content and results[-1].id != over.id, over.content
    assert str(results[-1].id) in over.content
    assert "Waiting" not in over.content and not over.flat_components()


async def test_a_turn_told_by_a_later_post_is_not_told_again(arena: Arena) -> None:
    """A person's move hands the turn to a computer, and the computer has played its whole turn before the
    person's post goes out: that post tells both turns and pings the person once; the computer's own posts,
    coming after, have nothing left to tell (telling the turn again would ping the same person twice)."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        await arena.start_game("santafe", alice, computers=1)
        await bot.games.runner.idle()
        await arena.loopback.settle()
        held: list[MoveOutcome] = []
        listener = service.runner.listener

        async def holding(outcome: MoveOutcome) -> None:  # the computer's posts wait
            held.append(outcome)

        service.runner.listener = holding
        outcome = None
        while outcome is None or not announcer.computers_next(outcome):
            move = (await service.legal_moves(channel_id, int(alice.id)))[0][0]
            outcome = await service.submit(channel_id, int(alice.id), move)
        await bot.games.runner.idle()  # the computer's turn is played, and told to nobody yet
        assert held and alice.id in {str(u) for u in held[-1].game.to_act_users}
        before = len(arena.loopback.messages(arena.channel))
        assert await posting.attempt(bot, outcome.game.id, announcer.announce(bot, outcome)) is None
        for later in held:
            await listener(later)  # type: ignore[misc]
        await arena.loopback.settle()
        new = arena.loopback.messages(arena.channel)[before:]
        game = await service.get_game(channel_id)
    assert [m.pinged_users for m in new if m.pinged_users] == [{alice.id}], [m.content for m in new]
    assert f"move {game.version} ·" in arena.live_board().content


async def test_a_person_answered_at_once_by_a_computer_sees_their_turn_in_their_answer_unpinged(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Great Western Trail against a computer, in a quiet channel, the person taking turns by direct
    message too. When the computer plays its turn within ``COMPUTER_GRACE`` of the person's move, the live
    board shows it and the person's private answer to that move shows it too, with their next choices:
    nobody is pinged or sent a direct message (the person is at the table). A computer that thinks longer
    pings the person, and sends the message, once it has moved (their answer went long before)."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        quick_computers(monkeypatch, service)  # the computer always answers within the grace
        await alice.slash("notify dm", arena.channel, enabled=True)
        await arena.start_game("gwt", alice, computers=1)
        await bot.games.runner.idle()
        await arena.loopback.settle()
        dms = len(arena.loopback.messages(arena.loopback.dm_channel(alice)))
        game = await service.get_game(channel_id)
        computer = next(s.name for s in game.seats if s.is_ai)
        answered = 0
        while answered < 3:
            before = len(arena.public())
            arena.clock.advance(seconds=1)  # her turn's clock starts anew with each turn
            reply = await arena.play_first_move(service, alice)
            await arena.loopback.settle()
            game, after = game, await service.get_game(channel_id)
            if turns_given(game, after):  # the computer played its turn in reply
                answered += 1
                new = arena.public()[before:]
                assert not [m for m in new if m.pinged_users], [m.content for m in new]
                assert f"move {after.version} ·" in arena.live_board().content
                answer = reply.original
                assert answer is not None and answer.visible_to is not None
                assert computer in answer.content, answer.content  # the computer's turn, told privately
                assert any(c.get("label") for c in answer.flat_components()), answer.content  # her choices
                assert len(arena.loopback.messages(arena.loopback.dm_channel(alice))) == dms
            game = after

        release = slow_computers(monkeypatch, service)
        while alice.id in {str(u) for u in game.to_act_users}:
            before = len(arena.public())
            await arena.play_first_move(service, alice)
            game = await service.get_game(channel_id)
        release.set()
        await bot.games.runner.idle()
        await arena.loopback.settle()
        new = arena.public()[before:]
        [dm] = arena.loopback.messages(arena.loopback.dm_channel(alice))[dms:]
    assert [m.pinged_users for m in new if m.pinged_users] == [{alice.id}], [m.content for m in new]
    assert dm.content.startswith("**[Great Western Trail]("), dm.content
    assert "your turn** since" in dm.content, dm.content


async def test_telling_a_move_on_the_live_board_writes_once_and_a_ping_once_more(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moves told on the live board are marked told, and what the bot keeps of the board (the move its
    picture shows, its posts since) is kept, in one write: every write of a busy bot waits its turn for
    the others, so telling a move costs one (none for the board when it stayed as it was), and a ping one
    more."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        await play_random(arena, service, arena.channel, 2, seed=4)
        writes: list[int] = []  # the writes of each turn post, made by the post itself
        counting: contextvars.ContextVar[int | None] = contextvars.ContextVar("counting", default=None)
        # the module the running bot calls: after an earlier bot in this process, sys.modules holds a
        # fresh copy of it, not the one imported at the top of this file
        running = sys.modules[announcer.__name__]
        transaction, post_turn = service.db.transaction, running.post_turn

        def counted(**locked: object) -> object:
            post = counting.get()
            if post is not None:
                writes[post] += 1
            return transaction(**locked)  # type: ignore[arg-type]

        async def told(*args: object, **kwargs: object) -> object:
            writes.append(0)
            token = counting.set(len(writes) - 1)  # the writes made in this post (not by other tasks)
            try:
                return await post_turn(*args, **kwargs)  # type: ignore[arg-type]
            finally:
                counting.reset(token)

        monkeypatch.setattr(service.db, "transaction", counted)
        monkeypatch.setattr(running, "post_turn", told)
        board = arena.live_board()
        await play_random(arena, service, arena.channel, 6, seed=7)
        assert arena.live_board().id == board.id  # edited each time, never posted anew
        game = await service.get_game(int(arena.channel.id))
        known = await service.live_board(game.id)
    # one write for the moves told and the board, and one before a post that pings: the ping is noted
    # before it is made, so that two posts telling the same turn at once (two processes) ping once
    assert writes and all(1 <= n <= 2 for n in writes), writes
    assert known is not None and known.message_id == int(board.id)
