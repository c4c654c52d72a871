"""The Great Western Trail board picture: the cached printed board plus this turn's pieces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.draw import disc, fit_text, text, text_width
from render.gwt import pieces
from render.gwt.figures import figures
from render.gwt.layout import cattleman_point, layout, point, rail_point
from render.gwt.static import JOB_COLUMNS, board_layer, foresight_x, job_cell
from render.names import seat_name, with_names
from render.scene import Scene
from render.style import PLAIN, Style
from render.theme import Theme, text_on
from render.words import Words, layer_key, picture_word

CITY_SLOTS = 4


def render_board(view: Mapping[str, Any], style: Style = PLAIN) -> Image.Image:
    """The whole board as ``view`` shows it; only public parts are drawn, so every seat's view and the
    spectator's give the same picture."""
    theme, picture_words = style.theme, style.words
    img = board_layer(theme, int(view["players"]), layer_key(picture_words))
    d = ImageDraw.Draw(img)
    board = view["board"]
    scene = Scene(d, view, style)
    _trail(scene)
    _cities(d, board, theme)
    _railroad(scene)
    _job_market(d, board, int(view["players"]), theme, picture_words)
    _cattle_market(d, board, theme, picture_words)
    _foresight(d, board, theme, picture_words)
    _objectives(d, board, theme, picture_words)
    _status(scene)
    return img


def _trail(scene: Scene) -> None:
    """The tiles on the trail and the cattlemen standing on it."""
    d, view, (_names, theme, said) = scene
    r = layout()["node_radius"]
    for location, code in view["board"]["trail"].items():
        if code:
            pieces.tile(d, point(location), code, theme, half=r, said=said)
    for location, here in pieces.standing(view["seats"]).items():
        for index, seat in enumerate(here):
            pieces.cattleman(d, cattleman_point(location, index, len(here)), seat, theme)


def _cities(d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme) -> None:
    cities = layout()["cities"]
    for city, seats in board["cities"].items():
        x0, _y0, _, y1 = cities[city]["box"]
        for seat in sorted(set(seats)):
            cx = x0 + 20 + seat * 34
            disc(d, (cx, y1 - 20), 12, theme.player(seat), theme.ink, seat + 1, size=theme.text_small)
            count = seats.count(seat)
            if count > 1:
                text(
                    d,
                    (cx + 14, y1 - 12),
                    f"x{count}",
                    theme.text_small - 3,
                    theme.ink,
                    anchor="lm",
                    bold=True,
                )


def _railroad(scene: Scene) -> None:
    """The stations' discs and masters, and every player's engine."""
    d, view, (_names, theme, said) = scene
    stations = layout()["railroad"]["stations"]
    for station in view["board"]["stations"]:
        x, y = stations[str(station["station"])]["turnout"]
        for seat in station["discs"]:
            disc(d, (x - 33 + seat * 22, y + 10), 9, theme.player(seat), theme.ink, seat + 1, size=12)
        if station["master"]:
            _master(d, (x, y), pieces.master_label(station["master"], said), theme)
        elif station["master_worker"]:
            worker = picture_word(said, f"gwt.worker.{station['master_worker']}")
            master = picture_word(said, "gwt.master_worker", worker=worker)
            text(
                d, (x, y + 27), fit_text(master, theme.text_small - 4, 104), theme.text_small - 4, theme.muted
            )
    at_zero = 0
    for seat, player in enumerate(view["seats"]):
        space = str(player.get("engine", "0"))
        x, y = rail_point(space)
        if space == "0":
            x, y = x - 14 + (at_zero % 2) * 28, y - 26 + (at_zero // 2) * 52
            at_zero += 1
        pieces.engine(d, (x, y), seat, theme)


def _master(d: ImageDraw.ImageDraw, turnout: tuple[float, float], label: str, theme: Theme) -> None:
    """A station master's gain and scoring under the station's discs: on one line where it fits, else its
    two parts on a line each (a longer language's words are not cut short)."""
    x, y = turnout
    size = theme.text_small - 4
    if text_width(label, size) <= 104:
        text(d, (x, y + 27), label, size, theme.ink)
        return
    for k, part in enumerate(label.split(" · ", 1)):
        text(d, (x, y + 20 + k * 10), fit_text(part, size - 1, 104), size - 1, theme.ink)


def _job_market(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], players: int, theme: Theme, said: Words | None = None
) -> None:
    """Workers fill each row from the left, the order they were placed in; the row holding the job market
    token is framed."""
    market = board["job_market"]
    for row, workers in enumerate(market["rows"]):
        for k, code in enumerate(workers):
            x0, y0, x1, y1 = job_cell(row, 1 + k)
            pieces.worker(d, ((x0 + x1) / 2, (y0 + y1) / 2), code, theme, half=15, said=said)
    token = int(market["token_row"]) - 1
    if token < len(market["costs"]):
        usable = sum(1 for _, needs in JOB_COLUMNS if players >= needs)
        x0, y0, _, _ = job_cell(token, 0)
        _, _, x1, y1 = job_cell(token, usable)
        d.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=6, outline=theme.ink, width=3)


def _cattle_market(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    x0, y0, x1, y1 = layout()["regions"]["cattle_market"]
    cards = sorted(board["cattle_market"], key=lambda c: (pieces.CATTLE.get(c, ("", 0, 0))[1:], c))
    for i, code in enumerate(cards):
        cx = x0 + 6 + (i % 4) * 44
        cy = y0 + 32 + (i // 4) * 68
        pieces.cattle_card(d, (cx, cy, cx + 40, cy + 62), code, theme, picture_words)
    _pile(d, ((x0 + x1) / 2, y1 - 12), board["cattle_stack_size"], theme, picture_words)


def _pile(
    d: ImageDraw.ImageDraw, at: tuple[float, float], count: int, theme: Theme, picture_words: Words | None
) -> None:
    """How many cards are left in a display's draw pile, under the display."""
    text(d, at, picture_word(picture_words, "gwt.pile", count=count), theme.text_small - 2, theme.muted)


def _foresight(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    _x0, y0, _, y1 = layout()["regions"]["foresight"]
    for column, size in enumerate(board.get("supply_sizes", [])):
        pile = picture_word(picture_words, "gwt.supply_pile", count=size)
        text(d, (foresight_x(column), y1 - 10), pile, theme.text_small - 4, theme.muted)
    for column, tiles in enumerate(board["foresight"]):
        for row, code in enumerate(tiles):
            if code:
                centre = (foresight_x(column), y0 + 82 + row * 62)
                pieces.tile(d, centre, code, theme, half=22, said=picture_words)


def _objectives(
    d: ImageDraw.ImageDraw, board: Mapping[str, Any], theme: Theme, picture_words: Words | None = None
) -> None:
    x0, y0, x1, y1 = layout()["regions"]["objectives"]
    for i, code in enumerate(board["objective_display"]):
        cx = x0 + 8 + (i % 2) * 86
        cy = y0 + 32 + (i // 2) * 88
        pieces.objective_card(d, (cx, cy, cx + 80, cy + 80), code, theme, picture_words)
    _pile(d, ((x0 + x1) / 2, y1 - 14), board["objective_stack_size"], theme, picture_words)


def _status(scene: Scene) -> None:
    d, view, (names, theme, picture_words) = scene
    x0, y0, x1, _ = layout()["regions"]["status"]
    to_act = set(view.get("to_act", []))
    x = x0 + 14
    step = (x1 - x0 - 20) / len(view["seats"])
    for seat, player in enumerate(view["seats"]):
        colour = theme.player(seat)
        if seat in to_act:
            d.rounded_rectangle(
                (x - 6, y0 + 6, x + step - 10, y0 + 40), radius=8, outline=theme.highlight, width=3
            )
        disc(d, (x + 12, y0 + 23), 12, colour, theme.ink, seat + 1, size=theme.text_small)
        name = fit_text(seat_name(names, seat), theme.text, 110)
        text(d, (x + 30, y0 + 23), name, theme.text, theme.ink, anchor="lm", bold=True)
        left = x + 36 + text_width(name, theme.text)
        money = f"${player['money']}"
        text(d, (left, y0 + 23), money, theme.text, theme.money, anchor="lm", bold=True)
        left += text_width(money, theme.text) + 8
        first, second = figures(view, seat, picture_words)
        more = fit_text(f"{first} · {second}", theme.text_small - 2, x + step - 16 - left)
        text(d, (left, y0 + 24), more, theme.text_small - 2, theme.ink, anchor="lm")
        x += step
    prompt = prompt_line(view, names, picture_words)
    text(
        d, (x0 + 14, y0 + 54), fit_text(prompt, theme.text, x1 - x0 - 28), theme.text, theme.ink, anchor="lm"
    )


def prompt_line(
    view: Mapping[str, Any], names: Sequence[str] | None, picture_words: Words | None = None
) -> str:
    """The status line under the players: who must decide what (the game has no rounds to count)."""
    if view.get("over"):
        return picture_word(picture_words, "over")
    said = (picture_words or {}).get("prompt") or (view.get("decision") or {}).get("prompt", "")
    prompt = with_names(said, names)
    final_turns = view["board"].get("final_turns")
    if final_turns is None:
        return prompt
    return picture_word(picture_words, "gwt.last_turns", count=final_turns, prompt=prompt)


__all__ = ["render_board", "text_on"]
