"""The words of the turn notice: the game, what is asked of its player (by name), and a link to it."""

from __future__ import annotations

from bot.i18n import translate
from bot.services import notices
from bot.services.models import GameInfo, SeatInfo


def game(guild_id: int | None) -> GameInfo:
    info = GameInfo.__new__(GameInfo)
    seats = [SeatInfo(0, 1, "Ann", False, None, "active"), SeatInfo(1, 2, "Bob", False, None, "active")]
    for name, value in (("title", "Santa Fe"), ("guild_id", guild_id), ("channel_id", 55), ("seats", seats)):
        object.__setattr__(info, name, value)
    return info


def text(locale: str, said: tuple[str, dict[str, object]]) -> str:
    return translate(locale, said[0], **said[1])


def test_the_turn_notice_says_what_is_asked_without_who_and_links_to_the_thread() -> None:
    view = {"decision": {"prompt": "Everybody chooses a card to play; waiting for Player 1 and Player 2."}}
    assert text("en", notices.your_turn(game(7), view)) == (
        "It is your turn in [Santa Fe](https://discord.com/channels/7/55): Everybody chooses a card to play."
    )
    asked = {"decision": {"prompt": "Player 2: lay track, or take Player 1's bonus"}}
    assert text("en", notices.your_turn(game(None), asked)) == (
        "It is your turn in [Santa Fe](https://discord.com/channels/@me/55): lay track, or take Ann's bonus"
    )
    assert text("de", notices.your_turn(game(7), {})) == (
        "Du bist dran in [Santa Fe](https://discord.com/channels/7/55)."
    )


def test_the_turn_notice_words_the_engines_facts_in_each_readers_language() -> None:
    from bot.services.models import Notification
    from rules.core.texts import said

    view = {"decision": {"prompt": "Player 1: draw 2 cards.", "say": said("santafe.prompt.draw", count=2)}}
    message, params = notices.your_turn(game(7), view)
    note = Notification.said("your_turn", message, params, game_id=1, channel_id=55, user_id=9)
    assert note.text.endswith(": draw 2 cards.")  # the stored English
    assert note.text_in("de").endswith(": 2 Karten ziehen.")
    assert note.text_in("ja").endswith("カードを2枚引く。")
