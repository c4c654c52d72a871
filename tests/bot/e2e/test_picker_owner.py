"""A private picker answers only its owner, and every press is answered. Discord shows a private picker
to its owner alone, so these presses are forged (``SimUser.forge_click``): the bot checks them anyway."""

from __future__ import annotations

from bot.i18n import ENGLISH, translate
from bot.ui import choices, pickers
from loopback import Message
from tests.bot.e2e.conftest import Arena


def move_buttons(message: Message) -> list[str]:
    return [c["custom_id"] for c in message.flat_components() if c.get("custom_id", "").startswith("bg:mv:")]


def snapshot(message: Message) -> tuple[str, list[dict]]:
    return message.content, [dict(c) for c in message.flat_components()]


async def test_a_press_on_someone_elses_picker_is_refused_privately(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)  # both choose a card at once
        picker = await alice.click(arena.public()[-1], "Play")
        assert picker.ephemeral and move_buttons(picker.message)
        before = snapshot(picker.message)
        version = (await service.get_game(channel_id)).version

        forged = await bob.forge_click(picker, move_buttons(picker.message)[0])

        assert forged.acknowledged and forged.ephemeral
        assert forged.message.visible_to == frozenset({bob.id})
        assert forged.content == translate(ENGLISH, "message.not_your_picker")
        assert forged.edited == []  # Alice's picker is not touched
        assert snapshot(picker.message) == before
        game = await service.get_game(channel_id)
        assert game.version == version and set(game.to_act_users) == {int(alice.id), int(bob.id)}
        # Alice's own press still plays
        played = await alice.click(picker, move_buttons(picker.message)[0])
        assert played.acknowledged
        assert (await service.get_game(channel_id)).version == version + 1
        arena.loopback.assert_prompt_responses()


async def test_a_press_after_the_buttons_are_gone_is_answered(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        picker = await alice.click(arena.public()[-1], "Play")
        pressed = move_buttons(picker.message)[0]
        await alice.click(picker, pressed)  # her card is chosen: the picker keeps no buttons
        assert move_buttons(picker.message) == []
        version = (await service.get_game(channel_id)).version

        late = await alice.forge_click(picker, pressed)
        other = await bob.forge_click(picker, pressed)

        for reply in (late, other):
            assert reply.acknowledged and reply.ephemeral
            assert reply.content == translate(ENGLISH, "message.gone_component")
            assert reply.edited == []
        assert (await service.get_game(channel_id)).version == version
        arena.loopback.assert_prompt_responses()


async def test_a_press_on_someone_elses_family_of_moves_leaves_the_picker_alone(arena: Arena) -> None:
    """In GWT a family of moves opens on the picker itself: a forged press must not open it there."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob, max_players=2)
        for _ in range(60):  # moves until someone has more choices than buttons, in families
            game = await service.get_game(channel_id)
            owner = arena.person(game.to_act_users[0])
            legal = await service.legal_moves(channel_id, game.to_act_users[0])
            if len(legal) > pickers.MAX_BUTTONS and choices.families(legal, pickers.OPTIONS_PER_SELECT):
                break
            await owner.slash("move", arena.channel, move=legal[0][0])
        else:
            raise AssertionError("no decision with families of moves")
        other = bob if owner is alice else alice
        turn = next(
            m for m in reversed(arena.public()) if any(c.get("label") == "Play" for c in m.flat_components())
        )
        picker = await owner.click(turn, "Play")
        families = [
            c
            for c in picker.message.flat_components()
            if c.get("custom_id", "").startswith("bg:fam:")
            or any(o["value"].startswith("f") for o in c.get("options", []))
        ]
        assert families, picker.text()
        before = snapshot(picker.message)
        if families[0]["custom_id"].startswith("bg:fam:"):
            forged = await other.forge_click(picker, families[0]["custom_id"])
        else:
            forged = await other.forge_click(picker, families[0]["custom_id"], ["f0"])
        assert forged.ephemeral and forged.content == translate(ENGLISH, "message.not_your_picker")
        assert forged.message.visible_to == frozenset({other.id})
        assert snapshot(picker.message) == before
        assert (await service.get_game(channel_id)).version == game.version
        arena.loopback.assert_prompt_responses()
