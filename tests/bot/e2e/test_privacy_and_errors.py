"""Hidden information never reaches a public message; every wrong action gets a private, specific answer."""

from __future__ import annotations

import re

import pytest

from bot import messages
from bot.i18n import ENGLISH, translate
from loopback import CommandRefused
from tests.bot.e2e.conftest import Arena


def is_no_game_answer(content: str) -> bool:
    """The service's neutral sentence, then the bot's hint naming the commands that open a game."""
    sentences = ("No game has been played in this channel.", "There is no game in this channel.")
    hint = messages.service_hint("no_game", ENGLISH)
    # the commands are mentions (</game gwt:id>), which each client names in its own language
    named = re.sub(r"</([^:>]+):\d+>", r"/\1", content)
    return named in {f"{s} {hint}" for s in sentences} and all(
        f"</game {game}:" in content for game in ("gwt", "santafe")
    )


async def test_hands_and_private_events_stay_private(arena: Arena) -> None:
    """Hands (text and picture) go only to their owner; nothing marked private appears publicly."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        hand = await alice.slash("hand", arena.channel)
        assert hand.ephemeral and hand.message.visible_to == {alice.id}
        assert any(a.filename.startswith("hand") for a in hand.message.attachments)
        shown = await alice.click(arena.public()[-1], "Show my hand")
        assert shown.ephemeral and shown.message.visible_to == {alice.id}

        _, view = await service.view_for(channel_id, int(alice.id))
        labels = [label for _, label in await service.legal_moves(channel_id, int(alice.id))]
        choice = (await alice.autocomplete("move", arena.channel, move=""))[0]["value"]
        await alice.slash("move", arena.channel, move=choice)
        for message in arena.public():
            text = arena.loopback.describe(message)
            assert "🔒" not in text
            assert not any(a.filename.startswith("hand") for a in message.attachments)
            assert not any(label in text for label in labels), "a hand card's label was posted publicly"
        assert view.get("hand"), "the private view has a hand to hide"
        arena.loopback.assert_prompt_responses()


async def test_log_keeps_a_secret_card_choice_until_the_reveal(arena: Arena) -> None:
    """During Santa Fe's card choice /log names a card chosen only to the one who chose it; the others
    read that a card was chosen, and every card once all are revealed."""
    alice, bob, carol = arena.people
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        game = await service.get_game(channel_id)
        names = {s.user_id: s.name for s in game.seats}
        first = next(p for p in (alice, bob) if int(p.id) == game.seats[0].user_id)
        second = bob if first is alice else alice
        choice = (await first.autocomplete("move", arena.channel, move=""))[0]
        chosen = choice["name"].removeprefix("Play ")  # /log tells the move by the card its label names
        await first.slash("move", arena.channel, move=choice["value"])
        mine = await first.slash("log", arena.channel)
        assert mine.ephemeral and f"{names[int(first.id)]} plays {chosen}" in mine.content, mine.content
        assert "has chosen a card" not in mine.content  # the mover reads what, not only that, they chose
        for reader in (second, carol):
            theirs = await reader.slash("log", arena.channel)
            assert theirs.ephemeral and chosen not in theirs.content, theirs.content
            assert f"{names[int(first.id)]} chooses a card in secret." in theirs.content, theirs.content
        reply = (await second.autocomplete("move", arena.channel, move=""))[0]
        answer = reply["name"].removeprefix("Play ")
        # the last choice: the cards are revealed
        await second.slash("move", arena.channel, move=reply["value"])
        revealed = await carol.slash("log", arena.channel)
        assert f"{names[int(first.id)]} plays {chosen}" in revealed.content, revealed.content
        assert f"{names[int(second.id)]} plays {answer}" in revealed.content, revealed.content


async def test_wrong_actions_get_private_specific_answers(arena: Arena) -> None:
    """Wrong player, non-player, garbage, stale button, game over and missing permissions."""
    alice, bob = arena.people[:2]
    erin = arena.stranger
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        nothing = await alice.slash("move", arena.channel, move="pass")
        assert nothing.ephemeral and is_no_game_answer(nothing.content)

        await arena.start_game("gwt", alice, bob, max_players=2)
        game = await service.get_game(channel_id)
        mover = {int(alice.id): alice, int(bob.id): bob}[game.to_act_users[0]]
        waiter = bob if mover is alice else alice

        wrong = await waiter.slash("move", arena.channel, move="pass")
        stranger = await erin.slash("move", arena.channel, move="pass")
        garbage = await mover.slash("move", arena.channel, move="fly to the moon")
        for reply in (wrong, stranger, garbage):
            assert reply.ephemeral and translate(ENGLISH, "message.generic_error") not in reply.content
        assert "not your turn" in wrong.content
        assert "not playing in this game" in stranger.content
        assert "fly to the moon" in garbage.content and "/move" in garbage.content

        turn = arena.public()[-1]
        watcher = await erin.click(turn, "Play")
        assert watcher.ephemeral and watcher.content == translate(ENGLISH, "message.not_seated")
        not_yours = await waiter.click(turn, "Play")
        assert not_yours.ephemeral and translate(ENGLISH, "message.nothing_to_decide") in not_yours.content

        with pytest.raises(CommandRefused, match="permission"):
            await erin.slash("admin abandon", arena.channel)
        assert (await service.get_game(channel_id)).status == "active"

        done = await arena.admin.slash("admin abandon", arena.channel)
        assert "abandoned" in done.content
        over = await mover.slash("move", arena.channel, move="pass")
        assert over.ephemeral and is_no_game_answer(over.content)
        arena.loopback.assert_prompt_responses()


async def test_a_move_counts_even_if_the_bot_may_not_post(arena: Arena) -> None:
    """Without permission to post, the move is kept, the player is told privately what is missing, and the
    summary that could not be posted comes with the next post that can."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, style="every-turn")
        before = (await service.get_game(channel_id)).version
        arena.loopback.set_bot_access(arena.channel, send=False)
        for user in (alice, bob):
            card = (await user.autocomplete("move", arena.channel, move=""))[0]["value"]
            reply = await user.slash("move", arena.channel, move=card)
            assert reply.ephemeral
        expected = (
            f"Your move counted, but I could not post it in <#{channel_id}>: "
            "the bot lacks Send Messages there."
        )
        # the board is drawn in a worker process, so the follow-up may arrive just after the reply settles
        await arena.loopback.wait_until(
            lambda: any(m.content.startswith(expected) and m.ephemeral for m in reply.followups),
            "the explanation that the bot may not post",
        )
        assert not [m for m in arena.public() if "Cards revealed" in arena.loopback.describe(m)]
        assert (await service.get_game(channel_id)).version == before + 2

        arena.loopback.set_bot_access(arena.channel)
        posted = len(arena.public())
        while len(arena.public()) == posted:  # the layer lays track until the turn passes
            game = await service.get_game(channel_id)
            layer = arena.person(game.to_act_users[0])
            move = (await layer.autocomplete("move", arena.channel, move=""))[0]["value"]
            await layer.slash("move", arena.channel, move=move)
        summary = arena.loopback.describe(arena.public()[-1])
        assert "Cards revealed" in summary, summary


async def test_the_join_button_of_a_started_game_is_taken_off_and_explained(arena: Arena) -> None:
    """The start takes the Join button off the lobby message; a press that still comes (a client that has
    not shown the edit yet) is answered privately and changes nothing. A lobby message that kept its button
    (one an earlier version of the bot left) loses it at the first press, and the presser learns why."""
    alice, bob = arena.people[:2]
    erin = arena.stranger
    async with arena.running() as (_bot, service):
        lobby = await alice.slash("game santafe", arena.channel)
        with_button = lobby.public.components
        join = lobby.public.component("Join")["custom_id"]
        await bob.slash("game join", arena.channel)
        await alice.slash("game start", arena.channel)
        assert not lobby.public.flat_components()
        forged = await erin.forge_click(lobby.public, join)
        assert forged.ephemeral and forged.content == translate(ENGLISH, "message.gone_component")
        lobby.public.components = with_button  # as an earlier version of the bot left it
        late = await erin.click(lobby.public, "Join")
        assert late.response_type == 7  # the lobby message itself was updated
        assert not late.message.flat_components()
        [notice] = [m for m in late.posted if m.visible_to == {erin.id}]
        assert notice.content == translate(ENGLISH, "message.lobby_closed")
        game = await service.get_game(int(arena.channel.id))
        assert int(erin.id) not in {s.user_id for s in game.seats}
        arena.loopback.assert_prompt_responses()
