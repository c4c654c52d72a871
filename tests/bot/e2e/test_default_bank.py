"""A server's default time bank through the stand-in: a manager sets it with /admin defaults and reads it
back in their language; a game opened with no bank or deadline chosen gets it, while time_bank:off and a
deadline chosen open without it; a bad bank is refused privately, saving nothing."""

from __future__ import annotations

from bot.i18n import translate
from bot.storage.preferences import GuildSettings
from loopback import Reply
from tests.bot.e2e.conftest import Arena

DAY = 24 * 60


def private(reply: Reply) -> str:
    """What only the user who acted reads of the bot's answer."""
    return next(m.content for m in [reply.original, *reply.followups] if m is not None and m.ephemeral)


async def test_a_default_bank_set_by_a_manager_is_given_to_new_games(arena: Arena) -> None:
    alice = arena.people[0]
    hans = arena.loopback.add_user("hans", guilds=arena.guild, admin=True, locale="de")
    guild_id = int(arena.guild.id)
    async with arena.running() as (_bot, service):
        refused = await hans.slash("admin defaults", arena.channel, time_bank="custom", deadline_hours=5)
        assert private(refused) == translate("de", "refusal.bank.days", most=60)
        assert await service.guild_settings(guild_id) == GuildSettings(
            guild_id
        )  # the deadline not saved either
        saved = await hans.slash(
            "admin defaults", arena.channel, time_bank="custom", bank_days=5, increment_hours=12
        )
        assert "Zeitkonto: 5 Tage + 12 Std. pro Zug, je 7 Tage Urlaub" in private(saved)
        await alice.slash("game santafe", arena.channel)
        game = await service.get_game(int(arena.channel.id))
        assert (game.bank_minutes, game.bank_increment_minutes, game.holiday_days) == (5 * DAY, 12 * 60, 7)
        assert game.deadline_minutes is None
        await arena.admin.slash("admin abandon", arena.channel)
        await alice.slash("game santafe", arena.channel, time_bank="off")
        game = await service.get_game(int(arena.channel.id))
        assert (game.bank_minutes, game.deadline_minutes) == (None, None)
        await arena.admin.slash("admin abandon", arena.channel)
        await alice.slash("game gwt", arena.channel, deadline_hours=24)
        game = await service.get_game(int(arena.channel.id))
        assert (game.bank_minutes, game.deadline_minutes) == (None, DAY)
        removed = await hans.slash("admin defaults", arena.channel, time_bank="off")
        assert private(removed).endswith(translate("de", "message.defaults.no_bank"))
        assert (await service.guild_settings(guild_id)).bank_minutes is None
