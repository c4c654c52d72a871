"""A complete game of Great Western Trail between two people through Discord. The people choose with the
computer player's judgement (from their own view), but every move is a Discord interaction."""

from __future__ import annotations

from bot.ui import choices
from loopback import Reply, SimUser
from rules.ai import choose_move
from tests.bot.e2e.conftest import Arena

# The menu entry of building 1a, which says what it does before where it may stand.
FIRST_BUILD = "build 1a ($2 per building in the woods) on "


async def pick_in_picker(arena: Arena, user: SimUser, index: int, legal: list[tuple[str, str]]) -> Reply:
    """Open the private picker from the latest turn message and choose move number ``index`` in it: at
    once, or by first opening the family of moves it belongs to (the picker changes in place)."""
    turn = next(
        m for m in reversed(arena.public()) if any(c.get("label") == "Play" for c in m.flat_components())
    )
    picker = await user.click(turn, "Play")
    family = next((n for n, f in enumerate(choices.families(legal)) if index in f.indexes), None)
    if family is not None:
        for component in picker.message.flat_components():
            custom_id = component.get("custom_id", "")
            if (
                component.get("type") == 2
                and custom_id.startswith("bg:fam:")
                and custom_id.endswith(f":{family}")
            ):
                picker = await user.click(picker, custom_id)
                break
            if component.get("type") == 3 and any(o["value"] == f"f{family}" for o in component["options"]):
                picker = await user.select(picker, custom_id, f"f{family}")
                break
        else:
            raise AssertionError(f"family {family} is not in the picker")
        assert picker.response_type == 7  # the picker itself now lists the family's moves
    for component in picker.message.flat_components():
        custom_id = component.get("custom_id", "")
        if component.get("type") == 2 and custom_id.startswith("bg:mv:") and custom_id.endswith(f":{index}"):
            return await user.click(picker, custom_id)
        if component.get("type") == 3 and any(o["value"] == str(index) for o in component["options"]):
            return await user.select(picker, custom_id, str(index))
    raise AssertionError(f"move {index} is not in the picker")


async def test_two_people_play_great_western_trail_to_the_end(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob, max_players=2)
        hand = await bob.slash("hand", arena.channel)
        assert hand.ephemeral and hand.message.visible_to == {bob.id}
        pictures = sorted(a.filename.split(".")[0] for a in hand.message.attachments)
        assert pictures[0] == "hand" and pictures[1].startswith("player-")  # the hand and Bob's own board
        moves = 0
        while (game := await service.get_game(channel_id)).status == "active":
            uid = game.to_act_users[0]
            user = arena.person(uid)
            legal = await service.legal_moves(channel_id, uid)
            _, view = await service.view_for(channel_id, uid)
            move = choose_move("gwt", view, [m for m, _ in legal], 1, moves)
            index = [m for m, _ in legal].index(move)
            if moves % 4 == 0 and index < 100:
                reply = await pick_in_picker(arena, user, index, legal)
            else:
                reply = await user.slash("move", arena.channel, move=move)
            assert reply.acknowledged and reply.ephemeral
            moves += 1
            assert moves < 3000
        public = arena.public()
        # several steps make one turn: the channel gets one summary per turn, not one message per step
        assert len(public) < moves * 0.6
        print(arena.loopback.describe(public[len(public) // 2]))
        final = public[-1]
        assert "game over" in arena.loopback.describe(final).lower()
        assert set(final.mentions) == {alice.id, bob.id}
        arena.loopback.assert_prompt_responses()
    print(f"{moves} moves through Discord")


async def test_seventy_builds_come_in_two_steps(arena: Arena) -> None:
    """On building B the picker lists the single moves and one entry per building; the entry turns the
    same private message into a menu of places, and choosing one builds there."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", alice, bob, max_players=2)
        uid = (await service.get_game(channel_id)).to_act_users[0]
        user = arena.person(uid)
        reply = await user.slash("move", arena.channel, move="place the cattleman on B")
        legal = await service.legal_moves(channel_id, uid)
        assert sum(m.startswith("build") for m, _ in legal) > 40
        components = reply.message.flat_components()
        assert all(len(c.get("options", [])) <= 25 for c in components)
        entry = next(
            c for c in components if c.get("label", "").startswith(FIRST_BUILD) and "choices)" in c["label"]
        )
        opened = await user.click(reply, entry["custom_id"])
        assert opened.response_type == 7 and opened.message.id == reply.message.id
        menu = next(c for c in opened.message.flat_components() if c.get("type") == 3)
        assert all(o["label"].startswith(FIRST_BUILD) for o in menu["options"])
        version = (await service.get_game(channel_id)).version
        chosen = await user.select(opened, menu["custom_id"], menu["options"][0]["value"])
        assert chosen.acknowledged and chosen.ephemeral
        game = await service.get_game(channel_id)
        assert game.version == version + 1
        assert not any(m.startswith("build") for m, _ in await service.legal_moves(channel_id, uid))
        arena.loopback.assert_prompt_responses()
