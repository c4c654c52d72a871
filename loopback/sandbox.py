"""A terminal where one person plays every simulated user against a bot on a loopback Discord.

Call ``run_terminal`` with a factory that builds the bot to play with, given the clock it must read (the
stand-in's: the time now, moved on by ``wait``); the real bot's composition, its database opened at
``db_path`` first, is ``bot.sandbox.run_sandbox``::

    from loopback.sandbox import run_terminal

    await run_terminal(lambda clock: build_my_bot(clock), Path("sandbox.db"), Path("sandbox-pictures"))

``db_path`` names the bot's database file, which the stand-in never opens: the world and the log are kept
beside it. The terminal starts the bot with a fake token, creates the server
"Sandbox" with #games and #lounge and the people alice, bob, carol (an admin) and dave (anyone else named
joins on first use), then reads lines such as::

    @alice /game santafe             a slash command: words fill the options in order, the last the rest
    @bob /move move:lay blue chi-kcy or options by name (name:value); a Santa Fe move in its notation
    @alice autocomplete /move lay b  what the bot suggests for what is typed so far
    @alice click 2                   press a button (number as printed, or label) on the newest message
                                     alice sees here
    @alice choose 2                  choose in a select menu of that message: the option printed as "2)"
                                     or its whole label; choose 3.2: option 2 of component 3 when there
                                     are several
    @alice submit hello              fill the modal the bot just opened (field=value; field=value for several)
    @bob look                        the last messages bob can see in this channel
    @bob /game import file:0003-game.json   an attachment option: a file saved here (or any path)
    @alice language de               the language of alice's Discord (the interactions' ``locale``)
    server language ja               the server's language (``guild_locale``)
    wait 2h                          move the clock on (d, h, m, s: wait 1d 6h): reminders, deadlines
                                     and time limits then fall due as they would
    wait                             until the bot has done what it was doing (the computers moved)
    #lounge                          switch channel (new thread NAME / new channel NAME make one)
    help, quit

Every message the bot posts or edits is printed as text (content, embed titles, descriptions and fields, and
components numbered for clicking); every file it attaches (pictures, an ``/export``) is saved in
``pictures_dir``, numbered on from the files already there. A line waits only for the bot's answer: what the
bot does afterwards (the computers' moves, a reminder) is printed as it happens, while the next line is
typed. ``when_time_passes`` is called with the client after ``wait`` moves the clock, to run the round of
due work the bot would otherwise start at its next poll. The line reader and the writer are parameters, so a
test can feed lines and read what was printed.

The world persists with the database: the ids of the server, its channels and threads and the people are kept
in a small JSON file beside it (``sandbox.db`` → ``sandbox.world.json``), and the next start rebuilds the same
world, so the games stored under those channel ids carry on. Messages are not kept: the stand-in starts each
run with empty channels. Log records (discord.py's "Can't keep up" warnings among them) go to a file beside
the database (``sandbox.log``), never into the terminal between prompts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import shlex
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypedDict, Unpack

import discord

from .commands import CommandRefused, find_command
from .limits import modal_inputs
from .server import LoopbackDiscord
from .text import describe_choices, describe_message, describe_modal
from .users import Reply, SimUser
from .violations import ContractViolation
from .world import Channel, Message

LineReader = Callable[[str], Awaitable[str | None]]
BotClock = Callable[[], datetime]
TimePasses = Callable[[discord.Client], Awaitable[object]]


class TerminalIO(TypedDict, total=False):
    """``run_terminal``'s keyword options: where lines come from (``read_stdin`` unless given), where the
    terminal writes (``print``), and what runs after ``wait`` moves the clock (nothing)."""

    read_line: LineReader
    write: Callable[[str], None]
    when_time_passes: TimePasses | None


PEOPLE = ("alice", "bob", "carol", "dave")
ADMINS = ("carol",)
PICTURE_SUFFIXES = (".png", ".webp", ".jpg", ".jpeg", ".gif")
_USER_LINE = re.compile(r"^@(\w+)\s+(.*)$")
_NAMED = re.compile(r"^([a-z0-9_-]+):(.*)$")
_USER, _CHANNEL, _BOOLEAN, _STRING_SELECT, _ATTACHMENT = 6, 7, 5, 3, 11
_LANGUAGE = re.compile(r"^language\s+(\S+)$")
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([dhms])")
_UNITS = {"d": "days", "h": "hours", "m": "minutes", "s": "seconds"}
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"  # when no terminal handler has one

HELP = """\
  @NAME /command words…        run a slash command (options in order, or name:value)
  @NAME autocomplete /command words…   see the suggestions for what is typed
  @NAME click NUMBER|LABEL     press a button on the newest message NAME sees here
  @NAME choose NUMBER|OPTION   choose in a select menu there (NUMBER as printed before ")")
  @NAME submit TEXT | field=value; field=value   fill in the modal the bot opened
  @NAME look                   the last five messages NAME sees here
  @NAME language CODE          the language of NAME's Discord (de, nl, ja, en-US, …)
  server language CODE         the server's language
  wait 2h | 30m | 1d 6h        move the clock on: reminders, deadlines and time limits fall due
  wait                         wait until the bot has done what it was doing (computers moved)
  /game import file:FILE       an attachment option takes a file saved here (or a path)
  #CHANNEL                     switch channel; new channel NAME / new thread NAME
  help                         this text; quit (or end of input) stops"""


async def read_stdin(prompt: str) -> str | None:
    """The default line reader: one line of standard input, None at end of input.

    Read in a daemon thread from the raw descriptor, byte by byte (nothing read ahead is lost between calls):
    when a stop signal ends the sandbox while the thread waits for a line, it must neither hold up the exit
    (as ``input`` in the default executor would) nor hold the lock of ``sys.stdin``.
    """
    print(prompt, end="", flush=True)
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str | None] = loop.create_future()

    def deliver(line: str | None) -> None:
        if not answer.done():
            answer.set_result(line)

    def read() -> None:
        line = _read_raw_line(sys.stdin.fileno())
        with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
            loop.call_soon_threadsafe(deliver, line)

    threading.Thread(target=read, name="sandbox-stdin", daemon=True).start()
    return await answer


def _read_raw_line(fd: int) -> str | None:
    data = bytearray()
    while not data.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            if not data:
                return None
            break
        data += byte
    return data.decode(errors="replace").rstrip("\r\n")


async def run_terminal(
    bot_factory: Callable[[BotClock], discord.Client],
    db_path: str | Path,
    pictures_dir: str | Path,
    **io: Unpack[TerminalIO],
) -> None:
    """Run a bot on a loopback Discord and let a person act as any simulated user (see module docs)."""
    read_line = io.get("read_line", read_stdin)
    write = io.get("write", print)
    pictures = Path(pictures_dir)
    pictures.mkdir(parents=True, exist_ok=True)
    with logging_to(Path(db_path).with_suffix(".log")):
        async with LoopbackDiscord() as loopback:
            # the person types while the computers play: an action waits for the bot's answer only
            loopback.waits_for_work = False
            session = Sandbox(loopback, pictures, write, Path(db_path).with_suffix(".world.json"))
            session.when_time_passes = io.get("when_time_passes")
            client = bot_factory(loopback.clock.now)
            await _play(session, client, Path(db_path), read_line, write)


async def _play(
    session: Sandbox,
    client: discord.Client,
    db_path: Path,
    read_line: LineReader,
    write: Callable[[str], None],
) -> None:
    try:
        async with session.loopback.run_bot(client) as bot:
            session.client = bot
            await session.ensure_commands(bot)
            session.greet(db_path)
            session.watch()
            try:
                while (line := await session.prompted(read_line)) is not None:
                    if line.strip() in ("quit", "exit"):
                        break
                    await session.handle(line)
            finally:
                session.unwatch()
            session.show_changes()
            session.report_violations()
    except ContractViolation as error:
        write(str(error))


@contextlib.contextmanager
def logging_to(path: Path) -> Iterator[None]:
    """Send every log record to ``path`` instead of the terminal while the sandbox runs: a warning printed
    on stderr would land in the middle of the prompt and what the person types. The file keeps the format
    and filters the program gave its terminal (the bot's: never the token, never hidden game information)."""
    root = logging.getLogger()
    terminal = [h for h in root.handlers if getattr(h, "stream", None) in (sys.stderr, sys.stdout)]
    handler = logging.FileHandler(path, encoding="utf-8")
    formats = [h.formatter for h in terminal if h.formatter]
    handler.setFormatter(formats[0] if formats else logging.Formatter(FORMAT))
    for each in terminal:
        for kept in each.filters:
            handler.addFilter(kept)
    for each in terminal:
        root.removeHandler(each)
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
        handler.close()
        for each in terminal:
            root.addHandler(each)


class Sandbox:
    """The state of one terminal session: the place, the people, the current channel, what was shown."""

    def __init__(
        self, loopback: LoopbackDiscord, pictures: Path, write: Callable[[str], None], world_file: Path
    ) -> None:
        self.loopback = loopback
        self.pictures = pictures
        self.write = write
        self.world_file = world_file
        kept = json.loads(world_file.read_text()) if world_file.exists() else {}
        self.guild = loopback.add_guild("Sandbox", id=kept.get("guild"))
        self.people: dict[str, SimUser] = {}
        for name, user_id in (kept.get("people") or dict.fromkeys(PEOPLE)).items():
            self.person(name, id=user_id)
        for channel in kept.get("channels") or [{"name": "games"}, {"name": "lounge"}]:
            self.restore_channel(channel)
        current = kept.get("current", "games")
        names = {c.get("name") for c in kept.get("channels") or [{"name": "games"}]}
        self.channel = self.find_channel(current if current in names else "games")
        self._shown = 0  # position in the world's change log already printed
        self._saved = max((_picture_number(p) for p in pictures.iterdir()), default=0)
        self._modals: dict[str, Reply] = {}  # the last modal the bot opened for each person
        self.client: discord.Client | None = None
        self.when_time_passes: TimePasses | None = None
        self._handling = False  # a line is being handled: it prints what changed when it is done
        self._printing = False  # a print of what the bot did in the background is on its way
        self._prompting = False  # the prompt is on the terminal, waiting for a line
        self.save_world()

    @property
    def channel_name(self) -> str:
        return "#" + self.channel.name

    def person(self, name: str, *, id: str | None = None) -> SimUser:
        if name not in self.people:
            self.people[name] = self.loopback.add_user(name, guilds=self.guild, admin=name in ADMINS, id=id)
        return self.people[name]

    def restore_channel(self, kept: Mapping[str, Any]) -> None:
        """A channel or thread as ``save_world`` wrote it (the id absent: a new one, with a new id)."""
        if kept.get("parent") is None:
            self.loopback.add_channel(self.guild, kept["name"], id=kept.get("id"))
            return
        accounts = self.loopback.world.accounts
        self.loopback.add_thread(
            self.loopback.world.channels[kept["parent"]],
            kept["name"],
            private=kept.get("private", False),
            members=[accounts[m] for m in kept.get("members", []) if m in accounts],
            id=kept["id"],
        )

    def save_world(self) -> None:
        """Write the ids of the server, its channels and threads and the people, for the next start."""
        world = self.loopback.world
        channels = [world.channels[c] for c in self.guild.channel_ids if not world.channels[c].deleted]
        kept = {
            "guild": self.guild.id,
            "people": {name: user.id for name, user in self.people.items()},
            "channels": [
                {"name": c.name, "id": c.id}
                if not c.is_thread
                else {
                    "name": c.name,
                    "id": c.id,
                    "parent": c.parent_id,
                    "private": c.private,
                    # the owner first (add_thread makes the first member the owner); the bot is new each run
                    "members": sorted(c.member_ids - {world.bot.id}, key=lambda m: m != c.owner_id),
                }
                for c in channels
            ],
            "current": self.channel.name,
        }
        self.world_file.write_text(json.dumps(kept, indent=1))

    async def ensure_commands(self, bot: discord.Client) -> None:
        """Register the bot's commands if it skipped its sync (it syncs only when its tree changed)."""
        world = self.loopback.world
        tree = getattr(bot, "tree", None)
        if tree is not None and not world.global_commands and not any(world.guild_commands.values()):
            await tree.sync()

    def greet(self, db_path: Path) -> None:
        names = ", ".join(f"@{n}" + (" (admin)" if n in ADMINS else "") for n in self.people)
        commands = " ".join(sorted("/" + c.name for c in self.loopback.world.commands_for(self.guild.id)))
        self.write(f"Sandbox server with #games and #lounge; people: {names}.")
        self.write(f"Database: {db_path}   pictures are saved in: {self.pictures.resolve()}")
        self.write(f"Commands: {commands}")
        self.write(HELP)
        self.show_changes()

    async def handle(self, line: str) -> None:
        """Act on one line and print what came of it."""
        line = line.strip()
        if not line or line.startswith("//"):
            return
        self._handling = True
        try:
            await self.obey(line)
        except (CommandRefused, LookupError, ValueError, TimeoutError, OSError) as error:
            self.write(f"refused: {error}")
        finally:
            self._handling = False
        self.show_changes()
        self.report_violations()
        self.save_world()

    async def obey(self, line: str) -> None:
        if line == "help":
            self.write(HELP)
        elif line.startswith("#"):
            self.switch(line[1:].strip())
        elif line.startswith("new "):
            self.create(line[4:].strip())
        elif line.startswith("wait"):
            await self.wait(line[4:].strip())
        elif line.startswith("server "):
            self.set_server(line[7:].strip())
        elif found := _USER_LINE.match(line):
            await self.act(self.person(found.group(1).lower()), found.group(2).strip())
        else:
            self.write("? start with @name (try: help)")

    async def prompted(self, read_line: LineReader) -> str | None:
        self._prompting = True
        try:
            return await read_line(f"{self.channel_name}> ")
        finally:
            self._prompting = False

    def watch(self) -> None:
        """Print what the bot does between lines (a computer's move, a reminder) as it happens."""
        self.loopback.world.watchers.append(self._changed)

    def unwatch(self) -> None:
        self.loopback.world.watchers.remove(self._changed)

    def _changed(self) -> None:
        # a burst of changes (a post and its edits) is printed once, after the stand-in has made them all
        if not self._handling and not self._printing:
            self._printing = True
            asyncio.get_running_loop().call_soon(self._print_background)

    def _print_background(self) -> None:
        self._printing = False
        if self._handling:
            return
        if self._prompting and self.untold():
            self.write("")  # below the prompt, not after it
        self.show_changes()
        self.report_violations()

    def untold(self) -> bool:
        """Whether a message was created or edited since ``show_changes`` last printed."""
        return any(kind != "delete" for kind, _ in self.loopback.world.changes[self._shown :])

    async def wait(self, how_long: str) -> None:
        """Move the clock on by ``how_long`` ("2h", "1d 6h", "30m") and run the bot's round of due work;
        without a time, wait until the bot has done what it was doing (the computers have moved)."""
        if not how_long:
            await self.loopback.finish_work()
            return
        self.loopback.clock.advance(seconds=duration(how_long).total_seconds())
        now = f"{self.loopback.clock.now():%Y-%m-%d %H:%M} UTC"
        self.write(f"the clock now says {now}")
        if self.when_time_passes is not None and self.client is not None:
            # a bare wait waits for what the round starts (a computer playing a seat whose time ran out)
            with self.loopback.work_outside_interactions(f"the round of due work at {now}"):
                await self.when_time_passes(self.client)

    def set_server(self, what: str) -> None:
        found = _LANGUAGE.match(what)
        if found is None:
            raise ValueError("say: server language CODE (such as de, nl, ja, en-US)")
        self.loopback.set_guild_locale(self.guild, found.group(1))
        self.write(f"the server's language is now {found.group(1)}")

    def switch(self, name: str) -> None:
        self.channel = self.find_channel(name)
        self.write(f"now in #{name}")

    def find_channel(self, name: str) -> Channel:
        for channel in self.loopback.world.channels.values():
            if channel.guild_id == self.guild.id and channel.name == name and not channel.deleted:
                return channel
        raise LookupError(f"no channel #{name} (make one with: new channel {name} / new thread {name})")

    def create(self, what: str) -> None:
        kind, _, name = what.partition(" ")
        name = name.strip().lstrip("#")
        if kind == "channel" and name:
            self.channel = self.loopback.add_channel(self.guild, name)
        elif kind == "thread" and name:
            parent = self.channel
            if parent.is_thread and parent.parent_id:
                parent = self.loopback.world.channels[parent.parent_id]
            self.channel = self.loopback.add_thread(parent, name)
        else:
            raise ValueError("say: new channel NAME or new thread NAME")
        self.write(f"now in #{self.channel.name}")

    async def act(self, user: SimUser, action: str) -> None:
        verb, _, rest = action.partition(" ")
        rest = rest.strip()
        if verb.startswith("/"):
            path, options = self.parse_slash(action)
            self.remember(await user.slash(path, self.channel, **options))
        elif verb == "autocomplete":
            path, options = self.parse_slash(rest, autocomplete=True)
            choices = await user.autocomplete(path, self.channel, **options)
            self.write(describe_choices(choices))
        elif verb == "click":
            message = self.newest_with_components(user)
            self.remember(await user.click(message, _numbered(message, rest).get("custom_id") or rest))
        elif verb == "choose":
            message = self.newest_with_components(user)
            menu, value = _menu_choice(message, rest)
            self.remember(await user.select(message, menu["custom_id"], value))
        elif verb == "submit":
            opened = self.last_modal(user)
            self.remember(await user.submit(opened, modal_values(rest, opened.modal)))
        elif verb == "look":
            for message in user.sees(self.channel)[-5:]:
                self.write(describe_message(self.loopback.world, message))
        elif verb == "language" and rest:
            self.loopback.set_user_locale(user, rest)
            self.write(f"{user.name}'s Discord now speaks {rest}")
        else:
            raise ValueError(f"unknown action {verb!r} (try: help)")

    def parse_slash(self, text: str, *, autocomplete: bool = False) -> tuple[str, dict[str, Any]]:
        """ "/move lay blue 3" → ("move", {"move": "lay blue 3"}), after the registered command's options."""
        words = shlex.split(text.lstrip("/")) if '"' in text else text.lstrip("/").split()
        if not words:
            raise ValueError("name a command, e.g. /help")
        command, _ = find_command(self.loopback.world, words[0], self.guild.id)
        node: Mapping[str, Any] = command.payload
        path = [words[0]]
        rest = words[1:]
        while rest:
            sub = next(
                (o for o in node.get("options") or [] if o.get("type") in (1, 2) and o["name"] == rest[0]),
                None,
            )
            if sub is None:
                break
            node, path, rest = sub, [*path, rest[0]], rest[1:]
        declared = [o for o in node.get("options") or [] if o.get("type") not in (1, 2)]
        raw = (
            _named_values(rest, declared)
            if any(_is_named(w, declared) for w in rest)
            else _ordered(rest, declared)
        )
        if autocomplete:
            typing = [o["name"] for o in declared if o.get("autocomplete")]
            if not typing:
                raise ValueError(f"/{' '.join(path)} has no option that autocompletes")
            focus = next((n for n in reversed(list(raw)) if n in typing), typing[0])
            raw.setdefault(focus, "")
        kinds = {o["name"]: o["type"] for o in declared}
        return " ".join(path), {name: self.option_value(kinds[name], value) for name, value in raw.items()}

    def option_value(self, kind: int, text: str) -> Any:
        """Text typed for an option, turned into what a user would pick: a person, a channel, yes or no."""
        if kind == _USER:
            return self.person(text.lstrip("@").lower())
        if kind == _CHANNEL:
            name = text.lstrip("#")
            found = [c for c in self.loopback.world.channels.values() if c.name == name and c.guild_id]
            if not found:
                raise LookupError(f"no channel #{name}")
            return found[0]
        if kind == _BOOLEAN:
            return text.lower() in ("true", "yes", "y", "1", "on")
        if kind == _ATTACHMENT:
            path = self.saved_file(text)
            return (path.name, path.read_bytes())
        return text

    def saved_file(self, name: str) -> Path:
        """A file to upload: one saved in the pictures folder (by its name), or any path."""
        for path in (self.pictures / name, Path(name).expanduser()):
            if path.is_file():
                return path
        raise LookupError(f"no file {name} here or in {self.pictures}")

    def newest_with_components(self, user: SimUser) -> Message:
        for message in reversed(user.sees(self.channel)):
            if message.flat_components():
                return message
        raise LookupError(f"{user.name} sees no message with buttons or menus in #{self.channel.name}")

    def last_modal(self, user: SimUser) -> Reply:
        if user.name not in self._modals:
            raise LookupError(f"the bot opened no modal for {user.name}")
        return self._modals.pop(user.name)

    def remember(self, reply: Reply) -> None:
        if reply.interaction.modal is not None:
            user = self.loopback.world.accounts[reply.interaction.user_id].name
            self._modals[user] = reply
            self.write(describe_modal(reply.interaction.modal))
        if not reply.acknowledged:
            self.write("(the bot did not answer)")

    def show_changes(self) -> None:
        """Print every message created or edited since the last call, and save its files."""
        world = self.loopback.world
        changed = dict.fromkeys(mid for kind, mid in world.changes[self._shown :] if kind != "delete")
        self._shown = len(world.changes)
        for message_id in changed:
            message = world.messages[message_id]
            if message.deleted:
                continue
            self.write(describe_message(world, message))
            for attachment in message.attachments:
                self._saved += 1
                path = self.pictures / f"{self._saved:04d}-{attachment.filename}"
                path.write_bytes(attachment.data)
                kind = "picture" if attachment.filename.lower().endswith(PICTURE_SUFFIXES) else "file"
                self.write(f"  [{kind} saved] {path}")

    def report_violations(self) -> None:
        for violation in self.loopback.take_violations():
            self.write(f"! Discord would object: {violation}")


def duration(text: str) -> timedelta:
    """ "2h" → two hours; "1d 6h", "1h30m", "90s"."""
    parts = _DURATION.findall(text)
    if not parts or re.sub(_DURATION, "", text).strip():
        raise ValueError("say how long: wait 2h, wait 30m, wait 1d 6h, wait 90s")
    return sum((timedelta(**{_UNITS[unit]: float(n)}) for n, unit in parts), timedelta())


def modal_values(text: str, modal: Mapping[str, Any]) -> dict[str, str]:
    """ "field=value; other=value", or just the text when the modal has a single input."""
    if "=" in text:
        pairs = [part.split("=", 1) for part in text.split(";") if part.strip()]
        return {key.strip(): value.strip() for key, value in pairs}
    inputs = [c for row in modal.get("components") or [] for c in modal_inputs(row)]
    if len(inputs) != 1:
        names = [c.get("custom_id") for c in inputs]
        raise ValueError(f"the modal has several inputs; say field=value; … for {names}")
    return {str(inputs[0]["custom_id"]): text}


def _is_named(word: str, declared: list[Mapping[str, Any]]) -> bool:
    found = _NAMED.match(word)
    return bool(found) and any(o["name"] == found.group(1) for o in declared)  # type: ignore[union-attr]


def _named_values(words: list[str], declared: list[Mapping[str, Any]]) -> dict[str, str]:
    """name:value words; a value runs on until the next name:."""
    values: dict[str, list[str]] = {}
    current: str | None = None
    for word in words:
        if _is_named(word, declared):
            current, first = word.split(":", 1)
            values[current] = [first] if first else []
        elif current is None:
            raise ValueError(f"{word!r} comes before any name:value option")
        else:
            values[current].append(word)
    return {name: " ".join(parts) for name, parts in values.items()}


def _ordered(words: list[str], declared: list[Mapping[str, Any]]) -> dict[str, str]:
    """One word per option in declared order; the last option given takes the rest of the line."""
    if not words:
        return {}
    if not declared:
        raise ValueError("this command takes no options")
    count = min(len(words), len(declared))
    values = {o["name"]: words[i] for i, o in enumerate(declared[: count - 1])}
    values[declared[count - 1]["name"]] = " ".join(words[count - 1 :])
    return values


def _picture_number(path: Path) -> int:
    """The number a saved picture's name starts with ("0007-board.png" → 7); 0 for other files."""
    number = path.name.partition("-")[0]
    return int(number) if number.isdigit() else 0


def _numbered(message: Message, key: str) -> dict[str, Any]:
    """The component printed with number ``key`` (a number always means that, even beside a label "2")."""
    children = message.flat_components()
    if key.isdigit() and 1 <= int(key) <= len(children):
        return children[int(key) - 1]
    return {}


def _menu_choice(message: Message, choice: str) -> tuple[dict[str, Any], str]:
    """The menu and option value ``choice`` names: "N" (option N, as printed "N)"), "C.N" (option N of
    component C) or an option's label or value."""
    menus = [c for c in message.flat_components() if c.get("type") == _STRING_SELECT]
    if not menus:
        raise LookupError("that message has no select menu")
    component, _, number = choice.rpartition(".") if "." in choice else ("", "", choice)
    if number.isdigit() and (component.isdigit() or not component):
        if component:
            menus = [_numbered(message, component)]
            if menus[0].get("type") != _STRING_SELECT:
                raise LookupError(f"component {component} is not a select menu")
        elif len(menus) > 1:
            raise LookupError(f"that message has {len(menus)} menus: say which, as in choose 2.{number}")
        options = menus[0].get("options") or []
        if not 1 <= int(number) <= len(options):
            raise LookupError(f"the menu has options 1 to {len(options)}")
        return menus[0], str(options[int(number) - 1]["value"])
    for menu in menus:
        if any(choice in (o.get("label"), o.get("value")) for o in menu.get("options") or []):
            return menu, choice
    raise LookupError(f"no menu there offers {choice!r}")
