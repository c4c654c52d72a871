"""Stopping without leaving anyone on "thinking…": refuse new interactions, let those in flight finish for a
few seconds, then answer each one still unfinished before the bot closes.

Every interaction passes through discord.py's INTERACTION_CREATE parser before its handlers start, so that is
where new ones are turned away and where the tasks handling each are noted; discord.py has no public hook
there (a check per view and per command would miss the dynamic buttons).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from bot.services import GameService


class HasGames(Protocol):
    """What a drain needs of the bot that owns it, a discord.py bot with the games' service (the client
    imports this module, not the other way)."""

    games: GameService
    _connection: Any  # discord.py's connection state, whose gateway parsers the drain gates

    def add_listener(self, func: Callable[..., Any], name: str = ...) -> None: ...


log = logging.getLogger(__name__)

#: How long interactions in flight get to finish once a stop is asked for (a service manager waits longer:
#: systemd 90 s, Docker 10 s, before it kills the process).
GRACE_SECONDS = 5.0

RESTARTING = "The bot is restarting; try again in a moment."
UNFINISHED = "The bot is restarting and could not finish this; check in a moment whether it was done."
COUNTED = "The bot is restarting; your move counted, and the channel will hear of it after the restart."
NOT_COUNTED = "The bot is restarting; your move did not count: make it again in a moment."

_AUTOCOMPLETE = 4


@dataclass
class Flight:
    """One interaction being handled: its handler tasks and, for a move, whether it counted."""

    tasks: set[asyncio.Future[Any]]
    interaction: discord.Interaction | None = None
    channel_id: int = 0
    revision_before: int | None = None  # the game's revision when the move was submitted
    counted: bool | None = None  # None: not a move, or not known yet

    def done(self) -> bool:
        return all(task.done() for task in self.tasks)


@dataclass
class Drain:
    bot: HasGames  # which owns this
    grace: float = GRACE_SECONDS
    stopping: bool = False
    flights: dict[int, Flight] = field(default_factory=dict)

    def install(self) -> None:
        """Put the gate in front of discord.py's own INTERACTION_CREATE parser."""
        state = self.bot._connection
        state.parsers["INTERACTION_CREATE"] = self._gate(state, state.parsers["INTERACTION_CREATE"])
        self.bot.add_listener(self._note_interaction, "on_interaction")

    def _gate(self, state: Any, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        def gated(data: Any) -> None:
            if self.stopping:
                refused = discord.Interaction(data=data, state=state)
                asyncio.get_running_loop().create_task(_refuse(refused))
                return
            self.flights[int(data["id"])] = Flight(_tasks_started_by(parse, data))

        return gated

    async def _note_interaction(self, interaction: discord.Interaction) -> None:
        flight = self.flights.get(interaction.id)
        if flight is not None:
            flight.interaction = interaction
        for key in [k for k, f in self.flights.items() if f.done() and f.interaction is not None]:
            del self.flights[key]  # finished ones are forgotten as the next ones come

    @contextlib.asynccontextmanager
    async def move(self, interaction: discord.Interaction) -> AsyncIterator[None]:
        """Around submitting a move, so that a stop meanwhile can tell the player whether it counted."""
        flight = self.flights.get(interaction.id)
        if flight is None:
            yield
            return
        flight.channel_id = interaction.channel_id or 0
        flight.revision_before = await self._revision(flight.channel_id)
        try:
            yield
        except asyncio.CancelledError:
            raise  # left to the stop to find out
        except BaseException:
            flight.counted = False
            raise
        flight.counted = True

    async def _revision(self, channel_id: int) -> int | None:
        try:
            return (await self.bot.games.get_game(channel_id)).revision
        except Exception:  # no game here: the move is refused anyway
            return None

    async def stop(self) -> None:
        """Refuse new interactions, give those in flight ``grace`` seconds, then answer the rest."""
        self.stopping = True
        pending = {t for f in self.flights.values() for t in f.tasks if not t.done()}
        if pending:
            await asyncio.wait(pending, timeout=self.grace)
        unfinished = [f for f in self.flights.values() if not f.done()]
        cancelled = {t for f in unfinished for t in f.tasks if not t.done()}
        for task in cancelled:
            task.cancel()  # a move being saved is rolled back, so the answer below is true
        if cancelled:
            await asyncio.wait(cancelled, timeout=1.0)
        await asyncio.gather(*(self._answer(f) for f in unfinished))
        if unfinished:
            log.info("stopped with %d interaction(s) unfinished; each was told", len(unfinished))

    async def _answer(self, flight: Flight) -> None:
        interaction = flight.interaction
        if interaction is None or interaction.type.value == _AUTOCOMPLETE:
            return  # an autocomplete nobody waits for
        text = UNFINISHED
        if flight.revision_before is not None:
            counted = flight.counted
            if counted is None:  # stopped inside the submission: did the position move on?
                counted = await self._revision(flight.channel_id) != flight.revision_before
            text = COUNTED if counted else NOT_COUNTED
        try:
            if interaction.response.is_done():
                # The first follow-up after a deferral takes the place of "thinking…".
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not tell %s that the bot is restarting: %s", interaction.user, exc)


def _tasks_started_by(parse: Callable[[Any], None], data: Any) -> set[asyncio.Future[Any]]:
    """The tasks ``parse`` starts (it runs synchronously): a task factory notes them while it runs. Not a
    difference of ``asyncio.all_tasks()`` before and after, which walks every task of the bot twice per
    interaction: with hundreds of games running, that was half the event loop's work under load."""
    loop = asyncio.get_running_loop()
    previous = loop.get_task_factory()
    started: set[asyncio.Future[Any]] = set()  # a task factory may return any future

    def noting(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Future[Any]:
        task = previous(loop, coro, **kwargs) if previous else asyncio.Task(coro, loop=loop, **kwargs)
        started.add(task)
        return task

    loop.set_task_factory(noting)
    try:
        parse(data)
    finally:
        loop.set_task_factory(previous)
    return started


async def _refuse(interaction: discord.Interaction) -> None:
    """The answer to an interaction that comes once the bot is stopping."""
    try:
        if interaction.type.value == _AUTOCOMPLETE:
            await interaction.response.autocomplete([])
        else:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not turn away an interaction while stopping: %s", exc)
