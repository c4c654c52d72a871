"""The turn picture reads in Discord's preview: at most 1100 px wide, every text at least 8 px tall when
shown 550 px wide, and whose turn it is and each player's figures still readable at a phone's 400 px."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

import rules
from bot.i18n import LANGUAGES, PSEUDO, translate
from bot.ui import pictures
from render import Style, render_turn
from render.draw import Drawn, recording
from render.heading import WIDTH
from render.layers import clear_layers
from render.santafe import turn as santafe_turn
from render.theme import DEFAULT
from render.words import english_words, picture_word
from tests.render.conftest import CONFIGS, Config, config_id, sampled_states
from tests.render.test_santafe_turn import overlap

PREVIEW_W = 550
PHONE_W = 400
NAMES = ["Ada", "Brook", "Cyrus", "Dana", "Emil", "Fay", "Gus", "Hal"]


def drawn_texts(view: dict[str, Any], last: list[str]) -> tuple[Any, list[Drawn]]:
    """The picture and every text drawn on it, cached layers included (their caches are emptied)."""
    clear_layers()
    with recording() as texts:
        image = render_turn(view, last, style=Style(NAMES[: view["players"]]))
    return image, texts


def shown(size: int, width: int, at: int) -> float:
    return size * at / width


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_text_reads_at_preview_size(config: Config) -> None:
    game, players, options = config
    engine = rules.get(game)
    for state in sampled_states(game, players, options):
        image, texts = drawn_texts(engine.view(state, None), ["Player 1: a move."])
        assert image.width <= WIDTH
        assert texts
        small = [t for t in texts if shown(t.size, image.width, PREVIEW_W) < 8]
        assert not small, small[:5]
        for t in texts:  # nothing is drawn off the picture
            assert t.box[0] >= 0 and t.box[2] <= image.width and t.box[3] <= image.height, t


def phone_texts(config: Config) -> tuple[dict[str, Any], Any]:
    """A mid-game spectator view and a function finding the texts of its turn picture that still read at a
    phone's width."""
    game, players, options = config
    view = rules.get(game).view(sampled_states(game, players, options)[1], None)
    image, texts = drawn_texts(view, ["Player 2: the last move."])

    def readable(predicate: Any) -> list[Drawn]:
        return [t for t in texts if predicate(t.label) and shown(t.size, image.width, PHONE_W) >= 8]

    return view, readable


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_who_acts_and_the_last_move_read_on_a_phone(config: Config) -> None:
    """Every game's turn picture names who acts and tells the last move (``render.heading.header``)."""
    view, readable = phone_texts(config)
    acting = NAMES[view["to_act"][0]]
    assert readable(lambda label: f"{acting} to act" in label)
    assert readable(lambda label: label.startswith("Last: Brook: the last move"))


@pytest.mark.parametrize("config", [c for c in CONFIGS if c[0] in ("gwt", "santafe")], ids=config_id)
def test_players_figures_read_on_a_phone(config: Config) -> None:
    view, readable = phone_texts(config)
    game = config[0]
    for seat in view["seats"]:
        assert readable(lambda label, seat=seat: label == f"${seat['money']}")
        assert readable(lambda label, seat=seat: label == NAMES[seat["seat"]])
    if game == "gwt":
        for seat in view["seats"]:
            assert readable(lambda label, seat=seat: label.startswith(f"cert {seat['certificates']} ·"))
    else:
        for seat in view["seats"]:
            assert readable(lambda label, seat=seat: label.startswith(f"{seat['city_points']} pts"))


def test_game_over_names_players_by_name() -> None:
    engine = rules.get("santafe")
    final = sampled_states("santafe", 3, ())[-1]
    view = engine.view(final, None)
    _, texts = drawn_texts(view, [])
    title = next(t.label for t in texts if "game over" in t.label)
    assert "Player " not in title


def test_the_english_catalog_writes_the_pictures_own_english() -> None:
    """The pictures' words have one English: the catalog's is the pictures' default."""
    for key, english in english_words().items():
        assert pictures.words_for("en", {}, [], [])[key] == english, key


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize(("game", "players"), [("gwt", 4), ("santafe", 5)])
def test_the_turn_picture_reads_in_the_games_language_and_fits(
    game: str, players: int, language: str
) -> None:
    """Who acts, the last move, the prompt and the picture's own words in the game's language: at least
    8 px at 550 px, nothing off the picture, Santa Fe's legend and railroads not overlapping (German
    compounds are long, Japanese writes no spaces)."""
    engine = rules.get(game)
    for state in sampled_states(game, players, ()):
        view = engine.view(state, None)
        words = pictures.words_for(language, view, [], NAMES[:players])
        last = [translate(language, "message.your_move_counted") * 3]  # a long line of the language
        clear_layers()
        with recording() as texts:
            image = render_turn(view, last, (), Style(NAMES[:players], DEFAULT, words))
        labels = " ".join(t.label for t in texts)
        assert words["last"].split("{")[0].strip() in labels
        if not view["over"]:
            acting = ", ".join(NAMES[seat] for seat in view["to_act"])
            assert picture_word(words, "to_act", names=acting)[:20] in labels
        for t in texts:
            assert shown(t.size, image.width, PREVIEW_W) >= 8, t
            assert t.box[0] >= 0 and t.box[2] <= image.width and t.box[3] <= image.height, t
        frame = "gwt.cattle_market" if game == "gwt" else "santafe.legend.home"
        assert words[frame] in labels
        if game == "santafe":
            low = [t for t in texts if t.box[1] >= santafe_turn.MAP_BOTTOM]
            for a, b in combinations(low, 2):
                assert not overlap(a.box, b.box), (a, b)
