"""The typed GWT actions (``rules.gwt.actions``): each is the very tuple it stands for, so options,
labels and computer players see the same values, and its fields name what the positions held."""

from __future__ import annotations

import pytest

import rules
from rules.core.playout import random_playout
from rules.gwt import actions
from rules.gwt.actions import KINDS, LOCAL_KINDS, as_build, as_walk, build, walk
from rules.gwt.content import BUILDINGS, NEUTRAL_BUILDINGS, RISKS
from rules.gwt.labels import unwrap


def test_a_walk_is_the_tuple_it_stands_for() -> None:
    step = walk("3", ["1", "2"], False)
    assert step == ("walk", "3", ["1", "2"], False)
    kind, dest, route, free = step
    assert (kind, dest, route, free) == ("walk", step.dest, step.route, step.free)
    assert as_walk(("walk", "3", ["1", "2"], False)) == step
    assert as_walk(step) is step


def test_a_build_is_the_tuple_it_stands_for() -> None:
    step = build("4", "12", 6)
    assert step == ("build", "4", "12", 6) and step[2] == step.loc and step[3] == step.cost
    assert as_build(("build", "4", "12", 6)) == step
    assert as_build(step) is step


def test_the_accessors_refuse_another_kind() -> None:
    with pytest.raises(ValueError, match="not a walk"):
        as_walk(("move", "3", [], False))
    with pytest.raises(ValueError, match="not a build"):
        as_build(("hire", "4", "12", 6))


def test_every_option_a_game_offers_is_its_kinds_typed_tuple() -> None:
    engine = rules.get("gwt")
    seen: dict[str, int] = {}

    def check(state: object, seat: int, move: str, events: object) -> None:
        if engine.is_over(state):
            return
        for action in engine._options(state).values():  # type: ignore[attr-defined]
            for part in (action, unwrap(action)):
                assert isinstance(part, KINDS[part[0]]), part
                assert part == tuple(part)
                seen[part[0]] = seen.get(part[0], 0) + 1

    for players, seed in ((2, 1), (3, 2), (4, 3)):
        random_playout(engine, players, seed, max_moves=1500, check=check)
    # the common kinds all came up, each built by its class
    assert {"walk", "build", "act", "hire", "done", "skip", "end_turn", "income", "deliver", "pick"} <= set(
        seen
    )


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        (actions.act(2, actions.money(3)), ("act", 2, ("money", 3))),
        (actions.aux_instead(actions.aux("draw", 1)), ("aux_instead", ("aux", "draw", 1))),
        (actions.done(), ("done",)),
        (actions.skip(), ("skip",)),
        (actions.end_turn(), ("end_turn",)),
        (actions.play("1"), ("play", "1")),
        (actions.copy("B-2"), ("copy", "B-2")),
        (actions.discard("jersey", {"cert": 1, "money": 2}), ("discard", "jersey", {"cert": 1, "money": 2})),
        (actions.pair(["jersey", "jersey"], 3), ("pair", ["jersey", "jersey"], 3)),
        (actions.draw(2), ("draw", 2)),
        (actions.discard_card("jersey"), ("discard_card", "jersey")),
        (actions.trash("jersey"), ("trash", "jersey")),
        (actions.objective("stack", "hand"), ("objective", "stack", "hand")),
        (actions.money(4), ("money", 4)),
        (actions.certs(9), ("certs", 9)),
        (actions.teepee_pairs(2), ("teepee_pairs", 2)),
        (actions.aux("cert", 2), ("aux", "cert", 2)),
        (actions.hire("cowboy", 1, 4), ("hire", "cowboy", 1, 4)),
        (actions.buy(), ("buy",)),
        (actions.market_draw(), ("market_draw",)),
        (actions.purchase(["holstein"], 1, 3), ("purchase", ["holstein"], 1, 3)),
        (actions.hazard("FLOOD-1", 7), ("hazard", "FLOOD-1", 7)),
        (actions.trade("TEEPEE-4"), ("trade", "TEEPEE-4")),
        (actions.engine("5", 2), ("engine", "5", 2)),
        (actions.back("4.5", "cert1"), ("back", "4.5", "cert1")),
        (actions.bounce("38"), ("bounce", "38")),
        (actions.extra("12"), ("extra", "12")),
        (actions.upgrade_station(3), ("upgrade_station", 3)),
        (actions.disc("step-money"), ("disc", "step-money")),
        (actions.appoint(1, 0), ("appoint", 1, 0)),
        (actions.push({"k": "extra"}), ("push", {"k": "extra"})),
        (actions.pick(2, "cowboy"), ("pick", 2, "cowboy")),
        (actions.income(2), ("income", 2)),
        (actions.deliver("kansas-city"), ("deliver", "kansas-city")),
    ],
    ids=lambda value: str(value[0]) if isinstance(value, tuple) else None,
)
def test_each_kind_is_the_tuple_it_stands_for_and_reads_back(
    typed: tuple[object, ...], plain: tuple[object, ...]
) -> None:
    assert typed == plain and list(typed) == list(plain) and type(typed) is KINDS[str(plain[0])]
    reader = getattr(actions, f"as_{plain[0]}", None)
    if reader is not None:  # the kinds without fields have nothing to read
        assert reader(plain) == typed and type(reader(plain)) is type(typed)
        assert reader(typed) is typed


def test_a_reader_refuses_another_kind_or_length() -> None:
    with pytest.raises(ValueError, match="not a hire"):
        actions.as_hire(("build", "4", "12", 6))
    with pytest.raises(ValueError, match="not a money"):
        actions.as_money(("money", 1, 2))


def test_every_local_action_of_the_buildings_is_its_kinds_typed_tuple() -> None:
    local = [a for acts in NEUTRAL_BUILDINGS.values() for a in acts]
    local += [a for *_, acts in BUILDINGS.values() for a in acts]
    local += [actions.risk(*r) for r in RISKS.values()]
    for action in local:
        assert type(action) is LOCAL_KINDS[action[0]], action
        assert action == tuple(action)
    assert {a[0] for a in local} == set(LOCAL_KINDS)  # every kind is used by some building
    assert NEUTRAL_BUILDINGS["A"] == (("discard", "guernsey", {"money": 2}), ("hire", 0), ("hire", 2))
    assert BUILDINGS["10b"][3] == (("money", 4), ("engine", 4), ("move", 4))
    assert actions.as_local_engine(("engine", "woods")).spaces == "woods"
    assert actions.as_risk(("risk", "any", 1, 0)) == actions.risk("any", 1, 0)
    with pytest.raises(ValueError, match="not a hire"):
        actions.as_local_hire(("hire", "cowboy", 0, 6))  # the option, not the local action
