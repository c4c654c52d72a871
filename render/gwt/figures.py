"""A Great Western Trail player's scoring figures in a few words, shared by the board and turn pictures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.words import Words, picture_word


def figures(view: Mapping[str, Any], seat: int, picture_words: Words | None = None) -> tuple[str, str]:
    """Two short lines: certificates and engine space; buildings built, hazards and teepees taken."""
    player = view["seats"][seat]
    built = sum(1 for code in view["board"]["trail"].values() if code and code.endswith(f"@{seat}"))
    first = picture_word(picture_words, "gwt.figures", certs=player["certificates"], engine=player["engine"])
    second = picture_word(
        picture_words,
        "gwt.taken",
        built=built,
        hazards=len(player["hazards"]),
        teepees=len(player["teepees"]),
    )
    return first, second
