"""A Great Western Trail build menu says what each building does: every build choice (a menu option, its
family's entry, an autocomplete name) names the building's local actions in short, in the reader's
language, within Discord's 100 characters."""

from __future__ import annotations

import pytest

import rules
from bot.services import engine
from bot.ui import choices, pickers
from tests.rules.gwt.scenario import at, clear_trail, game, hand

from .test_choices import KEY
from .test_presenters import game as game_info

# Discord's limit on an autocomplete choice's name and a select option's label.
LIMIT = 100
# What a reader of each language reads for building 4a: "remove a hazard for $5", "move 2 steps".
FOUR_A = {
    "en": ("remove a hazard for $5", "move 2 steps"),
    "de": ("Gefahr für $5 entfernen", "Viehzüchter 2 Schritte"),
}


def build_choices(locale: str) -> list[tuple[str, str]]:
    """The moves at neutral building B with plenty of money and craftsmen: every building, every place."""
    s = game(2)
    clear_trail(s)
    s.players[0].money = 30
    s.players[0].workers[1] = 6
    hand(s, 0, "dutch-belt", "jersey", "jersey", "guernsey")
    s = at(s, 0, "B").copy()
    return engine.labelled_moves(rules.get("gwt"), s, 0, engine.Reader(locale=locale))


@pytest.mark.parametrize("locale", sorted(FOUR_A))
def test_every_build_choice_names_what_its_building_does(locale: str) -> None:
    moves = build_choices(locale)
    builds = {move: label for move, label in moves if move.startswith("build 4a ")}
    assert builds
    for label in builds.values():
        assert all(words in label for words in FOUR_A[locale]), label


@pytest.mark.parametrize("locale", ["en", "de", "nl", "ja"])
def test_every_build_label_fits_an_autocomplete_choice(locale: str) -> None:
    builds = [label for move, label in build_choices(locale) if move.startswith("build ")]
    assert builds and not [label for label in builds if len(label) > LIMIT]


@pytest.mark.parametrize("locale", sorted(FOUR_A))
def test_the_build_menus_entry_for_a_building_says_what_it_does(locale: str) -> None:
    moves = build_choices(locale)
    entry = next(f for f in choices.families(moves) if f.key == "build 4a")
    assert all(words in entry.shared for words in FOUR_A[locale]), entry.shared
    _text, view = pickers.picker(game_info(rules_id="gwt"), moves, "", decision=KEY, locale=locale)
    shown = [getattr(item, "label", None) for item in view.children] + [
        option.label for item in view.children for option in getattr(item, "options", [])
    ]
    # the entry opening building 4a's places (a button, clipped at 80 characters after what it does)
    assert any(label and all(words in label for words in FOUR_A[locale]) for label in shown), shown


@pytest.mark.parametrize(
    ("locale", "reads"),
    [
        ("en", "move the engine to the turnout of station 1 (after space 4)"),
        ("de", "Ausweichgleis von Bahnhof 1 (nach Feld 4)"),
    ],
)
def test_an_engine_choice_names_a_turnout_by_its_station_and_the_space_it_branches_off(
    locale: str, reads: str
) -> None:
    s = game(2)
    s.players[0].money = 20
    s.players[0].workers = [1, 1, 3]
    s.players[0].engine = "2"
    labels = dict(engine.labelled_moves(rules.get("gwt"), at(s, 0, "G"), 0, engine.Reader(locale=locale)))
    assert reads in labels["engine 4.5"]
    assert not [label for label in labels.values() if "4.5" in label]
