"""The board, hand and player pictures in every language: their words come in the game's (or the reader's)
language, and the longer German words and the pseudo-locale's still fit (the keys stay on one line, nothing
runs off the picture)."""

from __future__ import annotations

from itertools import combinations

import pytest

import rules
from bot.i18n import LANGUAGES, PSEUDO
from bot.ui import pictures
from render import Style, render_board, render_hand, render_player_area
from render.draw import recording
from render.gwt.layout import layout
from render.layers import clear_layers
from render.santafe.static import LEGEND
from render.theme import DEFAULT
from tests.render.conftest import sampled_states
from tests.render.test_santafe_turn import overlap

NAMES = ["Ada", "Brook", "Cyrus", "Dana", "Emil"]
# every registered game at its most players (the most words on a picture), and the options that add some
FULLEST = [(game, rules.spec(game).max_players) for game in rules.ids()]
OPTIONS = {"santafe": (("advanced", True),)}


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize(("game", "players"), FULLEST)
def test_the_board_reads_in_the_games_language_and_fits(game: str, players: int, language: str) -> None:
    engine = rules.get(game)
    for state in sampled_states(game, players, OPTIONS.get(game, ())):
        view = engine.view(state, None)
        words = pictures.words_for(language, view, [], NAMES[:players])
        clear_layers()
        with recording() as texts:
            image = render_board(view, Style(NAMES[:players], DEFAULT, words))
        labels = [t.label for t in texts]
        for t in texts:
            assert t.box[0] >= 0 and t.box[2] <= image.width and t.box[3] <= image.height, t
        if game == "gwt":
            assert words["gwt.job_market_title"] in labels
            assert any(label.startswith(words["gwt.woods"][:3]) for label in labels)  # cut short if need be
            x0, _y0, x1, y1 = layout()["regions"]["status"]
            key = [t for t in texts if t.box[1] >= y1 - 30 and t.box[0] >= x0]  # the key's line
            assert key and all(t.box[2] <= x1 for t in key), key[-1]
            for a, b in combinations(key, 2):
                assert not overlap(a.box, b.box), (a, b)
        elif game == "santafe":
            assert any(words["santafe.legend.home"] in label for label in labels)
            inside = [t for t in texts if t.box[0] >= LEGEND[0] and t.box[1] >= LEGEND[1]]
            assert inside and all(t.box[2] <= LEGEND[2] for t in inside)


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize(("game", "players"), [(g, n) for g, n in FULLEST if rules.spec(g).hands])
def test_the_hand_and_player_area_read_in_the_readers_language_and_fit(
    game: str, players: int, language: str
) -> None:
    engine = rules.get(game)
    for state in sampled_states(game, players, ())[1:3]:
        for seat in range(players):
            own = engine.view(state, seat)
            words = pictures.words_for(language, own, [], NAMES[:players])
            for draw in (
                lambda own=own, words=words: render_hand(own, Style(NAMES[:players], DEFAULT, words)),
                lambda own=own, seat=seat, words=words: render_player_area(
                    own, seat, Style(NAMES[:players], DEFAULT, words)
                ),
            ):
                with recording() as texts:
                    image = draw()
                for t in texts:
                    assert t.box[0] >= 0 and t.box[2] <= image.width and t.box[3] <= image.height, t
                assert any(words["your_hand"].split("{")[0][:4] in t.label for t in texts) or any(
                    t.label.startswith(NAMES[seat]) for t in texts
                )


@pytest.mark.parametrize("language", ["de", "nl", "ja"])
@pytest.mark.parametrize("game", rules.ids())
def test_no_word_is_cut_short_in_a_longer_language(game: str, language: str) -> None:
    # GWT's station masters, city notes, workers' names, breeds and objective cards, Santa Fe's legend
    # and players' lines keep all their letters
    from tests.render.test_no_english_on_pictures import pictures_of

    cut: set[tuple[str, str]] = set()
    for picture, draw in pictures_of(game, language):
        clear_layers()
        with recording() as texts:
            draw()
        cut |= {(picture, t.label) for t in texts if "…" in t.label}
    assert not cut, sorted(cut)


@pytest.mark.parametrize("game", rules.ids())
def test_japanese_on_the_turn_picture_stands_8_px_tall_at_550_px(game: str) -> None:
    # a kanji of each Japanese text as drawn, at the width Discord shows the picture
    from render import render_turn
    from render.draw import has_cjk
    from render.theme import font

    engine, players = rules.get(game), min(4, rules.spec(game).max_players)
    for state in sampled_states(game, players, ())[1:3]:
        view = engine.view(state, None)
        words = pictures.words_for("ja", view, [], NAMES[:players])
        clear_layers()
        with recording() as texts:
            image = render_turn(view, ["Ada"], [], Style(NAMES[:players], DEFAULT, words))
        japanese = [t for t in texts if has_cjk(t.label)]
        assert japanese
        for t in japanese:
            _left, top, _right, bottom = font(t.size).getbbox("駅")
            assert (bottom - top) * 550 / image.width >= 8, t
