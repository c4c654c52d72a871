"""A picker's buttons are bound to their player's decision, not to the table: in Santa Fe's simultaneous
card choice, what the others choose meanwhile (people or computers) leaves a player's buttons good; a
press once that player's own choices changed shows the choices now; a button pressed twice plays once;
and a picker posted before buttons carried a decision's key is answered as stale."""

from __future__ import annotations

import asyncio

import pytest

from bot.services import GameService
from loopback import Reply, SimUser
from tests.bot.e2e.conftest import Arena, slow_computers

STALE = "earlier point"  # message.stale_component, in English
KINDS = ("bg:mv:", "bg:sel", "bg:fam")  # the components of a picker that carry its decision's key


def move_buttons(picker: Reply) -> list[dict[str, str]]:
    """The buttons of a private picker that play a move."""
    return [c for c in picker.message.flat_components() if c.get("custom_id", "").startswith("bg:mv:")]


async def open_picker(arena: Arena, user: SimUser) -> Reply:
    """``user`` presses Play on the live board; their private picker of moves."""
    picker = await user.click(arena.live_board(), "Play")
    assert picker.ephemeral and STALE not in picker.content, picker.content
    assert move_buttons(picker), picker.content
    return picker


async def version(service: GameService, arena: Arena) -> int:
    return (await service.get_game(int(arena.channel.id))).version


async def choosing(service: GameService, arena: Arena) -> set[str]:
    """The people who still have to choose (or act), by user id."""
    return {str(u) for u in (await service.get_game(int(arena.channel.id))).to_act_users}


async def test_a_card_chosen_by_another_player_leaves_my_buttons_good(arena: Arena) -> None:
    """Three people choose their cards at once: Bob's picker, opened before Carol chose, still plays; Play
    on the live board after her choice opens Alice's choices without calling them stale."""
    alice, bob, carol = arena.people
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, carol)
        assert await choosing(service, arena) == {alice.id, bob.id, carol.id}
        bobs = await open_picker(arena, bob)
        carols = await open_picker(arena, carol)
        await carol.click(carols, move_buttons(carols)[0]["custom_id"])
        assert await choosing(service, arena) == {alice.id, bob.id}

        before = await version(service, arena)
        played = await bob.click(bobs, move_buttons(bobs)[1]["custom_id"])
        assert played.acknowledged and STALE not in played.text(), played.text()
        assert await version(service, arena) == before + 1
        assert await choosing(service, arena) == {alice.id}
        await open_picker(arena, alice)  # Play after two choices: not "from an earlier point"
        arena.loopback.assert_prompt_responses()


async def test_a_computer_choosing_meanwhile_leaves_my_buttons_good(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice opens her choices while the computer is still choosing; its choice does not stale them."""
    alice, bob = arena.people[:2]
    async with arena.running() as (bot, service):
        release = slow_computers(monkeypatch, service)
        await arena.start_game("santafe", alice, bob, computers=1)
        picker = await open_picker(arena, alice)
        before = await version(service, arena)
        release.set()
        await bot.games.runner.idle()
        assert await version(service, arena) == before + 1  # the computer chose
        played = await alice.click(picker, move_buttons(picker)[0]["custom_id"])
        assert played.acknowledged and STALE not in played.text(), played.text()
        assert await version(service, arena) == before + 2
        assert await choosing(service, arena) == {bob.id}


async def test_a_press_once_my_choices_changed_shows_the_choices_now(arena: Arena) -> None:
    """Both choose their cards with /move, their pickers left open; after the reveal, whoever lays track
    first presses their card picker: the answer says it is stale and offers the track they may lay
    now; nothing is played."""
    alice, bob = arena.people[:2]
    people = {alice.id: alice, bob.id: bob}
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        pickers = {p.id: await open_picker(arena, p) for p in (alice, bob)}
        for person in (alice, bob):
            await arena.play_first_move(service, person)
        [first] = await choosing(service, arena)  # the cards are revealed: one lays track
        layer = people[first]
        now = await service.decision(channel_id, int(layer.id))
        assert now.moves
        before = await version(service, arena)
        stale = await layer.click(pickers[first], move_buttons(pickers[first])[0]["custom_id"])
        assert stale.ephemeral and STALE in stale.text(), stale.text()
        offered = [
            c["custom_id"] for c in stale.message.flat_components() if c.get("custom_id", "")[:6] in KINDS
        ]
        assert offered and all(f":{now.key}:" in custom_id for custom_id in offered), offered
        assert await version(service, arena) == before


async def test_a_button_pressed_twice_plays_once(arena: Arena) -> None:
    """Alice opened her choices twice: the same button on both pickers makes one move, and so do two
    presses of one button at the same moment."""
    alice, bob, carol = arena.people
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, carol)
        first, second = await open_picker(arena, alice), await open_picker(arena, alice)
        button = move_buttons(first)[0]["custom_id"]
        assert button in [b["custom_id"] for b in move_buttons(second)]
        before = await version(service, arena)
        await alice.click(first, button)
        again = await alice.click(second, button)
        assert again.ephemeral and STALE in again.text(), again.text()
        assert await version(service, arena) == before + 1

        bobs = await open_picker(arena, bob)
        button = move_buttons(bobs)[0]["custom_id"]
        await asyncio.gather(bob.click(bobs, button), bob.click(bobs, button))
        assert await version(service, arena) == before + 2
        assert await choosing(service, arena) == {carol.id}


async def test_a_picker_posted_before_decision_keys_is_answered_as_stale(arena: Arena) -> None:
    """A picker the bot posted while buttons carried the game's revision (its ids rewritten here to that
    form) gets the stale answer with the choices now; nothing is played."""
    alice, bob = arena.people[:2]
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        picker = await open_picker(arena, alice)
        revision = (await service.get_game(int(arena.channel.id))).revision
        for component in move_buttons(picker):
            game, _key, index = component["custom_id"].removeprefix("bg:mv:").split(":")
            component["custom_id"] = f"bg:mv:{game}:{revision}:{index}"
        before = await version(service, arena)
        old = await alice.click(picker, move_buttons(picker)[0]["custom_id"])
        assert old.ephemeral and STALE in old.text(), old.text()
        assert move_buttons(old) and await version(service, arena) == before
