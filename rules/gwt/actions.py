"""GWT actions with typed fields, one class a kind.

An option's action (what ``rules.gwt.options.options`` offers for each legal move and
``rules.gwt.effects.apply`` carries out) is a tuple whose first item names its kind. Each kind is a
``NamedTuple`` here: still that same tuple (equal, hashed, ordered and unpacked alike, so options,
labels, golden games and computer players are unchanged), built by its constructor (``hire(...)``) and
read by name through its accessor (``as_hire(action)``), which mypy checks. An accessor takes the typed
tuple as it is and a plain tuple of its kind as that kind; it refuses another kind.

The building's own local actions (``rules.gwt.content.BUILDINGS``, ``("hire", 2)``, ``("build", 2)``)
are another thing: the data the options of a location are made from, not options.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, TypeVar, get_args

_N = TypeVar("_N", bound=tuple[Any, ...])


def _read(cls: type[_N], kind: str, action: tuple[Any, ...]) -> _N:
    """``action`` as ``cls``, the class of actions of ``kind``."""
    if isinstance(action, cls):
        return action
    if not action or action[0] != kind or len(action) != len(cls._fields):  # type: ignore[attr-defined]
        raise ValueError(f"not a {kind}: {action!r}")
    return cls._make(action)  # type: ignore[attr-defined,no-any-return]


# ====================================================================== the turn and its wrappers


class Act(NamedTuple):
    """Use local action number ``local`` (0 the first) of the location where the cattleman stands
    (phase B), doing ``effect`` (one of the option kinds below)."""

    kind: Literal["act"]
    local: int
    effect: tuple[Any, ...]


def act(local: int, effect: tuple[Any, ...]) -> Act:
    return Act("act", local, effect)


def as_act(action: tuple[Any, ...]) -> Act:
    return _read(Act, "act", action)


class AuxInstead(NamedTuple):
    """Use the single auxiliary action ``effect`` instead of the location's local actions (phase B)."""

    kind: Literal["aux_instead"]
    effect: tuple[Any, ...]


def aux_instead(effect: tuple[Any, ...]) -> AuxInstead:
    return AuxInstead("aux_instead", effect)


def as_aux_instead(action: tuple[Any, ...]) -> AuxInstead:
    return _read(AuxInstead, "aux_instead", action)


class Done(NamedTuple):
    """End the decision on top by choice (phase B, the cattle purchases); at the end of phase B with
    nothing after it, the end of the turn too."""

    kind: Literal["done"]


class Skip(NamedTuple):
    """Leave the decision on top (an optional action, a bonus) unused."""

    kind: Literal["skip"]


class EndTurn(NamedTuple):
    """Confirm the end of the turn: phase C, then the next player's turn."""

    kind: Literal["end_turn"]


DONE = Done("done")
SKIP = Skip("skip")
END_TURN = EndTurn("end_turn")


def done() -> Done:
    return DONE


def skip() -> Skip:
    return SKIP


def end_turn() -> EndTurn:
    return END_TURN


class Play(NamedTuple):
    """Play the objective card ``card`` from the hand, doing its one-off action."""

    kind: Literal["play"]
    card: str


def play(card: str) -> Play:
    return Play("play", card)


def as_play(action: tuple[Any, ...]) -> Play:
    return _read(Play, "play", action)


# ============================================================================= the cattleman


class Walk(NamedTuple):
    """Move the cattleman to ``dest`` past the spots of ``route`` (in order), paying their fees unless
    ``free`` (the first placement, a building's free move)."""

    kind: Literal["walk"]
    dest: str
    route: list[str]
    free: bool


def walk(dest: str, route: list[str], free: bool) -> Walk:
    return Walk("walk", dest, route, free)


def as_walk(action: tuple[Any, ...]) -> Walk:
    """``action``, a ``walk``, read by its fields."""
    return _read(Walk, "walk", action)


class Copy(NamedTuple):
    """Use the local actions of the building at ``loc``, next to this one (building 8b)."""

    kind: Literal["copy"]
    loc: str


def copy(loc: str) -> Copy:
    return Copy("copy", loc)


def as_copy(action: tuple[Any, ...]) -> Copy:
    return _read(Copy, "copy", action)


# ================================================================================ cards


class Discard(NamedTuple):
    """Discard ``card`` from the hand for ``reward`` (``{"money": 2}``, ``{"cert": 1, "money": 2}``, …)."""

    kind: Literal["discard"]
    card: str
    reward: dict[str, int]


def discard(card: str, reward: dict[str, int]) -> Discard:
    return Discard("discard", card, reward)


def as_discard(action: tuple[Any, ...]) -> Discard:
    return _read(Discard, "discard", action)


class Pair(NamedTuple):
    """Discard the pair of cattle cards ``cards`` (of one breed) for ``money`` dollars."""

    kind: Literal["pair"]
    cards: list[str]
    money: int


def pair(cards: list[str], money: int) -> Pair:
    return Pair("pair", cards, money)


def as_pair(action: tuple[Any, ...]) -> Pair:
    return _read(Pair, "pair", action)


class Draw(NamedTuple):
    """Draw ``number`` cards, then discard as many."""

    kind: Literal["draw"]
    number: int


def draw(number: int) -> Draw:
    return Draw("draw", number)


def as_draw(action: tuple[Any, ...]) -> Draw:
    return _read(Draw, "draw", action)


class DiscardCard(NamedTuple):
    """Discard ``card`` from the hand, for nothing (after drawing)."""

    kind: Literal["discard_card"]
    card: str


def discard_card(card: str) -> DiscardCard:
    return DiscardCard("discard_card", card)


def as_discard_card(action: tuple[Any, ...]) -> DiscardCard:
    return _read(DiscardCard, "discard_card", action)


class Trash(NamedTuple):
    """Remove ``card`` from the hand and from the game."""

    kind: Literal["trash"]
    card: str


def trash(card: str) -> Trash:
    return Trash("trash", card)


def as_trash(action: tuple[Any, ...]) -> Trash:
    return _read(Trash, "trash", action)


class Objective(NamedTuple):
    """Take the objective card ``card`` from the display (``"stack"``: the top of its stack), to the
    hand or the discard pile (``to``: ``"hand"`` or ``"discard"``)."""

    kind: Literal["objective"]
    card: str
    to: str


def objective(card: str, to: str) -> Objective:
    return Objective("objective", card, to)


def as_objective(action: tuple[Any, ...]) -> Objective:
    return _read(Objective, "objective", action)


# ========================================================================= money and certificates


class Money(NamedTuple):
    """Gain ``amount`` dollars."""

    kind: Literal["money"]
    amount: int


def money(amount: int) -> Money:
    return Money("money", amount)


def as_money(action: tuple[Any, ...]) -> Money:
    return _read(Money, "money", action)


class Certs(NamedTuple):
    """Gain ``number`` certificates (as far as the certificate track allows)."""

    kind: Literal["certs"]
    number: int


def certs(number: int) -> Certs:
    return Certs("certs", number)


def as_certs(action: tuple[Any, ...]) -> Certs:
    return _read(Certs, "certs", action)


class TeepeePairs(NamedTuple):
    """For each of ``pairs`` pairs of teepees (one green, one blue): 2 certificates and $2."""

    kind: Literal["teepee_pairs"]
    pairs: int


def teepee_pairs(pairs: int) -> TeepeePairs:
    return TeepeePairs("teepee_pairs", pairs)


def as_teepee_pairs(action: tuple[Any, ...]) -> TeepeePairs:
    return _read(TeepeePairs, "teepee_pairs", action)


class Aux(NamedTuple):
    """The auxiliary action ``name`` (money, draw, cert, engine, trash), single or double (``times``)."""

    kind: Literal["aux"]
    name: str
    times: int


def aux(name: str, times: int) -> Aux:
    return Aux("aux", name, times)


def as_aux(action: tuple[Any, ...]) -> Aux:
    return _read(Aux, "aux", action)


# ============================================================================ workers and buildings


class Hire(NamedTuple):
    """Hire the ``worker`` (cowboy, craftsman, engineer) from row ``row`` (0 the top) of the job
    market, for ``cost`` dollars."""

    kind: Literal["hire"]
    worker: str
    row: int
    cost: int


def hire(worker: str, row: int, cost: int) -> Hire:
    return Hire("hire", worker, row, cost)


def as_hire(action: tuple[Any, ...]) -> Hire:
    return _read(Hire, "hire", action)


class Build(NamedTuple):
    """Build the player's building ``number`` (one of ``Player.buildings``) on ``loc``, for ``cost``
    dollars (its craftsmen, or those it adds to the building it replaces, times the action's rate)."""

    kind: Literal["build"]
    number: str
    loc: str
    cost: int


def build(number: str, loc: str, cost: int) -> Build:
    return Build("build", number, loc, cost)


def as_build(action: tuple[Any, ...]) -> Build:
    """``action``, a build option (not the local action ``("build", rate)`` that offers them), by its
    fields."""
    return _read(Build, "build", action)


class Buy(NamedTuple):
    """Buy cattle from the market (it opens the purchases: ``Purchase``, ``MarketDraw``)."""

    kind: Literal["buy"]


class MarketDraw(NamedTuple):
    """Pay one cowboy to fill the cattle market with 2 cards from its stack."""

    kind: Literal["market_draw"]


BUY = Buy("buy")
MARKET_DRAW = MarketDraw("market_draw")


def buy() -> Buy:
    return BUY


def market_draw() -> MarketDraw:
    return MARKET_DRAW


class Purchase(NamedTuple):
    """Buy the cattle cards ``cards`` from the market, with ``cowboys`` cowboys, for ``price`` dollars."""

    kind: Literal["purchase"]
    cards: list[str]
    cowboys: int
    price: int


def purchase(cards: list[str], cowboys: int, price: int) -> Purchase:
    return Purchase("purchase", cards, cowboys, price)


def as_purchase(action: tuple[Any, ...]) -> Purchase:
    return _read(Purchase, "purchase", action)


# ===================================================================== hazards and teepees


class Hazard(NamedTuple):
    """Remove the hazard tile at ``loc`` and keep it, for ``cost`` dollars."""

    kind: Literal["hazard"]
    loc: str
    cost: int


def hazard(loc: str, cost: int) -> Hazard:
    return Hazard("hazard", loc, cost)


def as_hazard(action: tuple[Any, ...]) -> Hazard:
    return _read(Hazard, "hazard", action)


class Trade(NamedTuple):
    """Trade with the Indians: take the teepee at ``loc``, gaining (or paying) what its space shows."""

    kind: Literal["trade"]
    loc: str


def trade(loc: str) -> Trade:
    return Trade("trade", loc)


def as_trade(action: tuple[Any, ...]) -> Trade:
    return _read(Trade, "trade", action)


# ============================================================================= the railroad


class Engine(NamedTuple):
    """Move the engine forward to ``space``, for ``cost`` dollars (0 but for neutral building D's $2)."""

    kind: Literal["engine"]
    space: str
    cost: int


def engine(space: str, cost: int) -> Engine:
    return Engine("engine", space, cost)


def as_engine(action: tuple[Any, ...]) -> Engine:
    return _read(Engine, "engine", action)


class Back(NamedTuple):
    """Move the engine back to ``space``, then ``then`` (``"money3"``, ``"cert2"``, ``"trash1"``, …)."""

    kind: Literal["back"]
    space: str
    then: str


def back(space: str, then: str) -> Back:
    return Back("back", space, then)


def as_back(action: tuple[Any, ...]) -> Back:
    return _read(Back, "back", action)


class Bounce(NamedTuple):
    """The engine at the end of the track moves back to ``space``, and the player gains $3."""

    kind: Literal["bounce"]
    space: str


def bounce(space: str) -> Bounce:
    return Bounce("bounce", space)


def as_bounce(action: tuple[Any, ...]) -> Bounce:
    return _read(Bounce, "bounce", action)


class Extra(NamedTuple):
    """The extraordinary delivery (building 9a): move the engine back to ``space``, then deliver to a
    city worth at most the spaces moved, without income or transport costs."""

    kind: Literal["extra"]
    space: str


def extra(space: str) -> Extra:
    return Extra("extra", space)


def as_extra(action: tuple[Any, ...]) -> Extra:
    return _read(Extra, "extra", action)


class UpgradeStation(NamedTuple):
    """Pay to upgrade the station ``station`` (0 the first) and place a disc on it."""

    kind: Literal["upgrade_station"]
    station: int


def upgrade_station(station: int) -> UpgradeStation:
    return UpgradeStation("upgrade_station", station)


def as_upgrade_station(action: tuple[Any, ...]) -> UpgradeStation:
    return _read(UpgradeStation, "upgrade_station", action)


class Disc(NamedTuple):
    """Take the disc to place (on a city or station) from ``space`` of the player board (or
    ``"station N"``: back from a station)."""

    kind: Literal["disc"]
    space: str


def disc(space: str) -> Disc:
    return Disc("disc", space)


def as_disc(action: tuple[Any, ...]) -> Disc:
    return _read(Disc, "disc", action)


class Appoint(NamedTuple):
    """Appoint a worker (``worker``: its index in ``WORKER_TYPES``) as station master of ``station``
    (0 the first), taking its tile."""

    kind: Literal["appoint"]
    worker: int
    station: int


def appoint(worker: int, station: int) -> Appoint:
    return Appoint("appoint", worker, station)


def as_appoint(action: tuple[Any, ...]) -> Appoint:
    return _read(Appoint, "appoint", action)


class Push(NamedTuple):
    """Put ``decision`` on top of the stack (the extraordinary delivery's choice of space)."""

    kind: Literal["push"]
    decision: dict[str, Any]


def push(decision: dict[str, Any]) -> Push:
    return Push("push", decision)


def as_push(action: tuple[Any, ...]) -> Push:
    return _read(Push, "push", action)


# ============================================================================= Kansas City


class Pick(NamedTuple):
    """Take ``tile`` from column ``column`` (0 the first) of the foresight spaces."""

    kind: Literal["pick"]
    column: int
    tile: str


def pick(column: int, tile: str) -> Pick:
    return Pick("pick", column, tile)


def as_pick(action: tuple[Any, ...]) -> Pick:
    return _read(Pick, "pick", action)


class Income(NamedTuple):
    """Take the income, leaving the certificate marker at ``cert`` (the certificates above it are added
    to the breeding value)."""

    kind: Literal["income"]
    cert: int


def income(cert: int) -> Income:
    return Income("income", cert)


def as_income(action: tuple[Any, ...]) -> Income:
    return _read(Income, "income", action)


class Deliver(NamedTuple):
    """Deliver the herd to ``city``, paying its transport costs."""

    kind: Literal["deliver"]
    city: str


def deliver(city: str) -> Deliver:
    return Deliver("deliver", city)


def as_deliver(action: tuple[Any, ...]) -> Deliver:
    return _read(Deliver, "deliver", action)


# ============================================= the buildings' local actions (rules.gwt.content)
#
# What a building (or a private space's risk) offers, as data: each makes the options above when the
# cattleman stands there (``rules.gwt.options.spec_moves``). Several share a kind's name with the option
# they make (``("hire", 2)`` offers ``("hire", "cowboy", 0, 8)``), so their classes are named ``Local…``.


class LocalDiscard(NamedTuple):
    """Discard a ``card`` (a breed, or an objective card's code) for ``reward`` (``{"money": 2}``, …)."""

    kind: Literal["discard"]
    card: str
    reward: dict[str, int]


def local_discard(card: str, reward: dict[str, int]) -> LocalDiscard:
    return LocalDiscard("discard", card, reward)


def as_local_discard(action: tuple[Any, ...]) -> LocalDiscard:
    return _read(LocalDiscard, "discard", action)


class LocalPair(NamedTuple):
    """Discard a pair of cattle cards of one breed for ``money`` dollars."""

    kind: Literal["pair"]
    money: int


def local_pair(money: int) -> LocalPair:
    return LocalPair("pair", money)


def as_local_pair(action: tuple[Any, ...]) -> LocalPair:
    return _read(LocalPair, "pair", action)


class LocalHire(NamedTuple):
    """Hire one worker, paying the job market's price plus ``modifier`` dollars (-1: $1 less)."""

    kind: Literal["hire"]
    modifier: int


def local_hire(modifier: int) -> LocalHire:
    return LocalHire("hire", modifier)


def as_local_hire(action: tuple[Any, ...]) -> LocalHire:
    return _read(LocalHire, "hire", action)


class LocalBuild(NamedTuple):
    """Build one building, paying ``per_craftsman`` dollars for each craftsman it needs."""

    kind: Literal["build"]
    per_craftsman: int


def local_build(per_craftsman: int) -> LocalBuild:
    return LocalBuild("build", per_craftsman)


def as_local_build(action: tuple[Any, ...]) -> LocalBuild:
    return _read(LocalBuild, "build", action)


class LocalHazard(NamedTuple):
    """Remove one hazard from the trail for ``cost`` dollars."""

    kind: Literal["hazard"]
    cost: int


def local_hazard(cost: int) -> LocalHazard:
    return LocalHazard("hazard", cost)


def as_local_hazard(action: tuple[Any, ...]) -> LocalHazard:
    return _read(LocalHazard, "hazard", action)


class LocalEngine(NamedTuple):
    """Move the engine forward up to ``spaces`` spaces: a number, ``"engineers"`` (one per engineer) or
    ``"woods"`` (one per own building in the woods)."""

    kind: Literal["engine"]
    spaces: int | str


def local_engine(spaces: int | str) -> LocalEngine:
    return LocalEngine("engine", spaces)


def as_local_engine(action: tuple[Any, ...]) -> LocalEngine:
    return _read(LocalEngine, "engine", action)


class LocalMove(NamedTuple):
    """Move the cattleman up to ``steps`` steps forward, then use the new location's actions."""

    kind: Literal["move"]
    steps: int


def local_move(steps: int) -> LocalMove:
    return LocalMove("move", steps)


def as_local_move(action: tuple[Any, ...]) -> LocalMove:
    return _read(LocalMove, "move", action)


class LocalMoney(NamedTuple):
    """Gain ``amount`` dollars."""

    kind: Literal["money"]
    amount: int


def local_money(amount: int) -> LocalMoney:
    return LocalMoney("money", amount)


def as_local_money(action: tuple[Any, ...]) -> LocalMoney:
    return _read(LocalMoney, "money", action)


class Risk(NamedTuple):
    """A risk action of a private space, for the owner of the building there: discard a ``card``
    (``"jersey"``, or ``"any"`` cattle card) for ``cert`` certificates and ``money`` dollars."""

    kind: Literal["risk"]
    card: str
    cert: int
    money: int


def risk(card: str, cert: int, money: int) -> Risk:
    return Risk("risk", card, cert, money)


def as_risk(action: tuple[Any, ...]) -> Risk:
    return _read(Risk, "risk", action)


# The local actions whose kind says it all (``rules/gwt/content.py`` says what each does)
BareKind = Literal[
    "buy", "aux2", "cert_or_objective", "trade_or_engine", "trade_or_aux2", "woods", "teepee_pairs",
    "extra", "cert_max", "objective_cert", "back_money", "draw_cowboys", "engineer_money", "any_objective",
    "copy", "upgrade_behind",
]


class LocalBare(NamedTuple):
    """A local action with nothing to it but its ``kind`` (one of ``BareKind``)."""

    kind: BareKind


def local(kind: BareKind) -> LocalBare:
    return LocalBare(kind)


# every kind of option, by its name
KINDS: dict[str, type[tuple[Any, ...]]] = {
    "act": Act,
    "aux_instead": AuxInstead,
    "done": Done,
    "skip": Skip,
    "end_turn": EndTurn,
    "play": Play,
    "walk": Walk,
    "copy": Copy,
    "discard": Discard,
    "pair": Pair,
    "draw": Draw,
    "discard_card": DiscardCard,
    "trash": Trash,
    "objective": Objective,
    "money": Money,
    "certs": Certs,
    "teepee_pairs": TeepeePairs,
    "aux": Aux,
    "hire": Hire,
    "build": Build,
    "buy": Buy,
    "market_draw": MarketDraw,
    "purchase": Purchase,
    "hazard": Hazard,
    "trade": Trade,
    "engine": Engine,
    "back": Back,
    "bounce": Bounce,
    "extra": Extra,
    "upgrade_station": UpgradeStation,
    "disc": Disc,
    "appoint": Appoint,
    "push": Push,
    "pick": Pick,
    "income": Income,
    "deliver": Deliver,
}

# every kind of local action, by its name (``LocalBare`` for those of ``BareKind``)
LOCAL_KINDS: dict[str, type[tuple[Any, ...]]] = {
    "discard": LocalDiscard,
    "pair": LocalPair,
    "hire": LocalHire,
    "build": LocalBuild,
    "hazard": LocalHazard,
    "engine": LocalEngine,
    "move": LocalMove,
    "money": LocalMoney,
    "risk": Risk,
    **dict.fromkeys(get_args(BareKind), LocalBare),
}
