"""The replay service: which game a replay may show, the positions of an animation, the public points over
a game; reading only."""

from __future__ import annotations

from itertools import pairwise

import pytest

import rules
from bot.services import GameNotActive, GameService, NoSuchVersion, NotAllowed
from bot.services.replays import frame_versions
from tests.support.fixtures import ANN, BOB, CHANNEL, GUILD, NAMES, act, lobby, play_to_end, started


def test_an_animation_shows_every_position_or_an_even_spread_with_the_first_and_the_last() -> None:
    assert frame_versions(0) == [0]
    assert frame_versions(5, most=10) == [0, 1, 2, 3, 4, 5]
    spread = frame_versions(572, most=120)
    assert len(spread) == 120 and spread[0] == 0 and spread[-1] == 572
    assert spread == sorted(set(spread))
    assert max(b - a for a, b in pairwise(spread)) <= 6


async def test_a_replay_shows_this_server_s_games_only_and_said_alike_for_one_that_does_not_exist(
    service: GameService,
) -> None:
    game = await started(service)
    await act(service)
    assert (await service.replay_game(CHANNEL, GUILD)).id == game.id
    assert (await service.replay_game(CHANNEL + 1, GUILD, game.id)).id == game.id  # from another channel
    refusals = []
    for guild, asked in ((GUILD + 1, game.id), (GUILD, game.id + 99)):
        with pytest.raises(NotAllowed) as refused:
            await service.replay_game(CHANNEL, guild, asked)
        refusals.append(str(refused.value).replace(str(asked), "N"))
    assert refusals[0] == refusals[1]


async def test_a_lobby_has_nothing_to_replay_and_a_move_not_yet_played_is_refused(
    service: GameService,
) -> None:
    await lobby(service)
    with pytest.raises(GameNotActive):
        await service.replay_game(CHANNEL, GUILD)
    await service.start(CHANNEL, ANN)
    await act(service)
    game = await service.get_game(CHANNEL)
    with pytest.raises(NoSuchVersion):
        await service.replay_position(game.id, game.version + 1)
    assert await service.get_game(CHANNEL) == game


async def test_the_tiny_game_counts_no_points_in_a_position(service: GameService) -> None:
    game = await started(service)
    assert await service.score_history(game.id) is None


async def test_the_points_over_a_santa_fe_game_end_at_its_final_totals(service: GameService) -> None:
    await service.create_game(GUILD, CHANNEL, ANN, NAMES[ANN], "santafe", seat_order="join", auto_play=False)
    await service.join(CHANNEL, BOB, NAMES[BOB])
    await service.start(CHANNEL, ANN)
    game = await play_to_end(service)
    series = await service.score_history(game.id)
    assert series is not None and len(series) == game.version + 1
    result = await service.final_result(CHANNEL)
    assert series[-1] == [p["total"] for p in sorted(result["players"], key=lambda p: p["seat"])]
    engine = rules.get("santafe")
    assert series[0] == engine.public_scores(engine.new_game(2, 1234, game.options))
