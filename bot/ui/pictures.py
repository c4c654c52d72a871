"""Pictures for messages: drawn and encoded in worker processes, wrapped as a discord.File.

Drawing and encoding a board takes long enough to matter for the 3-second interaction deadline, so
callers defer first; the drawing happens in the process-wide ``Drawers`` (bot/services/drawing.py), off the
bot's interpreter, so a burst of pictures does not hold up its event loop. A failed drawing is logged and
the message goes out without its picture: the game itself is never held up by the renderer.
"""

from __future__ import annotations

import io
import logging
import string
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import discord

import render
import rules
from bot.i18n import has_message, language_of, translate
from bot.services import wording
from bot.services.drawing import Drawers, DrawingFailed
from render.chart import WORDS as CHART_WORDS
from render.replay import render_replay
from render.result import WORDS as SHEET_WORDS
from render.style import Style
from render.words import english_words, facts
from rules.core.events import GAME_END, Event

log = logging.getLogger(__name__)

_drawers = Drawers()


def use(drawers: Drawers) -> None:
    """Draw with ``drawers`` from now on (the bot's, sized by its settings)."""
    global _drawers
    _drawers = drawers


def drawers() -> Drawers:
    return _drawers


async def close() -> None:
    """End the drawing workers (when the bot closes); a later picture would start them again."""
    await _drawers.close()


def draws(view: dict[str, Any], picture: str) -> bool:
    """Whether the game of ``view`` has ``picture`` (``"render_turn"``…): a game may have no pictures, or
    only some, and then simply has none, as its choice, not a fault (``render.has_picture``)."""
    return render.has_picture(view.get("game"), picture)


def _style(names: Sequence[str], words: dict[str, str] | None) -> Style:
    """What the bot draws a picture for: the seats' names, the default theme, the reader's words."""
    return Style(list(names), words=words)


async def _file(picture: Callable[..., Any], *args: Any, stem: str) -> discord.File | None:
    try:
        drawing = await _drawers.draw(picture, *args, stem=stem)
    except DrawingFailed:
        log.exception("drawing %s failed", stem)
        return None
    return discord.File(io.BytesIO(drawing.data), filename=drawing.filename)


async def board(
    view: dict[str, Any], names: Sequence[str], stem: str = "board", words: dict[str, str] | None = None
) -> discord.File | None:
    """The public board drawn from a view (pass a spectator view for anything posted publicly), its words
    in a language (``words``: ``words_for``); None without a picture (a drawing that failed, logged, or a
    game without board pictures)."""
    if not draws(view, "render_board"):
        return None
    return await _file(render.render_board, view, _style(names, words), stem=stem)


async def turn_board(
    view: dict[str, Any],
    names: Sequence[str],
    last: Sequence[str] = (),
    changed: Sequence[Event] = (),
    stem: str = "turn",
    words: dict[str, str] | None = None,
) -> discord.File | None:
    """The picture of a turn message: the state at a glance, made to read in Discord's inline preview
    (``last``: the lines telling the last move, with players' names; ``changed``: the public events since
    the last picture, whose changes it marks; ``words``: its heading's words, ``words_for``). ``/board``
    posts the full board. None without a picture: a failed drawing (logged), or a game without turn
    pictures."""
    if not draws(view, "render_turn"):
        return None
    args = (view, list(last), list(changed), _style(names, words))
    return await _file(render.render_turn, *args, stem=stem)


def words_for(
    language: object, view: dict[str, Any], changed: Sequence[Event], names: Sequence[str]
) -> dict[str, str]:
    """The words of a picture in ``language`` (``render.words``), with the position's own sentences: the
    pending decision's prompt and, once the game has ended, why (from ``changed``); seats named as
    ``names`` has them (pictures show names as chosen)."""
    by_seat = dict(enumerate(names))
    words = dict(_fixed_words(language_of(language), rules.ids()))
    decision = view.get("decision") or {}
    if decision.get("say"):
        words["prompt"] = wording.text_of(language, decision["say"], by_seat)
    end = next(
        (ev for ev in changed if ev.get("type") == GAME_END and (ev.get("args") or {}).get("reason")), None
    )
    if end is not None:
        words["end_reason"] = wording.text_of(language, end["args"]["reason"], by_seat)
    return words


@cache
def _fixed_words(language: str, games: tuple[str, ...]) -> dict[str, str]:
    """The words of every registered game's pictures (``games``) in ``language``, read once per
    language and registry."""
    words = {key: wording.text_of(language, said) for key, said in facts().items()}
    return words | {key: _word(language, key, english) for key, english in english_words().items()}


def _word(language: str, key: str, english: str) -> str:
    """A picture's word in ``language``, its ``{placeholders}`` kept; a word a game added before its
    catalog entries (``picture.<key>``) reads in English, as a computer level's or a score's does."""
    if not has_message(f"picture.{key}"):
        return english
    return translate(language, f"picture.{key}", **{name: f"{{{name}}}" for name in _placeholders(english)})


def _placeholders(template: str) -> list[str]:
    """The ``{names}`` of a word, kept as they are for the picture to fill."""
    return [name for _text, name, _spec, _conv in string.Formatter().parse(template) if name]


async def hand(
    view: dict[str, Any], names: Sequence[str], words: dict[str, str] | None = None
) -> discord.File | None:
    """The viewer's own hand, titled with their name: only ever sent ephemerally to that viewer (``words``:
    in their language, ``words_for``)."""
    if not draws(view, "render_hand"):
        return None
    return await _file(render.render_hand, view, _style(names, words), stem="hand")


async def player_area(
    view: dict[str, Any], seat: int, names: Sequence[str], words: dict[str, str] | None = None
) -> discord.File | None:
    """A seat's public area (``words``: in its reader's language, ``words_for``)."""
    if not draws(view, "render_player_area"):
        return None
    args = (view, seat, _style(names, words))
    return await _file(render.render_player_area, *args, stem=f"player-{seat + 1}")


async def result(
    result_data: dict[str, Any], names: list[str], rules_id: str, language: object = None
) -> discord.File | None:
    """The final score breakdown, its words in ``language``."""
    words = result_words(result_data, rules_id, language)
    return await _file(render.render_result, result_data, list(names), rules_id, words, stem="result")


async def score_chart(
    series: Sequence[Sequence[int]], names: Sequence[str], title: str, language: object = None
) -> discord.File | None:
    """Each player's public points over the game (``GameService.score_history``), its words in
    ``language``."""
    words = {key: translate(language, f"picture.chart.{key}", title="{title}") for key in CHART_WORDS}
    args = ([list(points) for points in series], list(names), title, words)
    return await _file(render.render_score_chart, *args, stem="points")


#: How long an animated replay may take in its worker: a whole game's pictures, drawn and encoded
#: (bench/replay.py: 37-52 s for 120 pictures of Great Western Trail on the 2-core machine loaded 12-19).
REPLAY_TIMEOUT = 180.0


async def replay(
    frames: Sequence[tuple[dict[str, Any], Sequence[str]]],
    names: Sequence[str],
    words: dict[str, str] | None = None,
    stem: str = "replay",
) -> tuple[bytes, str] | None:
    """A game's turn pictures as one animated picture (``render.replay``), from spectator views only, as
    its bytes and file name (kept by ``bot.ui.animations`` for the next reader);
    ``words``: the pictures' words in the reader's language (``words_for``). None without a picture: a
    failed drawing (logged), or a game without turn pictures."""
    if not frames or not draws(frames[0][0], "render_turn"):
        return None
    args = ([(view, list(lines)) for view, lines in frames], _style(names, words))
    try:
        drawing = await _drawers.draw(render_replay, *args, stem=stem, encoded=True, timeout=REPLAY_TIMEOUT)
    except DrawingFailed:
        log.exception("drawing %s failed", stem)
        return None
    return drawing.data, drawing.filename


def result_words(result_data: dict[str, Any], rules_id: str, language: object) -> dict[str, Any]:
    """The score sheet's words and the game's category labels, from the catalogs."""
    # every word the sheet draws (SHEET_WORDS); the title keeps its {title} for the sheet to fill
    words: dict[str, Any] = {
        key: translate(language, f"picture.result.{key}", title="{title}") for key in SHEET_WORDS
    }
    words["labels"] = {
        category: wording.score_label(rules_id, category, language, label)
        for category, label in result_data.get("labels", {}).items()
    }
    if has_message(f"{rules_id}.score.tiebreak"):
        words["tiebreak"] = translate(language, f"{rules_id}.score.tiebreak")
    return words
