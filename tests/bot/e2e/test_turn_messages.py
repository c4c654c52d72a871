"""What the channel sees as a game goes on: one turn message per change of the person to act, the
computer's answers shown to the person who faces them, the final board with the results."""

from __future__ import annotations

from bot.loopback import Message
from tests.bot.e2e.conftest import Arena


def described(arena: Arena, messages: list[Message]) -> list[str]:
    return [arena.loopback.describe(m) for m in messages]


async def test_a_person_playing_the_computer_sees_each_answer_and_the_final_board(arena: Arena) -> None:
    """Person against computer: every move of the person the computer answered brings a turn message with
    the computer's moves summarised and the board, and the mover's private reply names the answer; the
    end posts the results with the score sheet and the final board."""
    alice = arena.people[0]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await alice.slash("game santafe", arena.channel)
        await alice.slash("game add-ai", arena.channel)
        await alice.slash("game start", arena.channel)
        game = await service.get_game(channel_id)
        computer = next(s.name for s in game.seats if s.is_ai)
        answered = 0
        while game.status == "active":
            assert game.to_act_users == (int(alice.id),)
            move = (await service.legal_moves(channel_id, int(alice.id)))[0][0]
            posted = len(arena.public())
            reply = await alice.slash("move", arena.channel, move=move)
            after = await service.get_game(channel_id)
            new = arena.public()[posted:]
            computer_moved = after.version > game.version + 1
            if computer_moved:
                answered += 1
                private = reply.content
                assert f"The computer ({computer}) answered:" in private, private
                if after.status == "active":
                    [turn] = new
                    text = arena.loopback.describe(turn)
                    assert turn.mentions == [alice.id] and turn.attachments, text
                    assert computer in text.split("your turn", 1)[1], text  # its moves are summarised
            game = after
        assert answered > 10
        await arena.loopback.settle()
        final = arena.public()[-1]
        text = arena.loopback.describe(final)
        assert "game over" in text.lower() and "final board" in text, text
        names = sorted(a.filename.split(".")[0] for a in final.attachments)
        assert names == ["board", "result"], names
