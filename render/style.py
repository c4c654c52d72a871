"""What a picture is drawn for, besides the position it shows: the seats' names, the theme and the words
in its reader's language. They always travel together, from the bot down to every game's pictures, so
they are one value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from render.theme import DEFAULT, Theme
from render.words import Words


class Style(NamedTuple):
    """The players' names (``None``: "Player N"), the colours and sizes, and the picture's words in the
    reader's language (``render.words``; ``None``: English). A tuple of plain values, so it pickles to
    the drawing workers."""

    names: Sequence[str] | None = None
    theme: Theme = DEFAULT
    words: Words | None = None


#: A picture as the samples and the tests draw it: "Player N", the default theme, English.
PLAIN = Style()

__all__ = ["PLAIN", "Style"]
