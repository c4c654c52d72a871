"""Words on the Great Western Trail pictures: as the labels say them, and no counts the game does not have."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import Style, render_hand
from render.draw import recording
from render.gwt import pieces, player
from render.gwt.board import prompt_line
from render.gwt.turn import render_turn
from render.gwt.words import FACTS
from render.theme import DEFAULT
from rules.core.english import english
from rules.gwt import RULES
from rules.gwt.content import DISC_SPACES, OBJECTIVES
from rules.gwt.labels import describe, say_disc_space, say_objective_action
from rules.gwt.words import place
from rules.santafe import RULES as SANTA_FE


def test_the_status_line_counts_no_rounds() -> None:
    view = RULES.view(RULES.new_game(2, 1, {}), None)
    assert prompt_line(view, ["Alice", "Bob"]).startswith("Alice: place the cattleman")


def test_the_turn_picture_counts_no_rounds() -> None:
    view = RULES.view(RULES.new_game(2, 1, {}), None)
    with recording() as texts:
        render_turn(view, style=Style(["Alice", "Bob"]))
    assert "Alice to act" in [t.label for t in texts]
    assert not any("Round" in t.label for t in texts)


def test_a_cattleman_not_yet_placed_is_said_so() -> None:
    view = RULES.view(RULES.new_game(2, 1, {}), None)
    assert "cattleman not yet placed" in player.header_facts(view["seats"][0])
    assert not any("at not yet" in fact for fact in player.header_facts(view["seats"][0]))


def test_the_cattleman_is_at_a_place_by_its_printed_name() -> None:
    seat = dict(RULES.view(RULES.new_game(2, 1, {}), None)["seats"][0], location="C-1-2")
    assert f"cattleman at {place('C-1-2')}" in player.header_facts(seat)
    assert "C-1-2" not in place("C-1-2")


def test_disc_spaces_have_the_same_names_in_labels_and_on_the_player_board() -> None:
    assert all(FACTS[f"gwt.disc_space.{space}"] == say_disc_space(space) for space in DISC_SPACES)
    assert describe("disc money") == "place the disc from the space 'auxiliary action gain $1, double'"
    assert describe("aux money x2") == "auxiliary action gain $1, double"
    assert describe("aux cert x2") == "auxiliary action engine back 1, +1 certificate, double for $2"


def test_the_hand_is_titled_with_its_owners_name() -> None:
    for engine in (RULES, SANTA_FE):
        own = engine.view(engine.new_game(3, 1, {}), 2)
        with recording() as texts:
            render_hand(own, Style(["Alice", "Bob", "Carol"]))
        labels = [t.label for t in texts]
        assert "Your hand (Carol)" in labels and not any("player 3" in label.lower() for label in labels)


def test_an_objective_cards_draw_action_says_what_the_rulebook_says() -> None:
    """ "Draw up to 3 cards from your personal draw stack. Then discard as many cards as you drew." The
    label and the card as the pictures draw it say the same words."""
    code = next(c for c, entry in OBJECTIVES.items() if entry[0] == "draw")
    said = english(say_objective_action(code))
    assert said == "draw and discard up to 3"
    image = Image.new("RGB", (100, 100))
    with recording() as texts:
        pieces.objective_card(ImageDraw.Draw(image), (10, 10, 90, 90), code, DEFAULT)
    drawn = " ".join(t.label for t in texts)
    assert said in drawn and all(t.box[2] <= 90 for t in texts), drawn
