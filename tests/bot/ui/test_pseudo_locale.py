"""Under the pseudo-locale every fixed sentence of a private reply comes out wrapped in its markers: a
sentence written in the code instead of a catalog would show up bare. (The refused move's own reason is
the engine's, which is not in a catalog yet: only the hint after it is checked.)"""

from __future__ import annotations

import re

import pytest
from discord import AppCommandOptionType, app_commands

import rules
from bot import messages
from bot.i18n import PSEUDO, PSEUDO_OPEN
from bot.play import replies
from bot.services import engine, wording
from bot.services.errors import ServiceError
from bot.ui import pickers
from rules.core.errors import ErrorCode, RulesError, SetupError
from rules.core.rng import Rng
from tests.bot.ui.test_choices import game_info

WRAPPED = re.compile(r"【[^【】]*~+】")


def bare(text: str) -> str:
    """What is left of ``text`` once every pseudo-translated sentence (and those inside it) is taken out."""
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    return text.strip()


@pytest.mark.parametrize("code", list(messages.RULES_HINTS))
def test_the_hint_after_a_refused_move_is_from_the_catalog(code: ErrorCode) -> None:
    answer = replies.explain(RulesError("The engine's reason.", code=code), PSEUDO)
    assert answer is not None and bare(answer) == "The engine's reason."


@pytest.mark.parametrize("code", messages.SERVICE_HINTS)
def test_the_hint_after_a_refusal_is_from_the_catalog(code: str) -> None:
    refusal = ServiceError("The service's reason.")
    refusal.code = code
    answer = replies.explain(refusal, PSEUDO)
    assert answer is not None and bare(answer) == "The service's reason."


class Unreadable(app_commands.Transformer):
    async def transform(self, interaction: object, value: object) -> object:
        raise ValueError(value)


@pytest.mark.parametrize(
    "failure",
    [
        app_commands.MissingPermissions(["manage_guild"]),
        app_commands.NoPrivateMessage(),
        app_commands.TransformerError("nobody", AppCommandOptionType.user, Unreadable()),
    ],
)
def test_fixed_refusals_are_wholly_from_the_catalog(failure: Exception) -> None:
    answer = replies.explain(failure, PSEUDO)
    assert answer is not None and answer.startswith("【") and bare(answer) == ""


def test_a_long_picker_has_only_catalog_notes_under_its_prompt() -> None:
    moves = [(f"m{i}", f"Move number {i}") for i in range(60)]
    content, _view = pickers.picker(game_info(), moves, "Choose", decision="0123456789ab", locale=PSEUDO)
    prompt, *notes = content.split("\n")
    assert prompt == "**Choose**" and notes
    assert all(note.startswith("【") and bare(note) == "" for note in notes), notes


def test_no_open_games_is_from_the_catalog() -> None:
    text = messages.no_open_games(PSEUDO)
    assert text.startswith("【") and bare(text) == ""


@pytest.mark.parametrize(("game_id", "players"), [("gwt", 3), ("santafe", 4)])
def test_every_move_label_is_from_the_catalog(game_id: str, players: int) -> None:
    """Autocomplete, buttons and menus show labels (and the details beside them) made of catalog messages:
    the seats' names and the places, cards and railroads printed on the board are the only words inside
    them not wrapped."""
    game = rules.get(game_id)
    pick = Rng(1)
    state = game.new_game(players, 1, {})
    seen = 0
    for _ in range(300):
        if game.is_over(state):
            break
        seat = pick.choice(sorted(game.to_act(state)))
        for pair in engine.labelled_moves(game, state, seat, engine.Reader({0: "Ann", 1: "Bo"}, PSEUDO)):
            label, detail = pair[1], getattr(pair, "detail", "")
            assert label.startswith(PSEUDO_OPEN) and bare(label) == "", label
            assert not detail or (detail.startswith(PSEUDO_OPEN) and bare(detail) == ""), detail
            seen += 1
        state, _ = game.play(state, seat, pick.choice(game.legal_moves(state, seat)))
    assert seen > 300


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("gwt", 5, {}),
        ("gwt", 2, {"colour": "red"}),
        ("gwt", 2, {"neutral": "sideways"}),
        ("santafe", 6, {}),
        ("santafe", 2, {"colour": True}),
        ("santafe", 2, {"advanced": "yes"}),
    ],
)
def test_a_refused_setup_says_why_from_the_catalog(game_id: str, players: int, options: dict) -> None:
    with pytest.raises(SetupError) as refused:
        rules.get(game_id).new_game(players, 1, options)
    assert refused.value.said is not None
    text = wording.say(PSEUDO, refused.value.said, {})
    assert text.startswith(PSEUDO_OPEN) and bare(text) == "", text
