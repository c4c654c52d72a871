"""Tiny: a small card game that exercises the whole engine contract for the service tests.

A deck of cards 1..15 is shuffled at set-up and each player gets 3 hidden cards. A round has a turn for
each player, then a sealed bid. On your turn (several steps): play up to two cards from your hand to your
table (each scores its value), draw the top card of the deck (it is revealed to you only: irreversible),
and ``pass`` to end the turn. Then everyone holding cards bids one at the same time; when all have bid the
bids are revealed, the highest bid scores 5 bonus points and the bid cards are discarded. After
``rounds`` rounds the game ends. There is no pass in the bid, so a deadline there cannot skip the seat.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.core.errors import GameOverError, NotYourTurnError, SetupError
from rules.core.events import GAME_END, TURN_START, Event, event
from rules.core.notation import match_move
from rules.core.result import build_result
from rules.core.rng import Rng
from rules.core.spec import GameSpec, Option, SpecIdentity

DECK = list(range(1, 16))
HAND = 3
MAX_HAND = 5
PLAYS_PER_TURN = 2
BID_BONUS = 5
ALIASES = {"d": "draw", "end": "pass", "p": "pass"}

State = dict[str, Any]


SPEC = GameSpec(
    id="tiny",
    title="Tiny",
    summary="play cards to your table, then bid for a bonus",
    min_players=2,
    max_players=4,
    colour=(90, 140, 60),
    options=(Option("rounds", "how many rounds the game lasts", default=2, minimum=1, maximum=500),),
    help={"goal": ("Goal", "Score the most points: cards on your table count their value, won bids 5.")},
    hands=True,
)


class Tiny(SpecIdentity, spec=SPEC):
    # --- set-up --------------------------------------------------------------------------------------

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        opts = dict(options or {})
        unknown = set(opts) - {"rounds"}
        if unknown:
            raise SetupError(f"Unknown options: {sorted(unknown)}")
        rounds = opts.get("rounds", 2)
        if not isinstance(rounds, int) or not 1 <= rounds <= 500:
            raise SetupError("rounds must be a whole number from 1 to 500")
        self.check_players(players)
        rng = Rng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        return {
            "players": players,
            "rounds": rounds,
            "round": 1,
            "rng": rng.state,
            "deck": deck[players * HAND :],
            "hands": hands,
            "table": [[] for _ in range(players)],
            "bonus": [0] * players,
            "phase": "turn",
            "current": 0,
            "plays": 0,
            "turns": 0,
            "bids": [None] * players,
        }

    # --- queries -------------------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        if state["phase"] == "turn":
            return frozenset({state["current"]})
        if state["phase"] == "bid":
            return frozenset(
                s for s in range(state["players"]) if state["hands"][s] and state["bids"][s] is None
            )
        return frozenset()

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        hand = state["hands"][seat]
        if state["phase"] == "bid":
            return [f"bid {card}" for card in hand]
        moves = [f"play {card}" for card in hand] if state["plays"] < PLAYS_PER_TURN else []
        if state["deck"] and len(hand) < MAX_HAND:
            moves.append("draw")
        moves.append("pass")
        return moves

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> dict[str, Any]:
        points = [
            {"cards": sum(state["table"][s]), "bonus": state["bonus"][s]} for s in range(state["players"])
        ]
        return build_result(["cards", "bonus"], points)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        to_act = sorted(self.to_act(state))
        over = self.is_over(state)
        prompt = "Play, draw or pass" if state["phase"] == "turn" else "Choose a card to bid"
        view: dict[str, Any] = {
            "game": self.id,
            "viewer": seat,
            "players": state["players"],
            "to_act": to_act,
            "over": over,
            "decision": None if over else {"seats": to_act, "prompt": prompt},
            "round": state["round"],
            "phase": state["phase"],
            "table": copy.deepcopy(state["table"]),
            "bonus": list(state["bonus"]),
            "deck": len(state["deck"]),
            "hand_sizes": [len(h) for h in state["hands"]],
            "bid_made": [b is not None for b in state["bids"]],
        }
        if seat is not None:
            view["hand"] = list(state["hands"][seat])
            view["my_bid"] = state["bids"][seat]
        return view

    def describe_hand(self, view: dict[str, Any]) -> list[str]:
        return [f"card {card}" for card in view["hand"]]

    def dump(self, state: State) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return copy.deepcopy(dict(data))

    # --- notation ------------------------------------------------------------------------------------

    def parse_move(self, state: State, seat: int, text: str) -> str:
        if self.is_over(state):
            raise GameOverError("The game is over.")
        if seat not in self.to_act(state):
            raise NotYourTurnError(f"Seat {seat} does not act now.")
        return match_move(text, self.legal_moves(state, seat), aliases=ALIASES)

    def describe_move(self, state: State, seat: int, move: str) -> str:
        if move == "draw":
            return "Draw the top card"
        if move == "pass":
            return "End your turn"
        verb, card = move.split()
        return f"Play your {card}" if verb == "play" else f"Bid your {card}"

    def detail_move(self, state: State, seat: int, move: str) -> str:
        """What a move earns, beside its label in menus (the optional member of the contract)."""
        verb, _, card = move.partition(" ")
        if verb == "play":
            return f"+{card} points"
        return f"the highest bid scores {BID_BONUS} points" if verb == "bid" else ""

    # --- play ----------------------------------------------------------------------------------------

    def play(self, state: State, seat: int, move: str) -> tuple[State, list[Event]]:
        canonical = self.parse_move(state, seat, move)
        new = copy.deepcopy(state)
        events: list[Event] = []
        verb, _, arg = canonical.partition(" ")
        if verb == "play":
            card = int(arg)
            new["hands"][seat].remove(card)
            new["table"][seat].append(card)
            new["plays"] += 1
            events.append(event("play", f"Seat {seat} plays a {card}.", seat=seat, card=card))
        elif verb == "draw":
            card = new["deck"].pop(0)
            new["hands"][seat] = sorted([*new["hands"][seat], card])
            events.append(event("draw", f"Seat {seat} draws a card.", seat=seat, irreversible=True))
            events.append(
                event("drawn", f"You draw a {card}.", private_to=seat, card=card, irreversible=True)
            )
        elif verb == "pass":
            events.append(event("pass", f"Seat {seat} ends the turn.", seat=seat))
            self._end_turn(new, events)
        else:
            card = int(arg)
            new["hands"][seat].remove(card)
            new["bids"][seat] = card
            # "bid 7" names the card: the others read only that a bid was made, until the reveal
            events.append(event("bid", f"Seat {seat} has bid.", seat=seat, hides_move="bid a card"))
            events.append(event("my_bid", f"You bid your {card}.", private_to=seat, card=card))
            if not self.to_act(new):
                self._reveal(new, events)
        return new, events

    def _end_turn(self, state: State, events: list[Event]) -> None:
        state["turns"] += 1
        state["plays"] = 0
        if state["turns"] < state["players"]:
            state["current"] = (state["current"] + 1) % state["players"]
            events.append(event(TURN_START, f"Seat {state['current']}'s turn.", seat=state["current"]))
        elif any(state["hands"]):
            state["phase"] = "bid"
            bidders = sorted(self.to_act(state))
            events.append(event(TURN_START, "Everyone holding cards bids.", seats=bidders))
        else:
            self._next_round(state, events)

    def _reveal(self, state: State, events: list[Event]) -> None:
        bids = {s: b for s, b in enumerate(state["bids"]) if b is not None}
        best = max(bids.values())
        for s, b in bids.items():
            if b == best:
                state["bonus"][s] += BID_BONUS
        shown = ", ".join(f"seat {s}: {b}" for s, b in sorted(bids.items()))
        # seat numbers as text: an event must read back from JSON unchanged
        revealed = {str(s): b for s, b in bids.items()}
        events.append(
            event("reveal", f"Bids revealed ({shown}).", irreversible=True, reveals=True, bids=revealed)
        )
        state["bids"] = [None] * state["players"]
        self._next_round(state, events)

    def _next_round(self, state: State, events: list[Event]) -> None:
        state["round"] += 1
        state["turns"] = 0
        state["plays"] = 0
        if state["round"] > state["rounds"]:
            state["phase"] = "over"
            events.append(event(GAME_END, "The game is over."))
            return
        state["phase"] = "turn"
        state["current"] = (state["round"] - 1) % state["players"]
        events.append(
            event(
                TURN_START, f"Round {state['round']}: seat {state['current']}'s turn.", seat=state["current"]
            )
        )


RULES = Tiny()
