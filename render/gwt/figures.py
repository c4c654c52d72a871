"""A Great Western Trail player's scoring figures in a few words, shared by the board and turn pictures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.words import Words, picture_word
from rules.gwt.content import STATION_AT


def turnout_station(space: object) -> int | None:
    """The station whose turnout space the engine stands on ("4.5" -> 1), else ``None``: a turnout has no
    number on the board, so pictures name it by its station."""
    key = str(space)
    return STATION_AT.get(key) if "." in key else None


def figures(view: Mapping[str, Any], seat: int, picture_words: Words | None = None) -> tuple[str, str]:
    """Two short lines: certificates and engine space; buildings built, hazards and teepees taken."""
    player = view["seats"][seat]
    built = sum(1 for code in view["board"]["trail"].values() if code and code.endswith(f"@{seat}"))
    certs, station = player["certificates"], turnout_station(player["engine"])
    first = (
        picture_word(picture_words, "gwt.figures_turnout", certs=certs, station=station)
        if station
        else picture_word(picture_words, "gwt.figures", certs=certs, engine=player["engine"])
    )
    second = picture_word(
        picture_words,
        "gwt.taken",
        built=built,
        hazards=len(player["hazards"]),
        teepees=len(player["teepees"]),
    )
    return first, second
