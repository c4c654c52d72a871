"""A quiet channel: one live board message per game, edited in place, and a one-line ping per change of turn.

Why this shape: a person back after a day away reads a short run of one-line pings, each a tap away from
the one message that always shows the game as it is now, instead of a picture per move. So:

- the live board holds who acts and what, the lines of every move since it last showed a person to act
  (so computers' moves in a row add up rather than overwrite each other; cut with "and N more" only past
  Discord's length limits), the board picture, and the buttons (Play, Hand, Player boards). It is the
  game's newest turn message, so it alone carries buttons (``announcer.retire_buttons``), and a ping has
  nothing that can go stale;
- its picture is drawn again whenever someone else acts than when it was last drawn (a change of turn, a
  seat handed to the computer or taken back), after a position gone back (undo, restore), and within one
  person's consecutive steps at most once every ``PICTURE_EVERY`` moves; in between only its words are
  edited and the picture's title says which move it shows (``/board`` always draws the board of now);
- each change of turn to a person pings exactly them in one line without a picture, linking to the board
  (a computer's turn pings nobody: the board says the computer is thinking), except the person whose
  move is being answered: their private answer shows their turn instead (``answering``), so neither a
  turn that follows the mover's own (Santa Fe's drawing) nor a quick computer's reply pings them; that
  counts as their ping for the decision, so a board shown again for it later does not ping them either;
- a person is pinged once per decision: the ping is remembered per seat (``turn_pings``) until that seat
  moves, so a board shown again for the same position (a seat change elsewhere, an admin's skip, a
  restart) names them without pinging them again; it is noted before the post that makes it, in the
  write that checks it (``reserve_pings``), so two processes telling the same turn at once ping once,
  and given back if that post fails; the post carries a nonce (``ping_nonce``), so when a restart tells
  again a turn whose ping may or may not have gone out (``catchup``), Discord hands back the first;
- once the board has scrolled away (``SCROLLED`` of the bot's posts after it) a new one is posted at the
  bottom, naming who acts (pinging those not pinged yet) in place of the one-line ping; so is one when
  the old board was deleted or can no longer be edited (an archived thread). The old one gives up its
  buttons and links to the new;
- a finished or abandoned game's board, or the one left when the host chose a message per turn, says so
  and gives up its buttons (``close``).

Edits follow Discord's rules (message.mdx, "Edit Message"): fields left out stay as they are, so a text
edit sends the content alone and keeps the picture; a new picture is sent with ``attachments`` listing
only it, which replaces the old one. Discord limits a channel's message edits like its posts; discord.py
waits out a 429, and a turn edits the board once.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import translate
from bot.play import delivery, posting
from bot.play.reads import Reads
from bot.services import BoardState, GameInfo, LiveBoard
from bot.ui import pickers, pictures, presenters
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.client import BoardGameBot

log = logging.getLogger(__name__)

PICTURE_EVERY = 3  # moves at least between two pictures of the live board
SCROLLED = 8  # the bot's posts after the live board once it is too far up to be found by scrolling


@dataclass
class Answering:
    """A person whose move is being told while their private answer can still show what follows."""

    user_id: int
    unpinged: bool = False  # their turn came and was not pinged: their answer must show it


# per bot (each has its own event loop): game id -> the person answered privately right now
_answering: weakref.WeakKeyDictionary[Any, dict[int, Answering]] = weakref.WeakKeyDictionary()


@contextlib.contextmanager
def answering(bot: BoardGameBot, game_id: int, user_id: int) -> Iterator[Answering]:
    """While inside, a ping for ``user_id`` in the game is left out (and noted as such): the caller shows
    them their turn in their private answer. Pings made after it (a computer that thought longer) ping."""
    games = _answering.setdefault(bot, {})
    present = games[game_id] = Answering(user_id)
    try:
        yield present
    finally:
        if games.get(game_id) is present:
            del games[game_id]


def shown_privately(bot: BoardGameBot, game_id: int, user_id: int) -> bool:
    """Whether ``user_id``'s turn in the game was left unpinged because their private answer shows it."""
    present = _answering.get(bot, {}).get(game_id)
    return present is not None and present.user_id == user_id and present.unpinged


@dataclass(frozen=True)
class Shown:
    """The live board brought up to a game: the message, what is left to remember of it (None if that is
    unchanged or already written, as a new board's is), and the people it pinged (seat, user id)."""

    board: discord.Message
    kept: LiveBoard | None
    pinged: list[tuple[int, int]]


async def show_turn(
    bot: BoardGameBot,
    game: GameInfo,
    channel: discord.PartialMessageable,
    view: dict[str, Any] | None,
    extra: Sequence[str],
    perms: discord.Permissions | None,
    untold: Sequence[Event] = (),
    reads: Reads | None = None,
) -> Shown:
    """Bring the live board up to ``game`` (posting a new one if it is missing, scrolled away or no longer
    editable) and ping who must act now and was not pinged for this decision yet. The caller writes what
    to remember of the board, and who was pinged, with the moves it told (``mark_told``): one write a
    move. Its lines are every move since it last showed a person to act, then ``extra``; a new picture
    marks what changed since the board's last one (else since the last turn message: ``untold``).
    ``reads``: the move's report where it answers (``bot.play.reads``), else the service."""
    reads = reads or Reads(bot.games)
    state = await reads.board_state(game.id, game.version)
    after = _lines_after(game, state)
    lines = [*await _run_lines(reads, game, after, state.told, untold), *extra]
    people, shown = _people(bot, game)
    # noted as pinged before the post, so that another process telling the same turn does not ping too;
    # the person answered privately counts as told: their answer shows them this decision
    fresh = await bot.games.reserve_pings(game.id, game.version, people, shown=shown)
    try:
        live = _Board(game, channel, view, lines, perms)
        return await _bring_up(bot, reads, live, untold, state, after, people, fresh)
    except BaseException:
        await unreserve(bot, game, fresh)
        raise


async def unreserve(bot: BoardGameBot, game: GameInfo, fresh: Sequence[tuple[int, int]]) -> None:
    """The post that was to ping ``fresh`` failed: they are still to be pinged for this decision."""
    if fresh:
        try:
            await bot.games.unreserve_pings(game.id, game.version, fresh)
        except Exception:  # the database failing too: better no ping for this decision than two
            log.warning("could not forget the pings not made in game %s", game.id, exc_info=True)


@dataclass(frozen=True)
class _Board:
    """What the live board is to show: ``game``, as ``view`` (None: no picture) with ``lines``, in
    ``channel``, where the bot has ``perms`` (None: not known)."""

    game: GameInfo
    channel: discord.PartialMessageable
    view: dict[str, Any] | None
    lines: Sequence[str]
    perms: discord.Permissions | None


async def _bring_up(
    bot: BoardGameBot,
    reads: Reads,
    live: _Board,
    untold: Sequence[Event],
    state: BoardState,
    after: int,
    people: Sequence[tuple[int, int]],
    fresh: Sequence[tuple[int, int]],
) -> Shown:
    """``show_turn`` once the board's lines are known and who to ping is decided."""
    game, channel = live.game, live.channel
    known = state.board
    acting = acting_key(game)
    person_at = game.version if delivery.human_users(game, game.to_act) else _person_at(game, known)
    if known is not None:
        due = await _picture_due(reads, game, known, acting)
        if not (known.posts_since >= SCROLLED and due):
            changed = await _changed_since(reads, game, known.pictured_version, untold) if due else ()
            edited = await _edit(live, known.message_id, due, changed)
            if edited is not None:
                board, drew = edited
                pinged = await _ping(game, channel, live.view, board, fresh)
                now = LiveBoard(
                    board.id,
                    game.version if drew else known.pictured_version,
                    known.posts_since + bool(pinged),
                    acting if drew else known.pictured_for,
                    after,
                    person_at,
                )
                return Shown(board, now if now != known else None, pinged)
    changed = await _changed_since(reads, game, known.pictured_version if known is not None else -1, untold)
    board = await _post(bot, live, changed, people, fresh, (after, person_at))
    if known is not None:
        await _superseded(bot, game, channel, known.message_id, board)
    return Shown(board, None, list(fresh))


def acting_key(game: GameInfo) -> str:
    """Who acts, as the live board's picture remembers it: each seat to act and its person (or "ai")."""
    return ",".join(f"{s.seat}:{'ai' if s.is_ai else s.user_id}" for s in game.seats if s.seat in game.to_act)


def _person_at(game: GameInfo, known: LiveBoard | None) -> int:
    """The move after which the board last showed a person to act (none after a position gone back)."""
    if known is None or known.person_at > game.version:
        return -1
    return known.person_at


def _lines_after(game: GameInfo, state: BoardState) -> int:
    """The move the board's lines begin after: the one it last showed a person to act after, so moves in
    a row without a person (computers') add up instead of overwriting each other; a new board's, and
    those of a game only computers play, begin where the channel's telling left off."""
    known = state.board
    nobody = not delivery.human_users(game, [s.seat for s in game.seats])
    if known is None or known.lines_after < 0 or nobody:
        return min(state.told, game.version)
    if 0 <= known.person_at < game.version:
        return known.person_at
    return min(known.lines_after, game.version)


async def _run_lines(
    reads: Reads, game: GameInfo, after: int, told: int, untold: Sequence[Event]
) -> list[str]:
    """The lines of every move after move ``after`` (``untold`` holds those after ``told``)."""
    events = untold if after == told else await reads.public_events_between(game.id, after, game.version)
    return [presenters.named(line, game) for line in presenters.event_lines(events, game=game)]


async def _picture_due(reads: Reads, game: GameInfo, known: LiveBoard, acting: str) -> bool:
    """Whether the board needs a new picture: always when someone else acts than when it was drawn, or
    after a position gone back; within one person's consecutive steps, every ``PICTURE_EVERY`` moves."""
    pictured = known.pictured_version
    if pictured < 0 or game.version < pictured or game.version - pictured >= PICTURE_EVERY:
        return True
    if known.pictured_for != acting:
        return True
    return bool(await reads.movers_after(game.id, pictured, game.version) - set(game.to_act))


async def _changed_since(
    reads: Reads, game: GameInfo, pictured: int, untold: Sequence[Event]
) -> Sequence[Event]:
    """What a new picture marks: the public events since the move the board's last picture showed (read
    only when a picture is drawn), else, with no picture yet, those since the last turn message."""
    if pictured < 0:
        return untold
    return await reads.public_events_between(game.id, pictured, game.version)


async def _superseded(
    bot: BoardGameBot,
    game: GameInfo,
    channel: discord.PartialMessageable,
    message_id: int,
    board: discord.Message,
) -> None:
    """The old board, up the channel, says where the live one is now instead of a turn long past, and
    gives up its buttons (so the announcer has none left to take off)."""
    elsewhere = translate(game.language, "message.live.superseded", url=board.jump_url)
    text = f"**{presenters.safe(game.title)}** · {elsewhere}"
    try:
        await channel.get_partial_message(message_id).edit(
            content=text, view=None, allowed_mentions=discord.AllowedMentions.none()
        )
    except discord.HTTPException as exc:  # deleted, or in a thread archived meanwhile: nothing to correct
        log.info("could not point the old board of game %s to the new one (%s)", game.id, exc.code)
        return
    kept = bot.turn_messages.get(game.id)
    if kept is not None and kept[1].id == message_id:
        bot.turn_messages.pop(game.id)


async def show_over(
    bot: BoardGameBot, game: GameInfo, channel: discord.PartialMessageable, results: discord.Message
) -> None:
    """The game has ended: its live board (if it has one) stops naming who acts and points to the results
    instead, and gives up its buttons."""
    await close(bot, game, channel, translate(game.language, "message.game_over_live", url=results.jump_url))


async def close(bot: BoardGameBot, game: GameInfo, channel: discord.PartialMessageable, said: str) -> None:
    """The live board (if the game has one) stops naming who acts and says ``said`` instead (the game is
    over, abandoned, or told a message per turn from now on), without buttons."""
    known = await bot.games.live_board(game.id)
    if known is None:
        return
    text = f"**{presenters.safe(game.title)}** · {said}"
    try:
        await channel.get_partial_message(known.message_id).edit(
            content=text, view=None, allowed_mentions=discord.AllowedMentions.none()
        )
    except discord.HTTPException as exc:  # deleted, or in a thread archived meanwhile: nothing to correct
        log.info("could not close the live board of game %s (%s)", game.id, exc.code)
    kept = bot.turn_messages.get(game.id)
    if kept is not None and kept[1].id == known.message_id:
        bot.turn_messages.pop(game.id)


def _draws(game: GameInfo, perms: discord.Permissions | None) -> bool:
    return game.pictures == "every-turn" and (perms is None or perms.attach_files)


def _text(game: GameInfo, view: dict[str, Any] | None, lines: Sequence[str], ping: str) -> str:
    """The live board's words: who acts and what is asked (pinging only in a new board), then the lines
    since the last change of turn."""
    prompt = presenters.decision_prompt(view, game)
    said = game.language
    waiting = presenters.waiting_text(game, game.to_act)
    who = translate(said, "message.turn.your_turn", ping=ping) if ping else waiting
    move = translate(said, "message.live.move", number=game.version)
    head = f"**{presenters.safe(game.title)}** · {move} · {who}"
    head += f": {prompt}" if prompt else ""
    bank = presenters.bank_text(game, game.to_act)
    head += f"\n{bank}" if bank else ""
    if game.pictures != "every-turn":
        head += "\n" + translate(said, "message.board_on_request")
    body = presenters.bullet_block(lines, presenters.CONTENT_LIMIT - len(head) - 1, said) if lines else ""
    return presenters.clip("\n".join(p for p in (head, body) if p), presenters.CONTENT_LIMIT)


async def _picture(live: _Board, changed: Sequence[Event]) -> tuple[list[discord.Embed], list[discord.File]]:
    """The board of now as the live board shows it: an embed naming the move it shows, with the picture
    (without Embed Links, which drops a bot's embeds, the picture alone)."""
    game, view, lines, perms = live.game, live.view, live.lines, live.perms
    if view is None or not _draws(game, perms):
        return [], []
    names = presenters.seat_names(game)
    words = pictures.words_for(game.language, view, changed, names)
    picture = await pictures.turn_board(view, names, lines, changed, words=words)
    if picture is None:
        return [], []
    if perms is not None and not perms.embed_links:
        return [], [picture]
    title = translate(game.language, "message.live.board_after", title=game.title, number=game.version)
    embed = presenters.game_embed(game, title)
    embed.set_image(url=f"attachment://{picture.filename}")
    return [embed], [picture]


async def _post(
    bot: BoardGameBot,
    live: _Board,
    changed: Sequence[Event],
    people: Sequence[tuple[int, int]],
    fresh: Sequence[tuple[int, int]],
    run: tuple[int, int],
) -> discord.Message:
    """A new live board at the bottom of the channel, naming who must act and pinging those of them not
    yet pinged for this decision (``fresh``); remembered at once, before the old one is pointed to it.
    ``run``: the move its lines begin after, and the one after which it last showed a person to act."""
    game, perms = live.game, live.perms
    ping, _ = presenters.mentions(user for _, user in people)
    _, allowed = presenters.mentions(user for _, user in fresh)
    text = _text(game, live.view, live.lines, ping)
    if perms is not None and not perms.attach_files and game.pictures == "every-turn":
        no_picture = translate(game.language, "message.no_picture")
        text = presenters.clip(f"{text}\n{no_picture}", presenters.CONTENT_LIMIT)
    embeds, files = await _picture(live, changed)
    buttons = pickers.turn_view(game.id, game.revision, pickers.has_hands(game.rules_id), game.language)
    board = await live.channel.send(text, embeds=embeds, files=files, view=buttons, allowed_mentions=allowed)
    pictured, acting = (game.version, acting_key(game)) if files else (-1, "")
    await bot.games.remember_live_board(game.id, LiveBoard(board.id, pictured, 0, acting, *run))
    return board


async def _edit(
    live: _Board, message_id: int, due: bool, changed: Sequence[Event]
) -> tuple[discord.Message, bool] | None:
    """Edit the live board to ``live`` (with a new picture if one is ``due``): the message and whether
    it has a new picture; None if it is gone or can no longer be edited."""
    game = live.game
    changes: dict[str, Any] = {
        "content": _text(game, live.view, live.lines, ""),
        "view": pickers.turn_view(game.id, game.revision, pickers.has_hands(game.rules_id), game.language),
        "allowed_mentions": discord.AllowedMentions.none(),  # the ping is its own line
    }
    embeds, files = await _picture(live, changed) if due else ([], [])
    if files:  # ``attachments`` lists what the message keeps: the new picture replaces the old
        changes.update(embeds=embeds, attachments=files)
    try:
        return await live.channel.get_partial_message(message_id).edit(**changes), bool(files)
    except discord.HTTPException as exc:
        if not isinstance(exc, discord.NotFound) and exc.code != posting.ARCHIVED_THREAD:
            raise
        log.info("cannot edit the live board of game %s (%s); posting a new one", game.id, exc.code)
        return None


def _people(bot: BoardGameBot, game: GameInfo) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The people who must act now (seat, user id), but the one being answered privately
    (``answering``); and that one, if they must act (their answer shows their turn)."""
    people = delivery.human_seats(game, game.to_act)
    present = _answering.get(bot, {}).get(game.id)
    if present is None or not any(user == present.user_id for _, user in people):
        return people, []
    present.unpinged = True
    return [p for p in people if p[1] != present.user_id], [p for p in people if p[1] == present.user_id]


async def _ping(
    game: GameInfo,
    channel: discord.PartialMessageable,
    view: dict[str, Any] | None,
    board: discord.Message,
    fresh: Sequence[tuple[int, int]],
) -> list[tuple[int, int]]:
    """One line for the people who must act now and were not pinged for this decision yet (``fresh``),
    linking to the live board; those it pinged."""
    if not fresh:
        return []
    ping, allowed = presenters.mentions(user for _, user in fresh)
    prompt = presenters.decision_prompt(view, game)
    text = translate(game.language, "message.live.your_turn_in", ping=ping, title=presenters.safe(game.title))
    text += f": {prompt}" if prompt else ""
    bank = presenters.bank_text(game, [seat for seat, _ in fresh])
    text += f" · {bank}" if bank else ""
    link = translate(game.language, "message.live.board_link", url=board.jump_url)
    nonce = ping_nonce(game, "ping", fresh)
    await channel.send(presenters.clip(f"{text} · {link}", 2000), allowed_mentions=allowed, nonce=nonce)
    return list(fresh)


def ping_nonce(game: GameInfo, kind: str, fresh: Sequence[tuple[int, int]]) -> str:
    """The nonce of a post (``kind``) pinging ``fresh`` for their decision after move ``game.version``.
    discord.py sends it with enforce_nonce, so Discord returns the message already created with it in the
    past few minutes instead of creating another (message.mdx, "Create Message"): the same ping posted
    again, after a crash between the post and the note that it was made or after an answer lost on the
    way, is not seen twice."""
    key = f"{game.id}:{game.version}:{kind}:{sorted(fresh)}"
    return hashlib.sha256(key.encode()).hexdigest()[:25]  # Discord takes up to 25 characters
