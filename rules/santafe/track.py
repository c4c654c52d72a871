"""Track laying: where each railroad may grow, what a piece costs, and the bonuses it pays.

Reading of the rulebook used here:
* Every railroad keeps a list of railheads (its route ends), starting with its home base. A piece
  extends one railhead by one segment; a Branch Line card adds a railhead at any city the railroad
  already reaches (home base included) and lays that route's first piece in the same move.
* A line (the drawn route between two cities) is claimed by the railroad that lays its first piece;
  after that only the railhead inside it may go on, so nobody enters it from the other end. The
  rulebook forbids this to other railroads; the same railroad coming from the far end would make two
  railheads meet in the middle, which the printed rules never picture, so it is refused as well.
* Of two parallel lines each may carry a different railroad, never both the same one. The lines of
  one connection are identical, so a move names the connection and its direction ("chi-kcy") and
  the engine takes the first free line.
* A railroad is connected to a city when one of its lines ends there; waypoints inside a line
  connect nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.events import Event, event
from rules.core.texts import said
from rules.core.texts import seat as who
from rules.santafe import board
from rules.santafe.state import SantaFeState

FREE, BOUGHT = 1, 2

CITY_BONUS = 2
SQUARE_BONUS = 4

# (kind, railroad, railhead index or -1 for a branch, segment, node reached, cost, source)
Action = tuple[str, int, int, int, int, int, int]


def piece_source(s: SantaFeState, seat: int, r: int) -> int:
    """Where ``seat``'s next piece of railroad ``r`` comes from: the free supply first, then the pieces
    the seat bought (optional rule: usable only once the free ones are gone), else 0."""
    if s.supply[r] > 0:
        return FREE
    if s.bought[seat][r] > 0:
        return BOUGHT
    return 0


def exits(s: SantaFeState, r: int, node: int) -> Iterator[tuple[str, int, int]]:
    """(move key, segment, next node) for each way railroad ``r`` can grow from railhead ``node``."""
    if node < board.CITY_COUNT:
        owner = s.line_owner
        for key, _target, lines in board.CITY_EXITS[node]:
            for line, seg, nxt in lines:
                if owner[line] != -1:
                    continue
                sibling = board.LINE_SIBLING[line]
                if sibling >= 0 and owner[sibling] == r:
                    break  # one railroad never builds both parallel lines
                yield key, seg, nxt
                break
    else:
        for seg, nxt, key in board.WAY_NEXT[node]:
            if s.occupant[seg] == -1:
                yield key, seg, nxt
                return


def has_extension(s: SantaFeState, r: int) -> bool:
    """Whether railroad ``r`` is not dead-ended (ignoring money and Branch Line cards)."""
    return any(next(exits(s, r, head), None) is not None for head in s.heads[r])


def has_track(s: SantaFeState, r: int) -> bool:
    """Whether railroad ``r`` has unplayed track: free pieces, or pieces some player bought."""
    return s.supply[r] > 0 or any(b[r] for b in s.bought)


def branch_exits(s: SantaFeState, r: int) -> Iterator[tuple[str, int, int]]:
    """(move key, segment, next node) for each way a new route of ``r`` can start: from any city the
    railroad reaches, its home base included."""
    mask = s.connected[r]
    city = 0
    while mask:
        if mask & 1:
            yield from exits(s, r, city)
        mask >>= 1
        city += 1


def can_lay(s: SantaFeState, seat: int) -> bool:
    """The rulebook's end test: some railroad with unplayed track has a route end to grow, or the
    seat's own Branch Line card opens one ("it does not matter if *another* player could")."""
    if any(has_track(s, r) and has_extension(s, r) for r in range(len(board.RAILROADS))):
        return True
    r = s.branch_on[seat]
    return r >= 0 and bool(piece_source(s, seat, r)) and next(branch_exits(s, r), None) is not None


def piece_cost(s: SantaFeState, seat: int, seg: int) -> int:
    """Advanced game: $1 for a river (free with an Engineer), $1 for a mountain segment.

    An Engineer waives the river only, also on a mountain segment: the German rules say an Engineer
    "crosses rivers for free"; the English "including ... a river through the mountains" is read
    the same way, so such a piece still costs $1 for the mountain."""
    if not s.advanced:
        return 0
    cost = 1 if board.SEG_MOUNTAIN[seg] else 0
    if board.SEG_RIVER[seg] and not s.has_engineer(seat):
        cost += 1
    return cost


def piece_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    """Every piece ``seat`` may lay now, extensions first (by railroad, railhead), then branches."""
    found: dict[str, Action] = {}
    money = s.money[seat]
    for r, colour in enumerate(board.RAILROADS):
        source = piece_source(s, seat, r)
        if not source:
            continue
        for i, head in enumerate(s.heads[r]):
            for key, seg, nxt in exits(s, r, head):
                move = f"lay {colour} {key}"
                cost = piece_cost(s, seat, seg)
                if move not in found and cost <= money:
                    found[move] = ("lay", r, i, seg, nxt, cost, source)
    r = s.branch_on[seat]
    source = piece_source(s, seat, r) if r >= 0 else 0
    if source:
        colour = board.RAILROADS[r]
        for key, seg, nxt in branch_exits(s, r):
            move = f"branch {colour} {key}"
            cost = piece_cost(s, seat, seg)
            if move not in found and cost <= money:
                found[move] = ("branch", r, -1, seg, nxt, cost, source)
    return found


def lay_piece(s: SantaFeState, seat: int, action: Action, events: list[Event]) -> None:
    """Put the piece on the board, pay for it, move the railhead and pay the bonuses."""
    kind, r, head, seg, nxt, cost, source = action
    line = board.SEG_LINE[seg]
    s.occupant[seg] = r
    if s.line_owner[line] == -1:
        s.line_owner[line] = r
    if kind == "branch":
        s.heads[r].append(nxt)
        s.branch_on[seat] = -1
    else:
        s.heads[r][head] = nxt
    if source == FREE:
        s.supply[r] -= 1
    else:
        s.bought[seat][r] -= 1
    s.money[seat] -= cost
    s.laid += 1
    s.anyone_laid = True
    a, b = board.CONN_ENDS[board.LINE_CONN[line]]
    start, end = (a, b) if nxt == board.SEG_NODES[seg][1] else (b, a)
    what = "starts a branch of" if kind == "branch" else "lays"
    text = (
        f"Player {seat + 1} {what} the {board.railroad_label(r)} from "
        f"{board.CITY_NAME[start]} towards {board.CITY_NAME[end]}"
    )
    if cost:
        text += f", paying ${cost}"
    msg = "santafe.event.branch" if kind == "branch" else "santafe.event.lay"
    told = said(msg + ("_paying" if cost else ""), player=who(seat), railroad=board.RAILROAD_NAME[r],
                start=board.CITY_NAME[start], end=board.CITY_NAME[end], cost=cost)
    events.append(event("lay", text + ".", seat=seat, railroad=board.RAILROADS[r],
                        segment=board.SEG_ID[seg], branch=kind == "branch", cost=cost, say=told))
    if nxt < board.CITY_COUNT and not s.connected[r] >> nxt & 1:
        connect(s, seat, r, nxt, events)


def connect(s: SantaFeState, seat: int, r: int, city: int, events: list[Event]) -> None:
    """Railroad ``r`` reaches ``city`` for the first time: $2 if no railroad reached it before, $4 if
    the city shows this railroad's square; both doubled for a Double Turn player."""
    first = not s.reached() >> city & 1
    s.connected[r] |= 1 << city
    bonus = (CITY_BONUS if first else 0) + (SQUARE_BONUS if board.CITY_SQUARES[city] >> r & 1 else 0)
    if s.double_on[seat]:
        bonus *= 2
    name = board.CITY_NAME[city]
    text = f"The {board.railroad_label(r)} reaches {name}"
    if bonus:
        s.money[seat] += bonus
        text += f"; Player {seat + 1} earns ${bonus}"
    msg = "santafe.event.connect_bonus" if bonus else "santafe.event.connect"
    told = said(msg, player=who(seat), railroad=board.RAILROAD_NAME[r], city=name, bonus=bonus)
    events.append(event("connect", text + ".", seat=seat, railroad=board.RAILROADS[r],
                        city=board.CITY_IDS[city], bonus=bonus, say=told))


def track_left(s: SantaFeState) -> bool:
    """Whether any piece is still to be laid: free ones, or bought ones in a player's hand."""
    return any(s.supply) or any(any(b) for b in s.bought)
