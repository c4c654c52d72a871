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
        ({"DISCORD_TOKEN": "x", "DATABASE_SYNC": "off"}, "DATABASE_SYNC"),
    ],
)
def test_bad_values_name_the_setting(env: dict[str, str], mentions: str) -> None:
    with pytest.raises(SettingsError, match=mentions) as caught:
        load_settings(env)
    assert "\n" not in str(caught.value)


def test_token_not_needed_for_maintenance() -> None:
    assert load_settings({}, require_token=False).token == ""
