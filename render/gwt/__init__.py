"""Great Western Trail pictures: the board, a player's area and the private hand."""

from render.gwt.board import render_board
from render.gwt.hand import render_hand
from render.gwt.layout import layout
from render.gwt.player import render_player_area
from render.gwt.turn import render_turn

# The size of every board picture (``render_board``): the printed board's.
BOARD_SIZE: tuple[int, int] = tuple(layout()["canvas"])

__all__ = ["BOARD_SIZE", "render_board", "render_hand", "render_player_area", "render_turn"]
