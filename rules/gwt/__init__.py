"""Great Western Trail (first edition, 2–4 players): the rules engine, exported as ``RULES``.

Options: ``neutral`` "fixed" (A–G on their letters, the default) or "random"; ``building_sides`` "a"
(the default) or "random" (one random side per building number, shared by all players). Hidden from
players, ``rules_revision`` names the revision of the rules the game is played by, so that a stored game
replays as it was played after a fix changes what a move leads to (``rules.gwt.revisions``: how to add
the next one).

Notation (one move per decision; ``legal_moves`` lists every option in a stable order). Locations use the
ids of the board (START, A, A-1, FLOOD-1, TEEPEE--3, …, KANSAS_CITY); typed moves may name them by the
short names the board picture prints instead ("move 12", "remove flood 2", "trade teepee 4", "move kc", see
``rules.gwt.places``), and cities, breeds and workers by the names and short forms the pictures print
("deliver colorado spr.", "buy brown swiss for 6", "hire cr 6", see ``rules.gwt.aliases``); railroad
spaces are "0".."39" with the turnouts "4.5", "7.5", …; cattle cards are jersey, dutch-belt, black-angus,
guernsey, holstein, brown-swiss, ayrshire, highland-3/4/5 and longhorn-5/6/7 (the number is the card's
victory points);
objective cards are named by immediate action and tasks (gain2-bgbl, aux-sf, move-345, start-34b, …).

    move B-2                      move the cattleman (first turn: onto any neutral building)
    move B via FLOOD-2 FLOOD-3    when paths to a location charge different fees: the locations passed
    move B direct                 ... or the path passing no location
    play aux-sf                   play an objective card from the hand
    discard guernsey              a local action discarding one card ("risk jersey" for a risk action)
    pair jersey, pair highland-3 highland-4     discard two cards of one breed
    hire craftsman 6              hire from job market row 6 (building A: the cheaper hire comes first)
    build 4a A-2                  place (or upgrade an own building with) a private building
    buy, buy holstein for 6, buy holstein ayrshire for 5, draw 2, done     the cowboy purchases
    remove FLOOD-1, trade TEEPEE-6, cert, objective gain2-bgbl, objective stack
    engine 7, engine 4.5          move the engine; "back 4" for building 1b
    upgrade, upgrade 3, disc cert, disc station 2, appoint engineer    stations and station masters
    aux money, aux draw, aux cert, aux engine, aux trash, ... x2        auxiliary actions (x2: double)
    woods, teepees, engineers, gain 4, certs max, copy C-2, extra, draw 2   other local actions
    trash jersey, discard jersey  remove a card from the game / discard after drawing
    pick cowboy, certs 2, deliver albuquerque                          the Kansas City subphases
    skip, done                    forfeit an optional action / end phase B ("pass" means done)
    done                          end the turn: phase C (refilling the hand and the foresight) happens
                                  only on this confirmation, so every step before it can be taken back
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from rules.core.english import english
from rules.core.errors import GameOverError, NotYourTurnError, ParseError, RulesError
from rules.core.events import TELLS_MOVE, Event, event
from rules.core.notation import match_move, normalize
from rules.core.protocol import plain
from rules.core.result import build_result
from rules.core.spec import SpecIdentity
from rules.core.texts import Said, said
from rules.core.texts import seat as player
from rules.gwt.actions import as_build, as_walk
from rules.gwt.aliases import to_ids as names_to_ids
from rules.gwt.board import Tx
from rules.gwt.effects import apply, settle
from rules.gwt.labels import say as say_label
from rules.gwt.labels import unwrap
from rules.gwt.options import Options, ends_turn, options
from rules.gwt.places import to_ids
from rules.gwt.prices import detail, say_detail
from rules.gwt.reveals import forced_step_reveals
from rules.gwt.scoring import CATEGORIES, LABELS, public_score, score
from rules.gwt.sentences import say_done
from rules.gwt.setup import current_options, new_state
from rules.gwt.spec import SPEC
from rules.gwt.state import State, dump_state, load_state
from rules.gwt.view import build_view, hand_lines, say_hand

VERBS = frozenset(
    {
        "move",
        "play",
        "discard",
        "risk",
        "pair",
        "hire",
        "build",
        "buy",
        "draw",
        "done",
        "remove",
        "trade",
        "engine",
        "back",
        "upgrade",
        "disc",
        "appoint",
        "aux",
        "woods",
        "teepees",
        "engineers",
        "gain",
        "certs",
        "cert",
        "copy",
        "extra",
        "pick",
        "deliver",
        "skip",
        "objective",
        "trash",
    }
)
ALIASES = {"pass": "done", "end": "done", "end turn": "done", "no": "skip", "forfeit": "skip", "stop": "skip"}


class GreatWesternTrail(SpecIdentity, spec=SPEC):
    def __init__(self) -> None:
        self._cache: tuple[State | None, Options] = (None, {})

    # ------------------------------------------------------------------------------- the contract

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        return new_state(players, seed, options)

    def current_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` as a new game is stored with them: with the current rules revision
        (``rules.gwt.revisions``)."""
        return current_options(options)

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.current})

    def _options(self, state: State) -> Options:
        cached_state, opts = self._cache
        if cached_state is not state:
            opts = options(state)
            self._cache = (state, opts)
        return opts

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if state.over or seat != state.current:
            return []
        return list(self._options(state))

    def play(self, state: State, seat: int, move: str) -> tuple[State, list[Event]]:
        # a canonical move (what computer players and rollouts send) needs no parsing
        opts = self._options(state) if not state.over and seat == state.current else {}
        canonical = move if move in opts else self.parse_move(state, seat, move)
        action = self._options(state)[canonical]
        new, tx = self._apply(state, seat, action)
        teller = tx.teller
        if teller is not None:  # the move's own event says it, and more: no "Player N: <label>." line
            teller[TELLS_MOVE] = True
            if tx.hidden:
                tx.events[0]["irreversible"] = True
            return new, tx.events
        # the log names the move; what it cost is told by the events that follow
        label = self._label(state, seat, canonical, priced=False)
        told = say_done(label, seat) or said("gwt.event.move", player=player(seat), move=label)
        head = event(
            "move",
            english(told),
            irreversible=tx.hidden,
            seat=seat,
            move=canonical,
            say=told,
            **_marks(state, seat, action),
        )
        return new, [head, *tx.events]

    def _apply(self, state: State, seat: int, action: Any) -> tuple[State, Tx]:
        new = state.copy()
        tx = Tx(new, seat)
        apply(tx, action)
        teller = tx.teller  # what settles on its own afterwards does not tell this move
        settle(tx)
        tx.teller = teller
        tx.finish()
        return new, tx

    def advance(self, state: State, seat: int, move: str) -> State:
        """``play``'s new state alone, for a legal canonical move: what the search's playouts need,
        without the words of the move's label (with the view's, 14 % of a playout's time)."""
        return self._apply(state, seat, self._options(state)[move])[0]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return plain(build_view(state, seat))

    def is_over(self, state: State) -> bool:
        return bool(state.over)

    def result(self, state: State) -> dict[str, Any]:
        return plain(build_result(CATEGORIES, [score(state, seat) for seat in range(state.n)], labels=LABELS))

    def public_scores(self, state: State) -> list[int]:
        return [public_score(state, seat) for seat in range(state.n)]

    def forced_step_reveals(self, state: State, seat: int, move: str) -> bool:
        """Whether making ``move``, the only legal one, at once would tell the table about the hand
        (``rules.gwt.reveals``)."""
        return forced_step_reveals(state, seat, move)

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        try:
            return load_state(dict(data))
        except (KeyError, TypeError) as exc:
            raise RulesError(f"Not a saved Great Western Trail game: {exc}.") from exc

    # ------------------------------------------------------------------------------- notation

    def parse_move(self, state: State, seat: int, text: str) -> str:
        if state.over:
            raise GameOverError("The game is over.", say=said("rules.game_over"))
        if seat != state.current:
            raise NotYourTurnError(
                f"It is Player {state.current + 1}'s turn, not Player {seat + 1}'s.",
                say=said("gwt.error.not_your_turn", current=player(state.current), seat=player(seat)),
            )
        if not isinstance(text, str):
            raise ParseError("A move is text.")
        wanted = normalize(text)
        first = ALIASES.get(wanted, wanted).split(" ")[0] if wanted else ""

        def label(move: str) -> str:
            return self.describe_move(state, seat, move)

        if first not in VERBS:
            # players read labels, never the notation: the first few moves are offered by theirs
            examples = list(self._options(state))[:3]
            some = "; ".join(label(m) for m in examples)
            raise ParseError(
                f"'{text.strip()}' is not a Great Western Trail move (you may: {some}).",
                say=said(
                    "rules.not_a_move",
                    text=text.strip(),
                    title=self.title,
                    some=[self.say_move(state, seat, m) for m in examples],
                ),
            )
        legal = self._options(state)
        try:
            typed = names_to_ids(to_ids(ALIASES.get(wanted, wanted)))
            return match_move(typed, legal, aliases=ALIASES, describe=label)
        except RulesError:
            # the error quotes what was typed, never the ids the names were turned into
            return match_move(text, legal, aliases=ALIASES, describe=label)

    def describe_hand(self, view: dict[str, Any]) -> list[str]:
        return hand_lines(view)

    def say_hand(self, view: dict[str, Any]) -> list[Said | str]:
        return say_hand(view)

    def describe_move(self, state: State, seat: int, move: str) -> str:
        return english(self.say_move(state, seat, move))

    def say_move(self, state: State, seat: int, move: str) -> Said | str:
        return self._label(state, seat, move, priced=True)

    def say_done(self, label: Said | str, seat: int) -> Said | None:
        return say_done(label, seat)

    def _label(self, state: State, seat: int, move: str, priced: bool) -> Said | str:
        if state is None or state.over:
            return say_label(move)
        action = self._options(state).get(move) if seat == state.current else None
        pending = state.stack[-1]["k"] if state.stack else ""
        if move == "done" and ends_turn(state):
            pending = "end_turn"
        return say_label(move, state, action, pending, priced=priced)

    def detail_move(self, state: State, seat: int, move: str) -> str:
        """What a legal move costs and earns, beside its label ("" when its label says it all)."""
        if state is None or state.over or seat != state.current:
            return ""
        return detail(move, state, unwrap(self._options(state).get(move)))

    def say_detail(self, state: State, seat: int, move: str) -> Said | str:
        """``detail_move`` as facts of the game's catalog."""
        if state is None or state.over or seat != state.current:
            return ""
        return say_detail(move, state, unwrap(self._options(state).get(move)))


RULES = GreatWesternTrail()

__all__ = ["RULES", "SPEC", "GreatWesternTrail"]


class _Marks(TypedDict, total=False):
    """The ``Details`` of a ``move`` event that mark it in the turn picture."""

    path: list[str]
    built: str


def _marks(state: State, seat: int, action: tuple[Any, ...]) -> _Marks:
    """What the turn picture marks of a move: the cattleman's path (from where it stood to where it
    stops) or the place of a building just built."""
    inner = unwrap(action)
    if inner and inner[0] == "walk":
        start, step = state.players[seat].location, as_walk(inner)
        return {"path": [loc for loc in (start, *step.route, step.dest) if loc]}
    if inner and inner[0] == "build":
        return {"built": as_build(inner).loc}
    return {}
