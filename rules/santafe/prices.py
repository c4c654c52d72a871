"""What a Santa Fe move costs and earns, in words: the bonus a piece pays when its railroad reaches a city,
the points the connection adds to the mover's city cards, what a city card is worth now.

``notation.describe`` puts the short form into labels; ``detail`` is the line beside a label in menus.
Pure: read from the state, never changing it.
"""

from __future__ import annotations

from typing import Any

from rules.core.english import english
from rules.core.texts import chained, listing, said
from rules.santafe import board, flow, track
from rules.santafe.state import SantaFeState

# A menu option's description holds at most 100 characters (discord.SelectOption).
DETAIL = 100


def connection(s: SantaFeState, seat: int, action: tuple[Any, ...]) -> tuple[int, int, int] | None:
    """For a piece ("lay"/"branch" action) that brings its railroad to a new city: (city, dollars the
    mover earns, points its city cards on display gain); None for a piece that reaches no new city."""
    _kind, r, _head, _seg, nxt, _cost, _source = action
    if nxt >= board.CITY_COUNT or s.connected[r] >> nxt & 1:
        return None
    first = not s.reached() >> nxt & 1
    square = board.CITY_SQUARES[nxt] >> r & 1
    bonus = (track.CITY_BONUS if first else 0) + (track.SQUARE_BONUS if square else 0)
    if s.double_on[seat]:
        bonus *= 2
    points = board.CITY_VALUE[nxt] * s.played[seat].count(nxt)
    return nxt, bonus, points


def say_gain(s: SantaFeState, seat: int, action: tuple[Any, ...], named: bool = True) -> Any:
    """ "reaches Denver, +$6", "reaches Denver, +$2, +7 points" (without ``named``: "+$2, +7 points",
    "" for a city reached that pays nothing), or "" when it reaches no new city."""
    found = connection(s, seat, action)
    if found is None:
        return ""
    city, bonus, points = found
    parts = [said("santafe.gain.reaches", city=board.CITY_NAME[city])] if named else []
    if bonus:
        parts.append(said("santafe.gain.dollars", amount=bonus))
    if points:
        parts.append(said("santafe.gain.points", count=points))
    return listing(parts) if parts else ""




def detail(s: SantaFeState, seat: int, move: str) -> str:
    """What ``move`` costs and earns in English, in at most 100 characters (see ``say_detail``)."""
    text = english(say_detail(s, seat, move))
    return text if len(text) <= DETAIL else text[: DETAIL - 1] + "…"


def say_detail(s: SantaFeState, seat: int, move: str) -> Any:
    """What ``move`` costs and earns; "" when its label says it all."""
    action = flow.options(s, seat).get(move)
    if action is None:
        return ""
    kind = action[0]
    if kind in ("lay", "branch"):
        cost = action[5]
        parts = [said("santafe.detail.costs", cost=cost) if cost else said("santafe.detail.free")]
        gain = say_gain(s, seat, action)
        if gain:
            parts.append(gain)
        if kind == "branch":
            parts.append(said("santafe.detail.branch"))
        return chained("santafe.words.dot", parts)
    if kind == "choose" and action[1] >= 0:
        city = action[1]
        railroads = s.railroads_at(city)
        value = board.CITY_VALUE[city]
        return said(
            "santafe.detail.scores",
            value=value,
            city=board.CITY_NAME[city],
            railroads=railroads,
            points=value * railroads,
        )
    return ""
