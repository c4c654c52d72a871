"""Playing through the cogs: /move with autocomplete, the private picker buttons, simultaneous choices,
what the channel sees (and never sees), and every refusal answered privately."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.cogs.play import matching_choices
from bot.i18n import ENGLISH, translate
from bot.play import announcer, components, controller
from bot.services import FakeClock, GameService, StaleVersion
from bot.storage import open_database
from bot.storage.connection import Location
from bot.ui import pickers
from tests.bot.cogs.conftest import Table, open_table
from tests.bot.helpers import CHANNEL
from tests.support import tinygame
from tests.support.fixtures import ANN, BOB, started

PRIVATE_WORDS = ("You draw", "You bid")


async def begin(table: Table, rounds: int = 2) -> None:
    """A started two-player tiny game (Ann seat 0 acts first) with its first turn message posted."""
    game = await started(table.service, options={"rounds": rounds})
    await announcer.post_turn(table.bot, game, [])


async def autocomplete(table: Table, uid: int, typed: str) -> list[discord.app_commands.Choice[str]]:
    cog = table.bot.get_cog("Play")
    return await cog.move_autocomplete(table.interaction(uid).mock, typed)  # type: ignore[union-attr]


async def test_autocomplete_offers_only_the_invoking_players_legal_moves(table: Table) -> None:
    """The acting player sees readable labels valued by canonical moves; the other player sees nothing."""
    await begin(table)
    mine = await autocomplete(table, ANN, "")
    legal = await table.service.legal_moves(CHANNEL, ANN)
    assert [c.value for c in mine] == [m for m, _ in legal]
    assert "End your turn" in [c.name for c in mine]
    assert await autocomplete(table, BOB, "") == []
    assert await autocomplete(table, 99, "") == []


async def test_autocomplete_filters_by_every_typed_word() -> None:
    """Typed words narrow the list; at most 25 suggestions."""
    moves = [(f"play {n}", f"Play your {n}") for n in range(40)] + [("pass", "End your turn")]
    assert [c.value for c in matching_choices(moves, "end turn")] == ["pass"]
    assert len(matching_choices(moves, "play")) == 25
    assert matching_choices(moves, "fly") == []


def test_autocomplete_ranks_moves_whose_words_begin_as_typed_before_those_that_contain_it() -> None:
    """ "den" finds Denver before Golden, though the engine lists Golden first; both stay offered."""
    moves = [("play golden", "play Golden"), ("lay blue den-kcy", "lay Santa Fe Denver–Kansas City")]
    moves += [(f"play city {n}", f"play Goldendale {n}") for n in range(30)]
    shown = [c.value for c in matching_choices(moves, "den")]
    assert shown[0] == "lay blue den-kcy" and shown[1] == "play golden" and len(shown) == 25
    assert [c.value for c in matching_choices(moves, "play gol")][:2] == ["play golden", "play city 0"]


async def test_turn_message_pings_exactly_the_player_to_act(table: Table) -> None:
    """The first turn message mentions Ann only and may ping nobody else."""
    await begin(table)
    first = table.public[-1]
    assert "<@1>" in (first.content or "") and "<@2>" not in (first.content or "")
    assert first.mentioned_users == [ANN]
    assert isinstance(first.view, discord.ui.View)
    assert {components.handler(i) for i in first.view.children} == {
        components.PlayButton,
        components.HandButton,
        components.PlayerBoardsButton,
    }


async def test_steps_of_a_turn_stay_private_until_the_turn_passes(table: Table) -> None:
    """Drawing answers Ann privately (her card included); passing posts one public summary for Bob."""
    await begin(table)
    posted = len(table.public)
    drew = await table.run(ANN, "move", move="draw")
    assert drew.deferred == {"ephemeral": True, "thinking": True}
    assert "You draw a" in drew.last.content
    assert isinstance(drew.last.view, discord.ui.View)  # the next step's choices
    assert len(table.public) == posted

    passed = await table.run(ANN, "move", move="pass")
    assert passed.last.view is None  # the turn is over: no more choices for Ann
    summary = table.public[-1]
    assert summary.mentioned_users == [BOB]
    assert "Seat 0 draws a card." in summary.text() and "Seat 0 ends the turn." in summary.text()
    assert all(word not in table.public_text() for word in PRIVATE_WORDS)


async def test_a_restart_in_the_middle_of_a_turn_loses_no_step_of_the_summary(
    table: Table, db_where: Location, clock: FakeClock
) -> None:
    """Ann draws twice, the bot restarts (a new bot and a new service on the same file), Ann passes: the
    one public summary holds both draws and the pass, and still nothing private."""
    await begin(table)
    await table.run(ANN, "move", move="draw")
    await table.run(ANN, "move", move="draw")
    db = await open_database(db_where)
    try:
        after = await open_table(GameService(db, clock))
        await after.run(ANN, "move", move="pass")
        summary = after.public[-1]
        assert summary.mentioned_users == [BOB]
        assert summary.text().count("Seat 0 draws a card.") == 2 and "Seat 0 ends the turn." in summary.text()
        assert all(word not in after.public_text() for word in PRIVATE_WORDS)
        # Bob's turn starts a fresh summary: Ann's steps are not told twice
        await after.run(BOB, "move", move="pass")
        assert "draws a card" not in after.public[-1].text()
        assert "Seat 1 ends the turn." in after.public[-1].text()
    finally:
        await db.close()


async def test_simultaneous_choice_shows_who_chose_then_the_reveal(table: Table) -> None:
    """During the sealed bid the channel hears 'Ann has chosen' without the card; the reveal follows."""
    await begin(table, rounds=1)
    await table.run(ANN, "move", move="pass")
    await table.run(BOB, "move", move="pass")
    bidders = table.public[-1]
    assert set(bidders.mentioned_users or []) == {ANN, BOB}

    ann_bid = (await table.service.legal_moves(CHANNEL, ANN))[0][0]
    answer = await table.run(ANN, "move", move=ann_bid)
    assert "You bid your" in answer.last.content
    progress = table.public[-1]
    assert progress.content and "Ann has chosen" in progress.content and "Waiting for Bob" in progress.content
    assert ann_bid.split()[-1] not in progress.content
    assert progress.mentioned_users == []

    bob_bid = (await table.service.legal_moves(CHANNEL, BOB))[0][0]
    await table.run(BOB, "move", move=bob_bid)
    assert "Bids revealed" in table.public_text()
    assert "game over" in table.public[-1].text().lower()
    assert all(word not in table.public_text() for word in PRIVATE_WORDS)


async def test_refusals_are_private_and_specific(table: Table) -> None:
    """Wrong player, non-player, garbage and an ambiguous prefix each get their own private answer."""
    await begin(table)
    before = len(table.public)
    wrong = await table.run(BOB, "move", move="pass")
    stranger = await table.run(99, "move", move="pass")
    garbage = await table.run(ANN, "move", move="fly to the moon")
    for answer in (wrong, stranger, garbage):
        assert answer.replies and answer.last.ephemeral
        assert translate(ENGLISH, "message.generic_error") not in answer.last.content
    assert "not your turn" in wrong.last.content.lower() or "does not act" in wrong.last.content.lower()
    assert "legal" in garbage.last.content.lower()
    assert len(table.public) == before


async def test_a_finished_game_refuses_moves(table: Table) -> None:
    """After the last move a further /move is refused privately."""
    await begin(table, rounds=1)
    for uid in (ANN, BOB):
        await table.run(uid, "move", move="pass")
    for uid in (ANN, BOB):
        await table.run(uid, "move", move=(await table.service.legal_moves(CHANNEL, uid))[0][0])
    late = await table.run(ANN, "move", move="pass")
    assert late.last.ephemeral and translate(ENGLISH, "message.generic_error") not in late.last.content


async def test_undo_takes_back_a_step_but_not_a_draw(table: Table) -> None:
    """Undo works for a played card; after a draw (a revealed card) it is refused."""
    await begin(table)
    card = next(m for m, _ in await table.service.legal_moves(CHANNEL, ANN) if m.startswith("play"))
    await table.run(ANN, "move", move=card)
    undone = await table.run(ANN, "undo")
    assert "Took back" in undone.replies[0].content
    await table.run(ANN, "move", move="draw")
    refused = await table.run(ANN, "undo")
    assert "cannot be undone" in refused.last.content


async def test_play_button_answers_each_person_privately(table: Table) -> None:
    """Play opens Ann's picker; Bob hears he has nothing to decide; a stranger that they are not playing."""
    await begin(table)
    game = await table.service.get_game(CHANNEL)
    ann, bob, stranger = table.interaction(ANN), table.interaction(BOB), table.interaction(99)
    for who in (ann, bob, stranger):
        await components.PlayButton(game.id, game.revision).callback(who.mock)
    assert ann.last.ephemeral
    assert any(components.handler(i) is components.MoveButton for i in ann.last.view.children)
    assert translate(ENGLISH, "message.nothing_to_decide") in bob.last.content and "Ann" in bob.last.content
    assert stranger.last.content == translate(ENGLISH, "message.not_seated")
    assert all(s.ephemeral for s in ann.replies + bob.replies + stranger.replies)


async def test_move_button_plays_and_a_stale_one_says_so(table: Table) -> None:
    """A picker button plays its move; the same button after its player moved is refused as stale."""
    await begin(table)
    game = await table.service.get_game(CHANNEL)
    decision = await table.service.decision(CHANNEL, ANN)
    draw_index = [m for m, _ in decision.moves].index("draw")
    click = table.interaction(ANN)
    await components.MoveButton(game.id, decision.key, draw_index).callback(click.mock)
    assert click.deferred == {} and "You draw a" in click.edits[-1].content
    assert (await table.service.get_game(CHANNEL)).version == game.version + 1

    again = table.interaction(ANN)
    await components.MoveButton(game.id, decision.key, draw_index).callback(again.mock)
    assert translate(ENGLISH, "message.stale_component") in again.last.content
    assert (await table.service.get_game(CHANNEL)).version == game.version + 1


async def test_a_button_of_a_decision_already_taken_is_stale_though_the_same_choices_came_back(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With cards never played (only draw or pass on a turn), Ann faces the very same moves on her next
    turn, yet the pass she pressed on her first turn refuses to play again: a press is good for the one
    decision it was drawn for."""
    offered = tinygame.Tiny.legal_moves

    def draw_or_pass(self: tinygame.Tiny, state: Any, seat: int) -> list[str]:
        return [m for m in offered(self, state, seat) if not m.startswith("play")]

    monkeypatch.setattr(tinygame.Tiny, "legal_moves", draw_or_pass)
    await begin(table, rounds=3)
    game = await table.service.get_game(CHANNEL)
    first = await table.service.decision(CHANNEL, ANN)
    pass_index = [m for m, _ in first.moves].index("pass")
    await components.MoveButton(game.id, first.key, pass_index).callback(table.interaction(ANN).mock)
    while ANN not in (now := await table.service.get_game(CHANNEL)).to_act_users or len(now.to_act) > 1:
        user = now.to_act_users[0]
        await table.run(user, "move", move=(await table.service.legal_moves(CHANNEL, user))[0][0])
    again = await table.service.decision(CHANNEL, ANN)
    assert again.moves == first.moves and again.key != first.key
    click = table.interaction(ANN)
    await components.MoveButton(game.id, first.key, pass_index).callback(click.mock)
    assert translate(ENGLISH, "message.stale_component") in click.last.content and click.last.ephemeral
    assert (await table.service.get_game(CHANNEL)).version == now.version


async def test_two_presses_of_one_button_at_once_play_once(table: Table) -> None:
    """Two presses of the same button racing each other: one move, the other press refused privately."""
    await begin(table)
    game = await table.service.get_game(CHANNEL)
    decision = await table.service.decision(CHANNEL, ANN)
    pass_index = [m for m, _ in decision.moves].index("pass")
    clicks = [table.interaction(ANN) for _ in range(2)]
    button = components.MoveButton(game.id, decision.key, pass_index)
    await asyncio.gather(*(button.callback(click.mock) for click in clicks))
    assert (await table.service.get_game(CHANNEL)).version == game.version + 1
    assert sum(bool(click.edits) for click in clicks) == 1  # one answer shows the move made


async def test_select_menu_plays_the_chosen_index(table: Table) -> None:
    """A menu option's value is the move index at the menu's version."""
    await begin(table)
    game = await table.service.get_game(CHANNEL)
    decision = await table.service.decision(CHANNEL, ANN)
    menu = components.MoveSelect(game.id, decision.key, 0)
    menu.item._values = [str([m for m, _ in decision.moves].index("pass"))]
    click = table.interaction(ANN)
    await menu.callback(click.mock)
    assert table.public[-1].mentioned_users == [BOB]


async def test_button_of_another_game_is_refused(table: Table) -> None:
    """A button whose game is not the one running in this channel says so."""
    await begin(table)
    game = await table.service.get_game(CHANNEL)
    click = table.interaction(ANN)
    await components.PlayButton(game.id + 1000, 0).callback(click.mock)
    assert click.last.content == translate(ENGLISH, "message.other_game")


async def test_hand_is_private_and_lists_the_cards_under_the_players_name(table: Table) -> None:
    """/hand defers privately and answers only the asker: their name, every card, what is asked now."""
    await begin(table)
    hand = await table.run(ANN, "hand")
    assert hand.deferred == {"ephemeral": True, "thinking": True}
    view = await table.service.view_for(CHANNEL, ANN)
    lines = hand.last.content.splitlines()
    assert hand.last.ephemeral and lines[0].startswith("**Ann:")
    assert [line for line in lines if line.startswith("• ")] == [f"• card {c}" for c in view[1]["hand"]]
    assert "End your turn" not in hand.last.content  # the moves are /move's and the Play button's
    assert lines[-1].startswith("Now: Play, draw or pass")
    outsider = await table.run(99, "hand")
    assert outsider.last.content == translate(ENGLISH, "message.not_seated")


async def test_picker_uses_menus_when_there_are_many_moves() -> None:
    """More than 20 moves become menus of at most 25 options; more than 100 adds the /move hint."""
    from bot.services.models import GameInfo

    game = GameInfo.__new__(GameInfo)
    object.__setattr__(game, "id", 7)
    object.__setattr__(game, "version", 3)
    object.__setattr__(game, "revision", 4)
    object.__setattr__(game, "rules_id", "santafe")  # a game with hands: the picker keeps "Show my hand"
    many = [(f"m{n}", f"Move {n}") for n in range(130)]
    content, view = pickers.picker(game, many, "Choose", decision="0123456789ab", locale=ENGLISH)
    menus = [i for i in view.children if components.handler(i) is components.MoveSelect]
    assert len(menus) == 4 and all(len(m.options) <= 25 for m in menus)
    assert "/move" in content
    few_content, few = pickers.picker(game, many[:5], "Choose", decision="0123456789ab", locale=ENGLISH)
    assert sum(components.handler(i) is components.MoveButton for i in few.children) == 5
    assert "/move" not in few_content


async def test_a_button_from_before_an_undo_is_stale_even_at_the_same_move_number(table: Table) -> None:
    """Undo brings the move count back; a button drawn before the undo still refuses to play."""
    await begin(table)
    legal = [m for m, _ in await table.service.legal_moves(CHANNEL, ANN)]
    plays = [m for m in legal if m.startswith("play")]
    await table.run(ANN, "move", move=plays[0])
    before_undo = await table.service.get_game(CHANNEL)
    drawn_for = (await table.service.decision(CHANNEL, ANN)).key
    await table.run(ANN, "undo")
    await table.run(ANN, "move", move=plays[1])
    now = await table.service.get_game(CHANNEL)
    assert now.version == before_undo.version and now.revision != before_undo.revision
    click = table.interaction(ANN)
    await components.MoveButton(before_undo.id, drawn_for, 0).callback(click.mock)
    assert translate(ENGLISH, "message.stale_component") in click.last.content
    assert (await table.service.get_game(CHANNEL)).revision == now.revision


async def test_the_decision_travels_to_the_service(table: Table) -> None:
    """A move made for an old decision is refused by the service itself, not only by the button's check."""
    await begin(table)
    old = (await table.service.decision(CHANNEL, ANN)).key
    await table.run(ANN, "move", move="draw")
    click = table.interaction(ANN)
    await click.mock.response.defer()
    with pytest.raises(StaleVersion):
        await controller.play(click.mock, "pass", expected_decision=old)
    assert (await table.service.get_game(CHANNEL)).to_act == (0,)


async def test_a_family_entry_from_an_earlier_position_says_so(table: Table) -> None:
    """A family entry of an older picker (or one the position no longer has) shows the choices now."""
    await begin(table)
    game = await table.service.get_game(CHANNEL)
    old = (await table.service.decision(CHANNEL, ANN)).key
    await table.run(ANN, "move", move="draw")
    for number in (0, 7):
        click = table.interaction(ANN)
        await components.FamilyButton(game.id, old, number).callback(click.mock)
        assert translate(ENGLISH, "message.stale_component") in click.last.content and click.last.ephemeral
    now = await table.service.get_game(CHANNEL)
    current = (await table.service.decision(CHANNEL, ANN)).key
    click = table.interaction(ANN)
    await components.FamilyButton(now.id, current, 7).callback(click.mock)
    assert translate(ENGLISH, "message.stale_component") in click.last.content
    assert (await table.service.get_game(CHANNEL)).version == now.version
