"""Coming back to a game: the first private reply opens with what happened since the player's last move,
and the next one does not say it again."""

from __future__ import annotations

from bot.services import GameService
from loopback import SimUser
from tests.bot.e2e.conftest import Arena

NEWS = "**Since your last move:**"


async def play_turn(arena: Arena, service: GameService, user: SimUser) -> None:
    """``user`` plays their first legal move until someone else must act."""
    channel_id = int(arena.channel.id)
    while (await service.get_game(channel_id)).to_act_users == (int(user.id),):
        await arena.play_first_move(service, user)


async def test_the_play_button_opens_with_the_news_once(arena: Arena) -> None:
    alice, bob, _ = arena.people
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob, seat_order="join")
        await play_turn(arena, service, alice)
        await play_turn(arena, service, bob)
        await arena.loopback.settle()
        turn = next(m for m in reversed(arena.public()) if m.components)
        picker = await alice.click(turn, "Play")
        assert picker.ephemeral and picker.content.startswith(NEWS), picker.content
        # Bob's turn in the words the channel was told, with his name
        told = picker.content.split("\n\n")[0]
        assert "• Bob ended the turn." in told.split("\n"), picker.content
        again = await alice.click(turn, "Play")
        assert NEWS not in again.content
        hand = await alice.slash("hand", arena.channel)
        assert NEWS not in hand.text()
        # Bob has nothing new to read: nobody moved since his own last move
        assert NEWS not in (await bob.slash("hand", arena.channel)).text()
        assert (await service.get_game(channel_id)).to_act_users == (int(alice.id),)


async def test_a_move_typed_without_looking_first_tells_the_news(arena: Arena) -> None:
    alice, bob, _ = arena.people
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob, seat_order="join")
        await play_turn(arena, service, alice)
        await play_turn(arena, service, bob)
        reply = await arena.play_first_move(service, alice)
        assert reply.ephemeral and reply.content.startswith(NEWS), reply.content
        following = await arena.play_first_move(service, alice)
        assert NEWS not in following.content
