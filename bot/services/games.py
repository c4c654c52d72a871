"""``GameService``: the one object the cogs, the computer players and the tests use (see the package
docstring for the whole API). Its parts live in modules named for what they do."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from bot.i18n import ENGLISH
from bot.services.core import ServiceCore
from bot.services.damage import DamageReport
from bot.services.models import (
    Choices,
    Decision,
    DueItem,
    ForcedSkip,
    GameInfo,
    MoveOutcome,
    News,
    Notification,
    UndoOutcome,
)
from bot.services.policy import DEFAULT_AI_LEVEL, GUILD_DEFAULT
from bot.services.replays import MOST_FRAMES, ReplayFrame, ReplayPosition
from bot.services.report import BoardState, LiveBoard
from bot.storage.preferences import GuildSettings, UserSettings
from rules.core.events import Event


class GameService(ServiceCore):
    """Everything done to games: ``GameService(db, clock=utc_now, ai=choose_move, *, think_seconds=None)``;
    ``close()`` ends its computer players' worker processes and gives back its claims. The parts that are
    plain classes (``lobby``, ``play``, ``preferences``, ``channels``, ``damage``, ``everywhere``,
    ``ratings``, ``archive``, ``replays``, ``reading``, ``seats``, ``timing`` and ``statistics``) are built
    by ``ServiceCore`` and called through short methods of the same names."""

    # Timing (``timing.py``)
    async def take_over_claims(self) -> None:
        await self.timing.take_over_claims()

    async def renew_claims(self, now: datetime | None = None) -> bool:
        return await self.timing.renew_claims(now)

    async def due(self, now: datetime | None = None) -> list[DueItem]:
        return await self.timing.due(now)

    async def next_due_at(self) -> datetime | None:
        return await self.timing.next_due_at()

    async def resume_computer_turns(self, now: datetime | None = None) -> list[int]:
        return await self.timing.resume_computer_turns(now)

    async def claim_untold(self) -> list[int]:
        return await self.timing.claim_untold()

    async def give_back_untold(self, game_id: int) -> None:
        await self.timing.give_back_untold(game_id)

    async def run_due(self, now: datetime | None = None) -> list[Notification]:
        return await self.timing.run_due(now)

    async def vote_kick(self, channel_id: int, voter_id: int, seat: int) -> MoveOutcome | GameInfo:
        return await self.timing.vote_kick(channel_id, voter_id, seat)

    async def force_skip(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> ForcedSkip:
        return await self.timing.force_skip(channel_id, by_user_id, admin=admin)

    # Preferences (``prefs.py``)
    async def mute(self, user_id: int, game_id: int | None = None, until_next_turn: bool = False) -> None:
        await self.preferences.mute(user_id, game_id, until_next_turn)

    async def unmute(self, user_id: int, game_id: int | None = None) -> None:
        await self.preferences.unmute(user_id, game_id)

    async def user_settings(self, user_id: int) -> UserSettings:
        return await self.preferences.user_settings(user_id)

    async def update_user_settings(self, user_id: int, **changes: Any) -> UserSettings:
        return await self.preferences.update_user_settings(user_id, **changes)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.preferences.guild_settings(guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        return await self.preferences.update_guild_settings(guild_id, **changes)

    async def set_pictures(
        self, channel_id: int, by_user_id: int, pictures: str, *, admin: bool = False
    ) -> GameInfo:
        return await self.preferences.set_pictures(channel_id, by_user_id, pictures, admin=admin)

    async def set_computer_pace(
        self,
        channel_id: int,
        by_user_id: int,
        *,
        posts: str | None = None,
        pause: int | None = None,
        admin: bool = False,
    ) -> GameInfo:
        return await self.preferences.set_computer_pace(
            channel_id, by_user_id, posts=posts, pause=pause, admin=admin
        )

    async def set_channel_style(
        self,
        channel_id: int,
        by_user_id: int,
        *,
        style: str | None = None,
        auto_play: bool | None = None,
        admin: bool = False,
    ) -> GameInfo:
        return await self.preferences.set_channel_style(
            channel_id, by_user_id, style=style, auto_play=auto_play, admin=admin
        )

    async def note_language(self, user_id: int, language: str) -> None:
        await self.preferences.note_language(user_id, language)

    async def choose_language(self, user_id: int, language: str | None) -> None:
        await self.preferences.choose_language(user_id, language)

    async def languages_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        return await self.preferences.languages_of(user_ids)

    async def set_language(
        self, channel_id: int, by_user_id: int, language: str, *, admin: bool = False
    ) -> GameInfo:
        return await self.preferences.set_language(channel_id, by_user_id, language, admin=admin)

    async def update_game_timing(
        self, channel_id: int, by_user_id: int, *, admin: bool = False, **changes: Any
    ) -> GameInfo:
        return await self.preferences.update_game_timing(channel_id, by_user_id, admin=admin, **changes)

    # Channels (``channels.py``)
    async def channel_gone(self, channel_id: int) -> list[Notification]:
        return await self.channels.channel_gone(channel_id)

    async def guild_left(self, guild_id: int) -> list[Notification]:
        return await self.channels.guild_left(guild_id)

    async def guild_back(self, guild_id: int) -> list[Notification]:
        return await self.channels.guild_back(guild_id)

    async def guilds_present(
        self, guild_ids: Iterable[int], *, covered: Callable[[int], bool] | None = None
    ) -> list[Notification]:
        return await self.channels.guilds_present(guild_ids, covered=covered)

    # Everywhere (``everywhere.py``)
    async def seated_games(self, user_id: int) -> list[GameInfo]:
        return await self.everywhere.seated_games(user_id)

    async def live_board_messages(self, game_ids: Sequence[int]) -> dict[int, int]:
        return await self.everywhere.live_board_messages(game_ids)

    # Ratings (``ratings.py``)
    async def rating_board(
        self, guild_id: int, rules_id: str | None = None, *, everywhere: bool = False, limit: int = 20
    ) -> list[dict[str, Any]]:
        return await self.ratings.rating_board(guild_id, rules_id, everywhere=everywhere, limit=limit)

    async def ratings_of(self, guild_id: int, user_id: int) -> list[dict[str, Any]]:
        return await self.ratings.ratings_of(guild_id, user_id)

    # Lobby (``lobby.py``)
    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        rules_id: str,
        options: dict[str, Any] | None = None,
        *,
        max_players: int | None = None,
        seat_order: str = "random",
        reminder_minutes: int | None = GUILD_DEFAULT,
        deadline_minutes: int | None = GUILD_DEFAULT,
        deadline_action: str | None = GUILD_DEFAULT,
        parent_id: int | None = None,
        channel_style: str = "quiet",
        auto_play: bool = True,
        language: str = ENGLISH,
    ) -> GameInfo:
        return await self.lobby.create_game(
            guild_id,
            channel_id,
            host_id,
            host_name,
            rules_id,
            options,
            max_players=max_players,
            seat_order=seat_order,
            reminder_minutes=reminder_minutes,
            deadline_minutes=deadline_minutes,
            deadline_action=deadline_action,
            parent_id=parent_id,
            channel_style=channel_style,
            auto_play=auto_play,
            language=language,
        )

    async def join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        return await self.lobby.join(channel_id, user_id, name)

    async def add_ai(self, channel_id: int, by_user_id: int, level: int = 1) -> GameInfo:
        return await self.lobby.add_ai(channel_id, by_user_id, level)

    async def remove_ai(
        self, channel_id: int, by_user_id: int, seat: int, *, admin: bool = False
    ) -> GameInfo:
        return await self.lobby.remove_ai(channel_id, by_user_id, seat, admin=admin)

    async def lobby_message(self, game_id: int) -> int | None:
        return await self.lobby.lobby_message(game_id)

    async def remember_lobby_message(self, game_id: int, message_id: int) -> None:
        await self.lobby.remember_lobby_message(game_id, message_id)

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        return await self.lobby.leave(channel_id, user_id)

    async def move_seat(self, channel_id: int, by_user_id: int, user_id: int, new_position: int) -> GameInfo:
        return await self.lobby.move_seat(channel_id, by_user_id, user_id, new_position)

    async def start(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> MoveOutcome:
        return await self.lobby.start(channel_id, by_user_id, admin=admin)

    async def cancel(self, channel_id: int, by_user_id: int, *, admin: bool = False) -> GameInfo:
        return await self.lobby.cancel(channel_id, by_user_id, admin=admin)

    async def abandon(
        self, channel_id: int, by_user_id: int | None = None, *, admin: bool = False
    ) -> GameInfo:
        return await self.lobby.abandon(channel_id, by_user_id, admin=admin)

    # Play (``play.py``)
    async def submit(
        self,
        channel_id: int,
        user_id: int,
        move_text: str,
        expected_version: int | None = None,
        *,
        expected_revision: int | None = None,
        expected_decision: str | None = None,
        locale: object = None,
    ) -> MoveOutcome:
        return await self.play.submit(
            channel_id,
            user_id,
            move_text,
            expected_version,
            expected_revision=expected_revision,
            expected_decision=expected_decision,
            locale=locale,
        )

    async def undo(self, channel_id: int, user_id: int) -> UndoOutcome:
        return await self.play.undo(channel_id, user_id)

    async def restore(self, channel_id: int, version: int, *, admin: bool = False) -> GameInfo:
        return await self.play.restore(channel_id, version, admin=admin)

    async def undone_moves(self, channel_id: int) -> list[dict[str, Any]]:
        return await self.play.undone_moves(channel_id)

    # Seats (``seats.py``)
    async def resign(self, channel_id: int, user_id: int) -> MoveOutcome:
        return await self.seats.resign(channel_id, user_id)

    async def hand_to_ai(
        self,
        channel_id: int,
        by_user_id: int,
        seat: int,
        level: int = DEFAULT_AI_LEVEL,
        *,
        admin: bool = False,
    ) -> MoveOutcome:
        return await self.seats.hand_to_ai(channel_id, by_user_id, seat, level, admin=admin)

    async def take_back_seat(self, channel_id: int, user_id: int) -> GameInfo:
        return await self.seats.take_back_seat(channel_id, user_id)

    async def offer_seat(
        self, channel_id: int, by_user_id: int, seat: int, user_id: int, *, admin: bool = False
    ) -> GameInfo:
        return await self.seats.offer_seat(channel_id, by_user_id, seat, user_id, admin=admin)

    async def claim_seat(
        self, channel_id: int, user_id: int, name: str, *, guild_id: int | None, seat: int | None = None
    ) -> GameInfo:
        return await self.seats.claim_seat(channel_id, user_id, name, guild_id=guild_id, seat=seat)

    async def set_away(self, channel_id: int, user_id: int, away: bool) -> GameInfo:
        return await self.seats.set_away(channel_id, user_id, away)

    # Reading (``reading.py``)
    async def get_game(self, channel_id: int) -> GameInfo:
        return await self.reading.get_game(channel_id)

    async def game_by_id(self, game_id: int) -> GameInfo:
        return await self.reading.game_by_id(game_id)

    async def final_result(self, channel_id: int) -> dict[str, Any]:
        return await self.reading.final_result(channel_id)

    async def seat_of(self, channel_id: int, user_id: int) -> int | None:
        return await self.reading.seat_of(channel_id, user_id)

    async def legal_moves(
        self, channel_id: int, user_id: int, locale: object = None
    ) -> list[tuple[str, str]]:
        return await self.reading.legal_moves(channel_id, user_id, locale)

    async def decision(self, channel_id: int, user_id: int, locale: object = None) -> Decision:
        return await self.reading.decision(channel_id, user_id, locale)

    async def view_for(self, channel_id: int, user_id: int | None) -> tuple[GameInfo, dict[str, Any]]:
        return await self.reading.view_for(channel_id, user_id)

    async def view_at(self, channel_id: int, version: int, user_id: int | None = None) -> dict[str, Any]:
        return await self.reading.view_at(channel_id, version, user_id)

    async def log(
        self, channel_id: int, user_id: int | None = None, limit: int = 20, locale: object = None
    ) -> list[str]:
        return await self.reading.log(channel_id, user_id, limit, locale)

    async def news_for(self, channel_id: int, user_id: int) -> News | None:
        return await self.reading.news_for(channel_id, user_id)

    async def choices(self, channel_id: int, user_id: int, locale: object = None) -> Choices:
        return await self.reading.choices(channel_id, user_id, locale)

    def news_shown(self, news: News) -> None:
        self.reading.news_shown(news)

    async def public_events_between(self, game_id: int, after: int, upto: int) -> list[Event]:
        return await self.reading.public_events_between(game_id, after, upto)

    async def untold_public_events(self, game_id: int, upto: int) -> list[Event]:
        return await self.reading.untold_public_events(game_id, upto)

    async def mark_told(
        self,
        game_id: int,
        upto: int,
        live_board: LiveBoard | None = None,
        pinged: Sequence[tuple[int, int]] = (),
    ) -> None:
        await self.reading.mark_told(game_id, upto, live_board, pinged)

    async def untold_movers(self, game_id: int, upto: int) -> list[int]:
        return await self.reading.untold_movers(game_id, upto)

    async def progress_message(self, game_id: int) -> int | None:
        return await self.reading.progress_message(game_id)

    async def remember_progress_message(self, game_id: int, message_id: int) -> None:
        await self.reading.remember_progress_message(game_id, message_id)

    async def live_board(self, game_id: int) -> LiveBoard | None:
        return await self.reading.live_board(game_id)

    async def board_state(self, game_id: int, upto: int) -> BoardState:
        return await self.reading.board_state(game_id, upto)

    async def reserve_pings(
        self,
        game_id: int,
        upto: int,
        people: Sequence[tuple[int, int]],
        *,
        by: str = "ping",
        shown: Sequence[tuple[int, int]] = (),
    ) -> list[tuple[int, int]]:
        return await self.reading.reserve_pings(game_id, upto, people, by=by, shown=shown)

    async def unreserve_pings(
        self, game_id: int, upto: int, pinged: Sequence[tuple[int, int]], *, by: str = "ping"
    ) -> None:
        await self.reading.unreserve_pings(game_id, upto, pinged, by=by)

    async def forget_untold_pings(self, game_id: int) -> None:
        await self.reading.forget_untold_pings(game_id)

    async def movers_after(self, game_id: int, after: int, upto: int) -> set[int]:
        return await self.reading.movers_after(game_id, after, upto)

    async def remember_live_board(self, game_id: int, board: LiveBoard) -> None:
        await self.reading.remember_live_board(game_id, board)

    async def forget_live_board(self, game_id: int) -> None:
        await self.reading.forget_live_board(game_id)

    async def active_games(self) -> list[GameInfo]:
        return await self.reading.active_games()

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self.reading.games_of_user(user_id)

    async def check_replay(self, game_id: int) -> bool:
        return await self.reading.check_replay(game_id)

    # Replays (``replays.py``)
    async def replay_game(
        self, channel_id: int, guild_id: int | None, game_id: int | None = None
    ) -> GameInfo:
        return await self.replays.replay_game(channel_id, guild_id, game_id)

    async def replay_position(self, game_id: int, version: int, locale: object = None) -> ReplayPosition:
        return await self.replays.replay_position(game_id, version, locale)

    async def replay_frames(
        self, game_id: int, locale: object = None, most: int = MOST_FRAMES
    ) -> tuple[GameInfo, list[ReplayFrame]]:
        return await self.replays.replay_frames(game_id, locale, most)

    async def score_history(self, game_id: int) -> list[list[int]] | None:
        return await self.replays.score_history(game_id)

    # Archive (``archive.py``)
    async def export(
        self, channel_id: int, by_user_id: int | None = None, *, admin: bool = False
    ) -> dict[str, Any]:
        return await self.archive.export(channel_id, by_user_id, admin=admin)

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
        return await self.archive.import_game(
            guild_id, channel_id, data, host_id, host_name, parent_id=parent_id
        )

    # Damage (``damage.py``)
    async def check_states(self) -> DamageReport:
        return await self.damage.check_states()

    def take_damage_notes(self) -> list[Notification]:
        return self.damage.take_damage_notes()

    # Stats (``stats.py``)

    async def stats(self, guild_id: int, user_id: int | None = None, recent: int = 10) -> dict[str, Any]:
        return await self.statistics.stats(guild_id, user_id, recent)

    async def computer_played(self, game_id: int) -> dict[int, int]:
        return await self.statistics.computer_played(game_id)

    async def leaderboard(
        self, guild_id: int, rules_id: str | None = None, limit: int = 20
    ) -> list[dict[str, Any]]:
        return await self.statistics.leaderboard(guild_id, rules_id, limit)
