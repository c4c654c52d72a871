"""Engine events of facts read in the reader's language, from the catalogs, with the reader's names."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN
from bot.services import wording
from rules.core.events import is_public
from rules.core.playout import random_playout
from rules.core.rng import Rng
from rules.gwt import RULES as GWT
from rules.santafe import RULES

NAMES = {0: "Ada", 1: "Bob", 2: "Cy"}
# English sentences of the engine's events that a translation must not show
ENGLISH = (
    "Round ",
    " passes",
    " holds the train",
    "has chosen a card",
    "Cards revealed",
    " lays the ",
    " draws a city card",
    " reaches ",
    " buys ",
)


def events_of(engine: Any, players: int, seed: int) -> list[dict[str, object]]:
    """Every event, public and private, of a seeded game played at random to its end."""
    found: list[dict[str, object]] = []
    assert random_playout(engine, players, seed, check=lambda *move: found.extend(move[3])).finished
    return found


EVENTS = events_of(RULES, 3, 7)


def test_every_santafe_event_says_facts() -> None:
    assert EVENTS and all(wording.has_facts(ev) for ev in EVENTS)


@pytest.mark.parametrize(
    ("locale", "words"),
    [("de", ("Runde", "Startspieler")), ("nl", ("Ronde",)), ("ja", ("ラウンド",))],
)
def test_a_santafe_game_reads_in_the_readers_language(locale: str, words: tuple[str, ...]) -> None:
    lines = [wording.event_text(ev, locale, NAMES) for ev in EVENTS]
    text = "\n".join(lines)
    for word in words:
        assert word in text
    for sentence in ENGLISH:
        assert sentence not in text, (locale, sentence)
    assert "Player" not in text and "Ada" in text


def test_seats_without_a_name_read_as_players_of_the_language() -> None:
    ev = next(ev for ev in EVENTS if ev["type"] == "round")
    assert wording.event_text(ev, "de", {}) == "Runde 2 beginnt; Spieler 2 ist Startspieler."


def test_the_pseudo_locale_marks_every_event_line() -> None:
    for ev in EVENTS:
        text = wording.event_text(ev, PSEUDO, NAMES)
        assert text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE), text


def test_an_event_of_english_prose_reads_as_stored_with_names() -> None:
    old = {"type": "pass", "text": "Player 2 passes.", "private_to": None, "seat": 1}
    assert wording.event_text(old, "de", NAMES) == "Bob passes."
    assert is_public(old)


def test_plural_forms_are_chosen_by_count() -> None:
    one = {"msg": "santafe.event.exchange", "args": {"player": {"seat": 0}, "count": 1}}
    two = {"msg": "santafe.event.exchange", "args": {"player": {"seat": 0}, "count": 2}}
    assert wording.event_text(one, "en", NAMES) == "Ada exchanges 1 city card."
    assert wording.event_text(two, "de", NAMES) == "Ada tauscht 2 Stadt-Karten."


GWT_EVENTS = [ev for players, seed in ((2, 3), (3, 5), (4, 8)) for ev in events_of(GWT, players, seed)]


def test_every_gwt_event_says_facts_that_read_in_english_as_its_stored_text() -> None:
    kinds = {ev["type"] for ev in GWT_EVENTS}
    assert {"move", "turn_start", "draw", "income", "delivery", "fee", "tile", "worker", "game_end"} <= kinds
    for ev in GWT_EVENTS:
        assert wording.has_facts(ev), ev
        names = {0: "Ada", 1: "Bob", 2: "Cy", 3: "Di"}
        stored = str(ev["text"])
        for seat, name in names.items():
            stored = stored.replace(f"Player {seat + 1}", name)
        assert wording.event_text(ev, "en", names) == stored


# English words of Great Western Trail's events that a translation must not show
GWT_ENGLISH = (
    "'s turn",
    " delivered to ",
    " revealed ",
    " earned ",
    " paid $",
    " from the foresight",
    "You drew",
    "objective card",
    " hazard (",
    " teepee",
    "the bank",
)


@pytest.mark.parametrize(
    ("locale", "words"),
    [("de", ("ist am Zug", "liefert nach")), ("nl", ("is aan de beurt", "levert aan")), ("ja", ("の手番",))],
)
def test_a_gwt_game_reads_in_the_readers_language(locale: str, words: tuple[str, ...]) -> None:
    # the move's own label inside "Player: <label>" is not translated yet: the lines of moves are left out
    lines = [wording.event_text(ev, locale, NAMES) for ev in GWT_EVENTS if ev["type"] != "move"]
    text = "\n".join(lines)
    for word in words:
        assert word in text
    for sentence in GWT_ENGLISH:
        assert sentence not in text, (locale, sentence)
    assert "Player" not in text


def test_the_pseudo_locale_marks_every_gwt_event_line() -> None:
    for ev in GWT_EVENTS:
        text = wording.event_text(ev, PSEUDO, NAMES)
        assert text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE), text


def prompts(engine: Any, players: int, seed: int) -> list[dict[str, object]]:
    """The decision of every position of a seeded game played at random, up to its end."""
    found = [engine.view(engine.new_game(players, seed, {}), None)["decision"]]
    played = random_playout(
        engine, players, seed, check=lambda state, *_: found.append(engine.view(state, None)["decision"])
    )
    assert played.finished
    return found[:-1]  # the end asks nothing


PROMPTS = [d for engine, players in ((GWT, 3), (RULES, 4)) for d in prompts(engine, players, 2)]


def test_every_prompt_says_facts_that_read_in_english_as_its_sentence() -> None:
    from bot.services.notices import bare_prompt

    names = {0: "Ada", 1: "Bob", 2: "Cy", 3: "Di"}
    for decision in PROMPTS:
        assert decision["say"], decision
        english = bare_prompt(str(decision["prompt"]))
        for seat, name in names.items():
            english = english.replace(f"Player {seat + 1}", name)
        assert wording.say("en", decision["say"], names) == english  # type: ignore[arg-type]


@pytest.mark.parametrize("locale", ["de", "nl", "ja"])
def test_prompts_read_in_the_readers_language(locale: str) -> None:
    said = {wording.say(locale, d["say"], NAMES) for d in PROMPTS}  # type: ignore[arg-type]
    english = {wording.say("en", d["say"], NAMES) for d in PROMPTS}  # type: ignore[arg-type]
    assert said.isdisjoint(english - {""}), said & english
    pseudo = [wording.say(PSEUDO, d["say"], NAMES) for d in PROMPTS]  # type: ignore[arg-type]
    assert all(p.startswith(PSEUDO_OPEN) for p in pseudo)


@pytest.mark.parametrize(
    ("engine", "typed", "locale", "start"),
    [
        (GWT, "fly away", "de", "'fly away' ist kein Zug von Great Western Trail (möglich ist z. B.: "),
        (RULES, " ", "nl", "Typ een zet."),
        (GWT, "fly away", "ja", "「fly away」はGreat Western Trailの手ではありません"),
        (GWT, "fly away", "en", "'fly away' is not a Great Western Trail move (you may: "),
    ],
)
def test_an_engines_refusal_reads_in_the_readers_language(
    engine: object, typed: str, locale: str, start: str
) -> None:
    from bot.play.replies import explain
    from rules.core.errors import RulesError

    state = engine.new_game(2, 1, {})  # type: ignore[attr-defined]
    with pytest.raises(RulesError) as refused:
        engine.play(state, min(engine.to_act(state)), typed)  # type: ignore[attr-defined]
    text = explain(refused.value, locale)
    assert text is not None and text.startswith(start), text


@pytest.mark.parametrize("engine", [GWT, RULES])
@pytest.mark.parametrize("locale", ["de", "nl", "ja"])
def test_a_not_a_move_refusal_offers_its_examples_in_the_readers_words(engine: object, locale: str) -> None:
    """The moves offered as examples read as the reader's menu shows them, not in English."""
    from bot.play.replies import explain
    from rules.core.errors import RulesError

    state = engine.new_game(2, 1, {})  # type: ignore[attr-defined]
    seat = min(engine.to_act(state))  # type: ignore[attr-defined]
    with pytest.raises(RulesError) as refused:
        engine.play(state, seat, "fly away")  # type: ignore[attr-defined]
    text = explain(refused.value, locale)
    first = engine.legal_moves(state, seat)[0]  # type: ignore[attr-defined]
    english = engine.describe_move(state, seat, first)  # type: ignore[attr-defined]
    ours = wording.say(locale, engine.say_move(state, seat, first), {})  # type: ignore[attr-defined]
    assert text is not None and ours in text and english not in text, text


def test_every_santafe_refusal_says_facts_that_read_in_english_as_its_sentence() -> None:
    """Moves typed wrong in every phase of seeded games: each refusal has facts, worded as the engine's
    English, and worded otherwise in German."""
    from rules.core.errors import RulesError
    from rules.santafe import board

    rng = Rng(3)
    words = ["play", "lay", "branch", "draw", "buy", "exchange", "keep", "done", "pass", "fly"]
    extras = [
        "double",
        "city",
        "engineer",
        "track",
        "branch",
        "blue",
        "purple",
        "chi-kcy",
        "chi-xyz",
        "+branch red",
        *list(board.SLUG_INDEX)[:6],
    ]
    seen: set[str] = set()

    def try_wrong_moves(state: Any, *_: Any) -> None:
        if RULES.is_over(state):
            return
        for seat in range(3):
            for _ in range(12):
                more = [rng.choice(extras) for _ in range(rng.randrange(4))]
                text = " ".join([rng.choice(words), *more])
                try:
                    RULES.play(state, seat, text)
                except RulesError as refused:
                    assert refused.said is not None, (text, refused.message)
                    assert wording.say("en", refused.said, {}) == refused.message, text
                    assert wording.say("de", refused.said, {}) != refused.message
                    seen.add(refused.said["msg"])

    for seed, advanced in ((4, False), (5, True)):
        start = RULES.new_game(3, seed, {"advanced": advanced})
        try_wrong_moves(start)
        assert random_playout(RULES, 3, seed, {"advanced": advanced}, check=try_wrong_moves).finished
    assert len(seen) > 15, seen
