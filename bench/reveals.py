"""Forced steps and hidden hands: which steps that are the only legal move tell the table something.

With auto-play on, the bot makes a person's step at once when it is their only legal move, unless the
engine says its being the only one would reveal what they hide (``GuardsForcedSteps``). This script plays
random games of Great Western Trail and Santa Fe and, at every step that is some seat's only legal move,
re-deals the hidden part of the game consistently with what the table sees, many times, and asks whether
the seat's legal moves stay that one move (nothing hidden in it being forced) or not (its being forced
tells the table something about the hidden part). Lone steps are counted by kind (the decision and the
move's verb), with how many depend on the hidden part and how many the engine leaves to the player.

Hidden, as the rulebooks have it:

- Great Western Trail: each player's hand and the order of their face-down draw stack. Public: the
  discard pile (face up, "you are allowed to look through the cards of your personal discard pile at any
  time"), the cards bought, taken, played and removed, the sizes of hand and stack; so the cards of hand
  and stack together are known, not which are in the hand. A re-deal shuffles each player's hand and
  stack together and deals the hand again (same size); the face-down market, objective and tile stacks
  are shuffled too.
- Santa Fe: the city cards in each hand, the cards chosen face down until the simultaneous reveal, the
  deck and the cards exchanged out of the game. Public: played city cards (face up for the rest of the
  game), Double Turn, Branch Line and Engineer cards held, hand and deck sizes. A re-deal shuffles every
  unseen city card (all city cards but those played) and deals hands, the hidden choices and the deck
  again in their sizes; the rest are the cards exchanged away.

``--arrivals`` also counts, for Great Western Trail, the moves after which the engine itself settled a
decision (forfeited an action that had become impossible) differently for another consistent deal: the
decisions pending after the move, which everybody sees, then tell the table something about the hand.

Columns: ``count`` lone steps of that kind; ``hidden`` those that are not the only move in some re-deal;
``guarded`` those the engine's ``forced_step_reveals`` leaves to the player; ``missed`` hidden but not
guarded (a leak); ``over`` guarded though no re-deal tried gave another move (a step left to the player
for nothing, or a re-deal the tries missed).

Games are opened as the bot opens them, by the current revision of a game's rules
(``rules.core.protocol.RevisesRules``); ``--first-rules`` plays by the first, that of games stored before.

Run: PYTHONPATH=. python bench/reveals.py [--games N --players N --redeals N --seed N --level N
--only GAME --arrivals --first-rules]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.ai import choose_move
from rules.core.protocol import Engine, RevisesRules
from rules.core.rng import Rng
from rules.gwt.state import State as GwtState
from rules.santafe import board
from rules.santafe.state import CHOOSE, SantaFeState

Redeal = Callable[[Any, Rng], Any]


def redeal_gwt(state: GwtState, rng: Rng) -> GwtState:
    """``state`` with every player's hand and draw stack shuffled together and dealt again (the hand
    keeps its size), and the face-down market, objective and tile stacks shuffled."""
    new = state.copy()
    for p in new.players:
        cards = p.hand + p.deck
        rng.shuffle(cards)
        p.hand, p.deck = cards[: len(p.hand)], cards[len(p.hand) :]
    for stack in (new.market_stack, new.objective_stack, *new.piles):
        rng.shuffle(stack)
    return new


def santafe_unseen(state: SantaFeState) -> list[int]:
    """The city cards nobody at the table can see: every card but those played."""
    unseen = Counter(board.city_cards())
    unseen.subtract(c for played in state.played for c in played)
    return sorted(unseen.elements())


def redeal_santafe(state: SantaFeState, rng: Rng) -> SantaFeState:
    """``state`` with every unseen city card shuffled and dealt again: each hand, each card chosen face
    down and not yet revealed, and the deck, in their sizes (the rest are the cards exchanged away)."""
    new = state.clone()
    cards = santafe_unseen(state)
    rng.shuffle(cards)
    for seat in range(new.players):
        size = len(new.hand[seat])
        new.hand[seat], cards = sorted(cards[:size]), cards[size:]
    if new.phase == CHOOSE:
        for seat, choice in enumerate(new.choice):
            if choice is not None and choice[0] >= 0:
                new.choice[seat] = [cards[0], *choice[1:]]
                cards = cards[1:]
    size = len(new.deck)
    new.deck = cards[:size]
    new.__dict__.pop("_options", None)
    return new


REDEALS: dict[str, Redeal] = {"gwt": redeal_gwt, "santafe": redeal_santafe}


def kind_of(game: str, state: Any, move: str) -> str:
    """A lone step's kind: the decision it answers and the move's verb."""
    words = move.split()
    if game == "gwt":
        return f"{state.stack[-1]['k']}: {words[0]}"
    decision = state.step if state.phase == "lay" and state.step == "exchange" else state.phase
    verb = " ".join(words[:2]) if words[0] in ("draw", "buy") else words[0]
    if verb.startswith("play") and len(words) > 1 and words[1] in ("double", "none"):
        verb = f"play {words[1]}"
    return f"{decision}: {verb}"


def hidden_matters(
    engine: Engine, state: Any, seat: int, redeal: Redeal, rng: Rng, tries: int, also: list[Any] | None = None
) -> bool:
    """Whether some of ``tries`` consistent re-deals (and the states of ``also``) give ``seat`` other
    legal moves than ``state`` does."""
    legal = engine.legal_moves(state, seat)
    worlds = [redeal(state, rng) for _ in range(tries)] + list(also or [])
    return any(engine.legal_moves(world, seat) != legal for world in worlds)


@dataclass
class Counts:
    lone: Counter[str] = field(default_factory=Counter)
    hidden: Counter[str] = field(default_factory=Counter)  # the lone move is not lone in some re-deal
    guarded: Counter[str] = field(default_factory=Counter)  # the engine says its being forced reveals
    missed: Counter[str] = field(default_factory=Counter)  # hidden, yet the engine says nothing is revealed
    over: Counter[str] = field(default_factory=Counter)  # guarded, yet no re-deal tried gave another move
    arrivals: Counter[str] = field(default_factory=Counter)  # moves (by kind) whose settling hid nothing
    leaky: Counter[str] = field(default_factory=Counter)  # ... and those whose settling told the hand
    states: int = 0
    moves: int = 0


def pending(state: GwtState) -> list[str]:
    return [d["k"] for d in state.stack]


def arrival_tells(
    engine: Engine, state: GwtState, seat: int, move: str, after: GwtState, rng: Rng, tries: int
) -> bool:
    """Whether the decisions pending after ``move`` (everybody sees them) differ for another consistent
    deal of the hidden cards in which ``move`` is just as legal."""
    seen = pending(after)
    for _ in range(tries):
        world = redeal_gwt(state, rng)
        if move in engine.legal_moves(world, seat) and pending(engine.play(world, seat, move)[0]) != seen:
            return True
    return False


def count(
    game: str,
    players: int,
    games: int,
    tries: int,
    seed: int,
    arrivals: bool,
    level: int = 0,
    first: bool = False,
) -> Counts:
    engine = rules.get(game)
    # a game opened now plays by the current rules; ``first``: by those of games stored before revisions
    options = engine.current_options({}) if isinstance(engine, RevisesRules) and not first else {}
    redeal = REDEALS[game]
    guard = getattr(engine, "forced_step_reveals", None)
    counts = Counts()
    rng = Rng(seed)
    for number in range(games):
        state = engine.new_game(players, seed + number, options)
        picker = Rng((seed + number) ^ 0x5EED)
        while not engine.is_over(state):
            counts.states += 1
            for seat in sorted(engine.to_act(state)):
                legal = engine.legal_moves(state, seat)
                if len(legal) != 1:
                    continue
                kind = kind_of(game, state, legal[0])
                counts.lone[kind] += 1
                hidden = hidden_matters(engine, state, seat, redeal, rng, tries)
                counts.hidden[kind] += hidden
                said = bool(guard(state, seat, legal[0])) if guard is not None else False
                counts.guarded[kind] += said
                counts.missed[kind] += hidden and not said
                counts.over[kind] += said and not hidden
            seat = picker.choice(sorted(engine.to_act(state)))
            legal = engine.legal_moves(state, seat)
            if level:
                view = engine.view(state, seat)
                move = choose_move(game, view, legal, level, picker.randrange(1 << 30))
            else:
                move = picker.choice(legal)
            after, _ = engine.play(state, seat, move)
            if arrivals and game == "gwt":
                kind = kind_of(game, state, move)
                told = arrival_tells(engine, state, seat, move, after, rng, max(1, tries // 4))
                (counts.leaky if told else counts.arrivals)[kind] += 1
            counts.moves += 1
            state = after
    return counts


WIDTHS = (7, 7, 8, 7, 5)


def report(game: str, players: int, counts: Counts, seconds: float) -> None:
    print(f"\n{game}, {players} players: {counts.moves} moves, {counts.states} positions, {seconds:.1f} s")
    columns = (counts.lone, counts.hidden, counts.guarded, counts.missed, counts.over)
    print(f"  {'lone step':<26} {'count':>7} {'hidden':>7} {'guarded':>8} {'missed':>7} {'over':>5}")
    for kind, _n in counts.lone.most_common():
        print(f"  {kind:<26} " + " ".join(f"{c[kind]:>{w}}" for c, w in zip(columns, WIDTHS, strict=True)))
    print(f"  {'all':<26} " + " ".join(f"{c.total():>{w}}" for c, w in zip(columns, WIDTHS, strict=True)))
    if counts.leaky:
        print("  moves after which the pending decisions depend on the hidden cards (engine settling):")
        for kind, n in counts.leaky.most_common():
            print(f"    {kind:<26} {n:>7} of {n + counts.arrivals[kind]}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=0, help="0: 2 and 4 (GWT), 3 and 5 (Santa Fe)")
    parser.add_argument("--redeals", type=int, default=24, help="consistent re-deals tried per lone step")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--arrivals", action="store_true", help="GWT: also the engine's own settling")
    parser.add_argument("--only", choices=sorted(REDEALS))
    parser.add_argument("--level", type=int, default=0, help="the players: 0 random, 1 the heuristic")
    parser.add_argument("--first-rules", action="store_true", help="play by the rules' first revision")
    args = parser.parse_args()
    for game, counts in (("gwt", (2, 4)), ("santafe", (3, 5))):
        if args.only and game != args.only:
            continue
        for players in (args.players,) if args.players else counts:
            start = time.perf_counter()
            found = count(
                game,
                players,
                args.games,
                args.redeals,
                args.seed,
                args.arrivals,
                args.level,
                args.first_rules,
            )
            report(game, players, found, time.perf_counter() - start)


if __name__ == "__main__":
    main()
