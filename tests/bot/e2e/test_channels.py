"""Where games live, end to end: a deleted channel or thread ends its game; the bot leaving a server
pauses its games (an outage does not) and its return resumes them."""

from __future__ import annotations

from datetime import timedelta

from bot import messages
from bot.i18n import ENGLISH
from bot.services import GameService
from bot.storage.connection import Location
from loopback import SimUser
from loopback.payloads import guild_create_json
from tests.bot.e2e.conftest import Arena, sharded_bot, two_shards


def inbox_says(arena: Arena, user: SimUser, words: str) -> bool:
    return any(words in m.content for m in arena.loopback.messages(arena.loopback.dm_channel(user)))


async def open_game(arena: Arena, channel=None, **options: object) -> None:
    """Alice (who takes direct messages) and Bob (who does not) start Santa Fe."""
    alice, bob = arena.people[:2]
    where = channel or arena.channel
    await alice.slash("notify dm", where, enabled=True)
    await bob.slash("notify dm", where, enabled=False)
    await arena.start_game("santafe", alice, bob, channel=where, **options)


async def assert_ended(service: GameService, channel_id: int, arena: Arena) -> None:
    game = await service.get_game(channel_id)
    assert game.status == "abandoned"
    # no computer moves later, no statistics, not in anyone's /games (nor their hosting limit)
    assert await service.run_due(arena.clock() + timedelta(days=30)) == []
    assert (await service.get_game(channel_id)).version == game.version
    assert (await service.stats(int(arena.guild.id)))["played"] == 0
    assert await service.games_of_user(int(arena.people[0].id)) == []


async def test_a_deleted_channel_ends_its_game(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    lounge = arena.loopback.add_channel(arena.guild, "lounge")
    async with arena.running(max_games_per_user=1) as (_bot, service):
        await open_game(arena, deadline_hours=1, deadline_action="ai")
        arena.loopback.delete_channel(arena.channel)
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "deleted"), "Alice's notice")
        await assert_ended(service, int(arena.channel.id), arena)
        assert not inbox_says(arena, bob, "deleted")  # Bob takes no direct messages
        listed = await alice.slash("games", lounge)
        assert listed.content == messages.no_open_games(ENGLISH)
        opened = await alice.slash("game gwt", lounge)  # her one game allowed is free again
        assert opened.ephemeral and "opened a game" in opened.public.content


async def test_a_deleted_channel_ends_the_game_of_its_archived_thread(arena: Arena) -> None:
    alice = arena.people[0]
    thread = arena.loopback.add_thread(arena.channel, "santa-fe-night")
    async with arena.running() as (bot, service):
        await open_game(arena, thread, deadline_hours=1, deadline_action="ai")
        # the thread is archived: discord.py drops it from its cache, so it hears nothing of it any more
        arena.loopback.archive_thread(thread)
        await arena.loopback.wait_until(lambda: bot.get_channel(int(thread.id)) is None, "the archiving")
        arena.loopback.delete_channel(arena.channel)
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "deleted"), "Alice's notice")
        await assert_ended(service, int(thread.id), arena)


async def test_a_deleted_thread_ends_its_game_and_not_the_channels(arena: Arena) -> None:
    alice, _bob, carol = arena.people
    thread = arena.loopback.add_thread(arena.channel, "santa-fe-night")
    async with arena.running() as (_bot, service):
        await open_game(arena, thread)
        await carol.slash("game gwt", arena.channel)
        arena.loopback.delete_channel(thread)
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "deleted"), "Alice's notice")
        assert (await service.get_game(int(thread.id))).status == "abandoned"
        assert (await service.get_game(int(arena.channel.id))).status == "lobby"


async def test_a_channel_deleted_while_the_bot_was_down_ends_its_game_at_the_first_post(arena: Arena) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, _service):
        await open_game(arena, reminder_hours=1)
    arena.loopback.delete_channel(arena.channel)  # no CHANNEL_DELETE reaches a bot that is not running
    arena.clock.advance(hours=2)
    async with arena.running() as (_bot, service):
        # the reminder loop's post answers 404 / 10003 Unknown Channel
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "deleted"), "Alice's notice")
        assert (await service.get_game(int(arena.channel.id))).status == "abandoned"


async def test_leaving_a_server_pauses_its_games_until_the_bot_is_back(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await open_game(arena, reminder_hours=1, deadline_hours=2, deadline_action="ai")
        started = await service.get_game(channel_id)
        arena.clock.advance(minutes=40)
        arena.loopback.remove_bot_from_guild(arena.guild)
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "paused"), "Alice's notice")
        assert not inbox_says(arena, bob, "paused")
        assert (await service.get_game(channel_id)).paused
        arena.clock.advance(days=5)
        assert await service.run_due() == []  # no reminders, deadlines or computer moves
        assert (await service.get_game(channel_id)).version == started.version

        arena.loopback.add_bot_to_guild(arena.guild)
        await arena.loopback.wait_until(
            lambda: any("bot is back" in m.content for m in arena.public()), "the channel's notice"
        )
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "bot is back"), "Alice's notice")
        game = await service.get_game(channel_id)
        assert not game.paused and game.status == "active"
        # the clocks went on from where they stopped: 20 minutes to the first reminder, as before the pause
        assert await service.next_due_at() == arena.clock() + timedelta(minutes=20)
        listed = await alice.slash("games", arena.channel)
        assert "paused" not in listed.content


async def test_a_channel_deleted_while_the_bot_was_out_of_the_server_ends_its_game_on_return(
    arena: Arena,
) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, service):
        await open_game(arena, reminder_hours=1)
        arena.loopback.remove_bot_from_guild(arena.guild)
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "paused"), "Alice's notice")
        arena.loopback.delete_channel(arena.channel)  # the bot, not in the server, hears nothing of it
        arena.loopback.add_bot_to_guild(arena.guild)
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "deleted"), "Alice's notice")
        assert (await service.get_game(int(arena.channel.id))).status == "abandoned"
        assert not inbox_says(arena, alice, "bot is back")


async def test_an_outage_does_not_pause_games(arena: Arena) -> None:
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (bot, service):
        await open_game(arena, reminder_hours=1)
        guild_id = int(arena.guild.id)
        # Discord's GUILD_DELETE for an outage carries unavailable: true; GUILD_CREATE follows once it ends
        arena.loopback.gateway.dispatch("GUILD_DELETE", {"id": arena.guild.id, "unavailable": True})
        await arena.loopback.wait_until(lambda: bot.get_guild(guild_id).unavailable, "the outage")
        listed = await alice.slash("games", arena.channel)
        assert "your turn" in listed.content
        assert not (await service.get_game(channel_id)).paused
        world = arena.loopback.world
        back = guild_create_json(world, world.guilds[arena.guild.id], all_members=False)
        arena.loopback.gateway.dispatch("GUILD_CREATE", back | {"unavailable": False})
        await arena.loopback.wait_until(lambda: not bot.get_guild(guild_id).unavailable, "the guild's return")
        listed = await alice.slash("games", arena.channel)
        assert "your turn" in listed.content
        assert not any("bot is back" in m.content for m in arena.public())


async def test_at_start_up_the_games_of_a_server_left_meanwhile_are_paused(arena: Arena) -> None:
    alice = arena.people[0]
    async with arena.running() as (_bot, _service):
        await open_game(arena, reminder_hours=1)
    arena.loopback.remove_bot_from_guild(arena.guild)  # while the bot is not running: it hears nothing
    async with arena.running() as (_bot, service):
        await arena.loopback.wait_until(lambda: inbox_says(arena, alice, "paused"), "Alice's notice")
        assert (await service.get_game(int(arena.channel.id))).paused


async def test_a_process_running_some_shards_pauses_no_game_of_the_others(db_where: Location) -> None:
    async with two_shards() as (loopback, first, _second, games, alice):
        async with sharded_bot(loopback, db_where, shard_count=2, shard_ids=(1,)):
            await alice.slash("game santafe", games)
        # the process of shard 0 is not told of the guild of shard 1: that is no reason to pause its game
        async with sharded_bot(loopback, db_where, shard_count=2, shard_ids=(0,)) as bot:
            assert [g.id for g in bot.guilds] == [int(first.id)]
            await bot.get_cog("Lifecycle").on_ready()  # type: ignore[union-attr]  # (again: done when it returns)
            assert not (await bot.games.get_game(int(games.id))).paused
