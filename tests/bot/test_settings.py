"""Settings from the environment: defaults, and a one-line reason for each bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings


def test_defaults() -> None:
    settings = load_settings({"DISCORD_TOKEN": "abc"})
    assert settings.database_path == Path("boardgames.db")
    assert settings.dev_guild_id is None and settings.log_level == "INFO"
    assert settings.reminder_poll_seconds == 60 and settings.max_games_per_user == 5
    assert settings.command_hash_path == Path("boardgames.db.commands.json")
    assert settings.database_sync == "full"  # a move survives a power cut unless told otherwise


def test_values_from_the_environment() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_PATH": "/data/g.db",
            "DEV_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "REMINDER_POLL_SECONDS": "30",
            "MAX_GAMES_PER_USER": "2",
            "DATABASE_SYNC": "Normal",
        }
    )
    assert settings.token == "abc" and settings.database_path == Path("/data/g.db")
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert settings.reminder_poll_seconds == 30 and settings.max_games_per_user == 2
    assert settings.database_sync == "normal"


@pytest.mark.parametrize(
    ("env", "mentions"),
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "guild"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "x", "REMINDER_POLL_SECONDS": "1"}, "REMINDER_POLL_SECONDS"),
        ({"DISCORD_TOKEN": "x", "MAX_GAMES_PER_USER": "0"}, "MAX_GAMES_PER_USER"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"DISCORD_TOKEN": "x", "SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "SHARD_IDS names a shard twice"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "between 0 and 1"),
        ({"DISCORD_TOKEN": "x", "DATABASE_SYNC": "off"}, "DATABASE_SYNC"),
        ({"DISCORD_TOKEN": "x", "COMPUTER_THINK_SECONDS": "soon"}, "COMPUTER_THINK_SECONDS must be a number"),
        ({"DISCORD_TOKEN": "x", "COMPUTER_THINK_SECONDS": "0"}, "COMPUTER_THINK_SECONDS must be from"),
        ({"DISCORD_TOKEN": "x", "COMPUTER_THINK_SECONDS": "nan"}, "COMPUTER_THINK_SECONDS must be from"),
        ({"DISCORD_TOKEN": "x", "COMPUTER_THINK_SECONDS": "3600"}, "COMPUTER_THINK_SECONDS must be from"),
        ({"DISCORD_TOKEN": "x", "COMPUTER_WORKERS": "0"}, "COMPUTER_WORKERS"),
        ({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": "0"}, "PICTURE_WORKERS must be at least 1"),
        ({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": "two"}, "PICTURE_WORKERS must be a whole number"),
        ({"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://db/games"}, "DATABASE_URL must be"),
    ],
)
def test_bad_values_name_the_setting(env: dict[str, str], mentions: str) -> None:
    with pytest.raises(SettingsError, match=mentions) as caught:
        load_settings(env)
    assert "\n" not in str(caught.value)


def test_token_not_needed_for_maintenance() -> None:
    assert load_settings({}, require_token=False).token == ""


def test_shards() -> None:
    """By default Discord decides; SHARD_COUNT alone runs every shard; SHARD_IDS picks some of them."""
    default = load_settings({"DISCORD_TOKEN": "x"})
    assert default.shard_count is None and default.shard_ids is None
    assert load_settings({"DISCORD_TOKEN": "x", "SHARD_COUNT": "3"}).shard_count == 3
    some = load_settings({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": " 2, 3 "})
    assert some.shard_count == 4 and some.shard_ids == (2, 3)


def test_computer_thinking() -> None:
    """The computer players think one second per decision in one worker per core but one, unless set."""
    default = load_settings({"DISCORD_TOKEN": "x"})
    assert default.computer_think_seconds is None and default.computer_workers is None
    set_ = load_settings({"DISCORD_TOKEN": "x", "COMPUTER_THINK_SECONDS": " 2.5 ", "COMPUTER_WORKERS": "3"})
    assert set_.computer_think_seconds == 2.5 and set_.computer_workers == 3


def test_picture_workers() -> None:
    """The pictures are drawn by the default number of workers unless PICTURE_WORKERS says how many."""
    assert load_settings({"DISCORD_TOKEN": "x"}).picture_workers is None
    assert load_settings({"DISCORD_TOKEN": "x", "PICTURE_WORKERS": " 3 "}).picture_workers == 3


def test_workers() -> None:
    """One pool of workers for the computers and the pictures: its default size unless WORKERS says."""
    assert load_settings({"DISCORD_TOKEN": "x"}).workers is None
    assert load_settings({"DISCORD_TOKEN": "x", "WORKERS": " 4 "}).workers == 4


def test_global_requests_per_second() -> None:
    """Discord's 50 a second unless a bot was granted more; nothing below one a second."""
    assert load_settings({"DISCORD_TOKEN": "x"}).global_requests_per_second == 50
    assert (
        load_settings({"DISCORD_TOKEN": "x", "GLOBAL_REQUESTS_PER_SECOND": "120"}).global_requests_per_second
        == 120
    )
    with pytest.raises(SettingsError, match="GLOBAL_REQUESTS_PER_SECOND must be at least 1"):
        load_settings({"DISCORD_TOKEN": "x", "GLOBAL_REQUESTS_PER_SECOND": "0"})


def test_every_setting_is_listed_in_the_example_file() -> None:
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text(encoding="utf-8")
    for key in (
        "COMPUTER_THINK_SECONDS",
        "COMPUTER_WORKERS",
        "PICTURE_WORKERS",
        "GLOBAL_REQUESTS_PER_SECOND",
        "DATABASE_URL",
    ):
        assert f"\n{key}=\n" in example


def test_a_database_url_names_postgresql_or_the_sqlite_file() -> None:
    postgres = load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://bot:s3cret@db:5432/games"})
    assert postgres.database.postgres and postgres.database_path == Path("boardgames.db")
    assert postgres.database.url == "postgresql+asyncpg://bot:s3cret@db:5432/games"
    assert str(postgres.database) == "postgresql://bot:***@db:5432/games"  # as logs and errors show it
    sqlite = load_settings(
        {"DISCORD_TOKEN": "x", "DATABASE_URL": "sqlite:///data/g.db", "DATABASE_PATH": "x.db"}
    )
    assert not sqlite.database.postgres and sqlite.database.path == Path("data/g.db")
    plain = load_settings({"DISCORD_TOKEN": "x", "DATABASE_PATH": "/data/g.db"})
    assert plain.database.path == Path("/data/g.db") and plain.database_url is None


def test_the_thinking_time_is_described_as_per_turn() -> None:
    """Where the setting is explained (the example file, the README, the settings' own comment), it is the
    time for a whole turn, not for each decision."""
    root = Path(__file__).resolve().parents[2]
    example = (root / ".env.example").read_text(encoding="utf-8").split("\nCOMPUTER_THINK_SECONDS=")[0]
    explained = {
        ".env.example": example.split("\n\n")[-1].rsplit("=\n", 1)[-1],  # the comment above the key
        "README.md": _sentence(root / "README.md", "`COMPUTER_THINK_SECONDS`"),
        "bot/settings.py": _sentence(root / "bot" / "settings.py", "How long a searching computer"),
    }
    for where, text in explained.items():
        words = " ".join(text.replace("#", " ").split())
        assert "each turn" in words and "each decision" not in words, where


def _sentence(path: Path, start: str) -> str:
    """The text from ``start`` to the end of its sentence (a full stop then a space or a line's end)."""
    text = path.read_text(encoding="utf-8")
    tail = text[text.index(start) :]
    ends = [i for i in (tail.find(". "), tail.find(".\n")) if i >= 0]
    return tail[: min(ends)] if ends else tail
