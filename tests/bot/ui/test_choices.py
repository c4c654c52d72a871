"""Many moves in two steps: a Great Western Trail phase B at neutral building B offers some seventy builds.
The private picker lists the single moves and one entry per building, each opening the places for it; the
autocomplete of /move suggests ending the turn and the local actions before the builds."""

from __future__ import annotations

import re

import discord

import rules
from bot.cogs.play import matching_choices
from bot.i18n import ENGLISH
from bot.play import components
from bot.services import engine
from bot.ui import choices, custom_ids, pickers
from rules.core.rng import Rng
from tests.rules.gwt.scenario import at, clear_trail, game, hand

from .test_presenters import game as game_info

KEY = "0123456789ab"  # a decision's key, as engine.decision_key writes it
FIRST_BUILD = "build 1a ($2 per building in the woods) on "


def at_building_b() -> list[tuple[str, str]]:
    s = game(2)
    clear_trail(s)
    s.players[0].money = 30
    hand(s, 0, "dutch-belt", "jersey", "jersey", "guernsey")
    s = at(s, 0, "B").copy()
    moves = engine.labelled_moves(rules.get("gwt"), s, 0)
    assert len(moves) > 60 and sum(m.startswith("build") for m, _ in moves) > 60
    return moves


def reachable(view: discord.ui.View) -> tuple[set[int], set[int], int]:
    """Move indexes a click plays, family numbers a click opens, and the largest menu."""
    moves: set[int] = set()
    families: set[int] = set()
    largest = 0
    for item in view.children:
        if components.handler(item) is components.MoveButton:
            moves.add(int(re.fullmatch(custom_ids.MOVE_TEMPLATE, item.custom_id)["index"]))
        elif components.handler(item) is components.FamilyButton:
            families.add(int(re.fullmatch(custom_ids.FAMILY_TEMPLATE, item.custom_id)["number"]))
        elif components.handler(item) is components.MoveSelect:
            largest = max(largest, len(item.options))
            for option in item.options:
                if option.value.startswith(pickers.FAMILY_VALUE):
                    families.add(int(option.value[len(pickers.FAMILY_VALUE) :]))
                else:
                    moves.add(int(option.value))
    return moves, families, largest


def check_two_steps(moves: list[tuple[str, str]]) -> None:
    info = game_info(rules_id="gwt")
    _content, first = pickers.picker(info, moves, "Your move", decision=KEY, locale=ENGLISH)
    found, families, largest = reachable(first)
    assert largest <= 25 and len(first.children) <= 25
    for number in families:
        content, second = pickers.picker(
            info, moves, "Your move", opened=number, decision=KEY, locale=ENGLISH
        )
        inside, _, largest = reachable(second)
        assert largest <= 25 and len(content) <= 2000
        found |= inside
    assert found == set(range(len(moves)))


def test_the_picker_at_building_b_reaches_every_move_in_two_steps_without_long_menus():
    moves = at_building_b()
    info = game_info(rules_id="gwt")
    _content, first = pickers.picker(info, moves, "Your move", decision=KEY, locale=ENGLISH)
    kinds = (components.MoveButton, components.FamilyButton)
    buttons = [i for i in first.children if components.handler(i) in kinds]
    labels = [b.label for b in buttons]
    # the single moves, then one entry per building saying what it does ("build 1a (…) on … (22 choices)")
    assert "end the turn" in labels and "discard Dutch Belt for $2" in labels
    assert any(label.startswith(FIRST_BUILD) and label.endswith("(22 choices)") for label in labels)
    assert not any(components.handler(i) is components.MoveSelect for i in first.children)
    _content, second = pickers.picker(info, moves, "Your move", opened=0, decision=KEY, locale=ENGLISH)
    menus = [i for i in second.children if components.handler(i) is components.MoveSelect]
    assert len(menus) == 1 and all(o.label.startswith(FIRST_BUILD) for o in menus[0].options)
    check_two_steps(moves)


def test_the_menu_of_a_building_says_beside_each_place_its_price_and_what_the_building_does():
    moves = at_building_b()
    _content, second = pickers.picker(
        game_info(rules_id="gwt"), moves, "Your move", opened=0, decision=KEY, locale=ENGLISH
    )
    menus = [i for i in second.children if components.handler(i) is components.MoveSelect]
    options = [o for i in menus for o in i.options]
    assert options and all(o.description and len(o.description) <= 100 for o in options)
    assert options[0].description.startswith("1 craftsman · $2 · 1 VP · green hand · gain $2 for each")


def test_every_picker_of_random_positions_reaches_every_move_in_two_steps():
    for rules_id, players in (("gwt", 3), ("santafe", 4)):
        game_rules = rules.get(rules_id)
        pick = Rng(11)
        state = game_rules.new_game(players, 11)
        step = 0
        while not game_rules.is_over(state):
            seat = pick.choice(sorted(game_rules.to_act(state)))
            if step % 4 == 0:
                check_two_steps(engine.labelled_moves(game_rules, state, seat))
            state, _ = game_rules.play(state, seat, pick.choice(game_rules.legal_moves(state, seat)))
            step += 1


def test_autocomplete_with_nothing_typed_offers_the_single_moves_first():
    moves = at_building_b()
    first = [c.name for c in matching_choices(moves, "")]
    assert len(first) == 25
    assert first[:4] == [
        "discard Dutch Belt for $2",
        "auxiliary action gain $1",
        "auxiliary action draw 1 card, discard 1",
        "end the turn",
    ]
    assert all(name.startswith("build") for name in first[4:])


def test_families_are_cut_by_their_first_words_only_when_the_list_is_long():
    few = [(f"move {i}", f"go to {i}") for i in range(25)]
    assert choices.entries(few) == list(range(25))
    many = [("done", "end")] + [(f"build {b} {p}", f"build {b} on {p}") for b in "xyz" for p in range(20)]
    listed = choices.entries(many)
    assert listed[0] == 0 and [(f.key, f.shared, len(f.indexes)) for f in listed[1:]] == [
        ("build x", "build x on", 20),
        ("build y", "build y on", 20),
        ("build z", "build z on", 20),
    ]
    assert pickers.family_label(listed[1], "en") == "build x on … (20 choices)"
    # nothing to split by: one family, opened onto two menus
    spots = [(f"move {i}", f"walk to {i}") for i in range(30)]
    assert [(f.key, len(f.indexes)) for f in choices.families(spots)] == [("move", 30)]
    check_two_steps(spots)


def test_a_japanese_family_reads_by_its_labels_not_the_notation() -> None:
    """Japanese labels have no spaces between words: a family reads by the run its labels share."""
    s = game(2)
    clear_trail(s)
    s.players[0].money = 30
    hand(s, 0, "dutch-belt", "jersey", "jersey", "guernsey")
    s = at(s, 0, "B").copy()
    moves = engine.labelled_moves(rules.get("gwt"), s, 0, engine.Reader(locale="ja"))
    found = choices.families(moves)
    assert found and all(not re.search(r"build|[a-z]{3,}", f.shared) for f in found), found
    first = found[0]
    assert all(first.shared.removeprefix("…") in moves[i][1] for i in first.indexes)
    assert "1a" in first.shared  # the building's words follow it in each label


def test_a_familys_words_compare_without_the_brackets_that_open_them() -> None:
    """Labels put together differently ("«build …" nested in one more message) still share their words."""
    moves = [("build x 1", "«build x on 1"), ("build x 2", "«build x on 2"), ("build x 3", "build x on 3")]
    [family] = choices.families(moves, limit=2)
    assert family.shared == "«build x on"


def test_a_familys_words_are_those_every_label_shares() -> None:
    """A word one label lacks is not the family's, whichever label comes last."""
    moves = [("go a 1", "go to A by B"), ("go a 2", "go via A by B"), ("go a 3", "go to A by C")]
    [family] = choices.families(moves, limit=2)
    assert family.shared == "go"
