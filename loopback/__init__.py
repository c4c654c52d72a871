"""A loopback stand-in for Discord that the real discord.py client runs against, for tests and the sandbox.

``LoopbackDiscord`` serves Discord's HTTP API (under ``/api/v10``) and gateway (a websocket with zlib-stream
compression) on 127.0.0.1 at an ephemeral port. ``run_bot`` points discord.py at it (``Route.BASE`` and the
default gateway address) and starts any ``discord.Client`` or ``commands.Bot`` with a fake token; the client
logs in, identifies, receives READY and a GUILD_CREATE for every guild, syncs its commands and is then driven
by simulated people through real INTERACTION_CREATE events.

What the stand-in checks, for every request the bot sends:

* the route exists in Discord's OpenAPI description (vendored in ``discord_api/``) and the stand-in serves it;
* the JSON body, or the ``payload_json`` part of a multipart upload, is valid against the request schema;
* Discord's limits: 2000 characters of content, 10 embeds of at most 6000 characters (256 title, 4096
  description, 25 fields), 5 action rows of 5 buttons, 25 select options, custom_id ≤ 100, 25 autocomplete
  choices named ≤ 100 characters, uploads ≤ 10 MiB, ≤ 100 commands of ≤ 25 options per scope, modal sizes;
* interaction rules: one initial response (a second gets 400 / 40060 "Interaction has already been
  acknowledged."), within 3 seconds (later gets 404 / 10062 and is reported), follow-ups and edits only with a
  live token (before any response 404 / 10015 Unknown Webhook, after 15 minutes 401 / 50027), response types
  that fit the interaction; and every interaction must be answered before the bot stops.

* rate limits (``ratelimits``): per-route buckets and the global 50 requests per second, with Discord's
  ``X-RateLimit-*`` headers on every answer and 429 past a limit; 200 command creations a day per guild
  (429 / 30034). ``loopback.api.ratelimits`` holds the sizes (tests may shrink them) and every 429 answered;
* the gateway (``gateway``): several sessions, one per shard, each receiving its own guilds' events and only
  those of the intents it asked for; IDENTIFY refused with 4004 (token), 4010 (shard), 4011 (more guilds than
  ``max_guilds_per_shard``), 4013 (undefined intents) and 4014 (a privileged intent not among
  ``privileged_intents``). ``add_guild(name, shard=(id, count))`` places a guild on a shard.

A body that breaks the description or a limit is refused as Discord would (400 / 50035 Invalid Form Body,
413 / 40005 for uploads) and recorded as a ``Violation``; ``run_bot`` raises ``ContractViolation`` listing
them when the test's block ends, so a test fails on any breach. A test that expects breaches takes them with
``loopback.take_violations()``.

What the stand-in refuses or does as Discord does, each with its source (pages of Discord's developer docs;
where they are silent, Discord's public answers):

* Component emoji: a button's or select option's emoji must be a custom emoji with an id or one Unicode emoji
  of Discord's set (the ``emoji`` library decides); else 400 / 50035 with ``BUTTON_COMPONENT_INVALID_EMOJI``
  at ``components.N.components.M[.options.K].emoji.name``, for select options too (components-reference.mdx
  for the shape; discord/discord-api-docs#8071 for the code). Messages, interaction responses, modals,
  follow-ups and edits alike; recorded as an ``invalid-emoji`` violation.
* Permissions (permissions.mdx, "Permission Overwrites", "Implicit Permissions", "Inherited Permissions
  (Threads)"; threads.mdx, "Permissions"): roles, then overwrites for @everyone, roles, the member; owner and
  administrators have all. Without View Channel nothing at all (403 / 50001 Missing Access); without the right
  to send (Send Messages in a channel, Send Messages in Threads in a thread: Send Messages has no effect
  there) posts get 403 / 50013 and Mention Everyone, Attach Files, Embed Links and TTS are void too. Without
  Attach Files an upload gets 403 / 50013; without Embed Links a bot's embeds are dropped silently (200, the
  message stored without them); without Read Message History the bot lists no messages, fetching one gets 403
  / 50001 and a reply 400 / 160002 (message.mdx, "Get Channel Messages", "Create Message"). Interactions carry
  ``app_permissions`` and the member's ``permissions`` computed for the channel or thread. Interaction
  responses and follow-ups go through the interaction's webhook and need none of these.
* Threads (threads.mdx): public (11) and private (12); a private one is seen only by its members and those
  with Manage Threads, and the gateway tells the bot only of threads it can see (GUILD_CREATE lists the active
  ones). In an archived thread messages cannot be edited (400 / 50083, interaction replies too) and commands
  cannot be used; a post or follow-up unarchives it (THREAD_UPDATE) unless it is locked, where only Manage
  Threads may post (400 / 50083 "Thread is archived"; a locked active thread 400 / 160005). GET /channels/{id}
  serves archived threads. A deleted channel or thread (with its threads) answers 404 / 10003 Unknown Channel
  afterwards, to interaction follow-ups as well. A bot removed from a guild hears GUILD_DELETE without
  ``unavailable`` and gets 403 / 50001 in the guild's channels; people can no longer use its commands there.
* Mentions (message.mdx, "Allowed Mentions Object"): <@user>, <@&role>, @everyone and @here are parsed from
  the content as ``allowed_mentions`` allows (without it, every kind in a regular message, only users in an
  interaction reply or webhook message); @everyone, @here and roles that are not mentionable need Mention
  Everyone. ``Message.pinged_users`` holds who was really notified (only people who can see the message;
  @everyone and @here: all of them), ``Message.pinged_everyone`` whether @everyone/@here took effect,
  ``Message.mentions`` the users mentioned and allowed. Only posting notifies: an edit rebuilds the mention
  fields with the edit's ``allowed_mentions`` or the default (message.mdx, "Edit Message") but pings no one.
* Interaction tokens (receiving-and-responding.mdx): the first response within 3 seconds, once (400 / 40060
  after that); follow-ups and webhook edits need a response first (404 / 10015 Unknown Webhook) and a token
  younger than 15 minutes (after that 401 / 50027 Invalid Webhook Token). A deferred "thinking…" reply must
  be filled by a follow-up or edit; one left loading when the bot stops is an ``unfilled`` violation
  (``loopback.unfilled_deferrals()`` lists them).
* The network (``LoopbackDiscord(latency=0.15)`` or ``loopback.latency``, 0 by default): each way, the
  gateway hop that delivers an interaction and each REST request and its answer. The 3 seconds count from
  the interaction's creation, so the hop and the callback's trip use part of them.
* Direct messages to a user who takes none: 403 / 50007.

Not modelled (the stand-in is more lenient or silent here): presence (@here notifies every member who can see
the channel, online or not); thread membership for notifications (everyone who can see a thread counts) and
mentions that add a person to a private thread; ``replied_user`` pings of replies; THREAD_LIST_SYNC and
THREAD_MEMBER_UPDATE when access changes or a thread is unarchived; auto-archiving by inactivity; the limit on
active threads; clicking components on messages in archived or locked threads; timeouts (timed-out members'
lost permissions); categories and permission syncing; Send TTS Messages and Use External Emojis checks;
whether the custom emoji's id exists in a guild the bot can use; the newest Unicode emoji Discord has not yet
adopted (the ``emoji`` library may know them first).

Each action of a ``SimUser`` (``slash``, ``autocomplete``, ``click``, ``select``, ``submit``) sends one
interaction and returns once the bot is done with it: every task the client started for the interaction has
finished or is only waiting (a sleep, ``View.wait()``, ``wait_for``), so no test sleeps or polls for answers.
The returned ``Reply`` holds the interaction's record (response type, measured delay) and every message posted
or edited meanwhile; each ``Message`` has its content, embeds, components, attachments (filename and bytes),
flags (ephemeral, loading), mentions, channel, who may see it (``visible_to``: an ephemeral reply only the
invoking user) and the interaction it answered.

Example (pytest-asyncio)::

    from loopback import LoopbackDiscord

    async def test_a_game_starts() -> None:
        async with LoopbackDiscord() as loopback:
            guild = loopback.add_guild("Board games")
            games = loopback.add_channel(guild, "games")
            thread = loopback.add_thread(games, "santa-fe-1")
            alice = loopback.add_user("alice", guilds=guild)
            admin = loopback.add_user("carol", guilds=guild, admin=True)     # manage_guild and friends
            async with loopback.run_bot(build_my_bot()) as bot:             # waits for READY
                reply = await alice.slash("game new", games, game="santafe")  # option types from the bot
                assert reply.content.startswith("Santa Fe") and not reply.ephemeral
                clicked = await alice.click(reply, "Join")                  # custom_id, label or number
                assert clicked.response_type == 7                           # the message was updated
                choices = await alice.autocomplete("move", games, move="lay b")
                assert all(c["name"].startswith("lay") for c in choices)
                picked = await alice.select(reply.message, "Pick a card", ["3"])
                opened = await admin.slash("admin rename", thread)
                done = await admin.submit(opened, title="Saturday game")    # values by input custom_id
                [picture] = done.message.attachments                        # .filename, .data
                await loopback.drop_connection()                             # the client RESUMEs
                loopback.clock.advance(minutes=16)                           # tokens expire
            loopback.assert_prompt_responses()                               # each answered within 3 s

Reading what happened: ``loopback.messages(channel, visible_to=alice)``, ``loopback.last_message(channel)``,
``alice.sees(channel)``, ``loopback.dm_channel(alice)``, ``loopback.interactions``,
``loopback.describe(message)`` (the message as text), ``loopback.api.exchanges`` (every request and answer),
``loopback.gateway.received`` (every gateway payload from the bot). Waiting without sleeping:
``await loopback.settle()`` (the bot is done with every interaction so far), ``await loopback.wait_until(
lambda: ..., "what")`` (for effects outside interactions, such as a reminder loop's posts). Checks:
``loopback.late_interactions(within=3.0)``, ``loopback.assert_prompt_responses()``, ``loopback.check()``.
Shaping the world as the bot runs (each change is sent to the bot as the gateway event Discord would send):
``add_channel``, ``add_thread(parent, name, private=False, members=())`` (the first member started it; without
members the bot did), ``archive_thread``, ``lock_thread``, ``delete_channel``, ``remove_bot_from_guild``,
``add_bot_to_guild``, ``add_user`` / ``join`` (GUILD_MEMBER_ADD with the members intent), ``add_role(guild,
name, mentionable=..., members=...)``, ``set_bot_access(channel, view=, send=, attach=, embed=,
mention_everyone=, read_history=)`` and ``set_overwrite(channel, target, allow=, deny=)`` where the target is
a ``SimUser``, a ``Role`` or ``loopback.bot_account`` (the bot as a user); ``set_user_locale(user, locale)``
(the language of a person's Discord, sent with their interactions) and ``set_guild_locale(guild, locale)``
(GUILD_UPDATE, and the interactions' ``guild_locale``).

The sandbox (``loopback.sandbox.run_terminal``) puts a terminal on the same machinery; there
``loopback.waits_for_work`` is off, so an action waits for the bot's answer only, not for what the bot does
afterwards (``loopback.finish_work()`` waits for that, and for the tasks started inside
``with loopback.work_outside_interactions(label):``, such as a reminder round's).
"""

from .commands import CommandRefused
from .server import LoopbackDiscord
from .users import Reply, SimUser
from .violations import ContractViolation, Violation
from .world import Account, Channel, Guild, Message, Role

__all__ = [
    "Account",
    "Channel",
    "CommandRefused",
    "ContractViolation",
    "Guild",
    "LoopbackDiscord",
    "Message",
    "Reply",
    "Role",
    "SimUser",
    "Violation",
]
