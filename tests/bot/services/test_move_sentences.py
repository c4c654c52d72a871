"""A move as the log tells it: a sentence in each language ("Ann hired a cowboy from row 2 for $6."),
never the menu's infinitive label inside a "chose:" frame, for every move of random games of both games."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import catalog, translate
from bot.services import engine, outcomes, wording
from bot.services.gamelog import log_line
from rules.core.events import HIDES_MOVE

GAMES = ("gwt", "santafe")
LANGUAGES = ("en", "de", "nl", "ja")
NAMES = {0: "Ann", 1: "Bob", 2: "Cid"}
# Labels that wrap another label (a price, a card played with a Branch Line card, a piece's marks): their
# sentence is made from the label inside.
WRAPPERS = {
    "gwt": ("gwt.label.paid", "gwt.label.free", "gwt.label.risk"),
    "santafe": (
        "santafe.label.with_branch",
        "santafe.label.piece",
        "santafe.label.marked",
        "santafe.label.bought",
    ),
}
# The sentence of each kind of label, by the label's message prefix.
SENTENCES = {
    "gwt": {"gwt.label.": "gwt.did.", "gwt.skip.": "gwt.did.skip_"},
    "santafe": {"santafe.label.": "santafe.did.", "santafe.hidden.": "santafe.did.hidden_"},
}


def message_ids(value: Any) -> Iterator[str]:
    """Every catalog message a fact (and the facts inside it) names."""
    if isinstance(value, dict):
        if "msg" in value:
            yield str(value["msg"])
        for inner in value.values():
            yield from message_ids(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from message_ids(inner)


def played(rules_id: str, seed: int, players: int, limit: int) -> Iterator[tuple[Any, int, Any]]:
    """(label, seat, stand-in or None) of each move of a random game: the label as the log reads it
    (``said_label``) and, for a move hidden from the others, the stand-in they read."""
    rules = engine.rules_for(rules_id)
    rng = random.Random(seed)
    state = rules.new_game(players, seed, {})
    for _ in range(limit):
        if rules.is_over(state):
            return
        seat = min(rules.to_act(state))
        move = rng.choice(rules.legal_moves(state, seat))
        label = engine.said_label(rules, state, seat, move)
        state, events = rules.play(state, seat, move)
        stand_in = next((ev[HIDES_MOVE] for ev in events if ev.get(HIDES_MOVE)), None)
        yield label, seat, stand_in


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("rules_id", GAMES)
def test_every_move_of_random_games_reads_as_a_sentence_in_each_language(rules_id):
    rules = engine.rules_for(rules_id)
    told: set[str] = set()
    for seed in range(4):
        for label, seat, stand_in in played(rules_id, seed, 2 + seed % 2, 300):
            for shown in (label, stand_in) if stand_in is not None else (label,):
                done = engine.said_done(rules, shown, seat)
                assert done is not None, (rules_id, shown)
                told.update(msg for msg in message_ids(done) if ".did." in msg)
                for language in LANGUAGES:
                    missing = [msg for msg in message_ids(done) if msg not in catalog(language).messages]
                    assert not missing, (language, missing)
                    text = wording.text_of(language, done, NAMES)
                    as_label = wording.text_of(language, shown, NAMES)
                    frame = translate(language, "message.log.move", name=NAMES[seat], move=as_label)
                    assert text.startswith(NAMES[seat]) and frame not in text and "{" not in text, text
                    assert text.endswith("。" if language == "ja" else "."), text
                    if language == "ja":  # Japanese joins with its own marks, never ASCII separators
                        assert not re.search(r"[,;:] |。 | — ", text), text
    assert len(told) >= 10, told  # many kinds of move, not one frame


@pytest.mark.parametrize("rules_id", GAMES)
def test_every_kind_of_label_has_its_sentence_with_the_labels_words(rules_id):
    """Each label message (and stand-in) has a sentence in the game's catalog, whose placeholders are the
    label's and the player: a sentence never names what its label does not give it."""
    english = catalog("en").messages
    labels = [
        msg for msg in english if msg.startswith(tuple(SENTENCES[rules_id])) and msg not in WRAPPERS[rules_id]
    ]
    assert labels
    for msg in labels:
        prefix = next(p for p in SENTENCES[rules_id] if msg.startswith(p))
        sentence = SENTENCES[rules_id][prefix] + msg.removeprefix(prefix)
        assert sentence in english, msg
        for language in LANGUAGES:
            wanted = set().union(*(placeholders(form) for form in english[msg])) | {"player"}
            for form in catalog(language).messages[sentence]:
                assert placeholders(form) <= wanted, (language, sentence, form)


def test_a_step_made_for_a_player_that_no_event_tells_reads_as_its_sentence():
    """A forced step with no public event of its own gets a line saying it was made for the player: the
    engine's sentence in the reader's language, not "Player 1: <English label>"."""
    rules = engine.rules_for("santafe")
    label = {"msg": "santafe.label.done", "args": {}}
    done = engine.said_done(rules, label, 0)
    private = {"type": "draw", "text": "You draw Boise.", "private_to": 0}
    events = outcomes.made_for([private], 0, "Done laying", done)
    assert events[0] == private and events[1]["made_for"] == 0 and events[1]["type"] == "auto_play"
    german = wording.event_text(events[1], "de", {0: "Ann"})
    assert german.startswith("Ann ist fertig mit Legen") and "Ann" in german.partition("(")[2], german
    assert outcomes.made_for([private], 0, "Done laying")[1]["text"].startswith("Player 1: Done laying")


def test_a_sentence_heading_a_log_line_runs_on_into_what_followed():
    """A head that ends its sentence is joined to the events after it as the language joins them: no
    "。。" in Japanese, no ". —" elsewhere; alone it keeps its full stop."""
    assert log_line("ja", "3. Annは手番を終えた。", ["Bobの手番。"]) == "3. Annは手番を終えた。Bobの手番。"
    assert log_line("en", "3. Ann ended the turn.", ["Bob's turn."]) == "3. Ann ended the turn — Bob's turn."
    assert log_line("en", "3. Ann ended the turn.", []) == "3. Ann ended the turn."
