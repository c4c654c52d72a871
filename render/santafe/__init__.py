"""Santa Fe pictures: the map with the players' panel, a player's area and the private hand."""
