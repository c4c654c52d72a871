"""Lists longer than one message, through the stand-in: /games and /log come a page at a time with
Previous and Next, lose no line, and a page pressed after the list changed (or the bot restarted) is
answered with the list as it is now."""

from __future__ import annotations

import re

from bot.services import GameService
from loopback import Reply, SimUser
from rules.core.rng import Rng
from tests.bot.e2e.conftest import Arena

LINK = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)")


async def every_page(user: SimUser, first: Reply, forward: str = "Next") -> list[str]:
    """The bullet lines of every page, turning with ``forward`` until it is disabled."""
    reply, lines = first, []
    while True:
        assert reply.ephemeral and len(reply.content) <= 2000
        lines += [line for line in reply.content.splitlines() if line.startswith("• ")]
        button = reply.message.component(forward)
        if button.get("disabled"):
            return lines
        reply = await user.click(reply, forward)
        assert reply.response_type == 7  # the page is turned in place


async def open_many_games(arena: Arena, service: GameService, total: int, hers: int) -> set[int]:
    """``total`` Great Western Trail games of alice and bob, each in its own channel, ``hers`` of them
    alice's turn; returns the channels of the games waiting for her."""
    alice, bob = arena.people[:2]
    waiting = set()
    for number in range(total):
        channel = int(arena.loopback.add_channel(arena.guild, f"table-{number}").id)
        first, second = (alice, bob) if number < hers else (bob, alice)
        await service.create_game(
            int(arena.guild.id), channel, int(first.id), first.name, "gwt", seat_order="join"
        )
        await service.join(channel, int(second.id), second.name)
        await service.start(channel, int(first.id))
        if int(alice.id) in (await service.get_game(channel)).to_act_users:
            waiting.add(channel)
    return waiting


async def test_games_pages_show_every_game_hers_first_each_a_jump_link(arena: Arena) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, service):
        waiting = await open_many_games(arena, service, 40, 12)
        assert len(waiting) == 12
        first = await alice.slash("games", arena.channel)
        assert "page 1 of" in first.content
        assert first.message.component("Previous").get("disabled")
        lines = await every_page(alice, first)
        channels = [int(LINK.search(line)[2]) for line in lines]  # type: ignore[index]
        assert len(lines) == 40 and len(set(channels)) == 40
        assert set(channels[:12]) == waiting and all("your turn" in line for line in lines[:12])
        assert all(LINK.search(line)[1] == arena.guild.id for line in lines)  # type: ignore[index]
        arena.loopback.assert_prompt_responses()


async def test_a_page_of_a_changed_list_or_after_a_restart_is_answered_as_it_is_now(arena: Arena) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, service):
        waiting = await open_many_games(arena, service, 20, 3)
        first = await alice.slash("games", arena.channel)
        # she moves in one of her games: that game is no longer hers to play
        channel = min(waiting)
        while int(alice.id) in (await service.get_game(channel)).to_act_users:
            move = (await service.legal_moves(channel, int(alice.id)))[-1][0]
            await service.submit(channel, int(alice.id), move)
        turned = await alice.click(first, "Next")
        assert "has changed" in turned.content and "page 2 of 2" in turned.content
    async with arena.running():  # a new process: the buttons of the old page still answer
        back = await alice.click(turned, "Previous")
        assert "page 1 of 2" in back.content and "has changed" not in back.content
        assert sum("your turn" in line for line in back.content.splitlines()) == 2


async def test_log_honours_the_count_a_page_at_a_time(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, auto_play=False)  # one move a version
        channel = int(arena.channel.id)
        pick = Rng(4)
        for _ in range(70):
            game = await service.get_game(channel)
            user = game.seats[pick.choice(game.to_act)].user_id
            move, _label = pick.choice(await service.legal_moves(channel, user))
            await service.submit(channel, user, move)
        newest = await alice.slash("log", arena.channel, count=60)
        assert newest.message.component("Next").get("disabled")  # it opens at the newest moves
        lines = await every_page(alice, newest, forward="Previous")
        numbers = [int(line[2:].split(".", 1)[0]) for line in lines]
        assert sorted(numbers) == list(range(11, 71))
        arena.loopback.assert_prompt_responses()
