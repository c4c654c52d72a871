"""The bot is built from the registered games' specs: a game registered in ``rules`` (here the tiny test
game) gets its /game command, titles, colour, levels and texts with no edit in the bot."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord
import pytest
from discord.ext import commands

import rules
from bot import messages
from bot.cogs import _seats, game_commands
from bot.i18n import ENGLISH, LANGUAGES, translate
from bot.play import components
from bot.ui import pickers
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, find_command, make_bot
from tests.support import tinygame
from tests.support.fixtures import ANN, BOB, CID, started


def game_options(table: Table) -> dict[str, dict[str, Any]]:
    """The /game group as Discord receives it: subcommand name -> its payload."""
    group = table.bot.tree.get_command("game")
    assert group is not None
    return {o["name"]: o for o in group.to_dict(table.bot.tree)["options"]}


def options_of(command: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in command.get("options", [])}


async def test_every_registered_game_has_its_own_open_command(table: Table) -> None:
    """/game <id> for each game, described by title and player counts, its options typed from the spec."""
    found = game_options(table)
    assert {*rules.ids(), "tiny"} <= set(found)
    for spec in rules.specs():
        command = found[spec.id]
        counts = f"{spec.min_players}-{spec.max_players}"
        assert command["description"] == f"Open a game of {spec.title} ({counts} players) here"
        options = options_of(command)
        players = options["max_players"]
        assert (players["min_value"], players["max_value"]) == (spec.min_players, spec.max_players)
        assert {"seat_order", "reminder_hours", "deadline_hours", "deadline_action"} <= set(options)
        for option in spec.options:
            shown = options[option.label]
            assert shown["description"] == option.description and not shown.get("required")
            if option.kind == "choice":
                assert [c["value"] for c in shown["choices"]] == list(option.choices)
            elif option.kind == "switch":
                assert shown["type"] == discord.AppCommandOptionType.boolean.value
            else:
                assert shown["type"] == discord.AppCommandOptionType.integer.value
                assert (shown["min_value"], shown["max_value"]) == (option.minimum, option.maximum)
    gwt = options_of(found["gwt"])
    assert "neutral_buildings" in gwt and "neutral" not in gwt  # the label is shown, the name is the key


async def test_the_tiny_game_opens_with_its_own_option(table: Table) -> None:
    """A game no line of the bot names opens like the others; its option reaches its engine."""
    opened = await table.run(ANN, "game tiny", rounds=3, max_players=3)
    assert not opened.last.ephemeral and "opened a game of **Tiny**" in opened.last.content
    game = await table.service.get_game(CHANNEL)
    assert game.rules_id == "tiny" and game.options == {"rounds": 3} and game.max_players == 3
    embed = opened.last.embeds[0]
    assert embed.colour == discord.Colour.from_rgb(*tinygame.SPEC.colour)  # the spec's colour


async def test_options_left_out_take_the_spec_defaults(table: Table) -> None:
    await table.run(ANN, "game tiny")
    game = await table.service.get_game(CHANNEL)
    assert game.options == tinygame.SPEC.defaults() and game.max_players == tinygame.SPEC.max_players


def fake_games(count: int) -> tuple[rules.GameSpec, ...]:
    return tuple(dataclasses.replace(tinygame.SPEC, id=f"game{n}", title=f"Game {n}") for n in range(count))


async def load_lobby_with(monkeypatch: pytest.MonkeyPatch, table: Table, specs: Any) -> BaseException:
    """Start a bot whose registry holds ``specs``; the start must fail: its reason."""
    monkeypatch.setattr(rules, "specs", lambda: specs)
    bot, _ = make_bot(table.service)
    with pytest.raises(commands.ExtensionFailed) as failed:
        await bot.load_extension("bot.cogs.lobby")
    assert failed.value.__cause__ is not None
    return failed.value.__cause__


async def test_more_games_than_a_group_holds_stop_the_start(
    monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """/game holds 25 subcommands at most (Discord's limit): past it the bot refuses to start, saying so."""
    others = len(game_options(table)) - len(rules.specs())
    fits = fake_games(game_commands.MAX_CHILDREN - others)
    monkeypatch.setattr(game_commands, "MAX_CHARACTERS", 10**6)  # the count, not the size, is tested here
    monkeypatch.setattr(rules, "specs", lambda: fits)
    bot, _ = make_bot(table.service)
    await bot.load_extension("bot.cogs.lobby")
    assert len(bot.tree.get_command("game").commands) == game_commands.MAX_CHILDREN  # type: ignore[union-attr]

    reason = await load_lobby_with(monkeypatch, table, fake_games(len(fits) + 1))
    assert isinstance(reason, game_commands.GameCommandError)
    assert f"more than the {game_commands.MAX_CHILDREN} Discord allows in a group" in str(reason)


async def test_a_group_too_long_for_discord_stops_the_start(
    monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """Discord counts every name, description and choice of /game toward 8000 characters."""
    wordy = tuple(
        rules.core.spec.Option(f"option_{n}", "d" * 100, default=1, minimum=1, maximum=9) for n in range(14)
    )
    games = tuple(dataclasses.replace(spec, options=wordy) for spec in fake_games(3))
    reason = await load_lobby_with(monkeypatch, table, games)
    assert isinstance(reason, game_commands.GameCommandError)
    assert "more than the 8000 Discord allows in one command" in str(reason)


def test_the_count_takes_each_fields_longest_localisation() -> None:
    """Discord counts only the longest localisation of each field: /game's German description is longer
    than its English one, and the Japanese choice of a language is shorter than its German."""
    node = {"name": "game", "description": "d", "options": [{"name": "pace", "description": "d"}]}
    longest = {
        msgid: max(len(translate(language, msgid)) for language in LANGUAGES)
        for msgid in (
            "command.game.name",
            "command.game.description",
            "command.game.pace.name",
            "command.game.pace.description",
        )
    }
    assert game_commands.characters(node) == sum(longest.values())
    assert sum(longest.values()) > len("game") + len("pace") + 2
    choice = {"name": "x", "description": "d", "choices": [{"name": "English", "value": "en"}]}
    assert game_commands.characters(choice) == 1 + 1 + len("English") + len("en")


async def test_a_game_named_like_a_game_command_or_option_stops_the_start(
    monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    clash = dataclasses.replace(tinygame.SPEC, id="join")
    reason = await load_lobby_with(monkeypatch, table, (clash,))
    assert "a game's id cannot be 'join': /game join is a command" in str(reason)
    option = rules.core.spec.Option("seat_order", "who sits where", default=False)
    shadowing = dataclasses.replace(tinygame.SPEC, options=(option,))
    reason = await load_lobby_with(monkeypatch, table, (shadowing,))
    assert "option 'seat_order' has the name of an option every game's /game command takes" in str(reason)
    crowded = rules.core.spec.Option(
        "colour", "a colour", choices=tuple(f"c{n}" for n in range(26)), default="c0"
    )
    reason = await load_lobby_with(
        monkeypatch, table, (dataclasses.replace(tinygame.SPEC, options=(crowded,)),)
    )
    assert "option 'colour' has 26 choices, more than the 25 Discord shows" in str(reason)


async def test_texts_name_every_registered_game(table: Table) -> None:
    """/help's overview and start topic, the no-game hints and /rules and /leaderboard choices are read
    from the registry: the tiny game appears though no text of the bot names it."""
    for spec in rules.specs():
        assert f"/game {spec.id}" in messages.open_commands(ENGLISH)
    assert "/game tiny" in messages.no_open_games(ENGLISH) and "/game tiny" in messages.service_hint(
        "no_game", ENGLISH
    )
    overview = await table.run(ANN, "help")
    embed = overview.last.embeds[0]
    assert "**Tiny**" in (embed.description or "") and "**Great Western Trail**" in (embed.description or "")
    start = next(f for f in embed.fields if f.name == "Starting a game")
    assert all(f"**/game {game}**" in start.value for game in (*rules.ids(), "tiny"))
    for path in ("rules", "leaderboard"):
        choices = {c.value: c.name for c in find_command(table.bot, path).get_parameter("game").choices}
        assert choices.items() >= {(spec.id, spec.title) for spec in rules.specs()}


async def test_rules_and_the_leaderboard_take_titles_from_the_spec(table: Table) -> None:
    shown = await table.run(ANN, "rules", game="santafe")
    assert shown.last.embeds[0].title == "Santa Fe"
    board = await table.run(ANN, "leaderboard", game="gwt")
    assert board.last.embeds[0].title == "Leaderboard: Great Western Trail"


# --- computer levels ---------------------------------------------------------------------------------


async def test_add_ai_offers_the_levels_of_the_game_here(table: Table) -> None:
    """The level list is the game's own (rules.ai.levels), each with what it does; none without a game."""
    nothing = await _seats.level_choices(table.interaction(ANN).mock, "")
    assert nothing == []
    await table.run(ANN, "game santafe")
    offered = await _seats.level_choices(table.interaction(ANN).mock, "")
    levels = rules.ai.levels("santafe")
    assert [c.value for c in offered] == list(levels) and 2 in levels
    assert all(c.name == f"{c.value}: {levels[c.value]}"[:100] for c in offered)
    typed = await _seats.level_choices(table.interaction(ANN).mock, "ahead")
    assert [c.value for c in typed] == [2]


async def test_a_level_the_game_has_seats_that_computer(table: Table) -> None:
    await table.run(ANN, "game santafe")
    await table.run(ANN, "game add-ai", level=2)
    added = await table.lobby()
    assert "level 2" in added.content and rules.ai.levels("santafe")[2] in added.content
    assert "(computer, level 2)" in added.embeds[0].fields[0].value
    assert [s.ai_level for s in (await table.service.get_game(CHANNEL)).seats if s.is_ai] == [2]


async def test_a_level_the_game_lacks_is_refused_and_nothing_changes(table: Table) -> None:
    await table.run(ANN, "game tiny")
    refused = await table.run(ANN, "game add-ai", level=1)
    assert refused.last.ephemeral
    assert refused.last.content.startswith("Tiny has no computer level 1. Its levels are 0: ")
    assert len((await table.service.get_game(CHANNEL)).seats) == 1
    await table.run(ANN, "game add-ai")  # no level asked: the best the game has up to level 1
    assert "level 0" in (await table.lobby()).content
    assert [s.ai_level for s in (await table.service.get_game(CHANNEL)).seats if s.is_ai] == [0]


async def test_handing_a_seat_to_the_computer_checks_level_and_seat(table: Table) -> None:
    await started(table.service)
    bob, outsider = table.users[BOB], table.users[99]
    for path, manager, second, fifth in (
        ("game computer", False, {"player": bob}, {"player": outsider}),
        ("admin computer", True, {"seat": 2}, {"seat": 5}),
    ):
        no_level = await table.run(ANN, path, level=2, manage_guild=manager, **second)
        assert no_level.last.ephemeral and "Tiny has no computer level 2" in no_level.last.content
        no_seat = await table.run(ANN, path, manage_guild=manager, **fifth)
        assert no_seat.last.ephemeral and (
            "There is no seat 5: this game has 2 seats." in no_seat.last.content
            or "User99 has no seat in this game." in no_seat.last.content
        )
        assert not any(s.is_ai for s in (await table.service.get_game(CHANNEL)).seats)
    handed = await table.run(ANN, "game computer", player=bob)
    assert (
        handed.replies[-1].content
        == "The computer now plays seat 2, level 0 (plays any legal move at random)."
    )
    assert [s.ai_level for s in (await table.service.get_game(CHANNEL)).seats if s.is_ai] == [0]


# --- games without hands -----------------------------------------------------------------------------


@pytest.fixture
def handless(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tiny game as a game without hidden hands."""
    monkeypatch.setattr(tinygame, "SPEC", dataclasses.replace(tinygame.SPEC, hands=False))


async def test_hand_in_a_game_without_hands_says_so(table: Table, handless: None) -> None:
    """/hand and the "Show my hand" button of an older message answer privately, without a picture."""
    await started(table.service)
    shown = await table.run(ANN, "hand")
    assert shown.last.ephemeral and not shown.last.files
    assert shown.last.content == translate(ENGLISH, "message.no_hands", title="Tiny")
    pressed = table.interaction(CID)
    game = await table.service.get_game(CHANNEL)
    await components.HandButton(game.id).callback(pressed.mock)
    assert pressed.last.ephemeral and pressed.last.content == translate(
        ENGLISH, "message.no_hands", title="Tiny"
    )


async def test_no_show_my_hand_button_in_a_game_without_hands(table: Table, handless: None) -> None:
    game = await started(table.service)
    turn = pickers.turn_view(game.id, game.revision, pickers.has_hands(game.rules_id), ENGLISH)
    assert "Show my hand" not in [getattr(item, "label", None) for item in turn.children]
    _content, picker = pickers.picker(
        game, [("pass", "End your turn")], "Your move", decision="0123456789ab", locale=ENGLISH
    )
    assert "Show my hand" not in [getattr(item, "label", None) for item in picker.children]


async def test_add_ai_without_a_level_says_it_seated_the_default(table: Table) -> None:
    await table.run(ANN, "game santafe")
    await table.run(ANN, "game add-ai")
    added = (await table.lobby()).content or ""
    assert "level 1" in added and "That is the default" in added
    await table.run(ANN, "game add-ai", level=1)
    assert "default" not in ((await table.lobby()).content or "")


async def test_the_host_removes_a_computer_from_the_lobby(table: Table) -> None:
    await table.run(ANN, "game santafe")
    await table.run(ANN, "game add-ai", level=2)
    await table.run(BOB, "game join")
    offered = await _seats.computer_seats(table.interaction(ANN).mock, "")
    assert [(c.name, c.value) for c in offered] == [("2: Computer 1", 2)]
    refused = await table.run(BOB, "game remove-ai", seat=2)
    assert refused.last.ephemeral and len((await table.service.get_game(CHANNEL)).seats) == 3
    person = await table.run(ANN, "game remove-ai", seat=3)
    assert person.last.ephemeral and "not a computer's" in person.last.content
    removed = await table.run(ANN, "game remove-ai", seat=2)
    assert removed.last.ephemeral and removed.last.content == "You took Computer 1 out."
    assert (await table.lobby()).content.endswith("\nComputer 1 left the table.")
    assert [s.name for s in (await table.service.get_game(CHANNEL)).seats] == ["Ann", "Bob"]


async def test_game_computer_takes_your_own_seat_by_default_and_others_by_mention(table: Table) -> None:
    """Seats are drawn at random, so people are named, not numbered; with nobody named it is your seat."""
    await started(table.service, players=(ANN, BOB, CID))
    mine = await table.run(CID, "game computer")
    assert mine.replies[-1].content.startswith("The computer now plays seat 3,")
    assert [s.user_id for s in (await table.service.get_game(CHANNEL)).seats if s.is_ai] == [CID]
    refused = await table.run(BOB, "game computer", player=table.users[ANN])  # only the host hands others
    assert refused.last.ephemeral and "Only the player who opened the game" in refused.last.content
    hosted = await table.run(ANN, "game computer", player=table.users[BOB])
    assert not hosted.replies[-1].ephemeral
    assert {s.user_id for s in (await table.service.get_game(CHANNEL)).seats if s.is_ai} == {BOB, CID}
    stranger = await table.run(99, "game computer")
    assert stranger.last.ephemeral and stranger.last.content.startswith("You have no seat in this game.")
