"""/help, /rules and their autocomplete; /stats and /leaderboard after a finished game."""

from __future__ import annotations

import rules
from bot.cogs.help import BOT_TOPICS
from bot.cogs.stats import leaderboard_lines, recent_line, stats_lines
from bot.i18n import LANGUAGES, PSEUDO, translate
from bot.services.wording import text_of
from tests.bot.cogs.conftest import Table
from tests.bot.helpers import CHANNEL, run_command
from tests.support.fixtures import ANN, BOB, started


async def test_help_overview_and_topic(table: Table) -> None:
    overview = await table.run(ANN, "help")
    assert overview.last.ephemeral and len(overview.last.embeds[0].fields) == len(BOT_TOPICS)
    topic = await table.run(ANN, "help", topic="reminders")
    assert topic.last.embeds[0].title == "Reminders and deadlines" == translate("en", "help.reminders.title")


async def offered_topics(table: Table, game: str | None, typed: str) -> list[str]:
    """The topics /rules's autocomplete offers Ann for ``typed``, with ``game`` chosen (or none yet)."""
    cog = table.bot.get_cog("Help")
    interaction = table.interaction(ANN)
    interaction.mock.namespace = type("N", (), {"game": game})()
    return [c.value for c in await cog.rules_topic(interaction.mock, typed)]  # type: ignore[union-attr]


async def test_rules_topics_and_autocomplete(table: Table) -> None:
    """Each game's topics are offered by autocomplete and shown on request."""
    assert await offered_topics(table, "santafe", "bon") == ["bonuses"]
    shown = await table.run(ANN, "rules", game="santafe", topic="bonuses")
    assert "2 dollars" in shown.last.embeds[0].description
    listed = await table.run(ANN, "rules", game="gwt")
    assert all(key in listed.last.embeds[0].description for key in rules.spec("gwt").help)


async def test_rules_explains_each_gwt_building_by_its_own_topic(table: Table) -> None:
    """Typed words find a building's topic (beyond the 25 topics listed at first), and it is shown."""
    assert await offered_topics(table, "gwt", "4a") == ["building 4a"]
    assert await offered_topics(table, "gwt", "") == list(rules.spec("gwt").help)
    shown = await table.run(ANN, "rules", game="gwt", topic="building 4a")
    embed = shown.last.embeds[0]
    assert "4a" in embed.title and "remove a hazard for $5" in embed.description
    assert "2 craftsmen" in embed.description and "3 VP" in embed.description
    table_topic = await table.run(ANN, "rules", game="gwt", topic="all buildings")
    assert "**10b** (8 craftsmen · 11 VP · black hand)" in table_topic.last.embeds[0].description


async def test_rules_topics_before_a_game_is_chosen_are_those_of_the_game_here(table: Table) -> None:
    assert await offered_topics(table, None, "") == []  # no game here yet
    await table.run(ANN, "game santafe")
    assert await offered_topics(table, None, "") == list(rules.spec("santafe").help)


async def test_every_rules_text_fits_an_embed_in_every_language() -> None:
    for spec in rules.specs():
        assert len(spec.help) <= 25
        for language in LANGUAGES:
            for title, text in (*spec.help.values(), *spec.subtopics.values()):
                title, text = text_of(language, title), text_of(language, text)
                assert 0 < len(title) <= 100 and 0 < len(text) <= 4096, (spec.id, language, title)


async def test_help_and_rules_read_in_the_readers_language(table: Table) -> None:
    overview = table.interaction(ANN)
    overview.mock.locale = "de"
    await run_command(table.bot, "help", overview)
    embed = overview.last.embeds[0]
    assert embed.title == "Brettspiel-Bot" and "Ein Spiel beginnen" in [f.name for f in embed.fields]
    assert "/spiel gwt" in embed.description
    shown = table.interaction(ANN)
    shown.mock.locale = "ja"
    await run_command(table.bot, "rules", shown, game="gwt", topic="building 4a")
    assert shown.last.embeds[0].title == "Great Western Trail: 建物4a"
    assert "5ドルで災害タイルを1枚取り除く" in shown.last.embeds[0].description


async def test_stats_and_leaderboard_after_a_finished_game(table: Table) -> None:
    await started(table.service, options={"rounds": 1})
    for uid in (ANN, BOB):
        await table.run(uid, "move", move="pass")
    for uid in (ANN, BOB):
        await table.run(uid, "move", move=(await table.service.legal_moves(CHANNEL, uid))[0][0])
    stats = await table.run(ANN, "stats")
    assert stats.last.ephemeral and "1 played" in stats.last.embeds[0].description
    assert "**Rating**" in stats.last.embeds[0].description
    assert "(1 game), provisional" in stats.last.embeds[0].description
    assert "provisional until 5 games" in stats.last.embeds[0].footer.text
    board = await table.run(ANN, "leaderboard")
    description = board.last.embeds[0].description
    lines = description.splitlines()
    assert len(lines) == 2 and all("(1 game), provisional" in line for line in lines)
    assert {lines[0][:7], lines[1][:7]} == {"1. <@1>", "2. <@2>"}
    assert board.last.mentioned_users == []
    everywhere = (await table.run(ANN, "leaderboard", everywhere=True)).last.embeds[0]
    assert everywhere.title == "Leaderboard (all servers)" and "<@" not in everywhere.description


def test_stats_lines_show_shared_first_places_apart_from_wins_and_one_point_singular() -> None:
    stats = {"per_game": [{"rules_id": "santafe", "played": 3, "won": 1, "shared": 1, "avg_score": 40.0}]}
    assert stats_lines(stats, "en-US") == [
        "**Santa Fe**: 3 played, 1 won, 1 shared first, average 40.0 points"
    ]
    person = {"user_id": 1, "name": "Ann", "rating": 21.04, "games": 1, "provisional": True}
    computer = {"user_id": None, "level": 2, "rating": 3.5, "games": 7, "provisional": False}
    board = [{"rules_id": "santafe", "people": [person], "computers": [computer]}]
    assert leaderboard_lines(board, "en-US") == [
        "1. <@1>: 21.0 (1 game), provisional",
        "Computers: level 2 3.5",
    ]
    # across servers: the name, never a mention of someone the server may not know
    assert leaderboard_lines(board, "en-US", mention=False)[0] == "1. Ann: 21.0 (1 game), provisional"
    assert recent_line({"rules_id": "santafe", "rank": 1, "shared": True, "score": 1}, "en-US") == (
        "Santa Fe: shared first place, 1 point"
    )
    second = recent_line({"rules_id": "gwt", "rank": 2, "score": 108}, "en-US")
    assert second == "Great Western Trail: place 2, 108 points"


def test_a_recent_game_the_computer_played_for_the_member_says_so_instead_of_a_place() -> None:
    played = {"rules_id": "gwt", "rank": 1, "won": True, "score": 108, "computer_from": 12}
    assert recent_line(played, "en-US") == "Great Western Trail: played by the computer from move 12"


async def test_rules_here_defaults_to_the_game_here_and_reads_a_topic_by_its_title(table: Table) -> None:
    await table.run(ANN, "game santafe")
    shown = await table.run(ANN, "rules", topic="Bonuses")  # the title autocomplete shows, typed
    assert shown.last.ephemeral and shown.last.embeds[0].title == "Santa Fe: Bonuses"
    listed = await table.run(ANN, "rules")
    assert listed.last.embeds[0].title == "Santa Fe"


async def test_rules_refuses_an_unknown_topic_naming_the_topics(table: Table) -> None:
    refused = await table.run(ANN, "rules", game="gwt", topic="cows")
    assert refused.last.ephemeral and not refused.last.embeds
    assert "no rules topic 'cows'" in refused.last.content
    assert all(key in refused.last.content for key in rules.spec("gwt").help)


async def test_rules_outside_a_game_channel_without_a_game_asks_for_one(table: Table) -> None:
    refused = await table.run(ANN, "rules")
    assert refused.last.ephemeral and "gwt" in refused.last.content and "santafe" in refused.last.content


async def test_the_help_overview_fits_one_embed_in_every_language(table: Table) -> None:
    """Discord refuses an embed of more than 6,000 characters: a longer language cuts each topic alike."""
    for language in [*LANGUAGES, PSEUDO]:
        overview = table.interaction(ANN)
        overview.mock.locale = language
        await run_command(table.bot, "help", overview)
        embed = overview.last.embeds[0]
        assert len(embed) <= 6000 and all(len(field.value) <= 1024 for field in embed.fields), language
        assert len(embed.fields) == len(BOT_TOPICS)
