"""Through Discord: nobody is seated by someone else. An import keeps the seats of the people it names
until they take them; /game replace asks the member, who takes the seat with Accept."""

from __future__ import annotations

import json

from bot.services.archive import EXPORT_FORMAT
from tests.bot.e2e.conftest import Arena


def santa_fe_file(players: list[tuple[str, str]]) -> tuple[str, bytes]:
    """An export of a Santa Fe game before its first move, naming ``players`` (name, user id)."""
    data = {
        "format": EXPORT_FORMAT,
        "rules_id": "santafe",
        "options": {},
        "seed": 11,
        "status": "active",
        "version": 0,
        "players": [
            {"seat": i, "name": name, "user_id": int(uid), "is_ai": False, "ai_level": None}
            for i, (name, uid) in enumerate(players)
        ],
        "moves": [],
    }
    return "game.json", json.dumps(data).encode()


async def test_an_import_seats_only_the_importer_and_keeps_the_others_seats(arena: Arena) -> None:
    alice, bob, carol = arena.people
    elsewhere = arena.loopback.add_guild("Another server")
    oscar = arena.loopback.add_user("oscar", guilds=elsewhere)
    channel = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        file = santa_fe_file([("alice", alice.id), ("bob", bob.id), ("oscar", oscar.id)])
        imported = await alice.slash("game import", arena.channel, file=file)
        # everyone chooses a card at once, but only alice, who imported it, sits at the table and is pinged
        game = await service.get_game(channel)
        assert game.to_act == (0, 1, 2) and game.to_act_users == (int(alice.id),)
        pinged = {uid for m in imported.posted for uid in m.mentions}
        assert pinged <= {alice.id}
        [announcement] = [m for m in imported.posted if "seats kept" in m.content.lower()]
        assert [c["label"] for c in announcement.flat_components()] == ["Take seat 2", "Take seat 3"]

        refused = await carol.click(announcement, "Take seat 2")
        assert refused.ephemeral and "someone else" in refused.content
        taken = await bob.click(announcement, "Take seat 2")
        news = taken.followups[-1]  # the private "thinking" answer first, then the news for everyone
        assert not news.ephemeral and "bob took seat 2" in news.content.lower()
        assert not {uid for m in taken.posted for uid in m.mentions}
        game = await service.get_game(channel)
        assert game.to_act_users == (int(alice.id), int(bob.id))
        # oscar is not in this server: his seat stays kept, unplayed, and he has never been pinged here
        assert game.seats[2].user_id is None and game.seats[2].offered_to == int(oscar.id)
        assert not [m for m in arena.loopback.messages(arena.channel) if oscar.id in m.mentions]
        arena.loopback.assert_prompt_responses()


async def test_replace_seats_the_member_only_once_they_accept(arena: Arena) -> None:
    alice, bob, carol = arena.people
    channel = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        offer = await alice.slash("game replace", arena.channel, seat=2, member=carol)
        news = offer.followups[-1]  # the private "thinking" answer first, then the offer for everyone
        assert not news.ephemeral and news.mentions == [carol.id]
        assert (await service.get_game(channel)).seats[1].user_id == int(bob.id)

        refused = await arena.stranger.click(news, "Accept")
        assert refused.ephemeral and "someone else" in refused.content
        assert (await service.get_game(channel)).seats[1].user_id == int(bob.id)
        accepted = (await carol.click(news, "Accept")).followups[-1]
        assert not accepted.ephemeral and "carol took seat 2" in accepted.content.lower()
        game = await service.get_game(channel)
        assert game.seats[1].user_id == int(carol.id) and game.seat_of(int(bob.id)) is None
        arena.loopback.assert_prompt_responses()
