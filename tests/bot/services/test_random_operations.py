"""Random sequences of everything people do to a game keep the stored game whole: after every step
the log is contiguous, the snapshot is at the game's version and equals a replay, and a refusal
changed nothing."""

from __future__ import annotations

import pytest

from bot.services import GameService, ServiceError
from rules.core.errors import RulesError
from rules.core.rng import Rng
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, lobby, table_rows

USERS = (ANN, BOB, CID)


async def assert_whole(service: GameService) -> None:
    info = await service.get_game(CHANNEL)
    data = await service.export(CHANNEL)
    assert [m["version"] for m in data["moves"]] == list(range(1, info.version + 1))
    assert await service.check_replay(info.id)


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_operations_keep_the_game_whole(db, db_where, clock, tiny_game, seed):
    rng = Rng(seed)
    service = GameService(db, clock, new_seed=lambda: seed)
    await lobby(service, USERS, options={"rounds": 40})
    await service.start(CHANNEL, ANN)
    applied = refused = 0
    for _ in range(120):
        await service.runner.idle()  # the computer's moves are not the refusals checked below
        info = await service.get_game(CHANNEL)
        if info.status != "active":
            break
        waiting = info.to_act_users
        user = rng.choice(waiting) if waiting and rng.randrange(4) else rng.choice(USERS)
        legal = [m for m, _ in await service.legal_moves(CHANNEL, user)]
        kind = rng.choice(["legal", "legal", "legal", "undo", "junk", "stale", "away", "computer"])
        before = await table_rows(db_where)
        try:
            if kind == "legal" and legal:
                await service.submit(CHANNEL, user, rng.choice(legal), expected_version=info.version)
            elif kind == "undo":
                await service.undo(CHANNEL, user)
            elif kind == "stale":
                await service.submit(CHANNEL, user, "pass", expected_version=info.version - 1)
            elif kind == "away":
                await service.set_away(CHANNEL, user, rng.randrange(2) == 1)
            elif kind == "computer":  # Cid's seat goes to the computer and back; the others stay people
                if info.seats[2].is_ai:
                    await service.take_back_seat(CHANNEL, CID)
                else:
                    await service.hand_to_ai(CHANNEL, CID, 2, level=0)
            else:
                await service.submit(CHANNEL, user, rng.choice(["play 99", "bid", "fly", "pass"]))
            applied += 1
        except (ServiceError, RulesError):
            refused += 1
            assert await table_rows(db_where) == before
        await service.runner.idle()
        await assert_whole(service)
    assert applied > 20 and refused > 10
