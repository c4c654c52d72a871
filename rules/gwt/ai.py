"""Great Western Trail computer player: every legal move scored in points from the view, best one played.

The plan it follows is a plain human one: hire cowboys early and buy the cattle the market offers (the
points and breeding value that make far deliveries possible); walk to the buildings whose actions pay
most for the hand it holds, discarding duplicate breeds for money so the hand refilled before Kansas
City is stronger (``rules.gwt.ai_hand``); build, move the engine and upgrade stations for their masters;
keep certificates to reach a better city than Kansas City and spend them all in the last turns; play an
objective card when its action and the freed hand slot outweigh the penalty it risks; and deliver to the
city worth most after transport costs.

Money is counted as ``MONEY`` points per dollar, falling towards the final 1 point per $5 as the job
market fills. Every other price is one of two sets of ``Weights``:

- ``PLAIN``, level 1's: it walks as far as suits its next stop and goes to Kansas City when the delivery
  pays most (about 45 points a two-player game against itself).
- ``TRIP_WISE``, the searching level's (its candidates and every seat's play in its sampled games). The
  game's clock is the job market, filled by the worker tiles each Kansas City visit brings, so the table
  gets about as many visits whatever is done on the way (some six a player at two players): it takes the
  trail slowly, stopping at the buildings rather than walking past them (``SKIP_LOSS``, a negative
  ``PROGRESS``), ends a trip only when the trail has nothing better (``TRIP_END``), and picks foresight
  tiles that are not workers. That calm is dropped while an opponent is ahead in visits (``hurry``):
  lingering then only hands the hurrying player the visits the game has left. Hired workers are worth
  the use left in them plus the points the fifth and sixth score; buildings their points plus the use
  left in their actions. These weights were tuned by self-play (a hill climb on the average score over a
  few hundred games per step: some 42 points before the trip-aware terms, 65 after).

Everything is read from the view (own hand, public board and player areas) and the static game data in
``rules.gwt.content`` and ``rules.gwt.graph``; nothing is looked up in the engine's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules.core.rng import Rng
from rules.gwt import actions as do
from rules.gwt.ai_hand import breeding_value, card_keep, cycle_gain, draw_gain, draw_odds
from rules.gwt.content import (
    ARROWS,
    BUILDINGS,
    CATTLE,
    CERT_TRACK,
    CITIES,
    COWBOY_TABLE,
    DISC_SPACES,
    HAND_FEES,
    HAZARD_TYPES,
    JOB_COSTS,
    NEUTRAL_BUILDINGS,
    OBJECTIVES,
    RISKS,
    STATIONS,
    TEEPEE_SPACES,
    TRACK_INDEX,
    WOODS,
    hazard_vp,
)
from rules.gwt.graph import KC, KIND, transport_cost

MONEY = 0.65            # points per dollar while the game runs
FINAL_DOLLAR = 0.2      # ... and at the end: 1 point per $5
KEEP_NEAR = 0.02        # per city value: only a tie-break, transport costs matter far more
CERT_WORTH = 2.5        # a temporary certificate kept for a later delivery
BREED_BASE = 0
COWBOY_USE = 0.5        # a cowboy spent on one purchase is not there for the next
USE_SCALE = 1.0         # how much a building's actions count beside its printed points
FORESIGHT_OTHER = 0.5   # foresight: a teepee or a hazard for the trail
AUX_DRAW = 0.5          # an auxiliary draw-and-discard: a fresh look for Kansas City
# The trip-wise pace (``Weights.calm``):
PROGRESS = -0.5         # each step walked along the trail: a long walk leaves stops unused
TRIP_END = 8.0          # ending a trip at Kansas City: the stops it could still have made
SKIP_LOSS = 1.0         # share of the actions of a building walked past that counts as lost
RUSH = 0.25             # each step walked while hurrying (see ``hurry``), and always at the plain pace
# How much it hurries per visit an opponent is ahead, by player count: fully from one visit behind at
# three and four players (the search over it won 85% of 20 four-player games against level 1 so, 50%
# hurrying half; bench/ai.py).
PACE = {2: 0.5, 3: 1.0, 4: 1.0}


@dataclass(frozen=True)
class Weights:
    """The prices that differ between the two heuristics (see the module docstring)."""

    calm: bool                # the trip-wise pace: stops on the trail before the trip ends
    cert_fade: float          # a kept certificate is worth this share less by the end of the game
    engine_step: float        # one space forward on the railroad
    hand_gain: float          # per breeding value a discard is expected to add to the next Kansas City hand
    worker_scale: float       # how keen it is on hiring
    worker_fade: float        # a worker hired late has fewer turns left to work
    worker_vp: float          # the fifth and sixth worker of a type score 4 points each at the end
    breed_weight: float       # points per breeding value of a bought card above BREED_BASE
    unmet_risk: float         # how surely an objective card's missing tasks turn into its penalty
    master_worth: float       # a station master tile (certificate or money, plus end-game points)
    use_fade: float           # a building's actions: fewer turns left to use them late in the game
    foresight_worker: float   # foresight: a worker tile for the job market (brings the game's end nearer)
    aux_trash: float          # an auxiliary removal of a card (the engine pays a step back)
    worker_worth: dict[str, dict[int, float]]  # the next worker of a type, by how many it has now (1..5)
    disc_worth: dict[str, float]  # taking a disc off the player board: what it unlocks


PLAIN = Weights(
    calm=False, cert_fade=0.6, engine_step=0.55, hand_gain=0.3, worker_scale=0.7, worker_fade=0.0,
    worker_vp=0.0, breed_weight=0.8, unmet_risk=1.5, master_worth=6.0, use_fade=0.0, foresight_worker=1.0,
    aux_trash=0.6,
    worker_worth={
        "engineer": {1: 5.0, 2: 4.5, 3: 3.5, 4: 4.0, 5: 4.0},
        "cowboy": {1: 10.0, 2: 9.0, 3: 8.0, 4: 7.0, 5: 6.0},
        "craftsman": {1: 4.0, 2: 3.5, 3: 3.0, 4: 3.5, 5: 3.5},
    },
    disc_worth={
        "cert4": 3.0, "money": 2.5, "engine": 2.2, "draw": 1.2, "cert": 1.5, "trash": 1.0,
        "step-money": 5.5, "step-vp": 5.0, "hand": 7.0, "cert6": 3.0,
    },
)
# The engine step is low: runs without money for stations waste it.
TRIP_WISE = Weights(
    calm=True, cert_fade=0.94, engine_step=0.26, hand_gain=0.24, worker_scale=1.4, worker_fade=0.8,
    worker_vp=4.0, breed_weight=1.0, unmet_risk=1.4, master_worth=9.6, use_fade=0.48, foresight_worker=0.0,
    aux_trash=0.58,
    worker_worth={
        **PLAIN.worker_worth,
        "engineer": {1: 6.2, 2: 5.6, 3: 4.4, 4: 5.0, 5: 5.0},
        "craftsman": {1: 3.2, 2: 2.8, 3: 2.4, 4: 2.8, 5: 2.8},
    },
    disc_worth={**PLAIN.disc_worth, "step-vp": 8.0, "hand": 2.52},
)

# What a building's actions are worth to its owner over the game, beyond its printed points.
BUILDING_USE = {
    "1a": 3.0, "2a": 4.5, "3a": 3.5, "4a": 4.0, "5a": 5.0, "6a": 4.0, "7a": 2.5, "8a": 4.5, "9a": 5.0,
    "10a": 5.0, "1b": 3.0, "2b": 4.0, "3b": 4.0, "4b": 4.0, "5b": 4.5, "6b": 3.5, "7b": 3.5, "8b": 4.0,
    "9b": 4.5, "10b": 5.0,
}

# --- what means are worth while the game runs (shared with the search's cut-off value) ----------------
def game_progress(job_token: int) -> float:
    """How far the game has run, 0 to 1, read from the job market token's row (0-based: the game's clock)."""
    return min(1.0, max(0.0, (job_token - 1) / (len(JOB_COSTS) - 2)))


def dollar_worth(progress: float) -> float:
    """Points per dollar: ``MONEY`` early, falling towards the final 1 point per $5."""
    return FINAL_DOLLAR + (MONEY - FINAL_DOLLAR) * (1 - progress)


def cert_worth(w: Weights, progress: float, final: bool) -> float:
    """A temporary certificate kept: worth less as fewer deliveries remain, nothing in the last turns."""
    return 0.0 if final else CERT_WORTH * (1 - w.cert_fade * progress)


def worker_use(w: Weights, worker: str, have: int, progress: float) -> float:
    """What the next worker of a type (the player having ``have``) does for it over the rest of the game."""
    return w.worker_scale * w.worker_worth[worker][have] * (1 - w.worker_fade * progress)


def building_use(w: Weights, code: str, progress: float) -> float:
    """What a building's actions are worth to its owner over the rest of the game."""
    return USE_SCALE * BUILDING_USE.get(code, 3.5) * (1 - w.use_fade * progress)


@dataclass
class Table:
    """What the viewer knows, in the shapes the scores need."""

    seat: int
    players: int
    me: dict[str, Any]
    hand: list[str]
    trail: dict[str, str | None]
    cities: dict[str, list[int]]
    job_rows: list[list[str]]
    token_row: int
    market: list[str]
    stations: list[dict[str, Any]]
    final: bool
    w: Weights = PLAIN

    @classmethod
    def from_view(cls, view: dict[str, Any], w: Weights = PLAIN) -> Table:
        seat = view["viewer"]
        b = view["board"]
        return cls(seat, view["players"], view["seats"][seat], list(view.get("hand", [])), dict(b["trail"]),
                   {c: list(s) for c, s in b["cities"].items()}, [list(r) for r in b["job_market"]["rows"]],
                   b["job_market"]["token_row"], list(b["cattle_market"]), list(b["stations"]),
                   b.get("final_turns") is not None, w)

    # --- the viewer's own area ---------------------------------------------------------------------
    @property
    def money(self) -> int:
        return int(self.me["money"])

    @cached_property
    def progress(self) -> float:
        return game_progress(self.token_row - 1)

    @property
    def dollar(self) -> float:
        return dollar_worth(self.progress)

    @property
    def cert(self) -> float:
        return cert_worth(self.w, self.progress, self.final)

    def workers(self, kind: str) -> int:
        return int(self.me["workers"][kind])

    def cleared(self, space: str) -> int:
        return DISC_SPACES[space][0] - int(self.me["discs"][space])

    def engine_index(self) -> int:
        return TRACK_INDEX[self.me["engine"]]

    def certs(self) -> int:
        return int(self.me["certificates"])

    def cattle_in_hand(self) -> list[str]:
        return [c for c in self.hand if c in CATTLE]

    def own_buildings(self) -> list[str]:
        tag = f"@{self.seat}"
        return [loc for loc, t in self.trail.items() if t is not None and t.endswith(tag)]


# --- deliveries ---------------------------------------------------------------------------------------
def city_points(t: Table, city: str) -> float:
    """Points of putting a disc on ``city`` now: its own points, arrows it completes, transport costs."""
    value, _black, vp, multi = CITIES[city]
    if not multi and t.seat in t.cities[city]:
        return float("-inf")
    points = float(vp) + KEEP_NEAR * value        # on a tie, keep the near cities for weaker hands
    if city == "kansas-city":
        points += 6 * t.dollar
    first_here = t.seat not in t.cities[city]
    for a, b, arrow_vp, objective in ARROWS:
        if first_here and city in (a, b) and t.seat in t.cities[b if city == a else a]:
            points += arrow_vp + (0.5 if objective else 0.0)
    return points - t.dollar * transport_cost(t.me["engine"], value)


def best_delivery(t: Table, total: int) -> float:
    return max(city_points(t, c) for c, (value, *_r) in CITIES.items() if value <= total)


def income_total(t: Table, extra_certs: int) -> int:
    return breeding_value(t.hand) + int(t.me["permanent_certificates"]) + extra_certs


def kansas_city_worth(t: Table) -> float:
    """Walking to Kansas City now: income and the best delivery, spending certificates as well as possible,
    less the trip's end (every visit brings workers to the job market, the game's clock, so the turns
    spent on the trail before it are what the game has to offer)."""
    best = float("-inf")
    trip_end = TRIP_END * (1 - hurry(t))  # none at the plain weights, which always hurry
    for used in range(t.certs() + 1):
        total = income_total(t, used)
        best = max(best, total * t.dollar + best_delivery(t, total) - used * t.cert - trip_end)
    return best


def visits(t: Table, seat: int) -> int:
    """Kansas City visits a seat has made: each one put a disc on a city."""
    return sum(seats.count(seat) for seats in t.cities.values())


def hurry(t: Table) -> float:
    """0 (calm) to 1 (racing): how far the busiest opponent is ahead in Kansas City visits (always racing
    at the plain pace). A calm player against one that walks straight to Kansas City made some 1.5 visits
    a game fewer, and the visits it left are points for the other."""
    if not t.w.calm:
        return 1.0
    gap = max(visits(t, s) for s in range(t.players) if s != t.seat) - visits(t, t.seat)
    return min(1.0, max(0.0, PACE[t.players] * gap))


def hand_change(t: Table, cards: list[str]) -> float:
    """Points of discarding ``cards`` on the trail: the hand refilled from the deck before Kansas City."""
    return t.w.hand_gain * cycle_gain(t.me, t.hand, cards)


# --- single actions -------------------------------------------------------------------------------------
def hire_worth(t: Table, worker: str, cost: int) -> float:
    """A worker's use over the rest of the game, plus the points the fifth and sixth score at the end."""
    have = t.workers(worker)
    if have >= 6:
        return float("-inf")
    return worker_use(t.w, worker, have, t.progress) + (t.w.worker_vp if have >= 4 else 0.0) - cost * t.dollar


def best_hire(t: Table, modifier: int) -> float:
    best = 0.0
    for r in range(min(t.token_row - 1, len(t.job_rows))):
        cost = JOB_COSTS[r] + modifier
        if cost > t.money:
            continue
        for worker in set(t.job_rows[r]):
            best = max(best, hire_worth(t, worker, cost))
    return best


def building_worth(t: Table, code: str) -> float:
    """A building's printed points, and its actions' worth over the rest of the game."""
    return BUILDINGS[code][1] + building_use(t.w, code, t.progress)


def best_build(t: Table, per: int) -> float:
    best = 0.0
    for code in t.me["buildings_available"]:
        need = BUILDINGS[code][0]
        if need <= t.workers("craftsman") and need * per <= t.money:
            best = max(best, building_worth(t, code) - need * per * t.dollar)
    return best


def cattle_worth(t: Table, card: str) -> float:
    """A bought card: its points at the end, and what its breeding value adds to deliveries."""
    _breed, value, vp = CATTLE[card]
    return vp + t.w.breed_weight * (value - BREED_BASE)


def best_purchase(t: Table, cowboys: int) -> float:
    best = 0.0
    for value, count, used, price in COWBOY_TABLE:
        if used > cowboys or price > t.money:
            continue
        cards = [c for c in t.market if CATTLE[c][1] == value]
        cards.sort(key=lambda c: cattle_worth(t, c), reverse=True)
        if len(cards) >= count:
            best = max(best, sum(cattle_worth(t, c) for c in cards[:count]) - price * t.dollar - 1.0 * count)
    return best


def hazard_worth(t: Table, tile: str | None, cost: int) -> float:
    return (hazard_vp(tile) + 0.5 - cost * t.dollar) if tile else float("-inf")


def best_hazard(t: Table, cost: int) -> float:
    if cost > t.money:
        return 0.0
    tiles = [tile for loc, tile in t.trail.items() if tile and KIND.get(loc) == "hazard"]
    return max([0.0, *(hazard_worth(t, tile, cost) for tile in tiles)])


def teepee_worth(t: Table, loc: str) -> float:
    value = TEEPEE_SPACES[loc]
    return value * t.dollar + 0.8 if t.money + value >= 0 else float("-inf")


def best_trade(t: Table) -> float:
    return max([0.0, *(teepee_worth(t, loc) for loc in TEEPEE_SPACES if t.trail.get(loc))])


def engine_worth(t: Table, steps: int) -> float:
    return t.w.engine_step * steps if t.engine_index() < TRACK_INDEX["39"] else 0.0


def aux_worth(t: Table, name: str) -> float:
    """One auxiliary action: a certificate costs a dollar and a step back on the railroad, an engine step a
    dollar."""
    return {"money": t.dollar, "draw": AUX_DRAW, "cert": t.cert - t.dollar - t.w.engine_step,
            "engine": t.w.engine_step - t.dollar, "trash": t.w.aux_trash}.get(name, 0.2)


def best_aux(t: Table, double: bool) -> float:
    best = aux_worth(t, "money") * (2 if double and t.cleared("money") else 1)
    for name in ("draw", "cert", "engine", "trash"):
        if t.cleared(name) >= 1:
            times = 2 if double and t.cleared(name) >= 2 else 1
            best = max(best, aux_worth(t, name) * times)
    return best


def action_worth(t: Table, act: tuple[Any, ...]) -> float:
    """Rough points one local action of a building is worth now (for choosing where to walk)."""
    kind = act[0]
    hand = t.hand
    if kind == "discard":
        offer = do.as_local_discard(act)
        card, reward = offer.card, offer.reward
        if card not in hand:
            return 0.0
        return reward.get("money", 0) * t.dollar + reward.get("cert", 0) * t.cert + reward.get(
            "engine", 0) * t.w.engine_step + hand_change(t, [card])
    if kind == "pair":
        cattle = t.cattle_in_hand()
        pairs = [[a, b] for i, a in enumerate(cattle) for b in cattle[i + 1:] if CATTLE[a][0] == CATTLE[b][0]]
        money = do.as_local_pair(act).money
        return money * t.dollar + max(hand_change(t, p) for p in pairs) if pairs else 0.0
    if kind == "hire":
        return best_hire(t, do.as_local_hire(act).modifier)
    if kind == "build":
        return best_build(t, do.as_local_build(act).per_craftsman)
    if kind == "buy":
        return best_purchase(t, t.workers("cowboy"))
    if kind == "hazard":
        return best_hazard(t, do.as_local_hazard(act).cost)
    if kind == "engine":
        n = do.as_local_engine(act).spaces
        steps = n if isinstance(n, int) else t.workers("engineer") if n == "engineers" else (
            sum(1 for b in t.own_buildings() if b in WOODS))
        return engine_worth(t, steps)
    if kind == "cert_or_objective":
        return t.cert if t.certs() < int(t.me["certificate_limit"]) else 0.0
    if kind == "trade_or_engine":
        return max(best_trade(t), engine_worth(t, 2) - 2 * t.dollar if t.money >= 2 else 0.0)
    if kind in ("aux2", "trade_or_aux2"):
        return max(best_aux(t, True), best_trade(t) if kind == "trade_or_aux2" else 0.0)
    if kind == "woods":
        return 2 * t.dollar * sum(1 for b in t.own_buildings() if b in WOODS)
    if kind == "engineer_money":
        return t.dollar * t.workers("engineer")
    if kind == "money":
        return t.dollar * do.as_local_money(act).amount
    if kind == "cert_max":
        return t.cert * (CERT_TRACK.index(int(t.me["certificate_limit"])) - CERT_TRACK.index(t.certs()))
    if kind == "teepee_pairs":
        teepees: list[str] = t.me["teepees"]
        sets = min(teepees.count("teepee-green"), teepees.count("teepee-blue"))
        return 2 * (2 * t.cert + 2 * t.dollar) * sets
    if kind == "move":
        return 0.5
    if kind == "risk":
        offer_risk = do.as_risk(act)
        card, cert, money = offer_risk.card, offer_risk.cert, offer_risk.money
        ok = ("jersey" in hand) if card == "jersey" else bool(t.cattle_in_hand())
        return cert * t.cert + money * t.dollar if ok else 0.0
    return 0.3


def tile_actions(t: Table, loc: str | None) -> tuple[tuple[Any, ...], ...]:
    """The local actions the viewer may use on ``loc``: a neutral building's, or its own building's with
    the space's risk action; none elsewhere."""
    tile = t.trail.get(loc) if loc else None
    if tile in NEUTRAL_BUILDINGS:
        return NEUTRAL_BUILDINGS[tile]
    if tile and tile.endswith(f"@{t.seat}"):
        acts = BUILDINGS[tile.split("@")[0]][3]
        return (*acts, do.risk(*RISKS[loc])) if loc in RISKS else acts
    return ()


def here_actions(t: Table) -> tuple[tuple[Any, ...], ...]:
    """The local actions of the tile the viewer's cattleman stands on."""
    return tile_actions(t, t.me["location"])


def location_worth(t: Table, loc: str) -> float:
    """Points of ending the walk on ``loc``: its local actions (or one auxiliary action), or Kansas City."""
    if loc == KC:
        return kansas_city_worth(t)
    return max(best_aux(t, False), sum(max(0.0, action_worth(t, a)) for a in tile_actions(t, loc)))


def fee_of(t: Table, loc: str) -> float:
    """Points lost passing ``loc``: its hand fees, dearer when they go to an opponent."""
    tile = t.trail.get(loc)
    if not tile or loc == KC:
        return 0.0
    fees = HAND_FEES[t.players]
    if "@" in tile:
        code, owner = tile.split("@")
        if int(owner) == t.seat:
            return 0.0
        return sum(fees[h] for h in BUILDINGS[code][2]) * t.dollar * 1.5
    if tile.startswith(("teepee", *HAZARD_TYPES)):
        if tile.startswith("teepee"):
            hands = "g" if tile == "teepee-green" else "b"
        else:
            hands = tile.split("-")[1][1]
        return sum(fees[h] for h in hands) * t.dollar
    return 0.0


def walk_worth(t: Table, move: str, free: bool = False) -> float:
    words = move.split(" ")
    dest = words[1]
    passed = words[3:] if len(words) > 2 and words[2] == "via" else []
    fees = 0.0 if free else min(t.money * t.dollar, sum(fee_of(t, loc) for loc in [*passed, dest]))
    h = hurry(t)
    steps = (PROGRESS * (1 - h) + RUSH * h) * (len(passed) + 1)
    skipped = SKIP_LOSS * (1 - h) * skipped_worth(t, passed) if h < 1 else 0.0
    return location_worth(t, dest) - fees + steps - skipped


def skipped_worth(t: Table, passed: list[str]) -> float:
    """The local actions walked past: the cattleman does not come back to them before Kansas City, and
    the number of Kansas City visits (the game's clock) does not depend on how many stops it makes."""
    return sum(max(0.0, action_worth(t, a)) for loc in passed for a in tile_actions(t, loc))


# --- each decision ----------------------------------------------------------------------------------
def score(t: Table, kind: str, move: str) -> float:
    words = move.split(" ")
    verb = words[0]
    if verb in ("skip", "done"):
        return 0.0
    if verb == "play":
        return play_worth(t, words[1])
    if verb == "move":
        return walk_worth(t, move, free=kind == "first") if kind != "move" else -1.0
    if kind == "deliver":
        return city_points(t, words[1].replace("_", "-"))
    if kind == "income":
        used = int(words[1])
        total = income_total(t, used)
        return total * t.dollar + best_delivery(t, total) - used * t.cert
    if kind == "foresight":
        return foresight_worth(t, words[1])
    if verb == "engine":
        return engine_target(t, kind, words[1])
    if kind == "extra":
        return 0.0
    if kind == "upgrade":
        return 1.0
    if kind == "disc":
        return disc_worth(t, words[1:])
    if kind == "master":
        return t.w.master_worth - (t.w.worker_worth[words[1]][t.workers(words[1]) - 1] * 0.6)
    if kind == "buy":
        return purchase_worth(t, words) if verb == "buy" else -0.3
    if kind == "objective":
        return objective_worth(t, words[1])
    if kind in ("discard", "trash"):
        return cast_off_worth(t, kind, words[1])
    if kind == "draw":
        return 0.2 * int(words[1])
    return local_move_worth(t, kind, words)


def foresight_worth(t: Table, tile: str) -> float:
    """A worker tile taken brings the end of the game a step nearer; hazards and teepees do not."""
    return t.w.foresight_worker if tile in t.w.worker_worth else FORESIGHT_OTHER


def engine_target(t: Table, kind: str, space: str) -> float:
    """Forward: the further the better, and a station turnout it can afford to upgrade is a prize."""
    steps = TRACK_INDEX[space] - t.engine_index()
    points = t.w.engine_step * steps if kind in ("engine", "loc") else 0.05 * steps
    for n, (sid, cost, vp, _black, has_master) in STATIONS.items():
        if sid == space and t.seat not in t.stations[n - 1]["discs"] and cost <= t.money:
            master = t.w.master_worth if has_master and t.stations[n - 1]["master"] else 0.0
            points += vp + master + 1.5 - cost * t.dollar
    return points


def disc_worth(t: Table, words: list[str]) -> float:
    if words[0] == "station":
        return -STATIONS[int(words[1])][2] - 1.0
    space = words[0]
    worth = t.w.disc_worth[space]
    if space == "cert6" and t.cleared("cert4") == 0:
        worth = 0.5
    if space == "hand":                 # a fifth (sixth) card in hand costs $5
        worth -= 5 * t.dollar
    return worth + (0.0 if DISC_SPACES[space][1] else 1.0)   # dark discs fit fewer spaces: use them first


def purchase_worth(t: Table, words: list[str]) -> float:
    if words[:2] == ["buy"] and len(words) == 1:
        return 0.0
    if "for" not in words:
        return 0.0
    cards = words[1:words.index("for")]
    price = int(words[-1])
    value = CATTLE[cards[0]][1]
    used = min(u for v, n, u, p in COWBOY_TABLE if (v, n, p) == (value, len(cards), price))
    return sum(cattle_worth(t, c) for c in cards) - price * t.dollar - 1.0 * len(cards) - COWBOY_USE * used


def objective_worth(t: Table, card: str) -> float:
    """Taking an objective card: in the deck it scores at the end if met, so what counts is how much of
    it the viewer's items already meet (items the committed cards need are spoken for)."""
    if card == "stack":
        return 0.3
    _action, tasks, vp, _penalty = OBJECTIVES[card]
    spare = spare_items(t)
    met = 0
    for task in tasks:
        if spare.get(task, 0) > 0:
            spare[task] -= 1
            met += 1
    return vp * met / len(tasks) - 0.8


def spare_items(t: Table) -> dict[str, int]:
    """Task items the viewer has (cattle counted from hand and discard pile, the deck being hidden in
    order) minus those the objective cards already in its objective area need."""
    owned = [c for c in [*t.hand, *t.me["discard_pile"]] if c in CATTLE]
    teepees = t.me["teepees"]
    items = {
        "b": len(t.own_buildings()),
        "s": sum(1 for st in t.stations if t.seat in st["discs"]),
        "h": len(t.me["hazards"]),
        "g": teepees.count("teepee-green"),
        "bl": teepees.count("teepee-blue"),
        "sf": t.cities["san-francisco"].count(t.seat),
        **{str(v): sum(1 for c in owned if CATTLE[c][1] == v) for v in (3, 4, 5)},
    }
    for committed in t.me["objectives"]:
        for task in OBJECTIVES[committed][1]:
            items[task] = items.get(task, 0) - 1
    return items


def play_worth(t: Table, card: str) -> float:
    """Playing an objective card from the hand: its immediate action and a hand slot freed for cattle,
    against the penalty it risks once committed (left in the deck it scores if met and costs nothing)."""
    action, tasks, _vp, penalty = OBJECTIVES[card]
    spare = spare_items(t)
    missing = 0
    for task in tasks:
        spare[task] = spare.get(task, 0) - 1
        missing += spare[task] < 0
    risk = penalty * min(1.0, t.w.unmet_risk * missing / len(tasks))
    rest = [c for c in t.hand if c != card]
    slot = t.w.hand_gain * draw_gain(draw_odds(t.me, t.hand), rest)
    return 0.5 + slot - risk + {"gain2": 2 * t.dollar, "aux": best_aux(t, True), "draw": 0.5,
                                "engine2": 2 * t.w.engine_step, "engine3": 3 * t.w.engine_step,
                                "move3": 0.3}.get(action, 0.0)


def cast_off_worth(t: Table, kind: str, card: str) -> float:
    """Discard (after drawing) the card the hand misses least; remove only Jerseys from the game."""
    if kind == "trash":
        return 0.5 if card == "jersey" else -1.0
    if card in OBJECTIVES:
        return 0.5
    return -card_keep(card, t.hand) - 0.1 * CATTLE[card][1]


def local_move_worth(t: Table, kind: str, words: list[str]) -> float:
    """Phase B actions, bonus actions and auxiliary actions, each move on its own."""
    verb = words[0]
    acts = here_actions(t) if kind == "loc" else ()
    if verb in ("discard", "risk"):
        card = words[1]
        loss = -hand_change(t, [card]) if card in t.hand else 0.0
        if kind == "bonus":
            return 1.5 - loss
        for act in acts:
            if verb == "risk" and act[0] == "risk":
                offer = do.as_risk(act)
                return offer.cert * t.cert + offer.money * t.dollar - loss
            if verb == "discard" and act[0] == "discard" and do.as_local_discard(act).card == card:
                return action_worth(t, act)
            if verb == "discard" and act[0] == "objective_cert" and card in OBJECTIVES:
                return 2 * t.cert - 0.5
            if verb == "discard" and act[0] == "any_objective" and card in CATTLE:
                return 3 * t.dollar - loss
        return t.dollar - loss
    if verb == "pair":
        money = max([3, *(do.as_local_pair(a).money for a in acts if a[0] == "pair")])
        cards = words[1:] if len(words) > 2 else [words[1], words[1]]
        return money * t.dollar + hand_change(t, cards)
    if verb == "hire":
        worker, row = words[1], int(words[2])
        modifier = -2 if kind == "bonus" else -1 if any(a == ("hire", -1) for a in acts) else 0
        return hire_worth(t, worker, JOB_COSTS[row - 1] + modifier)
    if verb == "build":
        code, loc = words[1], words[2]
        need = BUILDINGS[code][0]
        old = t.trail.get(loc)
        if old and "@" in old:
            old_code = old.split("@")[0]
            per = 1 if kind == "bonus" else 2
            extra = need - BUILDINGS[old_code][0]
            return building_worth(t, code) - building_worth(t, old_code) - per * t.dollar * extra
        per = 1 if kind == "bonus" else 2
        return building_worth(t, code) - per * need * t.dollar + spot_worth(t, code, loc)
    if verb == "buy":
        return best_purchase(t, t.workers("cowboy")) if len(words) == 1 else purchase_worth(t, words)
    if verb == "remove":
        price = max([0, *(do.as_local_hazard(a).cost for a in acts if a[0] == "hazard")])
        return hazard_worth(t, t.trail.get(words[1]), price)
    if verb == "trade":
        return teepee_worth(t, words[1])
    if verb == "cert":
        return t.cert if t.certs() < int(t.me["certificate_limit"]) else 0.0
    if verb == "objective":
        return -0.5
    if verb == "aux":
        times = 2 if words[-1] == "x2" else 1
        return aux_worth(t, words[1]) * times
    if verb in ("woods", "engineers", "teepees", "gain", "certs"):
        return 1.0
    if verb == "upgrade":
        return 2.0
    if verb == "copy":
        return 0.8
    if verb == "extra":
        return -1.0
    if verb == "back":
        return 3 * t.dollar - t.w.engine_step
    return 0.1


def spot_worth(t: Table, code: str, loc: str) -> float:
    """Where to build: woods for the woods buildings, and places on the short paths everybody walks."""
    bonus = 0.6 if loc in WOODS and code in ("1a", "7b") else 0.0
    return bonus + (0.2 if not loc.startswith(("FLOOD", "DROUGHT", "ROCKFALL", "TRADE")) else 0.0)


def scores(view: dict[str, Any], legal: Sequence[str], w: Weights) -> list[float]:
    """The score of each legal move at the weights ``w``."""
    t = Table.from_view(view, w)
    kind = view["decision"]["kind"] if view.get("decision") else ""
    return [score(t, kind, m) for m in legal]


def best_move(view: dict[str, Any], legal: Sequence[str], rng: Rng, w: Weights) -> str:
    """The legal move with the best score at the weights ``w``; ties broken by the seeded ``rng``."""
    points = scores(view, legal, w)
    best = max(points)
    top = [m for m, s in zip(legal, points, strict=True) if s >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


def heuristic_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Level 1: the best move at the plain weights."""
    return best_move(view, legal, rng, PLAIN)


def trip_wise_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """The searching level's heuristic (its candidates and every seat's play in its sampled games)."""
    return best_move(view, legal, rng, TRIP_WISE)


PLAYERS = {1: heuristic_player}
