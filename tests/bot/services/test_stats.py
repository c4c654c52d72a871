"""Statistics from finished games: per player and per guild, recent results, the leaderboard."""

from __future__ import annotations

from bot.services import GameService
from bot.storage import sql
from rules.core.result import build_result
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, act, lobby, play_to_end, started
from tests.support.tinygame import Tiny


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


def tied(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every tiny game ends with its first two seats level on points and on the tie-break."""
    monkeypatch.setattr(
        Tiny, "result", lambda self, state: build_result(["cards"], [{"cards": 4}, {"cards": 4}])
    )


async def test_a_tie_counts_as_a_shared_first_place_not_as_a_win(service, monkeypatch):
    tied(monkeypatch)
    await finish(service, (ANN, BOB), CHANNEL)
    for user in (ANN, BOB):
        stats = await service.stats(GUILD, user)
        assert (stats["played"], stats["won"], stats["shared"]) == (1, 0, 1)
        assert stats["per_game"][0]["won"] == 0 and stats["per_game"][0]["shared"] == 1
        [recent] = stats["recent"]
        assert recent["rank"] == 1 and recent["shared"] and not recent["won"]
    guild = await service.stats(GUILD)
    assert (guild["won"], guild["shared"]) == (0, 2) and len(guild["recent"]) == 2
    board = await service.leaderboard(GUILD)
    assert [(row["won"], row["shared"], row["win_rate"]) for row in board] == [(0, 1, 0.0), (0, 1, 0.0)]


async def test_the_leaderboard_puts_an_outright_win_above_a_shared_first(service, monkeypatch):
    await finish(service, (ANN, BOB), CHANNEL)  # one winner
    [first, second] = await service.leaderboard(GUILD)
    assert (first["won"], first["shared"], second["won"]) == (1, 0, 0)
    tied(monkeypatch)
    await finish(service, (ANN, BOB), CHANNEL + 1)
    await finish(service, (ANN, BOB), CHANNEL + 2)
    board = await service.leaderboard(GUILD)
    assert [(row["user_id"], row["won"], row["shared"]) for row in board] == [
        (first["user_id"], 1, 2),
        (second["user_id"], 0, 2),
    ]


async def moves_by_seat(service: GameService, channel: int) -> dict[int, list[tuple[int, str]]]:
    """Each seat's moves from the log: (move number, who made it)."""
    info = await service.get_game(channel)
    async with service.db.reading() as conn:
        rows = await sql.rows(
            conn,
            "SELECT version, seat, actor FROM moves WHERE game_id = :game ORDER BY version",
            game=info.id,
        )
    by_seat: dict[int, list[tuple[int, str]]] = {}
    for version, seat, actor in (r.values() for r in rows):
        by_seat.setdefault(seat, []).append((version, actor))
    return by_seat


async def test_a_seat_counts_for_its_person_only_when_they_made_most_of_its_moves(service):
    """Cid hands his seat to the computer after his first move; Bob hands his over for his last turn."""
    await started(service, (ANN, BOB, CID), CHANNEL, options={"rounds": 4})
    while not (await moves_by_seat(service, CHANNEL)).get(2):
        await act(service)
    await service.hand_to_ai(CHANNEL, CID, 2)
    while True:
        info, view = await service.view_for(CHANNEL, BOB)
        if view["round"] == 4 and 1 in info.to_act:
            break
        await act(service)
    await service.hand_to_ai(CHANNEL, BOB, 1)
    await play_to_end(service)
    by_seat = await moves_by_seat(service, CHANNEL)
    cid_first_ai = next(v for v, actor in by_seat[2] if actor == "ai")
    assert [a for _, a in by_seat[2]].count("player") * 2 < len(by_seat[2])
    assert [a for _, a in by_seat[1]].count("player") * 2 > len(by_seat[1]) and by_seat[1][-1][1] == "ai"

    cid = await service.stats(GUILD, CID)
    assert (cid["played"], cid["won"], cid["shared"], cid["per_game"]) == (0, 0, 0, [])
    [listed] = cid["recent"]
    assert listed["computer_from"] == cid_first_ai
    bob = await service.stats(GUILD, BOB)
    assert bob["played"] == 1 and bob["recent"][0]["computer_from"] is None
    board = await service.leaderboard(GUILD)
    assert {row["user_id"] for row in board} == {ANN, BOB}
    assert await service.computer_played(info.id) == {2: cid_first_ai}
