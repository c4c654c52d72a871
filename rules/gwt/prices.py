"""What a move costs and what it earns, in words: the fees of a walk, a delivery's transport cost and
points, the craftsmen and dollars of a building, the cowboys of a purchase.

``detail`` is the line shown beside a move's label (a menu option's description); ``labels`` puts the
same figures into the labels where they fit. Pure: read from the state, never changing it.
"""

from __future__ import annotations

from typing import Any

from rules.core.english import english
from rules.core.texts import Said, chained, listing, said
from rules.core.texts import seat as player
from rules.gwt import actions as do
from rules.gwt.actions import as_build, as_walk
from rules.gwt.board import building_code, fee_for
from rules.gwt.buildings import say_points, say_text
from rules.gwt.content import ARROWS, BUILDINGS, CATTLE, CITIES, NEUTRAL_BUILDINGS, STATIONS, TRAIL
from rules.gwt.graph import transport_cost
from rules.gwt.words import say_does

# A menu option's description holds at most 100 characters (discord.SelectOption).
DETAIL = 100


def walk_fees(state: Any, seat: int, action: tuple[Any, ...]) -> dict[int | None, int]:
    """Dollars a walk (``rules.gwt.actions.Walk``) pays, by payee (a seat, or None for the bank)."""
    step = as_walk(action)
    owed: dict[int | None, int] = {}
    if step.free:
        return owed
    for loc in (*step.route, step.dest):
        fee, payee = fee_for(state, seat, loc)
        if fee:
            owed[payee] = owed.get(payee, 0) + fee
    return owed


def say_fees(owed: dict[int | None, int]) -> Said | str:
    """ "fee $2 to Player 2", "fees $2 to Player 2, $1 to the bank", or "" for none."""
    parts = [
        said("gwt.fee.to_bank", amount=n)
        if payee is None
        else said("gwt.fee.to_player", amount=n, player=player(payee))
        for payee, n in owed.items()
    ]
    if not parts:
        return ""
    return said("gwt.fee.one" if len(parts) == 1 else "gwt.fee.many", fees=listing(parts))




def delivery(state: Any, seat: int, city: str, extra: bool) -> tuple[int, int, bool]:
    """(transport cost, victory points, whether it completes an arrow giving an objective card)."""
    cost = 0 if extra else transport_cost(state.players[seat].engine, CITIES[city][0])
    points, card = CITIES[city][2], False
    if seat not in state.cities[city]:  # an arrow counts once, when its second city gets a disc
        for a, b, vp, objective in ARROWS:
            other = b if a == city else a if b == city else None
            if other is not None and seat in state.cities[other]:
                points += vp
                card = card or objective
    return cost, points, card


def say_delivery(state: Any, seat: int, city: str, extra: bool) -> Said:
    """ "transport $9 · +9 VP", "no transport cost · +4 VP and an objective card"."""
    cost, points, card = delivery(state, seat, city, extra)
    transport = said("gwt.delivery.free") if extra else said("gwt.delivery.transport", cost=cost)
    shown = f"{points:+d}" if points else "0"
    gain = said("gwt.delivery.points_objective" if card else "gwt.words.vp", points=shown)
    return said("gwt.words.dot", first=transport, second=gain)




def build_craftsmen(state: Any, code: str, loc: str) -> int:
    """Craftsmen a building needs on ``loc``: all of them, or the difference over the one it replaces."""
    old = building_code(state.trail.get(loc)) if state is not None else None
    return BUILDINGS[code][0] - (BUILDINGS[old][0] if old else 0)


def _there(state: Any, seat: int, dest: str) -> Said | str:
    """What a player may do on the location a walk ends on."""
    here = state.trail.get(dest)
    kind = TRAIL[dest][0] if dest in TRAIL else "teepee"
    if kind == "kc":
        return said("gwt.detail.kansas_city")
    # what the building does in short, so that the fees before it still leave room within 100 characters
    if here in NEUTRAL_BUILDINGS:
        return said("gwt.detail.building", code=here, text=say_does(here))
    code = building_code(here)
    if code and here.endswith(f"@{seat}"):
        return said("gwt.detail.building", code=code, text=say_does(code))
    return said("gwt.detail.aux_there") if here else ""


def _dots(*parts: Said | str) -> Said | str:
    """The parts that say something, in order, with " · " between them ("" when none does)."""
    return chained("gwt.words.dot", list(parts))


def _dollars(amount: int) -> Said:
    return said("gwt.words.dollars", amount=amount)


def detail(move: str, state: Any, action: tuple[Any, ...] | None) -> str:
    """What ``move`` costs and earns in English, in at most 100 characters (see ``say_detail``)."""
    text = english(say_detail(move, state, action))
    return text if len(text) <= DETAIL else text[: DETAIL - 1] + "…"


def say_detail(move: str, state: Any, action: tuple[Any, ...] | None) -> Said | str:
    """What ``move`` (legal in ``state``, ``action`` its option tuple unwrapped) costs and earns; "" when
    there is nothing to say beyond its label."""
    if state is None or not action:
        return ""
    seat = state.current
    kind = action[0]
    if kind == "walk":
        return _dots(say_fees(walk_fees(state, seat, action)), _there(state, seat, as_walk(action).dest))
    if kind == "build":
        code, step = move.split(" ")[1], as_build(action)
        loc, dollars = step.loc, step.cost
        craftsmen = said("gwt.words.craftsmen", count=build_craftsmen(state, code, loc))
        return _dots(craftsmen, _dollars(dollars), say_points(code), say_text(code))
    if kind == "purchase":
        bought = do.as_purchase(action)
        combo, cowboys, price = bought.cards, bought.cowboys, bought.price
        value = CATTLE[combo[0]][1]
        points = sum(CATTLE[c][2] for c in combo)
        return _dots(
            _dollars(price),
            said("gwt.words.cowboys", count=cowboys),
            said("gwt.detail.breeding", value=value),
            said("gwt.words.vp", points=points) if points else "",
        )
    if kind == "deliver":
        extra = bool(state.stack and state.stack[-1].get("extra"))
        return say_delivery(state, seat, do.as_deliver(action).city, extra)
    if kind == "hire":
        return _dollars(do.as_hire(action).cost)
    if kind == "hazard":
        removal = do.as_hazard(action)
        tile = state.trail.get(removal.loc) or ""
        gained = said("gwt.words.vp", points=f"+{tile.split('-')[1][0]}") if tile else ""
        return _dots(_dollars(removal.cost) if removal.cost else said("gwt.words.free"), gained)
    if kind == "upgrade_station":
        _space, cost, vp, *_rest = STATIONS[do.as_upgrade_station(action).station + 1]
        return _dots(_dollars(cost), said("gwt.words.vp", points=f"+{vp}"))
    if kind == "engine" and do.as_engine(action).cost:
        return _dollars(do.as_engine(action).cost)
    return ""
