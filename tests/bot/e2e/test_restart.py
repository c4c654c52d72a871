"""The bot restarts mid-game: it reconnects, the game goes on, old buttons work or say they are stale,
reminders that fell due while it was down are sent, and the summary of a turn keeps the steps made
before the restart."""

from __future__ import annotations

import asyncio

from bot.services import GameInfo, GameService
from bot.storage import games as store
from bot.storage import open_database
from bot.ui import presenters
from loopback import Reply
from rules.ai import choose_move
from tests.bot.e2e.conftest import Arena


def crash(*args: object, **kwargs: object) -> str:
    """The process dies while the computer is thinking (a module-level function: it runs in a worker)."""
    raise asyncio.CancelledError


def first_move_button(picker: Reply) -> str:
    return next(
        c["custom_id"] for c in picker.message.flat_components() if c.get("custom_id", "").startswith("bg:")
    )


async def test_restart_mid_game(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await alice.slash("game santafe", arena.channel, reminder_hours=1)
        await alice.slash("notify dm", arena.channel, enabled=True)
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        turn = arena.public()[-1]
        first_picker = await alice.click(turn, "Play")
        bob_card = (await bob.autocomplete("move", arena.channel, move=""))[0]["value"]
        await bob.slash("move", arena.channel, move=bob_card)
        second_picker = await alice.click(turn, "Play")
        assert "earlier point" not in second_picker.content  # Bob's choice left Alice's choices as they were
        await arena.loopback.drop_connection()  # a lost connection: discord.py resumes
        still = await alice.autocomplete("move", arena.channel, move="")
        assert still
        version_before = (await service.get_game(channel_id)).version
        synced = [c.version for c in arena.loopback.world.global_commands]
        assert synced

    arena.clock.advance(hours=2)  # the bot is down while Alice's reminder falls due

    async with arena.running() as (_bot, service):
        await arena.loopback.wait_until(
            lambda: any("Reminder" in m.content for m in arena.public()), "the overdue reminder"
        )
        reminder = next(m for m in arena.public() if "Reminder" in m.content)
        assert reminder.mentions == [alice.id]
        inbox = arena.loopback.dm_channel(alice)
        await arena.loopback.wait_until(
            lambda: any("Reminder" in m.content for m in arena.loopback.messages(inbox)), "the reminder by DM"
        )

        # the picker opened before Bob chose plays after the restart; the same button on the other
        # picker then finds that decision taken
        played = await alice.click(first_picker, first_move_button(first_picker))
        assert played.acknowledged
        version_after = (await service.get_game(channel_id)).version
        assert version_after > version_before

        stale = await alice.click(second_picker, first_move_button(second_picker))
        assert stale.ephemeral and "earlier point" in stale.text()
        assert (await service.get_game(channel_id)).version == version_after
        # the command tree did not change, so the restart did not sync again (200 creations a day per guild)
        assert [c.version for c in arena.loopback.world.global_commands] == synced
        arena.loopback.assert_prompt_responses()


async def public_texts_of_moves(service: GameService, game: GameInfo, after: int) -> list[str]:
    """The public lines of the moves after version ``after``, read from the log, as the channel shows
    them (the "X's turn" lines are left out: the mention says it)."""
    async with service.db.reading() as conn:
        moves = await store.moves_of(conn, game.id)
    events = [ev for m in moves if m.version > after for ev in m.events]
    return [presenters.named(line, game) for line in presenters.event_lines(events)]


async def test_a_restart_in_the_middle_of_a_long_gwt_turn_keeps_every_step_in_the_summary(
    arena: Arena,
) -> None:
    """A turn of several steps, the bot restarted after the first of them: when the turn passes, the
    one public summary still tells every step of it."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)

    async def step(service: GameService) -> tuple[int, bool]:
        """The player to act makes one move by /move; returns who moved and whether it is still them."""
        game = await service.get_game(channel_id)
        uid = game.to_act_users[0]
        legal = [m for m, _ in await service.legal_moves(channel_id, uid)]
        _, view = await service.view_for(channel_id, uid)
        reply = await arena.person(uid).slash(
            "move", arena.channel, move=choose_move("gwt", view, legal, 1, 7)
        )
        assert reply.acknowledged
        return uid, uid in (await service.get_game(channel_id)).to_act_users

    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob, max_players=2, style="every-turn")
        for _ in range(40):  # turns until one has a second step (nearly every GWT turn has)
            turn_start = (await service.get_game(channel_id)).version
            mover, still_theirs = await step(service)
            if still_theirs:
                break
        else:
            raise AssertionError("no turn with several steps")
        posted = len(arena.public())

    async with arena.running() as (_bot, service):
        while still_theirs:
            _, still_theirs = await step(service)
        game = await service.get_game(channel_id)
        assert game.version - turn_start >= 2
        summaries = arena.public()[posted:]
        assert len(summaries) == 1, "one summary when the turn passes"
        shown = arena.loopback.describe(summaries[0])
        expected = await public_texts_of_moves(service, game, turn_start)
        after_restart = await public_texts_of_moves(service, game, turn_start + 1)
        assert len(expected) > len(after_restart), "the step before the restart is told publicly"
        for text in expected:
            assert text in shown, f"{text!r} is missing from the summary"
        assert game.to_act_users and mover not in game.to_act_users
        arena.loopback.assert_prompt_responses()


async def test_a_computer_reply_cut_off_by_a_crash_is_made_and_posted_when_the_bot_starts(
    arena: Arena,
) -> None:
    """The process died after Alice's move was stored, while the computer chose its reply: when the bot
    starts again it makes that move and posts the turn, pinging Alice, without anyone doing anything."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, computers=1)
        assert (await service.get_game(channel_id)).to_act_users == (arena.by_id(alice),)

    db = await open_database(arena.db_where)
    try:
        doomed = GameService(db, arena.clock, ai=crash)
        for _ in range(20):  # Alice's steps until her turn passes to the computer
            move = (await doomed.legal_moves(channel_id, arena.by_id(alice)))[0][0]
            await doomed.submit(channel_id, arena.by_id(alice), move)
            await doomed.runner.idle()  # the background run dies with the computer's thought
            if not (await doomed.get_game(channel_id)).to_act_users:
                break
        stranded = await doomed.get_game(channel_id)
        assert stranded.to_act_users == ()  # only the computer seat may move now
    finally:
        await doomed.close()
        await db.close()
    posted = len(arena.public())

    async with arena.running() as (_bot, service):
        await arena.loopback.wait_until(
            lambda: any(m.mentions == [alice.id] for m in arena.public()[posted:]), "the turn after the reply"
        )
        game = await service.get_game(channel_id)
        assert game.version > stranded.version and game.to_act_users == (arena.by_id(alice),)
        arena.loopback.assert_prompt_responses()
