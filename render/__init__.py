"""Pictures of the games, drawn with Pillow from engine views (never from raw state).

Every function takes a view (``Rules.view(state, seat)``) or a result and returns a ``PIL.Image``;
``encode`` turns any of them into upload-ready bytes. Nothing here knows about Discord or the database.

    render_board(view, style=PLAIN) -> Image
        The public board after a turn (GWT board or Santa Fe map), dispatched on ``view["game"]``.
        Only public information is drawn, so a seat's view and the spectator's give the same picture.
    render_turn(view, last=(), changed=(), style=PLAIN) -> Image
        The picture posted with each turn: the state at a glance, made to be read in Discord's preview.
    render_player_area(view, seat, style=PLAIN) -> Image
        One player's public area (GWT player board; Santa Fe: that player's money and played cards).
    render_hand(view, style=PLAIN) -> Image
        The viewer's private hand, for an ephemeral reply; ``view`` must be that seat's own view, of a game
        whose spec has ``hands=True``.
    render_result(result, names, game_id, words=None, theme=DEFAULT) -> Image
        The final score sheet from ``Rules.result`` (``rules.core.result`` shape), winners highlighted.
    render_score_chart(series, names, title, words=None, theme=DEFAULT) -> Image
        Each player's points over a game (one line per seat; ``series``: every seat's public points per
        position, ``rules.core.protocol.ScoresPositions``), for the final scores.
    render.replay.render_replay(frames, style=PLAIN, stem="replay") -> (bytes, filename)
        A game's turn pictures, one per (spectator view, lines) of ``frames``, as one animated WebP within
        Discord's upload limit (it encodes itself: an animation is no single ``Image``).
    has_picture(game, picture) -> bool
        Whether ``game``'s package draws ``picture`` ("render_turn"…); a game may have none (the tests' toys).
    encode(image, stem="board") -> (bytes, filename)
        Palette PNG (WebP if a picture would exceed 1 MiB); always at most 1 MiB.

Each game's package ``render/<game id>/`` exports ``render_board``, ``render_turn``, ``render_player_area``,
``BOARD_SIZE`` (the size of every board picture) and, for a game whose spec has ``hands=True``,
``render_hand``; the functions here find them by those names, so a new game needs no edit here. Its own
colours live in ``render/<game id>/palette.py``; ``theme`` holds only what every game shares.

``style`` (``render.style.Style``) is what a picture is drawn for besides its position: the seats' names,
the theme and the picture's words in its reader's language; ``PLAIN`` ("Player N", the default theme,
English) is how the samples and the tests draw.

``python -m render.samples OUT_DIR`` writes sample pictures of every registered game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

import rules
from render import packages
from render.chart import render_score_chart
from render.encode import encode
from render.result import render_result
from render.style import PLAIN, Style
from render.theme import DEFAULT, Theme
from rules.core.errors import SetupError
from rules.core.events import Event


def _found(game: object, picture: str) -> Callable[..., Image.Image] | None:
    """The function ``render.<game>.<picture>``, None when the game has no such picture (no package of
    pictures at all, as the tests' toy games, or not that one); each game's package exports its pictures by
    these names (``render.packages``)."""
    if not isinstance(game, str) or not game.isidentifier():  # a dotted id would reach a module inside
        return None
    module = packages.package(game)
    draw: Callable[..., Image.Image] | None = None if module is None else getattr(module, picture, None)
    return draw


def has_picture(game: object, picture: str) -> bool:
    """Whether ``game`` draws ``picture`` (``"render_turn"``, ``"render_board"``…): a game may register
    no pictures, or only some; asked in the bot's process, so a game without one is not sent to a worker
    to fail there."""
    return _found(game, picture) is not None


def _picture(game: str, picture: str, what: str) -> Callable[..., Image.Image]:
    """The function ``render.<game>.<picture>``; ``ValueError`` for a game without it."""
    draw = _found(game, picture)
    if draw is None:
        raise ValueError(f"no {what} picture for game {game!r}")
    return draw


def render_board(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    """The full board of ``view``, its words in the game's language (``render.words``; English without)."""
    return _picture(view["game"], "render_board", "board")(view, style)


def render_turn(
    view: Mapping[str, Any], last: Sequence[str] = (), changed: Sequence[Event] = (), style: Style = PLAIN
) -> Image.Image:
    """The picture of a turn message, made for Discord's inline preview (at most 1100 px wide, every text
    still at least 8 px tall when shown 550 px wide); ``last`` are the lines telling the last move and
    ``changed`` the public events since the last picture, whose changes the picture marks (each game
    knows which of its events change what); ``style.words`` its heading's words in the game's language
    (``render.words``; English without them)."""
    return _picture(view["game"], "render_turn", "turn")(view, last, changed, style)


def render_player_area(view: Mapping[str, Any], seat: int, style: Style = PLAIN) -> Image.Image:
    return _picture(view["game"], "render_player_area", "player")(view, seat, style)


def render_hand(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    game = view.get("game")
    try:
        spec = rules.spec(game)  # type: ignore[arg-type]
    except SetupError:
        raise ValueError(f"no hand picture for game {game!r}") from None
    if not spec.hands:
        raise ValueError(f"no hand picture for game {game!r}: in {spec.title} nobody holds a private hand")
    if "hand" not in view:
        raise ValueError("a hand picture needs the owner's own view (a spectator view has no hand)")
    return _picture(view["game"], "render_hand", "hand")(view, style)


__all__ = [
    "DEFAULT",
    "PLAIN",
    "Style",
    "Theme",
    "encode",
    "has_picture",
    "render_board",
    "render_hand",
    "render_player_area",
    "render_result",
    "render_score_chart",
    "render_turn",
]
