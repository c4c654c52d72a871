"""A game damaged on disk while the bot was down: the next start finds it, says so once in its channel,
and answers a move in it privately that the game is paused; a game rebuilt from its log plays on."""

from __future__ import annotations

from bot.storage import open_database
from bot.storage.sql import run
from loopback import SimUser
from tests.bot.e2e.conftest import Arena


async def damage(arena: Arena, *, log_too: bool) -> None:
    """Bytes of the game's stored state changed (its checksum kept); with ``log_too``, its first move lost."""
    db = await open_database(arena.db_where)
    try:
        async with db.transaction() as conn:
            await run(conn, "UPDATE snapshots SET state = '{\"round\": 99}'")
            if log_too:
                await run(conn, "DELETE FROM moves WHERE version = 1")
    finally:
        await db.close()


async def played_then_damaged(arena: Arena, *, log_too: bool) -> tuple[SimUser, SimUser]:
    """Alice and Bob's Santa Fe game after Alice's first move, damaged while no bot runs (see ``damage``)."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        await arena.play_first_move(service, alice)
    await damage(arena, log_too=log_too)
    return alice, bob


def damage_lines(arena: Arena) -> list[str]:
    return [m.content for m in arena.public() if "is damaged" in m.content]


async def test_a_game_damaged_beyond_its_log_is_paused_with_one_line_at_start(arena: Arena) -> None:
    _, bob = await played_then_damaged(arena, log_too=True)

    async with arena.running() as (_bot, service):
        await arena.loopback.wait_until(lambda: damage_lines(arena), "the line about the damaged game")
        (line,) = damage_lines(arena)
        assert "python -m bot backup" in line
        refused = await bob.slash("move", arena.channel, move="pass")
        assert refused.ephemeral and "damaged" in refused.text()
        assert (await service.get_game(int(arena.channel.id))).paused
        status = await bob.slash("game status", arena.channel)
        assert "saved data is damaged" in status.text() and "back in this server" not in status.text()

    async with arena.running():  # a later start says nothing more
        pass
    assert len(damage_lines(arena)) == 1


async def test_a_damaged_state_is_rebuilt_at_start_and_the_game_plays_on(arena: Arena) -> None:
    alice, bob = await played_then_damaged(arena, log_too=False)

    async with arena.running() as (_bot, service):
        game = await service.get_game(int(arena.channel.id))
        assert not game.paused and await service.check_replay(game.id)
        person = next(p for p in (alice, bob) if int(p.id) in [game.seats[s].user_id for s in game.to_act])
        played = await arena.play_first_move(service, person)
        assert "went wrong" not in played.text()
        assert (await service.get_game(int(arena.channel.id))).version == game.version + 1
    assert damage_lines(arena) == []
