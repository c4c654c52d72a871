"""Typed settings read from the environment (and a .env file loaded by ``python -m bot``).

Every key is listed in .env.example. Defaults live here; the environment overrides them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from bot.pacing import DISCORD_GLOBAL_LIMIT
from bot.storage.connection import DEFAULT_SYNC, SYNC_MODES, Location, location

N = TypeVar("N", int, float)


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line meant for the person starting the bot."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path = Path("boardgames.db")
    # A PostgreSQL server's URL (DATABASE_URL=postgresql://…) instead of the SQLite file, for several bot
    # processes sharing one database.
    database_url: str | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # How often the reminder loop asks the service what is due (seconds).
    reminder_poll_seconds: int = 60
    # Open games (lobby or running) a member may host at once in one server, unless the server has set
    # its own limit (/admin defaults); server managers are not limited.
    max_games_per_user: int = 5
    # Gateway shards: how many in all (None: as many as Discord recommends) and which this process runs
    # (None: all of them), to spread a large bot over several processes.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # How hard each commit goes to disk: "full" (a move survives a power cut) or "normal" (cheaper; a
    # power cut may lose the last moves). See bot/storage/connection.py.
    database_sync: str = DEFAULT_SYNC
    # How long a searching computer player thinks about each turn, all its decisions in that turn
    # together (seconds of its own CPU time, and at most rules.core.budget.WALL_FACTOR times that by the
    # wall clock, shared out across them; None: each game's own).
    computer_think_seconds: float | None = None
    # How many worker processes think for the computer seats and draw the pictures, one pool for both
    # (None: one per core but one, at least three, and at least computer_workers and picture_workers), and
    # how many of them each kind may hold at once (None: all but one, so the other kind keeps one).
    workers: int | None = None
    computer_workers: int | None = None
    picture_workers: int | None = None
    # Discord's global limit on the bot's requests a second (50 unless Discord granted more); the bot
    # keeps below it rather than be refused. Processes sharing one token and database share it out
    # between them (bot.pacing.TokenShare).
    global_requests_per_second: int = DISCORD_GLOBAL_LIMIT

    @property
    def database(self) -> Location:
        """The database the bot uses: the PostgreSQL server when one is set, else the SQLite file."""
        return location(self.database_url) if self.database_url else Location(path=self.database_path)

    @property
    def command_hash_path(self) -> Path:
        """Where the hash of the last synced command tree is kept, next to the database."""
        return self.database_path.with_name(self.database_path.name + ".commands.json")


def _database(env: Mapping[str, str]) -> tuple[str, str | None]:
    """The SQLite file's path, and the PostgreSQL URL when DATABASE_URL names one (it wins over
    DATABASE_PATH; a ``sqlite:///PATH`` or plain path in DATABASE_URL is the file's path)."""
    path = env.get("DATABASE_PATH", "").strip() or "boardgames.db"
    url = env.get("DATABASE_URL", "").strip()
    if not url:
        return path, None
    try:
        where = location(url)
    except ValueError as exc:
        raise SettingsError(str(exc)) from None
    if where.path is not None:
        return str(where.path), None
    return path, where.url


def _int(env: Mapping[str, str], key: str, default: int | None, *, minimum: int = 0) -> int | None:
    found = _number(env, key, int, "a whole number")
    if found is None:
        return default
    value, _ = found
    if value < minimum:
        raise SettingsError(f"{key} must be at least {minimum}.")
    return value


def _seconds(
    env: Mapping[str, str], key: str, default: float | None, *, minimum: float, maximum: float
) -> float | None:
    found = _number(env, key, float, "a number of seconds, like 1 or 0.5")
    if found is None:
        return default
    value, raw = found
    if not minimum <= value <= maximum:  # also refuses nan
        raise SettingsError(f"{key} must be from {minimum:g} to {maximum:g} seconds, not {raw!r}.")
    return value


def _number(env: Mapping[str, str], key: str, parse: Callable[[str], N], kind: str) -> tuple[N, str] | None:
    """``key``'s value read by ``parse``, with its text; None when it is unset or blank. Refused unless
    ``parse`` reads it (``kind`` says what it must be)."""
    raw = env.get(key, "").strip()
    if not raw:
        return None
    try:
        return parse(raw), raw
    except ValueError:
        raise SettingsError(f"{key} must be {kind}, not {raw!r}.") from None


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count = _int(env, "SHARD_COUNT", None, minimum=1)
    raw = env.get("SHARD_IDS", "").strip()
    if not raw:
        return count, None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT: set how many shards there are in all.")
    try:
        ids = tuple(int(part) for part in raw.split(","))
    except ValueError:
        raise SettingsError(
            f"SHARD_IDS must be shard numbers separated by commas (like 0,1), not {raw!r}."
        ) from None
    if len(set(ids)) != len(ids):
        raise SettingsError(f"SHARD_IDS names a shard twice: {raw!r}.")
    if any(not 0 <= shard < count for shard in ids):
        raise SettingsError(
            f"SHARD_IDS must be between 0 and {count - 1} (SHARD_COUNT is {count}), not {raw!r}."
        )
    return count, ids


def load_settings(env: Mapping[str, str], *, require_token: bool = True) -> Settings:
    """Settings from ``env``; raises ``SettingsError`` naming the first bad key."""
    token = env.get("DISCORD_TOKEN", "").strip()
    if require_token and not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set: put the bot token from the Discord developer portal in .env "
            "or the environment."
        )
    level = (env.get("LOG_LEVEL", "").strip() or "INFO").upper()
    if level not in logging.getLevelNamesMapping():
        raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
    path, url = _database(env)
    poll = _int(env, "REMINDER_POLL_SECONDS", 60, minimum=5)
    limit = _int(env, "MAX_GAMES_PER_USER", 5, minimum=1)
    shard_count, shard_ids = _shards(env)
    sync = env.get("DATABASE_SYNC", "").strip().lower() or DEFAULT_SYNC
    if sync not in SYNC_MODES:
        raise SettingsError(f"DATABASE_SYNC must be {' or '.join(SYNC_MODES)}, not {sync!r}.")
    return Settings(
        token=token,
        database_path=Path(path),
        database_url=url,
        dev_guild_id=_int(env, "DEV_GUILD_ID", None, minimum=1),
        log_level=level,
        reminder_poll_seconds=poll if poll is not None else 60,
        max_games_per_user=limit if limit is not None else 5,
        shard_count=shard_count,
        shard_ids=shard_ids,
        database_sync=sync,
        computer_think_seconds=_seconds(env, "COMPUTER_THINK_SECONDS", None, minimum=0.01, maximum=60),
        workers=_int(env, "WORKERS", None, minimum=1),
        computer_workers=_int(env, "COMPUTER_WORKERS", None, minimum=1),
        picture_workers=_int(env, "PICTURE_WORKERS", None, minimum=1),
        global_requests_per_second=_int(env, "GLOBAL_REQUESTS_PER_SECOND", DISCORD_GLOBAL_LIMIT, minimum=1)
        or DISCORD_GLOBAL_LIMIT,
    )
