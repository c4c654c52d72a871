"""Auto-play: a person's step with exactly one legal move and nothing secret is made at once, said in the
summary; a secret choice, a computer seat's move and a step right after a move its player may still take
back are left alone."""

from __future__ import annotations

import random

import pytest

from bot.services import GameService, NotAllowed, NotHost
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, NAMES, higher_game, started

__all__ = ["higher_game"]

SEED = 1


async def test_lone_steps_are_made_at_once_except_secret_ones_and_those_an_undo_may_still_need(
    service: GameService,
) -> None:
    """Tiny, seeded random moves with auto-play on: after every move, a person left facing a single legal
    move faces a sealed bid (their secret to make) or may still take back the move they just made; lone
    steps were made for players meanwhile, each said in the log, one move a line."""
    await started(service, (ANN, BOB, CID), auto_play=True, options={"rounds": 4})
    rng = random.Random(SEED)
    secret = made = 0
    game = await service.get_game(CHANNEL)
    while game.status == "active":
        user = rng.choice(sorted(game.to_act_users))
        outcome = await service.submit(CHANNEL, user, rng.choice(await service.legal_moves(CHANNEL, user))[0])
        made += len(outcome.played) - 1
        assert [p.actor for p in outcome.played] == ["player"] * len(outcome.played)
        game = outcome.game
        for other in game.to_act_users:
            lone = await service.legal_moves(CHANNEL, other)
            if len(lone) == 1:
                is_bid = lone[0][0].startswith("bid")
                secret += is_bid
                undoable = other == user and not any(
                    ev.get("irreversible") or ev.get("type") == "turn_start" for ev in outcome.events
                )
                assert is_bid or undoable, (lone, outcome.move)
    assert secret > 0 and made > 0
    log = await service.log(CHANNEL, limit=1000)
    assert sum("(made for " in line for line in log) == made, log


async def test_with_auto_play_off_every_step_waits_for_its_player(service: GameService) -> None:
    await started(service, auto_play=False)
    rng = random.Random(4)
    game = await service.get_game(CHANNEL)
    while game.status == "active":
        user = rng.choice(sorted(game.to_act_users))
        outcome = await service.submit(CHANNEL, user, rng.choice(await service.legal_moves(CHANNEL, user))[0])
        assert len(outcome.played) == 1
        game = outcome.game
    assert not any("made for" in line for line in await service.log(CHANNEL, limit=1000))


async def test_only_the_host_chooses_and_bad_values_change_nothing(service: GameService) -> None:
    await started(service)
    with pytest.raises(NotHost):
        await service.set_channel_style(CHANNEL, BOB, auto_play=True)
    with pytest.raises(NotAllowed):
        await service.set_channel_style(CHANNEL, ANN, style="loud")
    with pytest.raises(NotAllowed):
        await service.set_channel_style(CHANNEL, ANN)
    game = await service.get_game(CHANNEL)
    assert (game.channel_style, game.auto_play) == ("every-turn", False)  # as the test table opened it
    game = await service.set_channel_style(CHANNEL, ANN, style="quiet", auto_play=True)
    assert (game.channel_style, game.auto_play) == ("quiet", True)


async def test_a_step_whose_being_the_only_one_tells_what_a_hand_holds_waits_for_its_player(
    service: GameService, higher_game: None
) -> None:
    """Higher (a hidden hand; play higher or pass) says every forced step would reveal the hand: with
    auto-play on, a person left with one legal move (a pass: nothing higher; one card: the rest lower)
    takes it themselves, and no line says "the only move"."""
    await service.create_game(
        GUILD, CHANNEL, ANN, NAMES[ANN], "higher", options={}, seat_order="join", auto_play=True
    )
    await service.join(CHANNEL, BOB, NAMES[BOB])
    game = (await service.start(CHANNEL, ANN)).game
    lone = 0
    while game.status == "active":
        [user] = game.to_act_users
        moves = await service.legal_moves(CHANNEL, user)
        lone += len(moves) == 1
        outcome = await service.submit(CHANNEL, user, moves[0][0])
        assert len(outcome.played) == 1, [p.move for p in outcome.played]  # nothing made for the next
        game = outcome.game
    assert lone > 0
    assert not any("made for" in line for line in await service.log(CHANNEL, limit=1000))
