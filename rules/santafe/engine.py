"""``SantaFeRules``: the engine contract (rules.core.protocol) on top of the state, flow and notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import (
    GameOverError,
    NotYourTurnError,
    RulesError,
    SetupError,
    unknown_option,
)
from rules.core.events import Event
from rules.core.protocol import plain
from rules.core.spec import SpecIdentity
from rules.core.texts import Said, listing, said
from rules.core.texts import seat as seat_fact
from rules.santafe import flow, notation, prices, reveals, sentences, state, view
from rules.santafe.spec import SPEC
from rules.santafe.state import SantaFeState

OPTIONS = {"advanced": False, "buy_track": False}


class SantaFeRules(SpecIdentity, spec=SPEC):
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> SantaFeState:
        self.check_players(players)
        chosen = dict(OPTIONS)
        for key, value in (options or {}).items():
            if key not in OPTIONS:
                raise unknown_option(self.title, key, OPTIONS)
            if not isinstance(value, bool):
                raise SetupError(
                    f"Option '{key}' is true or false.", say=said("rules.setup.option_switch", key=key)
                )
            chosen[key] = value
        s = state.new_state(players, seed, chosen["advanced"], chosen["buy_track"])
        flow.start(s)
        return s

    def to_act(self, s: SantaFeState) -> frozenset[int]:
        return flow.to_act(s)

    def legal_moves(self, s: SantaFeState, seat: int) -> list[str]:
        return list(flow.options(s, seat))

    def parse_move(self, s: SantaFeState, seat: int, text: str) -> str:
        self._check_turn(s, seat)
        return notation.parse(s, seat, text)

    def describe_move(self, s: SantaFeState, seat: int, move: str) -> str:
        return notation.describe(s, seat, move)

    def say_move(self, s: SantaFeState, seat: int, move: str) -> Said | str:
        return notation.say_label(s, seat, move)

    def detail_move(self, s: SantaFeState, seat: int, move: str) -> str:
        """What a legal move costs and earns, beside its label in menus."""
        return prices.detail(s, seat, move)

    def say_detail(self, s: SantaFeState, seat: int, move: str) -> Any:
        """``detail_move`` as facts of the game's catalog."""
        return prices.say_detail(s, seat, move)

    def play(self, s: SantaFeState, seat: int, move: str) -> tuple[SantaFeState, list[Event]]:
        self._check_turn(s, seat)
        legal = flow.options(s, seat)
        key = move if move in legal else notation.parse(s, seat, move)
        new = s.clone()
        events = flow.apply(new, seat, legal[key])
        sentences.mark_teller(legal[key][0], seat, events)
        return new, events

    def say_done(self, label: Said | str, seat: int) -> Said | None:
        return sentences.say_done(label, seat)

    def view(self, s: SantaFeState, seat: int | None) -> dict[str, Any]:
        return plain(view.view(s, seat))

    def describe_hand(self, seat_view: dict[str, Any]) -> list[str]:
        return view.hand_lines(seat_view)

    def say_hand(self, seat_view: dict[str, Any]) -> list[Said]:
        return view.say_hand(seat_view)

    def forced_step_reveals(self, s: SantaFeState, seat: int, move: str) -> bool:
        """Whether making ``move``, the only legal one, at once would tell the table about the hand
        (``rules.santafe.reveals``)."""
        return reveals.forced_step_reveals(s, seat, move)

    def is_over(self, s: SantaFeState) -> bool:
        return s.over

    def result(self, s: SantaFeState) -> dict[str, Any]:
        return plain(view.result(s))

    def public_scores(self, s: SantaFeState) -> list[int]:
        return view.public_scores(s)

    def dump(self, s: SantaFeState) -> dict[str, Any]:
        return state.dump(s)

    def load(self, data: Mapping[str, Any]) -> SantaFeState:
        try:
            return state.load(dict(data))
        except (TypeError, ValueError) as exc:
            raise RulesError(f"Not a Santa Fe state: {exc}") from exc

    @staticmethod
    def _check_turn(s: SantaFeState, seat: int) -> None:
        if s.over:
            raise GameOverError("The game is over.", say=said("rules.game_over"))
        if seat not in flow.to_act(s):
            waiting = view.players_list(sorted(flow.to_act(s)))
            seats = listing([seat_fact(p) for p in sorted(flow.to_act(s))], conjunction=True)
            raise NotYourTurnError(
                f"It is not your turn: waiting for {waiting}.",
                say=said("santafe.error.not_your_turn", waiting=seats),
            )
