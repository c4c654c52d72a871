"""Nobody waits for a computer: every slash command and every button of the bot gets its first response
within Discord's 3 seconds, and every "thinking…" reply is filled, while three computers think in the same
game and 50 other games' computers think too, over a network that takes 150 ms each way.

The computers are stand-ins that think until the test ends (their decision waits for a gate that stays
shut), so the test needs no CPU and is the same on every run. The commands are found by walking the bot's
command tree and the buttons by the bot's registered component kinds: a new one fails this test until it is
driven here or listed as exempt with a reason.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from discord import app_commands

import rules
from bot.i18n import translate
from bot.services import GameService, engine
from loopback import Channel, Message, Reply, SimUser
from tests.bot.e2e.conftest import Arena

LATENCY = 0.15  # seconds each way, about a bot hosted far from Discord's servers
OTHER_GAMES = 50
COMPUTER_LEVEL = 3
MENU_LIMIT = 25
MUTE = "No more reminders this turn"
DEFERRED = 5  # the interaction response type "deferred channel message" (receiving-and-responding)

#: Commands this test does not drive, and why.
EXEMPT: dict[str, str] = {}


class Thinkers:
    """Computers that take as long as the test lasts: each decision waits for a gate never opened, so a
    game's computer is "thinking" from the moment it must act until the bot stops."""

    def __init__(self, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.gate = asyncio.Event()
        self.games: set[int] = set()  # the games whose computer is thinking now or has thought
        monkeypatch.setattr(service, "_ai_move", self.choose)

    async def choose(self, game: Any, seat: Any, rules: Any, state: Any, *_: Any) -> Any:
        self.games.add(game.id)
        await self.gate.wait()
        return engine.play(rules, state, seat.seat, rules.legal_moves(state, seat.seat)[0])


class Driver:
    """Sends interactions and keeps track of which commands and component kinds were used."""

    def __init__(self, arena: Arena, kinds: dict[re.Pattern[str], type]) -> None:
        self.arena = arena
        self.kinds = kinds
        self.commands: set[str] = set()
        self.components: set[str] = set()
        self.replies: list[Reply] = []

    async def slash(
        self, user: SimUser, command: str, channel: Channel | None = None, **options: Any
    ) -> Reply:
        self.commands.add(command)
        reply = await user.slash(command, channel or self.arena.channel, **options)
        return self._kept(reply)

    async def click(self, user: SimUser, message: Message | Reply, key: str) -> Reply:
        target = message.message if isinstance(message, Reply) else message
        self._note(target.component(key)["custom_id"])
        return self._kept(await user.click(target, key))

    async def select(self, user: SimUser, message: Message | Reply, key: str, value: str) -> Reply:
        target = message.message if isinstance(message, Reply) else message
        self._note(target.component(key)["custom_id"])
        return self._kept(await user.select(target, key, value))

    def _note(self, custom_id: str) -> None:
        kind = next((k for pattern, k in self.kinds.items() if pattern.fullmatch(custom_id)), None)
        if kind is not None:
            self.components.add(kind.__name__)

    def _kept(self, reply: Reply) -> Reply:
        self.replies.append(reply)
        label = reply.interaction.label
        assert reply.acknowledged, f"{label} was not answered"
        # The bot is done with the interaction (every task of it finished or waiting on something outside,
        # such as a computer that thinks): a "thinking…" reply still loading now waits for that computer.
        loading = {i.id for i in self.arena.loopback.unfilled_deferrals()}
        assert reply.interaction.id not in loading, f"{label} is left loading: it waits for a computer"
        return reply


def leaf_commands(tree: app_commands.CommandTree[Any]) -> set[str]:
    return {c.qualified_name for c in tree.walk_commands() if isinstance(c, app_commands.Command)}


def with_button(messages: list[Message], label: str) -> Message:
    return next(m for m in reversed(messages) if any(c.get("label") == label for c in m.flat_components()))


async def open_other_games(arena: Arena, service: GameService, thinkers: Thinkers) -> list[Channel]:
    """50 games in their own channels, Alice seated in each beside their host, each with a computer to act
    (set up straight through the service, in the background: before the runner, a move or a start waited
    there for the computer)."""
    channels, setups = [], []
    for number in range(OTHER_GAMES):
        channel = arena.loopback.add_channel(arena.guild, f"other-{number}")
        host = arena.loopback.add_user(f"player{number}", guilds=arena.guild)
        channels.append(channel)
        setups.append(asyncio.create_task(one_other_game(service, arena, int(channel.id), int(host.id))))
    await arena.loopback.wait_until(lambda: len(thinkers.games) >= OTHER_GAMES, "50 computers thinking")
    assert not any(task.done() and task.exception() for task in setups)
    return channels


async def one_other_game(service: GameService, arena: Arena, channel_id: int, host_id: int) -> None:
    alice = int(arena.people[0].id)
    await service.create_game(
        int(arena.guild.id), channel_id, host_id, f"p{host_id}", "santafe", seat_order="join"
    )
    await service.join(channel_id, alice, "Alice")
    await service.add_ai(channel_id, host_id, level=COMPUTER_LEVEL)
    started = await service.start(channel_id, host_id)
    if 2 not in started.to_act:  # the computer (seat 3) acts once the host has played
        move = (await service.legal_moves(channel_id, host_id))[0][0]
        await service.submit(channel_id, host_id, move)


async def long_picker(arena: Arena, service: GameService, run: Driver) -> Reply:
    """Alice's picker of a Great Western Trail turn long enough for menus and families of moves, kept
    open while she and Carol play on (so it is out of date when pressed)."""
    alice, carol = arena.people[0], arena.people[2]
    trail = arena.loopback.add_channel(arena.guild, "trail")
    await alice.slash("game gwt", trail, seat_order="join")
    await carol.slash("game join", trail)
    await alice.slash("game start", trail)
    for _ in range(40):
        game = await service.get_game(int(trail.id))
        [user] = game.to_act_users
        moves = await service.legal_moves(game.channel_id, user)
        if user == int(alice.id) and len(moves) > MENU_LIMIT:
            picker = await run.click(alice, with_button(arena.loopback.messages(trail), "Play"), "Play")
            family = next(c for c in picker.message.flat_components() if c["custom_id"].startswith("bg:fam:"))
            await run.click(alice, picker, family["custom_id"])  # its moves open in a menu on the picker
            await service.submit(game.channel_id, user, moves[0][0])
            return picker
        await service.submit(game.channel_id, user, moves[0][0])
    raise AssertionError("no turn of Alice offered a menu and a family of moves")


async def test_every_command_and_button_answers_in_time_while_computers_think(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = arena.people
    dana, erin = arena.admin, arena.stranger
    loopback = arena.loopback
    here = int(arena.channel.id)
    async with arena.running() as (bot, service):
        thinkers = Thinkers(service, monkeypatch)
        others = await open_other_games(arena, service, thinkers)
        kinds = dict(bot._connection._view_store._dynamic_items)
        run = Driver(arena, kinds)
        many = await long_picker(arena, service, run)
        loopback.latency = LATENCY

        # The lobby, while the other games' computers think: every change waits for the game's lock (and
        # the database), so each defers first and fills its private answer, then tells the channel.
        lobby = await run.slash(alice, "game santafe", seat_order="join")
        changes = [lobby, await run.slash(bob, "game join"), await run.click(erin, lobby.public, "Join")]
        changes.append(await run.slash(erin, "game leave"))
        for _ in range(3):
            changes.append(await run.slash(alice, "game add-ai", level=COMPUTER_LEVEL))
        for change in changes:
            assert change.response_type == DEFERRED, change.interaction.label
            assert change.ephemeral, change.interaction.label
        # the channel reads the lobby's one message, which each later change edited
        assert not lobby.public.ephemeral
        for change in changes[1:]:
            assert lobby.public.id in {m.id for m in change.edited}, change.interaction.label
        await run.slash(alice, "game start")

        # The people play until a computer must act; a picker kept from alice's turn goes stale.
        picker: Reply | None = None
        while acting := (await service.get_game(here)).to_act_users:
            person = next(p for p in arena.people if int(p.id) == acting[0])
            if picker is None and person is alice:
                picker = await run.click(alice, with_button(arena.public(), "Play"), "Play")
            move = (await service.legal_moves(here, int(person.id)))[0][0]
            await run.slash(person, "move", move=move)
        game = await service.get_game(here)
        await loopback.wait_until(lambda: game.id in thinkers.games, "a computer thinking in the game")
        assert len(thinkers.games) >= OTHER_GAMES + 1
        turn = with_button(arena.public(), "Play")

        # A day later the reminder round tells Alice it is her turn in the other games (a reminder has the
        # "No more reminders" button); its 50 posts are not interactions, so the network waits meanwhile.
        arena.clock.advance(hours=25)
        loopback.latency = 0
        await bot.get_cog("Reminders").tick()  # type: ignore[union-attr]
        loopback.latency = LATENCY
        reminder = with_button(loopback.messages(others[0]), MUTE)

        # Reading: none of it waits for the computer.
        await run.slash(alice, "game status")
        await run.slash(alice, "hand")
        await run.slash(alice, "options")
        await run.slash(alice, "log")
        await run.slash(alice, "board")
        replay = await run.slash(alice, "replay")
        await run.click(alice, replay, "1")  # to the start
        await run.select(alice, replay, "Jump to a move…", "0")
        listing = await run.slash(alice, "games")  # more than fit on one page
        await run.slash(alice, "mygames")
        await run.slash(alice, "help")
        await run.slash(alice, "rules", game="santafe")
        await run.slash(alice, "stats")
        await run.slash(alice, "leaderboard")
        exported = await run.slash(dana, "export")  # a manager not seated may export a running game
        await run.slash(alice, "notify dm", enabled=True)
        await run.slash(alice, "notify mute")
        await run.slash(alice, "notify unmute")
        await run.slash(alice, "notify every", hours=12)
        await run.slash(alice, "notify language", language="de")

        # The turn message's buttons, and the stale picker's.
        await run.click(alice, turn, "Play")
        await run.click(alice, turn, "Show my hand")
        await run.click(alice, turn, "Player boards")
        assert picker is not None
        for component in picker.message.flat_components():
            if component.get("type") == 3:
                await run.select(alice, picker, component["custom_id"], component["options"][0]["value"])
            elif component.get("label") != "Show my hand":
                await run.click(alice, picker, component["custom_id"])
        pages = [c["custom_id"] for c in listing.message.flat_components() if not c.get("disabled")]
        await run.click(alice, listing, pages[0])
        await run.click(alice, reminder, MUTE)
        await run.click(alice, reminder, "Play")
        for component in many.message.flat_components():
            if component.get("type") == 3:
                await run.select(alice, many, component["custom_id"], component["options"][-1]["value"])
            elif component["custom_id"].startswith(("bg:fam:", "bg:mv:")):
                await run.click(alice, many, component["custom_id"])

        # Moves and refusals while the computer thinks.
        await run.slash(alice, "move", move="pass")
        await run.slash(alice, "undo")
        for game_id in rules.ids():  # every game's command: a game runs here already
            await run.slash(alice, f"game {game_id}")
        await run.slash(carol, "game join")  # no seat kept for her
        await run.slash(carol, "game leave")
        await run.slash(alice, "game add-ai")
        await run.slash(alice, "game remove-ai", seat=4)  # refused: the game has started
        await run.slash(alice, "game start")
        await run.slash(carol, "game vote", seat=3)

        # Settings of the game and of the server.
        await run.slash(alice, "game timing", reminder_hours=6)
        await run.slash(alice, "game pictures", mode="on-request")
        await run.slash(alice, "game pace", posts="turn", pause_seconds=5)
        await run.slash(alice, "game channel", style="every-turn", auto_play=False)
        await run.slash(alice, "game language", language="nl")
        await run.slash(bob, "game away", away=True)
        await run.slash(bob, "game away", away=False)
        await run.slash(dana, "admin defaults", hosting_limit=5)

        # Seats: offered, accepted, handed to the computer and taken back, resigned.
        await run.slash(alice, "game replace", seat=2, member=carol)
        accept = translate("nl", "button.accept")  # the game's language is Dutch by now
        offer = with_button(loopback.messages(arena.channel), accept)
        await run.click(carol, offer, accept)
        await run.slash(carol, "game computer", level=COMPUTER_LEVEL)  # her own seat
        await run.slash(carol, "game take-back")
        await run.slash(dana, "admin computer", seat=2, level=COMPUTER_LEVEL)

        # An export carried to another channel: the seats kept for people, taken by button and /game join.
        elsewhere = loopback.add_channel(arena.guild, "imports")
        [attachment] = exported.message.attachments
        await run.slash(dana, "game import", elsewhere, file=(attachment.filename, attachment.data))
        claims = with_button(loopback.messages(elsewhere), "Take seat 2")
        await run.click(bob, claims, "Take seat 2")
        await run.slash(alice, "game join", elsewhere)
        await run.slash(dana, "admin abandon", elsewhere)

        # The manager's tools on the running game, then its end.
        await run.slash(dana, "admin skip")
        await run.slash(dana, "admin restore", move=1)
        await run.slash(alice, "game resign")
        await run.slash(alice, "game cancel")
        await run.slash(dana, "admin abandon")

        await loopback.settle()
        commands = leaf_commands(bot.tree)
        assert loopback.late_interactions(within=3.0) == []
        assert loopback.unfilled_deferrals() == []

    # Nothing of the bot was left out.
    assert set(EXEMPT).isdisjoint(run.commands)
    assert commands == run.commands | set(EXEMPT)
    assert {kind.__name__ for kind in kinds.values()} == run.components
