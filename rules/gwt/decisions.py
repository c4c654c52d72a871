"""The stack of pending decisions: which moves each decision offers and what each move does.

Every decision is a small dict on ``State.stack`` (top = last). ``options`` maps each legal move
(canonical text) to an action tuple; ``apply`` performs one on a working copy. Decision kinds:

    first        place the cattleman on a neutral building (first turn)
    turn         phase A: move the cattleman (objective cards may be played first)
    loc          phase B on a location: local actions in any order, or one single auxiliary action
    engine       move the engine forward up to ``max`` spaces      back / bounce / extra: backwards
    upgrade      upgrade the station the engine stopped on          disc: which disc to place
    master       appoint a worker as station master                 bonus: a one-off action or skip
    buy          the cowboy purchases                               objective: take an objective card
    draw/discard draw up to N cards, then discard as many            trash: remove cards from the game
    aux          one single or double auxiliary action               move: the objective card's free move
    foresight / income / deliver   the Kansas City subphases        end_turn: phase C and the next turn
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from rules.gwt.board import (
    Tx,
    breeding_value,
    building_code,
    cleared,
    disc_options,
    draw_cards,
    fee_for,
    gain_certs,
    hand_limit,
    own_buildings,
    permanent_certs,
    place_tile,
    refill_foresight,
    side_of,
    step_limit,
    take_disc,
    take_objective,
    woods_count,
)
from rules.gwt.content import (
    ARROWS,
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
    STATION_AT,
    STATION_MASTERS,
    STATIONS,
    TEEPEE_SPACES,
    TRACK_INDEX,
    WORKER_BONUS,
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
    numbered_spaces_between,
    trail_walks,
    transport_cost,
)
from rules.gwt.state import State

Options = dict[str, tuple[Any, ...]]
HAZARD_LOCS = tuple(sp for spaces in HAZARD_SPACES.values() for sp in spaces)
FORFEITABLE = frozenset({"skip", "done"})
# Decisions resolved without asking when they leave a single option.
AUTOMATIC = frozenset({"income"})


def _decision(kind: str, **data: Any) -> dict[str, Any]:
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
            opts[name] = ("walk", dest, route, free)
    return opts


def gen_first(s: State, seat: int, d: dict[str, Any]) -> Options:
    return {f"move {slot}": ("walk", slot, [], True) for slot in ("A", "B", "C", "D", "E", "F", "G")}


def gen_turn(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = _walk_moves(s, seat, step_limit(s.n, s.players[seat]))
    opts.update(_objective_plays(s, seat))
    return opts


def _objective_plays(s: State, seat: int) -> Options:
    hand = s.players[seat].hand
    return {f"play {c}": ("play", c) for c in sorted(set(hand)) if c in OBJECTIVES}


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
        acts.append(("risk", card, cert, money))
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
                opts.setdefault(name, ("act", i, payload))
        has_aux2 = any(a[0] in ("aux2", "trade_or_aux2") for a in acts)
        if not d.get("any") and not d.get("copy") and not has_aux2:
            for name, payload in aux_moves(s, seat, double=False).items():
                opts[name] = ("aux_instead", payload)
    if not d.get("copy"):
        opts.update(_objective_plays(s, seat))
    opts["done"] = ("done",)
    return opts


def spec_moves(s: State, seat: int, act: tuple[Any, ...], d: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """Moves of one local action, each with what to do."""
    p = s.players[seat]
    kind = act[0]
    out: dict[str, tuple[Any, ...]] = {}
    if kind == "discard":
        if act[1] in p.hand:
            out[f"discard {act[1]}"] = ("discard", act[1], act[2])
    elif kind == "pair":
        out.update(_pair_moves(p.hand, act[1]))
    elif kind == "hire":
        out.update(hire_moves(s, seat, act[1]))
    elif kind == "build":
        out.update(build_moves(s, seat, act[1]))
    elif kind == "buy":
        if _buy_options(s, seat, p.workers[0]):
            out["buy"] = ("buy",)
    elif kind == "hazard":
        out.update(hazard_moves(s, seat, act[1]))
    elif kind == "engine":
        n = act[1]
        limit = p.workers[2] if n == "engineers" else woods_count(s, seat) if n == "woods" else n
        out.update(engine_moves(s, seat, limit, 0))
    elif kind == "move":
        out.update({k: ("walk", *v[1:]) for k, v in _walk_moves(s, seat, act[1]).items()})
    elif kind == "aux2":
        out.update(aux_moves(s, seat, double=True))
    elif kind == "cert_or_objective":
        out["cert"] = ("certs", 1)
        out.update({k: ("objective", v[1], "discard") for k, v in objective_moves(s).items()})
    elif kind == "trade_or_engine":
        out.update(trade_moves(s, seat))
        if p.money >= 2:
            out.update(engine_moves(s, seat, 2, 2))
    elif kind == "trade_or_aux2":
        out.update(trade_moves(s, seat))
        out.update(aux_moves(s, seat, double=True))
    elif kind == "woods":
        out["woods"] = ("money", 2 * woods_count(s, seat))
    elif kind == "teepee_pairs":
        pairs = min(p.teepees.count("teepee-green"), p.teepees.count("teepee-blue"))
        if pairs:
            out["teepees"] = ("teepee_pairs", pairs)
    elif kind == "extra":
        if p.engine != "0":
            out["extra"] = ("push", _decision("extra"))
    elif kind == "cert_max":
        out["certs max"] = ("certs", 9)
    elif kind == "objective_cert":
        for c in sorted(set(p.hand)):
            if c in OBJECTIVES:
                out[f"discard {c}"] = ("discard", c, {"cert": 2})
    elif kind == "back_money":
        for sp in engine_back_exact(p.engine, occupied_by_others(s, seat), 1):
            out[f"back {sp}"] = ("back", sp, "money3")
    elif kind == "draw_cowboys":
        for k in range(1, p.workers[0] + 1):
            out[f"draw {k}"] = ("draw", k)
    elif kind == "engineer_money":
        out["engineers"] = ("money", p.workers[2])
    elif kind == "any_objective":
        for c in sorted(set(p.hand)):
            if c in CATTLE:
                out[f"discard {c}"] = ("discard", c, {"money": 3, "objective_hand": 1})
    elif kind == "copy":
        for loc in adjacent_buildings(d["loc"], s.trail):
            if building_code(s.trail[loc]) != "8b":
                out[f"copy {loc}"] = ("copy", loc)
    elif kind == "upgrade_behind":
        here = TRACK_INDEX[p.engine]
        for n, (space, *_rest) in STATIONS.items():
            if TRACK_INDEX[space] < here and seat not in s.stations[n - 1] and can_upgrade(s, seat, n - 1):
                out[f"upgrade {n}"] = ("upgrade_station", n - 1)
    elif kind == "money":
        out[f"gain {act[1]}"] = ("money", act[1])
    elif kind == "risk":
        card, cert, money = act[1], act[2], act[3]
        cards = ["jersey"] if card == "jersey" else sorted(c for c in set(p.hand) if c in CATTLE)
        for c in cards:
            if c in p.hand:
                out[f"risk {c}"] = ("discard", c, {"cert": cert, "money": money})
    return out


def _pair_moves(hand: list[str], money: int) -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    cattle = sorted({c for c in hand if c in CATTLE}, key=list(CATTLE).index)
    for i, a in enumerate(cattle):
        for b in cattle[i:]:
            if CATTLE[a][0] != CATTLE[b][0] or (a == b and hand.count(a) < 2):
                continue
            out[f"pair {a}" if a == b else f"pair {a} {b}"] = ("pair", [a, b], money)
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
                out[f"hire {t} {r + 1}"] = ("hire", t, r, cost)
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
                out[f"build {code} {loc}"] = ("build", number, loc, per * need)
        for loc in mine:
            old = BUILDINGS[building_code(s.trail[loc]) or ""][0]
            diff = need - old
            if diff > 0 and p.workers[1] >= diff and p.money >= per * diff:
                out[f"build {code} {loc}"] = ("build", number, loc, per * diff)
    return out


def hazard_moves(s: State, seat: int, cost: int) -> dict[str, tuple[Any, ...]]:
    if s.players[seat].money < cost:
        return {}
    return {f"remove {loc}": ("hazard", loc, cost) for loc in HAZARD_LOCS if s.trail[loc] is not None}


def trade_moves(s: State, seat: int) -> dict[str, tuple[Any, ...]]:
    money = s.players[seat].money
    return {f"trade {loc}": ("trade", loc) for loc, value in TEEPEE_SPACES.items()
            if s.trail[loc] is not None and money + value >= 0}


def engine_moves(s: State, seat: int, limit: int, cost: int) -> dict[str, tuple[Any, ...]]:
    p = s.players[seat]
    if limit <= 0:
        return {}
    ahead = engine_ahead(p.engine, occupied_by_others(s, seat), limit)
    return {f"engine {sp}": ("engine", sp, cost) for sp in ahead}


def objective_moves(s: State) -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {
        f"objective {c}": ("objective", c) for c in sorted(set(s.objective_display))
    }
    if s.objective_stack:
        out["objective stack"] = ("objective", "stack")
    return out


def can_upgrade(s: State, seat: int, index: int) -> bool:
    cost = STATIONS[index + 1][1]
    p = s.players[seat]
    return p.money >= cost and bool(disc_options(s, seat, STATIONS[index + 1][3], p.money - cost, index))


def aux_moves(s: State, seat: int, *, double: bool) -> dict[str, tuple[Any, ...]]:
    """Auxiliary actions: single ones when unlocked; doubled ones when ``double`` and both discs are off."""
    p = s.players[seat]
    occ = occupied_by_others(s, seat)
    out: dict[str, tuple[Any, ...]] = {"aux money": ("aux", "money", 1)}
    if double and cleared(p, "money") == 1:
        out["aux money x2"] = ("aux", "money", 2)
    if p.deck or p.discard or p.hand:
        out["aux draw"] = ("aux", "draw", 1)
        if double and cleared(p, "draw") == 1:
            out["aux draw x2"] = ("aux", "draw", 2)
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
                out[f"aux {name}" + (" x2" if times == 2 else "")] = ("aux", name, times)
    return out


def gen_engine(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = engine_moves(s, seat, d["max"], 0)
    if d.get("optional", True) or not opts:
        opts["skip"] = ("skip",)
    return opts


def gen_back(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    spaces = engine_back_exact(p.engine, occupied_by_others(s, seat), d["steps"])
    return {f"engine {sp}": ("back", sp, d["then"]) for sp in spaces}


def gen_bounce(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    return {f"engine {sp}": ("bounce", sp) for sp in engine_behind(p.engine, occupied_by_others(s, seat))}


def gen_extra(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    opts: Options = {f"engine {sp}": ("extra", sp)
                     for sp in engine_behind(p.engine, occupied_by_others(s, seat))}
    opts["skip"] = ("skip",)
    return opts


def gen_upgrade(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {}
    if can_upgrade(s, seat, d["station"]):
        opts["upgrade"] = ("upgrade_station", d["station"])
    opts["skip"] = ("skip",)
    return opts


def gen_disc(s: State, seat: int, d: dict[str, Any]) -> Options:
    black_ok = CITIES[d["city"]][1] if "city" in d else STATIONS[d["station"] + 1][3]
    exclude = d.get("station")
    choices = disc_options(s, seat, black_ok, s.players[seat].money, exclude)
    if not choices:
        return {"skip": ("skip",)}
    return {f"disc {c}": ("disc", c) for c in choices}


def gen_master(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    opts: Options = {f"appoint {t}": ("appoint", i, d["station"]) for i, t in enumerate(WORKER_TYPES)
                     if p.workers[i] >= 2}
    opts["skip"] = ("skip",)
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
        opts["discard jersey"] = ("discard", "jersey", reward)
    opts["skip"] = ("skip",)
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
            out[f"buy {' '.join(combo)} for {price}"] = ("purchase", list(combo), used, price)
    if cowboys >= 1 and s.market_stack:
        out["draw 2"] = ("market_draw",)
    return out


def gen_buy(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = _buy_options(s, seat, d["cowboys"])
    opts["done"] = ("done",)
    return opts


def gen_objective(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {k: ("objective", v[1], d["to"]) for k, v in objective_moves(s).items()}
    if d["optional"] or not opts:
        opts["skip"] = ("skip",)
    return opts


def gen_draw(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {f"draw {k}": ("draw", k) for k in range(1, d["max"] + 1)}
    opts["skip"] = ("skip",)
    return opts


def gen_discard(s: State, seat: int, d: dict[str, Any]) -> Options:
    hand = s.players[seat].hand
    if not hand:
        return {"skip": ("skip",)}
    return {f"discard {c}": ("discard_card", c) for c in sorted(set(hand))}


def gen_trash(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = {f"trash {c}": ("trash", c) for c in sorted(set(s.players[seat].hand))}
    opts["skip"] = ("skip",)
    return opts


def gen_aux(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts: Options = dict(aux_moves(s, seat, double=d["double"]))
    opts["skip"] = ("skip",)
    return opts


def gen_move(s: State, seat: int, d: dict[str, Any]) -> Options:
    opts = _walk_moves(s, seat, d["max"], free=True)
    opts["skip"] = ("skip",)
    return opts


def gen_foresight(s: State, seat: int, d: dict[str, Any]) -> Options:
    tiles = [t for t in s.foresight[d["col"]] if t is not None]
    if s.job_token >= JOB_ROWS:
        tiles = [t for t in tiles if t not in WORKER_TYPES]
    opts: Options = {f"pick {t}": ("pick", d["col"], t) for t in sorted(set(tiles))}
    return opts or {"skip": ("skip",)}


def gen_income(s: State, seat: int, d: dict[str, Any]) -> Options:
    p = s.players[seat]
    here = CERT_TRACK.index(p.cert)
    return {f"certs {p.cert - CERT_TRACK[i]}": ("income", CERT_TRACK[i]) for i in range(here, -1, -1)}


def gen_deliver(s: State, seat: int, d: dict[str, Any]) -> Options:
    return {f"deliver {c}": ("deliver", c) for c, (value, _b, _vp, multi) in CITIES.items()
            if value <= d["value"] and (multi or seat not in s.cities[c])}


GENERATORS: dict[str, Callable[[State, int, dict[str, Any]], Options]] = {
    "first": gen_first, "turn": gen_turn, "loc": gen_loc, "engine": gen_engine, "back": gen_back,
    "bounce": gen_bounce, "extra": gen_extra, "upgrade": gen_upgrade, "disc": gen_disc, "master": gen_master,
    "bonus": gen_bonus, "buy": gen_buy, "objective": gen_objective, "draw": gen_draw, "discard": gen_discard,
    "trash": gen_trash, "aux": gen_aux, "move": gen_move, "foresight": gen_foresight, "income": gen_income,
    "deliver": gen_deliver,
}

# ========================================================================================= applying


def apply(tx: Tx, action: tuple[Any, ...]) -> None:
    s = tx.s
    kind = action[0]
    if kind == "act":
        _apply_local(tx, action[1], action[2])
    elif kind == "aux_instead":
        top = s.stack[-1]
        s.stack[-1] = {**top, "aux": True, "any": True}
        _effect(tx, action[1])
    elif kind in ("done", "skip"):
        s.stack.pop()
    elif kind == "play":
        _play_objective(tx, action[1])
    else:
        top = s.stack.pop()
        _effect(tx, action, top)


def _apply_local(tx: Tx, index: int, payload: tuple[Any, ...]) -> None:
    s = tx.s
    top = s.stack[-1]
    s.stack[-1] = {**top, "used": [*top["used"], index], "any": True}
    _effect(tx, payload, s.stack[-1])


def _effect(tx: Tx, action: tuple[Any, ...], popped: dict[str, Any] | None = None) -> None:
    """Carry out one action; ``popped`` is the decision it answered (already off the stack) if any."""
    s, seat = tx.s, tx.s.current
    p = s.players[seat]
    kind = action[0]
    if kind == "walk":
        _walk(tx, action[1], action[2], action[3], popped)
    elif kind == "discard":
        p.hand.remove(action[1])
        p.discard.append(action[1])
        _reward(tx, action[2])
    elif kind == "pair":
        for c in action[1]:
            p.hand.remove(c)
            p.discard.append(c)
        p.money += action[2]
    elif kind == "money":
        p.money += action[1]
    elif kind == "certs":
        gain_certs(p, action[1])
    elif kind == "teepee_pairs":
        gain_certs(p, 2 * action[1])
        p.money += 2 * action[1]
    elif kind == "hire":
        _hire(tx, action[1], action[2], action[3])
    elif kind == "build":
        _build(tx, action[1], action[2], action[3])
    elif kind == "buy":
        s.stack.append(_decision("buy", cowboys=p.workers[0]))
    elif kind == "purchase":
        for c in action[1]:
            s.market.remove(c)
            p.discard.append(c)
        p.money -= action[3]
        left = popped["cowboys"] - action[2] if popped else 0
        if left > 0:
            s.stack.append(_decision("buy", cowboys=left))
    elif kind == "market_draw":
        for _ in range(2):
            if s.market_stack:
                s.market.append(s.market_stack.pop())
        tx.hidden = True
        s.market.sort(key=MARKET_ORDER.index)
        left = popped["cowboys"] - 1 if popped else 0
        if left > 0:
            s.stack.append(_decision("buy", cowboys=left))
    elif kind == "hazard":
        p.hazards.append(s.trail[action[1]] or "")
        s.trail[action[1]] = None
        p.money -= action[2]
    elif kind == "trade":
        p.teepees.append(s.trail[action[1]] or "")
        s.trail[action[1]] = None
        p.money += TEEPEE_SPACES[action[1]]
    elif kind == "engine":
        p.money -= action[2]
        _engine_to(tx, action[1])
    elif kind == "back":
        p.engine = action[1]
        then = action[2]
        _maybe_upgrade(tx, action[1])
        if then == "money3":
            p.money += 3
        elif then.startswith("cert"):
            gain_certs(p, int(then[4:]))
        elif then.startswith("trash"):
            s.stack.append(_decision("trash", n=int(then[5:])))
    elif kind == "bounce":
        p.engine = action[1]
        p.money += 3
        _maybe_upgrade(tx, action[1])
    elif kind == "extra":
        moved = numbered_spaces_between(action[1], p.engine, occupied_by_others(s, seat))
        p.engine = action[1]
        _maybe_upgrade(tx, action[1])
        s.stack.append(_decision("deliver", value=moved, extra=True))
    elif kind == "upgrade_station":
        p.money -= STATIONS[action[1] + 1][1]
        s.stack.append(_decision("disc", station=action[1]))
    elif kind == "disc":
        _place_disc(tx, action[1], popped or {})
    elif kind == "appoint":
        p.workers[action[1]] -= 1
        station = action[2]
        tile = s.masters[station] or ""
        s.masters[station] = None
        s.master_workers[station] = WORKER_TYPES[action[1]]
        p.masters.append(tile)
        upper = STATION_MASTERS[tile][0]
        if upper == "money2":
            p.money += 2
        elif upper == "hazard_or_trade":
            s.stack.append(_decision("bonus", what="hazard_or_trade"))
    elif kind == "objective":
        card = take_objective(tx, action[1])
        if card is not None:
            (p.hand if len(action) > 2 and action[2] == "hand" else p.discard).append(card)
    elif kind == "draw":
        drawn = draw_cards(tx, seat, action[1])
        if drawn:
            s.stack.append(_decision("discard", n=len(drawn)))
    elif kind == "discard_card":
        p.hand.remove(action[1])
        p.discard.append(action[1])
        if popped and popped["n"] > 1:
            s.stack.append(_decision("discard", n=popped["n"] - 1))
    elif kind == "trash":
        p.hand.remove(action[1])
        p.trashed.append(action[1])
        if popped and popped["n"] > 1:
            s.stack.append(_decision("trash", n=popped["n"] - 1))
    elif kind == "aux":
        _aux(tx, action[1], action[2])
    elif kind == "push":
        s.stack.append(action[1])
    elif kind == "copy":
        copied = _decision("loc", loc=action[1], tile=s.trail[action[1]], used=[], any=False, copy=True)
        s.stack.append(copied)
    elif kind == "pick":
        col = s.foresight[action[1]]
        col[col.index(action[2])] = None
        place_tile(tx, action[2])
    elif kind == "income":
        _income(tx, action[1])
    elif kind == "deliver":
        _deliver(tx, action[1], popped or {})
    else:
        raise AssertionError(f"unknown action {kind}")


def _reward(tx: Tx, reward: dict[str, int]) -> None:
    s = tx.s
    p = s.players[s.current]
    p.money += reward.get("money", 0)
    if reward.get("cert"):
        gain_certs(p, reward["cert"])
    if reward.get("engine"):
        s.stack.append(_decision("engine", max=reward["engine"]))
    if reward.get("objective_hand"):
        s.stack.append(_decision("objective", to="hand", optional=True))


def _walk(tx: Tx, dest: str, passed: list[str], free: bool, popped: dict[str, Any] | None) -> None:
    s, seat = tx.s, tx.s.current
    p = s.players[seat]
    if not free:
        for loc in [*passed, dest]:
            fee, owner = fee_for(s, seat, loc)
            paid = min(fee, p.money)
            if paid:
                p.money -= paid
                if owner is not None:
                    s.players[owner].money += paid
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
        for step in ("deliver", "income"):
            s.stack.append(_decision(step, value=0, extra=False) if step == "deliver" else _decision(step))
        for col in (2, 1, 0):
            s.stack.append(_decision("foresight", col=col))
        return
    s.stack.append(_decision("loc", loc=dest, tile=s.trail[dest], used=[], any=False))


def _play_objective(tx: Tx, card: str) -> None:
    s = tx.s
    p = s.players[s.current]
    p.hand.remove(card)
    p.objectives.append(card)
    action = OBJECTIVES[card][0]
    if action == "gain2":
        p.money += 2
    elif action == "aux":
        s.stack.append(_decision("aux", double=True))
    elif action == "draw":
        s.stack.append(_decision("draw", max=3))
    elif action.startswith("engine"):
        s.stack.append(_decision("engine", max=int(action[-1])))
    elif action == "move3":
        s.stack.append(_decision("move", max=3))


def _hire(tx: Tx, worker: str, row: int, cost: int) -> None:
    s = tx.s
    p = s.players[s.current]
    s.job_rows[row].remove(worker)
    p.money -= cost
    i = WORKER_TYPES.index(worker)
    p.workers[i] += 1
    bonus = WORKER_BONUS.get((worker, p.workers[i]))
    if bonus:
        s.stack.append(_decision("bonus", what=bonus))


def _build(tx: Tx, number: str, loc: str, cost: int) -> None:
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
        s.stack.append(_decision("bounce"))
    _maybe_upgrade(tx, space)


def _maybe_upgrade(tx: Tx, space: str) -> None:
    s = tx.s
    station = STATION_AT.get(space)
    if station is not None and s.current not in s.stations[station - 1]:
        s.stack.append(_decision("upgrade", station=station - 1))


def _place_disc(tx: Tx, choice: str, target: dict[str, Any]) -> None:
    s, seat = tx.s, tx.s.current
    p = s.players[seat]
    take_disc(tx, seat, choice)
    if "station" in target:
        i = target["station"]
        s.stations[i].append(seat)
        if i < len(s.masters) and s.masters[i] is not None:
            s.stack.append(_decision("master", station=i))
        return
    city = target["city"]
    first_here = seat not in s.cities[city]
    s.cities[city].append(seat)
    if city == "kansas-city":
        p.money += 6
    if first_here:
        for a, b, _vp, objective in ARROWS:
            if objective and city in (a, b) and seat in s.cities[b if city == a else a]:
                s.stack.append(_decision("objective", to="discard", optional=False))


def _aux(tx: Tx, name: str, times: int) -> None:
    s = tx.s
    p = s.players[s.current]
    if name == "money":
        p.money += times
    elif name == "draw":
        draw_cards(tx, s.current, times)
        need = min(times, len(p.hand))
        if need:
            s.stack.append(_decision("discard", n=need))
    elif name == "cert":
        p.money -= times
        s.stack.append(_decision("back", steps=times, then=f"cert{times}"))
    elif name == "engine":
        p.money -= times        # already paid: the move itself is no longer optional
        s.stack.append(_decision("engine", max=times, optional=False))
    elif name == "trash":
        s.stack.append(_decision("back", steps=times, then=f"trash{times}"))


def _income(tx: Tx, cert_after: int) -> None:
    s = tx.s
    p = s.players[s.current]
    used = p.cert - cert_after
    p.cert = cert_after
    total = breeding_value(p.hand) + permanent_certs(p) + used
    s.income = total
    p.money += total
    shown = ", ".join(p.hand) or "no cards"
    tx.log("income", f"Player {s.current + 1} revealed {shown} and earned ${total}.",
           seat=s.current, hand=list(p.hand), income=total)
    p.discard.extend(p.hand)
    p.hand.clear()
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i]["k"] == "deliver" and not s.stack[i]["extra"]:
            s.stack[i] = {**s.stack[i], "value": total}
            break


def _deliver(tx: Tx, city: str, decision: dict[str, Any]) -> None:
    s = tx.s
    p = s.players[s.current]
    if not decision.get("extra"):
        p.money -= transport_cost(p.engine, CITIES[city][0])
    s.stack.append(_decision("disc", city=city))


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
            tx.log("game_end", "The game is over.")
            return
        s.final_turns -= 1
    start_turn(tx, (seat + 1) % s.n)


def start_turn(tx: Tx, seat: int) -> None:
    s = tx.s
    s.current = seat
    s.turn += 1
    s.stack.append(_decision("end_turn"))
    s.stack.append(_decision("first" if s.players[seat].location is None else "turn"))
    tx.log("turn_start", f"Player {seat + 1}'s turn.", seat=seat)


def settle(tx: Tx) -> None:
    """Resolve what needs no choice: turn ends and decisions whose only option is to skip."""
    s = tx.s
    while not s.over:
        top = s.stack[-1]
        if top["k"] == "end_turn":
            end_turn(tx)
            continue
        opts = options(s)
        if len(opts) == 1 and (next(iter(opts)) in FORFEITABLE or top["k"] in AUTOMATIC):
            apply(tx, next(iter(opts.values())))
            continue
        if not opts:
            raise AssertionError(f"decision {top} has no options")
        break

