"""Small rule helpers over the state: limits, cards, tiles, discs, the job market and the supply."""

from __future__ import annotations

from typing import Unpack

from rules.core.events import Details, Event, event
from rules.core.rng import Rng
from rules.core.texts import Said, said
from rules.core.texts import seat as seat_of
from rules.gwt.content import (
    BUILDINGS,
    CATTLE,
    CERT_TRACK,
    CITIES,
    DISC_SPACES,
    HAND_FEES,
    HAZARD_SPACES,
    JOB_ROWS,
    MARKET_ORDER,
    MARKET_SIZE,
    OBJECTIVES,
    STATION_MASTERS,
    STATIONS,
    STEP_LIMIT,
    TEEPEE_SPACES,
    WOODS,
    YELLOW_ARROW_ROWS,
)
from rules.gwt.state import Player, State
from rules.gwt.words import cards, place, plural, say_cards, say_place, say_tile
from rules.gwt.words import tile as tile_name


class Tx:
    """One move in progress: the working copy, the events so far, the random generator."""

    __slots__ = ("_rng", "events", "hidden", "s", "seat", "teller")

    def __init__(self, state: State, seat: int) -> None:
        self.s = state
        self.seat = seat
        self.events: list[Event] = []
        self.hidden = False          # something hidden was revealed or randomness was used
        # the event that tells the whole move, if one does: no "Player N: ..." line is needed
        self.teller: Event | None = None
        self._rng: Rng | None = None

    @property
    def rng(self) -> Rng:
        self.hidden = True
        if self._rng is None:
            self._rng = Rng(self.s.rng)
        return self._rng

    def finish(self) -> None:
        if self._rng is not None:
            self.s.rng = self._rng.state

    def log(self, type_: str, text: str, *, say: Said | None = None, **data: Unpack[Details]) -> None:
        self.events.append(event(type_, text, say=say, **data))

    def tell(self, type_: str, text: str, *, say: Said | None = None, **data: Unpack[Details]) -> None:
        """Log the event that tells the whole move, and more than its label says."""
        self.log(type_, text, say=say, **data)
        self.teller = self.events[-1]


# --------------------------------------------------------------------------------------------- limits


def cleared(p: Player, space: str) -> int:
    return DISC_SPACES[space][0] - p.discs[space]


def step_limit(n: int, p: Player) -> int:
    base, first = STEP_LIMIT[n]
    gone = cleared(p, "step-money") + cleared(p, "step-vp")
    return base + (first if gone >= 1 else 0) + (1 if gone >= 2 else 0)


def hand_limit(p: Player) -> int:
    return 4 + cleared(p, "hand")


def cert_limit(p: Player) -> int:
    if p.discs["cert4"]:
        return 3
    return 4 if p.discs["cert6"] else 6


def gain_certs(p: Player, steps: int) -> None:
    """Move the certificate marker ``steps`` positions forward, never past the limit (4 -> 6 is one step)."""
    top = CERT_TRACK.index(cert_limit(p))
    here = CERT_TRACK.index(p.cert) if p.cert in CERT_TRACK else 0
    p.cert = CERT_TRACK[max(here, min(here + steps, top))]


def permanent_certs(p: Player) -> int:
    return sum(1 for m in p.masters if STATION_MASTERS[m][0] == "perm_cert")


def fee_for(s: State, seat: int, loc: str) -> tuple[int, int | None]:
    """(fee, owner or None for the bank) for passing or stopping at ``loc``."""
    tile = s.trail.get(loc)
    if tile is None or loc in ("KANSAS_CITY",):
        return 0, None
    if "@" in tile:
        code, owner = tile.split("@")
        if int(owner) == seat:
            return 0, None
        hands, payee = BUILDINGS[code][2], int(owner)
    elif tile.startswith(("flood", "drought", "rockfall", "teepee")):
        hands, payee = tile_hands_of(tile), None
    else:
        return 0, None
    fees = HAND_FEES[s.n]
    return sum(fees[h] for h in hands), payee


def tile_hands_of(tile: str) -> str:
    if tile.startswith("teepee-"):
        return "g" if tile == "teepee-green" else "b"
    return tile.split("-")[1][1]


def own_buildings(s: State, seat: int) -> list[str]:
    tag = f"@{seat}"
    return [loc for loc, t in s.trail.items() if t is not None and t.endswith(tag)]


def woods_count(s: State, seat: int) -> int:
    return sum(1 for loc in own_buildings(s, seat) if loc in WOODS)


def building_code(tile: str | None) -> str | None:
    return tile.split("@")[0] if tile and "@" in tile else None


def side_of(s: State, number: str) -> str:
    sides: str = s.options["sides"]
    return number + sides[int(number) - 1]


def breeding_value(hand: list[str]) -> int:
    breeds: dict[str, int] = {}
    for card in hand:
        if card in CATTLE:
            breed, value, _vp = CATTLE[card]
            breeds[breed] = value
    return sum(breeds.values())


def is_objective(card: str) -> bool:
    return card in OBJECTIVES


# -------------------------------------------------------------------------------------------- cards


def draw_cards(tx: Tx, seat: int, count: int) -> list[str]:
    """Draw from the personal stack, reshuffling the discard pile only when the stack is empty."""
    p = tx.s.players[seat]
    drawn: list[str] = []
    for _ in range(count):
        if not p.deck:
            if not p.discard:
                break
            p.deck, p.discard = p.discard, []
            tx.rng.shuffle(p.deck)
            tx.log("reshuffle", f"Player {seat + 1} shuffled their discard pile into a new draw stack.",
                   seat=seat, say=said("gwt.event.reshuffle", player=seat_of(seat)))
        drawn.append(p.deck.pop())
    if drawn:
        tx.hidden = True
        p.hand.extend(drawn)
        tx.events.append(event("draw", f"You drew {cards(drawn)}.", private_to=seat, cards=drawn,
                               say=said("gwt.event.draw", cards=say_cards(drawn))))
    return drawn


def refill_market(tx: Tx, size: int) -> None:
    s = tx.s
    added = 0
    while len(s.market) < size and s.market_stack:
        s.market.append(s.market_stack.pop())
        added += 1
    if added:
        tx.hidden = True
        s.market.sort(key=MARKET_ORDER.index)
        tx.log("market", f"The cattle market was refilled with {plural(added, 'card')}.",
               say=said("gwt.event.market", count=added))


def take_objective(tx: Tx, which: str) -> str | None:
    """Take a card from the display (by code) or the top of the stack; the display is refilled."""
    s = tx.s
    if which == "stack":
        if not s.objective_stack:
            return None
        tx.hidden = True
        return s.objective_stack.pop()
    s.objective_display.remove(which)
    if s.objective_stack:
        tx.hidden = True
        s.objective_display.append(s.objective_stack.pop())
    return which


# ------------------------------------------------------------------------------------------- tiles


def place_tile(tx: Tx, tile: str) -> None:
    """A tile from the supply goes to its section; without room it leaves the game."""
    s = tx.s
    if tile in ("cowboy", "craftsman", "engineer"):
        place_worker(tx, tile)
        return
    if tile.startswith("teepee-"):
        spaces = [sp for sp in TEEPEE_SPACES if s.trail[sp] is None]
    else:
        spaces = [sp for sp in HAZARD_SPACES[tile.split("-")[0]] if s.trail[sp] is None]
    # the tile was taken from the foresight by the player to act: the event tells the whole move
    took = f"Player {s.current + 1} took the {tile_name(tile)} from the foresight"
    if spaces:
        s.trail[spaces[0]] = tile
        tx.tell("tile", f"{took} and placed it on {place(spaces[0])}.", tile=tile, space=spaces[0],
                say=said("gwt.event.tile_placed", player=seat_of(s.current), tile=say_tile(tile),
                         place=say_place(spaces[0])))
    else:
        s.boxed_tiles.append(tile)
        tx.tell("tile", f"{took}; with no free space, it left the game.", tile=tile,
                say=said("gwt.event.tile_boxed", player=seat_of(s.current), tile=say_tile(tile)))


def place_worker(tx: Tx, worker: str) -> None:
    s = tx.s
    if s.job_token >= JOB_ROWS:
        s.boxed_tiles.append(worker)
        return
    s.job_rows[s.job_token].append(worker)
    row = s.job_token + 1
    tx.tell("worker", f"Player {s.current + 1} took the {worker} from the foresight to job market row {row}.",
            worker=worker, row=row,
            say=said("gwt.event.worker", player=seat_of(s.current), worker=say_tile(worker), row=row))
    if len(s.job_rows[s.job_token]) >= s.n:
        s.job_token += 1
        if s.job_token in YELLOW_ARROW_ROWS:
            refill_market(tx, MARKET_SIZE[s.n])
        if s.job_token >= JOB_ROWS:
            p = s.players[tx.s.current]
            p.job_token = True
            s.final_turns = s.n - 1
            tx.log("end_triggered", f"Player {s.current + 1} took the job market token: the game is ending.",
                   seat=s.current, say=said("gwt.event.end_triggered", player=seat_of(s.current)))


def refill_foresight(tx: Tx) -> None:
    s = tx.s
    for col in range(3):
        for slot in range(2):
            if s.foresight[col][slot] is None and s.piles[col]:
                s.foresight[col][slot] = s.piles[col].pop()
                tx.hidden = True


# ------------------------------------------------------------------------------------------- discs


def disc_options(s: State, seat: int, black_ok: bool, money: int, exclude_station: int | None) -> list[str]:
    """Disc spaces that may give a disc now, or stations to take one back from as the last resort."""
    p = s.players[seat]
    left = [d for d, (_n, _w) in DISC_SPACES.items() if p.discs[d] > 0]
    allowed = [d for d in left if black_ok or DISC_SPACES[d][1]]
    if not black_ok and not allowed:
        allowed = left                      # only dark discs left: they may go on white spaces
    allowed = [d for d in allowed if d != "hand" or money >= 5]
    if allowed:
        return allowed
    return [f"station {i + 1}" for i, seats in enumerate(s.stations)
            if seat in seats and i != exclude_station]


def take_disc(tx: Tx, seat: int, choice: str) -> None:
    s = tx.s
    p = s.players[seat]
    if choice.startswith("station "):
        s.stations[int(choice.split()[1]) - 1].remove(seat)
        return
    p.discs[choice] -= 1
    if choice == "step-money":
        p.money += 3
    elif choice == "hand":
        p.money -= 5


def city_black_ok(city: str) -> bool:
    return CITIES[city][1]


def station_black_ok(index: int) -> bool:
    return STATIONS[index + 1][3]
