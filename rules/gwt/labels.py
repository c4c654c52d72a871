"""Labels for moves (autocomplete, buttons and the "Player N: ..." line of the log), as facts of the game's
catalog (``rules/gwt/locales``), so each reader reads them in their own language.

``say`` works from the canonical move alone; given the state, the option's action tuple and the pending
decision, it adds what the move costs or gains and what lies on the locations it names. Menus read it
``priced``: with the figures of ``rules.gwt.prices`` too (fees on the way, craftsmen, cowboys, transport
cost and points), which the log leaves to the events that follow the move; a build there also names what
the building does (``words.say_does``). ``describe`` is the English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core.english import english, in_english
from rules.core.texts import Said, listing, said
from rules.gwt import actions as do
from rules.gwt.actions import as_build
from rules.gwt.content import (
    AUX_ACTIONS,
    OBJECTIVES,
    PRIVATE_SPACES,
    STATION_AT,
    STATIONS,
    TEEPEE_SPACES,
    TRACK,
    WORKER_TYPES,
)
from rules.gwt.prices import build_craftsmen, say_delivery, say_fees, walk_fees
from rules.gwt.words import (
    SKIPS,
    city,
    say_building,
    say_card,
    say_cattle,
    say_place,
    say_place_with,
    say_reward,
    say_tile,
)

# Autocomplete clips choices at 100 characters; English labels stay within this.
LONGEST = 90
# A build's label says what the building does too: kept shorter in English, so that its translations,
# a fifth longer, still fit in 100 characters.
LONGEST_BUILD = 80
# The longest name of a building space (they are numbered 1 to 22).
WIDEST_SPOT = said("gwt.place.spot", number=len(PRIVATE_SPACES))

# What an auxiliary action costs each time it is taken.
AUX_COSTS = {"cert": 1, "engine": 1}
# Moves whose label is always the same: the catalog's gwt.label.<move, "_" for spaces>.
FIXED = frozenset(
    (
        "woods",
        "teepees",
        "engineers",
        "cert",
        "extra",
        "skip",
        "done",
        "buy",
        "objective stack",
        "certs max",
        "upgrade",
    )
)
# The disc spaces that unlock no auxiliary action (their catalog's gwt.disc.<name>).
OTHER_DISC_SPACES = ("cert4", "cert6", "step-money", "step-vp", "hand")

Label = Said | str


def say_space(sp: str) -> Said:
    """A railroad space by what the board prints: its number, or for a turnout space (the rulebook's word;
    they have no number) its station and the numbered space it branches off."""
    station = STATION_AT.get(sp)
    if station and "." in sp:
        return said("gwt.words.turnout", station=station, space=turnout_after(sp))
    if station:
        return said("gwt.words.space_station", space=sp, station=station)
    return said("gwt.words.space", space=sp)


def turnout_after(sp: str) -> str:
    """The numbered space a turnout space branches off ("4.5" -> "4")."""
    return TRACK[TRACK.index(sp) - 1]


def say_aux(name: str, double: bool = False) -> Label:
    """An auxiliary action by what it does, single or double."""
    if name not in AUX_ACTIONS:
        return name
    return said("gwt.label.aux_double" if double else "gwt.label.aux", action=said(f"gwt.aux.{name}"))


def say_disc_space(name: str) -> Label:
    """A space of the player board's disc rows, named for what clearing it unlocks: the $1 and draw-1
    actions are always there single, so their spaces unlock the double."""
    if name in ("money", "draw"):
        return say_aux(name, double=True)
    if name in AUX_ACTIONS:
        return say_aux(name)
    return said(f"gwt.disc.{name}") if name in OTHER_DISC_SPACES else name


def unwrap(action: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    """The effect inside the wrappers of phase B ("act": a local action, "aux_instead": an auxiliary one)."""
    while action and action[0] in ("act", "aux_instead"):
        action = do.as_act(action).effect if action[0] == "act" else do.as_aux_instead(action).effect
    return action


def say(
    move: str,
    state: Any = None,
    action: tuple[Any, ...] | None = None,
    pending: str = "",
    priced: bool = False,
) -> Label:
    """The label of ``move``; ``action`` is its option tuple when the move is legal in ``state``; ``priced``
    adds what the move costs and earns where the label has room."""
    label = _plain(move, state, action, pending)
    action = unwrap(action)
    return _priced(label, move, state, action, pending) if priced and state is not None and action else label


describe = in_english(say)  # the English label of a move


def _dot(label: Label, price: Label) -> Said:
    return said("gwt.words.dot", first=label, second=price)


def _paid(label: Label, cost: int | None) -> Label:
    """``label`` with what it costs: "for $3", "for free" (``cost`` 0), or nothing (``None``)."""
    if cost is None:
        return label
    return (
        said("gwt.label.free", action=label) if cost == 0 else said("gwt.label.paid", action=label, cost=cost)
    )


def _priced(label: Label, move: str, state: Any, action: tuple[Any, ...], pending: str) -> Label:
    kind, seat = action[0], state.current
    if kind == "walk":
        return _walk(move.split(" ")[1:], state.trail, pending, say_fees(walk_fees(state, seat, action)))
    if kind == "build":
        return _build(move, state, action)
    if kind == "purchase":
        return _dot(label, said("gwt.words.cowboys", count=do.as_purchase(action).cowboys))
    if kind == "deliver":
        extra = bool(state.stack and state.stack[-1].get("extra"))
        return _dot(label, say_delivery(state, seat, do.as_deliver(action).city, extra))
    if kind == "upgrade_station":
        station = do.as_upgrade_station(action).station
        return _dot(label, said("gwt.words.vp", points=f"+{STATIONS[station + 1][2]}"))
    if kind == "money" and move in ("woods", "engineers"):
        return _dot(label, said("gwt.words.dollars", amount=do.as_money(action).amount))
    if kind == "teepee_pairs":
        pairs = do.as_teepee_pairs(action).pairs
        return _dot(label, said("gwt.words.teepee_gain", count=2 * pairs, amount=2 * pairs))
    return label


def _plain(move: str, state: Any, action: tuple[Any, ...] | None, pending: str) -> Label:
    action = unwrap(action)
    if move in ("skip", "done") and pending in SKIPS:
        return said(f"gwt.skip.{pending}")
    if move in FIXED and not (move == "upgrade" and action):
        return said(f"gwt.label.{move.replace(' ', '_')}")
    verb, *rest = move.split(" ")
    handler = _VERBS.get(verb)
    if handler is None or (not rest and verb not in _BARE_VERBS):
        return move
    trail = state.trail if state is not None else {}
    label = handler(_Move(move, verb, rest, action, trail, pending))
    return move if label is None else label


@dataclass(frozen=True)
class _Move:
    """A move's words and what its option tuple adds, as the verbs' label makers read them."""

    text: str
    verb: str
    rest: list[str]
    action: tuple[Any, ...] | None
    trail: dict[str, Any]
    pending: str

    def of(self, kind: str) -> tuple[Any, ...] | None:
        """The option tuple when it is a ``kind`` option, else ``None``."""
        return self.action if self.action and self.action[0] == kind else None


def _aux(m: _Move) -> Label:
    times = 2 if m.rest[-1] == "x2" else 1
    cost = AUX_COSTS[m.rest[0]] * times if m.rest[0] in AUX_COSTS else None
    return _paid(say_aux(m.rest[0], double=times == 2), cost)


def _discard(m: _Move) -> Label:
    discard = m.of("discard")
    gain = say_reward(do.as_discard(discard).reward) if discard else None
    text = (
        said("gwt.label.discard_for", card=say_card(m.rest[0]), gain=gain)
        if gain and gain["items"]
        else said("gwt.label.discard", card=say_card(m.rest[0]))
    )
    return said("gwt.label.risk", action=text) if m.verb == "risk" else text


def _pair(m: _Move) -> Label:
    a, b = m.rest[0], m.rest[-1]
    text = (
        said("gwt.label.pair_same", breed=say_cattle(a))
        if a == b
        else said("gwt.label.pair", first=say_cattle(a), second=say_cattle(b))
    )
    pair = m.of("pair")
    return _paid(text, do.as_pair(pair).money if pair else None)


def _hire(m: _Move) -> Label | None:
    if len(m.rest) != 2:
        return None
    kind, row = m.rest
    worker = said(f"gwt.label.hire_{kind}", row=row) if kind in WORKER_TYPES else m.text
    hire = m.of("hire")
    return _paid(worker, do.as_hire(hire).cost if hire else None)


def _build_plain(m: _Move) -> Label | None:
    if len(m.rest) != 2:
        return None
    text = said("gwt.label.build", building=m.rest[0], place=say_place_with(m.trail, m.rest[1]))
    build = m.of("build")
    return _paid(text, as_build(build).cost if build else None)


def _buy(m: _Move) -> Label | None:
    if "for" not in m.rest:
        return None
    names = listing([say_cattle(c) for c in m.rest[: m.rest.index("for")]], conjunction=True)
    return said("gwt.label.buy_cattle", cattle=names, price=m.rest[-1])


def _draw(m: _Move) -> Label:
    if m.pending == "buy":
        return said("gwt.label.market_draw")
    return said("gwt.label.draw", count=int(m.rest[0]))


def _remove(m: _Move) -> Label:
    here = m.trail.get(m.rest[0])
    text = (
        said("gwt.label.remove", tile=say_tile(here), place=say_place(m.rest[0]))
        if here
        else said("gwt.label.remove_hazard", place=say_place(m.rest[0]))
    )
    hazard = m.of("hazard")
    return _paid(text, do.as_hazard(hazard).cost if hazard else None)


def _trade(m: _Move) -> Label:
    here = m.trail.get(m.rest[0])
    value = TEEPEE_SPACES.get(m.rest[0], 0)
    return said(
        "gwt.label.trade_gain" if value >= 0 else "gwt.label.trade_pay",
        tile=say_tile(here) if here else said("gwt.words.teepee"),
        place=say_place(m.rest[0]),
        amount=abs(value),
    )


def _upgrade(m: _Move) -> Label:
    n = int(m.rest[0]) if m.rest else (do.as_upgrade_station(m.action).station + 1 if m.action else 0)
    if n in STATIONS:
        return said("gwt.label.upgrade_station", station=n, cost=STATIONS[n][1])
    return said("gwt.label.upgrade")


def _disc(m: _Move) -> Label:
    if m.rest[0] == "station":
        return said("gwt.label.disc_station", station=m.rest[-1])
    return said("gwt.label.disc_space", space=say_disc_space(m.rest[0]))


def _play(m: _Move) -> Label:
    does = say_objective_action(m.rest[0])
    if does is None:
        return said("gwt.label.play", card=say_card(m.rest[0]))
    return said("gwt.label.play_does", card=say_card(m.rest[0]), action=does)


# Verbs whose label needs no word after the verb; every other verb without one is labelled as typed.
_BARE_VERBS = frozenset(("move", "upgrade"))
# Each verb's label maker; ``None`` from one means the words do not fit it and the move is labelled as typed.
_VERBS: dict[str, Callable[[_Move], Label | None]] = {
    "move": lambda m: _walk(m.rest, m.trail, m.pending),
    "aux": _aux,
    "discard": _discard,
    "risk": _discard,
    "pair": _pair,
    "hire": _hire,
    "build": _build_plain,
    "buy": _buy,
    "draw": _draw,
    "remove": _remove,
    "trade": _trade,
    "engine": lambda m: _engine(m.rest[0], m.action),
    "back": lambda m: said("gwt.label.engine_bounce", space=say_space(m.rest[0])),
    "upgrade": _upgrade,
    "disc": _disc,
    "appoint": lambda m: said(f"gwt.label.appoint_{m.rest[0]}") if m.rest[0] in WORKER_TYPES else m.text,
    "gain": lambda m: said("gwt.words.gain", amount=m.rest[0]),
    "certs": lambda m: said("gwt.label.certs", count=int(m.rest[0])),
    "copy": lambda m: said("gwt.label.copy", place=say_place_with(m.trail, m.rest[0])),
    "pick": lambda m: said("gwt.label.pick", tile=say_tile(m.rest[0])),
    "deliver": lambda m: said("gwt.label.deliver", city=city(m.rest[0])),
    "objective": lambda m: said("gwt.label.objective", card=say_card(m.rest[0])),
    "play": _play,
    "trash": lambda m: said("gwt.label.trash", card=say_card(m.rest[0])),
}


def _build(move: str, state: Any, action: tuple[Any, ...]) -> Label:
    """A build in a menu: the building with what it does, where, its price and craftsmen. Whether the
    craftsmen fit is decided per building (with its widest place), and then only the place gives way to its
    bare name: every place of one building reads alike but for the place, so its menu family shares those
    words in every language."""
    code, loc = move.split(" ")[1:3]
    building = say_building(code)
    craftsmen = said("gwt.words.craftsmen", count=build_craftsmen(state, code, loc))

    def label(place: Label, dotted: bool) -> Label:
        text = _paid(said("gwt.label.build", building=building, place=place), as_build(action).cost)
        return _dot(text, craftsmen) if dotted else text

    dotted = len(english(label(WIDEST_SPOT, True))) <= LONGEST_BUILD
    full = label(say_place_with(state.trail, loc), dotted)
    return full if len(english(full)) <= LONGEST_BUILD else label(say_place(loc), dotted)


def say_objective_action(code: str) -> Said | None:
    """The one-off action an objective card gives when played (``None``: it gives none)."""
    name = OBJECTIVES[code][0] if code in OBJECTIVES else ""
    return said(f"gwt.objective_action.{name}") if name else None


def _walk(rest: list[str], trail: dict[str, str | None], pending: str, fees: Label = "") -> Label:
    if not rest:
        return said("gwt.label.walk")
    dest = say_place_with(trail, rest[0]) if trail else say_place(rest[0])
    if pending == "first":
        return said("gwt.label.place_first", place=dest)
    route, via = "", ""
    if rest[1:] == ["direct"]:
        route = "_direct"
    elif len(rest) > 2 and rest[1] == "via":
        route, via = "_via", listing([say_place(loc) for loc in rest[2:]])  # type: ignore[assignment]
    short = say_place(rest[0])

    def walk(form: str, place: Label, paid: bool) -> Label:
        text = said(f"gwt.label.{form}{route}", place=place, via=via)
        return _dot(text, fees) if paid and fees else text

    # a long route: what stands on the destination gives way first, then the fee (the detail keeps it)
    for label in (
        walk("walk_to", dest, True),
        walk("walk_to", short, True),
        walk("walk_short", short, True),
        walk("walk_to", dest, False),
        walk("walk_to", short, False),
    ):
        if len(english(label)) <= LONGEST:
            return label
    return walk("walk_short", short, False)


def _engine(sp: str, action: tuple[Any, ...] | None) -> Label:
    kind = action[0] if action else "engine"
    if kind == "engine":
        cost = do.as_engine(action).cost if action else 0
        return _paid(said("gwt.label.engine", space=say_space(sp)), cost or None)
    if kind == "bounce":
        return said("gwt.label.engine_bounce", space=say_space(sp))
    if kind == "extra":
        return said("gwt.label.engine_extra", space=say_space(sp))
    return said("gwt.label.engine_back", space=say_space(sp))
