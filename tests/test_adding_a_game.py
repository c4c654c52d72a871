"""docs/adding-a-game.md is true to the code: the signatures it gives are those the bot calls, the
messages it lists are every message a game brings, and a toy game written from it alone (Higher,
``tests/support/higher/``) passes the contract and render suites as soon as it is registered."""

from __future__ import annotations

import importlib
import inspect
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import render
import rules
from bot import i18n
from bot.cogs.game_commands import SHARED
from render import packages
from render.words import game_english
from rules.core import protocol
from rules.core.playout import random_playout
from tests.contract import test_play, test_secret_moves, test_spec
from tests.render import test_pictures
from tests.support import higher

DOC = (Path(__file__).resolve().parents[1] / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
REAL = rules.ids()  # the registered games, read before the toy game joins them
PICTURES = ("render_board", "render_turn", "render_player_area", "render_hand")


@pytest.fixture
def toy() -> Iterator[str]:
    higher.register()
    yield higher.ID
    higher.unregister()


def section(heading: str) -> str:
    """The doc's text from ``heading`` to the next heading of the same level or above."""
    level = heading.split()[0]
    start = DOC.index(f"\n{heading}\n")
    # from level 2: a line of code may start "# " too, and the page has one "# " heading, its title
    ends = [DOC.find(f"\n{'#' * n} ", start + 1) for n in range(2, len(level) + 1)]
    return DOC[start : min([e for e in ends if e > 0], default=len(DOC))]


def parameters(function: object) -> list[str]:
    return [name for name in inspect.signature(function).parameters if name != "self"]  # type: ignore[arg-type]


def documented(text: str) -> dict[str, list[str]]:
    """Every ``name(a, b)`` the first cells of the text's tables write in backticks -> its parameters."""
    cells = "\n".join(re.findall(r"^\| ([^|]*) \|", text, re.M))
    return {
        name: [p.strip() for p in params.split(",") if p.strip()]
        for name, params in re.findall(r"`(\w+)\(([^)`]*)\)", cells)
    }


def test_the_engine_members_are_documented_with_the_protocols_signatures() -> None:
    table = documented(section("### The engine: `Rules` and `Notation`").split("Randomness")[0])
    members = {name for name in dir(protocol.Engine) if callable(getattr(protocol.Engine, name))}
    wanted = {name for name in members if not name.startswith("_")}
    assert set(table) == wanted
    for name, params in table.items():
        assert parameters(getattr(protocol.Engine, name)) == params, name


def test_every_optional_capability_is_documented_with_its_signature() -> None:
    rows = re.findall(r"^\| `(\w+)` \| `(\w+)\(([^)]*)\) ->", DOC, re.M)
    assert [row[0] for row in rows] == [capability.__name__ for capability in protocol.OPTIONAL]
    for capability, (_, method, params) in zip(protocol.OPTIONAL, rows, strict=True):
        assert parameters(getattr(capability, method)) == [p.strip() for p in params.split(",")], method


def test_the_documented_picture_signatures_are_those_the_pictures_are_called_with(toy: str) -> None:
    table = documented(section("## The package `render/<id>/`"))
    assert set(table) >= set(PICTURES)
    for name in PICTURES:
        assert parameters(getattr(render, name)) == table[name], name
        for game in rules.ids():
            package = importlib.import_module(packages.name_of(game))
            if name != "render_hand" or rules.spec(game).hands:
                assert parameters(getattr(package, name)) == table[name], (game, name)


def messages_a_game_brings(game: str) -> set[str]:
    """The documented message ids, filled in for ``game`` from its spec, computers, pictures and result."""
    spec, engine = rules.spec(game), rules.get(game)
    final = random_playout(engine, spec.min_players, 1, spec.defaults()).final
    values = {
        "id": [game],
        "option": [*(option.label for option in spec.options), *SHARED],
        "spec_option": [option.label for option in spec.options],
        "n": [str(level) for level in rules.ai.levels(game)],
        "key": list(game_english(game)),
        "category": engine.result(final)["categories"],
    }
    table = section("## What a game brings").split("\n\n")[2]
    found: set[str] = set()
    for pattern in re.findall(r"`([\w.<>]*<\w+>[\w.<>]*)`", table):
        names = re.findall(r"<(\w+)>", pattern)
        for filled in itertools.product(*(values[name] for name in names)):
            text = pattern
            for name, value in zip(names, filled, strict=True):
                text = text.replace(f"<{name}>", value, 1)
            found.add(text)
    return found


@pytest.mark.parametrize("game", REAL)
def test_every_language_holds_every_message_the_doc_says_a_game_brings(game: str) -> None:
    wanted = messages_a_game_brings(game)
    assert len(wanted) > 10
    for language in i18n.LANGUAGES:
        assert sorted(wanted - set(i18n.catalog(language).messages)) == [], language


@pytest.mark.parametrize("game", REAL)
def test_the_doc_names_every_message_of_the_bots_catalog_that_is_a_games_own(game: str) -> None:
    """A message of ``bot.po`` whose id names the game is one the doc lists (the game's own catalog holds
    its facts, which its engine names)."""
    path = i18n.po_path(i18n.ENGLISH)
    ids = re.findall(r'^msgid "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
    own = {msgid for msgid in ids if re.search(rf"(^|\.){game}(\.|$)", msgid)}
    assert sorted(own - messages_a_game_brings(game)) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_game_keeps_the_contract_and_draws_every_picture(toy: str, players: int) -> None:
    test_play.test_random_games_keep_the_contract_at_every_step(toy, players)
    test_play.test_play_never_changes_the_state_it_is_given(toy, players)
    test_pictures.test_every_picture_renders((toy, players, ()))


def test_the_toy_game_keeps_the_spec_and_secret_rules(toy: str) -> None:
    for check in (
        test_spec.test_spec_matches_the_engine,
        test_spec.test_options_are_valid_discord_options,
        test_spec.test_help_has_a_goal_and_every_topic_has_words,
        test_spec.test_defaults_and_every_option_value_set_up_a_game,
        test_spec.test_bad_setup_is_refused_with_a_setup_error,
        test_spec.test_every_computer_level_plays_a_legal_move,
        test_secret_moves.test_a_move_text_tells_no_more_than_the_table_sees,
        test_pictures.test_each_game_package_exports_its_pictures,
    ):
        check(toy)
    assert protocol.offered(rules.get(toy)) == ["DescribesHands", "GuardsForcedSteps"]
