"""Reminders and deadlines delivered by the background loop, from times stored in the database."""

from __future__ import annotations

import asyncio
import logging

import discord
import pytest

from bot.cogs.reminders import Reminders
from bot.i18n import ENGLISH, translate
from bot.play import components
from bot.services import DatabaseUnavailable, FakeClock
from bot.services.timing import LEASE
from bot.storage import due, sql
from bot.storage.records import to_time
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, stop_reminder_loops
from tests.support.fixtures import ANN, BOB, started


async def reminders(table: Table) -> Reminders:
    await table.bot.load_extension("bot.cogs.reminders")
    return stop_reminder_loops(table.bot)  # the tests drive the ticks and the renewals themselves


async def test_due_reminder_pings_the_player_with_play_and_mute(table: Table, clock: FakeClock) -> None:
    """After the interval the player to act is pinged (and only they), with Play and Mute buttons."""
    cog = await reminders(table)
    await started(table.service, options={"rounds": 1}, reminder_minutes=60)
    await cog.tick()
    assert table.public == []
    clock.advance(minutes=61)
    await cog.tick()
    note = table.public[-1]
    assert note.mentioned_users == [ANN] and "Reminder" in note.content
    buttons = {components.handler(i) for i in note.view.children}
    assert buttons == {components.PlayButton, components.MuteButton}


async def test_mute_button_silences_the_turn(table: Table, clock: FakeClock) -> None:
    """Pressing mute stops reminders for this turn."""
    cog = await reminders(table)
    game = await started(table.service, options={"rounds": 1}, reminder_minutes=60)
    press = table.interaction(ANN)
    await components.MuteButton(game.id, game.revision).callback(press.mock)
    assert press.last.content == translate(ENGLISH, "message.muted_turn")
    clock.advance(minutes=200)
    await cog.tick()
    assert table.public == []


async def test_deadline_skips_the_turn_and_posts_the_next(table: Table, clock: FakeClock) -> None:
    """A 'skip' deadline passes Ann's turn; the channel is told and Bob is pinged."""
    cog = await reminders(table)
    await started(table.service, options={"rounds": 1}, reminder_minutes=None, deadline_minutes=60)
    clock.advance(minutes=61)
    await cog.tick()
    assert (await table.service.get_game(CHANNEL)).to_act == (1,)
    assert any("Time ran out" in (m.content or "") for m in table.public)
    assert BOB in (table.public[-1].mentioned_users or [])


async def test_notify_settings_are_private(table: Table) -> None:
    await reminders(table)
    dm = await table.run(ANN, "notify dm", enabled=False)
    assert dm.last.ephemeral and (await table.service.user_settings(ANN)).dms is False
    every = await table.run(ANN, "notify every", hours=3)
    assert (await table.service.user_settings(ANN)).reminder_minutes == 180 and every.last.ephemeral


async def test_vote_deadline_lets_the_others_hand_the_seat_over(table: Table, clock: FakeClock) -> None:
    """With a 'vote' deadline the channel is told; Bob's vote hands Ann's seat to the computer."""
    cog = await reminders(table)
    await started(
        table.service,
        options={"rounds": 1},
        reminder_minutes=None,
        deadline_minutes=60,
        deadline_action="vote",
    )
    clock.advance(minutes=61)
    await cog.tick()
    assert "out of time" in table.public[-1].content
    early = await table.run(ANN, "game vote", seat=1)
    assert early.last.ephemeral and "own seat" in early.last.content
    voted = await table.run(BOB, "game vote", seat=1)
    assert "computer now plays seat 1" in voted.replies[0].content
    assert (await table.service.get_game(CHANNEL)).seats[0].is_ai


def interrupted(*args, **kwargs):  # type: ignore[no-untyped-def]
    """The process dies while the computer chooses (a module-level function: it runs in a worker)."""
    raise asyncio.CancelledError


async def _computer_cut_short(table: Table) -> None:
    """Ann against a computer: Ann passes and the process dies while the computer chooses its reply."""
    service = table.service
    await service.create_game(
        10, CHANNEL, ANN, "Ann", "tiny", {"rounds": 2}, seat_order="join", channel_style="every-turn"
    )
    await service.add_ai(CHANNEL, ANN)
    await service.start(CHANNEL, ANN)
    real = service.ai
    service.ai = interrupted
    await service.submit(CHANNEL, ANN, "pass")
    await service.runner.idle()  # the background run was cut short
    service.ai = real


async def test_the_first_round_posts_the_computer_moves_a_crash_interrupted(table: Table) -> None:
    """The process died while the computer chose its reply to Ann: the first round after the restart makes
    that move and posts the turn, pinging Ann, as the move itself would have."""
    service = table.service
    await _computer_cut_short(table)
    assert (await service.get_game(CHANNEL)).to_act == (1,)
    cog = await reminders(table)
    await cog.tick()
    await service.runner.idle()  # woken by the round, the runner moves and posts like any move
    game = await service.get_game(CHANNEL)
    assert 1 not in game.to_act and 0 in game.to_act
    # the computer's moves are posted as made: its pass (the turn message), then its secret bid
    turn = next(m for m in reversed(table.public) if m.embeds)
    assert turn.mentioned_users == [ANN] and "your turn" in (turn.content or "")
    # the turn message
    assert turn.embeds and {components.handler(i) for i in turn.view.children} >= {components.PlayButton}
    posted = len(table.public)
    await cog.tick()
    await service.runner.idle()
    assert len(table.public) == posted  # nothing twice


async def test_after_a_restart_the_computer_moves_without_waiting_for_its_earlier_life_s_claim(
    table: Table, clock: FakeClock
) -> None:
    """Killed while its computer thought, holding the game's claim (a computer it had resumed): on SQLite
    the first round after the restart ends that claim and the computer moves at once; on PostgreSQL,
    where another process might hold it, the first renewal after the claim's lease ran out starts a round
    that moves it. No claim of five minutes is waited for."""
    service = table.service
    await _computer_cut_short(table)
    game = await service.get_game(CHANNEL)
    async with service.db.transaction() as conn:  # the claim the earlier life left, renewed just now
        await sql.run(
            conn,
            "UPDATE games SET claimed_by = 'the earlier life', claimed_until = :until WHERE id = :g",
            until=to_time(clock() + LEASE),
            g=game.id,
        )
    cog = await reminders(table)
    await cog.tick()
    if service.db.postgres:
        await service.runner.idle()
        assert (await service.get_game(CHANNEL)).to_act == (1,)  # perhaps that process is alive
        clock.advance(seconds=LEASE.total_seconds())
        await cog.renew()
        assert cog._early is not None
        await cog._early
    await service.runner.idle()
    assert 1 not in (await service.get_game(CHANNEL)).to_act
    turn = next(m for m in reversed(table.public) if m.embeds)
    assert turn.mentioned_users == [ANN]


async def test_a_clean_stop_gives_back_the_claims_of_the_computers_it_resumed(
    table: Table, clock: FakeClock
) -> None:
    """Stopped while a computer it resumed thinks, the process leaves no claim behind."""
    service = table.service
    game = await started(service, options={"rounds": 1})
    async with service.db.transaction() as conn:
        assert await due.claim(conn, [game.id], service.holder, clock(), clock() + LEASE) == {game.id}
    await service.close()
    async with service.db.reading() as conn:
        holder = await sql.value(conn, "SELECT claimed_by FROM games WHERE id = :g", g=game.id)
    assert holder is None


async def test_a_round_on_a_database_taken_away_logs_no_traceback_but_other_failures_do(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The database logs once that its file is gone; the reminder rounds that follow add nothing to that,
    while any other failure of a round is still logged with its traceback."""
    cog = await reminders(table)

    async def gone() -> list[object]:
        raise DatabaseUnavailable("the file was deleted")

    async def broken() -> list[object]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table.service, "run_due", gone)
    with caplog.at_level(logging.WARNING, logger="bot.cogs.reminders"):
        await cog.tick()
        await cog.tick()
        assert caplog.records == []
        monkeypatch.setattr(table.service, "run_due", broken)
        await cog.tick()
    (record,) = caplog.records
    assert record.exc_info is not None and "reminder round failed" in record.getMessage()


async def test_reminders_speak_the_games_language_in_the_channel_and_each_readers_in_private(
    table: Table, clock: FakeClock
) -> None:
    """A German game's reminder reads German in its channel; Ann's direct message follows the language her
    Discord last used (Japanese), until she chooses Dutch with /notify language."""
    cog = await reminders(table)
    await table.service.update_user_settings(ANN, dms=True)
    seen = table.interaction(ANN)
    seen.mock.locale = discord.Locale.japanese
    await cog.on_interaction(seen.mock)
    game = await started(table.service, options={"rounds": 1}, reminder_minutes=60, language="de")
    clock.advance(minutes=61)
    await cog.tick()
    assert table.public[-1].content.endswith(translate("de", "notice.reminder", title=game.title))
    assert table.stage.dms[ANN][-1].content.startswith(translate("ja", "notice.reminder", title=game.title))
    chose = await table.run(ANN, "notify language", language="nl")
    assert chose.last.ephemeral and chose.last.content == translate("nl", "message.language_chosen")
    clock.advance(minutes=61)
    await cog.tick()
    assert table.stage.dms[ANN][-1].content.startswith(translate("nl", "notice.reminder", title=game.title))
    await table.run(ANN, "notify language", language="automatic")
    assert (await table.service.languages_of([ANN, BOB])) == {ANN: "ja", BOB: "en"}


async def test_a_language_is_written_only_when_it_changes(table: Table) -> None:
    cog = await reminders(table)
    seen = table.interaction(ANN)
    seen.mock.locale = discord.Locale.german
    writes = 0
    noted = table.service.db.transaction

    def counting(**locked: object) -> object:
        nonlocal writes
        writes += 1
        return noted(**locked)  # type: ignore[arg-type]

    table.service.db.transaction = counting  # type: ignore[method-assign]
    for _ in range(3):
        await cog.on_interaction(seen.mock)
    seen.mock.locale = discord.Locale.dutch
    await cog.on_interaction(seen.mock)
    assert writes == 2
    assert (await table.service.languages_of([ANN])) == {ANN: "nl"}
