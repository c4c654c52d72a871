"""/admin skip says what it does: Great Western Trail has no pass, so the skipped seat is handed to the
computer until its player takes it back, and the manager's answer, the player's ping and /help say so."""

from __future__ import annotations

from tests.bot.e2e.conftest import Arena


async def test_skipping_a_gwt_turn_says_the_computer_plays_the_seat_until_take_back(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob)
        game = await service.get_game(int(arena.channel.id))
        [seat] = game.to_act
        person = next(p for p in (alice, bob) if int(p.id) == game.seats[seat].user_id)
        name = game.seats[seat].name

        skipped = await arena.admin.slash("admin skip", arena.channel)
        assert skipped.ephemeral and skipped.content == (
            f"Great Western Trail has no pass here, so the computer now plays {name}'s seat until they take "
            "it back with /game take-back."
        )
        [ping] = [m for m in skipped.posted if "server manager" in m.content]
        assert ping.pinged_users == {person.id} and not ping.ephemeral
        assert ping.content.endswith(
            "A server manager skipped your turn in Great Western Trail. The game has no pass here, so the "
            "computer now plays your seat until you take it back with /game take-back."
        )
        assert "Time ran out" not in "\n".join(m.content for m in arena.public())

        await person.slash("game take-back", arena.channel)
        assert not (await service.get_game(int(arena.channel.id))).seats[seat].is_ai

        helped = await arena.admin.slash("help", arena.channel, topic="admin")
        assert "**</game take-back:" in helped.message.embeds[0]["description"]  # a command mention
