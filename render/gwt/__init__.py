"""Great Western Trail pictures: the board, a player's area and the private hand."""
