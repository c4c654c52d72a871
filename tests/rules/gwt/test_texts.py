"""The words players read: labels, log texts and prompts name things as printed and players as "Player N"."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from rules.core.errors import NotYourTurnError
from rules.gwt import RULES
from rules.gwt.content import CATTLE, CITIES, HAZARD_TYPES, OBJECTIVES, TRAIL, hazard_tiles
from rules.gwt.labels import describe
from rules.gwt.places import NAMES
from rules.gwt.words import cattle, objective, tile
from tests.rules.gwt.scenario import at, before_move, clear_trail, game, hand
from tests.rules.texts import assert_plain_words, assert_public_texts_speak_of_players, random_game_texts

# Every id of the notation that has a printed name: none may reach a text players read. Trail ids
# ("C-1-2", "TRADE-RISK-1", "TEEPEE--1") have the short names the board prints.
RAW_IDS = sorted(
    {
        *CATTLE,
        *CITIES,
        *OBJECTIVES,
        "teepee-green",
        "teepee-blue",
        "KANSAS_CITY",
        *(t for h in HAZARD_TYPES for t in hazard_tiles(h)),
        *(loc for loc in NAMES if NAMES[loc] != loc),
    },
    key=len,
    reverse=True,
)
RAW = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, RAW_IDS)) + r")(?![\w-])")


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_speaks_of_players_and_things_by_name(players: int, seed: int) -> None:
    seen = random_game_texts(RULES, players, 40 + players + 10 * seed)
    assert_plain_words(seen.public + seen.private + seen.prompts, seen.labels, players, RAW)
    assert_public_texts_speak_of_players(seen, labels_in_log=True)


@pytest.mark.parametrize(
    ("name", "thing", "printed"),
    [
        (cattle, "black-angus", "Black Angus"),
        (cattle, "dutch-belt", "Dutch Belt"),
        (cattle, "highland-4", "West Highland (4 VP)"),
        (tile, "flood-2g", "flood hazard (2 VP, green hand)"),
        (tile, "teepee-blue", "blue teepee"),
        (objective, "gain2-ssh", "objective card (+3/-2: 2 stations, hazard)"),
        (objective, "start-34b", "objective card (+3: cattle 3+4, building)"),
    ],
)
def test_names_of_cards_tiles_and_objectives(name: Callable[[str], str], thing: str, printed: str) -> None:
    assert name(thing) == printed


@pytest.mark.parametrize(
    ("move", "label"),
    [
        ("hire engineer 6", "hire an engineer from row 6"),
        ("deliver kansas-city", "deliver to Kansas City"),
        ("trash black-angus", "remove Black Angus from the game"),
        ("move B via FLOOD-1 FLOOD-2", "move the cattleman to B via Flood 1, Flood 2"),
        ("move C-1-2", "move the cattleman to spot 11"),
        ("trade TEEPEE--1", "take the teepee on Teepee -1 (pay $1)"),
        ("buy holstein ayrshire for 5", "buy Holstein and Ayrshire for $5"),
        ("pick flood-3b", "take the flood hazard (3 VP, black hand) from the foresight"),
    ],
)
def test_labels_without_a_state(move: str, label: str) -> None:
    assert describe(move) == label


def test_skip_and_done_say_what_is_forgone() -> None:
    assert describe("skip", pending="engine") == "leave the engine where it is"
    assert describe("done", pending="buy") == "buy no more cattle"
    assert describe("done", pending="loc") == "end phase B"


def test_labels_name_what_a_move_costs() -> None:
    s = at(game(3), 0, "A")
    s.players[0].money = 20
    labels = {m: RULES.describe_move(s, 0, m) for m in RULES.legal_moves(s, 0)}
    hires = [label for m, label in labels.items() if m.startswith("hire ")]
    assert hires and all(re.fullmatch(r"hire an? \w+ from row \d+ for \$\d+", h) for h in hires)
    assert labels["discard guernsey"] == "discard Guernsey for $2"


def test_a_fee_paid_to_another_player_names_them() -> None:
    s = game(2)
    clear_trail(s)
    s.trail["A-1"] = "1a@1"  # a green-hand building of the second player
    before_move(s, 0, "A")
    s.players[0].money = 10
    _, events = RULES.play(s, 0, "move A-1")
    fees = [ev["text"] for ev in events if ev["type"] == "fee"]
    assert fees == ["Player 1 paid $2 to Player 2 at spot 1 (building 1a)."]
    assert events[0]["text"] == "Player 1 moved the cattleman to spot 1 (building 1a of Player 2)."


def test_income_and_delivery_texts_use_printed_names() -> None:
    s = game(2)
    clear_trail(s)
    hand(s, 0, "jersey", "dutch-belt", "black-angus", "guernsey")
    before_move(s, 0, "G-1")
    s.trail["G-1"] = None
    s.players[0].money = 10
    texts = []
    state, events = RULES.play(s, 0, "move KANSAS_CITY")
    texts += [ev["text"] for ev in events]
    while state.current == 0 and not any("delivered" in t for t in texts):
        move = next(m for m in RULES.legal_moves(state, 0) if m.startswith(("pick", "certs", "deliver")))
        state, events = RULES.play(state, 0, move)
        texts += [ev["text"] for ev in events]
    assert "Player 1 revealed Jersey, Dutch Belt, Black Angus, Guernsey and earned $7." in texts
    delivered = r"Player 1 delivered to [A-Z][a-z]+( [A-Z][a-z]+)?( \(transport costs \$[1-9]\d*\))?\."
    assert any(re.fullmatch(delivered, t) for t in texts)


def test_not_your_turn_names_the_player() -> None:
    s = game(3)
    with pytest.raises(NotYourTurnError, match=r"It is Player 1's turn, not Player 2's\."):
        RULES.parse_move(s, 1, "move A")


def test_a_place_without_local_action_says_so() -> None:
    s = game(2)
    clear_trail(s)
    s.trail["TEEPEE-1"] = "teepee-green"
    assert TRAIL["TEEPEE-1"][0] == "teepee"
    at(s, 0, "TEEPEE-1")
    prompt = RULES.view(s, 0)["decision"]["prompt"]
    assert prompt.startswith("Player 1: Teepee +1 offers you no local action")


def test_copying_a_building_is_told_with_what_stands_there() -> None:
    s = game(2)
    clear_trail(s)
    s.trail["A-1"] = "8b@0"
    s.trail["A-2"] = "4a@1"
    at(s, 0, "A-1")
    assert RULES.describe_move(s, 0, "copy A-2") == "use the actions of spot 2 (building 4a of Player 2)"
    copied, _ = RULES.play(s, 0, "copy A-2")
    prompt = RULES.view(copied, 0)["decision"]["prompt"]
    assert prompt.startswith("Player 1: use the copied local actions of spot 2")


def test_the_hand_in_words_names_every_card() -> None:
    s = game(2)
    goal = s.objective_display[0]
    hand(s, 0, "jersey", "jersey", "guernsey", goal)
    lines = RULES.describe_hand(RULES.view(s, 0))
    assert lines == [cattle("jersey"), cattle("jersey"), cattle("guernsey"), objective(goal)]


def test_the_bonus_prompt_and_its_button_say_the_same_thing() -> None:
    """The prompt offers what the button says ("forgo the bonus"), not a different word for it."""
    s = game(4)
    s.job_rows = [["engineer", "cowboy", "craftsman"]] + [[] for _ in range(11)]
    at(s, 0, "A")
    s.players[0].money, s.players[0].workers = 20, [1, 1, 3]
    s, _ = RULES.play(s, 0, "hire engineer 1")  # the 4th engineer: an immediate action
    prompt = RULES.view(s, 0)["decision"]["prompt"]
    assert prompt.endswith(", or forgo the bonus") and "skip" not in prompt
    assert RULES.describe_move(s, 0, "skip").lower() == "forgo the bonus"


@pytest.mark.parametrize("kind", ["engine", "extra", "upgrade", "master", "bonus", "buy", "aux", "move"])
def test_each_prompt_names_its_way_out_as_the_button_does(kind: str) -> None:
    s = game(2)
    s.stack.append({"k": kind, "max": 2, "station": 0, "what": "engine", "cowboys": 1, "double": False})
    prompt = RULES.view(s, 0)["decision"]["prompt"]
    assert prompt.endswith(f", or {RULES.describe_move(s, 0, 'skip')}") and "skip" not in prompt, prompt
