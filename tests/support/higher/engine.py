"""Higher, the rules (``rules/higher/``): each seat holds 4 hidden cards of 1..16. In turn, play a card
higher than the top card if you hold one (you must), else pass; when all the others have passed, the
last to play leads again onto an empty table. Whoever plays their last card ends the game; each card
played scores 1."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.core.errors import GameOverError, NotYourTurnError, SetupError
from rules.core.events import GAME_END, TURN_START, Event, event
from rules.core.notation import match_move
from rules.core.result import build_result
from rules.core.rng import Rng
from rules.core.spec import GameSpec, SpecIdentity

State = dict[str, Any]
HAND = 4
PICTURES = "tests.support.higher.pictures"  # a game in render/higher/ would need no such line


SPEC = GameSpec(
    id="higher",
    title="Higher",
    summary="play a higher card than the last, or pass",
    min_players=2,
    max_players=4,
    colour=(200, 120, 40),
    help={"goal": ("Goal", "Be the first to play every card of your hand.")},
    hands=True,
)


class Higher(SpecIdentity, spec=SPEC):
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        if options:
            raise SetupError(f"Unknown options: {sorted(options)}")
        self.check_players(players)
        deck = list(range(1, 17))
        Rng(seed).shuffle(deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        return {
            "players": players,
            "hands": hands,
            "top": 0,
            "current": 0,
            "passes": 0,
            "turn": 1,
            "played": [0] * players,
            "over": False,
        }

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset({state["current"]})

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        return [f"play {card}" for card in state["hands"][seat] if card > state["top"]] or ["pass"]

    def play(self, state: State, seat: int, move: str) -> tuple[State, list[Event]]:
        move, new = self.parse_move(state, seat, move), copy.deepcopy(state)
        if move == "pass":  # passing tells the table the hand holds nothing higher: never undone
            events = [event("pass", f"Player {seat + 1} passes.", seat=seat, irreversible=True)]
            new["passes"] += 1
            if new["passes"] == new["players"] - 1:
                new["top"], new["passes"] = 0, 0
        else:
            card = int(move.split()[1])
            new["hands"][seat].remove(card)
            new["top"], new["passes"] = card, 0
            new["played"][seat] += 1
            events = [
                event("play", f"Player {seat + 1} plays a {card}.", seat=seat, card=card, irreversible=True)
            ]
        if not new["hands"][seat]:
            new["over"] = True
            return new, [*events, event(GAME_END, f"Player {seat + 1} has played every card.")]
        new["current"], new["turn"] = (seat + 1) % new["players"], new["turn"] + 1
        return new, [*events, event(TURN_START, f"Player {new['current'] + 1}'s turn.", seat=new["current"])]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        to_act = sorted(self.to_act(state))
        prompt = f"Play a card higher than {state['top']}, or pass if you hold none"
        view = {
            "game": self.id,
            "viewer": seat,
            "players": state["players"],
            "to_act": to_act,
            "over": state["over"],
            "round": state["turn"],
            "top": state["top"],
            "decision": None if state["over"] else {"seats": to_act, "prompt": prompt},
            "hand_sizes": [len(h) for h in state["hands"]],
            "played": list(state["played"]),
        }
        if seat is not None:
            view["hand"] = list(state["hands"][seat])
        return view

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def result(self, state: State) -> dict[str, Any]:
        return dict(
            build_result(["cards"], [{"cards": n} for n in state["played"]], labels={"cards": "Cards"})
        )

    def dump(self, state: State) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return copy.deepcopy(dict(data))

    def parse_move(self, state: State, seat: int, text: str) -> str:
        if state["over"]:
            raise GameOverError("The game is over.")
        if seat not in self.to_act(state):
            raise NotYourTurnError(f"Player {seat + 1} does not act now.")
        legal = self.legal_moves(state, seat)
        return match_move(text, legal, describe=lambda m: self.describe_move(state, seat, m))

    def describe_move(self, state: State, seat: int, move: str) -> str:
        return "Pass" if move == "pass" else f"Play your {move.split()[1]}"

    def describe_hand(self, view: dict[str, Any]) -> list[str]:
        return [f"card {card}" for card in view["hand"]]

    def forced_step_reveals(self, state: State, seat: int, move: str) -> bool:
        """Every step here is forced by the hidden hand (a pass: nothing higher; a lone card: the rest
        lower), so making one for a player at once would tell the table what they hold."""
        return True


RULES = Higher()
