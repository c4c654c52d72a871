"""A time bank through the cogs on the stand-in, driven by the fake clock: opened with /game <id>, shown
in /game status, warned about a day and an hour before, running out into the deadline's action once, a
holiday announced to the table; bad input answered privately, changing nothing."""

from __future__ import annotations

from bot.services import FakeClock
from bot.services.timebank import TimeBank
from tests.bot.cogs.conftest import Table
from tests.bot.cogs.test_reminders import reminders
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, started

DAY = 24 * 60


async def test_a_bank_warns_and_runs_out_once_in_the_channel(table: Table, clock: FakeClock) -> None:
    cog = await reminders(table)
    await started(table.service, reminder_minutes=None, time_bank=TimeBank(3 * DAY, DAY, 7))
    clock.advance(days=2, minutes=1)
    await cog.tick()
    await cog.tick()  # each warning once
    day = [m for m in table.public if "About a day left" in (m.content or "")]
    assert len(day) == 1 and day[0].mentioned_users == [ANN]
    clock.advance(hours=23)
    await cog.tick()
    assert "About an hour left" in (table.public[-1].content or "")
    clock.advance(hours=1)
    await cog.tick()
    await cog.tick()
    lines = [m.content or "" for m in table.public]
    assert sum("Time ran out" in line for line in lines) == 1
    assert (await table.service.get_game(CHANNEL)).to_act == (1,)
    assert BOB in (table.public[-1].mentioned_users or [])
    # the turn message says when Bob's bank runs out: his full three days from now
    assert "Bob's time bank runs out <t:" in (table.public[-1].content or "")


async def test_the_bank_shows_in_status_and_a_holiday_is_announced(table: Table, clock: FakeClock) -> None:
    await started(table.service, reminder_minutes=None, time_bank=TimeBank(3 * DAY, DAY, 7))
    status = await table.run(ANN, "game status")
    shown = status.last.text()
    assert "time bank of 3 days + 1 day per move" in shown and "time bank runs out <t:" in shown
    away = await table.run(ANN, "game away", away=True, days=2)
    assert away.last.ephemeral and "on holiday until" in (away.last.content or "")
    assert "Ann is on holiday until" in (table.public[-1].content or "")
    back = await table.run(ANN, "game away", away=False)
    assert back.last.ephemeral
    assert "Ann is back: their time bank runs again." in (table.public[-1].content or "")


async def test_bad_banks_and_holidays_are_answered_privately_and_change_nothing(table: Table) -> None:
    refused = await table.run(ANN, "game tiny", time_bank="custom", bank_days=-1)
    assert refused.last.ephemeral and "1 to 60 days" in (refused.last.content or "")
    both = await table.run(ANN, "game tiny", time_bank="7d+1d", deadline_hours=24)
    assert both.last.ephemeral and "replaces the deadline" in (both.last.content or "")
    assert table.public == []
    opened = await table.run(ANN, "game tiny", time_bank="7d+1d", holiday_days=1)
    game = await table.service.get_game(CHANNEL)
    assert opened.replies[0].ephemeral and (game.bank_minutes, game.holiday_days) == (7 * DAY, 1)
    await table.run(BOB, "game join")
    await table.service.start(CHANNEL, ANN)
    before = await table.service.get_game(CHANNEL)
    posts = len(table.public)
    long = await table.run(BOB, "game away", away=True, days=2)
    assert long.last.ephemeral and "left in this game: 1." in (long.last.content or "")
    no_days = await table.run(BOB, "game away", away=True)
    assert no_days.last.ephemeral and "how many days" in (no_days.last.content or "")
    assert await table.service.get_game(CHANNEL) == before and len(table.public) == posts


async def test_the_ping_and_the_live_board_say_when_the_bank_runs_out(table: Table, clock: FakeClock) -> None:
    await started(
        table.service, reminder_minutes=None, time_bank=TimeBank(3 * DAY, DAY, 7), channel_style="quiet"
    )
    clock.advance(days=1)
    await table.run(ANN, "move", move="pass")
    game = await table.service.get_game(CHANNEL)
    out = game.seats[1].bank_out_at
    assert out is not None
    stamp = f"<t:{int(out.timestamp())}:R>"
    ping = next(m for m in reversed(table.public) if m.mentioned_users == [BOB])
    assert f"Bob's time bank runs out {stamp}" in (ping.content or "")
    board = next(m for m in table.public if m.view is not None)
    assert f"Bob's time bank runs out {stamp}" in board.text()
