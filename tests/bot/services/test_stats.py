"""Statistics from finished games: per player and per guild, recent results, the leaderboard."""

from __future__ import annotations

from bot.services import GameService
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, lobby, play_to_end, started


async def finish(service: GameService, players, channel: int, guild: int = GUILD):
    await started(service, players, channel)
    info = await play_to_end(service, channel)
    exported = await service.export(channel)
    return info, exported


async def test_a_players_statistics(service):
    await finish(service, (ANN, BOB), CHANNEL)
    await finish(service, (BOB, ANN, CID), CHANNEL + 1)
    ann = await service.stats(GUILD, ANN)
    bob = await service.stats(GUILD, BOB)
    cid = await service.stats(GUILD, CID)
    assert (ann["played"], bob["played"], cid["played"]) == (2, 2, 1)
    assert ann["won"] + bob["won"] + cid["won"] >= 2  # every game has a winner (ties may give two)
    [tiny] = ann["per_game"]
    assert tiny["rules_id"] == "tiny" and tiny["played"] == 2
    recent = [r["score"] for r in ann["recent"]]
    assert len(recent) == 2 and tiny["avg_score"] == round(sum(recent) / 2, 1)
    assert all(r["user_id"] == ANN for r in ann["recent"])


async def test_guild_statistics_and_other_guilds(service):
    await finish(service, (ANN, BOB), CHANNEL)
    guild = await service.stats(GUILD)
    assert guild["played"] == 1 and guild["per_game"][0]["played"] == 1
    assert all(r["won"] for r in guild["recent"])
    assert (await service.stats(GUILD + 1))["played"] == 0
    assert await service.leaderboard(GUILD + 1) == []


async def test_the_leaderboard_ranks_by_wins_and_leaves_computers_out(db, clock, tiny_game):
    service = GameService(db, clock, new_seed=lambda: 42)
    for channel in (CHANNEL, CHANNEL + 1, CHANNEL + 2):
        await lobby(service, (ANN, BOB), channel)
        await service.add_ai(channel, ANN, level=0)
        await service.start(channel, ANN)
        await play_to_end(service, channel)
    board = await service.leaderboard(GUILD)
    assert {row["user_id"] for row in board} == {ANN, BOB}
    assert [row["won"] for row in board] == sorted((row["won"] for row in board), reverse=True)
    for row in board:
        assert row["played"] == 3 and row["win_rate"] == round(row["won"] / 3, 3)
        assert row["name"] in ("Ann", "Bob")
    assert await service.leaderboard(GUILD, "tiny") == board
    assert await service.leaderboard(GUILD, "santafe") == []
