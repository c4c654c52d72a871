"""Who a message really pings: mentions in the content, as allowed_mentions and the permissions allow."""

from __future__ import annotations

import discord

from .conftest import Place
from .sample_bot import SampleBot


def games(bot: discord.Client, place: Place) -> discord.TextChannel:
    channel = bot.get_channel(int(place.games.id))
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_everyone_pings_only_with_mention_everyone_and_when_allowed(place: Place) -> None:
    loopback = place.loopback
    async with loopback.run_bot(SampleBot()) as bot:
        denied = await games(bot, place).send("@everyone wake up")
        loopback.set_bot_access(place.games, mention_everyone=True)
        here = await games(bot, place).send("@here wake up")
        muted = await games(bot, place).send("@everyone", allowed_mentions=discord.AllowedMentions.none())
    messages = loopback.world.messages
    assert (messages[str(denied.id)].pinged_everyone, messages[str(denied.id)].pinged_users) == (False, set())
    assert not denied.mention_everyone and here.mention_everyone
    everyone_here = {m for m in loopback.world.guilds[place.guild.id].members if m != loopback.bot_account.id}
    assert messages[str(here.id)].pinged_everyone and messages[str(here.id)].pinged_users == everyone_here
    assert (messages[str(muted.id)].pinged_everyone, messages[str(muted.id)].pinged_users) == (False, set())


async def test_a_role_pings_its_members_if_mentionable_or_with_mention_everyone(place: Place) -> None:
    loopback = place.loopback
    players = loopback.add_role(place.guild, "players", members=[place.alice])
    callable_ = loopback.add_role(place.guild, "on call", mentionable=True, members=[place.bob])
    text = f"<@&{players.id}> <@&{callable_.id}>"
    async with loopback.run_bot(SampleBot()) as bot:
        plain = await games(bot, place).send(text)
        no_roles = await games(bot, place).send(text, allowed_mentions=discord.AllowedMentions(roles=False))
        loopback.set_bot_access(place.games, mention_everyone=True)
        both = await games(bot, place).send(text)
    messages = loopback.world.messages
    assert messages[str(plain.id)].pinged_users == {place.bob.id}
    assert [r.id for r in plain.role_mentions] == [int(callable_.id)]
    assert messages[str(no_roles.id)].pinged_users == set()
    assert messages[str(both.id)].pinged_users == {place.alice.id, place.bob.id}


async def test_a_user_is_pinged_only_if_allowed_and_able_to_see_the_channel(place: Place) -> None:
    loopback = place.loopback
    loopback.set_overwrite(place.games, place.bob, deny=discord.Permissions(view_channel=True))
    text = f"{place.alice.mention} {place.bob.mention}"
    async with loopback.run_bot(SampleBot()) as bot:
        sent = await games(bot, place).send(text)
        only_bob = await games(bot, place).send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(place.bob.id))])
        )
        edited = await games(bot, place).send("later", allowed_mentions=discord.AllowedMentions.none())
        await edited.edit(content=text, allowed_mentions=discord.AllowedMentions(users=True))
    messages = loopback.world.messages
    assert messages[str(sent.id)].mentions == [place.alice.id, place.bob.id]
    assert messages[str(sent.id)].pinged_users == {place.alice.id}  # bob cannot see #games
    assert messages[str(only_bob.id)].pinged_users == set()
    # An edit rebuilds the mentions but notifies no one.
    assert messages[str(edited.id)].mentions == [place.alice.id, place.bob.id]
    assert messages[str(edited.id)].pinged_users == set()


async def test_an_interaction_reply_parses_only_users_by_default(place: Place) -> None:
    loopback = place.loopback
    loopback.set_bot_access(place.games, mention_everyone=True)
    role = loopback.add_role(place.guild, "on call", mentionable=True, members=[place.bob])
    async with loopback.run_bot(SampleBot()):
        reply = await place.carol.slash(
            "say", place.games, text=f"@everyone <@&{role.id}> {place.alice.mention}"
        )
    assert (reply.message.pinged_everyone, reply.message.pinged_users) == (False, {place.alice.id})
    assert reply.message.mention_roles == []
