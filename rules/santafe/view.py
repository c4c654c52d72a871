"""What a seat may see, and the final score."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from rules.core.english import english
from rules.core.protocol import View
from rules.core.result import Result, build_result
from rules.core.texts import Said, said
from rules.santafe import board, flow
from rules.santafe.flow import Play
from rules.santafe.state import (
    BUY_TRACK,
    CHOOSE,
    DRAW,
    ENGINEERS,
    EXCHANGE,
    LAY,
    OVER,
    Phase,
    SantaFeState,
)

# the decision of a view (``view["decision"]["kind"]``): a phase, or a laying turn's two steps
DecisionKind = Literal["engineers", "choose", "exchange", "lay", "draw", "buy_track"]


class SeatArea(TypedDict):
    """One seat's public area."""

    seat: int
    money: int
    hand_size: int
    played: list[str]
    branch_card: str | None
    engineer: bool
    doubles_held: int
    engineer_drawn: bool
    bought_track: dict[str, int]
    double_turn: bool
    branch_in_play: str | None
    chosen: bool
    play: Play | None
    city_points: int


class Railroad(TypedDict):
    id: str
    name: str
    home: str
    supply: int
    railheads: list[str]
    cities: list[str]
    branch_cards: int


class Hand(TypedDict):
    """The viewer's own cards."""

    cities: list[str]
    double_turn: int
    branch: str | None
    engineer: bool


class Options(TypedDict):
    advanced: bool
    buy_track: bool


class SantaFeTableView(View):
    """What everybody sees: a spectator's view."""

    phase: Phase
    lay_turn: int | None
    pieces_laid: int
    anyone_laid: bool
    first_player: int
    options: Options
    seats: list[SeatArea]
    railroads: list[Railroad]
    track: dict[str, str]
    deck: int
    double_turn_cards: int
    engineer_cards: int
    end_reason: str | None


class SantaFeView(SantaFeTableView, total=False):
    """What one seat (or a spectator) sees: a seat's own view adds its ``hand`` and ``choice``, and every
    view of a game over its ``result``."""

    hand: Hand
    choice: Play | None
    result: Result


CATEGORIES = ("money", "cities")
LABELS = {"money": "Money ($1 = 1 point)", "cities": "City cards"}


def city_points(s: SantaFeState, seat: int) -> int:
    """Each played city card: its value times the number of different railroads reaching the city."""
    return sum(board.CITY_VALUE[c] * s.railroads_at(c) for c in s.played[seat])


def sevens(s: SantaFeState, seat: int) -> int:
    return sum(1 for c in s.played[seat] if board.CITY_VALUE[c] == 7)


def public_scores(s: SantaFeState) -> list[int]:
    """Each seat's points as they stand: money and played city cards lie open, so all of it is public."""
    return [s.money[p] + city_points(s, p) for p in range(s.players)]


def result(s: SantaFeState) -> Result:
    points = [{"money": s.money[p], "cities": city_points(s, p)} for p in range(s.players)]
    # Ties go to the player who played the most value-7 city cards.
    return build_result(CATEGORIES, points, [sevens(s, p) for p in range(s.players)], labels=LABELS)


def players_list(seats: list[int]) -> str:
    """ "Player 1, Player 2 and Player 3": the bot writes each as the player's name."""
    names = [f"Player {p + 1}" for p in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def prompt(s: SantaFeState) -> str:
    if s.phase == ENGINEERS:
        return f"Player {s.current() + 1}: buy an Engineer card for $4, or pass."
    if s.phase == CHOOSE:
        waiting = players_list([p for p in range(s.players) if s.choice[p] is None])
        first = " (city cards only in the first round)" if s.round == 1 else ""
        return f"Everybody chooses a card to play{first}; waiting for {waiting}."
    seat = s.current()
    if s.phase == LAY:
        if s.step == EXCHANGE:
            return f"Player {seat + 1}: keep your city cards or exchange some (Double Turn)."
        return f"Player {seat + 1}: lay track (laying turn {s.lay_turn}, {pieces_asked(s, seat)})."
    if s.phase == DRAW:
        if "pass" in flow.draw_options(s, seat):
            return f"Player {seat + 1}: buy a Branch Line card for ${flow.branch_price(s)}, or pass."
        need = s.to_draw(seat)
        return f"Player {seat + 1}: draw {need} card{'s' if need > 1 else ''}."
    if s.phase == BUY_TRACK:
        return f"Player {seat + 1}: buy one piece of track for $1, or pass."
    return ""


def prompt_said(s: SantaFeState) -> Said | None:
    """``prompt`` as facts, without the "Player N: " that says who is asked."""
    if s.phase == ENGINEERS:
        return said("santafe.prompt.engineer", price=flow.ENGINEER_PRICE)
    if s.phase == CHOOSE:
        # who is still choosing is said beside the prompt, by the reader's names (as the bot shows it)
        return said("santafe.prompt.everybody_first" if s.round == 1 else "santafe.prompt.everybody")
    current = s.current()
    if s.phase == LAY:
        if s.step == EXCHANGE:
            return said("santafe.prompt.exchange")
        return said("santafe.prompt.lay_pieces", turn=s.lay_turn, pieces=pieces_said(s, current))
    if s.phase == DRAW:
        if "pass" in flow.draw_options(s, current):
            return said("santafe.prompt.branch", price=flow.branch_price(s))
        return said("santafe.prompt.draw", count=s.to_draw(current))
    if s.phase == BUY_TRACK:
        return said("santafe.prompt.buy_track")
    return None


def pieces_said(s: SantaFeState, seat: int) -> Said:
    left = flow.pieces_allowed(s, seat) - s.laid
    if s.laid:
        return said("santafe.pieces.more", count=left)
    if "pass" in flow.lay_options(s, seat):
        return said("santafe.pieces.or_pass", count=left)
    return said("santafe.pieces.one") if left == 1 else said("santafe.pieces.one_or", count=left)


def pieces_asked(s: SantaFeState, seat: int) -> str:
    """How many pieces the laying player lays: a piece that must be laid is never "up to" one."""
    left = flow.pieces_allowed(s, seat) - s.laid
    pieces = f"piece{'s' if left > 1 else ''}"
    if s.laid:
        return english(said("santafe.pieces.more", count=left))
    if "pass" in flow.lay_options(s, seat):
        return f"up to {left} {pieces}, or pass"
    return "1 piece" if left == 1 else f"1 or {left} pieces"


def view(s: SantaFeState, viewer: int | None) -> SantaFeView:
    acting = sorted(flow.to_act(s))
    revealed = s.phase != CHOOSE
    seats = []
    for p in range(s.players):
        chosen = s.choice[p]
        seat: SeatArea = {
            "seat": p,
            "money": s.money[p],
            "hand_size": s.hand_size(p),
            "played": [board.CITY_IDS[c] for c in s.played[p]],
            "branch_card": board.RAILROADS[s.branch_held[p]] if s.branch_held[p] >= 0 else None,
            "engineer": s.has_engineer(p),
            # taken and played face up, so public knowledge; a card chosen this round still counts as
            # held until the reveal
            "doubles_held": s.doubles[p] + int(not revealed and bool(chosen and chosen[1])),
            "engineer_drawn": s.drew_engineer(p),
            "bought_track": {board.RAILROADS[r]: n for r, n in enumerate(s.bought[p]) if n},
            "double_turn": s.double_on[p],
            "branch_in_play": board.RAILROADS[s.branch_on[p]] if s.branch_on[p] >= 0 else None,
            "chosen": s.choice[p] is not None,
            "play": flow.describe_choice(p, s.choice[p]) if revealed and s.choice[p] is not None else None,
            "city_points": city_points(s, p),
        }
        seats.append(seat)
    railroads: list[Railroad] = []
    for r, colour in enumerate(board.RAILROADS):
        mask = s.connected[r]
        railroads.append(
            {
                "id": colour,
                "name": board.RAILROAD_NAME[r],
                "home": board.CITY_IDS[board.HOME[r]],
                "supply": s.supply[r],
                "railheads": [board.NODE_IDS[h] for h in s.heads[r]],
                "cities": [board.CITY_IDS[c] for c in range(board.CITY_COUNT) if mask >> c & 1],
                "branch_cards": s.branch_pool[r],
            }
        )
    data: SantaFeView = {
        "game": "santafe",
        "viewer": viewer,
        "players": s.players,
        "to_act": acting,
        "over": s.over,
        "decision": None
        if s.over
        else {"seats": acting, "prompt": prompt(s), "kind": decision_kind(s), "say": prompt_said(s)},
        "round": s.round,
        "phase": s.phase,
        "lay_turn": s.lay_turn if s.phase == LAY else None,
        "pieces_laid": s.laid if s.phase == LAY else 0,
        "anyone_laid": s.anyone_laid if s.phase == LAY else False,
        "first_player": s.first,
        "options": {"advanced": s.advanced, "buy_track": s.buy_track},
        "seats": seats,
        "railroads": railroads,
        "track": {board.SEG_ID[g]: board.RAILROADS[r] for g, r in enumerate(s.occupant) if r >= 0},
        "deck": len(s.deck),
        "double_turn_cards": s.doubles_pool,
        "engineer_cards": s.engineer_pool,
        "end_reason": s.end_reason or None,
    }
    if viewer is not None and 0 <= viewer < s.players:
        choice = s.choice[viewer]
        data["hand"] = {
            "cities": [board.CITY_IDS[c] for c in s.hand[viewer]],
            "double_turn": s.doubles[viewer],
            "branch": board.RAILROADS[s.branch_held[viewer]] if s.branch_held[viewer] >= 0 else None,
            "engineer": s.has_engineer(viewer),
        }
        data["choice"] = flow.describe_choice(viewer, choice) if choice is not None else None
    if s.over:
        data["result"] = result(s)
    return data


def decision_kind(s: SantaFeState) -> DecisionKind:
    """What the seats to act decide now, in a game not over (a laying turn opens with its exchange)."""
    if s.phase == LAY:
        return "exchange" if s.step == EXCHANGE else "lay"
    if s.phase == OVER:
        raise ValueError("a game that is over has no decision")
    return s.phase


def hand_lines(view: dict[str, Any]) -> list[str]:
    """Each card of the viewer's own hand, in English (see ``say_hand``)."""
    return [english(line) for line in say_hand(view)]


def say_hand(view: dict[str, Any]) -> list[Said]:
    """Each card of the viewer's own hand, as the hand picture shows them: cities, then the other cards."""
    hand = view["hand"]
    lines = [said("santafe.hand.city", city=board.city_name(board.CITY_IDS.index(c))) for c in hand["cities"]]
    lines += [said("santafe.hand.double")] * int(hand["double_turn"])
    if hand["branch"]:
        railroad = board.say_railroad(board.RAILROADS.index(hand["branch"]))
        lines.append(said("santafe.hand.branch", railroad=railroad))
    if hand["engineer"]:
        lines.append(said("santafe.hand.engineer"))
    return lines
