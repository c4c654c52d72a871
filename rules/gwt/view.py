"""What one seat (or a spectator) may see: the whole table, each player's public area, the own hand."""

from __future__ import annotations

from string import Formatter
from typing import Any, TypedDict

from rules.core.protocol import Decision, View
from rules.core.texts import Said, said
from rules.gwt.board import cert_limit, hand_limit, permanent_certs, side_of, step_limit
from rules.gwt.content import JOB_COSTS, STATIONS
from rules.gwt.options import location_actions
from rules.gwt.state import State
from rules.gwt.words import BONUSES, SKIPS, card, place, plural, say_card, say_place


class Workers(TypedDict):
    cowboy: int
    craftsman: int
    engineer: int


class PlayerArea(TypedDict):
    """One seat's public player board."""

    seat: int
    money: int
    certificates: int
    certificate_limit: int
    permanent_certificates: int
    workers: Workers
    discs: dict[str, int]
    buildings_available: list[str]
    objectives: list[str]
    hazards: list[str]
    teepees: list[str]
    station_masters: list[str]
    location: str | None
    engine: str
    job_market_token: bool
    hand_size: int
    draw_stack_size: int
    discard_pile: list[str]
    removed_cards: list[str]
    replaced_buildings: list[str]
    step_limit: int
    hand_limit: int


class Station(TypedDict):
    station: int
    space: str
    discs: list[int]
    master: str | None
    master_worker: str | None


class JobMarket(TypedDict):
    rows: list[list[str]]
    costs: list[int]
    token_row: int


class Board(TypedDict):
    """The table between the players: the trail, the railroad, the markets, the Kansas City supply."""

    trail: dict[str, str | None]
    stations: list[Station]
    cities: dict[str, list[int]]
    job_market: JobMarket
    cattle_market: list[str]
    cattle_stack_size: int
    supply_sizes: list[int]
    foresight: list[list[str | None]]
    objective_display: list[str]
    objective_stack_size: int
    removed_tiles: list[str]
    final_turns: int | None


class Options(TypedDict):
    neutral: str
    building_sides: str
    sides: str


class GwtTableView(View):
    """What everybody sees: a spectator's view."""

    turn: int
    current: int
    options: Options
    board: Board
    pending: list[dict[str, Any]]
    income: int
    seats: list[PlayerArea]


class GwtView(GwtTableView, total=False):
    """What one seat (or a spectator) sees: a seat's own view adds its ``hand``."""

    hand: list[str]


PROMPTS = {
    "first": "place the cattleman on any neutral building",
    "turn": "move the cattleman (phase A); objective cards may be played first",
    "loc": "use the local actions of {loc} in any order, or one single auxiliary action; then end phase B",
    "loc_copy": "use the copied local actions of {loc} in any order; then end phase B",
    "loc_aux": "{loc} offers you no local action: one single auxiliary action, or end phase B",
    "engine": "move the engine forward up to {max} spaces, or {skip}",
    "back": "move the engine exactly {steps} spaces backwards",
    "bounce": "move the engine back from space 39 to any free space (gain $3)",
    "extra": "extraordinary delivery: move the engine backwards, or {skip}",
    "upgrade": "upgrade station {station1}, or {skip}",
    "disc": "choose the disc to place",
    "master": "appoint a worker as station master, or {skip}",
    "bonus": "use the immediate action ({what}), or {skip}",
    "buy": "buy cattle with your {cowboys_left}, draw 2 cards into the market, or {skip}",
    "objective": "take an objective card",
    "draw": "draw up to {max} cards (then discard as many)",
    "discard": "discard {cards}",
    "trash": "remove up to {cards} from the game",
    "aux": "one single or double auxiliary action, or {skip}",
    "move": "move the cattleman up to {max} steps without fees, or {skip}",
    "foresight": "Kansas City: choose a tile of foresight column {col1}",
    "income": "Kansas City: choose how many temporary certificates to add to the income",
    "deliver": "Kansas City: choose the city to deliver to (breeding value {value})",
    "end_turn": "end the turn: your hand is refilled and the next player goes on",
}


def decision_words(s: State) -> Decision | None:
    base = decision_kind(s)
    if base is None:
        return None
    d = s.stack[-1]
    fields = {**d, "col1": d.get("col", 0) + 1, "station1": d.get("station", 0) + 1,
              "what": BONUSES.get(d.get("what", ""), "?"), "loc": place(d.get("loc", "?")),
              "skip": SKIPS.get(d["k"], "?"),
              "cards": plural(d.get("n", 0), "card"),
              "cowboys_left": plural(d.get("cowboys", 0), "unused cowboy")}
    kind = d["k"]
    if kind == "loc" and d.get("copy"):
        kind = "loc_copy"
    elif kind == "loc" and not location_actions(s, s.current, d):
        kind = "loc_aux"
    prompt = PROMPTS[kind].format_map(_Missing(fields))
    facts = {
        "loc": say_place(d.get("loc", "?")), "max": d.get("max", "?"), "steps": d.get("steps", "?"),
        "value": d.get("value", "?"), "col1": fields["col1"], "station1": fields["station1"],
        "skip": said(f"gwt.skip.{d['k']}") if d["k"] in SKIPS else "?",
        "what": said(f"gwt.bonus.{d['what']}") if d.get("what") in BONUSES else "?",
        "cards": said("gwt.words.cards", count=d.get("n", 0)),
        "cowboys_left": said("gwt.words.unused_cowboys", count=d.get("cowboys", 0)),
    }
    # the facts a message does not name are left out, as the message's placeholders say
    wanted = {name for _, name, _, _ in Formatter().parse(PROMPTS[kind]) if name}
    say = said(f"gwt.prompt.{kind}", **{k: v for k, v in facts.items() if k in wanted})
    return {**base, "prompt": f"Player {s.current + 1}: {prompt}", "say": say}


def decision_kind(s: State) -> Decision | None:
    """The pending decision without its words: who decides, and its kind."""
    if s.over or not s.stack:
        return None
    return {"seats": [s.current], "kind": s.stack[-1]["k"]}


class _Missing(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "?"


def build_view(s: State, seat: int | None, words: bool = True) -> GwtView:
    """What ``seat`` sees (``None``: a spectator). Without ``words`` the pending decision is given by its
    kind alone, not in words: what a computer reads, in a fraction of the time (the search's playouts)."""
    players: list[PlayerArea] = []
    for i, p in enumerate(s.players):
        players.append({
            "seat": i, "money": p.money, "certificates": p.cert, "certificate_limit": cert_limit(p),
            "permanent_certificates": permanent_certs(p),
            "workers": {"cowboy": p.workers[0], "craftsman": p.workers[1], "engineer": p.workers[2]},
            "discs": dict(p.discs), "buildings_available": [side_of(s, b) for b in p.buildings],
            "objectives": list(p.objectives), "hazards": list(p.hazards), "teepees": list(p.teepees),
            "station_masters": list(p.masters), "location": p.location, "engine": p.engine,
            "job_market_token": p.job_token, "hand_size": len(p.hand), "draw_stack_size": len(p.deck),
            "discard_pile": list(p.discard), "removed_cards": list(p.trashed),
            "replaced_buildings": list(p.boxed_buildings),
            "step_limit": step_limit(s.n, p), "hand_limit": hand_limit(p),
        })
    view: GwtView = {
        "game": "gwt", "viewer": seat, "players": s.n, "to_act": [] if s.over else [s.current],
        "over": s.over, "decision": decision_words(s) if words else decision_kind(s),
        "round": (s.turn - 1) // s.n + 1, "turn": s.turn,
        "current": s.current, "options": {"neutral": s.options["neutral"],
                                          "building_sides": s.options["building_sides"],
                                          "sides": s.options["sides"]},
        "board": {
            "trail": dict(s.trail),
            "stations": [{"station": i + 1, "space": STATIONS[i + 1][0], "discs": list(seats),
                          "master": s.masters[i] if i < len(s.masters) else None,
                          "master_worker": s.master_workers[i] if i < len(s.master_workers) else None}
                         for i, seats in enumerate(s.stations)],
            "cities": {c: list(d) for c, d in s.cities.items()},
            "job_market": {"rows": [list(r) for r in s.job_rows], "costs": list(JOB_COSTS),
                           "token_row": s.job_token + 1},
            "cattle_market": list(s.market), "cattle_stack_size": len(s.market_stack),
            "supply_sizes": [len(p) for p in s.piles], "foresight": [list(c) for c in s.foresight],
            "objective_display": list(s.objective_display), "objective_stack_size": len(s.objective_stack),
            "removed_tiles": list(s.boxed_tiles), "final_turns": s.final_turns,
        },
        # the current turn so far, as everybody at the table saw it: the decisions still pending (top
        # last) and the breeding value settled in a Kansas City visit
        "pending": [dict(d) for d in s.stack], "income": s.income,
        "seats": players,
    }
    if seat is not None and 0 <= seat < s.n:
        view["hand"] = list(s.players[seat].hand)
    return view


def hand_lines(view: dict[str, Any]) -> list[str]:
    """Each card of the viewer's own hand, by its name and what it is worth."""
    return [card(code) for code in view["hand"]]


def say_hand(view: dict[str, Any]) -> list[Said | str]:
    """``hand_lines`` as facts of the game's catalog (a breed's name stays as printed)."""
    return [say_card(code) for code in view["hand"]]
