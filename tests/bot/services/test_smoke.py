from tests.support.fixtures import ANN, BOB, CHANNEL, started, user_at


async def test_a_game_plays_to_the_end(service):
    info = await started(service)
    assert info.status == "active"
    outcome = None
    for _ in range(200):
        info = await service.get_game(CHANNEL)
        if info.status != "active":
            break
        seat = info.to_act[0]
        user = user_at(info, seat)
        moves = await service.legal_moves(CHANNEL, user)
        outcome = await service.submit(CHANNEL, user, moves[0][0], expected_version=info.version)
    assert outcome is not None and outcome.finished
    assert await service.check_replay(info.id)
    print(await service.log(CHANNEL, ANN))
    print(await service.stats(10, BOB), await service.leaderboard(10))
