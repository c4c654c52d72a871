"""A complete Santa Fe game between three people, played only through Discord to the final results."""

from __future__ import annotations

import random

from loopback import Reply, SimUser
from tests.bot.e2e.conftest import Arena

PLAY_BUTTON = "Play"


def public_posts(reply: Reply) -> list[str]:
    """The text of everything the bot posted publicly while answering ``reply``."""
    return [reply.loopback.describe(m) for m in reply.posted if m.visible_to is None]


async def act_by_autocomplete(arena: Arena, user: SimUser, rng: random.Random) -> tuple[str, Reply]:
    choices = await user.autocomplete("move", arena.channel, move="")
    assert choices, f"{user.name} must act but autocomplete offered nothing"
    value = rng.choice(choices)["value"]
    return value, await user.slash("move", arena.channel, move=value)


async def act_by_buttons(arena: Arena, user: SimUser, rng: random.Random) -> tuple[str, Reply]:
    turn = next(
        m for m in reversed(arena.public()) if any(c.get("label") == PLAY_BUTTON for c in m.flat_components())
    )
    picker = await user.click(turn, PLAY_BUTTON)
    assert picker.ephemeral
    components = [c for c in picker.message.flat_components() if c.get("label") != "Show my hand"]
    chosen = rng.choice(components)
    if chosen.get("type") == 3:  # a menu of moves
        option = rng.choice(chosen["options"])
        return option["label"], await user.select(picker, chosen["custom_id"], option["value"])
    return chosen["label"], await user.click(picker, chosen["custom_id"])


async def test_three_people_play_santa_fe_to_the_end(arena: Arena) -> None:
    """Every move through /move or the Play picker; choices stay secret until revealed; results posted."""
    alice, bob, carol = arena.people
    rng = random.Random(7)
    async with arena.running() as (_bot, service):
        lobby = await alice.slash("game santafe", arena.channel)
        await bob.slash("game join", arena.channel)
        joined = await carol.click(lobby.public, "Join")
        assert joined.ephemeral and lobby.public.content.lower().endswith("\ncarol joined.")
        await alice.slash("game start", arena.channel)
        moves = 0
        while (game := await service.get_game(int(arena.channel.id))).status == "active":
            acting = [arena.person(uid) for uid in game.to_act_users]
            assert acting, "a running game must wait for someone"
            user = acting[0]
            simultaneous = len(game.to_act) > 1
            how = act_by_buttons if moves % 3 == 0 else act_by_autocomplete
            by_label = {
                label: move for move, label in await service.legal_moves(game.channel_id, int(user.id))
            }
            move, reply = await how(arena, user, rng)
            assert reply.acknowledged
            if simultaneous:
                card = by_label.get(move, move).removeprefix("play ").split()[0]
                for text in public_posts(reply):
                    if "has chosen" in text:
                        assert card not in text.lower(), "a secret card choice was shown publicly"
            moves += 1
            assert moves < 2000
        # each new turn message took the buttons off the one before; the results need none
        await arena.loopback.settle()
        assert not [
            m for m in arena.public() if any(c.get("label") == PLAY_BUTTON for c in m.flat_components())
        ]
        final = arena.public()[-1]
        text = arena.loopback.describe(final)
        assert "game over" in text.lower() and "won" in text
        assert any(a.filename.startswith("result") for a in final.attachments)
        assert set(final.mentions) == {alice.id, bob.id, carol.id}
        arena.loopback.assert_prompt_responses()
    print(f"{moves} moves through Discord")
