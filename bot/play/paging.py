"""Private lists longer than one message (/games, /log), shown a page at a time with Previous and Next.

The buttons carry what the list is, whose it is and a stamp of what it held, so they keep working after a
restart and never expire: a press builds the list again and, if it has changed since, says so and shows
it as it is now. Only the person the list was made for may turn its pages.
"""

from __future__ import annotations

import io
import re
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import messages
from bot.i18n import translate
from bot.play import replies
from bot.play.context import context
from bot.ui import custom_ids, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot

# A message holds 2,000 characters (Discord's "Create Message" docs); the heading takes the rest.
PAGE_TEXT = 1800
PAGE_LINES = 15
# A log longer than this many pages comes as a text file instead.
LOG_PAGES = 6


@dataclass(frozen=True)
class Listing:
    """One private list: its kind and scope (what the buttons carry), its heading and its lines."""

    kind: str
    owner: int
    scope: int
    size: int
    heading: str
    lines: tuple[str, ...]
    opens_at_end: bool = False  # a log opens at its newest page

    @property
    def stamp(self) -> int:
        return zlib.crc32("\n".join(self.lines).encode())

    @property
    def pages(self) -> list[list[str]]:
        return split_pages(self.lines)


def split_pages(lines: Sequence[str], limit: int = PAGE_TEXT, most: int = PAGE_LINES) -> list[list[str]]:
    """``lines`` in order, in pages of at most ``most`` lines and ``limit`` characters; none dropped."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = presenters.clip(line, limit)  # only a line longer than a page is ever cut
        if pages[-1] and (len(pages[-1]) == most or size + len(line) + 1 > limit):
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    return pages


def page_message(
    listing: Listing, number: int, locale: object, note: str = ""
) -> tuple[str, discord.ui.View | None]:
    """The text of page ``number`` (clamped to the pages there are) and its buttons, if it has others, in
    the reader's ``locale``."""
    pages = listing.pages
    number = min(max(number, 0), len(pages) - 1)
    heading = listing.heading
    if len(pages) > 1:
        heading = translate(
            locale, "message.pages.heading", heading=heading, number=number + 1, count=len(pages)
        )
    text = "\n".join(([note] if note else []) + [heading, *pages[number]])
    if len(pages) == 1:
        return text, None
    view = discord.ui.View(timeout=None)
    previous, following = translate(locale, "button.previous"), translate(locale, "button.next")
    view.add_item(PageButton.of(listing, number - 1, previous, back=True, disabled=number == 0))
    view.add_item(
        PageButton.of(listing, number + 1, following, back=False, disabled=number == len(pages) - 1)
    )
    return text, view


async def send(interaction: discord.Interaction, listing: Listing) -> None:
    """Answer ``interaction`` privately with the list's first page (its last, for a log)."""
    start = len(listing.pages) - 1 if listing.opens_at_end else 0
    text, view = page_message(listing, start, interaction.locale)
    if view is None:
        await interaction.response.send_message(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True, view=view)


# --- the lists ---------------------------------------------------------------------------------------


async def games_listing(bot: BoardGameBot, owner: int, guild_id: int, locale: object) -> Listing | None:
    """The owner's open games in the server, the ones waiting for them first, in the owner's ``locale``;
    ``None`` if there are none."""
    mine = [g for g in await bot.games.seated_games(owner) if g.guild_id == guild_id]
    if not mine:
        return None
    # the games waiting for this user first, then the others, then the paused, each group oldest first
    mine.sort(key=lambda g: (g.paused, owner not in g.to_act_users))
    lines = ["• " + line for line in presenters.my_games_lines(mine, owner, locale)]
    heading = translate(locale, "message.pages.your_games")
    return Listing("games", owner, guild_id, 0, heading, tuple(lines))


async def log_listing(bot: BoardGameBot, owner: int, channel_id: int, count: int, locale: object) -> Listing:
    """The newest ``count`` lines of the log of the game in ``channel_id`` that ``owner`` may read."""
    game = await bot.games.get_game(channel_id)
    lines = await bot.games.log(channel_id, owner, count, locale)  # the reader's, not the game's
    shown = tuple("• " + presenters.named(line, game) for line in lines)
    shown = shown or (translate(locale, "message.pages.no_moves"),)
    heading = translate(locale, "message.pages.log", title=game.title)
    return Listing("log", owner, channel_id, count, heading, shown, opens_at_end=True)


async def send_log(interaction: discord.Interaction, count: int) -> None:
    """/log: pages when the lines fit a few, else the whole of them as a text file."""
    here = context(interaction)
    bot, channel_id = here.bot, here.channel_id
    listing = await log_listing(bot, here.user_id, channel_id, count, here.locale)
    if len(listing.pages) <= LOG_PAGES:
        await send(interaction, listing)
        return
    game = await bot.games.get_game(channel_id)
    text = "\n".join(line.removeprefix("• ") for line in listing.lines) + "\n"
    file = discord.File(io.BytesIO(text.encode()), filename=f"{game.rules_id}-game-{game.id}-log.txt")
    words = translate(
        here.locale, "message.pages.log_file", heading=listing.heading, count=len(listing.lines)
    )
    await interaction.response.send_message(words, file=file, ephemeral=True)


Builder = Callable[["BoardGameBot", int, int, int, object], Awaitable[Listing | None]]
BUILDERS: dict[str, Builder] = {
    "games": lambda bot, owner, scope, size, locale: games_listing(bot, owner, scope, locale),
    "log": log_listing,
}  # and "mygames", added by bot.play.everywhere (which builds on this module)


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.PAGE_TEMPLATE):
    """Previous or Next on a page of a private list: turns to page ``number`` of the list it names."""

    def __init__(
        self,
        kind: str,
        owner: int,
        scope: int,
        size: int,
        stamp: int,
        number: int,
        label: str = "",
        back: bool = False,
        disabled: bool = False,
    ) -> None:
        # the label is the reader's word for Previous or Next; a press rebuilt from its custom id needs none
        super().__init__(
            discord.ui.Button(
                label=label or None,
                emoji="◀️" if back else "▶️",
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.page(kind, owner, scope, size, stamp, number),
                disabled=disabled,
            )
        )
        self.kind, self.owner, self.scope, self.size, self.stamp = kind, owner, scope, size, stamp
        self.number = number

    @classmethod
    def of(cls, listing: Listing, number: int, label: str, *, back: bool, disabled: bool) -> PageButton:
        return cls(
            listing.kind,
            listing.owner,
            listing.scope,
            listing.size,
            listing.stamp,
            max(number, 0),
            label,
            back,
            disabled,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        owner, scope, size, stamp, page = (int(match[k]) for k in ("owner", "scope", "size", "stamp", "page"))
        return cls(match["kind"], owner, scope, size, stamp, page)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._turn(interaction)
        except Exception as exc:  # every failure must reach the user, not just the log
            await replies.report(interaction, exc)

    async def _turn(self, interaction: discord.Interaction) -> None:
        builder = BUILDERS.get(self.kind)
        if builder is None:
            await replies.private(interaction, translate(interaction.locale, "message.stale_pages"))
            return
        if interaction.user.id != self.owner:
            await replies.private(
                interaction, translate(interaction.locale, "message.not_your_pages", command=self.kind)
            )
            return
        bot = context(interaction).bot
        listing = await builder(bot, self.owner, self.scope, self.size, interaction.locale)
        if listing is None:  # nothing left to list
            text = (
                translate(interaction.locale, "message.mygames.none")
                if self.kind == "mygames"
                else messages.no_open_games(interaction.locale)
            )
            await interaction.response.edit_message(content=text, view=None)
            return
        note = translate(interaction.locale, "message.pages.changed") if listing.stamp != self.stamp else ""
        text, view = page_message(listing, self.number, interaction.locale, note)
        await interaction.response.edit_message(content=text, view=view)
