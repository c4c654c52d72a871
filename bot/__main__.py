"""``python -m bot``: the composition root.

    python -m bot               run the bot (DISCORD_TOKEN and other settings from the environment or .env)
    python -m bot migrate       bring the database schema up to date
    python -m bot backup PATH   copy the live database to PATH
    python -m bot check         check the database file for damage (SQLite's integrity_check)
    python -m bot copy-database FROM TO
                                copy every game and setting into an empty database (SQLite or PostgreSQL)
    python -m bot recompute-ratings
                                rate every finished game again from the stored results, in order
    python -m bot sandbox       play against a simulated Discord on this machine (no token needed; the
                                stand-in comes with the sandbox extra: pip install -e '.[sandbox]')

Settings are listed in .env.example. Failures a person can fix are one line on stderr, not a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import signal
import sqlite3
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import sqlalchemy as sa
from dotenv import load_dotenv

from bot.client import BoardGameBot, CommandSyncRefused
from bot.log import setup_logging
from bot.settings import Settings, SettingsError, load_settings
from bot.storage.connection import Location, location
from bot.storage.copy import CopyRefused, copy_database
from bot.storage.db import Database, open_database
from bot.storage.integrity import CheckResult, check_file
from bot.storage.migrate import MigrationError, backup_file, migrate_file

if TYPE_CHECKING:
    from bot.services.clock import Clock

log = logging.getLogger("bot")


class StartError(Exception):
    """Something the person starting the bot must fix; the message is the whole explanation."""


def place_problem(path: Path) -> str | None:
    """What is wrong with the place of a database file, if anything can be seen from outside SQLite."""
    folder = path.absolute().parent
    if not folder.exists():
        return f"the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{path.absolute()} cannot be written here (read-only)"
    return None


# What opening or using a database raises when it cannot be used: the driver's own errors (wrapped by
# SQLAlchemy), the file system's, and asyncpg's when no server answers.
DATABASE_ERRORS = (sqlite3.Error, sa.exc.DBAPIError, OSError)


def database_problem(where: Path | Location, exc: BaseException) -> StartError:
    """One line saying which database could not be used and why (instead of a traceback)."""
    driver = getattr(exc, "orig", None) or exc  # SQLAlchemy's wrapping says more than the reason
    if isinstance(where, Location) and where.url is not None:
        return StartError(
            f"Cannot use the database {where}: {str(driver) or type(driver).__name__}. Check DATABASE_URL."
        )
    path = where if isinstance(where, Path) else where.path
    assert path is not None
    why = place_problem(path) or str(driver) or type(driver).__name__
    return StartError(
        f"Cannot use the database {path}: {why}. Set DATABASE_PATH to a file in a writable folder."
    )


#: How long the start-up check may run: past it the bot starts anyway, saying the check did not finish
#: (``python -m bot check`` runs the whole of it).
START_CHECK_SECONDS = 10.0


async def check_database(path: Path, *, full: bool, seconds: float | None = None) -> CheckResult:
    """SQLite's check of the existing file at ``path``; damage is one line naming the file and the way out."""
    try:
        result = await asyncio.to_thread(check_file, path, full=full, seconds=seconds)
    except (sqlite3.Error, OSError) as exc:
        raise database_problem(path, exc) from None
    if not result.sound:
        what = " ".join(result.problems[0].replace("*** in database main ***", "").split())[:160]
        raise StartError(
            f"The database {path} is damaged ({what}). Restore it from a backup (made with "
            "python -m bot backup PATH) or move it aside, then start again."
        )
    return result


async def open_configured(settings: Settings) -> Database:
    where = settings.database
    if where.path is None:
        try:
            return await open_database(where)
        except DATABASE_ERRORS as exc:
            raise database_problem(where, exc) from None
    path = where.path
    if path.is_file():  # a new database needs no check
        result = await check_database(path, full=False, seconds=START_CHECK_SECONDS)
        if not result.finished:
            log.warning(
                "the start-up check of %s stopped after %.0f s without finding damage so far; "
                "python -m bot check runs the whole of it",
                path,
                result.seconds,
            )
    try:
        return await open_database(path, sync=settings.database_sync)
    except DATABASE_ERRORS as exc:
        raise database_problem(path, exc) from None


def _sqlite_only(where: Location, what: str) -> Path:
    if where.path is None:
        raise StartError(f"{what} PostgreSQL has its own tools for this (pg_dump, amcheck).")
    return where.path


async def check(where: Location) -> CheckResult:
    path = _sqlite_only(where, "python -m bot check reads SQLite files;")
    if not path.is_file():
        raise StartError(f"No database at {path}.")
    return await check_database(path, full=True)


async def migrate(where: Location) -> tuple[int, int]:
    # migrating a damaged file would only spread the damage
    if where.path is not None and where.path.is_file():
        await check_database(where.path, full=True)
    try:
        return await migrate_file(where)
    except DATABASE_ERRORS as exc:
        raise database_problem(where, exc) from None


async def copy(source: str, dest: str) -> dict[str, int]:
    """``python -m bot copy-database FROM TO``: each a SQLite path or a ``postgresql://`` URL."""
    try:
        places = location(source), location(dest)
    except ValueError as exc:
        raise StartError(str(exc)) from None
    for place in places:
        if place.path is not None and place.path.is_file():
            await check_database(place.path, full=True)
    if places[0].path is not None and not places[0].path.is_file():
        raise StartError(f"No database at {places[0].path}.")
    try:
        return (await copy_database(*places)).rows
    except CopyRefused as exc:
        raise StartError(str(exc)) from None
    except DATABASE_ERRORS as exc:
        raise StartError(
            f"The copy failed and {places[1]} was left as it was: {getattr(exc, 'orig', None) or exc}"
        ) from None


async def recompute_ratings(settings: Settings) -> int:
    """``python -m bot recompute-ratings``: every rating again from the stored results (after a change of
    the model's parameters, say); how many games were rated. Safe while the bot runs: one transaction."""
    from bot.services import rater  # the services only for this command

    db = await open_configured(settings)
    try:
        return await rater.recompute(db)
    except DATABASE_ERRORS as exc:
        raise database_problem(settings.database, exc) from None
    finally:
        await db.close()


async def backup(where: Location, dest: Path) -> Path:
    path = _sqlite_only(where, "python -m bot backup copies SQLite files;")
    try:
        return await backup_file(path, dest)
    except DATABASE_ERRORS as exc:
        problem = place_problem(dest)
        if problem is not None:
            raise StartError(f"Cannot write the backup {dest}: {problem}.") from None
        raise database_problem(path, exc) from None


def build_bot(
    db: Database, settings: Settings, clock: Clock | None = None, **options: object
) -> BoardGameBot:
    """The real bot with the real service over ``db`` (``clock``: a bench's clock that jumps)."""
    from bot.services import GameService, drawing, thinking, workers
    from bot.services.clock import utc_now
    from bot.ui import pictures

    # one pool of workers for the computers and the pictures, each kind within its own limit
    limits = {thinking.KIND: settings.computer_workers, drawing.KIND: settings.picture_workers}
    size = settings.workers or max(workers.default_workers(), *(n or 0 for n in limits.values()))
    workers.use(workers.Pool(size, limits))
    pictures.use(drawing.Drawers())
    games = GameService(db, clock or utc_now, think_seconds=settings.computer_think_seconds)
    return BoardGameBot(games=games, settings=settings, **options)  # type: ignore[arg-type]


#: Why Discord closed the gateway for good (close codes, per Discord's opcodes-and-status-codes page), as
#: what the person starting the bot should do.
GATEWAY_REFUSALS = {
    4004: "Discord refused DISCORD_TOKEN at the gateway: copy the bot token again from the developer portal.",
    4010: "Discord refused the shard settings: check SHARD_COUNT and SHARD_IDS, or leave both empty.",
    4011: "Discord requires more shards for this many servers: leave SHARD_COUNT empty (Discord then "
    "decides) or raise it.",
    4013: "Discord refused the gateway intents this bot asks for: update the bot.",
    4014: "Discord refused the connection: this bot asks for no privileged intents; update the bot.",
}


def stop_on_signals(stop: Callable[[], object]) -> None:
    """Call ``stop`` on SIGTERM (how service managers and containers stop a process) and SIGINT (Ctrl-C)."""
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop)


async def run_bot(settings: Settings) -> None:
    """Run until Discord refuses the bot or a stop signal closes it; the database is closed either way."""
    stopping = asyncio.Event()
    stop_on_signals(stopping.set)  # before the database opens: whenever the signal comes, it is closed
    db = await open_configured(settings)
    try:
        async with build_bot(db, settings) as bot:
            closer = asyncio.create_task(close_when_set(stopping, bot))
            try:
                if not stopping.is_set():  # a signal during the set-up: stop before connecting
                    await bot.start(settings.token)
            except discord.LoginFailure:
                raise StartError(
                    "Discord refused DISCORD_TOKEN: copy the bot token again from the developer portal."
                ) from None
            except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
                raise StartError(f"Could not reach Discord ({exc}); check the network, then retry.") from None
            except CommandSyncRefused as exc:
                raise StartError(f"{exc}, then restart.") from None
            except discord.PrivilegedIntentsRequired:
                raise StartError(GATEWAY_REFUSALS[4014]) from None
            except discord.ConnectionClosed as exc:
                if exc.code not in GATEWAY_REFUSALS:
                    raise
                raise StartError(GATEWAY_REFUSALS[exc.code]) from None
            finally:
                # A stop's close lets ``start`` return as soon as the gateway is closed, while it still
                # ends the workers and gives back the claims: it runs to its end before the database
                # closes. Without a stop, leaving the block closes the bot.
                if stopping.is_set():
                    await closer
                else:
                    closer.cancel()
    finally:
        await db.close()


async def close_when_set(stopping: asyncio.Event, bot: discord.Client) -> None:
    await stopping.wait()
    await bot.close()


SANDBOX_DATABASE = Path("sandbox.db")


def load_sandbox() -> ModuleType:
    """The bot's side of the sandbox, imported only now: the Discord stand-in it runs on and the stand-in's
    dependencies come with the ``sandbox`` extra, which the bot itself does not need."""
    try:
        return importlib.import_module("bot.sandbox")
    except ModuleNotFoundError as missing:
        raise StartError(
            f"the sandbox needs the module {missing.name}: install it with pip install -e '.[sandbox]'"
        ) from None


async def run_sandbox(settings: Settings, **io: Any) -> None:
    """The real bot on a simulated Discord; its own database (never the live one) and no development guild."""
    sandbox = load_sandbox()
    settings = replace(settings, dev_guild_id=None)
    pictures = settings.database_path.with_name("sandbox-pictures")
    read_line = io.pop("read_line", sandbox.read_stdin)
    stopping = asyncio.Event()
    stop_on_signals(stopping.set)

    async def read_until_stopped(prompt: str) -> str | None:
        """The next line, or None (as at the end of input) once a stop signal has come."""
        reading = asyncio.ensure_future(read_line(prompt))
        stopped = asyncio.ensure_future(stopping.wait())
        await asyncio.wait((reading, stopped), return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        if reading.done():
            return reading.result()
        reading.cancel()
        return None

    async def run_due(bot: discord.Client) -> None:
        """The reminder round, at once after the sandbox moved the clock on (not at the next poll)."""
        reminders = bot.get_cog("Reminders") if isinstance(bot, BoardGameBot) else None
        if reminders is not None:
            await reminders.tick()  # type: ignore[attr-defined]

    await sandbox.run_sandbox(
        lambda db, clock: build_bot(db, settings, clock),
        settings.database_path,
        pictures,
        read_line=read_until_stopped,
        when_time_passes=run_due,
        **io,
    )


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Board game bot for Discord.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default)")
    sub.add_parser("migrate", help="apply pending database migrations")
    sub.add_parser("check", help="check the database file for damage")
    backup = sub.add_parser("backup", help="copy the live database to PATH")
    backup.add_argument("path", type=Path)
    copying = sub.add_parser(
        "copy-database",
        help="copy every game and setting into an empty database (SQLite path or postgresql:// URL)",
    )
    copying.add_argument("source", metavar="FROM")
    copying.add_argument("dest", metavar="TO")
    sub.add_parser("recompute-ratings", help="rate every finished game again from the stored results")
    sandbox = sub.add_parser("sandbox", help="play on a simulated Discord, no token needed")
    sandbox.add_argument(
        "--database", type=Path, default=SANDBOX_DATABASE, help="database file for the sandbox (sandbox.db)"
    )
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if env is None:
        load_dotenv()
        env = os.environ
    command = args.command or "run"
    try:
        settings = load_settings(env, require_token=command == "run")
        setup_logging(settings.log_level, secret=settings.token)
        if command == "migrate":
            before, after = asyncio.run(migrate(settings.database))
            print(f"{settings.database}: schema {before} -> {after}")
        elif command == "check":
            result = asyncio.run(check(settings.database))
            print(f"{settings.database}: no damage found (integrity_check, {result.seconds:.1f} s)")
        elif command == "backup":
            dest = asyncio.run(backup(settings.database, args.path))
            print(f"backed up {settings.database} to {dest}")
        elif command == "copy-database":
            rows = asyncio.run(copy(args.source, args.dest))
            print(
                f"copied {sum(rows.values())} rows to {location(args.dest)}: "
                + ", ".join(f"{t} {n}" for t, n in rows.items())
            )
        elif command == "recompute-ratings":
            count = asyncio.run(recompute_ratings(settings))
            print(f"{settings.database}: rated {count} finished games again from their results")
        elif command == "sandbox":
            asyncio.run(run_sandbox(replace(settings, database_path=args.database)))
        else:
            asyncio.run(run_bot(settings))
    except (SettingsError, StartError, MigrationError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
