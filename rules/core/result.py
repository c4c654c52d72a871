"""The shape of ``Rules.result``, built in one place so every game reports scores alike.

    {"categories": ["money", ...],                     # score categories, in display order
     "labels": {"money": "Money ($5 = 1 point)", ...},  # each category as the score pad words it
     "players": [{"seat": 0, "total": 41, "points": {"money": 12, ...}, "rank": 1, "tiebreak": 0}, ...],
     "ranking": [[0], [2, 1]],                          # seats grouped by place, best first
     "winners": [0]}                                    # several: a shared first place, not a win each
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict


class Standing(TypedDict):
    """One seat's line of the score pad."""

    seat: int
    total: int
    points: dict[str, int]
    tiebreak: int
    rank: int


class Result(TypedDict):
    """``Rules.result``: the shape above."""

    categories: list[str]
    labels: dict[str, str]
    players: list[Standing]
    ranking: list[list[int]]
    winners: list[int]


def category_words(key: str) -> str:
    """``"station_masters"`` -> ``"Station masters"``."""
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def build_result(
    categories: Sequence[str],
    points: Sequence[Mapping[str, int]],
    tiebreaks: Sequence[int] | None = None,
    labels: Mapping[str, str] | None = None,
) -> Result:
    """Rank seats by total, then by ``tiebreaks`` (higher is better); equal seats share a place.

    ``labels`` words the categories for people; a category without one is its key written out.
    """
    tiebreaks = list(tiebreaks) if tiebreaks is not None else [0] * len(points)
    players: list[Standing] = []
    for seat, pts in enumerate(points):
        total = sum(pts.get(c, 0) for c in categories)
        players.append(
            {"seat": seat, "total": total, "points": {c: pts.get(c, 0) for c in categories},
             "tiebreak": tiebreaks[seat], "rank": 0}  # ranked below, once every total is known
        )
    keys = sorted({(p["total"], p["tiebreak"]) for p in players}, reverse=True)
    ranking: list[list[int]] = []
    for key in keys:
        group = [p["seat"] for p in players if (p["total"], p["tiebreak"]) == key]
        ranking.append(group)
    place = 1
    for group in ranking:
        for seat in group:
            players[seat]["rank"] = place
        place += len(group)
    return {
        "categories": list(categories),
        "labels": {c: (labels or {}).get(c) or category_words(c) for c in categories},
        "players": players,
        "ranking": ranking,
        "winners": list(ranking[0]) if ranking else [],
    }
