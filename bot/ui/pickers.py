"""The buttons and menus the bot sends, as plain components: every custom id says what a press means
(``bot.ui.custom_ids``), so a press is handled after a restart too, by ``bot.play.components``.

- Play and "Show my hand" sit on public turn messages; anyone may press them.
- The moves of a private picker (buttons, menus, families of moves that open a menu of their own:
  ``bot.ui.choices``) sit only on private messages, because a player's choices can reveal their hand; they
  carry the key of the player's decision they were drawn for (``Decision.key``).
- "No more reminders this turn" sits on reminders, Join on a lobby, Accept / Take seat on a kept seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

import rules
from bot.i18n import translate
from bot.services import GameInfo
from bot.ui import choices, custom_ids, presenters

MAX_BUTTONS = 20  # four rows of five; the fifth row keeps "Show my hand"
MAX_SELECTS = 4
OPTIONS_PER_SELECT = 25
ROWS = 4  # rows for choices (a menu fills a row); the fifth keeps "Show my hand"
PER_ROW = 5
FAMILY_VALUE = "f"  # a menu option opening a family of moves: "f" and the family's number
BUTTON_LABEL = 80
OPTION_LABEL = 100


# A button's label is in the language of the message it is posted with (``locale``); one rebuilt from its
# custom id to handle a press is never shown, so it needs none.
def _label(locale: object, msgid: str) -> str | None:
    return translate(locale, msgid) if locale is not None else None


def _button(
    locale: object,
    msgid: str,
    emoji: str,
    custom_id: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    """A button with an emoji and the catalog's label ``msgid``."""
    return discord.ui.Button(
        label=_label(locale, msgid), emoji=emoji, style=style, custom_id=custom_id, row=row
    )


def play_button(game_id: int, revision: int, locale: object = None) -> discord.ui.Button[Any]:
    return _button(
        locale, "button.play", "🎲", custom_ids.play(game_id, revision), discord.ButtonStyle.primary
    )


def hand_button(game_id: int, row: int | None = None, locale: object = None) -> discord.ui.Button[Any]:
    return _button(locale, "button.hand", "🃏", custom_ids.hand(game_id), row=row)


def boards_button(game_id: int, locale: object = None) -> discord.ui.Button[Any]:
    return _button(locale, "button.boards", "👥", custom_ids.boards(game_id))


def move_button(
    game_id: int, decision: str, index: int, label: str = "Move", row: int | None = None
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=presenters.clip(label, BUTTON_LABEL),
        style=discord.ButtonStyle.secondary,
        custom_id=custom_ids.move(game_id, decision, index),
        row=row,
    )


def move_select(
    game_id: int,
    decision: str,
    page: int,
    options: Sequence[discord.SelectOption] = (),
    row: int | None = None,
    locale: object = None,
) -> discord.ui.Select[Any]:
    return discord.ui.Select(
        custom_id=custom_ids.select(game_id, decision, page),
        placeholder=_label(locale, "button.choose"),
        options=list(options) or [discord.SelectOption(label="…", value="0")],
        row=row,
    )


def family_button(
    game_id: int,
    decision: str,
    number: int,
    label: str = "…",
    row: int | None = None,
    opened: bool = False,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=presenters.clip(label, BUTTON_LABEL),
        style=discord.ButtonStyle.primary if opened else discord.ButtonStyle.secondary,
        custom_id=custom_ids.family(game_id, decision, number),
        row=row,
    )


def mute_button(game_id: int, revision: int, locale: object = None) -> discord.ui.Button[Any]:
    return _button(locale, "button.mute_turn", "🔕", custom_ids.mute(game_id, revision))


def join_button(game_id: int, locale: object = None) -> discord.ui.Button[Any]:
    return _button(locale, "button.join", "🪑", custom_ids.join(game_id), discord.ButtonStyle.success)


def claim_button(game_id: int, seat: int, label: str | None = None) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=presenters.clip(label, BUTTON_LABEL) if label else None,
        emoji="🪑",
        style=discord.ButtonStyle.success,
        custom_id=custom_ids.claim(game_id, seat),
    )


def claim_view(game_id: int, seats: Sequence[tuple[int, str]]) -> discord.ui.View:
    """A button per kept seat: (seat, label) pairs."""
    view = discord.ui.View(timeout=None)
    for seat, label in seats:
        view.add_item(claim_button(game_id, seat, label))
    return view


def lobby_view(game_id: int, locale: object) -> discord.ui.View:
    """The button under a lobby message, labelled in ``locale`` (the game's language)."""
    view = discord.ui.View(timeout=None)
    view.add_item(join_button(game_id, locale))
    return view


def has_hands(rules_id: str) -> bool:
    """Whether seats of this game hold private cards (its spec's ``hands``): else no "Show my hand"."""
    return rules.spec(rules_id).hands


def turn_view(game_id: int, revision: int, hands: bool, locale: object) -> discord.ui.View:
    """The buttons under a public turn message ("Show my hand" only in a game with ``hands``), labelled
    in ``locale`` (the game's language)."""
    view = discord.ui.View(timeout=None)
    view.add_item(play_button(game_id, revision, locale))
    if hands:
        view.add_item(hand_button(game_id, locale=locale))
    view.add_item(boards_button(game_id, locale))
    return view


def reminder_view(game_id: int, revision: int, locale: object) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(play_button(game_id, revision, locale))
    view.add_item(mute_button(game_id, revision, locale))
    return view


def picker(
    game: GameInfo,
    moves: Sequence[tuple[str, str]],
    prompt: str,
    opened: int | None = None,
    *,
    decision: str,
    locale: object,
) -> tuple[str, discord.ui.View]:
    """A private message offering ``moves`` ((canonical, label) pairs) of the player's decision keyed
    ``decision``: buttons if few, else the single moves and the families of moves (``bot.ui.choices``),
    with family number ``opened`` shown as a menu of its moves below them; its notes in the language of
    ``locale``."""
    view = discord.ui.View(timeout=None)
    lines = [f"**{prompt or 'Your move'}**"]
    if len(moves) <= MAX_BUTTONS:
        for index in range(len(moves)):
            label = presenters.move_label(moves, index, BUTTON_LABEL)
            view.add_item(move_button(game.id, decision, index, label, row=index // PER_ROW))
    else:
        listed = choices.entries(moves, OPTIONS_PER_SELECT)
        families = [e for e in listed if isinstance(e, choices.Family)]
        family = families[opened] if opened is not None and 0 <= opened < len(families) else None
        inner = _pages(list(family.indexes) if family else [], ROWS - 1)
        rows = ROWS - len(inner)
        shown = _add_entries(view, game, decision, moves, listed, families, rows, family, locale)
        for page, indexes in enumerate(inner):
            options = [_option(moves, index) for index in indexes]
            view.add_item(
                move_select(game.id, decision, ROWS + page, options, row=rows + page, locale=locale)
            )
        if family is not None:
            lines.append(translate(locale, "message.family_opened", family=family_label(family, locale)))
        elif families:
            lines.append(translate(locale, "message.families_note"))
        total = len(listed) + (len(family.indexes) if family else 0)
        placed = shown + sum(len(page) for page in inner)
        if placed < total:
            lines.append(translate(locale, "message.too_many_options", shown=placed, count=total))
    if has_hands(game.rules_id):
        view.add_item(hand_button(game.id, row=ROWS, locale=locale))
    lines.append(translate(locale, "message.hidden_note"))
    return "\n".join(lines), view


def family_label(family: choices.Family, locale: object) -> str:
    """What a family's entry reads: its moves' first words and how many they are."""
    return translate(locale, "message.family", shared=family.shared, count=len(family.indexes))


def _pages(indexes: list[int], most: int) -> list[list[int]]:
    pages = [indexes[i : i + OPTIONS_PER_SELECT] for i in range(0, len(indexes), OPTIONS_PER_SELECT)]
    return pages[:most]


def _option(moves: Sequence[tuple[str, str]], index: int) -> discord.SelectOption:
    move, label = moves[index]
    # beside the label, what the move costs and earns (the engine's detail), else its notation; at most
    # 100 characters (https://discord.com/developers/docs/components/reference, "Select Option Structure")
    shown = getattr(moves[index], "detail", "") or (move if move != label else "")
    return discord.SelectOption(
        label=presenters.move_label(moves, index, OPTION_LABEL),
        value=str(index),
        description=presenters.clip(shown, OPTION_LABEL) if shown else None,
    )


def _add_entries(
    view: discord.ui.View,
    game: GameInfo,
    decision: str,
    moves: Sequence[tuple[str, str]],
    listed: list[choices.Entry],
    families: list[choices.Family],
    rows: int,
    opened: choices.Family | None,
    locale: object,
) -> int:
    """The single moves and families on ``rows`` rows: buttons if they fit, else menus; how many fit."""
    if len(listed) <= rows * PER_ROW:
        for place, entry in enumerate(listed):
            row = place // PER_ROW
            if isinstance(entry, int):
                label = presenters.move_label(moves, entry, BUTTON_LABEL)
                view.add_item(move_button(game.id, decision, entry, label, row=row))
            else:
                number = families.index(entry)
                view.add_item(
                    family_button(
                        game.id,
                        decision,
                        number,
                        family_label(entry, locale),
                        row=row,
                        opened=entry == opened,
                    )
                )
        return len(listed)
    shown = listed[: rows * OPTIONS_PER_SELECT]
    for page in range(0, len(shown), OPTIONS_PER_SELECT):
        options = [
            _option(moves, entry)
            if isinstance(entry, int)
            else discord.SelectOption(
                label=presenters.clip(family_label(entry, locale), OPTION_LABEL),
                value=f"{FAMILY_VALUE}{families.index(entry)}",
            )
            for entry in shown[page : page + OPTIONS_PER_SELECT]
        ]
        row = page // OPTIONS_PER_SELECT
        view.add_item(move_select(game.id, decision, row, options, row=row, locale=locale))
    return len(shown)
