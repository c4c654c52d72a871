"""Submitting moves: canonical notation, outcomes, notifications, refusals, computer players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.services import GameNotActive, GameService, NoGameHere, NotAllowed, NotInGame, StaleVersion
from rules.ai import Question
from rules.core.errors import AmbiguousMoveError, IllegalMoveError, NotYourTurnError, ParseError
from tests.support.fixtures import (
    ANN,
    BOB,
    CHANNEL,
    CID,
    GUILD,
    act,
    lobby,
    moves_since,
    play_to_end,
    started,
)


async def hand(service: GameService, user: int) -> list[int]:
    return (await service.view_for(CHANNEL, user))[1]["hand"]


async def test_any_spelling_is_accepted_and_the_log_keeps_the_canonical_move(service):
    await started(service)
    card = (await hand(service, ANN))[0]
    outcome = await service.submit(CHANNEL, ANN, f"  PLAY   {card} ")
    assert outcome.move == f"play {card}" and outcome.seat == 0 and outcome.version == 1
    outcome = await service.submit(CHANNEL, ANN, "end")  # an alias of pass
    assert outcome.move == "pass"
    exported = await service.export(CHANNEL)
    assert [m["move"] for m in exported["moves"]] == [f"play {card}", "pass"]


async def test_unreadable_ambiguous_and_illegal_moves_pass_the_engine_error_through(service):
    await started(service)
    with pytest.raises(ParseError):
        await service.submit(CHANNEL, ANN, "   ")
    with pytest.raises(AmbiguousMoveError):
        await service.submit(CHANNEL, ANN, "play")
    with pytest.raises(IllegalMoveError):
        await service.submit(CHANNEL, ANN, "play 99")
    assert (await service.get_game(CHANNEL)).version == 0


async def test_outcome_of_a_move_within_a_turn(service):
    await started(service)
    card = (await hand(service, ANN))[0]
    outcome = await service.submit(CHANNEL, ANN, f"play {card}")
    assert outcome.turn_passed is False and outcome.finished is False and outcome.result is None
    assert outcome.to_act == (0,) and outcome.to_act_users == (ANN,)
    assert [e["type"] for e in outcome.events] == ["play"]
    assert outcome.public_events == outcome.events
    assert [(p.version, p.seat, p.user_id, p.move, p.actor) for p in outcome.played] == [
        (1, 0, ANN, f"play {card}", "player")
    ]
    assert outcome.notifications == ()


async def test_outcome_of_a_move_that_passes_the_turn(service):
    await started(service)
    outcome = await service.submit(CHANNEL, ANN, "pass")
    assert outcome.turn_passed is True and outcome.to_act == (1,) and outcome.to_act_users == (BOB,)
    assert [(n.kind, n.user_id) for n in outcome.notifications] == [("your_turn", BOB)]
    assert outcome.game.turn_started_at is not None
    # the direct message names the game, what is asked, and links to where it is played
    assert outcome.notifications[0].text == (
        f"It is your turn in [Tiny](https://discord.com/channels/{GUILD}/{CHANNEL}): Play, draw or pass"
    )


async def test_private_events_stay_out_of_the_public_ones(service):
    await started(service)
    outcome = await service.submit(CHANNEL, ANN, "draw")
    kinds = {e["type"]: e.get("private_to") for e in outcome.events}
    assert kinds == {"draw": None, "drawn": 0}
    assert [e["type"] for e in outcome.public_events] == ["draw"]


async def test_wrong_player_non_player_and_no_game(service):
    with pytest.raises(NoGameHere):
        await service.submit(CHANNEL, ANN, "pass")
    await started(service)
    with pytest.raises(NotYourTurnError):
        await service.submit(CHANNEL, BOB, "pass")
    with pytest.raises(NotInGame):
        await service.submit(CHANNEL, CID, "pass")


async def test_stale_version_is_refused_and_the_current_one_accepted(service):
    await started(service)
    await service.submit(CHANNEL, ANN, "pass", expected_version=0)
    with pytest.raises(StaleVersion):
        await service.submit(CHANNEL, BOB, "pass", expected_version=0)
    outcome = await service.submit(CHANNEL, BOB, "pass", expected_version=1)
    assert outcome.version == 2


async def test_a_decision_key_holds_while_the_others_move_and_plays_once(service):
    """In the simultaneous bid, Bob's bid leaves Ann's decision key as it was: a move sent with it is
    played; the same key sent again (a second press) is refused and changes nothing."""
    await started(service)
    await act(service, "pass")
    await act(service, "pass")
    assert (await service.get_game(CHANNEL)).to_act == (0, 1)  # both bid at once
    anns = await service.decision(CHANNEL, ANN)
    assert [m for m, _ in anns.moves] == [m for m, _ in await service.legal_moves(CHANNEL, ANN)]
    bobs = await service.decision(CHANNEL, BOB)
    await service.submit(CHANNEL, BOB, bobs.moves[0][0], expected_decision=bobs.key)
    assert (await service.decision(CHANNEL, ANN)).key == anns.key
    played = await service.submit(CHANNEL, ANN, anns.moves[0][0], expected_decision=anns.key)
    with pytest.raises(StaleVersion):
        await service.submit(CHANNEL, ANN, anns.moves[0][0], expected_decision=anns.key)
    assert (await service.get_game(CHANNEL)).version == played.version


async def test_a_finished_game_refuses_moves_and_records_results(service):
    await started(service)
    info = await play_to_end(service)
    assert info.status == "finished" and info.to_act == ()
    with pytest.raises(GameNotActive):
        await service.submit(CHANNEL, ANN, "pass")
    assert await service.legal_moves(CHANNEL, ANN) == []
    stats = await service.stats(10)
    assert stats["played"] == 1


async def test_the_last_move_reports_the_result_and_tells_everyone(service):
    await started(service, options={"rounds": 1})
    outcome = None
    while (await service.get_game(CHANNEL)).status == "active":
        outcome = await act(service)
    assert outcome is not None and outcome.finished and outcome.result is not None
    assert {p["seat"] for p in outcome.result["players"]} == {0, 1}
    assert sorted((n.kind, n.user_id) for n in outcome.notifications) == [
        ("game_over", ANN),
        ("game_over", BOB),
    ]


async def test_legal_moves_with_labels_only_for_whoever_must_act(service):
    await started(service)
    cards = await hand(service, ANN)
    moves = await service.legal_moves(CHANNEL, ANN)
    assert moves == [
        *[(f"play {c}", f"Play your {c}") for c in cards],
        ("draw", "Draw the top card"),
        ("pass", "End your turn"),
    ]
    assert await service.legal_moves(CHANNEL, BOB) == []
    assert await service.legal_moves(CHANNEL, CID) == []
    with pytest.raises(NoGameHere):
        await service.legal_moves(CHANNEL + 5, ANN)


async def test_simultaneous_bids_are_accepted_in_any_order(service):
    await started(service)
    await service.submit(CHANNEL, ANN, "pass")
    outcome = await service.submit(CHANNEL, BOB, "pass")
    assert set(outcome.to_act) == {0, 1}
    assert {n.user_id for n in outcome.notifications if n.kind == "your_turn"} == {ANN}  # Bob acted himself
    bob_card = (await hand(service, BOB))[0]
    outcome = await service.submit(CHANNEL, BOB, f"bid {bob_card}")
    assert outcome.to_act == (0,) and outcome.turn_passed is True  # Bob has nothing more to do
    assert [e["type"] for e in outcome.public_events] == ["bid"]  # the card itself stays hidden
    ann_card = (await hand(service, ANN))[0]
    outcome = await service.submit(CHANNEL, ANN, f"bid {ann_card}")
    assert "reveal" in [e["type"] for e in outcome.public_events]


class RecordingAI:
    """A computer player that records what it was shown (in a file: it plays in a worker process) and
    plays its last legal move."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, asked: Question) -> str:
        with self.path.open("a", encoding="utf-8") as file:
            file.write(
                json.dumps([asked.game_id, asked.view, list(asked.legal), asked.level, asked.seed]) + "\n"
            )
        return asked.legal[-1]  # "pass" in a turn, a bid in the bid phase

    @property
    def calls(self) -> list[list]:
        return [json.loads(line) for line in self.path.read_text(encoding="utf-8").splitlines()]


async def test_computer_seats_move_after_a_person_and_decide_from_their_own_view(
    db, clock, tiny_game, tmp_path
):
    ai = RecordingAI(tmp_path / "calls.jsonl")
    service = GameService(db, clock, ai, new_seed=lambda: 99)
    await lobby(service, (ANN,))
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.start(CHANNEL, ANN)
    outcome = await service.submit(CHANNEL, ANN, "pass")
    assert outcome.to_act == (1,)  # the answer comes without waiting for the computer
    played = await moves_since(service, 0)
    await service.close()
    # the computer ends its turn, then bids at once in the simultaneous bid; Ann still has to bid
    assert [(p.actor, p.seat) for p in played] == [("player", 0), ("ai", 1), ("ai", 1)]
    assert played[2].move.startswith("bid") and (await service.get_game(CHANNEL)).to_act == (0,)
    assert played[1].seat == 1 and played[1].user_id is None
    game_id, view, legal, level, _seed = ai.calls[0]
    assert game_id == "tiny" and level == 0 and view["viewer"] == 1
    assert "hand" in view and "hands" not in view  # only its own cards
    assert legal[-1] == "pass" and all(m.startswith(("play", "draw", "pass")) for m in legal)
    log = await service.log(CHANNEL, ANN)
    assert "(computer)" in log[1]


async def test_a_game_against_computers_plays_to_the_end_through_the_same_path(db, clock, tiny_game):
    service = GameService(db, clock, new_seed=lambda: 5)
    await lobby(service, (ANN,), options={"rounds": 3})
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.add_ai(CHANNEL, ANN, level=1)
    await service.start(CHANNEL, ANN)
    info = await play_to_end(service)
    assert info.status == "finished"
    exported = await service.export(CHANNEL)
    assert {m["actor"] for m in exported["moves"]} == {"player", "ai"}
    assert [m["version"] for m in exported["moves"]] == list(range(1, info.version + 1))
    assert await service.check_replay(info.id)


async def test_the_computer_loop_is_bounded(db, clock, tiny_game):
    service = GameService(db, clock, new_seed=lambda: 5, max_ai_moves=2)
    await lobby(service, (ANN,), options={"rounds": 5})
    await service.add_ai(CHANNEL, ANN, level=0)
    await service.start(CHANNEL, ANN)
    await service.submit(CHANNEL, ANN, "pass")
    assert len([p for p in await moves_since(service, 1) if p.actor == "ai"]) <= 2


async def test_a_seat_played_by_the_computer_cannot_be_played_by_its_owner(service):
    await started(service, (ANN, BOB, CID))
    await service.hand_to_ai(CHANNEL, BOB, 1)
    with pytest.raises(NotAllowed):
        await service.submit(CHANNEL, BOB, "pass")


def broken(asked: Question) -> str:
    raise RuntimeError("the heuristic crashed")


def nonsense(asked: Question) -> str:
    return "fly to the moon"


async def test_a_failing_computer_player_does_not_stall_the_game(db, clock, tiny_game, caplog):
    for channel, player in ((CHANNEL, broken), (CHANNEL + 1, nonsense)):
        service = GameService(db, clock, player, new_seed=lambda: 4)
        await lobby(service, (ANN,), channel)
        await service.add_ai(channel, ANN)
        await service.start(channel, ANN)
        await service.submit(channel, ANN, "pass")
        ai_moves = [p.move for p in await moves_since(service, 1, channel) if p.actor == "ai"]
        await service.close()
        assert ai_moves and ai_moves[0].startswith("play")  # the first legal move instead
        assert (await service.get_game(channel)).to_act == (0,)
    assert "computer player for tiny seat 1 failed" in caplog.text
