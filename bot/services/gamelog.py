"""A game's log as its readers read it, and its past positions by replay: what looking back at a game
(``Reading``, ``Replays``) and taking moves back (``Play.restore``) share."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import ENGLISH, translate
from bot.services import engine, wording
from bot.services.models import PlayedMove
from bot.storage import games as store
from bot.storage.db import Database
from bot.storage.records import GameRow, SeatRow
from rules.core.events import HIDES_MOVE, TELLS_MOVE, Event, is_public, shown_moves, visible_to
from rules.core.protocol import State

# Who made a move other than its player, as the log says it (message.log.by_<actor>).
ACTORS = ("ai", "deadline", "admin")


def _facts_of(events: list[Event]) -> int:
    """How much of ``events`` reads in every language: 0 for English text only, 1 for facts holding
    English prose (a move's label before labels were facts), 2 for facts alone."""
    if not any(wording.has_facts(ev) for ev in events):
        return 0
    return 1 if any('"prose":' in json.dumps(ev.get("args") or {}) for ev in events) else 2


class GameLog:
    """The lines of a game's log and its positions after any number of moves, read from ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def lines(
        self, game: GameRow, seats: Sequence[SeatRow], viewer: int | None, locale: object
    ) -> list[str]:
        """Every line of ``game``'s log as ``viewer`` (a seat, None: a spectator) may read it, one a move,
        in the language of ``locale`` (else the game's)."""
        names = {s.seat: s.name for s in seats}
        language = locale or game.language
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id)
        lines = []
        said_labels, derived = _move_labels(game, len(seats), [(m.seat, m.move) for m in moves])
        # events stored before the engine wrote facts (or with a move's English label inside) read as the
        # replay says them, in any language
        moves = [
            replace(m, events=again) if _facts_of(again) > _facts_of(m.events) else m
            for m, again in zip(moves, derived, strict=True)
        ]
        # a secret move (a card chosen in secret) reads as its stand-in until the viewer may know it
        shown_labels = shown_moves(
            [(m.seat, label, m.events) for m, label in zip(moves, said_labels, strict=True)], viewer
        )
        texts_of_moves = [wording.text_of(language, label, names) for label in shown_labels]
        english_texts = [wording.text_of(ENGLISH, label) for label in shown_labels]
        rules = engine.rules_for(game.rules_id)
        for m, shown_label, move_text, english_text in zip(
            moves, shown_labels, texts_of_moves, english_texts, strict=True
        ):
            shown = [ev for ev in m.events if visible_to(ev, viewer)]
            # the sentence the engine tells the move by, from its label or its stand-in
            done = engine.said_done(rules, shown_label, m.seat)
            if done is not None or (viewer == m.seat and any(not is_public(ev) for ev in shown)):
                # the stand-in says no more than the head of the line, and the mover's own private line
                # tells them more than the stand-in the others read
                shown = [ev for ev in shown if not ev.get(HIDES_MOVE)]
            # an engine's own "Player N: <label>." line says again what the head of the line says; when it
            # also says the move was made for the player, it heads the line in place of the label
            # (an event of type "move" naming this move; in older games, its English text)
            own = (f"Player {m.seat + 1}: {english_text}.", f"Player {m.seat + 1} chose: {english_text}.")

            def is_own(ev: Event, m: Any = m, own: tuple[str, str] = own) -> bool:
                named = ev.get("type") == "move" and ev.get("move") == m.move and ev.get("seat") == m.seat
                # the line the bot adds for a move made for its player that no public event tells
                forced = ev.get("type") == "auto_play" and ev.get("seat") == m.seat and "made_for" in ev
                return named or forced or ev.get("text") in own

            said = [(ev, wording.event_text(ev, language, names)) for ev in shown]
            made = next((text for ev, text in said if is_own(ev) and "made_for" in ev), None)
            texts = [text for ev, text in said if text and not is_own(ev)]
            who = names.get(m.seat) or translate(language, "message.seat_number", number=m.seat + 1)
            if m.actor in ACTORS:
                who = translate(language, f"message.log.by_{m.actor}", name=who)
            chose = (
                translate(language, "message.log.move", name=who, move=move_text)
                if done is None
                else wording.text_of(language, done, {**names, m.seat: who})
            )
            head = f"{m.version}. {chose}" if made is None else f"{m.version}. {made}"
            teller = next((ev for ev in shown if ev.get(TELLS_MOVE)), None)
            mover = f"Player {m.seat + 1} "
            if teller is not None and wording.has_facts(teller):
                # an event tells the move in more words than its label: it heads the line instead
                texts.remove(wording.event_text(teller, language, names))
                told = wording.event_text(teller, language, {**names, m.seat: who})
                head = f"{m.version}. {told}"
            elif teller is not None and str(teller.get("text", "")).startswith(mover):
                texts.remove(wording.event_text(teller, language, names))
                head = f"{m.version}. {who} {teller['text'][len(mover) :]}"
            lines.append(log_line(language, head, texts))
        return lines

    async def decision_key(
        self, game: GameRow, seat: int, moves: Iterable[object], played: Sequence[PlayedMove] = ()
    ) -> str:
        """The key of ``seat``'s decision over ``moves`` in ``game`` as read (``engine.decision_key``): the
        number of the seat's last move comes from ``played`` when one of those is its, else from the log."""
        mine = [p.version for p in played if p.seat == seat]
        if mine:
            last = max(mine)
        else:
            async with self.db.reading() as conn:
                last = await store.last_move_of_seat(conn, game.id, seat, game.version)
        return engine.decision_key(seat, last, moves)

    async def replayed(self, game: GameRow, players: int, upto: int | None = None) -> State:
        """The state after ``upto`` moves (default: the version ``game`` was read at), by replay."""
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id, game.version if upto is None else upto)
        rules = engine.rules_for(game.rules_id)
        return engine.replay(rules, players, game.seed, game.options, [(m.seat, m.move) for m in moves])


def _move_labels(
    game: GameRow, players: int, moves: list[tuple[int, str]]
) -> tuple[list[Any], list[list[Event]]]:
    """The label each move had when it was made (players read labels, never the notation), as the
    engine says it (``engine.said_label``), by replaying the game: a label may name what lay on the
    board at that moment."""
    if not moves:
        return [], []
    rules = engine.rules_for(game.rules_id)
    state = rules.new_game(players, game.seed, game.options)
    labels, events = [], []
    for seat, move in moves:
        labels.append(engine.said_label(rules, state, seat, move))
        state, said = rules.play(state, seat, move)
        events.append(list(said))
    return labels, events


def log_line(language: object, head: str, texts: Sequence[str]) -> str:
    """A move's line of the log: its head, then what followed, sentences joined as ``language`` writes them
    (Japanese sentences end in 。 and follow one another with no space)."""
    if not texts:
        return head
    # a head that is a sentence ("Ann ended the turn.") runs on into what followed as the language joins them
    for stop in ("。", "."):
        if head.endswith(stop) and not head.endswith(stop * 2):
            head = head.removesuffix(stop)
            break
    joined = texts[-1]
    for text in reversed(texts[:-1]):
        joined = translate(language, "message.sentences", first=text, second=joined)
    return translate(language, "message.log.line", head=head, events=joined)
