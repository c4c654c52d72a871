"""The score sheet in each language: its words and the games' category labels come from the catalogs, and
every text stays inside the picture at a readable size, without overlapping another."""

from __future__ import annotations

import pytest

import rules
from bot.i18n import LANGUAGES, PSEUDO, translate
from bot.ui.pictures import result_words
from render import render_result
from render.boxes import overlap
from render.draw import recording
from rules.core.playout import random_playout

NAMES = ["Ada", "Brook", "Cyrus", "Dana"]


def finished(game_id: str, players: int, seed: int) -> dict:
    engine = rules.get(game_id)
    played = random_playout(engine, players, seed)
    assert played.finished
    return engine.result(played.final)


RESULTS = {game_id: finished(game_id, 4, 5) for game_id in ("gwt", "santafe")}


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize("game_id", sorted(RESULTS))
def test_the_score_sheet_reads_in_the_games_language(game_id: str, language: str) -> None:
    result = RESULTS[game_id]
    words = result_words(result, game_id, language)
    with recording() as drawn:
        picture = render_result(result, NAMES, game_id, words)
    labels = [d.label for d in drawn]
    assert labels[0] == translate(language, "picture.result.title", title=rules.spec(game_id).title)
    assert translate(language, "picture.result.total") in labels
    for category in result["categories"]:
        assert words["labels"][category] in labels
        assert words["labels"][category] == translate(language, f"{game_id}.score.{category}")
    for d in drawn:
        assert d.size >= 8, d
        left, top, right, bottom = d.box
        assert left >= 0 and top >= 0 and right <= picture.width and bottom <= picture.height, d
    words_only = [d for d in drawn if not d.label.lstrip("-").isdigit()]
    for i, a in enumerate(words_only):
        for b in words_only[i + 1 :]:
            assert not overlap(a.box, b.box), (a, b)
    if language not in ("en", PSEUDO):
        english = set(result["labels"].values()) | {"Total", "Winner", "Shared 1st"}
        same = set(words["labels"].values())  # a word both languages write alike ("Stations")
        assert not (english - same) & set(labels), (english - same) & set(labels)
