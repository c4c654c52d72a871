"""What each move does to a working copy of the state, and the turn flow around the decisions."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.core.texts import said
from rules.core.texts import seat as seat_of
from rules.gwt import actions as do
from rules.gwt.actions import Build, Walk, as_build, as_walk
from rules.gwt.board import (
    Tx,
    breeding_value,
    building_code,
    draw_cards,
    fee_for,
    gain_certs,
    hand_limit,
    permanent_certs,
    place_tile,
    refill_foresight,
    side_of,
    take_disc,
    take_objective,
)
from rules.gwt.content import (
    ARROWS,
    CITIES,
    MARKET_ORDER,
    OBJECTIVES,
    STATION_AT,
    STATION_MASTERS,
    STATIONS,
    TEEPEE_SPACES,
    WORKER_BONUS,
    WORKER_TYPES,
)
from rules.gwt.graph import (
    KC,
    START,
    numbered_spaces_between,
    transport_cost,
)
from rules.gwt.options import Kind, decision, ends_turn, occupied_by_others, options
from rules.gwt.reveals import forced_step_reveals, hand_ends_the_turn
from rules.gwt.revisions import HAND_FORCED_SKIPS, revision
from rules.gwt.state import Player, State
from rules.gwt.words import cards, place, place_with, plural, say_cards, say_place, say_place_with
from rules.gwt.words import city as city_name

# Decisions resolved without asking when they leave only the option to skip, or a single option. The end
# of the turn is never one of them: phase C draws hidden cards, so the player confirms it ("done") and
# everything before the confirmation can still be taken back. Nor is a skip that what the hand lacks forces
# (the end of phase B, an engineer's Jersey bonus): everybody would see it settled (``_hand_forces``).
FORFEITABLE = frozenset({"skip", "done"})
AUTOMATIC = frozenset({"income"})


# ========================================================================================= applying


def apply(tx: Tx, action: tuple[Any, ...]) -> None:
    s = tx.s
    kind = action[0]
    if kind == "act":
        local = do.as_act(action)
        _apply_local(tx, local.local, local.effect)
    elif kind == "aux_instead":
        top = s.stack[-1]
        s.stack[-1] = {**top, "aux": True, "any": True}
        _effect(tx, do.as_aux_instead(action).effect)
    elif kind == "end_turn":
        end_turn(tx)
    elif kind in ("done", "skip"):
        # ending phase B by choice confirms the end of the turn too, as its label says
        ending = kind == "done" and ends_turn(s)
        s.stack.pop()
        if ending:
            end_turn(tx)
    elif kind == "play":
        _play_objective(tx, do.as_play(action).card)
    else:
        top = s.stack.pop()
        _effect(tx, action, top)


def _apply_local(tx: Tx, index: int, payload: tuple[Any, ...]) -> None:
    s = tx.s
    top = s.stack[-1]
    s.stack[-1] = {**top, "used": [*top["used"], index], "any": True}
    _effect(tx, payload, s.stack[-1])


Popped = dict[str, Any] | None
Effect = Callable[[Tx, Player, tuple[Any, ...], Popped], None]


def _effect(tx: Tx, action: tuple[Any, ...], popped: Popped = None) -> None:
    """Carry out one action; ``popped`` is the decision it answered (already off the stack) if any."""
    kind = action[0]
    if kind not in _EFFECTS:
        raise AssertionError(f"unknown action {kind}")
    _EFFECTS[kind](tx, tx.s.players[tx.s.current], action, popped)


def _to_discard(p: Player, cards: Iterable[str]) -> None:
    for c in cards:
        p.hand.remove(c)
        p.discard.append(c)


def _discard_for_reward(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_discard(action)
    _to_discard(p, [step.card])
    _reward(tx, step.reward)


def _discard_pair(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_pair(action)
    _to_discard(p, step.cards)
    p.money += step.money


def _teepee_pairs(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    pairs = do.as_teepee_pairs(action).pairs
    gain_certs(p, 2 * pairs)
    p.money += 2 * pairs


def _again_with(tx: Tx, kind: Kind, popped: Popped, key: str, used: int = 1, **rest: Any) -> None:
    """Put the answered decision back with what is left of it (``key`` less ``used``), if any is."""
    left = popped[key] - used if popped else 0
    if left > 0:
        tx.s.stack.append(decision(kind, **{key: left}, **rest))


def _purchase(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_purchase(action)
    for c in step.cards:
        tx.s.market.remove(c)
        p.discard.append(c)
    p.money -= step.price
    _again_with(tx, "buy", popped, "cowboys", used=step.cowboys)


def _market_draw(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    s = tx.s
    for _ in range(2):
        if s.market_stack:
            s.market.append(s.market_stack.pop())
    tx.hidden = True
    s.market.sort(key=MARKET_ORDER.index)
    _again_with(tx, "buy", popped, "cowboys")


def _remove_hazard(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_hazard(action)
    p.hazards.append(tx.s.trail[step.loc] or "")
    tx.s.trail[step.loc] = None
    p.money -= step.cost


def _trade(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    loc = do.as_trade(action).loc
    p.teepees.append(tx.s.trail[loc] or "")
    tx.s.trail[loc] = None
    p.money += TEEPEE_SPACES[loc]


def _move_engine_back(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_back(action)
    p.engine = step.space
    then = step.then
    _maybe_upgrade(tx, step.space)
    if then == "money3":
        p.money += 3
    elif then.startswith("cert"):
        gain_certs(p, int(then[4:]))
    elif then.startswith("trash"):
        tx.s.stack.append(decision("trash", n=int(then[5:])))


def _bounce(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    space = do.as_bounce(action).space
    p.engine = space
    p.money += 3
    _maybe_upgrade(tx, space)


def _extra_delivery(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    space = do.as_extra(action).space
    moved = numbered_spaces_between(space, p.engine, occupied_by_others(tx.s, tx.s.current))
    p.engine = space
    _maybe_upgrade(tx, space)
    tx.s.stack.append(decision("deliver", value=moved, extra=True))


def _upgrade_station(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    station = do.as_upgrade_station(action).station
    p.money -= STATIONS[station + 1][1]
    tx.s.stack.append(decision("disc", station=station))


def _appoint(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    s = tx.s
    step = do.as_appoint(action)
    p.workers[step.worker] -= 1
    station = step.station
    tile = s.masters[station] or ""
    s.masters[station] = None
    s.master_workers[station] = WORKER_TYPES[step.worker]
    p.masters.append(tile)
    upper = STATION_MASTERS[tile][0]
    if upper == "money2":
        p.money += 2
    elif upper == "hazard_or_trade":
        s.stack.append(decision("bonus", what="hazard_or_trade"))


def _objective(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_objective(action)
    card = take_objective(tx, step.card)
    if card is not None:
        (p.hand if step.to == "hand" else p.discard).append(card)


def _draw(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    drawn = draw_cards(tx, tx.s.current, do.as_draw(action).number)
    if drawn:
        tx.s.stack.append(decision("discard", n=len(drawn)))


def _discard_card(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    _to_discard(p, [do.as_discard_card(action).card])
    _again_with(tx, "discard", popped, "n")


def _trash(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    card = do.as_trash(action).card
    p.hand.remove(card)
    p.trashed.append(card)
    _again_with(tx, "trash", popped, "n")


def _copy(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    loc = do.as_copy(action).loc
    tx.s.stack.append(decision("loc", loc=loc, tile=tx.s.trail[loc], used=[], any=False, copy=True))


def _pick(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    step = do.as_pick(action)
    col = tx.s.foresight[step.column]
    col[col.index(step.tile)] = None
    place_tile(tx, step.tile)


def _money(tx: Tx, p: Player, action: tuple[Any, ...], popped: Popped) -> None:
    p.money += do.as_money(action).amount


# What each kind of action does: kind -> (state's copy, its mover, the action, the decision it answered)
_EFFECTS: dict[str, Effect] = {
    "walk": lambda tx, p, a, popped: _walk(tx, as_walk(a), popped),
    "discard": _discard_for_reward,
    "pair": _discard_pair,
    "money": _money,
    "certs": lambda tx, p, a, popped: gain_certs(p, do.as_certs(a).number),
    "teepee_pairs": _teepee_pairs,
    "hire": lambda tx, p, a, popped: _hire(tx, do.as_hire(a)),
    "build": lambda tx, p, a, popped: _build(tx, as_build(a)),
    "buy": lambda tx, p, a, popped: tx.s.stack.append(decision("buy", cowboys=p.workers[0])),
    "purchase": _purchase,
    "market_draw": _market_draw,
    "hazard": _remove_hazard,
    "trade": _trade,
    "engine": lambda tx, p, a, popped: _pay_and_move_engine(tx, p, do.as_engine(a)),
    "back": _move_engine_back,
    "bounce": _bounce,
    "extra": _extra_delivery,
    "upgrade_station": _upgrade_station,
    "disc": lambda tx, p, a, popped: _place_disc(tx, do.as_disc(a).space, popped or {}),
    "appoint": _appoint,
    "objective": _objective,
    "draw": _draw,
    "discard_card": _discard_card,
    "trash": _trash,
    "aux": lambda tx, p, a, popped: _aux(tx, do.as_aux(a)),
    "push": lambda tx, p, a, popped: tx.s.stack.append(do.as_push(a).decision),
    "copy": _copy,
    "pick": _pick,
    "income": lambda tx, p, a, popped: _income(tx, do.as_income(a).cert),
    "deliver": lambda tx, p, a, popped: _deliver(tx, do.as_deliver(a).city, popped or {}),
}


def _pay_and_move_engine(tx: Tx, p: Player, action: do.Engine) -> None:
    p.money -= action.cost
    _engine_to(tx, action.space)


def _reward(tx: Tx, reward: dict[str, int]) -> None:
    s = tx.s
    p = s.players[s.current]
    p.money += reward.get("money", 0)
    if reward.get("cert"):
        gain_certs(p, reward["cert"])
    if reward.get("engine"):
        s.stack.append(decision("engine", max=reward["engine"]))
    if reward.get("objective_hand"):
        s.stack.append(decision("objective", to="hand", optional=True))


def _walk(tx: Tx, action: Walk, popped: dict[str, Any] | None) -> None:
    s, seat = tx.s, tx.s.current
    dest, passed, free = action.dest, action.route, action.free
    p = s.players[seat]
    if not free:
        for loc in [*passed, dest]:
            fee, owner = fee_for(s, seat, loc)
            paid = min(fee, p.money)       # pay what you can and move on
            if paid:
                p.money -= paid
                if owner is not None:
                    s.players[owner].money += paid
                if owner is None:
                    to, at = "the bank", place_with(s.trail, loc)
                    says = said("gwt.event.fee_bank", player=seat_of(seat), paid=paid,
                                place=say_place_with(s.trail, loc))
                else:
                    code = building_code(s.trail[loc])
                    to, at = f"Player {owner + 1}", f"{place(loc)} (building {code})"
                    says = said("gwt.event.fee", player=seat_of(seat), paid=paid, owner=seat_of(owner),
                                place=say_place(loc), building=code)
                tx.log("fee", f"Player {seat + 1} paid ${paid} to {to} at {at}.", seat=seat, paid=paid,
                       owner=owner, location=loc, say=says)
    p.location = dest
    kind = popped["k"] if popped else "loc"
    if kind in ("turn", "first"):
        _arrive(tx, dest)
    elif kind == "move":
        # the objective card's free move: before phase A the turn goes on; after phase B, phase C follows
        if s.stack[-1]["k"] == "loc":
            while s.stack[-1]["k"] != "end_turn":
                s.stack.pop()
    else:
        # a local "move the cattleman" action: this location is finished, phase B starts again there
        while s.stack[-1]["k"] == "loc":
            s.stack.pop()
        _arrive(tx, dest)


def _arrive(tx: Tx, dest: str) -> None:
    s = tx.s
    if dest == KC:
        # the five subphases, first on top; income fills in the delivery's breeding value
        s.stack.append(decision("deliver", value=0, extra=False))
        s.stack.append(decision("income"))
        for col in (2, 1, 0):
            s.stack.append(decision("foresight", col=col))
        return
    s.stack.append(decision("loc", loc=dest, tile=s.trail[dest], used=[], any=False))


def _play_objective(tx: Tx, card: str) -> None:
    s = tx.s
    p = s.players[s.current]
    p.hand.remove(card)
    p.objectives.append(card)
    action = OBJECTIVES[card][0]
    if action == "gain2":
        p.money += 2
    elif action == "aux":
        s.stack.append(decision("aux", double=True))
    elif action == "draw":
        s.stack.append(decision("draw", max=3))
    elif action.startswith("engine"):
        s.stack.append(decision("engine", max=int(action[-1])))
    elif action == "move3":
        s.stack.append(decision("move", max=3))


def _hire(tx: Tx, action: do.Hire) -> None:
    worker, row, cost = action.worker, action.row, action.cost
    s = tx.s
    p = s.players[s.current]
    s.job_rows[row].remove(worker)
    p.money -= cost
    i = WORKER_TYPES.index(worker)
    p.workers[i] += 1
    bonus = WORKER_BONUS.get((worker, p.workers[i]))
    if bonus:
        s.stack.append(decision("bonus", what=bonus))


def _build(tx: Tx, action: Build) -> None:
    number, loc, cost = action.number, action.loc, action.cost
    s = tx.s
    seat = s.current
    p = s.players[seat]
    old = building_code(s.trail[loc])
    if old is not None:
        p.boxed_buildings.append(old)
    p.buildings.remove(number)
    p.money -= cost
    s.trail[loc] = f"{side_of(s, number)}@{seat}"


def _engine_to(tx: Tx, space: str) -> None:
    s = tx.s
    p = s.players[s.current]
    p.engine = space
    if space == "39":
        s.stack.append(decision("bounce"))
    _maybe_upgrade(tx, space)


def _maybe_upgrade(tx: Tx, space: str) -> None:
    s = tx.s
    station = STATION_AT.get(space)
    if station is not None and s.current not in s.stations[station - 1]:
        s.stack.append(decision("upgrade", station=station - 1))


def _place_disc(tx: Tx, choice: str, target: dict[str, Any]) -> None:
    s, seat = tx.s, tx.s.current
    p = s.players[seat]
    take_disc(tx, seat, choice)
    if "station" in target:
        i = target["station"]
        s.stations[i].append(seat)
        if i < len(s.masters) and s.masters[i] is not None:
            s.stack.append(decision("master", station=i))
        return
    city = target["city"]
    first_here = seat not in s.cities[city]
    s.cities[city].append(seat)
    if city == "kansas-city":
        p.money += 6
    if first_here:
        for a, b, _vp, objective in ARROWS:
            if objective and city in (a, b) and seat in s.cities[b if city == a else a]:
                s.stack.append(decision("objective", to="discard", optional=False))


def _aux(tx: Tx, action: do.Aux) -> None:
    name, times = action.name, action.times
    s = tx.s
    p = s.players[s.current]
    if name == "money":
        p.money += times
    elif name == "draw":
        draw_cards(tx, s.current, times)
        need = min(times, len(p.hand))
        if need:
            s.stack.append(decision("discard", n=need))
    elif name == "cert":
        p.money -= times
        s.stack.append(decision("back", steps=times, then=f"cert{times}"))
    elif name == "engine":
        p.money -= times        # already paid: the move itself is no longer optional
        s.stack.append(decision("engine", max=times, optional=False))
    elif name == "trash":
        s.stack.append(decision("back", steps=times, then=f"trash{times}"))


def _income(tx: Tx, cert_after: int) -> None:
    s = tx.s
    p = s.players[s.current]
    used = p.cert - cert_after
    p.cert = cert_after
    total = breeding_value(p.hand) + permanent_certs(p) + used
    s.income = total
    p.money += total
    shown = cards(p.hand) or "no cards"
    # one line for the whole step: the certificates added (if any), the cards shown, what they earned
    added = f"added {plural(used, 'temporary certificate')} to the income, " if used else ""
    earned = f"earned ${total}" if total else "earned nothing"
    revealed = say_cards(p.hand) if p.hand else said("gwt.words.no_cards")
    facts = {"player": seat_of(s.current), "cards": revealed, "income": total}
    which = "gwt.event.income" + ("_certs" if used else "") + ("" if total else "_nothing")
    says = said(which, **facts, count=used) if used else said(which, **facts)
    tx.tell("income", f"Player {s.current + 1} {added}revealed {shown} and {earned}.",
            seat=s.current, hand=list(p.hand), income=total, say=says)
    p.discard.extend(p.hand)
    p.hand.clear()
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i]["k"] == "deliver" and not s.stack[i]["extra"]:
            s.stack[i] = {**s.stack[i], "value": total}
            break


def _deliver(tx: Tx, city: str, answered: dict[str, Any]) -> None:
    s = tx.s
    p = s.players[s.current]
    cost = 0 if answered.get("extra") else transport_cost(p.engine, CITIES[city][0])
    p.money -= cost
    costs = f" (transport costs ${cost})" if cost else ""
    says = (said("gwt.event.delivery_paid", player=seat_of(s.current), city=city_name(city), cost=cost)
            if cost else said("gwt.event.delivery", player=seat_of(s.current), city=city_name(city)))
    tx.tell("delivery", f"Player {s.current + 1} delivered to {city_name(city)}{costs}.",
            seat=s.current, city=city, transport=cost, say=says)
    s.stack.append(decision("disc", city=city))


# ============================================================================ turn end and settling


def end_turn(tx: Tx) -> None:
    """Phase C, the Kansas City clean-up, then the next player's turn (or the end of the game)."""
    s = tx.s
    seat = s.current
    p = s.players[seat]
    if p.location == KC:
        p.location = START
    refill_foresight(tx)
    lack = hand_limit(p) - len(p.hand)
    if lack > 0:
        draw_cards(tx, seat, lack)
    s.stack.pop()
    if s.final_turns is not None:
        if s.final_turns == 0:
            s.over = True
            s.stack.clear()
            tx.log("game_end", "The game is over.", say=said("gwt.event.game_end"))
            return
        s.final_turns -= 1
    start_turn(tx, (seat + 1) % s.n)


def start_turn(tx: Tx, seat: int) -> None:
    s = tx.s
    s.current = seat
    s.turn += 1
    s.stack.append(decision("end_turn"))
    s.stack.append(decision("first" if s.players[seat].location is None else "turn"))
    tx.log("turn_start", f"Player {seat + 1}'s turn.", seat=seat,
           say=said("gwt.event.turn", player=seat_of(seat)))


def settle(tx: Tx) -> None:
    """Resolve what needs no choice: decisions whose only option is to skip, or that decide themselves.

    Stops at the end of the turn, which waits for the player's "done".
    """
    s = tx.s
    while not s.over:
        top = s.stack[-1]
        if top["k"] == "end_turn":
            break
        opts = options(s)
        if not opts:
            raise AssertionError(f"decision {top} has no options")
        if len(opts) == 1 and next(iter(opts)) in FORFEITABLE:
            if _hand_forces(s, next(iter(opts))):  # the player forfeits it, as if by choice
                break
            s.stack.pop()                  # forfeited, not chosen: never the end of the turn
            continue
        if len(opts) == 1 and top["k"] in AUTOMATIC:
            apply(tx, next(iter(opts.values())))
            continue
        break


def _hand_forces(s: State, move: str) -> bool:
    """Whether what the hand lacks leaves ``move`` (a skip or "done") the only option, so that settling it
    would tell the table about the hand: since ``HAND_FORCED_SKIPS`` any such step; before, only the end
    of phase B (which ends the turn). Games stored before keep replaying as they were played."""
    if revision(s) < HAND_FORCED_SKIPS:
        return hand_ends_the_turn(s)
    return forced_step_reveals(s, s.current, move)
