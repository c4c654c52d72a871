"""Santa Fe (Alan R. Moon, 1992) for 2–5 players: the basic game, the advanced rules (option
``advanced``) and the optional track purchase (option ``buy_track``).

The board lives in ``data/map.json`` (cities, lines, terrain, railroads); replacing that one file
replaces the map. Seats are numbered from 0; seat 0 holds the First Player Train in round 1. The
rulebook gives the train to the game's owner (German) or the youngest player (English); online the
service seats players in a seeded random order by default (so the first player is drawn fairly), or
in join order, where seat 0 is the host who opened the game: the owner, as the German rules say.

Move notation (lower case; ``play`` accepts any unambiguous spelling, aliases and prefixes):

    play denver                  phase 1: play a city card (cities by slug: los-angeles, st-louis, ...)
    play double                  play a Double Turn card (not in round 1)
    play denver+branch blue      a held Branch Line card is always played with the card
    play double+branch blue
    play none                    only when the hand holds no city or Double Turn card
    lay blue chi-kcy             lay one piece of a railroad, growing from the first city id towards
                                 the second (ids from the map; repeat along a multi-piece line)
    branch blue chi-kcy          use the played Branch Line card: a new route from a city the
                                 railroad already reaches, with its first piece
    done                         Double Turn: stop after the first piece
    pass                         lay nothing (advanced game; or when only optional pieces remain);
                                 when drawing, take nothing if a Branch Line card is all there is
    keep                         Double Turn, second laying turn: keep the hand
    exchange denver topeka       ... or discard these city cards for as many from the deck
    draw city | draw double      refill the hand to five cards
    buy branch red               buy a Branch Line card ($1; $2 in the advanced game)
    draw engineer                advanced game: take an Engineer card instead of a card
    buy engineer | pass          advanced game, before round 1: buy an Engineer card for $4
    buy track red | pass         optional rule, after drawing: buy one piece for $1

Aliases: railroad names (santa fe, sp, up, great northern, kp, ...) for colours; city names or
three-letter ids for slugs; "dt" or "double turn" for "double"; "discard" for "exchange";
"lay blue chi kcy" for "lay blue chi-kcy".
"""

from rules.santafe.engine import SantaFeRules
from rules.santafe.spec import SPEC

RULES = SantaFeRules()

__all__ = ["RULES", "SPEC", "SantaFeRules"]
