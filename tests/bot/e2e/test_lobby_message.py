"""The lobby is one message: each change to the table (a join by command or button, a leave, a computer
seated or taken out, a setting) edits it in place, roster and Join button current; the start and calling
off say so there and take the button away. A deleted lobby message is posted again, and a restart edits
the same one."""

from __future__ import annotations

from bot.i18n import translate
from loopback import Message
from tests.bot.e2e.conftest import Arena


def players(lobby: Message) -> str:
    """The players listed in the lobby message's table."""
    return str(lobby.embeds[0]["fields"][0]["value"])


def buttons(message: Message) -> list[str]:
    return [str(c.get("label")) for c in message.flat_components()]


def full(lobby: Message) -> bool:
    """Whether the lobby's Join button is disabled (its table is full)."""
    return bool(lobby.component("Join").get("disabled"))


async def test_every_change_to_the_table_edits_the_one_lobby_message(arena: Arena) -> None:
    alice, bob, carol = arena.people
    async with arena.running() as (_bot, service):
        opened = await alice.slash("game santafe", arena.channel, max_players=3)
        lobby = opened.public
        assert arena.public() == [lobby] and buttons(lobby) == ["Join"] and not full(lobby)

        joined = await bob.slash("game join", arena.channel)
        assert joined.message.ephemeral and joined.message.content == "You joined."
        assert lobby.content.endswith("\nBob joined.") and bob.mention in players(lobby)
        clicked = await carol.click(lobby, "Join")
        assert clicked.message.ephemeral
        assert lobby.content.endswith("\nCarol joined.") and carol.mention in players(lobby)
        assert full(lobby)  # three of three seats taken
        await carol.slash("game leave", arena.channel)
        assert lobby.content.endswith("\nCarol left.") and carol.mention not in players(lobby)
        assert not full(lobby)
        await alice.slash("game add-ai", arena.channel, level=0)
        assert "Computer 1" in players(lobby) and full(lobby)
        await alice.slash("game remove-ai", arena.channel, seat=3)
        assert lobby.content.endswith("\nComputer 1 left the table.") and "Computer" not in players(lobby)
        assert buttons(lobby) == ["Join"] and not full(lobby)
        await alice.slash("game timing", arena.channel, deadline_hours=48)
        assert "Timing changed" in lobby.content.split("\n")[-1] and "2 days" in str(lobby.embeds[0])
        # the host of a lobby is named as the one who starts it
        assert lobby.content.startswith("A game of **Santa Fe** is waiting for players here.")
        assert "the host, Alice, starts it" in lobby.content
        assert arena.public() == [lobby]  # nothing else was posted

        await alice.slash("game start", arena.channel)
        game = await service.get_game(int(arena.channel.id))
        assert lobby.content == translate("en", "message.lobby.started", title=game.title)
        assert lobby.flat_components() == [] and lobby.embeds == []
        assert arena.public()[0] == lobby and len(arena.public()) > 1  # the live board follows


async def test_calling_off_a_lobby_says_so_on_its_message_without_the_join_button(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    async with arena.running():
        lobby = (await alice.slash("game gwt", arena.channel)).public
        await bob.slash("game join", arena.channel)
        await alice.slash("game cancel", arena.channel)
        assert lobby.content == "The game of Great Western Trail here was called off."
        assert lobby.flat_components() == [] and arena.public() == [lobby]

        lobby = (await alice.slash("game santafe", arena.channel)).public
        await arena.admin.slash("admin abandon", arena.channel)
        assert lobby.content.startswith("The game of Santa Fe here was abandoned by")
        assert lobby.flat_components() == []


async def test_a_deleted_lobby_message_is_posted_again_and_edited_after_a_restart(arena: Arena) -> None:
    alice, bob, carol = arena.people
    async with arena.running():
        first = (await alice.slash("game santafe", arena.channel)).public
        first.deleted = True  # as a moderator's delete leaves it
        joined = await bob.slash("game join", arena.channel)
        [again] = [m for m in joined.posted if not m.ephemeral]
        assert again.content.endswith("\nBob joined.") and bob.mention in players(again)
        assert buttons(again) == ["Join"]
    async with arena.running():
        await carol.slash("game join", arena.channel)
        assert again.content.endswith("\nCarol joined.") and carol.mention in players(again)
        assert arena.public() == [again]
