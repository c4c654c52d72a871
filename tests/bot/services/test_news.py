"""The news a player reads on coming back: the public events since their own last move, shown once."""

from __future__ import annotations

from tests.support.fixtures import ANN, BOB, CHANNEL, CID, started


def texts(news) -> list[str]:
    return [ev["text"] for ev in news.events]


async def test_nothing_is_news_while_nobody_else_has_moved(service):
    await started(service, (ANN, BOB, CID))
    assert await service.news_for(CHANNEL, ANN) is None
    await service.submit(CHANNEL, ANN, "draw")
    await service.submit(CHANNEL, ANN, "pass")
    assert await service.news_for(CHANNEL, ANN) is None  # only their own moves since
    assert await service.news_for(CHANNEL, 99) is None  # not seated


async def test_the_news_holds_the_public_events_since_the_players_own_last_move(service):
    await started(service, (ANN, BOB, CID))
    await service.submit(CHANNEL, ANN, "pass")
    await service.submit(CHANNEL, BOB, "draw")
    await service.submit(CHANNEL, BOB, "pass")
    news = await service.news_for(CHANNEL, ANN)
    assert news is not None and (news.since, news.upto) == (1, 3)
    assert texts(news) == ["Seat 1 draws a card.", "Seat 1 ends the turn.", "Seat 2's turn."]
    assert all(ev.get("private_to") is None for ev in news.events)  # Bob's drawn card stays his
    # Cid has not moved at all: everything so far is news to him
    assert texts(await service.news_for(CHANNEL, CID))[0] == "Seat 0 ends the turn."


async def test_news_once_shown_is_not_shown_again_until_more_happens(service):
    await started(service, (ANN, BOB, CID))
    await service.submit(CHANNEL, ANN, "pass")
    await service.submit(CHANNEL, BOB, "pass")
    news = await service.news_for(CHANNEL, ANN)
    service.news_shown(news)
    assert await service.news_for(CHANNEL, ANN) is None
    await service.submit(CHANNEL, CID, "draw")
    later = await service.news_for(CHANNEL, ANN)
    assert later is not None and later.since == 1 and texts(later) == ["Seat 2 draws a card."]


async def test_a_move_taken_back_after_it_was_shown_leaves_its_replacement_news(service):
    await started(service, (ANN, BOB, CID))
    await service.submit(CHANNEL, ANN, "pass")
    hand = (await service.view_for(CHANNEL, BOB))[1]["hand"]
    await service.submit(CHANNEL, BOB, f"play {hand[0]}")
    service.news_shown(await service.news_for(CHANNEL, ANN))
    await service.undo(CHANNEL, BOB)
    await service.submit(CHANNEL, BOB, f"play {hand[1]}")
    news = await service.news_for(CHANNEL, ANN)
    assert news is not None and texts(news) == [f"Seat 1 plays a {hand[1]}."]
