"""Formatting: public lines from public events only, mentions limited to the people meant, sizes bounded."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import translate
from bot.services import GameInfo, SeatInfo
from bot.ui import presenters
from bot.ui.pictures import result_words

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def game(**changes: object) -> GameInfo:
    seats = (
        SeatInfo(0, 11, "Ann", False, None, "active"),
        SeatInfo(1, None, "Computer", True, 1, "active"),
        SeatInfo(2, 33, "Cid", False, None, "away"),
    )
    values: dict[str, object] = dict(
        id=5,
        guild_id=1,
        channel_id=2,
        rules_id="santafe",
        title="Santa Fe",
        options={"advanced": True},
        status="active",
        version=12,
        revision=15,
        seats=seats,
        host_id=11,
        created_at=NOW,
        updated_at=NOW,
        turn_started_at=NOW,
        to_act=(0, 2),
        reminder_minutes=24 * 60,
        deadline_minutes=90,
        deadline_action="skip",
        max_players=5,
        min_players=2,
        seat_order="random",
    )
    values.update(changes)
    return GameInfo(**values)  # type: ignore[arg-type]


def test_public_lines_leave_out_private_events() -> None:
    events = [
        {"type": "play", "text": "Ann plays.", "private_to": None},
        {"type": "drawn", "text": "You draw Denver.", "private_to": 0},
        {"type": "turn_start", "text": "Bob's turn.", "private_to": None},
    ]
    assert presenters.event_lines(events) == ["Ann plays."]
    assert presenters.event_lines(events, seat=0) == ["Ann plays.", "🔒 You draw Denver."]
    assert presenters.event_lines(events, seat=1) == ["Ann plays."]


def test_mentions_ping_only_the_given_users() -> None:
    text, allowed = presenters.mentions([11, 33, 11])
    assert text == "<@11> <@33>"
    assert [u.id for u in allowed.users] == [11, 33]
    assert allowed.everyone is False and allowed.roles is False


def test_bullet_block_keeps_the_newest_lines_within_the_limit() -> None:
    lines = [f"line {n} " + "x" * 50 for n in range(200)]
    block = presenters.bullet_block(lines, 1000, "en-US")
    assert len(block) <= 1000 and block.endswith(lines[-1]) and "earlier lines not shown" in block


def test_status_embed_shows_seats_and_who_acts() -> None:
    embed = presenters.status_embed(game(), "Choose a card")
    fields = {f.name: f.value for f in embed.fields}
    assert "▶ 1. <@11>" in fields["Players"] and "Computer (computer, level 1)" in fields["Players"]
    assert "(away)" in fields["Players"]
    assert fields["To act"].startswith("Ann and Cid") and "Choose a card" in fields["To act"]
    assert fields["Timing"] == "reminders every 1 day; 90 min per turn, then the turn is skipped"
    assert fields["Options"] == "advanced game: on"
    assert len(embed) <= 6000


def test_results_embed_orders_by_rank() -> None:
    result = {
        "categories": ["money", "cities"],
        "players": [
            {"seat": 0, "total": 30, "points": {"money": 10, "cities": 20}, "rank": 2},
            {"seat": 1, "total": 41, "points": {"money": 1, "cities": 40}, "rank": 1},
            {"seat": 2, "total": 12, "points": {"money": 12, "cities": 0}, "rank": 3},
        ],
        "ranking": [[1], [0], [2]],
        "winners": [1],
    }
    embed = presenters.results_embed(game(status="finished"), result)
    description = embed.description or ""
    assert description.index("Computer") < description.index("Ann") < description.index("Cid")
    assert "**Computer** won" in description


def test_a_tie_left_after_the_tie_breaks_is_a_shared_first_place_and_one_point_is_singular() -> None:
    result = {
        "categories": ["money"],
        "players": [
            {"seat": 0, "total": 1, "points": {"money": 1}, "rank": 1},
            {"seat": 1, "total": 0, "points": {"money": 0}, "rank": 3},
            {"seat": 2, "total": 1, "points": {"money": 1}, "rank": 1},
        ],
        "ranking": [[0, 2], [1]],
        "winners": [0, 2],
    }
    description = presenters.results_embed(game(status="finished"), result).description or ""
    assert description.startswith("**Ann and Cid** share first place.")
    assert "won" not in description
    assert "**Ann**: 1 point (" in description and "**Computer**: 0 points" in description
    assert "1 points" not in description


def test_seat_numbers_become_names() -> None:
    """'Player 1' in an engine's text is the person at seat 0; other words are left alone."""
    text = "Player 1 lays track; Player 3 earns $2; player(s) 1, 2 wait; Player 9 is unknown."
    expected = "Ann lays track; Cid earns $2; player(s) 1, 2 wait; Player 9 is unknown."
    assert presenters.named(text, game()) == expected


def test_my_games_shows_a_paused_game_as_paused_not_as_my_turn() -> None:
    [running, paused] = presenters.my_games_lines(
        [game(), game(id=6, channel_id=3, paused_at=NOW)], 11, "en-US"
    )
    assert running == "**[Santa Fe](https://discord.com/channels/1/2) in <#2>: your turn**"
    assert paused == (
        "[Santa Fe](https://discord.com/channels/1/3) in <#3>: paused until the bot is back in this server"
    )


def test_status_embed_says_a_game_is_paused() -> None:
    assert presenters.status_embed(game()).title == "Santa Fe: In play"
    paused = presenters.status_embed(game(paused_at=NOW))
    assert paused.title == "Santa Fe: In play, paused until the bot is back in this server"


def test_news_names_the_players_and_counts_what_does_not_fit():
    events = [{"type": "t", "text": f"Player 1 laid track {n}.", "private_to": None} for n in range(200)]
    events.insert(1, {"type": "t", "text": "You drew a secret card.", "private_to": 0})
    block = presenters.news_block(game(), events, "en-US", 900)
    lines = block.split("\n")
    assert len(block) <= 900 and lines[0] == "**Since your last move:**"
    assert lines[1] == f"• {presenters.seat_name(game(), 0)} laid track 0."
    assert "secret" not in block  # public lines only
    shown = len(lines) - 2
    assert lines[-1] == f"… and {200 - shown} more: /log"
    short = presenters.news_block(game(), events[:3], "en-US", 900)
    assert "more: /log" not in short and len(short.split("\n")) == 3
    assert presenters.news_block(game(), events[1:2], "en-US", 900) == ""


def test_the_option_summary_names_options_as_words_of_the_readers_language() -> None:
    """The lobby's option summary names an option as words, not as the /game command's lower-case option
    name: German capitalises its nouns there."""
    santafe = game(options={"advanced": True, "buy_track": False})
    assert presenters.options_text(santafe, "de") == "Erweiterungsspiel: an, Schienen kaufen: aus"
    assert presenters.options_text(santafe, "en") == "advanced game: on, buy track: off"
    gwt = game(
        rules_id="gwt", title="Great Western Trail", options={"neutral": "random", "building_sides": "a"}
    )
    assert presenters.options_text(gwt, "de") == "Gebäudeseiten: A, Neutrale Gebäude: zufällig"
    assert "_" not in presenters.options_text(gwt, "ja")


def test_the_option_summary_words_the_bots_settings_in_the_readers_language() -> None:
    changed = game(options={}, pictures="on-request", channel_style="every-turn")
    assert presenters.options_text(changed, "de") == "Bilder: auf Anfrage, Kanal: eine Nachricht pro Zug"


def test_a_gwt_score_sheet_words_its_tie_break_in_the_readers_language() -> None:
    """Great Western Trail shares a tied victory (no tie-break of its own, so no gwt.score.tiebreak): the
    sheet's tie-break word, should one be drawn, is the bot's, in the reader's language."""
    for language in ("de", "nl", "ja"):
        words = result_words({"labels": {}}, "gwt", language)
        assert words["tiebreak"] == translate(language, "picture.result.tiebreak") != "Tie-break"
    assert result_words({"labels": {}}, "santafe", "de")["tiebreak"] == translate(
        "de", "santafe.score.tiebreak"
    )
