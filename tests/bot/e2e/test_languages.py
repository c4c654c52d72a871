"""Each person reads private replies in the language of their Discord client, and the commands Discord
receives carry German, Dutch and Japanese names."""

from __future__ import annotations

from bot import messages
from bot.i18n import translate
from tests.bot.e2e.conftest import Arena


async def test_private_replies_follow_each_readers_language(arena: Arena) -> None:
    alice, bob = arena.people[:2]
    hans = arena.loopback.add_user("hans", guilds=arena.guild, locale="de")
    yuki = arena.loopback.add_user("yuki", guilds=arena.guild, locale="ja")
    fenna = arena.loopback.add_user("fenna", guilds=arena.guild, locale="nl")
    brit = arena.loopback.add_user("brit", guilds=arena.guild, locale="en-GB")
    async with arena.running():
        await arena.start_game("santafe", alice, bob)
        turn = arena.public()[-1]
        for person, locale in (
            (hans, "de"),
            (yuki, "ja"),
            (fenna, "nl"),
            (brit, "en-GB"),
            (arena.stranger, "fr"),
        ):
            watcher = await person.click(turn, "Play")
            assert watcher.ephemeral and watcher.content == translate(locale, "message.not_seated")
        refused = await hans.slash("move", arena.channel, move="pass")
        # the hint in German, /spiel beitreten as a command mention his client names in German
        hint = messages.service_hint("not_in_game", "de").removeprefix("/spiel beitreten")
        assert refused.ephemeral and refused.content.endswith(hint)
        assert "</game join:" in refused.content
        assert refused.content.startswith("Du spielst in diesem Spiel nicht mit.")  # the refusal, in German
        elsewhere = arena.loopback.add_channel(arena.guild, "empty")
        for person, said in (
            (yuki, "このチャンネルではまだゲームが遊ばれていません。 "),
            (fenna, "In dit kanaal is nog geen spel gespeeld. "),
        ):
            nothing = await person.slash("board", elsewhere)
            assert nothing.ephemeral and nothing.content.startswith(said), nothing.content
        arena.loopback.assert_prompt_responses()


async def test_discord_receives_every_command_in_four_languages(arena: Arena) -> None:
    async with arena.running():
        commands = {c.name: c.payload for c in arena.loopback.world.commands_for(arena.guild.id)}
    game = commands["game"]
    assert game["name_localizations"] == {"de": "spiel", "nl": "spel", "ja": "ゲーム"}
    join = next(o for o in game["options"] if o["name"] == "join")
    assert join["description_localizations"]["de"].startswith("Einen Platz")


async def test_moves_are_offered_and_read_back_in_each_players_language(arena: Arena) -> None:
    hans = arena.loopback.add_user("hans", guilds=arena.guild, locale="de")
    yuki = arena.loopback.add_user("yuki", guilds=arena.guild, locale="ja")
    async with arena.running() as (_bot, service):
        await arena.start_game("gwt", hans, yuki)
        channel = int(arena.channel.id)
        game = await service.get_game(channel)
        first = hans if arena.by_id(hans) in game.to_act_users else yuki
        locale = "de" if first is hans else "ja"
        offered = await first.autocomplete("move", arena.channel, move="")
        english = dict(await service.legal_moves(channel, arena.by_id(first)))
        own = dict(await service.legal_moves(channel, arena.by_id(first), locale))
        # the first decision: where the cattleman starts, in the reader's words
        assert [c["name"] for c in offered] == [own[c["value"]] for c in offered]
        assert all(own[m] != english[m] for m in own), own
        assert ("Viehzüchter" if first is hans else "牧場主") in offered[0]["name"]
        # a label typed back in the reader's language plays its move; the log says it in each reader's
        _, label = next(iter(own.items()))
        await first.slash("move", arena.channel, move=label)
        game = await service.get_game(channel)
        assert game.version == 1
        # (a sentence: "1. Hans setzt den Viehzüchter auf A.", "1. Hans placed the cattleman on A.")
        told = (await service.log(channel, arena.by_id(first), locale=locale))[-1]
        in_english = (await service.log(channel, None, locale="en"))[-1]
        assert first.name.capitalize() in told and in_english != told
        assert ("Viehzüchter" if first is hans else "牧場主") in told and "cattleman" in in_english
        # English labels are understood from every reader
        mover = hans if arena.by_id(hans) in game.to_act_users else yuki
        _, label = (await service.legal_moves(channel, arena.by_id(mover)))[0]
        await mover.slash("move", arena.channel, move=label)
        assert (await service.get_game(channel)).version == 2
        told = (await service.log(channel, None, locale="en"))[-1]
        assert told.startswith(f"2. {mover.name.capitalize()} ")
