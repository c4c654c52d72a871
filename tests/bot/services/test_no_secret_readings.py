"""No reading the bot offers tells a viewer what their own view does not: random games of every registered
game (and the tiny one) through the service and the presenters, checking after every move, for every seat
and a spectator, the log at several lengths, the boards (now, after every past move, a player's), the
status, the list of games, the autocomplete, the turn summary, the notices (direct messages), the export
and each position of a replay. What is secret comes from the engine: other seats' private events, and the
moves they hid (``hides_move``) that no public ``reveals`` has shown since.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.services import FakeClock, GameService, NotAllowed
from bot.storage import open_database
from bot.ui import presenters
from rules.core.events import FOR_GOOD, REVEALS, Event, hidden_move, is_public
from tests.support.fixtures import (
    ANN,
    BOB,
    CHANNEL,
    CID,
    DOT,
    GUILD,
    NAMES,
    clock,
    db_path,
    moves_since,
    tiny_game,
)

__all__ = ["clock", "db_path", "tiny_game"]

SEED = 1234  # the service fixture's seed
PEOPLE = (ANN, BOB, CID)
OUTSIDER = DOT  # seated nowhere: a spectator
GAMES = ("tiny", *(g for g in rules.ids() if g != "tiny"))
MOVES = {"tiny": 150, "santafe": 100, "gwt": 60}  # a few seconds in all; Santa Fe's choices come often
OTHER_MOVES = 100  # a game added since


class Secrets:
    """What each seat may not read, kept from the engine's own events as the moves come."""

    def __init__(self) -> None:
        self.private: list[tuple[int, str]] = []  # (owner, text) of every private event so far
        self.hidden: dict[int, tuple[int, str, bool]] = {}  # version -> (seat, move, for good), not shown

    def add(self, version: int, seat: int, move: str, events: list[Event]) -> None:
        self.private += [(ev["private_to"], ev["text"]) for ev in events if not is_public(ev)]
        hider = hidden_move(events)
        if hider is not None:
            self.hidden[version] = (seat, move, bool(hider.get(FOR_GOOD)))
        if any(is_public(ev) and ev.get(REVEALS) for ev in events):
            self.hidden = {v: h for v, h in self.hidden.items() if h[2]}

    def of(self, seat: int | None) -> set[str]:
        """The texts ``seat`` (None: a spectator) must never read, less those it knows itself."""
        own = {m for s, m, _ in self.hidden.values() if s == seat}
        return self.private_of_others(seat) | set(self.moves_hidden_from(seat).values()) - own

    def private_of_others(self, seat: int | None) -> set[str]:
        return {t for o, t in self.private if o != seat} - {t for o, t in self.private if o == seat}

    def moves_hidden_from(self, seat: int | None) -> dict[int, str]:
        return {v: m for v, (s, m, _) in self.hidden.items() if s != seat}


def leaks(text: str, secrets: set[str]) -> list[str]:
    return [s for s in secrets if s in text]


async def public_readings(service: GameService, outcome: Any) -> list[str]:
    """What the channel is shown: the status, the turn summary, the channel's notices of the last move."""
    game = await service.get_game(CHANNEL)
    spectator = await service.view_at(CHANNEL, game.version, None)
    prompt = presenters.decision_prompt(spectator, game)
    texts = [presenters.embed_text(presenters.status_embed(game, prompt))]
    texts += presenters.event_lines(await service.untold_public_events(game.id, game.version))
    texts += presenters.event_lines(outcome.public_events)
    return texts + [n.text for n in outcome.notifications if n.user_id is None]


def answer_texts(outcome: Any, user: int, seat: int | None) -> list[str]:
    """What ``user`` alone hears of the last move: direct notices, and the mover's own answer."""
    texts = [n.text for n in outcome.notifications if n.user_id == user]
    if outcome.seat is not None and outcome.seat == seat:
        texts += presenters.event_lines(outcome.events, seat=seat)
    return texts


@pytest.fixture
async def service(db_path: Path, clock: FakeClock, tiny_game: None) -> AsyncIterator[GameService]:
    """The service on a database that does not wait for the disk at each commit: hundreds of moves."""
    db = await open_database(db_path, sync="normal")
    games = GameService(db, clock, new_seed=lambda: SEED, think_seconds=0.05)
    yield games
    await games.close()
    await db.close()


@pytest.mark.parametrize("game_id", GAMES)
async def test_no_reading_tells_a_secret(service: GameService, game_id: str) -> None:
    await service.create_game(GUILD, CHANNEL, ANN, NAMES[ANN], game_id, seat_order="join")
    for user in PEOPLE[1:]:
        await service.join(CHANNEL, user, NAMES[user])
    await service.add_ai(CHANNEL, ANN, level=0)  # its moves come with the people's, told as they are
    outcome = await service.start(CHANNEL, ANN)
    game = outcome.game
    engine = rules.get(game_id)
    players = len(PEOPLE) + 1
    states = [engine.new_game(players, SEED, game.options)]
    secrets = Secrets()
    seat_of = {user: game.seat_of(user).seat for user in PEOPLE}  # type: ignore[union-attr]
    viewers: list[tuple[int, int | None]] = [*((u, seat_of[u]) for u in PEOPLE), (OUTSIDER, None)]
    choose = random.Random(f"{game_id} secrets")
    checked_boards = 0
    hidden_seen = 0
    hiders: set[tuple[str, bool]] = set()  # (who moved, hidden for good) of the moves hidden so far
    while True:  # each pass: every reading, then one random person's random move (and the computer's)
        for played in await moves_since(service, len(states) - 1):  # the computer's too, once made
            states.append(engine.play(states[-1], played.seat, played.move)[0])
            secrets.add(played.version, played.seat, played.move, list(played.events))
            hider = hidden_move(list(played.events))
            if hider is not None:
                hiders.add((played.actor, bool(hider.get(FOR_GOOD))))
        if len(states) > MOVES.get(game_id, OTHER_MOVES):
            break
        # the readings of everyone, before the next move
        running = (await service.get_game(CHANNEL)).status == "active"
        public = await public_readings(service, outcome)
        for text in public:
            assert not leaks(text, secrets.of(None)), f"the channel reads {leaks(text, secrets.of(None))}"
        for user, seat in viewers:
            forbidden = secrets.of(seat)
            game = await service.get_game(CHANNEL)
            _, own = await service.view_for(CHANNEL, user)
            assert own == engine.view(states[-1], seat)
            offered = await service.legal_moves(CHANNEL, user)
            assert [m for m, _ in offered] == ([] if seat is None else engine.legal_moves(states[-1], seat))
            texts = [label for _move, label in offered] + [presenters.decision_prompt(own, game)]
            texts += presenters.my_games_lines(await service.games_of_user(user), user, "en-US")
            for text in texts + answer_texts(outcome, user, seat):
                assert not leaks(text, forbidden), f"{NAMES[user]} reads {leaks(text, forbidden)} in {text!r}"
            hidden = secrets.moves_hidden_from(seat)
            hidden_seen += len(hidden)
            lines = await service.log(CHANNEL, user, limit=0)
            for line in lines:
                version = int(line.split(".")[0])
                assert not leaks(line, secrets.private_of_others(seat)), f"{NAMES[user]}'s log: {line!r}"
                if version in hidden:
                    assert f": {hidden[version]}" not in line, f"{NAMES[user]}'s log: {line!r}"
            if len(lines) % 7 == 1:  # now and then: a shorter log is the end of the same lines
                for limit in (1, 3, 20):
                    assert await service.log(CHANNEL, user, limit=limit) == lines[-limit:]
            if running:  # a running game's export (its seed tells every card) is for managers only
                with pytest.raises(NotAllowed):
                    await service.export(CHANNEL, user)
        # /board and /board player: after every move, read while that move's secrets may still be kept
        for version in range(checked_boards, len(states)):
            assert await service.view_at(CHANNEL, version, None) == engine.view(states[version], None)
            user, seat = viewers[version % len(viewers)]  # each past view is a replay: one viewer each
            assert await service.view_at(CHANNEL, version, user) == engine.view(states[version], seat)
            # /replay: a spectator's view and log line of each position, whoever asks
            position = await service.replay_position(game.id, version)
            assert position.view == engine.view(states[version], None)
            if position.line is not None:
                assert not leaks(position.line, secrets.of(None)), f"a replay reads {position.line!r}"
                if version in secrets.moves_hidden_from(None):
                    assert f": {secrets.moves_hidden_from(None)[version]}" not in position.line
        checked_boards = len(states)
        game = await service.get_game(CHANNEL)
        if game.status != "active":
            break
        user = choose.choice(game.to_act_users)
        move = choose.choice(await service.legal_moves(CHANNEL, user))[0]
        outcome = await service.submit(CHANNEL, user, move)
    if game_id in ("tiny", "santafe"):
        assert hidden_seen, "the game's secret choices were checked while still hidden"
        assert {("player", False), ("ai", False)} <= hiders, "people's and computers' secret choices"
    if game_id == "santafe":
        assert any(for_good for _actor, for_good in hiders), "an exchange, hidden for good"
