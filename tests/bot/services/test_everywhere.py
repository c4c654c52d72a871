"""Reading across servers for /mygames: the same games as ``games_of_user`` in a few reads, and the live
boards of many games at once."""

from __future__ import annotations

from bot.services import LiveBoard
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, lobby, started


async def test_seated_games_are_the_users_open_games_in_every_server(service):
    await started(service, (ANN, BOB))
    await lobby(service, (BOB, ANN), CHANNEL + 1)
    await service.create_game(GUILD + 1, CHANNEL + 2, CID, "Cid", "tiny", options={"rounds": 2})
    await service.join(CHANNEL + 2, ANN, "Ann")
    await started(service, (BOB, CID), CHANNEL + 3)  # not hers
    mine = await service.seated_games(ANN)
    assert mine == await service.games_of_user(ANN)
    assert [g.channel_id for g in mine] == [CHANNEL, CHANNEL + 1, CHANNEL + 2]
    assert {g.guild_id for g in mine} == {GUILD, GUILD + 1}
    assert await service.seated_games(ANN + 1000) == []


async def test_live_boards_of_many_games_in_one_read(service):
    first = await started(service, (ANN, BOB))
    second = await started(service, (ANN, BOB), CHANNEL + 1)
    await service.remember_live_board(first.id, LiveBoard(message_id=555, pictured_version=1))
    assert await service.live_board_messages([first.id, second.id]) == {first.id: 555}
    assert await service.live_board_messages([]) == {}
