"""The GWT turn picture speaks the moves' words: every city, breed and worker name it prints (short forms
included) types back as the move's object, the supply is called as the moves call it, the job market's
rows are numbered as "hire" numbers them, and the open objective cards are drawn as printed (tasks and
reward), never by a code."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from render import Style
from render.boxes import overlap
from render.draw import Drawn, recording
from render.gwt import turn
from render.layers import clear_layers
from rules.core.playout import random_playout
from rules.gwt import RULES
from rules.gwt.aliases import WORKER_LETTER, breed_label, city_label
from rules.gwt.content import CATTLE, CITIES, MARKET_ORDER
from tests.render.conftest import sampled_states


def drawn(state: Any) -> list[Drawn]:
    clear_layers()
    with recording() as texts:
        turn.render_turn(RULES.view(state, None), style=Style(["Ada", "Brook", "Cyrus", "Dana"]))
    return texts


def labels(state: Any) -> set[str]:
    return {t.label for t in drawn(state)}


def states_with(verb: str, wanted: Callable[[str], bool] = lambda _m: True) -> list[tuple[Any, str]]:
    """(state, legal move) for every move starting with ``verb`` met in a few seeded random games."""
    found: list[tuple[Any, str]] = []

    def look(state: Any, *_rest: Any) -> None:
        if state.over:
            return
        for move in RULES.legal_moves(state, state.current):
            if move.split(" ")[0] == verb and wanted(move):
                found.append((state, move))

    for seed in range(4):
        random_playout(RULES, 4, seed, check=look)
    assert found, verb
    return found


def test_every_city_prints_whole_or_in_its_one_short_form() -> None:
    shown = labels(sampled_states("gwt", 4, ())[1])
    for slug in CITIES:
        assert city_label(slug) in shown, slug
    assert not any(t.endswith("…") for t in shown)


def test_every_printed_city_name_types_as_its_delivery() -> None:
    # the full name, the printed short form and without its dot: each means the city
    for state, move in states_with("deliver"):
        slug = move.split(" ")[1]
        for typed in {city_label(slug), city_label(slug).replace(".", ""), slug.replace("-", " ").title()}:
            assert RULES.parse_move(state, state.current, f"deliver {typed}") == move, typed


def test_every_printed_breed_types_as_its_card() -> None:
    shown = labels(sampled_states("gwt", 4, ())[1])
    breeds = {CATTLE[code][0] for code in MARKET_ORDER}
    assert {breed_label(b) for b in breeds} <= shown
    checked = 0
    for state, move in states_with("buy", lambda m: " for " in m):
        card = move.split(" ")[1]
        breed = CATTLE[card][0]
        typed = move.replace(breed, breed_label(breed), 1)
        assert RULES.parse_move(state, state.current, typed) == move, typed
        checked += breed == "brown-swiss"
    assert checked, "no Brown Swiss bought, so its short form was never typed"


def test_the_worker_letters_type_as_their_workers() -> None:
    for state, move in states_with("hire")[:40]:
        _verb, worker, *rest = move.split(" ")
        typed = " ".join(["hire", WORKER_LETTER[worker], *rest])
        assert RULES.parse_move(state, state.current, typed) == move, typed


def test_the_supply_is_called_as_its_moves_call_it() -> None:
    state, move = states_with("pick")[0]
    assert "Foresight" in labels(state)
    assert "foresight" in RULES.describe_move(state, state.current, move)


def test_the_job_market_numbers_its_rows_as_hire_does() -> None:
    state = sampled_states("gwt", 4, ())[1]
    texts = drawn(state)
    rows = len(RULES.view(state, None)["board"]["job_market"]["costs"])
    wanted = {str(n) for n in range(1, rows + 1)}
    numbers = [t for t in texts if t.label in wanted and t.box[1] > turn.MARKET_TOP]
    assert sorted({int(t.label) for t in numbers}) == list(range(1, rows + 1))
    hire = next(m for _s, m in states_with("hire"))
    assert hire.split(" ")[-1].isdigit()  # "hire craftsman 6": the number printed over the column


def test_the_open_objective_cards_are_in_the_view_and_drawn() -> None:
    for state in sampled_states("gwt", 4, ())[:3]:
        board = RULES.view(state, None)["board"]
        assert board["objective_display"]
        shown = labels(state)
        for code in board["objective_display"]:
            assert code not in shown  # named as the card prints it: its tasks and reward, not a code
            points, lines = turn.objective_lines(code, turn.OBJECTIVE_W - 26)
            assert points in shown and all(line in shown for line, _bold in lines if line)


def test_the_risk_note_is_explained() -> None:
    shown = labels(sampled_states("gwt", 4, ())[1])
    assert any(t.endswith("risk") or "· risk" in t for t in shown)
    assert turn.layer_words(None)[-1] in shown  # the risk key, in English without the bot's words


def test_nothing_overlaps_in_the_markets_and_objectives() -> None:
    for state in sampled_states("gwt", 4, ()):
        low = [t for t in drawn(state) if t.box[1] >= turn.MARKET_TOP]
        for a, b in combinations(low, 2):
            assert not overlap(a.box, b.box), (a, b)
