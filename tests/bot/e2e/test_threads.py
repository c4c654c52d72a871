"""A game lives in a thread as well as in a channel, and two games run side by side without mixing."""

from __future__ import annotations

from tests.bot.e2e.conftest import Arena


async def test_games_in_a_thread_and_its_channel_stay_apart(arena: Arena) -> None:
    alice, bob, carol = arena.people
    thread = arena.loopback.add_thread(arena.channel, "santa-fe-night")
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, channel=thread)
        await arena.start_game("gwt", carol, bob, max_players=2)

        in_thread = [m for m in arena.loopback.messages(thread) if m.visible_to is None]
        assert any("Santa Fe" in arena.loopback.describe(m) and "your turn" in m.content for m in in_thread)
        assert all("Great Western Trail" not in arena.loopback.describe(m) for m in in_thread)
        thread_game = await service.get_game(int(thread.id))
        channel_game = await service.get_game(int(arena.channel.id))
        assert (thread_game.rules_id, channel_game.rules_id) == ("santafe", "gwt")

        # a Play button from the thread's game pressed there opens that game's choices only
        turn = next(
            m for m in reversed(in_thread) if any(c.get("label") == "Play" for c in m.flat_components())
        )
        picker = await bob.click(turn, "Play")
        assert picker.ephemeral and "card" in picker.text().lower()
        arena.loopback.assert_prompt_responses()
