"""The checks behind the stand-in, one by one: spec lookup and validation, size limits, idleness, ids."""

from __future__ import annotations

import asyncio
import zlib
from pathlib import Path

import pytest

from loopback import limits
from loopback.gateway import zlib_stream, zstd_stream
from loopback.ids import Clock, Snowflakes
from loopback.spec import SPEC_PATH, load_spec
from loopback.tracking import is_idle

SPEC = load_spec()


def test_literal_route_segments_win_over_parameters() -> None:
    assert SPEC is not None
    assert SPEC.match("GET", "/users/@me").template == "/users/@me"  # type: ignore[union-attr]
    assert SPEC.match("GET", "/users/42").template == "/users/{user_id}"  # type: ignore[union-attr]
    assert SPEC.match("PATCH", "/webhooks/1/tok/messages/@original").template == (  # type: ignore[union-attr]
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    )
    assert SPEC.match("GET", "/no/such/route") is None
    assert SPEC.match("PUT", "/users/@me") is None


def test_request_bodies_are_validated_against_their_schema() -> None:
    assert SPEC is not None
    op = SPEC.match("POST", "/channels/1/messages")
    assert op is not None
    assert SPEC.body_errors(op, "application/json", {"content": "hi", "attachments": [{"id": 0}]}) == []
    [error] = SPEC.body_errors(op, "application/json", {"embeds": [{"title": 7}]})
    assert "embeds/0/title" in error
    assert SPEC.body_errors(op, "text/plain", "hi") == [
        "POST /channels/{channel_id}/messages does not accept a text/plain body"
    ]


def test_a_remembered_verdict_is_the_same_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    assert SPEC is not None
    op = SPEC.match("PATCH", "/channels/1/messages/2")
    assert op is not None
    bad, good = {"embeds": [{"title": 7}]}, {"content": "hi"}
    first = SPEC.body_errors(op, "application/json", bad)
    first[0] = "changed by the caller"  # a caller's list is its own: the remembered verdict is not touched
    again = SPEC.body_errors(op, "application/json", {"embeds": [{"title": 7}]})
    assert again and "embeds/0/title" in again[0]
    assert SPEC.body_errors(op, "application/json", good) == []
    # the same body under another operation is judged by that operation's schema, not remembered from this one
    other = SPEC.match("POST", "/interactions/1/tok/callback")
    assert other is not None
    assert SPEC.body_errors(other, "application/json", good) != []
    # the memory is bounded: the oldest body is judged afresh
    monkeypatch.setattr("loopback.spec.VERDICTS_KEPT", 2)
    for text in ("a", "b", "c"):
        assert SPEC.body_errors(op, "application/json", {"content": text}) == []
    assert len(op._verdicts) == 2


def test_the_description_is_vendored_with_its_licence() -> None:
    # a clone with nothing beside it must still check every request
    folder = SPEC_PATH.parent
    assert SPEC_PATH.is_file() and folder.is_relative_to(Path(__file__).resolve().parents[2] / "loopback")
    assert "MIT License" in (folder / "LICENSE").read_text(encoding="utf-8")
    assert SPEC.match("POST", "/interactions/1/tok/callback") is not None


def test_message_limits() -> None:
    assert limits.message_problems({"content": "x" * 2000, "embeds": [{"title": "t"}] * 10}) == []
    assert limits.message_problems({"embeds": [{}] * 11}) == ["embeds has 11 entries (limit 10)"]
    fields = [{"name": "n" * 256, "value": "v" * 1024}] * 5
    assert limits.message_problems({"embeds": [{"fields": fields}]}) == [
        "embeds have 6400 characters in all (limit 6000)"
    ]
    problems = limits.message_problems(
        {"embeds": [{"title": "t" * 257, "description": "d" * 4097, "fields": [{}] * 26}]}
    )
    assert problems == [
        "embeds[0].title has 257 characters (limit 256)",
        "embeds[0].description has 4097 characters (limit 4096)",
        "embeds[0].fields has 26 entries (limit 25)",
    ]


def test_component_limits() -> None:
    button = {"type": 2, "style": 1, "label": "ok", "custom_id": "c"}
    assert limits.component_problems([{"type": 1, "components": [button] * 5}] * 5) == []
    assert limits.component_problems([{"type": 1, "components": [button]}] * 6) == [
        "components has 6 entries (limit 5)"
    ]
    assert limits.component_problems([{"type": 1, "components": [button] * 6}]) == [
        "components[0] buttons has 6 entries (limit 5)"
    ]
    long_id = dict(button, custom_id="x" * 101)
    assert limits.component_problems([{"type": 1, "components": [long_id]}]) == [
        "components[0][0].custom_id has 101 characters (limit 100)"
    ]
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}] * 26}
    assert limits.component_problems([{"type": 1, "components": [select, button]}]) == [
        "components[0] holds a select menu beside other components",
        "components[0][0].options has 26 entries (limit 25)",
    ]


def test_upload_and_autocomplete_limits() -> None:
    assert limits.upload_problems([("a.png", 10 * 1024 * 1024)]) == []
    assert limits.upload_problems([("a.png", 10 * 1024 * 1024), ("b.png", 1)]) == [
        "uploads total 10485761 bytes (limit 10485760)"
    ]
    assert limits.autocomplete_problems([{"name": "n", "value": "v"}] * 25) == []
    assert limits.autocomplete_problems([{"name": "n", "value": "v"}] * 26) == [
        "choices has 26 entries (limit 25)"
    ]
    assert limits.autocomplete_problems([{"name": "n" * 101, "value": "v"}]) == [
        "choices[0].name has 101 characters (limit 100)"
    ]


def test_command_limits() -> None:
    ok = {
        "name": "move",
        "description": "Make a move",
        "options": [{"name": "m", "description": "d", "type": 3}],
    }
    assert limits.command_problems([ok], "global") == []
    many = [dict(ok, name=f"c{i}") for i in range(101)]
    assert limits.command_problems(many, "global") == ["global slash commands has 101 entries (limit 100)"]
    options = [
        {"name": "a", "description": "d", "type": 3},
        {"name": "b", "description": "d", "type": 3, "required": True},
    ]
    assert limits.command_problems([dict(ok, options=options)], "global") == [
        "/move b: a required option follows an optional one"
    ]
    assert limits.command_problems([ok, ok], "guild 1") == ["guild 1 registers /move twice"]
    choices = [{"name": f"c{i}", "value": str(i)} for i in range(26)]
    too_many = dict(ok, options=[{"name": "m", "description": "d", "type": 3, "choices": choices}])
    assert limits.command_problems([too_many], "global") == ["/move m choices has 26 entries (limit 25)"]
    # 8000 characters of names, descriptions and choices in all; every node here has 4 + 96
    wide = [{"name": f"o{i:03}", "description": "d" * 96, "type": 3} for i in range(24)]
    subcommands = [dict(name=f"s{i:03}", description="d" * 96, type=1, options=wide) for i in range(3)]
    full = {"name": "game", "description": "d" * 96, "options": subcommands}  # 100 + 3 * 2500 = 7600
    assert limits.command_problems([full], "global") == []
    over = dict(full, options=[*subcommands, dict(subcommands[0], name="s003")])  # 10100
    assert limits.command_problems([over], "global") == ["/game has 10100 characters in all (limit 8000)"]


def test_command_localisations_follow_the_rules_of_their_fields() -> None:
    """Discord refuses localised names and descriptions that break the default's rules, locales it does not
    know, option names that collide within a locale, and counts the longest localisation in the 8,000."""
    option = {"name": "seat", "description": "d", "type": 4}
    good = {
        "name": "game",
        "description": "Open a game",
        "name_localizations": {"de": "spiel", "ja": "ゲーム", "hi": "खेल", "th": "เกม"},
        "description_localizations": {"de": "Ein Spiel eröffnen"},
        "options": [dict(option, name_localizations={"de": "platz", "ja": "席"})],
    }
    assert limits.command_problems([good], "global") == []
    names = {"de": "Spiel", "nl": "een spel", "ja": "ゲーム・開始", "fr": "j" * 33}
    bad = dict(good, name_localizations=names, description_localizations={"xx": "d", "nl": "d" * 101})
    assert limits.command_problems([bad], "global") == [
        "/game: name in de 'Spiel' breaks Discord's naming rule",
        "/game: name in nl 'een spel' breaks Discord's naming rule",
        "/game: name in ja 'ゲーム・開始' breaks Discord's naming rule",
        f"/game: name in fr '{'j' * 33}' breaks Discord's naming rule",
        "/game: description_localizations has 'xx', which is not one of Discord's locales",
        "/game: description in nl has 101 characters (1-100)",
    ]
    clash = [
        dict(option, name_localizations={"de": "platz"}),
        dict(option, name="place", name_localizations={"de": "platz"}),
        dict(option, name="member", name_localizations={"nl": "seat"}),
    ]
    assert limits.command_problems([dict(good, options=clash)], "global") == [
        "/game: option name 'platz' is not unique in de",
        "/game: option name 'seat' is not unique in nl",
    ]
    # the longest of a field's texts counts, not their sum: 7,600 characters by default, 7,888 with a
    # longer German description on each of the 72 options, 8,320 with longer German option names too
    wide = [{"name": f"o{i:03}", "description": "d" * 96, "type": 3} for i in range(24)]
    subcommands = [dict(name=f"s{i:03}", description="d" * 96, type=1, options=wide) for i in range(3)]
    full = {"name": "game", "description": "d" * 96, "options": subcommands}
    longer = {"de": "d" * 100, "ja": "d"}
    described = [dict(o, description_localizations=longer) for o in wide]
    named = [dict(o, name_localizations={"de": f"option-{i:03}"}) for i, o in enumerate(described)]
    assert (
        limits.command_problems(
            [dict(full, options=[dict(s, options=described) for s in subcommands])], "global"
        )
        == []
    )
    assert limits.command_problems(
        [dict(full, options=[dict(s, options=named) for s in subcommands])], "global"
    ) == ["/game has 8320 characters in all (limit 8000)"]


def test_modal_limits() -> None:
    text = {"type": 4, "custom_id": "t", "label": "Text", "style": 1}
    assert (
        limits.modal_problems(
            {"title": "T", "custom_id": "m", "components": [{"type": 1, "components": [text]}]}
        )
        == []
    )
    labelled = {"type": 18, "label": "L" * 46, "component": text}
    assert limits.modal_problems({"title": "T" * 46, "custom_id": "m", "components": [labelled]}) == [
        "modal title has 46 characters (limit 45)",
        "modal components[0].label has 46 characters (limit 45)",
    ]


async def test_a_sleeping_task_is_idle_and_a_working_one_is_not() -> None:
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def working() -> None:
        await never  # stands for a socket read or a thread's result

    async def yielding() -> None:
        while True:
            await asyncio.sleep(0)  # a bare yield: runnable at once

    sleeper = asyncio.create_task(asyncio.sleep(60))
    waiter = asyncio.create_task(asyncio.Event().wait())
    worker = asyncio.create_task(working())
    pausing = asyncio.create_task(asyncio.sleep(0.5))  # a retry's pause is part of the work
    busy = asyncio.create_task(yielding())
    await asyncio.sleep(0)
    assert is_idle(sleeper) and is_idle(waiter)
    assert not is_idle(worker) and not is_idle(pausing) and not is_idle(busy)
    for task in (sleeper, waiter, worker, pausing, busy):
        task.cancel()


def test_snowflakes_grow_and_the_clock_moves_on_request() -> None:
    clock = Clock()
    ids = Snowflakes(clock)
    first, second = ids.next(), ids.next()
    assert isinstance(first, str) and int(second) > int(first)
    before = clock.now()
    clock.advance(minutes=16)
    assert (clock.now() - before).total_seconds() >= 16 * 60
    assert int(ids.next()) >> 22 > int(second) >> 22


def test_zlib_stream_messages_each_end_with_a_sync_flush() -> None:
    compress = zlib_stream()
    reader = zlib.decompressobj()
    for text in (b'{"op":10}', b'{"op":11}'):
        data = compress(text)
        assert data.endswith(b"\x00\x00\xff\xff") and reader.decompress(data) == text


def test_zstd_stream_is_one_frame_read_message_by_message() -> None:
    compress = zstd_stream()
    if compress is None:
        pytest.skip("no zstd library installed (discord.py then asks for zlib-stream)")
    zstandard = pytest.importorskip("zstandard")
    reader = zstandard.ZstdDecompressor().decompressobj()
    assert [reader.decompress(compress(t)) for t in (b"first", b"second")] == [b"first", b"second"]
