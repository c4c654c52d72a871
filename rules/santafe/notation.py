"""Reading typed moves and labelling legal ones.

Typed text is normalised (case, spaces), then aliases are rewritten into the canonical words
(railroad names -> colours, city names or ids -> city slugs, "dt" -> "double", "chi kcy" and
"chicago kansas city" -> "chi-kcy"), cards of an exchange are put in canonical order, and the result
is matched against the legal moves (exact, then a unique prefix). When nothing matches, ``explain`` says
why in words.
"""

from __future__ import annotations

import re
from typing import Any

from rules.core.english import english
from rules.core.errors import IllegalMoveError, ParseError, RulesError
from rules.core.notation import match_move, normalize
from rules.core.texts import Said, listing, said
from rules.santafe import board, flow, prices, track
from rules.santafe.state import BUY_TRACK, CHOOSE, DRAW, EXCHANGE, LAY, SantaFeState

VERBS = ("play", "lay", "branch", "draw", "buy", "exchange", "keep", "done", "pass")

_RAILROAD_WORDS = sorted(board.RAILROAD_ALIASES, key=len, reverse=True)
_RAILROAD_RE = re.compile(r"\b(" + "|".join(re.escape(w) for w in _RAILROAD_WORDS) + r")(?=\s|$|\+)")


def _city_aliases() -> dict[str, str]:
    found: dict[str, str] = {}
    for i, name in enumerate(board.CITY_NAME):
        for alias in (name.lower(), name.lower().replace(".", ""), board.CITY_IDS[i].lower()):
            found[alias] = board.CITY_SLUG[i]
    return found


CITY_ALIASES = _city_aliases()
_CITY_WORDS = "|".join(re.escape(w) for w in sorted(CITY_ALIASES, key=len, reverse=True))
_CITY_RE = re.compile(r"(?<![\w-])(" + _CITY_WORDS + r")(?![\w-])")
_DOUBLE_RE = re.compile(r"\b(double turn|doubleturn|dt)\b")
# A line's ends by the names the map prints ("lay santa fe salt lake city denver" -> "... slc den").
_LINE_END = {
    alias: board.CITY_IDS[i].lower()
    for i, name in enumerate(board.CITY_NAME)
    for alias in (name.lower(), name.lower().replace(".", ""), board.CITY_SLUG[i])
}
_LINE_END_RE = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(w) for w in sorted(_LINE_END, key=len, reverse=True)) + r")(?![\w])"
)


def rewrite(text: str) -> str:
    """Canonical words for the aliases in normalised ``text``."""
    t = re.sub(r"\s*\+\s*", "+", text)
    t = re.sub(r"\s*,\s*", " ", t)  # "exchange denver, topeka"
    verb = t.split(" ", 1)[0]
    if verb == "discard":
        t = "exchange" + t[len(verb) :]
        verb = "exchange"
    t = _DOUBLE_RE.sub("double", t)
    if verb in ("play", "exchange"):
        head, _, tail = t.partition("+")
        head = _CITY_RE.sub(lambda m: CITY_ALIASES[m.group(1)], head)
        tail = _RAILROAD_RE.sub(lambda m: board.RAILROAD_ALIASES[m.group(1)], tail)
        t = head + ("+" + tail if tail else "")
    if verb in ("lay", "branch"):
        t = _line_ends(t)
    if verb in ("lay", "branch", "buy"):
        t = _RAILROAD_RE.sub(lambda m: board.RAILROAD_ALIASES[m.group(1)], t)
    if verb in ("lay", "branch"):
        words = t.replace(" - ", "-").split(" ")
        # "lay blue chi kcy" -> "lay blue chi-kcy"
        t = f"{words[0]} {words[1]} {words[2]}-{words[3]}" if len(words) == 4 else " ".join(words)
    if verb == "exchange":
        cards = t.split(" ")[1:]
        if all(c in board.SLUG_INDEX for c in cards):
            cards.sort(key=lambda c: board.SLUG_INDEX[c])
            t = " ".join(["exchange", *cards])
    return t


def _line_ends(text: str) -> str:
    """``lay``/``branch`` text with city names after the railroad turned into ids; the railroad keeps its
    name, so "santa fe" there stays the railroad and is a city only after it."""
    verb, _, rest = text.partition(" ")
    railroad = _RAILROAD_RE.match(rest)
    cut = railroad.end() if railroad else rest.find(" ") + 1 if " " in rest else len(rest)
    return f"{verb} {rest[:cut]}{_LINE_END_RE.sub(lambda m: _LINE_END[m.group(1)], rest[cut:])}"


def parse(s: SantaFeState, seat: int, text: str) -> str:
    """The canonical legal move ``text`` means, or a ``RulesError`` saying why there is none."""
    legal = flow.options(s, seat)
    wanted = normalize(text)
    if wanted in legal:
        return wanted
    if not wanted:
        raise ParseError("Type a move.", say=said("rules.type_a_move"))
    canonical = rewrite(wanted)
    if canonical in legal:
        return canonical
    try:
        return match_move(canonical, legal, describe=lambda move: describe(s, seat, move))
    except IllegalMoveError:
        verb = canonical.split(" ", 1)[0]
        if not any(v.startswith(verb) for v in VERBS):
            # players read labels, never the notation: the first few moves are offered by theirs
            some = "; ".join(describe(s, seat, move) for move in list(legal)[:3])
            raise ParseError(
                f"'{text.strip()}' is not a Santa Fe move (you may: {some}).",
                say=said(
                    "rules.not_a_move",
                    text=text.strip(),
                    title="Santa Fe",
                    some=[say_label(s, seat, move) for move in list(legal)[:3]],
                ),
            ) from None
        raise explain(s, seat, canonical, text.strip()) from None


def explain(s: SantaFeState, seat: int, move: str, typed: str | None = None) -> RulesError:
    """Why ``move`` (canonical words, not legal now) is refused; ``typed`` is how the player wrote it,
    which the refusal quotes."""
    typed = move if typed is None else typed
    words = move.split(" ")
    verb = words[0]
    wrong_time = {
        "play": "Cards are played at the start of a round.",
        "lay": "Track is laid in the two laying turns.",
        "branch": "Branches are started in the laying turns.",
        "draw": "Cards are drawn after the second laying turn.",
        "exchange": "A Double Turn player exchanges at the start of the second laying turn.",
        "keep": "A Double Turn player exchanges at the start of the second laying turn.",
        "done": english(said("santafe.when.done")),
    }
    if verb == "play" and s.phase == CHOOSE:
        return _explain_play(s, seat, move)
    if verb in ("lay", "branch") and s.phase == LAY:
        if s.step == EXCHANGE:
            return IllegalMoveError(
                "First keep your city cards or exchange some (Double Turn).",
                say=said("santafe.error.exchange_first"),
            )
        return _explain_lay(s, seat, words, typed)
    if verb == "exchange" and s.phase == LAY and s.step == EXCHANGE:
        missing = [w for w in words[1:] if w not in board.SLUG_INDEX]
        if missing:
            return ParseError(
                f"There is no city '{missing[0]}'.", say=said("santafe.error.no_city", word=missing[0])
            )
        wanted = [board.SLUG_INDEX[w] for w in words[1:]]
        hand = list(s.hand[seat])
        for c in wanted:
            if c not in hand:
                return IllegalMoveError(
                    f"You have no more {board.CITY_NAME[c]} cards in your hand.",
                    say=said("santafe.error.no_more_city", city=board.CITY_NAME[c]),
                )
            hand.remove(c)
        return IllegalMoveError(
            f"The city deck has only {len(s.deck)} cards left.",
            say=said("santafe.error.deck_short", count=len(s.deck)),
        )
    if verb in ("draw", "buy") and s.phase in (DRAW, BUY_TRACK):
        return _explain_draw(s, seat, words)
    if verb == "pass" and s.phase == LAY and s.laid:
        return IllegalMoveError(
            "You have laid a piece: choose 'Done laying' to end your turn.",
            say=said("santafe.error.laid_done"),
        )
    if verb == "pass" and s.phase == LAY:
        return IllegalMoveError(
            "You must lay a piece of track: no passing while a free piece fits.",
            say=said("santafe.error.must_lay"),
        )
    if verb == "pass" and s.phase == DRAW:
        return IllegalMoveError(
            "You must refill your hand while a city, Double Turn or Engineer card can be taken.",
            say=said("santafe.error.must_refill"),
        )
    if verb in wrong_time:
        return IllegalMoveError(
            f"'{typed}' is not possible now. {wrong_time[verb]}",
            say=said("santafe.error.wrong_time", text=typed, when=said(f"santafe.when.{verb}")),
        )
    return IllegalMoveError(f"'{typed}' is not a legal move now.", say=said("rules.illegal_now", text=typed))


def _explain_play(s: SantaFeState, seat: int, move: str) -> RulesError:
    card, _, branch = move[len("play ") :].partition("+")
    held = s.branch_held[seat]
    if card == "double":
        if s.round == 1:
            return IllegalMoveError(
                "In the first round everybody plays a city card.", say=said("santafe.error.first_round_city")
            )
        if not s.doubles[seat]:
            return IllegalMoveError(
                "You have no Double Turn card in your hand.", say=said("santafe.error.no_double")
            )
    elif card in board.SLUG_INDEX:
        city = board.SLUG_INDEX[card]
        if city not in s.hand[seat]:
            return IllegalMoveError(
                f"You have no {board.CITY_NAME[city]} card in your hand.",
                say=said("santafe.error.no_city_card", city=board.CITY_NAME[city]),
            )
    else:
        double = s.round > 1 and s.doubles[seat]  # only while one may be played
        told = said("santafe.error.no_card_or_double" if double else "santafe.error.no_card", card=card)
        return ParseError(english(told), say=told)
    if held >= 0 and not branch:
        colour = board.RAILROADS[held]
        told = said("santafe.error.branch_due", colour=colour)
        return IllegalMoveError(english(told), say=told)
    if held < 0 and branch:
        return IllegalMoveError("You hold no Branch Line card.", say=said("santafe.error.no_branch"))
    return IllegalMoveError(
        f"Your Branch Line card is the {board.railroad_label(held)} one.",
        say=said("santafe.error.branch_is", railroad=board.railroad_label(held)),
    )


def _railroad(word: str) -> int:
    colour = board.RAILROAD_ALIASES.get(word, word)
    if colour not in board.RAILROAD_INDEX:
        raise ParseError(
            f"No railroad '{word}': use blue, white, green, red or yellow.",
            say=said("santafe.error.no_railroad", word=word),
        )
    return board.RAILROAD_INDEX[colour]


def _bought_railroad(words: list[str], how_to_write: str) -> int | RulesError:
    """The railroad "buy track|branch <colour>" names, or the error to answer (``how_to_write`` when the
    words are not three)."""
    if len(words) != 3:
        told = said(how_to_write)
        return ParseError(english(told), say=told)
    try:
        return _railroad(words[2])
    except ParseError as exc:
        return exc


def _explain_lay(s: SantaFeState, seat: int, words: list[str], typed: str) -> RulesError:
    # the example names cities as the map prints them: players never see the ids of the notation
    a, b = board.KEY_DIRECTION["chi-kcy"]
    example = f"e.g. '{words[0]} Santa Fe {board.CITY_NAME[a]} {board.CITY_NAME[b]}'"
    example_said = said(
        "santafe.words.example", move=f"{words[0]} Santa Fe {board.CITY_NAME[a]} {board.CITY_NAME[b]}"
    )
    if len(words) != 3:
        return ParseError(
            f"Write '{words[0]}', the railroad and the two cities of the line, {example}.",
            say=said("santafe.error.write_lay", verb=words[0], example=example_said),
        )
    try:
        r = _railroad(words[1])
    except ParseError as exc:
        return exc
    key = words[2]
    if key not in board.KEY_DIRECTION:
        return ParseError(
            f"'{typed}' names no line: name the two neighbouring cities it joins, {example}.",
            say=said("santafe.error.no_line", text=typed, example=example_said),
        )
    a, b = board.KEY_DIRECTION[key]
    name = board.railroad_label(r)
    if not track.piece_source(s, seat, r):
        if s.supply[r] == 0 and any(s.bought[p][r] for p in range(s.players)):
            return IllegalMoveError(
                f"No free {name} track is left and you have bought none.",
                say=said("santafe.error.no_free_track", railroad=name),
            )
        return IllegalMoveError(
            f"No {name} track is left.", say=said("santafe.error.no_track", railroad=name)
        )
    if words[0] == "branch":
        if s.branch_on[seat] != r:
            return IllegalMoveError(
                f"You have no {board.RAILROAD_NAME[r]} Branch Line card to use now.",
                say=said("santafe.error.no_branch_of", railroad=board.RAILROAD_NAME[r]),
            )
        if not s.connected[r] >> a & 1:
            return IllegalMoveError(
                f"The {name} does not reach {board.CITY_NAME[a]}.",
                say=said("santafe.error.not_reached", railroad=name, city=board.CITY_NAME[a]),
            )
    elif a not in s.heads[r] and not any(k == key for h in s.heads[r] for k, _, _ in track.exits(s, r, h)):
        return IllegalMoveError(
            f"The {name} has no railhead at {board.CITY_NAME[a]}.",
            say=said("santafe.error.no_railhead", railroad=name, city=board.CITY_NAME[a]),
        )
    lines = [line for _, target, opts in board.CITY_EXITS[a] if target == b for line, _, _ in opts]
    if any(s.line_owner[line] == r for line in lines) and len(lines) > 1:
        return IllegalMoveError(
            f"The {name} already runs on the other line between "
            f"{board.CITY_NAME[a]} and {board.CITY_NAME[b]}.",
            say=said(
                "santafe.error.other_line", railroad=name, start=board.CITY_NAME[a], end=board.CITY_NAME[b]
            ),
        )
    if all(s.line_owner[line] >= 0 for line in lines):
        owner = board.RAILROAD_NAME[s.line_owner[lines[0]]]
        return IllegalMoveError(
            f"The line {board.CITY_NAME[a]}–{board.CITY_NAME[b]} is taken by the {owner}.",
            say=said(
                "santafe.error.line_taken", start=board.CITY_NAME[a], end=board.CITY_NAME[b], railroad=owner
            ),
        )
    if s.laid >= flow.pieces_allowed(s, seat):
        return IllegalMoveError(
            "You have laid all your pieces this turn.", say=said("santafe.error.all_laid")
        )
    return IllegalMoveError(
        f"Not enough money: you have ${s.money[seat]}.", say=said("santafe.error.money", money=s.money[seat])
    )


def _explain_draw(s: SantaFeState, seat: int, words: list[str]) -> RulesError:
    if s.phase == BUY_TRACK:
        if words[:2] != ["buy", "track"]:
            told = said("santafe.error.buy_or_pass")
            return IllegalMoveError(english(told), say=told)
        r = _bought_railroad(words, "santafe.error.write_buy_track")
        if isinstance(r, RulesError):
            return r
        if not s.supply[r]:
            return IllegalMoveError(
                f"No free {board.railroad_label(r)} track is left to buy.",
                say=said("santafe.error.none_to_buy", railroad=board.railroad_label(r)),
            )
        return IllegalMoveError(
            f"Not enough money: a piece costs $1 and you have ${s.money[seat]}.",
            say=said("santafe.error.money_piece", money=s.money[seat]),
        )
    if s.hand_size(seat) >= 5:
        return IllegalMoveError("Your hand is full.", say=said("santafe.error.hand_full"))
    what = words[1] if len(words) > 1 else ""
    if words[0] == "buy" and what == "branch":
        r = _bought_railroad(words, "santafe.error.write_buy_branch")
        if isinstance(r, RulesError):
            return r
        price = flow.branch_price(s)
        if s.branch_held[seat] >= 0:
            return IllegalMoveError(
                "You already hold a Branch Line card.", say=said("santafe.error.branch_held")
            )
        if not s.branch_pool[r]:
            return IllegalMoveError(
                f"No {board.RAILROAD_NAME[r]} Branch Line card is left.",
                say=said("santafe.error.no_branch_left", railroad=board.RAILROAD_NAME[r]),
            )
        return IllegalMoveError(
            f"Not enough money: a Branch Line card costs ${price} and you have ${s.money[seat]}.",
            say=said("santafe.error.money_branch", price=price, money=s.money[seat]),
        )
    if words[0] == "buy" and what == "track":
        return IllegalMoveError(
            "Track is bought after drawing, and only with the optional rule.",
            say=said("santafe.error.track_later"),
        )
    if what == "city":
        return IllegalMoveError("The city deck is empty.", say=said("santafe.error.deck_empty"))
    if what == "double":
        return IllegalMoveError(
            "No Double Turn card is left to take.", say=said("santafe.error.no_double_left")
        )
    if what == "engineer":
        if not s.advanced:
            return IllegalMoveError(
                "Engineer cards are used only in the advanced game.",
                say=said("santafe.error.engineer_advanced"),
            )
        if s.has_engineer(seat):
            return IllegalMoveError(
                "You already have an Engineer card.", say=said("santafe.error.engineer_held")
            )
        return IllegalMoveError("No Engineer card is left.", say=said("santafe.error.no_engineer_left"))
    told = said("santafe.error.draw_what")
    return ParseError(english(told), say=told)


# Autocomplete shows at most 100 characters of a label; English labels stay within this.
LONGEST = 90


def describe(s: SantaFeState, seat: int, move: str) -> str:
    """A short readable label for a legal move, in English (see ``say_label``)."""
    return english(say_label(s, seat, move))


def say_label(s: SantaFeState, seat: int, move: str) -> Said | str:
    """A short readable label for a legal move, as facts of the game's catalog."""
    action: tuple[Any, ...] | None = flow.options(s, seat).get(move)
    if action is None:
        return move
    kind = action[0]
    if kind == "choose":
        _, city, double = action
        held = s.branch_held[seat]
        text = said("santafe.label.play_nothing")
        if city >= 0:
            text = said("santafe.label.play_city", city=board.CITY_NAME[city], value=board.CITY_VALUE[city])
        elif double:
            text = said("santafe.label.play_double")
        if held >= 0:
            text = said("santafe.label.with_branch", play=text, railroad=board.RAILROAD_NAME[held])
        return text
    if kind in ("lay", "branch"):
        return _piece_label(s, seat, move, action)
    if kind == "exchange":
        cards = action[1]
        if not cards:
            return said("santafe.label.keep")
        return said("santafe.label.exchange", cards=listing([board.CITY_NAME[c] for c in cards]))
    if kind == "stop":
        return said("santafe.label.pass" if move == "pass" else "santafe.label.done")
    if kind == "draw":
        what = action[1]
        if what == "none":
            return said("santafe.label.take_none")
        if what == "city":
            return said("santafe.label.draw_city", left=len(s.deck))
        if what == "double":
            return said("santafe.label.take_double", left=s.doubles_pool)
        if what == "branch":
            return said(
                "santafe.label.buy_branch", railroad=board.say_railroad(action[2]), price=flow.branch_price(s)
            )
        return said("santafe.label.take_engineer")
    if kind == "buy_track":
        r = action[1]
        return (
            said("santafe.label.buy_no_track")
            if r < 0
            else said("santafe.label.buy_track", railroad=board.say_railroad(r))
        )
    if kind == "engineer":
        if action[1]:
            return said("santafe.label.buy_engineer", price=flow.ENGINEER_PRICE)
        return said("santafe.label.buy_no_engineer")
    return move


def _piece_label(s: SantaFeState, seat: int, move: str, action: tuple[Any, ...]) -> Said:
    kind, r, _, seg, _, cost, source = action
    a, b = board.KEY_DIRECTION[move.rsplit(" ", 1)[1]]
    line = board.SEG_LINE[seg]
    segs = board.LINE_SEGS[line]
    number = segs.index(seg) + 1
    if board.CONN_ENDS[board.LINE_CONN[line]][0] != a:
        number = len(segs) - number + 1
    piece: Said = said(
        "santafe.label.piece",
        start=board.CITY_NAME[a],
        end=board.CITY_NAME[b],
        number=number,
        pieces=len(segs),
    )
    marks: list[Any] = [
        said(f"santafe.mark.{m}")
        for m, on in (("river", board.SEG_RIVER[seg]), ("mountain", board.SEG_MOUNTAIN[seg]))
        if on
    ]
    if marks:
        piece = said(
            "santafe.label.marked", piece=piece, marks=listing([*marks, *([f"${cost}"] if cost else [])])
        )
    if source == track.BOUGHT:
        piece = said("santafe.label.bought", piece=piece)
    form = "santafe.label.branch" if kind == "branch" else "santafe.label.lay"
    gain = prices.say_gain(s, seat, action, named=False)  # the piece names the city it reaches

    def label(railroad: Any, gained: bool) -> Said:
        text = said(form, railroad=railroad, piece=piece)
        return said("santafe.words.dot", first=text, second=gain) if gained and gain else text

    # autocomplete clips at 100 characters: the colour gives way first, then what the piece earns
    for text in (
        label(board.say_railroad(r), True),
        label(board.RAILROAD_NAME[r], True),
        label(board.say_railroad(r), False),
    ):
        if len(english(text)) <= LONGEST:
            return text
    return label(board.RAILROAD_NAME[r], False)
