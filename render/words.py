"""The words a picture writes around the game's own facts, in the game's language.

The bot passes them in (``picture_words``: each key's text from the catalogs, ``picture.<key>``); a
picture drawn without them (the samples, the tests) writes the English below. A word's
``{placeholders}`` are filled where it is drawn. ``prompt`` and ``end_reason`` are not words but the
position's own sentences, already in the reader's language, which the picture writes instead of the
view's English.
"""

from __future__ import annotations

from collections.abc import Mapping

Words = Mapping[str, str]

ENGLISH: dict[str, str] = {
    "last": "Last: {text}",
    "last_cut": "Last: … {text}",
    "to_act": "{names} to act",
    "game_over": "{title} · game over",
    "over": "Game over.",
    "gwt.final_turns": "last turns: {count} left",
    "gwt.job_market": "Job market by row",
    "gwt.cattle_market": "Cattle market",
    "gwt.objectives": "Open objective cards",
    "gwt.foresight": "Foresight",
    "gwt.risk_key": (
        "risk: your building there may also discard a card for {cert} certificate"
        " · risk J: a Jersey for {jersey_cert} certificate and ${jersey_money}"
    ),
    "gwt.token": "token on row {row}: hire for ${cost}",
    "gwt.draw_pile": "draw pile {count} · lower number: VP",
    "gwt.objective_stack": 'stack {count} · take one with "objective <name>"',
    "gwt.figures": "cert {certs} · engine {engine}",
    "gwt.taken": "built {built} · haz {hazards} · tee {teepees}",
    "gwt.vp": "{points} VP",
    "gwt.at_39": "at 39: back 1+, +$3",
    "gwt.start": "Start",
    "gwt.trade_only": "trade only",
    "gwt.job_market_title": "Job market",
    "gwt.players_column": "{count}p",
    "gwt.all": "all",
    "gwt.token_off": "token off: game end, +2 VP",
    "gwt.objectives_title": "Objectives",
    "gwt.supply": "Kansas City supply",
    "gwt.worker.cowboy": "cowboy",
    "gwt.worker.craftsman": "craftsman",
    "gwt.worker.engineer": "engineer",
    "gwt.token_row": "job market token's row",
    "gwt.transport_cost": "$1 transport cost",
    "gwt.fees": "fees",
    "gwt.hazard.flood": "flood",
    "gwt.hazard.drought": "drought",
    "gwt.hazard.rockfall": "rockfall",
    "gwt.woods": "woods",
    "gwt.risk_j": "risk J: discard a Jersey",
    "gwt.pile": "draw pile: {count}",
    "gwt.supply_pile": "pile {count}",
    "gwt.last_turns": "Last turns: {count} left. {prompt}",
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
}


def picture_word(picture_words: Words | None, key: str, **params: object) -> str:
    """The picture's word ``key`` in the game's language (English without ``picture_words``), filled in."""
    return (picture_words or {}).get(key, ENGLISH[key]).format(**params)
