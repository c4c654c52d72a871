"""The pending decisions and the moves each one offers.

Every decision is a small dict on ``State.stack`` (top = last); ``options`` maps each legal move
(canonical text) to an action tuple (a typed one of ``rules.gwt.actions``) that ``rules.gwt.effects.apply``
carries out. Decision kinds:

    first        place the cattleman on a neutral building (first turn)
    turn         phase A: move the cattleman (objective cards may be played first)
    loc          phase B on a location: local actions in any order, or one single auxiliary action
    engine       move the engine forward up to ``max`` spaces      back / bounce / extra: backwards
    upgrade      upgrade the station the engine stopped on          disc: which disc to place
    master       appoint a worker as station master                 bonus: a one-off action or skip
    buy          the cowboy purchases                               objective: take an objective card
    draw/discard draw up to N cards, then discard as many            trash: remove cards from the game
    aux          one single or double auxiliary action               move: the objective card's free move
    foresight / income / deliver   the Kansas City subphases
    end_turn     "done" confirms the end of the turn: phase C (refilling hand and foresight), the next turn
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any, Literal

from rules.gwt import actions as do
from rules.gwt.board import (
    building_code,
    cleared,
    disc_options,
    fee_for,
    own_buildings,
    side_of,
    step_limit,
    woods_count,
)
from rules.gwt.content import (
    BUILDINGS,
    CATTLE,
    CERT_TRACK,
    CITIES,
    COWBOY_TABLE,
    HAZARD_SPACES,
    JOB_COSTS,
    JOB_ROWS,
    MARKET_ORDER,
    NEUTRAL_BUILDINGS,
    OBJECTIVES,
    RISKS,
    STATIONS,
    TEEPEE_SPACES,
    TRACK_INDEX,
    WORKER_TYPES,
)
from rules.gwt.graph import (
    KC,
    KIND,
    START,
    adjacent_buildings,
    engine_ahead,
    engine_back_exact,
    engine_behind,
    trail_walks,
)
from rules.gwt.state import State

Options = dict[str, tuple[Any, ...]]
HAZARD_LOCS = tuple(sp for spaces in HAZARD_SPACES.values() for sp in spaces)


# the kinds of decision above, each with its prompt (``rules.gwt.view.PROMPTS``) and its skip's words
Kind = Literal[
    "first", "turn", "loc", "engine", "back", "bounce", "extra", "upgrade", "disc", "master", "bonus", "buy",
    "objective", "draw", "discard", "trash", "aux", "move", "foresight", "income", "deliver", "end_turn",
]


def decision(kind: Kind, **data: Any) -> dict[str, Any]:
    return {"k": kind, **data}


def occupied_by_others(s: State, seat: int) -> set[str]:
    return {p.engine for i, p in enumerate(s.players) if i != seat and p.engine != "0"}


# ================================================================================ option generators


def options(s: State) -> Options:
    d = s.stack[-1]
    return GENERATORS[d["k"]](s, s.current, d)


def _walk_moves(s: State, seat: int, limit: int, *, free: bool = False) -> Options:
    """Cattleman moves: one per destination, or one per different sequence of fees paid on the way."""
    p = s.players[seat]
    opts: Options = {}
    for dest, paths in trail_walks(s.trail, p.location or START, limit).items():
        if free and dest == KC:
            continue
        distinct: dict[tuple[tuple[int, int | None], ...], list[str]] = {}
        for passed in paths:
            charged = () if free else (fee_for(s, seat, loc) for loc in (*passed, dest))
            fees = tuple(f for f in charged if f[0])
            distinct.setdefault(fees, list(passed))
        for route in distinct.values():
            if len(distinct) == 1:
                name = f"move {dest}"
            else:
                name = f"move {dest} " + (f"via {' '.join(route)}" if route else "direct")
            opts[name] = do.walk(dest, route, free)
    return opts


def gen_first(s: State, seat: int, d: dict[str, Any]) -> Options:
    return {f"move {slot}": do.walk(slot, [], True) for slot in ("A", "B", "C", "D", "E", "F", "G")}


def gen_turn(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = _walk_moves(s, seat, step_limit(s.n, s.players[seat]))
    opts.update(_objective_plays(s, seat))
    return opts


def _objective_plays(s: State, seat: int) -> Options:
    hand = s.players[seat].hand
    return {f"play {c}": do.play(c) for c in sorted(set(hand)) if c in OBJECTIVES}


def location_actions(s: State, seat: int, d: dict[str, Any]) -> list[tuple[Any, ...]]:
    tile = d["tile"]
    if tile in NEUTRAL_BUILDINGS:
        return list(NEUTRAL_BUILDINGS[tile])
    code = building_code(tile)
    if code is None:
        return []
    owner = int(tile.split("@")[1])
    if owner != seat and not d.get("copy"):
        return []
    acts = list(BUILDINGS[code][3])
    if d.get("copy"):
        acts = [a for a in acts if a[0] != "copy"]
    elif d["loc"] in RISKS:
        card, cert, money = RISKS[d["loc"]]
        acts.append(do.risk(card, cert, money))
    return acts


def gen_loc(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {}
    acts = location_actions(s, seat, d)
    used = d["used"]
    if not d.get("aux"):
        hire_pending = False
        for i, act in enumerate(acts):
            if i in used:
                continue
            if act[0] == "hire":
                if hire_pending:
                    continue           # the cheaper hire of the same building is used first
                hire_pending = True
            for name, payload in spec_moves(s, seat, act, d).items():
                opts.setdefault(name, do.act(i, payload))
        has_aux2 = any(a[0] in ("aux2", "trade_or_aux2") for a in acts)
        if not d.get("any") and not d.get("copy") and not has_aux2:
            for name, payload in aux_moves(s, seat, double=False).items():
                opts[name] = do.aux_instead(payload)
    if not d.get("copy"):
        opts.update(_objective_plays(s, seat))
    opts["done"] = do.done()
    return opts


def spec_moves(s: State, seat: int, act: tuple[Any, ...], d: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """Moves of one local action, each with what to do."""
    p = s.players[seat]
    kind = act[0]
    out: dict[str, tuple[Any, ...]] = {}
    if kind == "discard":
        offer = do.as_local_discard(act)
        if offer.card in p.hand:
            out[f"discard {offer.card}"] = do.discard(offer.card, offer.reward)
    elif kind == "pair":
        out.update(_pair_moves(p.hand, do.as_local_pair(act).money))
    elif kind == "hire":
        out.update(hire_moves(s, seat, do.as_local_hire(act).modifier))
    elif kind == "build":
        out.update(build_moves(s, seat, do.as_local_build(act).per_craftsman))
    elif kind == "buy":
        if _buy_options(s, seat, p.workers[0]):
            out["buy"] = do.buy()
    elif kind == "hazard":
        out.update(hazard_moves(s, seat, do.as_local_hazard(act).cost))
    elif kind == "engine":
        n = do.as_local_engine(act).spaces
        limit = n if isinstance(n, int) else p.workers[2] if n == "engineers" else woods_count(s, seat)
        out.update(engine_moves(s, seat, limit, 0))
    elif kind == "move":
        out.update(_walk_moves(s, seat, do.as_local_move(act).steps))
    elif kind == "aux2":
        out.update(aux_moves(s, seat, double=True))
    elif kind == "cert_or_objective":
        out["cert"] = do.certs(1)
        out.update({k: do.objective(card, "discard") for k, card in objective_moves(s).items()})
    elif kind == "trade_or_engine":
        out.update(trade_moves(s, seat))
        if p.money >= 2:
            out.update(engine_moves(s, seat, 2, 2))
    elif kind == "trade_or_aux2":
        out.update(trade_moves(s, seat))
        out.update(aux_moves(s, seat, double=True))
    else:
        out.update(_building_moves(s, seat, act, d))
    return out


def _building_moves(
    s: State, seat: int, act: tuple[Any, ...], d: dict[str, Any]
) -> dict[str, tuple[Any, ...]]:
    """Moves of the buildings' own actions that no other action shares."""
    p = s.players[seat]
    kind = act[0]
    out: dict[str, tuple[Any, ...]] = {}
    if kind == "woods":
        out["woods"] = do.money(2 * woods_count(s, seat))
    elif kind == "teepee_pairs":
        pairs = min(p.teepees.count("teepee-green"), p.teepees.count("teepee-blue"))
        if pairs:
            out["teepees"] = do.teepee_pairs(pairs)
    elif kind == "extra":
        if p.engine != "0":
            out["extra"] = do.push(decision("extra"))
    elif kind == "cert_max":
        out["certs max"] = do.certs(9)
    elif kind == "objective_cert":
        for c in sorted(set(p.hand)):
            if c in OBJECTIVES:
                out[f"discard {c}"] = do.discard(c, {"cert": 2})
    elif kind == "back_money":
        for sp in engine_back_exact(p.engine, occupied_by_others(s, seat), 1):
            out[f"back {sp}"] = do.back(sp, "money3")
    elif kind == "draw_cowboys":
        for k in range(1, p.workers[0] + 1):
            out[f"draw {k}"] = do.draw(k)
    elif kind == "engineer_money":
        out["engineers"] = do.money(p.workers[2])
    elif kind == "any_objective":
        for c in sorted(set(p.hand)):
            if c in CATTLE:
                out[f"discard {c}"] = do.discard(c, {"money": 3, "objective_hand": 1})
    elif kind == "copy":
        for loc in adjacent_buildings(d["loc"], s.trail):
            if building_code(s.trail[loc]) != "8b":
                out[f"copy {loc}"] = do.copy(loc)
    elif kind == "upgrade_behind":
        here = TRACK_INDEX[p.engine]
        for n, (space, *_rest) in STATIONS.items():
            if TRACK_INDEX[space] < here and seat not in s.stations[n - 1] and can_upgrade(s, seat, n - 1):
                out[f"upgrade {n}"] = do.upgrade_station(n - 1)
    elif kind == "money":
        amount = do.as_local_money(act).amount
        out[f"gain {amount}"] = do.money(amount)
    elif kind == "risk":
        offer = do.as_risk(act)
        card, cert, money = offer.card, offer.cert, offer.money
        cards = ["jersey"] if card == "jersey" else sorted(c for c in set(p.hand) if c in CATTLE)
        for c in cards:
            if c in p.hand:
                out[f"risk {c}"] = do.discard(c, {"cert": cert, "money": money})
    return out


def _pair_moves(hand: list[str], money: int) -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    cattle = sorted({c for c in hand if c in CATTLE}, key=list(CATTLE).index)
    for i, a in enumerate(cattle):
        for b in cattle[i:]:
            if CATTLE[a][0] != CATTLE[b][0] or (a == b and hand.count(a) < 2):
                continue
            out[f"pair {a}" if a == b else f"pair {a} {b}"] = do.pair([a, b], money)
    return out


def hire_moves(s: State, seat: int, modifier: int) -> dict[str, tuple[Any, ...]]:
    p = s.players[seat]
    out: dict[str, tuple[Any, ...]] = {}
    for r in range(min(s.job_token, JOB_ROWS)):
        cost = JOB_COSTS[r] + modifier
        if p.money < cost:
            continue
        for t in WORKER_TYPES:
            if t in s.job_rows[r] and p.workers[WORKER_TYPES.index(t)] < 6:
                out[f"hire {t} {r + 1}"] = do.hire(t, r, cost)
    return out


def build_moves(s: State, seat: int, per: int) -> dict[str, tuple[Any, ...]]:
    p = s.players[seat]
    out: dict[str, tuple[Any, ...]] = {}
    empty = [loc for loc, kind in KIND.items() if kind == "private" and s.trail[loc] is None]
    mine = own_buildings(s, seat)
    for number in p.buildings:
        code = side_of(s, number)
        need = BUILDINGS[code][0]
        if p.workers[1] >= need and p.money >= per * need:
            for loc in empty:
                out[f"build {code} {loc}"] = do.build(number, loc, per * need)
        for loc in mine:
            old = BUILDINGS[building_code(s.trail[loc]) or ""][0]
            diff = need - old
            if diff > 0 and p.workers[1] >= diff and p.money >= per * diff:
                out[f"build {code} {loc}"] = do.build(number, loc, per * diff)
    return out


def hazard_moves(s: State, seat: int, cost: int) -> dict[str, tuple[Any, ...]]:
    if s.players[seat].money < cost:
        return {}
    return {f"remove {loc}": do.hazard(loc, cost) for loc in HAZARD_LOCS if s.trail[loc] is not None}


def trade_moves(s: State, seat: int) -> dict[str, tuple[Any, ...]]:
    money = s.players[seat].money
    return {f"trade {loc}": do.trade(loc) for loc, value in TEEPEE_SPACES.items()
            if s.trail[loc] is not None and money + value >= 0}


def engine_moves(s: State, seat: int, limit: int, cost: int) -> dict[str, tuple[Any, ...]]:
    p = s.players[seat]
    if limit <= 0:
        return {}
    ahead = engine_ahead(p.engine, occupied_by_others(s, seat), limit)
    return {f"engine {sp}": do.engine(sp, cost) for sp in ahead}


def objective_moves(s: State) -> dict[str, str]:
    """The objective cards to take, by move: each card in the display, or the top of the stack."""
    out = {f"objective {c}": c for c in sorted(set(s.objective_display))}
    if s.objective_stack:
        out["objective stack"] = "stack"
    return out


def can_upgrade(s: State, seat: int, index: int) -> bool:
    cost = STATIONS[index + 1][1]
    p = s.players[seat]
    return p.money >= cost and bool(disc_options(s, seat, STATIONS[index + 1][3], p.money - cost, index))


def aux_moves(s: State, seat: int, *, double: bool) -> dict[str, tuple[Any, ...]]:
    """Auxiliary actions: single ones when unlocked; doubled ones when ``double`` and both discs are off."""
    p = s.players[seat]
    occ = occupied_by_others(s, seat)
    out: dict[str, tuple[Any, ...]] = {"aux money": do.aux("money", 1)}
    if double and cleared(p, "money") == 1:
        out["aux money x2"] = do.aux("money", 2)
    if p.deck or p.discard or p.hand:
        out["aux draw"] = do.aux("draw", 1)
        if double and cleared(p, "draw") == 1:
            out["aux draw x2"] = do.aux("draw", 2)
    for name in ("cert", "engine", "trash"):
        gone = cleared(p, name)
        for times in (1, 2):
            if gone < times or (times == 2 and not double):
                continue
            if name in ("cert", "engine") and p.money < times:
                continue
            if name == "engine":
                ok = bool(engine_ahead(p.engine, occ, times))
            else:
                ok = bool(engine_back_exact(p.engine, occ, times)) and (name == "cert" or bool(p.hand))
            if ok:
                out[f"aux {name}" + (" x2" if times == 2 else "")] = do.aux(name, times)
    return out


def gen_engine(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = engine_moves(s, seat, d["max"], 0)
    if d.get("optional", True) or not opts:
        opts["skip"] = do.skip()
    return opts


def gen_back(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    spaces = engine_back_exact(p.engine, occupied_by_others(s, seat), d["steps"])
    return {f"engine {sp}": do.back(sp, d["then"]) for sp in spaces}


def gen_bounce(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    return {f"engine {sp}": do.bounce(sp) for sp in engine_behind(p.engine, occupied_by_others(s, seat))}


def gen_extra(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    opts: Options = {f"engine {sp}": do.extra(sp)
                     for sp in engine_behind(p.engine, occupied_by_others(s, seat))}
    opts["skip"] = do.skip()
    return opts


def gen_upgrade(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {}
    if can_upgrade(s, seat, d["station"]):
        opts["upgrade"] = do.upgrade_station(d["station"])
    opts["skip"] = do.skip()
    return opts


def gen_disc(s: State, seat: int, d: dict[str, Any]) -> Options:
    black_ok = CITIES[d["city"]][1] if "city" in d else STATIONS[d["station"] + 1][3]
    exclude = d.get("station")
    choices = disc_options(s, seat, black_ok, s.players[seat].money, exclude)
    if not choices:
        return {"skip": do.skip()}
    return {f"disc {c}": do.disc(c) for c in choices}


def gen_master(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    opts: Options = {f"appoint {t}": do.appoint(i, d["station"]) for i, t in enumerate(WORKER_TYPES)
                     if p.workers[i] >= 2}
    opts["skip"] = do.skip()
    return opts


def gen_bonus(s: State, seat: int, d: dict[str, Any]) -> Options:
    what = d["what"]
    p = s.players[seat]
    opts: Options = {}
    if what in ("hazard_free", "hazard_or_trade"):
        opts.update(hazard_moves(s, seat, 0))
    if what in ("trade", "hazard_or_trade"):
        opts.update(trade_moves(s, seat))
    if what == "build1":
        opts.update(build_moves(s, seat, 1))
    if what == "hire_minus2":
        opts.update(hire_moves(s, seat, -2))
    if what.startswith("jersey_") and "jersey" in p.hand:
        reward = {"jersey_cert1": {"cert": 1}, "jersey_money2": {"money": 2},
                  "jersey_cert2": {"cert": 2}, "jersey_money4": {"money": 4}}[what]
        opts["discard jersey"] = do.discard("jersey", reward)
    opts["skip"] = do.skip()
    return opts


def _buy_options(s: State, seat: int, cowboys: int) -> dict[str, tuple[Any, ...]]:
    p = s.players[seat]
    out: dict[str, tuple[Any, ...]] = {}
    for value, count, used, price in COWBOY_TABLE:
        if used > cowboys or p.money < price:
            continue
        codes = [c for c in MARKET_ORDER if c in s.market and CATTLE[c][1] == value]
        for combo in combinations_with_replacement(codes, count):
            if any(s.market.count(c) < combo.count(c) for c in combo):
                continue
            out[f"buy {' '.join(combo)} for {price}"] = do.purchase(list(combo), used, price)
    if cowboys >= 1 and s.market_stack:
        out["draw 2"] = do.market_draw()
    return out


def gen_buy(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = _buy_options(s, seat, d["cowboys"])
    opts["done"] = do.done()
    return opts


def gen_objective(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {k: do.objective(card, d["to"]) for k, card in objective_moves(s).items()}
    if d["optional"] or not opts:
        opts["skip"] = do.skip()
    return opts


def gen_draw(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {f"draw {k}": do.draw(k) for k in range(1, d["max"] + 1)}
    opts["skip"] = do.skip()
    return opts


def gen_discard(s: State, seat: int, d: dict[str, Any]) -> Options:
    hand = s.players[seat].hand
    if not hand:
        return {"skip": do.skip()}
    return {f"discard {c}": do.discard_card(c) for c in sorted(set(hand))}


def gen_trash(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {f"trash {c}": do.trash(c) for c in sorted(set(s.players[seat].hand))}
    opts["skip"] = do.skip()
    return opts


def gen_aux(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = dict(aux_moves(s, seat, double=d["double"]))
    opts["skip"] = do.skip()
    return opts


def gen_move(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = _walk_moves(s, seat, d["max"], free=True)
    opts["skip"] = do.skip()
    return opts


def gen_foresight(s: State, seat: int, d: dict[str, Any]) -> Options:
    tiles = [t for t in s.foresight[d["col"]] if t is not None]
    if s.job_token >= JOB_ROWS:
        tiles = [t for t in tiles if t not in WORKER_TYPES]
    opts: Options = {f"pick {t}": do.pick(d["col"], t) for t in sorted(set(tiles))}
    return opts or {"skip": do.skip()}


def gen_income(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    here = CERT_TRACK.index(p.cert)
    return {f"certs {p.cert - CERT_TRACK[i]}": do.income(CERT_TRACK[i]) for i in range(here, -1, -1)}


def gen_end_turn(s: State, seat: int, d: dict[str, Any]) -> Options:
    return {"done": do.end_turn()}


def ends_turn(s: State) -> bool:
    """Whether "done" now ends the turn: the confirmation itself, or ending phase B with nothing after it."""
    top = s.stack[-1]["k"] if s.stack else ""
    return top == "end_turn" or (top == "loc" and len(s.stack) > 1 and s.stack[-2]["k"] == "end_turn")


def gen_deliver(s: State, seat: int, d: dict[str, Any]) -> Options:
    return {f"deliver {c}": do.deliver(c) for c, (value, _b, _vp, multi) in CITIES.items()
            if value <= d["value"] and (multi or seat not in s.cities[c])}


GENERATORS: dict[Kind, Callable[[State, int, dict[str, Any]], Options]] = {
    "first": gen_first, "turn": gen_turn, "loc": gen_loc, "engine": gen_engine, "back": gen_back,
    "bounce": gen_bounce, "extra": gen_extra, "upgrade": gen_upgrade, "disc": gen_disc, "master": gen_master,
    "bonus": gen_bonus, "buy": gen_buy, "objective": gen_objective, "draw": gen_draw, "discard": gen_discard,
    "trash": gen_trash, "aux": gen_aux, "move": gen_move, "foresight": gen_foresight, "income": gen_income,
    "deliver": gen_deliver, "end_turn": gen_end_turn,
}

