"""Santa Fe pictures: the map with the players' panel, a player's area and the private hand."""

from render.santafe.board import render_map as render_board
from render.santafe.hand import render_hand
from render.santafe.player import render_player_area
from render.santafe.static import CANVAS as BOARD_SIZE
from render.santafe.turn import render_turn

__all__ = ["BOARD_SIZE", "render_board", "render_hand", "render_player_area", "render_turn"]
