"""A full Santa Fe state drawn at random from what one seat sees: the search's determinizer.

Everything public is copied from the view. What the seat cannot see is dealt at random from the city
cards it has not seen (not in its hand, not played): the other hands, the deck, and the cards the other
seats chose this round but have not revealed yet. Cards discarded by exchanges left the game unseen, so
the unseen cards may be more than the hidden places; the sample leaves some out. Only the view is read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.rng import Rng
from rules.santafe import board as B
from rules.santafe.ai import CITY_INDEX, Network
from rules.santafe.state import (
    BOUGHT_ENGINEER,
    CHOOSE,
    DRAWN_ENGINEER,
    EXCHANGE,
    LAY,
    NO_ENGINEER,
    PIECES,
    SantaFeState,
)

SECRET_DOUBLE = 0.25  # how likely a hidden choice is a Double Turn card, when the seat holds one


def sample(view: dict[str, Any], rng: Rng) -> SantaFeState:
    """A state whose view for ``view["viewer"]`` is ``view``, the hidden parts dealt by ``rng``."""
    n = view["players"]
    seats = view["seats"]
    phase = view["phase"]
    choosing = phase == CHOOSE
    pool = _unseen_cities(view, rng)
    hand, doubles, choice = _deal_hands(view, pool, rng)
    deck = pool[: view["deck"]]
    while len(deck) < view["deck"]:  # only if the view is inconsistent
        deck.append(rng.randrange(B.CITY_COUNT))
    rng.shuffle(deck)

    net = Network.from_view(view)
    acting = view["to_act"]
    first = view["first_player"]
    kind = view["decision"]["kind"] if view["decision"] else ""
    return SantaFeState(
        players=n,
        advanced=view["options"]["advanced"],
        buy_track=view["options"]["buy_track"],
        rng=rng.next64(),
        round=view["round"],
        phase=phase,
        lay_turn=view["lay_turn"] or 0,
        first=first,
        pos=0 if choosing or not acting else (acting[0] - first) % n,
        step=(EXCHANGE if kind == "exchange" else PIECES) if phase == LAY else "",
        laid=view["pieces_laid"],
        anyone_laid=view["anyone_laid"],
        money=[v["money"] for v in seats],
        hand=hand,
        doubles=doubles,
        branch_held=[B.RAILROAD_INDEX[v["branch_card"]] if v["branch_card"] else -1 for v in seats],
        engineer=[_engineer(v) for v in seats],
        choice=choice,
        played=[[CITY_INDEX[c] for c in v["played"]] for v in seats],
        double_on=[v["double_turn"] for v in seats],
        branch_on=[B.RAILROAD_INDEX[v["branch_in_play"]] if v["branch_in_play"] else -1 for v in seats],
        bought=[[v["bought_track"].get(r, 0) for r in B.RAILROADS] for v in seats],
        supply=net.supply,
        occupant=net.occupant,
        line_owner=net.line_owner,
        heads=net.heads,
        connected=net.connected,
        deck=deck,
        doubles_pool=view["double_turn_cards"],
        branch_pool=[r["branch_cards"] for r in view["railroads"]],
        engineer_pool=view["engineer_cards"],
        end_reason=view["end_reason"] or "",
    )


def _unseen_cities(view: dict[str, Any], rng: Rng) -> list[int]:
    """The city cards the viewer has not seen (in no hand of theirs, played, or chosen), shuffled."""
    unseen = Counter(B.city_cards())
    unseen -= Counter(CITY_INDEX[c] for c in view["hand"]["cities"])
    for v in view["seats"]:
        unseen -= Counter(CITY_INDEX[c] for c in v["played"])
    mine = view.get("choice")
    if view["phase"] == CHOOSE and mine is not None and mine["city"] is not None:
        unseen -= Counter([CITY_INDEX[mine["city"]]])
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    return pool


def _deal_hands(
    view: dict[str, Any], pool: list[int], rng: Rng
) -> tuple[list[list[int]], list[int], list[list[int] | None]]:
    """Each seat's hand, Double Turn cards and hidden choice: the viewer's as the view shows them, the
    others' dealt from ``pool`` (taken from it)."""
    me = view["viewer"]
    own = view["hand"]
    mine = view.get("choice")
    choosing = view["phase"] == CHOOSE
    hand: list[list[int]] = []
    doubles: list[int] = []
    choice: list[list[int] | None] = []
    for p, v in enumerate(view["seats"]):
        branch = B.RAILROAD_INDEX[v["branch_card"]] if v["branch_card"] else -1
        held = v["doubles_held"]
        if p == me:
            hand.append(sorted(CITY_INDEX[c] for c in own["cities"]))
            doubles.append(own["double_turn"])
            choice.append(_choice(mine) if mine is not None else None)
            continue
        secret = None
        if choosing and v["chosen"]:
            # the chosen card is one of the hand's: a Double Turn card (the count shown still holds it)
            # or a city card
            if held and view["round"] > 1 and rng.randrange(1000) < SECRET_DOUBLE * 1000:
                held -= 1
                secret = [-1, 1, branch]
            else:
                secret = [pool.pop() if pool else -1, 0, branch]
        elif not choosing and v["play"] is not None:
            secret = _choice(v["play"])
        cities = v["hand_size"] - held - (branch >= 0) - int(v["engineer_drawn"])
        hand.append(sorted(pool.pop() for _ in range(min(cities, len(pool)))))
        doubles.append(held)
        choice.append(secret)
    return hand, doubles, choice


def _choice(play: dict[str, Any]) -> list[int]:
    """A described play back in the state's shape: [city or -1, double 0/1, branch railroad or -1]."""
    city = CITY_INDEX[play["city"]] if play["city"] else -1
    branch = B.RAILROAD_INDEX[play["branch"]] if play["branch"] else -1
    return [city, int(play["double"]), branch]


def _engineer(v: dict[str, Any]) -> int:
    if v["engineer_drawn"]:
        return DRAWN_ENGINEER
    return BOUGHT_ENGINEER if v["engineer"] else NO_ENGINEER
