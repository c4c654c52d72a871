"""The bot's computer seats choose, and its pictures are drawn, in worker processes, which end when the
bot closes."""

from __future__ import annotations

import multiprocessing

from bot.ui import pictures
from tests.bot.e2e.conftest import Arena


async def test_the_computers_workers_end_with_the_bot(arena: Arena) -> None:
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, computers=1)
        start = (await service.get_game(channel_id)).version
        mine = 0
        while (game := await service.get_game(channel_id)).version - start == mine:  # until a computer move
            assert game.to_act_users == (arena.by_id(alice),)  # the computer never keeps the game waiting
            await arena.play_first_move(service, alice)
            mine += 1
        assert multiprocessing.active_children()  # its worker
        arena.loopback.assert_prompt_responses()
    assert multiprocessing.active_children() == []


async def test_the_picture_workers_draw_the_turn_messages_and_end_with_the_bot(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running():
        await arena.start_game("santafe", alice, bob)
        turn = [m for m in arena.public() if m.attachments]
        assert turn  # the turn message's picture came back from the workers
        assert pictures.drawers().running and multiprocessing.active_children()
    assert not pictures.drawers().running
    assert multiprocessing.active_children() == []
