"""The Great Western Trail turn picture explains itself: it numbers the stations under the railroad, shows
each station master still to be appointed beside its station's number, keys what the neutral buildings A–G
do, and names an engine on a turnout space by its station, never by a half number ("4.5") that the board
does not print."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

import pytest

import rules
from bot.ui import pictures
from render import Style, render_board, render_player_area, render_turn
from render.boxes import overlap
from render.draw import Drawn, recording
from render.gwt import turn
from render.layers import clear_layers
from render.theme import DEFAULT
from render.words import picture_word
from rules.core.english import english
from rules.gwt.content import NEUTRAL_BUILDINGS, STATIONS
from rules.gwt.labels import say_space
from tests.render.conftest import sampled_states

NAMES = ["Ada", "Brook", "Cyrus", "Dana"]
# What each language reads in the key for neutral building A and for station 3's master (+$2 · VP/worker).
READS = {
    "en": ("Guernsey → $2, hire, hire for $2 more", "VP/worker"),
    "de": ("Guernsey → $2, anheuern, für $2 mehr anheuern", "SP/Arbeiter"),
    "ja": ("ガーンジー種→2ドル、雇う、2ドル高く雇う", "労働者ごと点"),
}
HALF = re.compile(r"(?<![\d.])\d+\.5(?!\d)")  # "4.5"; no word boundary after Japanese


def view_with_turnout() -> dict[str, Any]:
    """A four-player game under way, the first engine on station 1's turnout, every master still there."""
    state = sampled_states("gwt", 4, ())[2].copy()
    state.players[0].engine = STATIONS[1][0]
    view = rules.get("gwt").view(state, None)
    masters = ["sm-certificates", "sm-objectives", "sm-workers", "sm-hazards", "sm-teepees"]
    for station, master in zip(view["board"]["stations"], masters, strict=False):
        station["master"], station["master_worker"] = master, None
    return view


def turn_texts(view: dict[str, Any], language: str) -> list[Drawn]:
    words = pictures.words_for(language, view, [], NAMES) if language != "en" else None
    clear_layers()  # the static layer's words are drawn again, and seen
    with recording() as texts:
        render_turn(view, ["Ada"], [], Style(NAMES, DEFAULT, words))
    return texts


@pytest.mark.parametrize("language", sorted(READS))
def test_the_turn_picture_numbers_the_stations_and_keys_the_neutral_buildings(language: str) -> None:
    view = view_with_turnout()
    texts = turn_texts(view, language)
    labels = [t.label for t in texts]
    assert all(words in labels for words in READS[language]), READS[language]
    # each station's number under the railroad, and again beside each of the five masters
    for number in range(1, 11):
        assert labels.count(str(number)) >= (2 if number <= 5 else 1), number
    # every neutral building's line of the key is drawn whole, and no two texts of the key overlap
    words = pictures.words_for(language, view, [], NAMES)
    key = [words[f"gwt.building_does.{code}"] for code in NEUTRAL_BUILDINGS]
    assert all(line in labels for line in key), key
    keyed = [t for t in texts if t.box[1] >= turn.KEY_TOP]
    assert len(keyed) == 2 * len(NEUTRAL_BUILDINGS) + 1  # a letter and a line each, under the key's title
    assert not [(a.label, b.label) for a, b in combinations(keyed, 2) if overlap(a.box, b.box)]


@pytest.mark.parametrize("language", ["en", "de", "nl", "ja"])
def test_no_picture_names_a_turnout_by_a_half_number(language: str) -> None:
    view = view_with_turnout()
    own = rules.get("gwt").view(sampled_states("gwt", 4, ())[2], 0)
    own["seats"][0]["engine"] = STATIONS[1][0]
    words = pictures.words_for(language, view, [], NAMES) if language != "en" else None
    clear_layers()
    with recording() as texts:
        render_turn(view, ["Ada"], [], Style(NAMES, DEFAULT, words))
        render_board(view, Style(NAMES, DEFAULT, words))
        render_player_area(own, 0, Style(NAMES, DEFAULT, words))
    halves = [t.label for t in texts if HALF.search(t.label)]
    assert not halves, halves


def test_an_engine_on_a_turnout_is_named_by_its_station_in_labels() -> None:
    assert english(say_space("4.5")) == "the turnout of station 1 (after space 4)"
    assert english(say_space("39")) == "space 39 (station 10)"
    assert english(say_space("12")) == "space 12"


@pytest.mark.parametrize("language", ["en", "de", "nl", "ja"])
def test_the_start_box_keeps_its_word_whole_and_clear_of_tile_a(language: str) -> None:
    """The start's box grows for a long word (Japanese スタート) but stands 8 px clear of neutral building A
    beside it, its word drawn whole."""
    view = view_with_turnout()
    texts = turn_texts(view, language)
    words = pictures.words_for(language, view, [], NAMES) if language != "en" else None
    left, _top, right, _bottom = turn.name_box("START", words)
    a_right = turn.at("A")[0] + turn.R
    assert left - a_right >= 8, (left, a_right)
    word = picture_word(words, "gwt.start")
    start = [t for t in texts if t.label == word]
    assert start and all(left <= t.box[0] and t.box[2] <= right for t in start), start


@pytest.mark.parametrize("language", ["en", "de", "nl", "ja"])
def test_every_trail_name_keeps_all_its_letters(language: str) -> None:
    """Where a name finds no room below its spot in full, it stands elsewhere round the spot (above a
    hazard space) before a word is cut short: no German "Steinsc." over "4", no Dutch "Overstr."."""
    from render.gwt.layout import board_names, spot_names

    view = view_with_turnout()
    words = pictures.words_for(language, view, [], NAMES) if language != "en" else None
    names = spot_names(words)
    whole = {location: f"{shown} · {risk}" if risk else shown for location, shown, risk in names}
    for placed in (board_names(names), {loc: turn.label_lines(loc, words) for loc in whole}):
        for location, lines in placed.items():
            printed = " ".join(line for line, _size, _centre in lines).split()
            assert set(printed) <= set(whole[location].split()), (location, printed, whole[location])
