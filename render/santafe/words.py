"""Santa Fe's picture words (``render.words``): the English of each ``picture.santafe.*`` message of the
catalogs, and the railroads' colours, facts of the game's own catalog as its cards name them."""

from __future__ import annotations

from typing import Any

from render.words import Words, picture_word
from rules.core.texts import said
from rules.santafe.board import RAILROADS

FACTS: dict[str, Any] = {f"santafe.colour.{colour}": said(f"santafe.colour.{colour}") for colour in RAILROADS}

ENGLISH: dict[str, str] = {
    "santafe.round": "Round {round}",
    "santafe.lay_turn": "{phase} (pass {turn})",
    "santafe.phase.choose": "choose cards",
    "santafe.phase.lay": "lay track",
    "santafe.phase.draw": "draw cards",
    "santafe.phase.engineers": "engineers",
    "santafe.phase.buy_track": "buy track",
    "santafe.phase.over": "game over",
    "santafe.win": "{names} wins with {total} points",
    "santafe.win_shared": "{names} win with {total} points",
    "santafe.ended": "Ended: {reason}",
    "santafe.figures": "{points} pts · {played} played",
    "santafe.first_player": "1st player",
    "santafe.plays": "plays {city}",
    "santafe.supply": "{railroad}: {count} left",
    "santafe.legend.railhead": "railhead",
    "santafe.legend.reaches": "reaches it",
    "santafe.legend.bonus": "bonus",
    "santafe.legend.home": "home base",
    "santafe.legend.river": "river",
    "santafe.legend.mountain": "mountain",
    "santafe.legend.just_laid": "just laid",
    "santafe.legend.laid_needed": "laid/needed",
    "santafe.over_because": "Game over: {reason}",
    "santafe.key.reaching": "railroads reaching it",
    "santafe.key.bonus": "bonus for that railroad",
    "santafe.first": "1st",
    "santafe.cards": "{count} cards",
    "santafe.played": "{played} played, {points} pts",
    "santafe.branch": "Branch {colour}",
    "santafe.engineer": "Engineer",
    "santafe.chosen": "card chosen",
    "santafe.double": "Double Turn",
    "santafe.branch_line": "Branch Line {colour}",
    "santafe.no_card": "no card",
    "santafe.branch_cards": "branch cards: {count}",
    "santafe.pile.cities": "city deck {count}",
    "santafe.pile.doubles": "Double Turn {count}",
    "santafe.pile.engineers": "Engineer {count}",
    "santafe.piles": "Piles: {piles}",
    "santafe.branch_card": "Branch Line",
    "santafe.your_play": "Your play this round: {play}.",
    "santafe.no_choice": "No card chosen yet this round.",
    "santafe.now": "now {points} pts",
    "santafe.no_railroad": "no railroad yet",
    "santafe.area.hand": "{count} cards in hand",
    "santafe.area.score": "city cards score {points} now",
    "santafe.area.branch": "Branch Line card {colour} held",
    "santafe.area.bought": "bought track: {track}",
    "santafe.area.played": "City cards played",
    "santafe.area.none": "none yet",
}


def colour(picture_words: Words | None, railroad: str) -> str:
    """A railroad's colour (its id: "blue") in the picture's language."""
    key = f"santafe.colour.{railroad}"
    return picture_word(picture_words, key) if key in FACTS else railroad
