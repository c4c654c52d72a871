"""Every component count the rulebook prints, checked against the data tables."""

from __future__ import annotations

from collections import Counter

from rules.gwt.content import (
    BUILDINGS,
    CATTLE,
    CITIES,
    DISC_SPACES,
    DISCS_PER_PLAYER,
    GENERAL_OBJECTIVES,
    HAZARD_TYPES,
    JOB_COSTS,
    MARKET_CATTLE,
    MARKET_SIZE,
    NEUTRAL_BUILDINGS,
    OBJECTIVES,
    PRIVATE_SPACES,
    RISKS,
    STARTING_HERD,
    STARTING_OBJECTIVES,
    STATION_MASTERS,
    STATIONS,
    TEEPEE_SPACES,
    TRACK,
    TRAIL,
    WOODS,
    hazard_tiles,
    pile_tiles,
)
from rules.gwt.graph import KIND, NEXT


def test_tiles_54_workers_18_hazards_22_teepees() -> None:
    tiles = Counter(t for i in range(3) for t in pile_tiles(i))
    assert tiles["cowboy"] == tiles["craftsman"] == tiles["engineer"] == 18
    assert sum(tiles[w] for w in ("cowboy", "craftsman", "engineer")) == 54
    hazards = [t for t in tiles.elements() if t.split("-")[0] in HAZARD_TYPES]
    assert len(hazards) == 18
    assert all(len(hazard_tiles(h)) == 6 for h in HAZARD_TYPES)
    assert tiles["teepee-green"] == tiles["teepee-blue"] == 11
    # pile 1 holds only hazards and teepees, pile 2 only workers
    assert all(not t.startswith(("cowboy", "craftsman", "engineer")) for t in pile_tiles(0))
    assert set(pile_tiles(1)) == {"cowboy", "craftsman", "engineer"}


def test_cattle_cards_14_per_player_and_36_in_the_market() -> None:
    assert sum(STARTING_HERD.values()) == 14
    assert STARTING_HERD == {"jersey": 5, "dutch-belt": 3, "black-angus": 3, "guernsey": 3}
    assert sum(MARKET_CATTLE.values()) == 36
    breeds = Counter()
    for code, n in MARKET_CATTLE.items():
        breeds[CATTLE[code][0]] += n
    assert breeds == {"holstein": 7, "brown-swiss": 7, "ayrshire": 7, "highland": 9, "longhorn": 6}
    assert MARKET_SIZE == {2: 7, 3: 10, 4: 13}


def test_objectives_24_plus_4_starting() -> None:
    assert len(GENERAL_OBJECTIVES) == 24
    assert len(STARTING_OBJECTIVES) == 4
    assert all(OBJECTIVES[c][3] == 0 for c in STARTING_OBJECTIVES)
    assert all(OBJECTIVES[c][3] > 0 for c in GENERAL_OBJECTIVES)


def test_buildings_7_neutral_and_10_private_per_side() -> None:
    assert len(NEUTRAL_BUILDINGS) == 7
    assert sorted(BUILDINGS) == sorted(f"{n}{side}" for n in range(1, 11) for side in "ab")
    for n in range(1, 11):
        assert BUILDINGS[f"{n}a"][0] >= 1 and BUILDINGS[f"{n}b"][0] >= 1


def test_station_masters_discs_and_player_board() -> None:
    assert len(STATION_MASTERS) == 5
    assert DISCS_PER_PLAYER == 14
    white = sum(n for n, w in DISC_SPACES.values() if w)
    assert (white, DISCS_PER_PLAYER - white) == (9, 5)
    assert len(STATIONS) == 10 and sum(1 for st in STATIONS.values() if st[4]) == 5
    assert len(CITIES) == 10


def test_trail_graph_shape() -> None:
    assert len(PRIVATE_SPACES) == 22 and len(RISKS) == 7 and len(WOODS) == 8
    assert sum(1 for k in KIND.values() if k == "hazard") == 12
    assert len(TEEPEE_SPACES) == 9
    assert [loc for loc, n in NEXT.items() if len(n) == 2] == ["A", "B", "C", "C-2", "E", "F", "G"]
    # every space leads to Kansas City
    for loc in TRAIL:
        seen, todo = set(), [loc]
        while todo:
            x = todo.pop()
            seen.add(x)
            todo.extend(NEXT[x])
        assert "KANSAS_CITY" in seen


def test_railroad_40_spaces_and_9_turnouts() -> None:
    assert len(TRACK) == 49
    assert len(JOB_COSTS) == 12


def test_box_totals_92_cattle_cards_and_47_building_tiles() -> None:
    assert 4 * sum(STARTING_HERD.values()) + sum(MARKET_CATTLE.values()) == 92
    assert len(NEUTRAL_BUILDINGS) + 4 * len(BUILDINGS) // 2 == 47
