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
  live token (after 15 minutes, or before any response: 404 / 10015 Unknown Webhook), response types that fit
  the interaction; and every interaction must be answered before the bot stops.

A body that breaks the description or a limit is refused as Discord would (400 / 50035 Invalid Form Body,
413 / 40005 for uploads) and recorded as a ``Violation``; ``run_bot`` raises ``ContractViolation`` listing
them when the test's block ends, so a test fails on any breach. A test that expects breaches takes them with
``loopback.take_violations()``. Messages to a channel the bot cannot see get 403 / 50001 Missing Access, to
one where it cannot write 403 / 50013 Missing Permissions (``set_bot_access``); these are answers, not
violations: a bot is expected to handle them.

Each action of a ``SimUser`` (``slash``, ``autocomplete``, ``click``, ``select``, ``submit``) sends one
interaction and returns once the bot is done with it: every task the client started for the interaction has
finished or is only waiting (a sleep, ``View.wait()``, ``wait_for``), so no test sleeps or polls for answers.
The returned ``Reply`` holds the interaction's record (response type, measured delay) and every message posted
or edited meanwhile; each ``Message`` has its content, embeds, components, attachments (filename and bytes),
flags (ephemeral, loading), mentions, channel, who may see it (``visible_to``: an ephemeral reply only the
invoking user) and the interaction it answered.

Example (pytest-asyncio)::

    from bot.loopback import LoopbackDiscord

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
``add_channel``, ``add_thread``, ``add_user`` / ``join`` (GUILD_MEMBER_ADD with the members intent),
``set_bot_access``, ``delete_channel`` (a channel with its threads, or a thread), ``remove_bot_from_guild``
and ``add_bot_to_guild``.

The sandbox (``bot.loopback.sandbox.run_sandbox``) puts a terminal on the same machinery.
"""

from .commands import CommandRefused
from .server import LoopbackDiscord
from .users import Reply, SimUser
from .violations import ContractViolation, Violation
from .world import Channel, Guild, Message

__all__ = [
    "Channel",
    "CommandRefused",
    "ContractViolation",
    "Guild",
    "LoopbackDiscord",
    "Message",
    "Reply",
    "SimUser",
    "Violation",
]
