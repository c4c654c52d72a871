"""The shared engine pieces: RNG, notation matching, results, registry."""

from __future__ import annotations

import pytest

import rules
from rules.core.errors import AmbiguousMoveError, IllegalMoveError, ParseError, RulesError, SetupError
from rules.core.notation import match_move
from rules.core.protocol import SaysMoves, SkipsTurns, offered
from rules.core.result import build_result
from rules.core.rng import Rng


def test_rng_is_deterministic_and_resumable() -> None:
    """The same seed gives the same numbers; a copy continues identically."""
    a, b = Rng(42), Rng(42)
    assert [a.randrange(100) for _ in range(20)] == [b.randrange(100) for _ in range(20)]
    c = a.copy()
    assert a.next64() == c.next64()
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    """Shuffles keep the items, and each position sees each item about equally often."""
    rng = Rng(7)
    counts = [[0] * 4 for _ in range(4)]
    for _ in range(4000):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        for pos, item in enumerate(items):
            counts[pos][item] += 1
    assert all(800 < n < 1200 for row in counts for n in row)


def test_match_move_exact_alias_prefix_and_errors() -> None:
    """Typed text resolves to one canonical move or a specific error."""
    legal = ["lay blue a-b", "lay blue a-c", "pass", "move b-1", "buy 2 jersey"]
    assert match_move("  LAY   Blue A-B ", legal) == "lay blue a-b"
    assert match_move("buy 2", legal) == "buy 2 jersey"
    assert match_move("skip", legal, aliases={"skip": "pass"}) == "pass"
    with pytest.raises(AmbiguousMoveError):
        match_move("lay blue", legal)
    with pytest.raises(IllegalMoveError):
        match_move("lay red x-y", legal)
    with pytest.raises(IllegalMoveError):  # not a whole word: never a neighbouring location
        match_move("move b", legal)
    with pytest.raises(IllegalMoveError):
        match_move("p", legal)
    with pytest.raises(ParseError):
        match_move("   ", legal)


def test_an_ambiguous_move_is_named_by_its_labels() -> None:
    """Players read labels: the moves a prefix could mean are listed by theirs, never by the notation."""
    legal = ["lay blue a-b", "lay blue a-c", "pass"]
    labels = {"lay blue a-b": "Blue: Alba → Bree", "lay blue a-c": "Blue: Alba → Cove", "pass": "Pass"}
    with pytest.raises(AmbiguousMoveError) as caught:
        match_move("lay blue", legal, describe=labels.__getitem__)
    listed = "Blue: Alba → Bree; Blue: Alba → Cove"
    assert caught.value.message == f"'lay blue' could mean several moves: {listed}."


def test_errors_are_value_errors_with_codes() -> None:
    """Every rules error is a ValueError carrying a machine-readable code and the message."""
    err = IllegalMoveError("Not enough money.")
    assert isinstance(err, RulesError) and isinstance(err, ValueError)
    assert err.code == "illegal" and err.message == "Not enough money."


def test_build_result_ranks_and_shares_ties() -> None:
    """Totals rank seats; equal totals and tiebreaks share a place; the tiebreak separates."""
    res = build_result(["a", "b"], [{"a": 3, "b": 2}, {"a": 5}, {"a": 1, "b": 4}], [0, 0, 1])
    assert [p["total"] for p in res["players"]] == [5, 5, 5]
    assert res["ranking"] == [[2], [0, 1]]
    assert res["winners"] == [2]
    assert [p["rank"] for p in res["players"]] == [2, 2, 1]


def test_build_result_words_every_category() -> None:
    """Given labels are kept; a category without one is its key written out."""
    res = build_result(["money", "station_masters"], [{"money": 1}], labels={"money": "Money ($5 = 1 point)"})
    assert res["labels"] == {"money": "Money ($5 = 1 point)", "station_masters": "Station masters"}


def test_registry_rejects_unknown_games() -> None:
    """An unknown id is a clear setup error, and GAMES lists every registered game, these two among them."""
    with pytest.raises(SetupError):
        rules.get("chess")
    assert tuple(rules.GAMES) == rules.ids() and {"gwt", "santafe"} <= set(rules.GAMES)


class _Skipper:
    """An engine's optional part alone: the move a deadline plays."""

    def skip_move(self, state: object, seat: int) -> str | None:
        return "pass"


def test_an_engine_s_optional_capabilities_are_told_by_isinstance() -> None:
    """The bot asks ``isinstance`` before it calls an optional method; an engine offers what it defines."""
    assert isinstance(_Skipper(), SkipsTurns) and not isinstance(_Skipper(), SaysMoves)
    assert offered(_Skipper()) == ["SkipsTurns"]
    assert offered(object()) == []
    both = [
        "SaysMoves",
        "TellsMoves",
        "DetailsMoves",
        "SaysDetails",
        "DescribesHands",
        "SaysHands",
        "GuardsForcedSteps",
        "ScoresPositions",
    ]
    assert offered(rules.get("santafe")) == both
    # Great Western Trail's rules have changed since games were stored: it names their revision too
    assert offered(rules.get("gwt")) == [*both[:-1], "RevisesRules", both[-1]]
