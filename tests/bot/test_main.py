"""``python -m bot``: subcommands, and one-line explanations instead of tracebacks."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from bot import __main__ as main_module
from bot.storage.migrate import LATEST
from loopback import LoopbackDiscord
from loopback.world import Command
from tests.support.bot_process import launch
from tests.support.damaged import pages, played_database, scrambled

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_module.main([], env={}) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: DISCORD_TOKEN") and err.count("\n") == 1


def test_migrate_and_backup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.db"
    env = {"DATABASE_PATH": str(db)}
    assert main_module.main(["migrate"], env=env) == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
    copy = tmp_path / "copy.db"
    assert main_module.main(["backup", str(copy)], env=env) == 0
    assert copy.exists()
    assert (
        main_module.main(["backup", str(tmp_path / "missing-dir" / "x.db")], env={"DATABASE_PATH": "none.db"})
        == 2
    )
    assert "No database" in capsys.readouterr().err


def failing_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, token: str = "x"
) -> None:
    """``main`` with ``token``, where connecting to Discord raises ``error``: it ends with exit code 2."""

    async def fail(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        raise error

    monkeypatch.setattr(main_module.BoardGameBot, "start", fail)
    env = {"DISCORD_TOKEN": token, "DATABASE_PATH": str(tmp_path / "g.db")}
    assert main_module.main([], env=env) == 2


def test_refused_token_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Discord refusing the token ends the program with one sentence, and the token is never printed."""
    failing_start(
        tmp_path, monkeypatch, discord.LoginFailure("Improper token has been passed."), "NOT.A.TOKEN"
    )
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1].startswith("error: Discord refused DISCORD_TOKEN")
    assert "Traceback" not in captured.err
    assert "NOT.A.TOKEN" not in captured.err + captured.out


def test_sandbox_runs_without_a_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sandbox subcommand needs no token and hands the sandbox a factory that builds the real bot."""
    seen: dict[str, object] = {}

    async def fake_run(settings: main_module.Settings) -> None:
        seen["settings"] = settings

    monkeypatch.setattr(main_module, "run_sandbox", fake_run)
    assert main_module.main(["sandbox", "--database", str(tmp_path / "s.db")], env={}) == 0
    assert seen["settings"].database_path == tmp_path / "s.db"  # type: ignore[attr-defined]


def test_sandbox_without_its_extra_names_the_extra(tmp_path: Path) -> None:
    """Without the stand-in's dependencies (the sandbox extra) the sandbox says what to install, in one line;
    a fresh interpreter where importing jsonschema fails, as where it is not installed."""
    program = (
        "import sys; sys.modules['jsonschema'] = None\n"  # None in sys.modules: the import raises
        "from bot.__main__ import main\n"
        f"raise SystemExit(main(['sandbox', '--database', {str(tmp_path / 's.db')!r}], env={{}}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "error: the sandbox needs the module jsonschema: install it with pip install -e '.[sandbox]'\n"
    )
    assert not (tmp_path / "s.db").exists()  # nothing was started


def test_the_bot_needs_nothing_of_the_sandbox_extra() -> None:
    """Every module of the bot but the sandbox's imports where the stand-in and its dependencies are not
    installed (a fresh interpreter where importing them fails)."""
    program = (
        "import importlib, pkgutil, sys\n"
        "for name in ('loopback', 'jsonschema', 'emoji'):\n"
        "    sys.modules[name] = None\n"
        "import bot\n"
        "for module in pkgutil.walk_packages(bot.__path__, 'bot.'):\n"
        "    if module.name != 'bot.sandbox':\n"
        "        importlib.import_module(module.name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr


def test_unreachable_discord_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    failing_start(tmp_path, monkeypatch, aiohttp.ClientConnectionError("no route to discord.com"))
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("error: Could not reach Discord") and "Traceback" not in err


async def start_bot_process(
    loopback: LoopbackDiscord, tmp_path: Path, *args: str, **settings: str
) -> asyncio.subprocess.Process:
    """``python -m bot ARGS`` in another process, talking to ``loopback``."""
    env = {k: v for k, v in os.environ.items() if k not in ("SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID")}
    env |= {"DISCORD_TOKEN": loopback.world.token, "DATABASE_PATH": str(tmp_path / "games.db")} | settings
    pipe = asyncio.subprocess.PIPE
    return await launch(loopback.origin, *args, env=env, stdin=pipe, stdout=pipe, stderr=pipe)


def leftovers(database: Path) -> list[Path]:
    return [p for p in (database.with_name(database.name + s) for s in ("-wal", "-shm")) if p.exists()]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_closes_the_bot_and_the_database(tmp_path: Path, signum: int) -> None:
    """A service manager's SIGTERM (or Ctrl-C): the gateway is closed cleanly, the database checkpointed."""
    async with LoopbackDiscord() as loopback:
        loopback.add_guild("Board games")
        process = await start_bot_process(loopback, tmp_path)
        assert process.stderr is not None
        started = b""
        while b"connected as" not in started:  # the bot's on_ready: every shard is up
            line = await process.stderr.readline()
            assert line, started.decode()
            started += line
        assert leftovers(tmp_path / "games.db")  # the database is open in WAL mode
        process.send_signal(signum)
        _, err = await process.communicate()
        assert process.returncode == 0, (started + err).decode()
        assert "Traceback" not in err.decode()
        assert loopback.gateway.close_codes == [1000]  # the bot closed its websocket itself
    assert leftovers(tmp_path / "games.db") == []


async def test_a_stop_s_close_ends_before_the_database_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``start`` returns once the stop has closed the gateway, while the close goes on (ending the workers,
    giving back the claims): the database closes after the close has ended, never under it."""
    said: list[str] = []
    stops: list[Callable[[], object]] = []
    gateway_closed = asyncio.Event()

    class Database:
        async def close(self) -> None:
            said.append("database closed")

    class Bot:
        async def __aenter__(self) -> Bot:
            return self

        async def __aexit__(self, *exc: object) -> None:
            if not gateway_closed.is_set():
                await self.close()

        async def start(self, token: str) -> None:
            stops[0]()  # the signal comes while the bot runs
            await gateway_closed.wait()

        async def close(self) -> None:
            gateway_closed.set()
            for _ in range(10):  # the rest of the close: ``start`` returns meanwhile
                await asyncio.sleep(0)
            said.append("bot closed")

    async def open_configured(settings: object) -> Database:
        return Database()

    monkeypatch.setattr(main_module, "stop_on_signals", stops.append)
    monkeypatch.setattr(main_module, "open_configured", open_configured)
    monkeypatch.setattr(main_module, "build_bot", lambda db, settings: Bot())
    await main_module.run_bot(SimpleNamespace(token="t"))  # type: ignore[arg-type]
    assert said == ["bot closed", "database closed"]


async def test_sigterm_stops_the_sandbox_waiting_for_a_line(tmp_path: Path) -> None:
    database = tmp_path / "sandbox.db"
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "sandbox",
        "--database",
        str(database),
        cwd=tmp_path,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    await process.stdout.readuntil(b"#games> ")  # waiting for the person to type
    assert leftovers(database)
    process.send_signal(signal.SIGTERM)
    _, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    assert leftovers(database) == []


async def test_a_bot_in_too_many_servers_for_its_shards_exits_with_one_line(tmp_path: Path) -> None:
    """Discord closes the gateway with 4011 when one shard would hold too many guilds."""
    async with LoopbackDiscord(max_guilds_per_shard=1) as loopback:
        loopback.add_guild("one")
        loopback.add_guild("two")
        process = await start_bot_process(loopback, tmp_path, SHARD_COUNT="1")
        _, err = await process.communicate()
        assert 4011 in loopback.gateway.close_codes
    assert process.returncode == 2
    assert err.decode().splitlines()[-1] == f"error: {main_module.GATEWAY_REFUSALS[4011]}"
    assert "Traceback" not in err.decode()
    assert leftovers(tmp_path / "games.db") == []


class _Socket:
    close_code = None


@pytest.mark.parametrize(
    ("refusal", "code"),
    [
        (discord.ConnectionClosed(_Socket(), shard_id=0, code=4004), 4004),  # type: ignore[arg-type]
        (discord.ConnectionClosed(_Socket(), shard_id=0, code=4010), 4010),  # type: ignore[arg-type]
        (discord.ConnectionClosed(_Socket(), shard_id=0, code=4011), 4011),  # type: ignore[arg-type]
        (discord.PrivilegedIntentsRequired(0), 4014),
    ],
)
def test_gateway_refusals_are_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    refusal: Exception,
    code: int,
) -> None:
    async def refuse(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        raise refusal

    monkeypatch.setattr(main_module.BoardGameBot, "start", refuse)
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(tmp_path / "g.db")}
    assert main_module.main([], env=env) == 2
    err = capsys.readouterr().err
    assert err == f"error: {main_module.GATEWAY_REFUSALS[code]}\n"


@pytest.mark.parametrize(("value", "mode"), [("", "full"), ("normal", "normal")])
def test_the_bot_opens_its_database_with_the_chosen_sync_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, mode: str
) -> None:
    opened: list[str] = []
    real = main_module.open_database

    async def spy(path, **options):  # type: ignore[no-untyped-def]
        opened.append(options.get("sync", "full"))
        return await real(path, **options)

    async def refuse(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(main_module, "open_database", spy)
    monkeypatch.setattr(main_module.BoardGameBot, "start", refuse)
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(tmp_path / "g.db"), "DATABASE_SYNC": value}
    assert main_module.main([], env=env) == 2
    assert opened == [mode]


def unusable_places(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Database paths that cannot be used, with what the one line must name."""
    a_file = tmp_path / "plain-file"
    a_file.write_text("not a folder")
    return {
        "missing folder": (tmp_path / "no-such-folder" / "games.db", "does not exist"),
        "folder is a file": (a_file / "games.db", "is not a folder"),
        "no new files there": (Path("/proc/games.db"), "/proc/games.db"),
    }


@pytest.mark.parametrize("place", ["missing folder", "folder is a file", "no new files there"])
@pytest.mark.parametrize("command", [[], ["migrate"], ["backup", "copy.db"]])
def test_an_unusable_database_path_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, place: str, command
) -> None:
    path, says = unusable_places(tmp_path)[place]
    monkeypatch.chdir(tmp_path)
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(path)}
    assert main_module.main(command, env=env) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err
    assert str(path) in err and (says in err or command[:1] == ["backup"])  # backup: there is no database


def test_a_backup_into_a_missing_folder_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = {"DATABASE_PATH": str(tmp_path / "games.db")}
    assert main_module.main(["migrate"], env=env) == 0
    capsys.readouterr()
    dest = tmp_path / "gone" / "copy.db"
    assert main_module.main(["backup", str(dest)], env=env) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(dest) in err and "does not exist" in err


def test_python_m_bot_prints_no_traceback_for_a_missing_folder(tmp_path: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "DISCORD_TOKEN": "x",
        "DATABASE_PATH": str(tmp_path / "x" / "g.db"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "does not exist" in done.stderr, done.stderr


def test_a_global_command_sync_refused_for_good_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.client import CommandSyncRefused

    async def refuse(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        raise CommandSyncRefused("Discord refused the global slash commands: 400 Invalid Form Body")

    monkeypatch.setattr(main_module.BoardGameBot, "start", refuse)
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(tmp_path / "g.db")}
    assert main_module.main([], env=env) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: Discord refused the global slash commands: 400") and err.count("\n") == 1


async def test_a_development_guild_the_bot_is_not_in_is_one_log_line(tmp_path: Path) -> None:
    """DEV_GUILD_ID naming a server the bot cannot sync to: one line naming it, and the bot serves on."""
    async with LoopbackDiscord() as loopback:
        loopback.add_guild("Board games")
        earlier = {"name": "help", "description": "Help", "type": 1}  # synced globally before
        loopback.world.global_commands.append(Command(id="1", payload=earlier, guild_id=None, version="1"))
        process = await start_bot_process(loopback, tmp_path, DEV_GUILD_ID="424242")
        assert process.stderr is not None
        started = b""
        while b"connected as" not in started:
            line = await process.stderr.readline()
            assert line, started.decode()
            started += line
        process.send_signal(signal.SIGTERM)
        _, err = await process.communicate()
    output = (started + err).decode()
    assert process.returncode == 0, output
    assert "Traceback" not in output
    [said] = [text for text in output.splitlines() if "424242" in text]
    assert "403 Missing Access (code 50001)" in said


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_database(tmp_path_factory.mktemp("played") / "games.db")


def damaged_copies(played: Path, folder: Path) -> list[Path]:
    """The played database with one page scrambled: its header, three pages across it, its last."""
    total = pages(played)
    chosen = (1, 2, total // 3, 2 * total // 3, total)
    return [scrambled(played, folder / f"page-{p}.db", p) for p in chosen]


def never_connects(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    started: list[str] = []

    async def start(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        started.append(token)
        raise discord.LoginFailure("stop here")

    monkeypatch.setattr(main_module.BoardGameBot, "start", start)
    return started


@pytest.mark.parametrize("command", [[], ["migrate"], ["check"]])
def test_a_damaged_database_is_refused_in_one_line_naming_it(
    played: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
) -> None:
    started = never_connects(monkeypatch)
    for damaged in damaged_copies(played, tmp_path):
        before = damaged.read_bytes()
        assert main_module.main(command, env={"DISCORD_TOKEN": "x", "DATABASE_PATH": str(damaged)}) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"error: The database {damaged} is damaged"), err
        assert "python -m bot backup" in err and "Traceback" not in err
        assert damaged.read_bytes() == before  # neither migrated nor opened for writing
    assert started == []


def test_check_reports_a_sound_database(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main_module.main(["check"], env={"DATABASE_PATH": str(played)}) == 0
    assert capsys.readouterr().out.startswith(f"{played}: no damage found (integrity_check")


def test_check_without_a_database_creates_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.db"
    assert main_module.main(["check"], env={"DATABASE_PATH": str(missing)}) == 2
    assert capsys.readouterr().err == f"error: No database at {missing}.\n"
    assert not missing.exists()


def test_a_start_check_past_its_cap_lets_the_bot_start_and_says_so(
    played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A file too large to check within the cap: the bot starts (nothing damaged was found in what was
    checked) and the log says the check did not finish."""
    started = never_connects(monkeypatch)
    monkeypatch.setattr(main_module, "START_CHECK_SECONDS", 0.0)
    copy = tmp_path / "games.db"
    copy.write_bytes(played.read_bytes())
    with caplog.at_level(logging.WARNING, logger="bot"):
        assert main_module.main([], env={"DISCORD_TOKEN": "x", "DATABASE_PATH": str(copy)}) == 2
    assert started == ["x"]
    assert any("python -m bot check" in r.getMessage() for r in caplog.records)


async def test_the_bot_draws_with_as_many_picture_workers_as_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PICTURE_WORKERS sizes the drawing workers of the bot that ``python -m bot`` builds."""
    from bot.services import workers
    from bot.settings import load_settings
    from bot.storage import open_database
    from bot.ui import pictures

    monkeypatch.setattr(pictures, "_drawers", pictures.drawers())  # put back after the test
    monkeypatch.setattr(workers, "_shared", workers.shared())
    settings = load_settings({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": "3"})
    db = await open_database(tmp_path / "games.db")
    try:
        main_module.build_bot(db, settings)
        assert pictures.drawers().workers == 3
    finally:
        await db.close()


async def test_the_bot_s_computers_and_pictures_share_one_pool_sized_as_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """WORKERS sizes the one pool; COMPUTER_WORKERS and PICTURE_WORKERS cap each kind's share of it
    (unset: all workers but one)."""
    from bot.services import workers
    from bot.settings import load_settings
    from bot.storage import open_database
    from bot.ui import pictures

    monkeypatch.setattr(pictures, "_drawers", pictures.drawers())  # put back after the test
    monkeypatch.setattr(workers, "_shared", workers.shared())
    settings = load_settings({"DISCORD_TOKEN": "x", "WORKERS": "4", "COMPUTER_WORKERS": "1"})
    db = await open_database(tmp_path / "games.db")
    try:
        bot = main_module.build_bot(db, settings)
        assert bot.games.thinkers.pool is pictures.drawers().pool is workers.shared()
        assert workers.shared().workers == 4
        assert bot.games.thinkers.workers == 1 and pictures.drawers().workers == 3
    finally:
        await db.close()
