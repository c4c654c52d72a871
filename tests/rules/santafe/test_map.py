"""The board data file: the counts the rulebook prints, and a map every railroad can use."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from itertools import pairwise

from rules.santafe import board


def test_map_is_package_data_and_loads() -> None:
    text = resources.files("rules.santafe").joinpath("data/map.json").read_text(encoding="utf-8")
    assert json.loads(text)["cities"][0]["id"] == board.CITY_IDS[0]


def test_38_scoring_cities_with_the_printed_values() -> None:
    values = Counter(v for v in board.CITY_VALUE if v)
    assert sum(values.values()) == 38
    assert {v: values[v] for v in range(2, 8)} == {2: 3, 3: 7, 4: 5, 5: 7, 6: 9, 7: 7}


def test_66_city_cards_one_for_values_2_and_3_two_for_the_rest() -> None:
    cards = board.city_cards()
    assert len(cards) == 66
    for c in range(board.CITY_COUNT):
        value = board.CITY_VALUE[c]
        expected = 0 if value == 0 else 1 if value <= 3 else 2
        assert cards.count(c) == expected, board.CITY_NAME[c]


def test_railroads_home_bases_and_track_counts() -> None:
    homes = {r: board.CITY_NAME[h] for r, h in zip(board.RAILROADS, board.HOME, strict=True)}
    assert homes == {
        "green": "Milwaukee",
        "blue": "Chicago",
        "red": "Chicago",
        "yellow": "Kansas City",
        "white": "New Orleans",
    }
    assert dict(zip(board.RAILROADS, board.PIECES, strict=True)) == {
        "blue": 32,
        "white": 30,
        "green": 25,
        "red": 24,
        "yellow": 17,
    }
    assert sum(board.PIECES) == 128
    for h in board.HOME:
        assert board.CITY_VALUE[h] == 0 and board.CITY_CARDS[h] == 0


def test_every_city_is_reachable_from_every_home_base() -> None:
    neighbours: dict[int, set[int]] = {c: set() for c in range(board.CITY_COUNT)}
    for a, b in board.CONN_ENDS:
        neighbours[a].add(b)
        neighbours[b].add(a)
    for home in set(board.HOME):
        seen, todo = {home}, [home]
        while todo:
            for n in neighbours[todo.pop()] - seen:
                seen.add(n)
                todo.append(n)
        assert seen == set(range(board.CITY_COUNT))


def test_segments_chain_each_line_from_a_to_b() -> None:
    for line, segs in enumerate(board.LINE_SEGS):
        a, b = board.CONN_ENDS[board.LINE_CONN[line]]
        assert board.SEG_NODES[segs[0]][0] == a and board.SEG_NODES[segs[-1]][1] == b
        for s1, s2 in pairwise(segs):
            assert board.SEG_NODES[s1][1] == board.SEG_NODES[s2][0]
            assert board.SEG_NODES[s1][1] >= board.CITY_COUNT  # inside a line only waypoints


def test_doubled_lines_are_alike_so_a_move_may_name_the_connection() -> None:
    doubled = [line for line in range(board.LINE_COUNT) if board.LINE_SIBLING[line] > line]
    assert len(doubled) == 10
    for line in doubled:
        other = board.LINE_SIBLING[line]
        assert len(board.LINE_SEGS[line]) == len(board.LINE_SEGS[other])
        for s1, s2 in zip(board.LINE_SEGS[line], board.LINE_SEGS[other], strict=True):
            assert board.SEG_RIVER[s1] == board.SEG_RIVER[s2]
            assert board.SEG_MOUNTAIN[s1] == board.SEG_MOUNTAIN[s2]


def test_squares_follow_the_rulebook_examples() -> None:
    squares = {
        board.CITY_NAME[c]: {r for i, r in enumerate(board.RAILROADS) if board.CITY_SQUARES[c] >> i & 1}
        for c in range(board.CITY_COUNT)
        if board.CITY_SQUARES[c]
    }
    assert "blue" in squares["Houston"]  # the rulebook's Houston example pays the square for the Santa Fe
    assert {"Los Angeles", "Denver", "San Francisco"} <= set(squares)


def test_every_node_has_coordinates_for_drawing() -> None:
    size = board.MAP["size"]
    for c in board.MAP["cities"]:
        assert 0 <= c["x"] <= size["width"] and 0 <= c["y"] <= size["height"]
    for node in board.NODE_IDS[board.CITY_COUNT :]:
        assert node in board.MAP["waypoints"]


def test_terrain_marks_exist_for_the_advanced_game() -> None:
    assert sum(board.SEG_RIVER) > 0 and sum(board.SEG_MOUNTAIN) > 0
    assert any(r and m for r, m in zip(board.SEG_RIVER, board.SEG_MOUNTAIN, strict=True))


def test_city_words_in_moves_are_unique() -> None:
    assert len(set(board.CITY_SLUG)) == board.CITY_COUNT
    assert not {"double", "none"} & set(board.CITY_SLUG)
    assert len(board.KEY_DIRECTION) == 2 * len(board.CONN_IDS)
