"""/mygames through the stand-in: one private list of every open game of a person across the servers the
bot shares with them, hers to act first, each a link to its live board, from any server or a DM; the one
command the app's user install offers."""

from __future__ import annotations

import re

import pytest

from bot.services import GameService
from loopback import CommandRefused, SimUser
from tests.bot.e2e.conftest import Arena
from tests.bot.e2e.test_long_lists import every_page as every_turned_page

LINK = re.compile(r"\]\(https://discord\.com/channels/(\d+)/(\d+)(?:/(\d+))?\)")


async def open_games(arena: Arena, service: GameService, alice: SimUser, bob: SimUser) -> dict[int, bool]:
    """Two games of alice's in each of three servers: with bob in the first two, with carol in the third;
    channel -> whether alice must act."""
    loopback = arena.loopback
    guilds = [arena.guild]
    for name in ("Second", "Third"):
        guild = loopback.add_guild(name)
        for person in arena.people:
            loopback.join(person, guild)
        guilds.append(guild)
    await asyncio_idle(arena)
    found: dict[int, bool] = {}
    for number, guild in enumerate(guilds):
        for turn in (0, 1):
            other = arena.people[2] if number == 2 else bob
            first, second = (alice, other) if turn == 0 else (other, alice)
            table = loopback.add_channel(guild, f"table-{number}-{turn}")
            await arena.start_game("gwt", first, second, channel=table, seat_order="join")
            game = await service.get_game(int(table.id))
            found[int(table.id)] = int(alice.id) in game.to_act_users
    return found


async def every_page(user: SimUser, first) -> list[str]:  # type: ignore[no-untyped-def]
    """The bullet lines of the list, on one page or several."""
    if not first.message.components:
        return [line for line in first.content.splitlines() if line.startswith("• ")]
    return await every_turned_page(user, first)


async def asyncio_idle(arena: Arena) -> None:
    """Let the bot take in the servers it was just added to (their GUILD_CREATE)."""
    await arena.loopback.wait_until(
        lambda: all(b.get_guild(int(g)) for b in arena.bots for g in arena.loopback.world.guilds),
        "the bot to see every server",
    )


async def test_mygames_lists_every_server_hers_first_with_links_from_a_server_and_a_dm(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        games = await open_games(arena, service, alice, bob)
        assert 0 < sum(games.values()) < len(games)
        for where in (arena.channel, arena.loopback.dm_channel(alice)):
            reply = await alice.slash("mygames", where)
            assert reply.ephemeral and reply.content.startswith("**Your games in every server** (6)")
            lines = await every_page(alice, reply)
            assert len(lines) == 6
            channels = [int(LINK.search(line)[2]) for line in lines]  # type: ignore[index]
            assert set(channels) == set(games)
            waiting = sum(games.values())
            assert all(games[c] for c in channels[:waiting]) and not any(games[c] for c in channels[waiting:])
            assert all("your turn" in line for line in lines[:waiting])
            assert all("waiting for" in line and "since <t:" in line for line in lines[waiting:])
            servers = {line.split(" in ")[1].split(":")[0] for line in lines}
            assert servers == {"Board games", "Second", "Third"}
            for line in lines:  # the link opens the live board in its own server
                guild_id, channel_id, board = LINK.search(line).groups()  # type: ignore[union-attr]
                game = await service.get_game(int(channel_id))
                assert int(guild_id) == game.guild_id
                live = await service.live_board(game.id)
                assert live is not None and int(board) == live.message_id
        bob_sees = await every_page(bob, await bob.slash("mygames", arena.loopback.dm_channel(bob)))
        assert len(bob_sees) == 4  # not the third server's games, where he is not seated


async def test_mygames_with_no_games_answers_privately(arena: Arena) -> None:
    async with arena.running():
        for where in (arena.channel, arena.loopback.dm_channel(arena.stranger)):
            reply = await arena.stranger.slash("mygames", where)
            assert reply.ephemeral and reply.content.startswith("You have no open games in any server")


async def test_mygames_alone_is_offered_by_the_user_install(arena: Arena) -> None:
    async with arena.running():
        commands = {c.name: c.payload for c in arena.loopback.world.global_commands}
        assert commands["mygames"]["integration_types"] == [0, 1]
        assert commands["mygames"]["contexts"] == [0, 1, 2]
        others = {tuple(p["integration_types"]) for n, p in commands.items() if n != "mygames"}
        assert others == {(0,)}
        with pytest.raises(CommandRefused, match="cannot be used in direct messages"):
            await arena.people[0].slash("games", arena.loopback.dm_channel(arena.people[0]))


async def test_mygames_through_the_users_own_install_in_a_server_without_the_bot(arena: Arena) -> None:
    loopback = arena.loopback
    loopback.world.install_types = {0, 1}
    alice, bob = arena.people[:2]
    loopback.world.user_installs.add(alice.id)
    elsewhere = loopback.add_guild("Elsewhere")
    general = loopback.add_channel(elsewhere, "general")
    loopback.join(alice, elsewhere)
    loopback.join(bob, elsewhere)
    loopback.remove_bot_from_guild(elsewhere)
    async with arena.running():
        await arena.start_game("gwt", alice, bob, seat_order="join")
        reply = await alice.slash("mygames", general)
        assert reply.interaction.owners == {"1": alice.id}  # her install alone authorised it
        assert reply.ephemeral and reply.content.startswith("**Your game in every server** (1)")
        assert "in Board games" in reply.content and "Elsewhere" not in reply.content
        with pytest.raises(CommandRefused, match="not available here"):
            await bob.slash("mygames", general)  # he has not installed the app himself
