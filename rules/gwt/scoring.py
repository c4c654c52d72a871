"""Final scoring: the 11 categories of the score pad, and the best use of objective cards."""

from __future__ import annotations

from functools import lru_cache

from rules.gwt.board import own_buildings, permanent_certs
from rules.gwt.content import ARROWS, BUILDINGS, CATTLE, CITIES, OBJECTIVES, STATIONS, hazard_vp
from rules.gwt.state import State

CATEGORIES = ("money", "buildings", "cities", "stations", "hazards", "cattle", "objectives",
              "station_masters", "workers", "disc", "job_token")
# The score pad's words for each category.
LABELS = {
    "money": "Money ($5 = 1 point)",
    "buildings": "Buildings",
    "cities": "Cities and arrows",
    "stations": "Stations",
    "hazards": "Hazards",
    "cattle": "Cattle cards",
    "objectives": "Objective cards",
    "station_masters": "Station masters",
    "workers": "Workers",
    "disc": "Step disc (3 VP)",
    "job_token": "Job market token",
}
ITEMS = ("b", "s", "h", "g", "bl", "3", "4", "5", "sf")


def whole_deck(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    return [*p.hand, *p.deck, *p.discard]


def task_items(s: State, seat: int) -> dict[str, int]:
    p = s.players[seat]
    values = [CATTLE[c][1] for c in whole_deck(s, seat) if c in CATTLE]
    return {
        "b": len(own_buildings(s, seat)),
        "s": sum(1 for seats in s.stations if seat in seats),
        "h": len(p.hazards),
        "g": p.teepees.count("teepee-green"),
        "bl": p.teepees.count("teepee-blue"),
        "3": values.count(3), "4": values.count(4), "5": values.count(5),
        "sf": s.cities["san-francisco"].count(seat),
    }


def best_objectives(committed: list[str], optional: list[str], items: dict[str, int],
                    master_bonus: bool) -> tuple[int, int]:
    """(objective points, station-master points for objective cards) at their best.

    Committed cards score their points if fulfilled and lose their penalty if not; cards still in the
    deck may be added to the objective area or left out; each item serves one card only.
    """
    cards = tuple(sorted(committed)) + tuple(sorted(optional))
    return _best(cards, len(committed), tuple(items[i] for i in ITEMS), master_bonus)


@lru_cache(maxsize=1024)
def _best(
    cards: tuple[str, ...], n_committed: int, items: tuple[int, ...], master_bonus: bool
) -> tuple[int, int]:
    needs = []
    for c in cards:
        need = [0] * len(ITEMS)
        for t in OBJECTIVES[c][1]:
            need[ITEMS.index(t)] += 1
        needs.append(tuple(need))

    memo: dict[tuple[int, tuple[int, ...], int], tuple[int, int]] = {}

    def go(i: int, left: tuple[int, ...], area: int) -> tuple[int, int]:
        """Best (objective points, station-master points) from card ``i`` on."""
        if i == len(cards):
            return 0, (3 * (area // 2) if master_bonus else 0)
        key = (i, left, area)
        if key not in memo:
            vp, penalty = OBJECTIVES[cards[i]][2], OBJECTIVES[cards[i]][3]
            need = needs[i]
            choices = []
            if all(a >= b for a, b in zip(left, need, strict=True)):
                pts, sm = go(i + 1, tuple(a - b for a, b in zip(left, need, strict=True)), area + 1)
                choices.append((pts + vp, sm))
            pts, sm = go(i + 1, left, area + 1)
            choices.append((pts - penalty, sm))
            if i >= n_committed:
                choices.append(go(i + 1, left, area))
            memo[key] = max(choices, key=sum)
        return memo[key]

    return go(0, items, 0)


def score(s: State, seat: int) -> dict[str, int]:
    p = s.players[seat]
    items = task_items(s, seat)
    deck = whole_deck(s, seat)
    optional = [c for c in deck if c in OBJECTIVES]
    objective_points, master_objectives = best_objectives(
        p.objectives, optional, items, "sm-objectives" in set(p.masters))
    table = table_points(s, seat)
    return {
        **{c: table[c] for c in CATEGORIES[:5]},
        "cattle": sum(CATTLE[c][2] for c in deck if c in CATTLE),
        "objectives": objective_points,
        "station_masters": table["station_masters"] + master_objectives,
        **{c: table[c] for c in CATEGORIES[8:]},
    }


def table_points(s: State, seat: int) -> dict[str, int]:
    """The points of every category but cattle and objective cards (and the station masters' points
    for objective cards): what lies open on the table."""
    p = s.players[seat]
    has = set(p.masters)
    city_points = 0
    for city, (_value, _black, vp, multi) in CITIES.items():
        discs = s.cities[city].count(seat)
        city_points += vp * discs if multi else (vp if discs else 0)
    for a, b, vp, _objective in ARROWS:
        if seat in s.cities[a] and seat in s.cities[b]:
            city_points += vp

    masters = 0
    if "sm-workers" in has:
        masters += sum(p.workers)
    if "sm-certificates" in has:
        masters += 3 * ((p.cert + permanent_certs(p)) // 2)
    if "sm-hazards" in has:
        masters += 3 * (len(p.hazards) // 2)
    if "sm-teepees" in has:
        masters += 3 * min(p.teepees.count("teepee-green"), p.teepees.count("teepee-blue"))

    return {
        "money": p.money // 5,
        "buildings": sum(BUILDINGS[loc_tile.split("@")[0]][1] for loc_tile in
                         (s.trail[loc] or "" for loc in own_buildings(s, seat))),
        "cities": city_points,
        "stations": sum(STATIONS[i + 1][2] for i, seats in enumerate(s.stations) if seat in seats),
        "hazards": sum(hazard_vp(h) for h in p.hazards),
        "station_masters": masters,
        "workers": sum(4 * max(0, w - 4) for w in p.workers),
        "disc": 3 if p.discs["step-vp"] == 0 else 0,
        "job_token": 2 if p.job_token else 0,
    }


def public_score(s: State, seat: int) -> int:
    """``seat``'s points from what lies open on the table (``table_points``: cattle and objective cards
    lie in hands and decks, which the other players may not know, until the final count); once the game
    is over, the final total."""
    if s.over:
        return sum(score(s, seat).values())
    return sum(table_points(s, seat).values())
