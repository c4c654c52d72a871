"""The round: choose cards, two track-laying turns, draw, (buy track), pass the train.

Each decision offers a dict ``move -> action`` (``options``); ``apply`` carries one action out on a
copied state and then walks the game forward to the next decision, skipping seats that have
nothing to decide.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, TypedDict

from rules.core.events import GAME_END, TURN_START, Event, event
from rules.core.texts import Said, listing, said
from rules.core.texts import seat as who
from rules.santafe import board, track
from rules.santafe.state import (
    BOUGHT_ENGINEER,
    BUY_TRACK,
    CHOOSE,
    DRAW,
    DRAWN_ENGINEER,
    ENGINEERS,
    EXCHANGE,
    LAY,
    OVER,
    PIECES,
    SantaFeState,
)

ENGINEER_PRICE = 4
Action = tuple[Any, ...]


def player(seat: int) -> str:
    return f"Player {seat + 1}"


def seat_event(
    kind: str, seat: int, does: str, key: str, args: dict[str, Any] | None = None, **data: Any
) -> Event:
    """A public event about what ``seat`` did: "Player N <does>", said as ``key`` with the player and
    ``args``."""
    return event(
        kind, f"{player(seat)} {does}", seat=seat, say=said(key, player=who(seat), **(args or {})), **data
    )


def engineer_turn(s: SantaFeState) -> Event:
    """The current seat's turn to buy an Engineer card or pass (advanced game, before round 1)."""
    return turn_start(
        s,
        s.current(),
        "buy an Engineer card for $4, or pass.",
        said("santafe.prompt.engineer", price=ENGINEER_PRICE),
    )


def branch_price(s: SantaFeState) -> int:
    return 2 if s.advanced else 1


def pieces_allowed(s: SantaFeState, seat: int) -> int:
    return 2 if s.double_on[seat] else 1


# --- what may be decided now ------------------------------------------------------------------------
def to_act(s: SantaFeState) -> frozenset[int]:
    if s.phase == OVER:
        return frozenset()
    if s.phase == CHOOSE:
        return frozenset(p for p in range(s.players) if s.choice[p] is None)
    return frozenset((s.current(),))


def options(s: SantaFeState, seat: int) -> dict[str, Action]:
    """Every legal move of ``seat`` now, in a stable order (empty if the seat is not to act)."""
    cache: tuple[int, dict[str, Action]] | None = s.__dict__.get("_options")
    if cache is not None and cache[0] == seat:
        return cache[1]
    if seat not in to_act(s):
        found: dict[str, Action] = {}
    elif s.phase == CHOOSE:
        found = choose_options(s, seat)
    elif s.phase == LAY:
        found = exchange_options(s, seat) if s.step == EXCHANGE else lay_options(s, seat)
    elif s.phase == DRAW:
        found = draw_options(s, seat)
    elif s.phase == BUY_TRACK:
        found = buy_track_options(s, seat)
    else:
        found = engineer_options(s, seat)
    s.__dict__["_options"] = (seat, found)
    return found


def engineer_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    found: dict[str, Action] = {}
    if s.engineer_pool and s.money[seat] >= ENGINEER_PRICE:
        found["buy engineer"] = ("engineer", True)
    found["pass"] = ("engineer", False)
    return found


def choose_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    held = s.branch_held[seat]
    suffix = f"+branch {board.RAILROADS[held]}" if held >= 0 else ""
    found: dict[str, Action] = {}
    for city in s.hand[seat]:
        move = f"play {board.CITY_SLUG[city]}{suffix}"
        if move not in found:
            found[move] = ("choose", city, 0)
    if s.doubles[seat] and s.round > 1:  # first round: city cards only
        found[f"play double{suffix}"] = ("choose", -1, 1)
    if not found:
        # Only when the deck ran dry and no Double Turn card could be drawn: the rulebook is silent,
        # so the seat plays nothing this round (a held Branch Line card is lost unused).
        found["play none"] = ("choose", -1, 0)
    return found


def exchange_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    """Double Turn: keep the hand, or discard any city cards for as many from the deck."""
    found: dict[str, Action] = {"keep": ("exchange", ())}
    hand = s.hand[seat]
    for size in range(1, min(len(hand), len(s.deck)) + 1):
        for cards in combinations(hand, size):
            move = "exchange " + " ".join(board.CITY_SLUG[c] for c in cards)
            if move not in found:
                found[move] = ("exchange", cards)
    return found


def lay_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    found: dict[str, Action] = dict(track.piece_options(s, seat))
    if s.laid:
        found["done"] = ("stop",)
    elif s.advanced or not any(a[0] == "lay" and a[6] == track.FREE for a in found.values()):
        # The basic game forces a piece whenever a free one fits; a branch is never forced and bought
        # pieces never have to be used (optional rule), so only those leave the choice to pass.
        found["pass"] = ("stop",)
    return found


def draw_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    found: dict[str, Action] = {}
    if s.to_draw(seat) <= 0:  # a full hand
        return found
    if s.deck:
        found["draw city"] = ("draw", "city")
    if s.doubles_pool:
        found["draw double"] = ("draw", "double")
    if s.branch_held[seat] < 0 and s.money[seat] >= branch_price(s):
        for r, colour in enumerate(board.RAILROADS):
            if s.branch_pool[r]:
                found[f"buy branch {colour}"] = ("draw", "branch", r)
    if s.advanced and not s.has_engineer(seat) and s.engineer_pool:
        found["draw engineer"] = ("draw", "engineer")
    if found and all(a[1] == "branch" for a in found.values()):
        # Refilling the hand is a duty, but a Branch Line card "can" be bought: when it is the only
        # card left to take, the player may decline to pay for it.
        found["pass"] = ("draw", "none")
    return found


def buy_track_options(s: SantaFeState, seat: int) -> dict[str, Action]:
    found: dict[str, Action] = {}
    if s.money[seat] >= 1:
        for r, colour in enumerate(board.RAILROADS):
            if s.supply[r]:
                found[f"buy track {colour}"] = ("buy_track", r)
    if found:
        found["pass"] = ("buy_track", -1)
    return found


# --- carrying a move out ----------------------------------------------------------------------------
def apply(s: SantaFeState, seat: int, action: Action) -> list[Event]:
    """Carry ``action`` out on ``s`` (a fresh copy) and move on to the next decision."""
    events: list[Event] = []
    kind = action[0]
    if kind == "engineer":
        buy_engineer(s, seat, action[1], events)
    elif kind == "choose":
        choose(s, seat, action[1], action[2], events)
    elif kind == "exchange":
        exchange(s, seat, action[1], events)
    elif kind in ("lay", "branch"):
        track.lay_piece(s, seat, action, events)
        after_piece(s, seat, events)
    elif kind == "stop":
        if not s.laid:
            events.append(seat_event("pass", seat, "passes.", "santafe.event.pass"))
        end_lay_turn(s, events)
    elif kind == "draw":
        draw(s, seat, action, events)
    elif kind == "buy_track":
        buy_track(s, seat, action[1], events)
    return events


def start(s: SantaFeState) -> list[Event]:
    """The first decision of a new game."""
    events: list[Event] = []
    if s.advanced:
        s.phase = ENGINEERS
        s.pos = 0
        events.append(engineer_turn(s))
    else:
        start_round(s, events)
    return events


def turn_start(s: SantaFeState, seat: int, prompt: str, asked: Said) -> Event:
    return event(
        TURN_START,
        f"{player(seat)}: {prompt}",
        seat=seat,
        say=said("santafe.event.turn", player=who(seat), prompt=asked),
    )


def buy_engineer(s: SantaFeState, seat: int, buy: bool, events: list[Event]) -> None:
    if buy:
        s.money[seat] -= ENGINEER_PRICE
        s.engineer[seat] = BOUGHT_ENGINEER
        s.engineer_pool -= 1
        does = f"buys an Engineer card for ${ENGINEER_PRICE}."
        price = {"price": ENGINEER_PRICE}
        events.append(seat_event("engineer", seat, does, "santafe.event.engineer", price))
    else:
        events.append(seat_event("pass", seat, "buys no Engineer card.", "santafe.event.no_engineer"))
    s.pos += 1
    if s.pos < s.players:
        events.append(engineer_turn(s))
    else:
        start_round(s, events)


def start_round(s: SantaFeState, events: list[Event]) -> None:
    s.round += 1
    s.phase = CHOOSE
    s.pos = 0
    s.choice = [None] * s.players
    events.append(
        event(
            "round",
            f"Round {s.round} begins; {player(s.first)} holds the train.",
            round=s.round,
            first=s.first,
            say=said("santafe.event.round", round=s.round, player=who(s.first)),
        )
    )
    for seat in range(s.players):
        events.append(turn_start(s, seat, "choose a card to play.", said("santafe.prompt.choose")))


def choose(s: SantaFeState, seat: int, city: int, double: int, events: list[Event]) -> None:
    if city >= 0:
        s.hand[seat].remove(city)
        secret = board.CITY_NAME[city]
    elif double:
        s.doubles[seat] -= 1
        secret = "a Double Turn card"
    else:
        secret = "no card"
    s.choice[seat] = [city, double, s.branch_held[seat]]
    events.append(
        event(
            "chosen",
            f"You chose {secret}.",
            private_to=seat,
            seat=seat,
            say=said("santafe.event.you_chose", card=card_said(city, double)),
        )
    )
    # the move names the card: the others read only that a card was chosen, until the reveal
    events.append(
        seat_event(
            "chosen",
            seat,
            "has chosen a card.",
            "santafe.event.chosen",
            hides_move=said("santafe.hidden.chose"),
        )
    )
    if all(c is not None for c in s.choice):
        reveal(s, events)


def reveal(s: SantaFeState, events: list[Event]) -> None:
    plays = []
    told: list[Said] = []
    for seat in range(s.players):
        city, double, branch = s.choice[seat]  # type: ignore[misc]
        if city >= 0:
            s.played[seat].append(city)
            what = board.CITY_NAME[city]
        else:
            what = "a Double Turn card" if double else "no card"
        s.double_on[seat] = bool(double)
        s.branch_held[seat] = -1
        usable = city >= 0 or double
        s.branch_on[seat] = branch if usable else -1
        card = card_said(city, double)
        if branch >= 0:
            what += f" with the {board.RAILROAD_NAME[branch]} Branch Line card"
            told.append(
                said("santafe.play.branch", player=who(seat), card=card, railroad=board.RAILROAD_NAME[branch])
            )
        else:
            told.append(said("santafe.play", player=who(seat), card=card))
        plays.append(f"{player(seat)} {what}")
    events.append(
        event(
            "reveal",
            "Cards revealed: " + "; ".join(plays) + ".",
            irreversible=True,
            reveals=True,
            say=said("santafe.event.revealed", plays=told),
            plays=[describe_choice(seat, c) for seat, c in enumerate(s.choice)],
        )
    )
    start_lay_turn(s, 1, events)


def card_said(city: int, double: int) -> str | Said:
    """The card a seat chose, as an event argument: the city's name as printed, or a card's term."""
    if city >= 0:
        return board.CITY_NAME[city]
    return said("santafe.card.double_turn_a") if double else said("santafe.card.none")


class Play(TypedDict):
    """A revealed play: the city card (an id), whether with a Double Turn card, the Branch Line card."""

    seat: int
    city: str | None
    double: bool
    branch: str | None


def describe_choice(seat: int, choice: list[int] | None) -> Play:
    """A revealed play as data: which city card, whether a Double Turn card, which Branch Line card."""
    city, double, branch = choice if choice is not None else (-1, 0, -1)
    return {
        "seat": seat,
        "city": board.CITY_IDS[city] if city >= 0 else None,
        "double": bool(double),
        "branch": board.RAILROADS[branch] if branch >= 0 else None,
    }


def start_lay_turn(s: SantaFeState, number: int, events: list[Event]) -> None:
    s.phase = LAY
    s.lay_turn = number
    s.pos = 0
    s.anyone_laid = False
    begin_lay(s, events)


def begin_lay(s: SantaFeState, events: list[Event]) -> None:
    """Open the current seat's laying turn, ending the game if it cannot lay a piece."""
    while True:
        seat = s.current()
        if not track.can_lay(s, seat):
            finish(
                s,
                f"{player(seat)} cannot lay a piece: every railroad with track left is dead-ended.",
                events,
                said("santafe.end.cannot_lay", player=who(seat)),
            )
            return
        s.laid = 0
        if s.lay_turn == 2 and s.double_on[seat] and s.hand[seat] and s.deck:
            s.step = EXCHANGE
            events.append(
                turn_start(
                    s,
                    seat,
                    "keep your city cards or exchange some (Double Turn).",
                    said("santafe.prompt.exchange"),
                )
            )
            return
        s.step = PIECES
        if track.piece_options(s, seat):
            events.append(
                turn_start(
                    s,
                    seat,
                    f"lay track (laying turn {s.lay_turn}).",
                    said("santafe.prompt.lay", turn=s.lay_turn),
                )
            )
            return
        events.append(forced_pass(s, seat))
        if not next_layer(s, events):
            return


def forced_pass(s: SantaFeState, seat: int) -> Event:
    """The event for a seat with no piece it may lay (although the game goes on): it cannot pay for
    one (advanced game) or holds no piece of a railroad that can still grow (optional rule)."""
    return seat_event("pass", seat, "has no piece to lay and passes.", "santafe.event.no_piece")


def next_layer(s: SantaFeState, events: list[Event]) -> bool:
    """Move to the next seat of this laying turn; False when the laying turn (or game) ended."""
    s.pos += 1
    if s.pos < s.players:
        return True
    s.step = ""
    if not s.anyone_laid:
        # The advanced rule. In the basic game a whole table of passes can only come from players who
        # hold nothing but optional pieces (bought ones, optional rule); the game could not go on
        # either, so it ends the same way.
        finish(s, "Every player passed in the same laying turn.", events, said("santafe.end.all_passed"))
    elif s.lay_turn == 1:
        start_lay_turn(s, 2, events)
    else:
        end_laying(s, events)
    return False


def end_lay_turn(s: SantaFeState, events: list[Event]) -> None:
    if next_layer(s, events):
        begin_lay(s, events)


def after_piece(s: SantaFeState, seat: int, events: list[Event]) -> None:
    if not track.track_left(s):
        finish(s, "All track has been laid.", events, said("santafe.end.no_track"))
    elif s.laid < pieces_allowed(s, seat) and track.piece_options(s, seat):
        return
    else:
        end_lay_turn(s, events)


def exchange(s: SantaFeState, seat: int, cards: tuple[int, ...], events: list[Event]) -> None:
    s.step = PIECES
    if cards:
        for c in cards:
            s.hand[seat].remove(c)
        drawn = [s.deck.pop() for _ in cards]
        s.hand[seat] = sorted(s.hand[seat] + drawn)
        names = ", ".join(board.CITY_NAME[c] for c in cards)
        new = ", ".join(board.CITY_NAME[c] for c in drawn)
        events.append(
            event(
                "exchange",
                f"You discard {names} and draw {new}.",
                private_to=seat,
                seat=seat,
                discarded=[board.CITY_IDS[c] for c in cards],
                say=said(
                    "santafe.event.you_exchange",
                    discarded=listing([board.CITY_NAME[c] for c in cards]),
                    drawn=listing([board.CITY_NAME[c] for c in drawn]),
                ),
            )
        )
        # the discarded cards leave the game unseen: the table learns only how many
        plural = "s" if len(cards) > 1 else ""
        events.append(
            seat_event(
                "exchange",
                seat,
                f"exchanges {len(cards)} city card{plural}.",
                "santafe.event.exchange",
                {"count": len(cards)},
                irreversible=True,
                count=len(cards),
                hides_move=said("santafe.hidden.exchange", count=len(cards)),
                for_good=True,
            )
        )
    else:
        events.append(seat_event("keep", seat, "keeps the hand.", "santafe.event.keep"))
    if not track.piece_options(s, seat):
        events.append(forced_pass(s, seat))
        end_lay_turn(s, events)


def end_laying(s: SantaFeState, events: list[Event]) -> None:
    """After the second laying turn: Double Turn cards go back, Branch Line cards leave the game."""
    returned = sum(s.double_on)
    s.doubles_pool += returned
    s.double_on = [False] * s.players
    lost = [board.RAILROAD_NAME[r] for r in s.branch_on if r >= 0]
    s.branch_on = [-1] * s.players
    parts = []
    told: list[Said] = []
    if returned:
        told.append(said("santafe.event.doubles_return", count=returned))
    if lost:
        told.append(said("santafe.event.branches_lost", count=len(lost), railroads=", ".join(lost)))
    if returned:
        parts.append(
            "1 Double Turn card returns to the pile"
            if returned == 1
            else f"{returned} Double Turn cards return to the pile"
        )
    if lost:
        cards = "Branch Line card leaves" if len(lost) == 1 else "Branch Line cards leave"
        parts.append(f"unused {cards} the game: " + ", ".join(lost))
    if parts:
        text = "; ".join(parts)
        events.append(
            event("cleanup", text[0].upper() + text[1:] + ".", say=said("santafe.event.cleanup", parts=told))
        )
    s.phase = DRAW
    s.pos = 0
    begin_sequence(s, events)


def begin_sequence(s: SantaFeState, events: list[Event]) -> None:
    """Drawing and buying track go round the table from the first player; seats with nothing to
    decide are skipped."""
    while s.pos < s.players:
        seat = s.current()
        if s.phase == DRAW:
            if draw_options(s, seat):
                need = s.to_draw(seat)
                events.append(
                    turn_start(
                        s,
                        seat,
                        f"draw {need} card{'s' if need > 1 else ''}.",
                        said("santafe.prompt.draw", count=need),
                    )
                )
                return
        elif buy_track_options(s, seat):
            events.append(
                turn_start(
                    s, seat, "buy one piece of track for $1, or pass.", said("santafe.prompt.buy_track")
                )
            )
            return
        s.pos += 1
    if s.phase == DRAW and s.buy_track:
        s.phase = BUY_TRACK
        s.pos = 0
        begin_sequence(s, events)
        return
    s.first = (s.first + 1) % s.players
    start_round(s, events)


def draw(s: SantaFeState, seat: int, action: Action, events: list[Event]) -> None:
    if action[1] == "none":
        events.append(seat_event("pass", seat, "buys no Branch Line card.", "santafe.event.no_branch"))
    else:
        _take_card(s, seat, action, events)
        if draw_options(s, seat):
            return
    s.pos += 1
    begin_sequence(s, events)


def _take_card(s: SantaFeState, seat: int, action: Action, events: list[Event]) -> None:
    """Draw a city card, take a Double Turn or Engineer card, or buy a Branch Line card."""
    what = action[1]
    if what == "city":
        card = s.deck.pop()
        s.hand[seat] = sorted([*s.hand[seat], card])
        events.append(
            event(
                "draw",
                f"You draw {board.CITY_NAME[card]}.",
                private_to=seat,
                seat=seat,
                say=said("santafe.event.you_draw", city=board.CITY_NAME[card]),
            )
        )
        events.append(
            seat_event(
                "draw",
                seat,
                "draws a city card.",
                "santafe.event.draw_city",
                irreversible=True,
                card="city",
            )
        )
    elif what == "double":
        s.doubles[seat] += 1
        s.doubles_pool -= 1
        events.append(
            seat_event("draw", seat, "takes a Double Turn card.", "santafe.event.draw_double", card="double")
        )
    elif what == "branch":
        r = action[2]
        price = branch_price(s)
        s.money[seat] -= price
        s.branch_pool[r] -= 1
        s.branch_held[seat] = r
        name = board.RAILROAD_NAME[r]
        events.append(
            seat_event(
                "draw",
                seat,
                f"buys the {name} Branch Line card for ${price}.",
                "santafe.event.buy_branch",
                {"railroad": name, "price": price},
                card="branch",
                railroad=board.RAILROADS[r],
            )
        )
    elif what == "engineer":
        s.engineer[seat] = DRAWN_ENGINEER
        s.engineer_pool -= 1
        events.append(
            seat_event(
                "draw", seat, "takes an Engineer card.", "santafe.event.draw_engineer", card="engineer"
            )
        )


def buy_track(s: SantaFeState, seat: int, r: int, events: list[Event]) -> None:
    if r >= 0:
        s.money[seat] -= 1
        s.supply[r] -= 1
        s.bought[seat][r] += 1
        events.append(
            seat_event(
                "buy_track",
                seat,
                f"buys a {board.RAILROAD_NAME[r]} piece for $1.",
                "santafe.event.buy_track",
                {"railroad": board.RAILROAD_NAME[r]},
                railroad=board.RAILROADS[r],
            )
        )
    else:
        events.append(seat_event("pass", seat, "buys no track.", "santafe.event.no_track"))
    s.pos += 1
    begin_sequence(s, events)


def finish(s: SantaFeState, reason: str, events: list[Event], why: Said) -> None:
    s.phase = OVER
    s.step = ""
    s.end_reason = reason
    events.append(
        event(
            GAME_END, f"Game over. {reason}", reason=reason, say=said("santafe.event.game_over", reason=why)
        )
    )
