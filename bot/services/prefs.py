"""Muting, the per-user, per-guild and per-game reminder and deadline settings, the per-game pictures
setting, and the per-guild hosting limit."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.services import timebank
from bot.services.errors import NotAllowed, NotInGame
from bot.services.models import GameInfo
from bot.services.parts import Feature, Parts
from bot.services.policy import (
    CHANNEL_STYLES,
    COMPUTER_POSTS,
    DEADLINE_ACTIONS,
    MAX_COMPUTER_PAUSE,
    PICTURE_MODES,
    check_language,
    require_host,
    timing_defaults,
)
from bot.services.repository import info
from bot.services.timebank import KEEP, Keep, TimeBank
from bot.storage import games as store
from bot.storage import locks, preferences
from bot.storage.preferences import GuildSettings, UserSettings
from rules.core.texts import said


def _only(changes: dict[str, Any], known: set[str]) -> None:
    unknown = set(changes) - known
    if unknown:
        raise NotAllowed(
            said(
                "refusal.unknown_settings", unknown=", ".join(sorted(unknown)), known=", ".join(sorted(known))
            )
        )


class Preferences(Feature):
    """Muting, and the per-user, per-guild and per-game reminder and deadline settings."""

    def __init__(self, parts: Parts) -> None:
        super().__init__(parts)
        # user -> the language their Discord client last used, as stored (see ``note_language``)
        self.used_languages: dict[int, str] = {}

    async def mute(self, user_id: int, game_id: int | None = None, until_next_turn: bool = False) -> None:
        """Stop reminders: for one game or all, for good or only for the turn under way."""
        async with self.db.transaction(game=game_id, locks=(locks.user(user_id),)) as conn:
            if game_id is None and not until_next_turn:
                await preferences.save_user_settings(conn, user_id, muted=True)
                return
            seats = [
                (g, s) for g, s in await store.open_seats_of_user(conn, user_id) if game_id in (None, g.id)
            ]
            if game_id is not None and not seats:
                raise NotInGame(said("refusal.not_playing_that"))
            for game, seat in seats:
                if until_next_turn:
                    await store.update_seat(conn, game.id, seat.seat, muted_turn=seat.waiting_since)
                else:
                    await store.update_seat(conn, game.id, seat.seat, muted=True)

    async def unmute(self, user_id: int, game_id: int | None = None) -> None:
        async with self.db.transaction(game=game_id, locks=(locks.user(user_id),)) as conn:
            if game_id is None:
                await preferences.save_user_settings(conn, user_id, muted=False)
            for game, seat in await store.open_seats_of_user(conn, user_id):
                if game_id in (None, game.id):
                    await store.update_seat(conn, game.id, seat.seat, muted=False, muted_turn=None)

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self.db.reading() as conn:
            return await preferences.user_settings(conn, user_id)

    async def update_user_settings(self, user_id: int, **changes: Any) -> UserSettings:
        """Change ``dms``, ``reminder_minutes`` or ``muted`` for the user."""
        _only(changes, {"dms", "reminder_minutes", "muted"})
        if changes.get("reminder_minutes") is not None and changes["reminder_minutes"] <= 0:
            raise NotAllowed(said("refusal.reminder_interval"))
        async with self.db.transaction(locks=(locks.user(user_id),)) as conn:
            return await preferences.save_user_settings(conn, user_id, **changes)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.db.reading() as conn:
            return await preferences.guild_settings(conn, guild_id)

    async def update_guild_settings(
        self, guild_id: int, *, time_bank: TimeBank | Keep | None = KEEP, **changes: Any
    ) -> GuildSettings:
        """Change the guild's defaults for new games: ``reminder_minutes``, ``deadline_minutes``,
        ``deadline_action``, ``time_bank`` (the bank of a game opened without a bank or deadline chosen;
        None: no default bank; ``KEEP``: leaves it), and ``max_games_per_user`` (open games one member may
        host; None: the bot's own limit)."""
        _only(changes, {"reminder_minutes", "deadline_minutes", "deadline_action", "max_games_per_user"})
        if isinstance(time_bank, TimeBank):
            timebank.check(time_bank)
        if not isinstance(time_bank, Keep):
            changes |= timebank.columns(time_bank)
        action = changes.get("deadline_action")
        if action is not None and action not in DEADLINE_ACTIONS:
            raise NotAllowed(said("refusal.deadline_action", choices=", ".join(DEADLINE_ACTIONS)))
        for key in ("reminder_minutes", "deadline_minutes"):
            if changes.get(key) is not None and changes[key] <= 0:
                raise NotAllowed(said("refusal.times_minutes"))
        if changes.get("max_games_per_user") is not None and changes["max_games_per_user"] <= 0:
            raise NotAllowed(said("refusal.hosting_limit"))
        async with self.db.transaction(locks=(locks.guild(guild_id),)) as conn:
            return await preferences.save_guild_settings(conn, guild_id, **changes)

    async def set_pictures(
        self, channel_id: int, by_user_id: int, pictures: str, *, admin: bool = False
    ) -> GameInfo:
        """The host chooses whether turn messages show the board (``every-turn``) or leave it to /board
        (``on-request``)."""
        if pictures not in PICTURE_MODES:
            raise NotAllowed(said("refusal.pictures", choices=", ".join(PICTURE_MODES)))
        return await self._set_by_host(channel_id, by_user_id, admin, pictures=pictures)

    async def set_computer_pace(
        self,
        channel_id: int,
        by_user_id: int,
        *,
        posts: str | None = None,
        pause: int | None = None,
        admin: bool = False,
    ) -> GameInfo:
        """The host chooses how a game nobody plays in person is told: its channel hears at every change
        of ``posts`` ("turn", "round" or only at the "end"), and its computers wait ``pause`` seconds after
        each post. Unset values stay as they are."""
        if posts is not None and posts not in COMPUTER_POSTS:
            raise NotAllowed(said("refusal.posts", choices=", ".join(COMPUTER_POSTS)))
        if pause is not None and not 0 <= pause <= MAX_COMPUTER_PAUSE:
            raise NotAllowed(said("refusal.pause", max=MAX_COMPUTER_PAUSE))
        return await self._set_by_host(
            channel_id, by_user_id, admin, computer_posts=posts, computer_pause=pause
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
        """The host chooses how the channel hears of turns (``quiet``: a live board and one-line pings;
        ``every-turn``: a full turn message each time) and whether forced steps are made at once."""
        if style is None and auto_play is None:
            raise NotAllowed(said("refusal.style_or_auto"))
        if style is not None and style not in CHANNEL_STYLES:
            raise NotAllowed(said("refusal.style", choices=", ".join(CHANNEL_STYLES)))
        return await self._set_by_host(
            channel_id, by_user_id, admin, channel_style=style, auto_play=auto_play
        )

    async def note_language(self, user_id: int, language: str) -> None:
        """Remember the language ``user_id``'s Discord client uses; written only when it changed, and
        remembered in memory so that the usual interaction costs no query at all."""
        if self.used_languages.get(user_id) == language:
            return
        async with self.db.transaction(locks=(locks.user(user_id),)) as conn:
            await preferences.note_language(conn, user_id, language)
        self.used_languages[user_id] = language

    async def choose_language(self, user_id: int, language: str | None) -> None:
        """``user_id`` reads their direct messages and reminders in ``language``; None: in the language
        their Discord client last used with the bot."""
        if language is not None:
            check_language(language)
        async with self.db.transaction(locks=(locks.user(user_id),)) as conn:
            await preferences.choose_language(conn, user_id, language)

    async def languages_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language each user reads direct messages and reminders in: the one they chose, else the
        one they last used, else English."""
        async with self.db.reading() as conn:
            return await preferences.languages_of(conn, user_ids)

    async def set_language(
        self, channel_id: int, by_user_id: int, language: str, *, admin: bool = False
    ) -> GameInfo:
        """The host chooses the language of the game's public posts."""
        check_language(language)
        return await self._set_by_host(channel_id, by_user_id, admin, language=language)

    async def _set_by_host(self, channel_id: int, by_user_id: int, admin: bool, **columns: Any) -> GameInfo:
        """Write the game's settings in ``columns`` (those given, not None) for its host or a manager; the
        game as it is then."""
        given = {name: value for name, value in columns.items() if value is not None}
        async with self.repo.locked(channel_id) as (game, _seats):
            require_host(game, by_user_id, admin)
            async with self.db.transaction(game=game.id) as conn:
                await store.update_game(conn, game.id, **given, updated_at=self.clock())
            return info(*await self.repo.rows(game.id))

    async def update_game_timing(
        self,
        channel_id: int,
        by_user_id: int,
        *,
        admin: bool = False,
        time_bank: TimeBank | Keep | None = KEEP,
        **changes: Any,
    ) -> GameInfo:
        """The host changes this game's ``reminder_minutes``, ``deadline_minutes`` or ``deadline_action``,
        and with ``time_bank`` adds, changes or (None) removes its time bank (``KEEP``: leaves it).

        A bank replaces the game's deadline (refused with one given too). Once the bank changes, every
        seat's bank starts afresh at the new bank, and a decision under way counts from now: with the new
        bank, or with no bank the game's deadline (if any)."""
        async with self.repo.locked(channel_id) as (game, seats):
            require_host(game, by_user_id, admin)
            allowed = {"reminder_minutes", "deadline_minutes", "deadline_action"}
            if set(changes) - allowed:
                raise NotAllowed(said("refusal.only_changeable", choices=", ".join(sorted(allowed))))
            banking = game.bank_minutes if isinstance(time_bank, Keep) else time_bank
            if banking and changes.get("deadline_minutes") is not None:
                raise NotAllowed(said("refusal.bank.and_deadline"))
            if isinstance(time_bank, TimeBank):
                changes["deadline_minutes"] = None  # the bank is the clock
            reminder, deadline, action = timing_defaults(
                None,
                changes.get("reminder_minutes", game.reminder_minutes),
                changes.get("deadline_minutes", game.deadline_minutes),
                changes.get("deadline_action", game.deadline_action),
            )
            bank = {} if isinstance(time_bank, Keep) else timebank.columns(time_bank)
            now = self.clock()
            async with self.db.transaction(game=game.id) as conn:
                await store.update_game(
                    conn,
                    game.id,
                    reminder_minutes=reminder,
                    deadline_minutes=deadline,
                    deadline_action=action,
                    **bank,
                    updated_at=now,
                )
                for seat in seats if bank else ():
                    await store.update_seat(conn, game.id, seat.seat, **timebank.afresh(game, seat, now))
            return info(*await self.repo.rows(game.id))
