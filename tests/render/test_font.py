"""The pictures' face draws every letter the four languages need: accented Latin and Japanese come out as
their own glyphs, never as the empty box a face draws for a character it lacks."""

from __future__ import annotations

import emoji
import pytest
from PIL import ImageFont

from bot.i18n import LANGUAGES, catalog
from render.theme import FONT_FILE, font

SIZE = 24
# A private-use character no face maps: what it draws is the face's "missing glyph" box.
MISSING = "\ue000"

WORDS = [
    "misère",
    "Zürich",
    "Straße über Größe",
    "Œuvre façade naïve à côté",
    "één, coöperatie",
    "グレート・ウエスタン・トレイル",
    "牛の取引所、建物、駅長、カンザスシティ",
    "サンタフェ：線路、都市、得点",
    "手番です。",
]


def drawn(face: ImageFont.FreeTypeFont, ch: str) -> bytes:
    return bytes(face.getmask(ch))


def unknown(face: ImageFont.FreeTypeFont, words: str) -> list[str]:
    """The letters of ``words`` the face draws as its missing-glyph box."""
    missing = drawn(face, MISSING)
    return [ch for ch in words if not ch.isspace() and drawn(face, ch) == missing]


@pytest.mark.parametrize("words", WORDS)
def test_every_letter_is_a_glyph_of_its_own(words: str) -> None:
    assert unknown(font(SIZE), words) == []


def test_the_missing_box_is_recognised() -> None:
    """The check itself can fail: a character outside the subset counts as missing."""
    assert unknown(font(SIZE), "a\U0001f600b") == ["\U0001f600"]


def test_the_face_is_the_shipped_file_with_its_licence() -> None:
    assert str(font(SIZE).path) == str(FONT_FILE)
    assert (FONT_FILE.parent / "LICENSE").read_text(encoding="utf-8").count("SIL OPEN FONT LICENSE") >= 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_letter_of_the_catalogs_is_drawn(language: str) -> None:
    """What a translator writes can be drawn: a new kanji means running render/fonts/subset.py again.
    Emoji are left out: they mark chat messages (Discord draws them), never the pictures' words."""
    letters = "".join(
        sorted(
            {
                ch
                for forms in catalog(language).messages.values()
                for f in forms
                for ch in f
                if not emoji.is_emoji(ch)
            }
        )
    )
    assert unknown(font(SIZE), letters) == []


def test_the_separator_dot_is_as_narrow_as_in_latin_text() -> None:
    """The pictures part their facts with "·"; the face's Japanese form of it is wider than an "n"."""
    face = font(SIZE)
    assert face.getlength("·") < face.getlength("n") / 2


def drawn_pixels(label: str, bold: bool) -> bytes:
    from PIL import Image, ImageDraw

    from render.draw import text

    image = Image.new("L", (400, 60), 0)
    text(ImageDraw.Draw(image), (200, 30), label, SIZE, "white", bold=bold)
    return image.tobytes()


def test_bold_japanese_is_drawn_plain_and_bold_latin_stroked() -> None:
    # the face has no bold weight: a stroke thickens Latin letters but clogs dense kanji
    assert drawn_pixels("駅長タイル", bold=True) == drawn_pixels("駅長タイル", bold=False)
    assert drawn_pixels("Station", bold=True) != drawn_pixels("Station", bold=False)
