"""What the parts of a game's picture draw with, passed as one value instead of five parameters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from PIL import ImageDraw

from render.theme import Theme
from render.words import Words


class Scene(NamedTuple):
    """The picture being drawn, the view it shows, the players' names (``None``: "Player N"), the colours
    and sizes, and the words in the game's language (``None``: English)."""

    d: ImageDraw.ImageDraw
    view: Mapping[str, Any]
    names: Sequence[str] | None
    theme: Theme
    picture_words: Words | None
