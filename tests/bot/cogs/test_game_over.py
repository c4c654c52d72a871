"""The game-over message: who is named, how a tie and a seat the computer finished are written."""

from __future__ import annotations

from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL
from tests.support.fixtures import ANN, BOB, CID, started


async def play_out(table: Table) -> None:
    """Each person to act plays their first legal move with /move until the game is over."""
    await table.service.runner.idle()  # the computer's moves are made in the background
    while (game := await table.service.get_game(CHANNEL)).status == "active":
        user = game.seats[game.to_act[0]].user_id
        assert user is not None and not game.seats[game.to_act[0]].is_ai
        move = (await table.service.legal_moves(CHANNEL, user))[0][0]
        await table.run(user, "move", move=move)
        await table.service.runner.idle()


def game_over(table: Table):  # type: ignore[no-untyped-def]
    [final] = [m for m in table.public if m.content and m.content.endswith("the game is over.")]
    return final


async def test_game_over_names_every_person_and_marks_the_seat_the_computer_finished(table: Table) -> None:
    await started(table.service, players=(ANN, BOB, CID), options={"rounds": 1})
    await table.run(CID, "game computer")
    await play_out(table)
    final = game_over(table)
    assert final.content == "<@1> <@2> <@3> the game is over."
    game = await table.service.get_game(CHANNEL)
    [from_move] = (await table.service.computer_played(game.id)).values()
    description = final.embeds[0].description or ""
    [cid] = [line for line in description.splitlines() if "**Cid**:" in line]
    assert cid.endswith(f", played by the computer from move {from_move}")
    assert description.count("played by the computer") == 1
    stats = (await table.run(CID, "stats")).last.embeds[0].description or ""
    assert stats.startswith("No finished games that count yet.")
    assert f"Tiny: played by the computer from move {from_move}" in stats
    board = (await table.run(CID, "leaderboard")).last.embeds[0].description or ""
    assert "<@1>" in board and "<@2>" in board and "<@3>" not in board


async def test_a_game_the_computer_finished_for_everyone_still_names_them_without_a_stray_space(
    table: Table,
) -> None:
    await started(table.service, players=(ANN, BOB), options={"rounds": 1})
    await table.run(BOB, "game computer")
    await table.run(ANN, "game computer")
    await table.service.runner.idle()
    assert (await table.service.get_game(CHANNEL)).status == "finished"
    assert game_over(table).content == "<@1> <@2> the game is over."
