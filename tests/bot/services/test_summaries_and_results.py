"""What the channel is told and what a finished game reports: the public events not yet summarised
(kept in the database, so a restart mid-turn loses none), a finished game's result, the server's own
hosting limit, and refusals that name no Discord command."""

from __future__ import annotations

import pytest

from bot.services import FakeClock, GameNotActive, GameService, NoGameHere, NotAllowed, NotHost
from bot.storage import Database, open_database
from tests.support.fixtures import ANN, BOB, CHANNEL, GUILD, act, play_to_end, started


async def tell(service: GameService, game_id: int, upto: int) -> list[dict]:  # type: ignore[type-arg]
    """What a posted summary holds: the untold public events, which then count as told."""
    events = await service.untold_public_events(game_id, upto)
    await service.mark_told(game_id, upto)
    return events


def texts(events: list[dict]) -> list[str]:  # type: ignore[type-arg]
    return [e["text"] for e in events]


async def test_refusals_for_a_missing_game_name_no_command(service: GameService) -> None:
    """The service is Discord-free: the bot adds the hint that names its slash commands."""
    refusals = []
    for call in (
        service.submit(CHANNEL, ANN, "pass"),
        service.get_game(CHANNEL),
        service.game_by_id(999),
        service.join(CHANNEL, ANN, "Ann"),
    ):
        with pytest.raises(NoGameHere) as caught:
            await call
        refusals.append(caught.value.message)
    assert all("/" not in text and text.endswith(".") for text in refusals), refusals
    assert "There is no game in this channel." in refusals


async def test_public_events_of_a_long_turn_survive_a_new_service(
    service: GameService, db_where, clock: FakeClock
) -> None:
    """Two steps by Ann, a new service on the same file, then the pass: every public step is handed
    out once, in order, and nothing private."""
    game = await started(service)
    assert await tell(service, game.id, game.version) == []  # the start told nothing yet
    await act(service, "draw")
    await act(service, "draw")
    other_db: Database = await open_database(db_where)
    try:
        fresh = GameService(other_db, clock)
        outcome = await act(fresh, "pass")
        assert outcome.turn_passed
        told = texts(await tell(fresh, game.id, outcome.version))
    finally:
        await other_db.close()
    assert told == ["Seat 0 draws a card.", "Seat 0 draws a card.", "Seat 0 ends the turn.", "Seat 1's turn."]
    assert await tell(service, game.id, outcome.version) == []


async def test_reading_the_untold_events_tells_nobody(service: GameService) -> None:
    """A summary whose post failed leaves its lines queued: only ``mark_told`` takes them off."""
    game = await started(service)
    outcome = await act(service, "pass")
    first = texts(await service.untold_public_events(game.id, outcome.version))
    assert first and texts(await service.untold_public_events(game.id, outcome.version)) == first
    await service.mark_told(game.id, outcome.version)
    assert await service.untold_public_events(game.id, outcome.version) == []


async def test_undone_steps_are_not_told_and_steps_after_an_undo_are(service: GameService) -> None:
    game = await started(service)
    card = next(m for m, _ in await service.legal_moves(CHANNEL, ANN) if m.startswith("play"))
    await act(service, card)
    await service.undo(CHANNEL, ANN)
    await act(service, "draw")
    outcome = await act(service, "pass")
    assert texts(await tell(service, game.id, outcome.version)) == [
        "Seat 0 draws a card.",
        "Seat 0 ends the turn.",
        "Seat 1's turn.",
    ]


async def test_a_restore_makes_the_replayed_moves_news_again(service: GameService) -> None:
    game = await started(service)
    await act(service, "pass")
    await act(service, "pass")
    info = await service.get_game(CHANNEL)
    assert len(await tell(service, game.id, info.version)) >= 2
    await service.restore(CHANNEL, 1, admin=True)
    again = await act(service, "pass")
    assert texts(await tell(service, game.id, again.version))[0] == "Seat 1 ends the turn."


async def test_an_imported_game_starts_with_its_log_told(service: GameService) -> None:
    await started(service)
    await act(service, "draw")
    await act(service, "pass")
    data = await service.export(CHANNEL)
    imported = await service.import_game(GUILD, CHANNEL + 1, data, ANN)
    assert imported.version == 2
    assert await tell(service, imported.id, imported.version) == []


async def test_final_result_of_a_finished_game_and_only_then(service: GameService) -> None:
    await started(service, options={"rounds": 1})
    with pytest.raises(GameNotActive):
        await service.final_result(CHANNEL)
    finished = await play_to_end(service)
    assert finished.status == "finished"
    result = await service.final_result(CHANNEL)
    assert sorted(p["seat"] for p in result["players"]) == [0, 1]
    totals = {p["seat"]: p["total"] for p in result["players"]}
    assert sorted(s for group in result["ranking"] for s in group) == [0, 1]
    assert all(totals[w] == max(totals.values()) for w in result["winners"])
    # a service without the cached state reads the same result (from the snapshot, or by replay)
    fresh = GameService(service.db, service.clock)
    assert await fresh.final_result(CHANNEL) == result
    with pytest.raises(NoGameHere):
        await service.final_result(CHANNEL + 5)


async def test_the_server_hosting_limit_is_stored_and_checked(service: GameService) -> None:
    assert (await service.guild_settings(GUILD)).max_games_per_user is None
    saved = await service.update_guild_settings(GUILD, max_games_per_user=2)
    assert saved.max_games_per_user == 2
    await service.update_guild_settings(GUILD, deadline_minutes=60)  # other settings leave it alone
    assert (await service.guild_settings(GUILD)).max_games_per_user == 2
    assert (await service.guild_settings(GUILD + 1)).max_games_per_user is None
    with pytest.raises(NotAllowed):
        await service.update_guild_settings(GUILD, max_games_per_user=0)
    await service.update_guild_settings(GUILD, max_games_per_user=None)
    assert (await service.guild_settings(GUILD)).max_games_per_user is None


async def test_the_host_chooses_pictures_on_request_and_the_choice_message_is_remembered(
    service: GameService,
) -> None:
    """The pictures setting: host only, known modes only, kept with the game. The message of who has chosen
    belongs to the moves not yet told: once a summary tells them, it is no longer the current one."""
    game = await started(service)
    assert game.pictures == "every-turn"
    with pytest.raises(NotAllowed):
        await service.set_pictures(CHANNEL, ANN, "sometimes")
    with pytest.raises(NotHost):
        await service.set_pictures(CHANNEL, BOB, "on-request")
    assert (await service.get_game(CHANNEL)).pictures == "every-turn"
    assert (await service.set_pictures(CHANNEL, ANN, "on-request")).pictures == "on-request"
    assert (await service.get_game(CHANNEL)).pictures == "on-request"

    assert await service.progress_message(game.id) is None
    await service.remember_progress_message(game.id, 1234)
    assert await service.progress_message(game.id) == 1234
    await act(service)
    assert await service.untold_movers(game.id, 1) == [game.to_act[0]]
    assert await service.progress_message(game.id) == 1234  # nothing told yet
    await service.mark_told(game.id, 1)
    assert await service.progress_message(game.id) is None
