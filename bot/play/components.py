"""What a press on one of the bot's buttons and menus does (``discord.ui.DynamicItem``, registered at start,
so they work after a restart): everything needed is in the custom id (``bot.ui.pickers`` builds them), and
the database is read again on every click.

- ``PlayButton`` and ``HandButton`` sit on public turn messages; anyone may press them and gets a private
  answer (their own choices or hand, or why they have none).
- ``MoveButton``, ``MoveSelect`` and ``FamilyButton`` sit only on private pickers, because a player's
  choices can reveal their hand. They carry the key of the player's decision they were drawn for
  (``Decision.key``), so they stay good while the others play (a hidden card choice, a computer's
  move); once that player's own choices changed (they moved, or an undo changed their options) a
  click shows the choices now instead, and so does a pressed button's second press. A click by
  anyone but the person the picker was made for is refused. Many moves
  come in two steps: a family of moves sharing their first words ("build 4a on …") is one entry, which
  opens a menu of its moves on the same message (``bot.ui.choices``).
- A press on any of these that is no longer on its message is answered too (discord.py drops it).
- ``MuteButton`` sits on reminders.
- ``replays.ReplayButton`` and ``replays.ReplayJump`` turn a private /replay to another position.
- ``ClaimButton`` takes a seat kept for one person (named by an imported file, or offered to them as a
  replacement). Anyone may press it; only that person is seated, anyone else is told privately why not.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.i18n import translate
from bot.play import boards, controller, lobby_message, paging, replays, replies
from bot.play.context import context
from bot.services import GameInfo
from bot.ui import choices, custom_ids, pickers, presenters


async def guarded(interaction: discord.Interaction, action: Callable[[], Awaitable[None]]) -> None:
    """Run a component callback; any failure becomes a private message (components bypass the tree)."""
    try:
        await action()
    except Exception as exc:  # every failure must reach the user, not just the log
        await replies.report(interaction, exc)


def stale_note(interaction: discord.Interaction) -> str:
    """The note above the options shown again for a control from an earlier point of the game."""
    return translate(interaction.locale, "message.stale_component")


def picker_owner(interaction: discord.Interaction) -> int | None:
    """The person a private picker was made for: the user of the interaction that created its message
    (Discord keeps that as the message's interaction metadata; edits do not change it)."""
    message = interaction.message
    metadata = message.interaction_metadata if message is not None else None
    return metadata.user.id if metadata is not None else None


async def _refused_to_others(interaction: discord.Interaction) -> bool:
    """Refuse, privately, a press on someone else's picker. Discord shows a private picker to its owner
    alone, so only a forged press gets here; it must neither play nor edit the owner's message."""
    if picker_owner(interaction) == interaction.user.id:
        return False
    await replies.private(interaction, translate(interaction.locale, "message.not_your_picker"))
    return True


def _on_its_message(interaction: discord.Interaction) -> bool:
    """Whether the pressed component is still on the message (discord.py ignores a press that is not)."""
    message = interaction.message
    if message is None:
        return False
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    kind = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    found = kind.from_message(message, timeout=None).walk_children()
    return any(getattr(item, "custom_id", None) == custom_id for item in found)


async def answer_gone_component(interaction: discord.Interaction) -> None:
    """Answer a press on one of this module's components that is no longer on its message (pressed
    before the message's update reached the presser): discord.py drops it, so nobody else would."""
    if interaction.type is not discord.InteractionType.component or _on_its_message(interaction):
        return
    custom_id = str(interaction.data.get("custom_id", "")) if interaction.data else ""
    if any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS):
        gone = translate(interaction.locale, "message.gone_component")
        await guarded(interaction, lambda: replies.private(interaction, gone))


async def _current(interaction: discord.Interaction, game_id: int) -> GameInfo | None:
    """The game running in the interaction's channel if it is the one the component belongs to."""
    here = context(interaction)
    game = await here.game()
    if game.id != game_id:
        await replies.private(interaction, translate(here.locale, "message.other_game"))
        return None
    return game


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.PLAY_TEMPLATE):
    """Opens the presser's current choices privately."""

    def __init__(self, game_id: int, revision: int) -> None:
        super().__init__(pickers.play_button(game_id, revision))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayButton:
        return cls(int(match["game"]), int(match["revision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            # the choices shown are the presser's current ones, however the game moved on since the post
            # (its answer opens with what happened since their last move): nothing to refuse
            if await _current(interaction, self.game_id) is not None:
                await controller.show_options(interaction)

        await guarded(interaction, run)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HAND_TEMPLATE):
    """Shows the presser's own hand and player area privately."""

    def __init__(self, game_id: int, row: int | None = None) -> None:
        super().__init__(pickers.hand_button(game_id, row))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            if await _current(interaction, self.game_id) is not None:
                await controller.show_hand(interaction)

        await guarded(interaction, run)


class PlayerBoardsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.BOARDS_TEMPLATE):
    """Shows every player's public area (workers, discs, buildings, money, cards played…) privately."""

    def __init__(self, game_id: int) -> None:
        super().__init__(pickers.boards_button(game_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayerBoardsButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            game = await _current(interaction, self.game_id)
            if game is not None:
                await interaction.response.defer(ephemeral=True, thinking=True)
                await boards.send_player_boards(interaction, game, [s.seat for s in game.seats])

        await guarded(interaction, run)


async def _play_index(interaction: discord.Interaction, game_id: int, decision: str, index: int) -> None:
    """Play legal move number ``index`` of the presser's decision keyed ``decision``; if their choices
    are no longer those, show the choices now instead. The service checks the key again under the
    game's lock, so two presses at once play once."""
    here = context(interaction)
    if await _refused_to_others(interaction):
        return
    if await _current(interaction, game_id) is None:
        return
    now = await here.bot.games.decision(here.channel_id, here.user_id, here.locale)
    if now.key != decision or index >= len(now.moves):
        await controller.show_options(interaction, note=stale_note(interaction))
        return
    await interaction.response.defer()
    await controller.play(interaction, now.moves[index][0], expected_decision=decision)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.MOVE_TEMPLATE):
    """One legal move of a private picker."""

    def __init__(
        self, game_id: int, decision: str, index: int, label: str = "Move", row: int | None = None
    ) -> None:
        super().__init__(pickers.move_button(game_id, decision, index, label, row))
        self.game_id, self.decision, self.index = game_id, decision, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), match["decision"], int(match["index"]), label or "Move")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _play_index(interaction, self.game_id, self.decision, self.index))


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.SELECT_TEMPLATE):
    """A page of up to 25 legal moves of a private picker; option values are move indexes."""

    def __init__(
        self,
        game_id: int,
        decision: str,
        page: int,
        options: Sequence[discord.SelectOption] = (),
        row: int | None = None,
    ) -> None:
        super().__init__(pickers.move_select(game_id, decision, page, options, row))
        self.game_id, self.decision, self.page = game_id, decision, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["game"]), match["decision"], int(match["page"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = self.item.values[0] if self.item.values else "0"
        if chosen.startswith(pickers.FAMILY_VALUE):
            number = int(chosen[len(pickers.FAMILY_VALUE) :])
            await guarded(interaction, lambda: _open_family(interaction, self.game_id, self.decision, number))
            return
        await guarded(interaction, lambda: _play_index(interaction, self.game_id, self.decision, int(chosen)))


async def _open_family(interaction: discord.Interaction, game_id: int, decision: str, number: int) -> None:
    """Show the moves of family ``number`` of the presser's decision keyed ``decision`` on the picker
    itself; if their choices are no longer those, the choices now."""
    here = context(interaction)
    bot = here.bot
    if await _refused_to_others(interaction):
        return
    game = await _current(interaction, game_id)
    if game is None:
        return
    channel_id = here.channel_id
    now = await bot.games.decision(channel_id, here.user_id, here.locale)
    if now.key != decision or number >= len(choices.families(now.moves, pickers.OPTIONS_PER_SELECT)):
        await controller.show_options(interaction, note=stale_note(interaction))
        return
    own_view = (await bot.games.view_for(channel_id, here.user_id))[1]
    prompt = presenters.decision_prompt(own_view, game, here.locale)
    content, view = pickers.picker(
        game, now.moves, prompt, opened=number, decision=now.key, locale=here.locale
    )
    # the picker message itself changes (an UPDATE_MESSAGE response): see
    # discord-docs interactions/receiving-and-responding.mdx, "Interaction Callback Type"
    await interaction.response.edit_message(content=presenters.clip(content, 2000), view=view)


class FamilyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.FAMILY_TEMPLATE):
    """One family of moves on a private picker ("build 4a on … (12 choices)"): opens its moves."""

    # built only to answer a press (``from_custom_id``): the picker drew the button seen, its row and style
    def __init__(self, game_id: int, decision: str, number: int, label: str = "…") -> None:
        super().__init__(pickers.family_button(game_id, decision, number, label))
        self.game_id, self.decision, self.number = game_id, decision, number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FamilyButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), match["decision"], int(match["number"]), label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        number = self.number
        await guarded(interaction, lambda: _open_family(interaction, self.game_id, self.decision, number))


class MuteButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.MUTE_TEMPLATE):
    """Stops reminders to the presser until their next turn."""

    def __init__(self, game_id: int, revision: int) -> None:
        super().__init__(pickers.mute_button(game_id, revision))
        self.game_id, self.revision = game_id, revision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MuteButton:
        return cls(int(match["game"]), int(match["revision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            here = context(interaction)
            await here.bot.games.mute(here.user_id, self.game_id, True)
            await replies.private(interaction, translate(here.locale, "message.muted_turn"))

        await guarded(interaction, run)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.JOIN_TEMPLATE):
    """Takes a seat in the lobby the button was posted with, like /game join."""

    def __init__(self, game_id: int) -> None:
        super().__init__(pickers.join_button(game_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            current = await _current(interaction, self.game_id)
            if current is None:
                return
            if current.status != "lobby":
                # the lobby is over: take the button off its message (the start already did, but a client may
                # not have shown that yet) and say why; its table stays off, as it would go stale
                await interaction.response.edit_message(view=None)
                closed = translate(interaction.locale, "message.lobby_closed")
                await interaction.followup.send(closed, ephemeral=True)
                return
            here = context(interaction)
            name = getattr(interaction.user, "display_name", None) or interaction.user.name
            await replies.defer_private(interaction)  # joining waits for the game's lock
            game = await here.bot.games.join(here.channel_id, here.user_id, name)
            joined = translate(here.locale, "message.lobby.you_joined")
            await interaction.followup.send(joined, ephemeral=True)
            news = translate(game.language, "message.lobby.joined", name=presenters.safe(name))
            await lobby_message.tell(interaction, game, news)  # the lobby's one message, edited

        await guarded(interaction, run)


async def take_seat(interaction: discord.Interaction, seat: int | None) -> None:
    """Seat the user in the seat kept for them (``seat``, or the one waiting for them) and say so."""
    here = context(interaction)
    name = getattr(interaction.user, "display_name", None) or interaction.user.name
    await replies.defer_private(interaction)
    game = await here.bot.games.claim_seat(
        here.channel_id, here.user_id, name, guild_id=here.guild_id, seat=seat
    )
    taken = game.seat_of(here.user_id)
    assert taken is not None  # just seated
    said = {"name": presenters.safe(name), "seat": taken.seat + 1, "title": game.title}
    text = translate(game.language, "message.lobby.took_seat", **said)
    extra: dict[str, Any] = {}
    if taken.seat in game.to_act:
        text += " " + translate(game.language, "message.lobby.their_turn")
        extra["view"] = pickers.turn_view(
            game.id, game.revision, pickers.has_hands(game.rules_id), game.language
        )
    await replies.done(
        interaction,
        translate(here.locale, "message.lobby.you_took_seat", seat=taken.seat + 1),
        text,
        embed=presenters.status_embed(game),
        allowed_mentions=discord.AllowedMentions.none(),
        **extra,
    )


class ClaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.CLAIM_TEMPLATE):
    """Takes the seat kept for the presser; the service refuses anyone it is not kept for."""

    def __init__(self, game_id: int, seat: int, label: str | None = None) -> None:
        super().__init__(pickers.claim_button(game_id, seat, label))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ClaimButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), int(match["seat"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            if await _current(interaction, self.game_id) is not None:
                await take_seat(interaction, self.seat)

        await guarded(interaction, run)


def handler(item: discord.ui.Item[Any]) -> type[discord.ui.DynamicItem[Any]] | None:
    """The component class that answers a press on ``item`` (by its custom id), if any."""
    custom_id = getattr(item, "custom_id", None) or ""
    return next((k for k in DYNAMIC_ITEMS if k.__discord_ui_compiled_template__.fullmatch(custom_id)), None)


DYNAMIC_ITEMS = (
    PlayButton,
    HandButton,
    MoveButton,
    MoveSelect,
    FamilyButton,
    MuteButton,
    JoinButton,
    ClaimButton,
    PlayerBoardsButton,
    paging.PageButton,
    replays.ReplayButton,
    replays.ReplayJump,
)
