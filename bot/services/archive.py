"""A game as portable data: export, and import with every move checked by replay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.services import engine, positions, timebank
from bot.services.errors import BadImport, GameExists, NotAllowed
from bot.services.models import GameInfo
from bot.services.parts import Feature
from bot.services.policy import opening_timing
from bot.services.repository import info
from bot.storage import games as store
from bot.storage import locks, preferences
from bot.storage.records import MoveRow, SeatRow
from bot.storage.sql import IntegrityError
from rules.core.events import Event
from rules.core.protocol import Engine, State
from rules.core.texts import said

EXPORT_REVEALS = (
    "This game is still running. Its seed reveals every player's hidden cards and the cards still to come: "
    "do not share this file with anyone playing in it."
)
NAME_LENGTH = 32  # Discord's longest display name: a file's names are shown, never trusted further
EXPORT_FORMAT = "boardgame-bot/1"
#: Who a file may say made a move; anything else reads as a player's.
ACTORS = ("player", "ai", "deadline", "admin")


@dataclass(frozen=True)
class _Export:
    """What an exported file says, read and checked for shape (``_read_export``)."""

    rules: Engine
    players: list[dict[str, Any]]
    names: list[str]
    seed: int
    options: dict[str, Any]
    moves: list[tuple[int, str]]
    actors: list[str]


class Archive(Feature):
    """A game as portable data: export, and import with every move checked by replay."""

    async def export(
        self, channel_id: int, by_user_id: int | None = None, *, admin: bool = False
    ) -> dict[str, Any]:
        """The game as data: enough to replay it anywhere (rules id, options, seed, players, moves).

        The seed of a game not yet over gives away every hidden card and every card still to come, so
        when a person asks (``by_user_id``) only a server manager who holds no seat in it may have it,
        and the data says so in ``hidden_cards_warning``.
        """
        game, seats = await self.repo.latest_rows(channel_id)
        running = game.status in store.OPEN_STATUSES
        if running and by_user_id is not None:
            if any(by_user_id in (s.user_id, s.offered_to) for s in seats):
                raise NotAllowed(said("refusal.export.seated"))
            if not admin:
                raise NotAllowed(said("refusal.export.managers"))
        async with self.db.reading() as conn:
            moves = await store.moves_of(conn, game.id)
        return {
            "format": EXPORT_FORMAT,
            "rules_id": game.rules_id,
            "options": dict(game.options),
            "seed": game.seed,
            "status": game.status,
            "version": game.version,
            "players": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "user_id": s.user_id,
                    "is_ai": s.is_ai,
                    "ai_level": s.ai_level,
                }
                for s in seats
            ],
            "moves": [
                {"version": m.version, "seat": m.seat, "move": m.move, "actor": m.actor} for m in moves
            ],
        } | ({"hidden_cards_warning": EXPORT_REVEALS} if running else {})

    async def import_game(
        self,
        guild_id: int | None,
        channel_id: int,
        data: dict[str, Any],
        host_id: int,
        host_name: str | None = None,
        *,
        parent_id: int | None = None,
    ) -> GameInfo:
        """Create a game in the channel from an ``export``; every move is replayed and checked first.

        Nobody is seated by someone else's file: the importer takes their own seat if the file names
        them; every other person named keeps the seat open for them alone (``claim_seat``), played by
        nobody (or by the computer, if it played it in the file) and never pinged until they take it.
        An imported game never counts in statistics, finished or not. Its timing is the server's
        defaults, as a game opened here with none chosen (``create_game``). ``parent_id``: the
        channel of the thread it goes into.
        """
        file = _read_export(data)
        state = file.rules.new_game(len(file.players), file.seed, file.options)
        logged: list[tuple[int, str, list[Event]]] = []
        for number, (seat, move) in enumerate(file.moves, start=1):
            if file.rules.is_over(state):
                raise BadImport(said("refusal.import.after_end", number=number))
            canonical, state, events = engine.play(file.rules, state, seat, move)
            logged.append((seat, canonical, events))
        try:
            game_id = await self._store_import(
                file, logged, state, guild_id, channel_id, host_id, host_name, parent_id
            )
        except IntegrityError:
            raise GameExists(said("refusal.import.channel_taken")) from None
        return info(*await self.repo.rows(game_id))

    async def _store_import(
        self,
        file: _Export,
        logged: list[tuple[int, str, list[Event]]],
        state: State,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str | None,
        parent_id: int | None,
    ) -> int:
        """Write the checked game of ``file`` (its moves replayed into ``logged`` and ``state``) in one
        transaction; its id."""
        now = self.clock()
        async with self.db.transaction(locks=(locks.guild(guild_id),)) as conn:
            guild = await preferences.guild_settings(conn, guild_id) if guild_id is not None else None
            reminder, deadline, action, bank = opening_timing(guild)  # as a game opened with none chosen
            game_id = await store.insert_game(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                rules_id=file.rules.id,
                options=file.options,
                seed=file.seed,
                now=now,
                status="finished" if file.rules.is_over(state) else "active",
                seat_order="join",
                reminder_minutes=reminder,
                deadline_minutes=deadline,
                deadline_action=action,
                imported_moves=len(logged),
                parent_id=parent_id,
            )
            if bank is not None:
                await store.update_game(conn, game_id, **timebank.columns(bank))
            seats = [
                _imported_seat(game_id, p, name, host_id, host_name, now)
                for p, name in zip(file.players, file.names, strict=True)
            ]
            await store.replace_seats(conn, game_id, seats)
            for version, ((seat, canonical, events), actor) in enumerate(
                zip(logged, file.actors, strict=True), 1
            ):
                actor = actor if actor in ACTORS else "player"
                # the file says who made its moves, but nobody here made them: they are nobody's
                await store.append_move(
                    conn, MoveRow(game_id, version, seat, None, canonical, events, actor, now)
                )
            game = await store.game_by_id(conn, game_id)
            assert game is not None  # inserted just above, in this transaction
            await positions.store_position(conn, game, seats, state, version=len(logged), now=now)
            await store.mark_announced(conn, game_id, len(logged))  # the imported log is old news
        return game_id


def _read_export(data: dict[str, Any]) -> _Export:
    """The file's contents, checked for shape (not yet for legal moves); ``BadImport`` says what is wrong."""
    try:
        if data.get("format") != EXPORT_FORMAT:
            raise BadImport(said("refusal.import.not_export", format=EXPORT_FORMAT))
        rules = engine.rules_for(str(data["rules_id"]))
        players = sorted(data["players"], key=lambda p: p["seat"])
        if [p["seat"] for p in players] != list(range(len(players))):
            raise BadImport(said("refusal.import.seat_numbers"))
        people = [p["user_id"] for p in players if p.get("user_id") is not None]
        if any(type(u) is not int or not 0 < u < 2**63 for u in people):  # a snowflake fits 63 bits
            raise BadImport(said("refusal.import.user_id"))
        if len(people) != len(set(people)):
            raise BadImport(said("refusal.import.one_seat"))
        return _Export(
            rules=rules,
            players=players,
            names=[" ".join(str(p["name"]).split())[:NAME_LENGTH] for p in players],
            seed=int(data["seed"]),
            options=dict(data.get("options") or {}),
            moves=[(int(m["seat"]), str(m["move"])) for m in data["moves"]],
            actors=[str(m.get("actor", "player")) for m in data["moves"]],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BadImport(said("refusal.import.malformed", detail=str(exc))) from exc


def _imported_seat(
    game_id: int, player: dict[str, Any], name: str, host_id: int, host_name: str | None, now: datetime
) -> SeatRow:
    """The seat a file's player gets: the importer's own, else one kept open for the person it names."""
    user_id = player.get("user_id")
    is_ai = bool(player.get("is_ai"))
    level = player.get("ai_level") if is_ai else None
    name = name or f"Seat {player['seat'] + 1}"
    if user_id == host_id:
        # the computer was playing it for them in the file: it goes on doing so until they take it back
        state = "replaced" if is_ai else "active"
        return SeatRow(game_id, player["seat"], host_id, host_name or name, is_ai, level, state, now)
    return SeatRow(game_id, player["seat"], None, name, is_ai, level, "active", now, offered_to=user_id)
