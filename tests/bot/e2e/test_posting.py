"""What the bot posts after a saved change, against the stand-in's Discord: a channel where it may not do
everything, direct messages a player does not take. The change always stands; the channel hears what it
can, and the person who made the change hears privately what could not be done."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import BoardGameBot
from bot.i18n import ENGLISH, translate
from loopback import Channel
from tests.bot.e2e.conftest import Arena


async def test_a_game_is_neither_opened_nor_started_where_the_bot_could_not_post_it(arena: Arena) -> None:
    """Without Attach Files (or any other permission a game's posts need) /game santafe and /game start
    are refused, privately, in one sentence naming what is missing; nothing is created or started."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        arena.loopback.set_bot_access(arena.channel, attach=False)
        refused = await alice.slash("game santafe", arena.channel)
        assert refused.ephemeral and refused.content.startswith(
            "I cannot run a game here: I lack Attach Files in this channel."
        ), refused.content
        assert not arena.public() and not await service.games_of_user(int(alice.id))

        arena.loopback.set_bot_access(arena.channel)
        await alice.slash("game santafe", arena.channel)
        await bob.slash("game join", arena.channel)
        # without Send Messages Discord takes Embed Links and Attach Files away too: only it is named
        arena.loopback.set_bot_access(arena.channel, send=False)
        refused = await alice.slash("game start", arena.channel)
        assert refused.ephemeral and refused.content.startswith(
            "I cannot run a game here: I lack Send Messages in this channel."
        ), refused.content
        arena.loopback.set_bot_access(arena.channel, embed=False, attach=False)
        refused = await alice.slash("game start", arena.channel)
        assert refused.content.startswith(
            "I cannot run a game here: I lack Embed Links and Attach Files in this channel."
        ), refused.content
        # each reader reads the permissions by their names in their own Discord's settings
        hans = arena.loopback.add_user("hans", guilds=arena.guild, locale="de")
        refused = await hans.slash("game start", arena.channel)
        lacking = "Links einbetten und Dateien anhängen"
        assert refused.ephemeral and lacking in refused.content, refused.content
        assert (await service.get_game(channel_id)).status == "lobby"


async def test_without_attach_files_the_turn_message_comes_without_its_picture(arena: Arena) -> None:
    """Attach Files taken away mid-game: the turn message still goes out (text, summary, ping), without the
    board picture and pointing to /board; the movers hear of no failure."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, style="every-turn")
        arena.loopback.set_bot_access(arena.channel, attach=False)
        replies = []
        for user in (alice, bob):
            replies.append(await arena.play_first_move(service, user))
        turn = arena.public()[-1]
        layer = (await service.get_game(channel_id)).to_act_users
        assert not turn.attachments and "/board" in turn.content
        assert "Cards revealed" in arena.loopback.describe(turn)
        assert turn.mentions == [str(u) for u in layer]
        assert all(not m.content.startswith("Your move counted") for r in replies for m in r.followups)


async def test_closed_direct_messages_are_tried_once_then_the_channel_is_told(arena: Arena) -> None:
    """A player who turned DMs on but takes none from the bot (50007): their setting goes off, the channel
    says so once, and no later notice tries again."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await alice.slash("game gwt", arena.channel)
        await bob.slash("game join", arena.channel)
        for user in (alice, bob):
            await user.slash("notify dm", arena.channel, enabled=True)
            arena.loopback.close_dms(user)
        await alice.slash("game start", arena.channel)
        turns = 0
        last = None
        while turns < 4:  # two turns each: every player is told of their turn twice
            game = await service.get_game(channel_id)
            [user_id] = game.to_act_users
            if user_id != last:
                turns += 1
                last = user_id
            await arena.play_first_move(service, arena.person(user_id))
        refused = [e for e in arena.loopback.api.exchanges if e.status == 403 and "50007" in str(e.body)]
        notices = [m for m in arena.public() if "takes no direct messages" in m.content]
        told = sorted(m.content.split()[0] for m in notices)
        assert told == sorted(f"<@{u.id}>" for u in (alice, bob)), told  # once for each of them
        assert len(refused) == 2, refused  # one refused direct message each, never another
        for notice in notices:
            assert (
                notice.content.endswith(translate(ENGLISH, "message.dms_closed", user="").split(". ")[-1])
                and not notice.mentions
            )
        for user in (alice, bob):
            assert not (await service.user_settings(int(user.id))).dms


async def test_refusals_after_a_deferral_never_reach_the_channel(arena: Arena) -> None:
    """/board share:true, /game computer and /admin computer think in private first, so a refusal stays
    between the bot and the person who asked."""
    alice, bob = arena.people[:2]
    async with arena.running():
        await arena.start_game("santafe", alice, bob)
        posted = len(arena.public())
        for user, command, options in (
            (bob, "board", {"move": 50, "share": True}),
            (bob, "game computer", {"player": alice}),
            (arena.admin, "admin computer", {"seat": 5}),
        ):
            refused = await user.slash(command, arena.channel, **options)
            assert refused.ephemeral and refused.message.visible_to == {user.id}, (command, refused.content)
        assert len(arena.public()) == posted


async def test_choices_sent_at_the_same_moment_end_in_one_reveal_and_one_ping(arena: Arena) -> None:
    """Three players send their Santa Fe cards at once, round after round (track is laid straight through
    the service in between): each round the channel gets one reveal in one turn message pinging exactly
    the player who lays track first."""
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.people[0].slash("game santafe", arena.channel)
        for user in arena.people[1:]:
            await user.slash("game join", arena.channel)
        await arena.people[0].slash("game channel", arena.channel, style="every-turn")
        await arena.people[0].slash("game start", arena.channel)
        for _ in range(3):
            game = await service.get_game(channel_id)
            while len(game.to_act) < len(game.seats):  # lay track until everyone chooses again
                user_id = game.to_act_users[0]
                await service.submit(
                    channel_id, user_id, (await service.legal_moves(channel_id, user_id))[0][0]
                )
                game = await service.get_game(channel_id)
            seen = len(arena.public())
            choices = [(await service.legal_moves(channel_id, u))[0][0] for u in game.to_act_users]
            await asyncio.gather(
                *(
                    arena.person(u).slash("move", arena.channel, move=c)
                    for u, c in zip(game.to_act_users, choices, strict=True)
                )
            )
            new = arena.public()[seen:]
            texts = [arena.loopback.describe(m) for m in new]
            layer = (await service.get_game(channel_id)).to_act_users
            assert sum("Cards revealed" in t for t in texts) == 1, texts
            assert [m.mentions for m in new if m.mentions] == [[str(u) for u in layer]], texts


async def test_without_embed_links_the_reveal_is_in_the_text(arena: Arena) -> None:
    """Embed Links taken away mid-game: Discord would drop the summary's embed without a word, so the turn
    message carries the summary in its text, and pings exactly the player who lays track first."""
    alice, bob = arena.people[:2]
    channel_id = int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob, style="every-turn")
        arena.loopback.set_bot_access(arena.channel, embed=False)
        for user in (alice, bob):
            await arena.play_first_move(service, user)
        turn = arena.public()[-1]
        layer = (await service.get_game(channel_id)).to_act_users
        assert "Cards revealed" in turn.content and turn.pinged_users == {str(u) for u in layer}


async def games_in_two_threads(arena: Arena) -> list[Channel]:
    """A two-player GWT game with a one-hour deadline in each of two threads of the game channel."""
    alice, bob = arena.people[:2]
    threads = [arena.loopback.add_thread(arena.channel, f"game-{n}") for n in (1, 2)]
    for thread in threads:
        await alice.slash("game gwt", thread, deadline_hours=1)
        await bob.slash("game join", thread)
        await alice.slash("game channel", thread, style="every-turn")
        await alice.slash("game start", thread)
    return threads


async def deadline_round(arena: Arena, bot: BoardGameBot) -> None:
    """Two hours later, one round of the reminder loop (run here rather than waiting for its timer)."""
    arena.clock.advance(hours=2)
    cog = bot.get_cog("Reminders")
    assert cog is not None
    await cog.tick()  # type: ignore[attr-defined]
    await bot.games.runner.idle()  # a computer that took over moves in the background, and is told
    await arena.loopback.settle()


@pytest.mark.parametrize("broken", [0, 1])
@pytest.mark.parametrize("how", ["deleted", "locked"])
async def test_a_deadline_round_goes_on_past_a_thread_that_is_gone_or_locked(
    arena: Arena, broken: int, how: str
) -> None:
    """Deadlines pass in two threads; one was deleted (10003) or locked (50083): the other still hears that
    time ran out and gets its turn message, pinging the next player."""
    async with arena.running() as (bot, service):
        threads = await games_in_two_threads(arena)
        if how == "deleted":
            arena.loopback.delete_channel(threads[broken])
        else:
            arena.loopback.lock_thread(threads[broken])
        await deadline_round(arena, bot)
        other = threads[1 - broken]
        game = await service.get_game(int(other.id))
        heard = [m for m in arena.loopback.messages(other) if m.visible_to is None]
        assert any("Time ran out" in m.content for m in heard)
        turn = heard[-1]  # the newest turn message, with its Play button
        assert any(c.get("label") == "Play" for c in turn.flat_components()), arena.loopback.describe(turn)
        # the next player is pinged once for the decision, by whichever post told it first (the deadline's
        # or the computer's, in the order the background work finished)
        for user in game.to_act_users:
            assert sum(str(user) in m.pinged_users for m in heard) == 1, [m.pinged_users for m in heard]


async def test_posting_in_an_archived_thread_needs_no_lookup(arena: Arena) -> None:
    """An archived thread leaves discord.py's cache; the bot posts there by id (which unarchives it),
    without asking Discord about the channel first."""
    async with arena.running() as (bot, _service):
        threads = await games_in_two_threads(arena)
        arena.loopback.archive_thread(threads[0])
        asked = len(arena.loopback.api.exchanges)
        await deadline_round(arena, bot)
        lookups = [
            e
            for e in arena.loopback.api.exchanges[asked:]
            if e.method == "GET" and e.path.endswith(f"/channels/{threads[0].id}")
        ]
        assert not lookups and not threads[0].archived
        assert any("Time ran out" in m.content for m in arena.loopback.messages(threads[0]))


async def test_a_name_that_looks_like_everyone_pings_nobody(arena: Arena) -> None:
    """The bot may mention everyone here, and a member is called "@everyone": echoing their name pings
    nobody; the turn message pings exactly who must act."""
    alice = arena.people[0]
    everyone = arena.loopback.add_user("@everyone", guilds=arena.guild)
    arena.loopback.set_bot_access(arena.channel, mention_everyone=True)
    async with arena.running() as (_bot, _service):
        await arena.start_game("gwt", alice, everyone)
        await everyone.slash("game computer", arena.channel)
        back = (await everyone.slash("game take-back", arena.channel)).followups[-1]
        assert "everyone" in back.content and not back.pinged_everyone and not back.pinged_users
        assert not any(m.pinged_everyone for m in arena.public())


async def test_in_a_thread_the_permission_named_is_send_messages_in_threads(arena: Arena) -> None:
    alice = arena.people[0]
    thread = arena.loopback.add_thread(arena.channel, "game")
    async with arena.running():
        arena.loopback.set_bot_access(thread, send=False)
        refused = await alice.slash("game gwt", thread)
        assert refused.ephemeral and refused.content.startswith(
            "I cannot run a game here: I lack Send Messages in Threads in this channel."
        ), refused.content


async def test_the_turn_message_says_what_mygames_says_and_what_is_asked(arena: Arena) -> None:
    """The direct message of a turn says what /mygames says of the game: its title linking to the live
    board, the server, since when the turn waits and the time left with a deadline; then what is asked;
    the place said once."""
    alice, bob = arena.people[:2]
    guild_id, channel_id = int(arena.guild.id), int(arena.channel.id)
    async with arena.running() as (_bot, service):
        await bob.slash("notify dm", arena.channel, enabled=True)
        await arena.start_game("gwt", alice, bob, seat_order="join", deadline_hours=24)
        while (await service.get_game(channel_id)).to_act_users == (int(alice.id),):
            await arena.play_first_move(service, alice)
        await arena.loopback.settle()
        [dm] = arena.loopback.messages(arena.loopback.dm_channel(bob))
        board = arena.live_board()
        link = f"https://discord.com/channels/{guild_id}/{channel_id}/{board.id}"
        head, asked = dm.content.split("\n")
        where = f"**[Great Western Trail]({link}) in {arena.guild.name}"
        assert head.startswith(f"{where}: your turn** since <t:"), head
        assert ", your time runs out <t:" in head, head
        assert asked.startswith("To do: ") and len(asked) > len("To do: "), asked
        assert dm.content.count(str(channel_id)) == 1, dm.content
