"""What the parts of a game's picture draw with, passed as one value instead of several parameters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from PIL import ImageDraw

from render.style import Style


class Scene(NamedTuple):
    """The picture being drawn, the view it shows, and what it is drawn for (``render.style.Style``: the
    players' names, the colours and sizes, the words in the game's language)."""

    d: ImageDraw.ImageDraw
    view: Mapping[str, Any]
    style: Style
