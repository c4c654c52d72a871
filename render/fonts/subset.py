"""Regenerate ``render/fonts/pictures.otf``, the one face every picture is drawn with, as a subset of
Noto Sans CJK JP (SIL Open Font License 1.1, see ``LICENSE`` beside this file).

One face covers every language the bot speaks, because Pillow does not fall back from one font to another:
Latin with its accents (German, Dutch, French words in card names), the punctuation the pictures use, kana,
the common kanji (JIS X 0208 level 1, about 3,000) and every other character found in the catalogs, the
glossaries and the game data, so a new translation's rare kanji are picked up by running this again::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
    pip install fonttools
    python -m render.fonts.subset noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = Path(__file__).with_name("pictures.otf")
FAMILY = "Noto Sans CJK JP"

# Whole blocks kept wherever the face has a glyph for them.
BLOCKS = (
    (0x0020, 0x024F),  # Basic Latin, Latin-1, Latin Extended-A and -B
    (0x1E00, 0x1EFF),  # Latin Extended Additional
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20CF),  # Currency Symbols
    (0x2100, 0x21FF),  # Letterlike Symbols, Arrows
    (0x2460, 0x24FF),  # Enclosed Alphanumerics
    (0x25A0, 0x25FF),  # Geometric Shapes
    (0x2600, 0x27BF),  # Miscellaneous Symbols, Dingbats
    (0x3000, 0x30FF),  # CJK Symbols and Punctuation, Hiragana, Katakana
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
)

# The line the face asks for, in font units of its 1,000 a em: the original reaches from 1,160 above the
# baseline to 288 below, far more than its letters need, and the pictures' layouts give a line about its
# size in pixels. Capitals, accents, descenders and kanji all still fit between these.
ASCENT = 1000
DESCENT = 240

# Characters whose Japanese glyph is wider than Latin text wants: the pictures' "·" separators take the
# face's narrowest form instead (the one its other regions use).
NARROW = (0x00B7,)

# Text the pictures may show: every character in these files is kept too.
SOURCES = (
    "bot/locales/**/*.po",
    "docs/glossary/**/*.md",
    "rules/**/*.json",
    "rules/**/*.py",
    "render/**/*.py",
)


def jis_level_1_kanji() -> Iterator[str]:
    """The 2,965 kanji of JIS X 0208 level 1 (rows 16-47), the everyday set, decoded from EUC-JP."""
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                yield bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp")
            except UnicodeDecodeError:
                continue


def characters_in(patterns: Iterable[str]) -> set[str]:
    found: set[str] = set()
    for pattern in patterns:
        for path in ROOT.glob(pattern):
            found.update(path.read_text(encoding="utf-8", errors="ignore"))
    return found


def wanted(face: TTFont) -> list[int]:
    cmap = face.getBestCmap()
    codepoints = {cp for low, high in BLOCKS for cp in range(low, high + 1)}
    codepoints |= {ord(ch) for ch in jis_level_1_kanji()}
    codepoints |= {ord(ch) for ch in characters_in(SOURCES)}
    return sorted(cp for cp in codepoints if cp in cmap)


def alternates(face: TTFont, glyph: str) -> set[str]:
    """The glyphs that the face's single substitutions (regional forms, widths) put in place of ``glyph``."""
    found: set[str] = set()
    for lookup in face["GSUB"].table.LookupList.Lookup:
        for table in lookup.SubTable:
            table = getattr(table, "ExtSubTable", table)
            mapping = getattr(table, "mapping", None)
            if mapping and glyph in mapping:
                found.add(mapping[glyph])
    return found


def narrow(face: TTFont) -> None:
    """Map each of ``NARROW`` to its narrowest form."""
    widths = face["hmtx"]
    for codepoint in NARROW:
        glyph = face.getBestCmap()[codepoint]
        best = min({glyph} | alternates(face, glyph), key=lambda name: widths[name][0])
        for table in face["cmap"].tables:
            if table.isUnicode() and codepoint in table.cmap:
                table.cmap[codepoint] = best


def open_face(path: Path) -> TTFont:
    if path.suffix.lower() == ".ttc":
        for face in TTCollection(path).fonts:
            if face["name"].getDebugName(1) == FAMILY:
                return face
        raise SystemExit(f"{path} has no {FAMILY} face")
    return TTFont(path)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("source", type=Path, help="NotoSansCJK-Regular.ttc or NotoSansCJKjp-Regular.otf")
    args = parser.parse_args()
    face = open_face(args.source)
    narrow(face)
    codepoints = wanted(face)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "calt", "ccmp", "locl", "vert", "palt"]
    options.name_IDs = ["*"]
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(face)
    face["hhea"].ascent = face["OS/2"].usWinAscent = ASCENT
    face["hhea"].descent = -DESCENT
    face["OS/2"].usWinDescent = DESCENT
    face.save(OUTPUT)
    print(f"{OUTPUT.relative_to(ROOT)}: {len(codepoints)} characters, {OUTPUT.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
