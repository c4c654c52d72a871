"""Seeded random games of every registered game, to the end, for every player count, checking the engine
contract (``rules.core.protocol``) before and after every move: saving, notation, views, events and the
turn boundaries that bound undo.
"""

from __future__ import annotations

import json
from types import UnionType
from typing import Any, get_args, get_origin, get_type_hints

import pytest

import rules
from rules.core.events import GAME_END, TURN_START, Event
from rules.core.playout import random_playout, replay
from rules.core.protocol import VIEW_KEYS, Notation, Rules, State
from tests.contract.conftest import GAME_PLAYERS, GAMES, TINY, spec_of

SEEDS = (1, 2)
MAX_MOVES = 20_000
# A move's detail is shown as a select option's description: at most 100 characters
# (https://discord.com/developers/docs/components/reference, "Select Option Structure").
DETAIL_MAX = 100


def json_round_trip(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_saving(engine: Rules, state: State) -> None:
    """``dump`` is JSON-able and ``load`` gives the same state back."""
    data = engine.dump(state)
    again = engine.load(json_round_trip(data))
    assert again == state, "load(dump(state)) differs from the state"
    assert engine.dump(again) == data


def check_notation(engine: Any, state: State) -> None:
    """Every legal move of every seat to act reads back as itself and has a label of its own (a player may
    type or pick the label: two moves with one label could not be told apart), and its detail, if the
    engine gives one, fits beside the label in a menu."""
    for seat in sorted(engine.to_act(state)):
        labels: dict[str, str] = {}
        for move in engine.legal_moves(state, seat):
            assert isinstance(move, str) and move == move.strip(), move
            assert engine.parse_move(state, seat, move) == move, f"{move!r} does not parse back to itself"
            label = engine.describe_move(state, seat, move)
            assert isinstance(label, str) and label.strip(), f"{move!r} has no label"
            assert label not in labels, f"{move!r} and {labels.get(label)!r} share the label {label!r}"
            labels[label] = move
            detail = getattr(engine, "detail_move", lambda *_: "")(state, seat, move)  # optional
            assert isinstance(detail, str) and len(detail) <= DETAIL_MAX, (move, detail)


def values(data: Any) -> set[str]:
    """Every list and dict inside ``data``, written as JSON, to look for a hand among them."""
    found = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, dict)):
            found.add(json.dumps(item, sort_keys=True))
            stack.extend(item.values() if isinstance(item, dict) else item)
    return found


def check_views(engine: Rules, state: State, hands: bool) -> None:
    """The protocol keys, the spectator seeing no hand, a seat seeing the public view plus only its own."""
    spectator = json_round_trip(engine.view(state, None))
    seats = [json_round_trip(engine.view(state, seat)) for seat in range(spectator["players"])]
    to_act = sorted(engine.to_act(state))
    over = engine.is_over(state)
    for seat, view in [(None, spectator), *enumerate(seats)]:
        assert set(view) >= VIEW_KEYS, f"view lacks {sorted(VIEW_KEYS - set(view))}"
        assert view["game"] == engine.id and view["viewer"] == seat
        assert view["to_act"] == to_act and view["over"] is over
        if over:
            assert view["decision"] is None
        else:
            assert view["decision"]["seats"] == to_act
            assert isinstance(view["decision"]["prompt"], str) and view["decision"]["prompt"].strip()
    assert "hand" not in spectator, "a spectator's view shows a hand"
    for seat, view in enumerate(seats):
        assert ("hand" in view) is hands, "a seat's view has a hand exactly when the spec says hands=True"
        public = {k: v for k, v in view.items() if k in spectator and k != "viewer"}
        assert public == {k: v for k, v in spectator.items() if k != "viewer"}, "public parts differ by seat"
        own = values({k: v for k, v in view.items() if k not in spectator})
        for other, theirs in enumerate(seats):
            hand = theirs.get("hand")
            if other == seat or not hand or hand == view.get("hand"):
                continue
            shown = json.dumps(hand, sort_keys=True)
            assert shown not in own or shown in values(spectator), f"seat {seat} sees seat {other}'s hand"


def check_events(engine: Rules, before: State, after: State, seat: int, events: list[Event]) -> None:
    """Events are JSON-able sentences; a seat that must act and did not before gets a ``turn_start``."""
    players = engine.view(after, None)["players"]
    assert json_round_trip(events) == events
    for ev in events:
        assert isinstance(ev["type"], str) and ev["type"]
        assert isinstance(ev["text"], str) and ev["text"].strip(), ev
        assert ev.get("private_to") is None or ev["private_to"] in range(players), ev
        if ev["type"] == TURN_START:
            assert ev.get("private_to") is None, "a turn_start is public"
            assert isinstance(ev.get("seat"), int) or isinstance(ev.get("seats"), list), ev
    types = [ev["type"] for ev in events]
    if engine.is_over(after):
        assert GAME_END in types, "the move that ends the game has a game_end event"
        return
    newly = engine.to_act(after) - engine.to_act(before)
    assert not newly or TURN_START in types, (
        f"seat {seat}'s move made seats {sorted(newly)} act without a turn_start event: "
        "undo could take back a move the next player has already seen"
    )


def check_result(engine: Rules, state: State, players: int) -> None:
    """The shape ``rules.core.result`` builds."""
    result = json_round_trip(engine.result(state))
    assert [p["seat"] for p in sorted(result["players"], key=lambda p: p["seat"])] == list(range(players))
    assert set(result["labels"]) == set(result["categories"])
    for p in result["players"]:
        assert p["total"] == sum(p["points"][c] for c in result["categories"])
    assert sorted(s for group in result["ranking"] for s in group) == list(range(players))
    assert result["winners"] == result["ranking"][0]


class EveryStep:
    """The playout's check: the position before each move, then the move's events."""

    def __init__(self, engine: Any, hands: bool, start: State) -> None:
        self.engine, self.hands, self.before = engine, hands, start

    def __call__(self, state: State, seat: int, move: str, events: list[Event]) -> None:
        check_saving(self.engine, self.before)
        check_notation(self.engine, self.before)
        check_views(self.engine, self.before, self.hands)
        check_events(self.engine, self.before, state, seat, events)
        self.before = state


@pytest.mark.parametrize(("game_id", "players"), GAME_PLAYERS, ids=[f"{g}-{n}p" for g, n in GAME_PLAYERS])
def test_random_games_keep_the_contract_at_every_step(game_id: str, players: int) -> None:
    engine = rules.get(game_id)
    assert isinstance(engine, Rules) and isinstance(engine, Notation)
    hands = spec_of(game_id).hands
    options = spec_of(game_id).defaults()
    for seed in SEEDS:
        check = EveryStep(engine, hands, engine.new_game(players, seed, options))
        played = random_playout(engine, players, seed, options, max_moves=MAX_MOVES, check=check)
        assert played.finished, f"seed {seed} did not end within {MAX_MOVES} moves"
        check_saving(engine, played.final)
        check_views(engine, played.final, hands)
        assert sorted(engine.to_act(played.final)) == [] and engine.legal_moves(played.final, 0) == []
        check_result(engine, played.final, players)
        assert engine.dump(replay(engine, players, seed, options, played.moves)) == engine.dump(played.final)


@pytest.mark.parametrize(("game_id", "players"), GAME_PLAYERS, ids=[f"{g}-{n}p" for g, n in GAME_PLAYERS])
def test_play_never_changes_the_state_it_is_given(game_id: str, players: int) -> None:
    engine = rules.get(game_id)
    state = engine.new_game(players, 7, spec_of(game_id).defaults())
    for _ in range(200):
        if engine.is_over(state):
            break
        seat = min(engine.to_act(state))
        data = json.dumps(engine.dump(state), sort_keys=True)
        after, _ = engine.play(state, seat, engine.legal_moves(state, seat)[-1])
        assert json.dumps(engine.dump(state), sort_keys=True) == data
        state = after


EVENT_TYPES = get_type_hints(Event)


def fits(value: Any, hint: Any) -> bool:
    """Whether JSON-able ``value`` has the type ``hint`` of an ``Event`` key."""
    if hint is Any:
        return True
    if isinstance(hint, UnionType):
        return any(fits(value, arm) for arm in get_args(hint))
    if hint is type(None):
        return value is None
    origin = get_origin(hint) or hint
    if origin is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, origin)


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != TINY])
def test_every_event_is_an_event_typed_dict(game_id: str) -> None:
    """What the bot and the pictures read of an event is what ``rules.core.events.Event`` types: its
    required keys are there, and no key outside it or of another type (mypy checks the engines' calls of
    ``event``; this checks what they emit)."""
    engine = rules.get(game_id)
    players = spec_of(game_id).max_players
    options = spec_of(game_id).defaults()
    wrong: set[str] = set()

    def check(state: State, seat: int, move: str, events: list[Event]) -> None:
        for ev in events:
            assert Event.__required_keys__ <= set(ev), ev
            for key, value in ev.items():
                if key not in EVENT_TYPES or not fits(value, EVENT_TYPES[key]):
                    wrong.add(f"{ev['type']}.{key}={value!r}")

    for seed in SEEDS:
        assert random_playout(engine, players, seed, options, max_moves=MAX_MOVES, check=check).finished
    assert not wrong
