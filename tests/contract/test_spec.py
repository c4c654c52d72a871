"""Every registered game's spec (``rules.core.spec.GameSpec``) agrees with its engine and with what
Discord accepts, so the bot can build its commands, help and computer seats from it unchanged."""

from __future__ import annotations

import re

import pytest

import rules
from rules.ai import choose_move
from rules.core.english import english
from rules.core.errors import SetupError
from rules.core.spec import Budget, Option
from tests.contract.conftest import GAMES, spec_of

# Command option names: https://discord.com/developers/docs/interactions/application-commands
# (application-commands.mdx, "Application Command Naming"): this pattern with the unicode flag, and the
# lowercase variant of any letter that has one. Descriptions and choice names: 1 to 100 characters.
OPTION_NAME = re.compile(r"^[-_'\w]{1,32}$")
DESCRIPTION_MAX = 100
# Autocomplete answers, and an option lists, at most 25 choices (application-commands.mdx).
AUTOCOMPLETE_MAX = 25
# An embed's description: at most 4096 characters (message.mdx, "Embed Limits").
EMBED_DESCRIPTION_MAX = 4096


def option_values(option: Option) -> list[object]:
    """Every value worth trying for ``option``: each choice, both switch values, a number's bounds."""
    if option.kind == "choice":
        return list(option.choices)
    if option.kind == "switch":
        return [False, True]
    return [option.minimum, option.maximum]


def bad_value(option: Option) -> object:
    if option.kind == "choice":
        return "no-such-" + option.choices[0]
    if option.kind == "switch":
        return "perhaps"
    assert option.maximum is not None
    return option.maximum + 1


@pytest.mark.parametrize("game_id", GAMES)
def test_spec_matches_the_engine(game_id: str) -> None:
    spec, engine = rules.spec(game_id), rules.get(game_id)
    assert spec is spec_of(game_id)
    assert spec.id == engine.id == game_id
    # the id names the game's pictures package (render.<id>) and its command (/game <id>)
    assert game_id.isidentifier() and OPTION_NAME.match(game_id) and game_id == game_id.lower()
    assert spec.title.strip() and spec.title == engine.title
    assert spec.summary.strip() and len(spec.summary) <= DESCRIPTION_MAX
    assert (spec.min_players, spec.max_players) == (engine.min_players, engine.max_players)
    assert 1 <= spec.min_players <= spec.max_players
    assert len(spec.colour) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in spec.colour)
    assert spec.tiebreak is None or spec.tiebreak.strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_options_are_valid_discord_options(game_id: str) -> None:
    for option in rules.spec(game_id).options:
        assert OPTION_NAME.match(option.label) and option.label == option.label.lower(), option.label
        assert option.description.strip() and len(option.description) <= DESCRIPTION_MAX, option.name
        assert len(option.choices) <= AUTOCOMPLETE_MAX, "a command option has at most 25 choices"
        for choice in option.choices:
            assert 1 <= len(choice) <= DESCRIPTION_MAX, choice


@pytest.mark.parametrize("game_id", GAMES)
def test_help_has_a_goal_and_every_topic_has_words(game_id: str) -> None:
    """/rules offers each topic as an autocomplete choice (title: its name, key: its value, both at most
    100 characters; a typed topic is looked up in lower case) and shows the text as an embed description
    (``EMBED_DESCRIPTION_MAX``)."""
    topics = rules.spec(game_id).help
    assert "goal" in topics
    assert len(topics) <= AUTOCOMPLETE_MAX, "autocomplete offers at most 25 topics"
    for key, said in topics.items():
        title, text = (english(part) for part in said)  # facts of the game's catalog, or English
        assert 1 <= len(key) <= DESCRIPTION_MAX and key == key.lower(), key
        assert title.strip() and len(title) <= DESCRIPTION_MAX, key
        assert text.strip() and len(text) <= EMBED_DESCRIPTION_MAX, key


@pytest.mark.parametrize("game_id", GAMES)
def test_subtopics_fit_like_topics(game_id: str) -> None:
    """Subtopics are offered by autocomplete once typed and shown like topics: the same limits."""
    spec = rules.spec(game_id)
    assert not set(spec.help) & set(spec.subtopics)
    for key, said in spec.subtopics.items():
        title, text = (english(part) for part in said)
        assert 1 <= len(key) <= DESCRIPTION_MAX and key == key.lower(), key
        assert title.strip() and len(title) <= DESCRIPTION_MAX, key
        assert text.strip() and len(text) <= EMBED_DESCRIPTION_MAX, key


@pytest.mark.parametrize("game_id", GAMES)
def test_defaults_and_every_option_value_set_up_a_game(game_id: str) -> None:
    spec, engine = rules.spec(game_id), rules.get(game_id)
    for players in range(spec.min_players, spec.max_players + 1):
        engine.new_game(players, 1, spec.defaults())
    engine.new_game(spec.min_players, 1)  # no options: the defaults
    for option in spec.options:
        for value in option_values(option):
            state = engine.new_game(spec.max_players, 2, {**spec.defaults(), option.name: value})
            assert engine.to_act(state), f"{option.name}={value!r} starts a game nobody can play"


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_setup_is_refused_with_a_setup_error(game_id: str) -> None:
    spec, engine = rules.spec(game_id), rules.get(game_id)
    for players in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(SetupError):
            engine.new_game(players, 1, spec.defaults())
    with pytest.raises(SetupError):
        engine.new_game(spec.min_players, 1, {**spec.defaults(), "no_such_option": True})
    for option in spec.options:
        with pytest.raises(SetupError):
            engine.new_game(spec.min_players, 1, {**spec.defaults(), option.name: bad_value(option)})


@pytest.mark.parametrize("game_id", GAMES)
def test_every_computer_level_plays_a_legal_move(game_id: str) -> None:
    spec, engine = rules.spec(game_id), rules.get(game_id)
    state = engine.new_game(spec.max_players, 3, spec.defaults())
    seat = min(engine.to_act(state))
    legal = engine.legal_moves(state, seat)
    for level in (0, *spec.computers):
        if level:
            assert spec.computers[level].description.strip()
            assert len(spec.computers[level].description) <= DESCRIPTION_MAX
        move = choose_move(game_id, engine.view(state, seat), legal, level, 5, Budget(playouts=4))
        assert move in legal, (level, move)
