"""A full Great Western Trail state drawn at random from what one seat sees: the search's determinizer.

Everything public is copied from the view. What the seat cannot see is dealt at random from the cards
and tiles it has not seen: the other hands and every draw stack (each seat's own starting herd stays
with that seat; bought cattle and objective cards may be anywhere), the cattle stack, the objective
stack, the three tile supplies and the engine's random generator. Only the view is read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.rng import Rng
from rules.gwt.content import (
    GENERAL_OBJECTIVES,
    HAZARD_TYPES,
    MARKET_CATTLE,
    PILES,
    STARTING_HERD,
    STARTING_OBJECTIVES,
    STATION_MASTERS,
    hazard_tiles,
    pile_tiles,
)
from rules.gwt.state import Player, State

WORKERS = ("cowboy", "craftsman", "engineer")
HAZARDS = frozenset(t for h in HAZARD_TYPES for t in hazard_tiles(h))


def sample(view: dict[str, Any], rng: Rng) -> State:
    """A state whose view for ``view["viewer"]`` is ``view``, the hidden parts dealt by ``rng``."""
    me = view["viewer"]
    seats = view["seats"]
    b = view["board"]
    own_hand = list(view.get("hand", []))
    hands, decks = _deal_cards(view, me, own_hand, rng)
    players = []
    for i, v in enumerate(seats):
        w = v["workers"]
        players.append(
            Player(
                money=v["money"],
                cert=v["certificates"],
                workers=[w["cowboy"], w["craftsman"], w["engineer"]],
                discs=dict(v["discs"]),
                hand=hands[i],
                deck=decks[i],
                discard=list(v["discard_pile"]),
                trashed=list(v["removed_cards"]),
                objectives=list(v["objectives"]),
                hazards=list(v["hazards"]),
                teepees=list(v["teepees"]),
                masters=list(v["station_masters"]),
                buildings=[code[:-1] for code in v["buildings_available"]],
                boxed_buildings=list(v.get("replaced_buildings", [])),
                location=v["location"],
                engine=v["engine"],
                job_token=v["job_market_token"],
            )
        )
    stations = b["stations"]
    masters = len(STATION_MASTERS)
    market_stack, objective_stack = _stacks(view, players, own_hand, me, rng)
    return State(
        n=view["players"],
        options=dict(view["options"]),
        rng=rng.next64(),
        players=players,
        trail=dict(b["trail"]),
        stations=[list(st["discs"]) for st in stations],
        masters=[st["master"] for st in stations[:masters]],
        master_workers=[st["master_worker"] for st in stations[:masters]],
        cities={c: list(d) for c, d in b["cities"].items()},
        job_rows=[list(r) for r in b["job_market"]["rows"]],
        job_token=b["job_market"]["token_row"] - 1,
        market=list(b["cattle_market"]),
        market_stack=market_stack,
        piles=_piles(view, rng),
        foresight=[list(c) for c in b["foresight"]],
        objective_display=list(b["objective_display"]),
        objective_stack=objective_stack,
        boxed_tiles=list(b["removed_tiles"]),
        stack=[{k: list(x) if isinstance(x, list) else x for k, x in d.items()} for d in view["pending"]],
        current=view["current"],
        turn=view["turn"],
        final_turns=b["final_turns"],
        over=view["over"],
        income=view["income"],
    )


def _unseen(view: dict[str, Any], own_hand: list[str]) -> tuple[Counter[str], Counter[str]]:
    """(market cattle, objective cards) nobody has seen face up: in hands and stacks somewhere."""
    seen: Counter[str] = Counter(own_hand)
    b = view["board"]
    seen.update(b["cattle_market"])
    seen.update(b["objective_display"])
    for v in view["seats"]:
        seen.update(v["discard_pile"])
        seen.update(v["removed_cards"])
        seen.update(v["objectives"])
    cattle = Counter(MARKET_CATTLE) - seen
    objectives = Counter([*GENERAL_OBJECTIVES, *STARTING_OBJECTIVES]) - seen
    return cattle, objectives


def _herd_left(v: dict[str, Any], own_hand: list[str]) -> list[str]:
    """The seat's starting cards not in sight: they can only be in its hand or draw stack."""
    seen = Counter([*v["discard_pile"], *v["removed_cards"], *own_hand])
    return sorted((Counter(STARTING_HERD) - seen).elements())


def _deal_cards(
    view: dict[str, Any], me: int, own_hand: list[str], rng: Rng
) -> tuple[list[list[str]], list[list[str]]]:
    """Each seat's hand (the viewer's as it is) and draw stack."""
    seats = view["seats"]
    cattle, objectives = _unseen(view, own_hand)
    b = view["board"]
    # the starting objective cards are in some player's cards; the general ones may lie in the stack
    spare_objectives = sorted((objectives - Counter(STARTING_OBJECTIVES)).elements())
    rng.shuffle(spare_objectives)
    # only one starting objective card per seat was dealt: the others are out of the game
    starting = sorted((objectives & Counter(STARTING_OBJECTIVES)).elements())
    rng.shuffle(starting)
    del starting[max(0, len(seats) - (len(STARTING_OBJECTIVES) - len(starting))) :]
    in_stack = min(len(spare_objectives), b["objective_stack_size"])
    loose_cattle = sorted(cattle.elements())
    rng.shuffle(loose_cattle)
    in_market = min(len(loose_cattle), b["cattle_stack_size"])
    loose = starting + spare_objectives[in_stack:] + loose_cattle[in_market:]
    rng.shuffle(loose)
    hands: list[list[str]] = []
    decks: list[list[str]] = []
    for i, v in enumerate(seats):
        known = own_hand if i == me else []
        cards = _herd_left(v, known)
        hidden = v["draw_stack_size"] + (0 if i == me else v["hand_size"])
        take = max(0, hidden - len(cards))
        cards = cards[:hidden] + loose[:take]
        del loose[:take]
        while len(cards) < hidden:  # more hidden cards than unseen ones: only if the view is inconsistent
            cards.append(rng.choice(sorted(MARKET_CATTLE)))
        rng.shuffle(cards)
        if i == me:
            hands.append(list(own_hand))
            decks.append(cards)
        else:
            hands.append(sorted(cards[: v["hand_size"]]))
            decks.append(cards[v["hand_size"] :])
    return hands, decks


def _stacks(
    view: dict[str, Any], players: list[Player], own_hand: list[str], me: int, rng: Rng
) -> tuple[list[str], list[str]]:
    """The cattle stack and the objective stack: the unseen cards no player was dealt."""
    cattle, objectives = _unseen(view, own_hand)
    for i, p in enumerate(players):
        dealt = Counter(p.deck) + (Counter(p.hand) if i != me else Counter())
        cattle -= dealt
        objectives -= dealt
    b = view["board"]
    market = sorted(cattle.elements())
    rng.shuffle(market)
    market = market + [rng.choice(sorted(MARKET_CATTLE)) for _ in range(b["cattle_stack_size"])]
    stack = sorted((objectives - Counter(STARTING_OBJECTIVES)).elements())
    rng.shuffle(stack)
    stack = stack + [rng.choice(GENERAL_OBJECTIVES) for _ in range(b["objective_stack_size"])]
    return market[: b["cattle_stack_size"]], stack[: b["objective_stack_size"]]


def _piles(view: dict[str, Any], rng: Rng) -> list[list[str]]:
    """The three face-down tile supplies: every tile not in sight, each pile holding only its kinds."""
    b = view["board"]
    seen: Counter[str] = Counter()
    seen.update(t for t in b["trail"].values() if t is not None and (t in HAZARDS or t.startswith("teepee-")))
    seen.update(t for col in b["foresight"] for t in col if t is not None)
    seen.update(t for row in b["job_market"]["rows"] for t in row)
    seen.update(t for t in b["removed_tiles"])
    seen.update(st["master_worker"] for st in b["stations"] if st.get("master_worker"))
    for v in view["seats"]:
        seen.update(v["hazards"])
        seen.update(v["teepees"])
        for kind in WORKERS:
            seen[kind] += v["workers"][kind] - 1  # each hired worker was a tile
    unseen = Counter([*pile_tiles(0), *pile_tiles(1), *pile_tiles(2)]) - seen
    pools = {
        kind: sorted(Counter({k: n for k, n in unseen.items() if _kind(k) == kind}).elements())
        for kind in ("hazard", "teepee", "worker")
    }
    for pool in pools.values():
        rng.shuffle(pool)
    sizes = b["supply_sizes"]
    piles = [pools["hazard"][: sizes[0]], [], []]
    piles[0] += _take(pools["teepee"], sizes[0] - len(piles[0]))
    piles[1] = _take(pools["worker"], sizes[1])
    rest = pools["worker"] + pools["teepee"]
    rng.shuffle(rest)
    piles[2] = rest[: sizes[2]]
    for i, pile in enumerate(piles):  # only if the view is inconsistent: fill with the pile's own kinds
        while len(pile) < sizes[i]:
            pile.append(rng.choice(sorted(PILES[i])))
        rng.shuffle(pile)
    return piles


def _kind(tile: str) -> str:
    if tile in HAZARDS:
        return "hazard"
    return "teepee" if tile.startswith("teepee-") else "worker"


def _take(pool: list[str], n: int) -> list[str]:
    taken = pool[: max(0, n)]
    del pool[: max(0, n)]
    return taken
