"""Santa Fe computer players: greedy on a potential read from the public board (level 1), and the same
with a one-piece search ahead (level 2).

The player sees only its view: the track on the board, the railheads, which cities each railroad
reaches, every seat's played city cards and its own hand. From that it values the board as

    potential = sum over railroads r and cities c of  stake(c) * reach(r, c)

where ``stake(c)`` is what a railroad at ``c`` is worth to this seat (its own played cards fully,
its hand cards a little less, the opponents' played cards against it) and ``reach(r, c)`` is 1 when
``r`` already reaches ``c``, else ``DECAY ** pieces`` for the fewest pieces ``r`` still needs to get
there from one of its railheads (0 when its supply is shorter). A piece of track is chosen by the
gain in potential it brings plus the bonus money it pays; a city card by its expected worth now;
Branch Line cards are bought when a railhead at some reached city would raise the potential a lot.
Level 2 adds to each piece the best gain of the seat's next piece on the board that piece leaves, so
it sees two-piece connections and bonuses. The static map comes from ``rules.santafe.board``; nothing
is read from the engine's state.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.rng import Rng
from rules.santafe import board as B

DECAY = 0.72            # how much one more piece to go lowers the hope of a connection
HAND_WEIGHT = 0.7       # a city card in hand counts this much of a played one
OPPONENT_WEIGHT = {2: 1.0, 3: 0.7, 4: 0.6, 5: 0.5}  # an opponent's played card, against me
CITY_BONUS = 2
SQUARE_BONUS = 4
DOUBLE_WORTH = 4.0      # rough points of playing a Double Turn card instead of a city card
DRAW_DOUBLE = 1.5       # drawing a Double Turn card when holding none and enough cities (a city draw: 1)
DRAW_DOUBLE_SPARE = 0.5  # ... otherwise
BRANCH_MARGIN = 1.0     # potential a branch must add beyond its price to be bought
EXCHANGE_BELOW = 0.45   # hand cards expected to score below this share of the average are exchanged
FOLLOW_UP = 0.3         # level 2: weight of the best next piece (others lay track in between)
SEARCH_WIDTH = 8        # level 2 searches a follow-up for this many of the best first pieces

HORIZON = 16            # pieces beyond which a connection is not worth hoping for (DECAY ** 16 < 0.01)

RAILROADS = len(B.RAILROADS)
CITY_INDEX = {cid: i for i, cid in enumerate(B.CITY_IDS)}
NO_PATH = 10**6
# city -> ((neighbour city, pieces per line, the connection's lines), ...): the graph the search walks
ROUTES: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...] = tuple(
    tuple((target, len(B.LINE_SEGS[lines[0][0]]), tuple(line for line, _s, _n in lines))
          for _key, target, lines in B.CITY_EXITS[c])
    for c in range(B.CITY_COUNT)
)


@dataclass
class Network:
    """The public track, rebuilt from a view: who owns each segment and line, railheads, reach."""

    occupant: list[int]
    line_owner: list[int]
    heads: list[list[int]]
    connected: list[int]
    supply: list[int]

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Network:
        seg_index = {sid: g for g, sid in enumerate(B.SEG_ID)}
        occupant = [-1] * B.SEG_COUNT
        line_owner = [-1] * B.LINE_COUNT
        for sid, colour in view["track"].items():
            g = seg_index[sid]
            occupant[g] = B.RAILROAD_INDEX[colour]
            line_owner[B.SEG_LINE[g]] = occupant[g]
        heads: list[list[int]] = [[] for _ in range(RAILROADS)]
        connected = [0] * RAILROADS
        supply = [0] * RAILROADS
        for rail in view["railroads"]:
            r = B.RAILROAD_INDEX[rail["id"]]
            heads[r] = [B.NODE_INDEX[n] for n in rail["railheads"]]
            connected[r] = sum(1 << CITY_INDEX[c] for c in rail["cities"])
            supply[r] = rail["supply"]
        return cls(occupant, line_owner, heads, connected, supply)

    def copy(self) -> Network:
        return Network(list(self.occupant), list(self.line_owner), [list(h) for h in self.heads],
                       list(self.connected), list(self.supply))

    def reached(self) -> int:
        mask = 0
        for m in self.connected:
            mask |= m
        return mask

    # --- where a railroad may grow (the engine's rule, re-read from the board data) ---------------
    def city_exits(self, r: int, city: int) -> list[tuple[str, int, int]]:
        """(move key, first segment, line) for each free line railroad ``r`` may start at ``city``."""
        found = []
        for key, _target, lines in B.CITY_EXITS[city]:
            for line, seg, _nxt in lines:
                if self.line_owner[line] != -1:
                    continue
                sibling = B.LINE_SIBLING[line]
                if sibling >= 0 and self.line_owner[sibling] == r:
                    break
                found.append((key, seg, line))
                break
        return found

    def way_exit(self, node: int) -> tuple[str, int] | None:
        """(move key, segment) continuing a railhead that sits inside a line."""
        for seg, _nxt, key in B.WAY_NEXT[node]:
            if self.occupant[seg] == -1:
                return key, seg
        return None

    def lay(self, r: int, key: str, branch: bool = False) -> tuple[int, int]:
        """Lay one piece of ``r`` as a ``lay``/``branch`` move names: (segment, city newly reached or -1)."""
        a, _b = B.KEY_DIRECTION[key]
        heads = self.heads[r]
        if branch:
            seg = next(s for k, s, _ in self.city_exits(r, a) if k == key)
            heads.append(-1)
            index = len(heads) - 1
            start = a
        else:
            index, seg, start = -1, -1, -1
            for i, h in enumerate(heads):
                if B.is_city(h):
                    hit = next((s for k, s, _ in self.city_exits(r, h) if k == key), None)
                else:
                    way = self.way_exit(h)
                    hit = way[1] if way is not None and way[0] == key else None
                if hit is not None:
                    index, seg, start = i, hit, h
                    break
            if index < 0:
                raise ValueError(f"no railhead of {B.RAILROADS[r]} lays {key}")
        u, v = B.SEG_NODES[seg]
        nxt = v if u == start else u
        self.occupant[seg] = r
        self.line_owner[B.SEG_LINE[seg]] = r
        heads[index] = nxt
        self.supply[r] = max(0, self.supply[r] - 1)
        if B.is_city(nxt) and not self.connected[r] >> nxt & 1:
            self.connected[r] |= 1 << nxt
            return seg, nxt
        return seg, -1

    def distances(self, r: int, extra_heads: Sequence[int] = ()) -> list[int]:
        """Fewest pieces railroad ``r`` needs to reach each city from its railheads (NO_PATH if none, or
        farther than its supply or the horizon). A connection is open to ``r`` while one of its lines is
        free and ``r`` runs on none of them."""
        dist = [NO_PATH] * B.CITY_COUNT
        owner = self.line_owner
        limit = min(self.supply[r], HORIZON)
        queue: list[tuple[int, int]] = []
        for h in [*self.heads[r], *extra_heads]:
            if B.is_city(h):
                if dist[h] > 0:
                    dist[h] = 0
                    queue.append((0, h))
                continue
            way = self.way_exit(h)
            if way is None:
                continue
            city, pieces = _line_end(h, way[1])
            if pieces < dist[city]:
                dist[city] = pieces
                queue.append((pieces, city))
        heapq.heapify(queue)
        while queue:
            d, u = heapq.heappop(queue)
            if d > dist[u]:
                continue
            for target, pieces, lines in ROUTES[u]:
                nd = d + pieces
                if nd >= dist[target] or nd > limit:
                    continue
                # open while one of its lines is free and r runs on none of them
                free = False
                for line in lines:
                    held = owner[line]
                    if held == r:
                        free = False
                        break
                    if held == -1:
                        free = True
                if free:
                    dist[target] = nd
                    heapq.heappush(queue, (nd, target))
        return dist

    def reach(self, r: int, extra_heads: Sequence[int] = ()) -> list[float]:
        """Hope, 0..1, that railroad ``r`` ends up at each city."""
        dist = self.distances(r, extra_heads)
        mask, left = self.connected[r], self.supply[r]
        return [
            1.0 if mask >> c & 1 else (DECAY ** dist[c] if dist[c] <= left else 0.0)
            for c in range(B.CITY_COUNT)
        ]


def _line_end(node: int, seg: int) -> tuple[int, int]:
    """The city a railhead inside a line heads for through free ``seg``, and the pieces still to lay."""
    line = B.SEG_LINE[seg]
    segs = B.LINE_SEGS[line]
    k = segs.index(seg)
    a, b = B.CONN_ENDS[B.LINE_CONN[line]]
    if B.SEG_NODES[seg][0] == node:
        return b, len(segs) - k
    return a, k + 1


# --- what the viewer knows about cards ------------------------------------------------------------
@dataclass
class Outlook:
    """This seat's stakes in each city and the board's current hopes, computed once per decision."""

    seat: int
    net: Network
    stake: list[float]
    reach: list[list[float]]
    double_on: bool
    advanced: bool
    engineer: bool

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Outlook:
        seat = view["viewer"]
        net = Network.from_view(view)
        against = OPPONENT_WEIGHT.get(view["players"], 0.5)
        stake = [0.0] * B.CITY_COUNT
        for entry in view["seats"]:
            weight = 1.0 if entry["seat"] == seat else -against
            for cid in entry["played"]:
                stake[CITY_INDEX[cid]] += weight * B.CITY_VALUE[CITY_INDEX[cid]]
        for cid in view.get("hand", {}).get("cities", []):
            stake[CITY_INDEX[cid]] += HAND_WEIGHT * B.CITY_VALUE[CITY_INDEX[cid]]
        me = view["seats"][seat]
        reach = [net.reach(r) for r in range(RAILROADS)]
        return cls(seat, net, stake, reach, bool(me["double_turn"]), bool(view["options"]["advanced"]),
                   bool(me["engineer"]))

    def potential(self, net: Network) -> float:
        return sum(self.parts(net))

    def parts(self, net: Network) -> list[float]:
        """Each railroad's share of the potential."""
        if net is self.net:  # the board as it is: its hopes are known already
            return [sum(s * h for s, h in zip(self.stake, self.reach[r], strict=True) if s)
                    for r in range(RAILROADS)]
        return [self.rail_potential(net, r) for r in range(RAILROADS)]

    def potential_after(self, parts: list[float], net: Network, r: int, seg: int) -> float:
        """The potential of ``net``, just changed by a piece of ``r`` on ``seg``, from the shares before:
        only ``r`` moved, unless the piece closed the last free line of its connection to the others."""
        line = B.SEG_LINE[seg]
        sibling = B.LINE_SIBLING[line]
        if sibling >= 0 and net.line_owner[sibling] == -1:
            return sum(parts) - parts[r] + self.rail_potential(net, r)
        return self.potential(net)

    def rail_potential(self, net: Network, r: int) -> float:
        """Railroad ``r``'s share of the potential."""
        return sum(s * h for s, h in zip(self.stake, net.reach(r), strict=True) if s)

    def expected_card(self, city: int) -> float:
        """Points a card of ``city`` is likely to score: value times the railroads likely to reach it."""
        return B.CITY_VALUE[city] * sum(self.reach[r][city] for r in range(RAILROADS))

    def bonus(self, net: Network, r: int, city: int) -> int:
        """Money for bringing railroad ``r`` into ``city`` on ``net`` (before the piece)."""
        if city < 0:
            return 0
        money = (0 if net.reached() >> city & 1 else CITY_BONUS)
        money += SQUARE_BONUS if B.CITY_SQUARES[city] >> r & 1 else 0
        return money * (2 if self.double_on else 1)


# --- scoring each kind of move --------------------------------------------------------------------
def score_piece(out: Outlook, parts: list[float], move: str) -> tuple[float, Network]:
    """Gain in potential, plus the bonus the piece pays, minus what it costs (advanced game); and the
    board it leaves."""
    verb, colour, key = move.split(" ")
    r = B.RAILROAD_INDEX[colour]
    net = out.net.copy()
    seg, city = net.lay(r, key, branch=verb == "branch")
    gain = out.potential_after(parts, net, r, seg) - sum(parts)
    return gain + out.bonus(out.net, r, city) - _cost(out, seg), net


def score_play(out: Outlook, move: str) -> float:
    card = move.split(" ", 1)[1].split("+")[0]
    if card == "none":
        return 0.0
    if card == "double":
        return DOUBLE_WORTH
    return out.expected_card(B.SLUG_INDEX[card])


def branch_gain(out: Outlook, r: int) -> float:
    """Potential a railhead at every city ``r`` reaches would add (an upper bound of one branch)."""
    cities = [c for c in range(B.CITY_COUNT) if out.net.connected[r] >> c & 1]
    now = out.reach[r]
    later = out.net.reach(r, cities)
    return sum(s * (b - a) for s, a, b in zip(out.stake, now, later, strict=True) if s)


def average_card(out: Outlook) -> float:
    return sum(out.expected_card(c) * B.CITY_CARDS[c] for c in range(B.CITY_COUNT)) / sum(B.CITY_CARDS)


def score_exchange(out: Outlook, move: str, average: float) -> float:
    """Positive for each discarded card that promises less than a share of an average new card: the best
    exchange gives up exactly the weak cards."""
    if move == "keep":
        return 0.0
    cards = [B.SLUG_INDEX[slug] for slug in move.split(" ")[1:]]
    return sum(EXCHANGE_BELOW * average - out.expected_card(c) for c in cards)


def score_draw(out: Outlook, view: dict[str, Any], move: str) -> float:
    words = move.split(" ")
    hand = view["hand"]
    if words[:2] == ["buy", "branch"]:
        r = B.RAILROAD_INDEX[words[2]]
        price = 2 if view["options"]["advanced"] else 1
        gain = branch_gain(out, r)
        return gain - price - BRANCH_MARGIN
    if words[:2] == ["draw", "city"]:
        return 1.0
    if words[:2] == ["draw", "double"]:
        return DRAW_DOUBLE if hand["double_turn"] == 0 and len(hand["cities"]) >= 3 else DRAW_DOUBLE_SPARE
    if words[0] == "pass":
        return 0.0
    return -1.0  # an Engineer card shrinks the hand; bought track waits for the supply to run out


def heuristic_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Level 1: the legal move with the best score; ties broken by the seeded ``rng``."""
    out = Outlook.from_view(view)
    return _best(legal, score_moves(out, view, legal), rng)


def lookahead_player(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Level 2: like level 1, but a piece of track is judged together with the best piece this seat
    could lay after it (its next piece, this turn or the next), searched on the board model."""
    return _best(legal, lookahead_scores(view, legal), rng)


def lookahead_scores(view: dict[str, Any], legal: Sequence[str]) -> list[float]:
    """Level 2's score of each legal move."""
    out = Outlook.from_view(view)
    if view["decision"]["kind"] != "lay":
        return score_moves(out, view, legal)
    parts = out.parts(out.net)
    firsts = [(*score_piece(out, parts, m), m) for m in legal if m.startswith(("lay ", "branch "))]
    # the follow-up search only for the most promising pieces, to stay well inside the time budget
    firsts.sort(key=lambda f: -f[0])
    total = {move: gain for gain, _net, move in firsts}
    for gain, net, move in firsts[:SEARCH_WIDTH]:
        after = out.parts(net)
        follow = max([0.0, *(_follow_up(out, net, after, r, k) for r, k in piece_moves(net))])
        total[move] = gain + FOLLOW_UP * follow
    return [total.get(m, 0.0) for m in legal]


def piece_moves(net: Network) -> list[tuple[int, str]]:
    """(railroad, move key) of every piece that may be laid on ``net`` (branches aside)."""
    found: list[tuple[int, str]] = []
    for r in range(RAILROADS):
        if net.supply[r] <= 0:
            continue
        for h in net.heads[r]:
            if B.is_city(h):
                found.extend((r, key) for key, _seg, _line in net.city_exits(r, h))
            else:
                way = net.way_exit(h)
                if way is not None:
                    found.append((r, way[0]))
    return found


def _follow_up(out: Outlook, net: Network, parts: list[float], r: int, key: str) -> float:
    """Gain of a next piece of ``r`` on ``net`` (whose potential shares are ``parts``)."""
    nxt = net.copy()
    seg, city = nxt.lay(r, key)
    return out.potential_after(parts, nxt, r, seg) - sum(parts) + out.bonus(net, r, city) - _cost(out, seg)


def _cost(out: Outlook, seg: int) -> int:
    if not out.advanced:
        return 0
    return int(B.SEG_MOUNTAIN[seg]) + int(B.SEG_RIVER[seg] and not out.engineer)


def _best(legal: Sequence[str], scores: list[float], rng: Rng) -> str:
    best = max(scores)
    top = [m for m, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


def score_moves(out: Outlook, view: dict[str, Any], legal: Sequence[str]) -> list[float]:
    kind = view["decision"]["kind"]
    if kind == "lay":
        parts = out.parts(out.net)
        return [score_piece(out, parts, m)[0] if m.startswith(("lay ", "branch ")) else 0.0 for m in legal]
    if kind == "choose":
        return [score_play(out, m) for m in legal]
    if kind == "exchange":
        average = average_card(out)
        return [score_exchange(out, m, average) for m in legal]
    return [score_draw(out, view, m) for m in legal]


PLAYERS = {1: heuristic_player, 2: lookahead_player}
