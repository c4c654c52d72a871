"""SQL for per-guild and per-user settings (reminders, deadlines, time banks, hosting limits, direct messages,
muting)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.storage.records import columns, from_row
from bot.storage.sql import Conn, chunks, one, rows, upsert


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    reminder_minutes: int | None = None
    deadline_minutes: int | None = None
    deadline_action: str | None = None
    # open games one member may host here; None: the bot's MAX_GAMES_PER_USER setting
    max_games_per_user: int | None = None
    # the time bank of a game opened here without a bank or deadline chosen (``bot.services.timebank``);
    # bank_minutes None: no default bank
    bank_minutes: int | None = None
    bank_increment_minutes: int = 0
    holiday_days: int = 0


@dataclass(frozen=True)
class UserSettings:
    user_id: int
    dms: bool = False  # off until the user turns them on with /notify dm
    reminder_minutes: int | None = None
    muted: bool = False


async def guild_settings(conn: Conn, guild_id: int) -> GuildSettings:
    row = await one(conn, "SELECT * FROM guild_settings WHERE guild_id = :guild_id", guild_id=guild_id)
    return GuildSettings(guild_id) if row is None else from_row(GuildSettings, row)


def _user_from_row(row: Any) -> UserSettings:
    return from_row(UserSettings, row)


async def user_settings(conn: Conn, user_id: int) -> UserSettings:
    row = await one(conn, "SELECT * FROM user_settings WHERE user_id = :user_id", user_id=user_id)
    return UserSettings(user_id) if row is None else _user_from_row(row)


# SQLite's smallest limit on the parameters of one statement is 999; lookups of many users stay below it.
USERS_PER_QUERY = 500


async def settings_of_users(conn: Conn, user_ids: Iterable[int]) -> dict[int, UserSettings]:
    """Every listed user's settings (the defaults for users who never changed any), a few queries for all."""
    wanted = sorted(set(user_ids))
    found = {u: UserSettings(u) for u in wanted}
    for chunk in chunks(wanted, USERS_PER_QUERY):
        for row in await rows(conn, "SELECT * FROM user_settings WHERE user_id IN :users", users=chunk):
            found[row["user_id"]] = _user_from_row(row)
    return found


def _changed(current: Any, changes: dict[str, Any]) -> Any:
    known = {f.name for f in fields(current)}
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"unknown settings {sorted(unknown)}")
    return replace(current, **changes)


async def save_guild_settings(conn: Conn, guild_id: int, **changes: Any) -> GuildSettings:
    new = _changed(await guild_settings(conn, guild_id), changes)
    await upsert(conn, "guild_settings", ("guild_id",), **columns(new))
    return new


async def save_user_settings(conn: Conn, user_id: int, **changes: Any) -> UserSettings:
    new = _changed(await user_settings(conn, user_id), changes)
    await upsert(conn, "user_settings", ("user_id",), **columns(new))
    return new


async def note_language(conn: Conn, user_id: int, language: str) -> None:
    """The language ``user_id``'s Discord client last used with the bot."""
    await upsert(conn, "user_languages", ("user_id",), user_id=user_id, last_used=language)


async def choose_language(conn: Conn, user_id: int, language: str | None) -> None:
    """The language ``user_id`` chose for direct messages and reminders (None: the one last used)."""
    await upsert(conn, "user_languages", ("user_id",), user_id=user_id, chosen=language)


async def languages_of(conn: Conn, user_ids: Iterable[int]) -> dict[int, str]:
    """Each listed user's language for direct messages: chosen, else last used, else English."""
    wanted = sorted(set(user_ids))
    found = dict.fromkeys(wanted, "en")
    for chunk in chunks(wanted, USERS_PER_QUERY):
        for row in await rows(
            conn,
            "SELECT user_id, COALESCE(chosen, last_used) AS language FROM user_languages"
            " WHERE user_id IN :users",
            users=chunk,
        ):
            if row["language"]:
                found[row["user_id"]] = row["language"]
    return found
