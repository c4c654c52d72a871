"""The bot restarts mid-game: it reconnects, the game goes on, old buttons work or say they are stale,
and reminders that fell due while it was down are sent."""

from __future__ import annotations

from bot.loopback import Reply
from tests.bot.e2e.conftest import Arena


def first_move_button(picker: Reply) -> str:
    return next(
        c["custom_id"] for c in picker.message.flat_components() if c.get("custom_id", "").startswith("bg:")
    )


async def test_restart_mid_game(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await alice.slash("game santafe", arena.channel, reminder_hours=1)
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        turn = arena.public()[-1]
        stale_picker = await alice.click(turn, "Play")
        bob_card = (await bob.autocomplete("move", arena.channel, move=""))[0]["value"]
        await bob.slash("move", arena.channel, move=bob_card)
        fresh_picker = await alice.click(turn, "Play")
        assert "earlier point" in fresh_picker.content  # the turn message is older than Bob's choice
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

        stale = await alice.click(stale_picker, first_move_button(stale_picker))
        assert stale.ephemeral and "earlier point" in stale.text()
        assert (await service.get_game(channel_id)).version == version_before

        played = await alice.click(fresh_picker, first_move_button(fresh_picker))
        assert played.acknowledged
        assert (await service.get_game(channel_id)).version > version_before
        # the command tree did not change, so the restart did not sync again (200 creations a day per guild)
        assert [c.version for c in arena.loopback.world.global_commands] == synced
        arena.loopback.assert_prompt_responses()
