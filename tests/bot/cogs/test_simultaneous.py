"""Santa Fe's simultaneous card choice through the cogs: however the choices arrive (all at the same moment
or one after another), each round the channel hears who has chosen (in one message, edited as more
choose), then exactly one reveal, one turn message and one ping, for whoever must lay track first (also
when that is the last one to choose)."""

from __future__ import annotations

import asyncio

import pytest

from bot.play import components
from bot.services import GameService
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, GUILD, Sent
from tests.support.fixtures import NAMES

PEOPLE = (1, 2, 3, 4, 99)
ROUNDS = 4


async def santa_fe(service: GameService, players: int) -> None:
    users = PEOPLE[:players]
    names = {**NAMES, 99: "Eve"}
    host = names[users[0]]
    await service.create_game(
        GUILD, CHANNEL, users[0], host, "santafe", {}, seat_order="join", channel_style="every-turn"
    )
    for user in users[1:]:
        await service.join(CHANNEL, user, names[user])
    await service.start(CHANNEL, users[0])


async def lay_until_the_next_choice(service: GameService) -> bool:
    """Everyone who must lay track plays their first legal move (straight to the service, unannounced)
    until all must choose a card again; False once the game is over."""
    while (game := await service.get_game(CHANNEL)).status == "active":
        if len(game.to_act) == len(game.seats) > 1:
            return True
        user = game.to_act_users[0]
        move = (await service.legal_moves(CHANNEL, user))[0][0]
        await service.submit(CHANNEL, user, move)
    return False


def is_turn_message(sent: Sent) -> bool:
    if sent.view is None:
        return False
    return any(components.handler(i) is components.PlayButton for i in sent.view.children)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("at_once", [True, False], ids=["at-once", "one-after-another"])
async def test_every_round_of_choices_ends_in_one_reveal_one_turn_message_and_one_ping(
    table: Table, players: int, at_once: bool
) -> None:
    await santa_fe(table.service, players)
    last_chose_and_lays_first = 0
    rounds = 0
    while rounds < ROUNDS and await lay_until_the_next_choice(table.service):
        game = await table.service.get_game(CHANNEL)
        order = list(game.to_act_users)
        # the train (who lays first) moves on each round; every other round its holder chooses last
        shift = (rounds + rounds % 2) % players
        order = order[shift:] + order[:shift]
        choices = [(await table.service.legal_moves(CHANNEL, uid))[0][0] for uid in order]
        seen = len(table.public)
        runs = [table.run(uid, "move", move=choice) for uid, choice in zip(order, choices, strict=True)]
        if at_once:
            await asyncio.gather(*runs)
        else:
            for run in runs:
                await run
        new = table.public[seen:]
        texts = [m.text() for m in new]
        layer = (await table.service.get_game(CHANNEL)).to_act_users
        assert sum("Cards revealed" in t for t in texts) == 1, texts
        assert sum(is_turn_message(m) for m in new) == 1, texts
        assert [m.mentioned_users for m in new if m.mentioned_users] == [list(layer)], texts
        progress = [m for m in new if m.text().startswith("✅")]  # one message, edited as more choose
        # choices sent at once may all be saved before the first is told: the reveal then says it all
        assert len(progress) == 1 or (at_once and not progress), texts
        for message in progress:
            assert at_once or message.edits == players - 2, texts
            assert "chosen" in message.text() and "Waiting for" in message.text(), texts
        if not at_once and layer == (order[-1],):
            last_chose_and_lays_first += 1
        rounds += 1
    assert rounds == ROUNDS
    if not at_once:
        assert last_chose_and_lays_first, "no round had the last to choose lay track first"
