"""Every name the Santa Fe pictures print for a move's object types back as that object: railroads by
the names on the railroad bars, line ends and played cards by the city names on the map."""

from __future__ import annotations

from typing import Any

import rules
from rules.core.playout import random_playout
from rules.santafe import board

ENGINE = rules.get("santafe")
NAME = dict(zip((i.lower() for i in board.CITY_IDS), board.CITY_NAME, strict=True))


def legal_met(verbs: tuple[str, ...]) -> list[tuple[Any, int, str]]:
    found: list[tuple[Any, int, str]] = []

    def look(state: Any, *_rest: Any) -> None:
        if state.over:
            return
        for seat in sorted(ENGINE.to_act(state)):
            moves = ENGINE.legal_moves(state, seat)
            found.extend((state, seat, m) for m in moves if m.split(" ")[0] in verbs)

    random_playout(ENGINE, 4, 3, {"advanced": True}, check=look)
    assert found
    return found


def test_lines_type_by_the_printed_railroad_and_city_names() -> None:
    names = {r["id"]: r["name"] for r in ENGINE.view(ENGINE.new_game(4, 3, {}), None)["railroads"]}
    checked = 0
    for state, seat, move in legal_met(("lay", "branch"))[::7]:
        verb, railroad, line = move.split(" ")
        a, b = line.split("-")
        typed = f"{verb} {names[railroad]} {NAME[a]} {NAME[b]}"
        assert ENGINE.parse_move(state, seat, typed) == move, typed
        checked += 1
    assert checked


def test_cards_type_by_the_printed_city_names() -> None:
    for state, seat, move in legal_met(("play",))[::5]:
        card = move.split(" ", 1)[1]
        if card in board.SLUG_INDEX:
            typed = f"play {board.CITY_NAME[board.SLUG_INDEX[card]]}"
            assert ENGINE.parse_move(state, seat, typed) == move, typed
