"""Great Western Trail's picture words (``render.words``): the English of each ``picture.gwt.*`` message of
the catalogs, and the words that are facts of the game's own catalog, as its labels say them."""

from __future__ import annotations

from typing import Any

from rules.core.texts import said
from rules.gwt.content import DISC_SPACES, NEUTRAL_BUILDINGS, OBJECTIVES, TEEPEE_SPACES, TRAIL
from rules.gwt.labels import say_disc_space, say_objective_action
from rules.gwt.words import BREEDS, say_card, say_does, say_place


def _objective_tasks(code: str) -> Any:
    """An objective card's tasks, as its card is said."""
    card = say_card(code)
    assert isinstance(card, dict), code  # an objective is said with its tasks, never as a bare name
    return card["args"]["tasks"]


FACTS: dict[str, Any] = {
    **{f"gwt.disc_space.{space}": say_disc_space(space) for space in DISC_SPACES},
    # an objective card's tasks ("2 stations, hazard") and what playing it does at once
    **{f"gwt.objective_tasks.{code}": _objective_tasks(code) for code in OBJECTIVES},
    **{f"gwt.objective_action.{c}": say_objective_action(c) for c in OBJECTIVES if say_objective_action(c)},
    # a trail place by its name ("Flood 2", "Teepee +4", "spot 12", "the start"), as moves' labels say it
    **{
        f"gwt.place.{loc}": say_place(loc)
        for loc in [*TRAIL, *TEEPEE_SPACES]
        if not isinstance(say_place(loc), str)
    },
    # what a neutral building does, in the short form of the build menus ("Guernsey → $2, hire, …")
    **{f"gwt.building_does.{code}": say_does(code) for code in NEUTRAL_BUILDINGS},
    # a breed as the edition prints it (the Japanese book translates them)
    **{f"gwt.breed.{breed}": said(f"gwt.breed.{breed}") for breed in BREEDS},
}

ENGLISH: dict[str, str] = {
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
    "gwt.objective_stack": 'stack {count} · take one with an "objective card" action',
    "gwt.figures": "cert {certs} · engine {engine}",
    "gwt.figures_turnout": "cert {certs} · engine at station {station}",
    "gwt.neutral_key": "Neutral buildings",
    "gwt.taken": "built {built} · haz {hazards} · tee {teepees}",
    "gwt.vp": "{points} VP",
    "gwt.at_39": "at 39: back 1+, +$3",
    "gwt.start": "Start",
    "gwt.kansas_city": "Kansas City",
    "gwt.risk_note": "risk",
    "gwt.risk_j_note": "risk J",
    "gwt.city_note.kansas-city": "-6 VP, +$6 each",
    "gwt.city_note.sacramento": "+6 VP",
    "gwt.city_note.san-francisco": "+9 VP each",
    "gwt.link_objective": "+obj",
    "gwt.worker_letter.cowboy": "Cb",
    "gwt.worker_letter.craftsman": "Cr",
    "gwt.worker_letter.engineer": "En",
    "gwt.breed_short.holstein": "Holstein",
    "gwt.breed_short.brown-swiss": "Br. Swiss",
    "gwt.breed_short.ayrshire": "Ayrshire",
    "gwt.breed_short.highland": "Highland",
    "gwt.breed_short.longhorn": "Longhorn",
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
    "gwt.area.certs": "certificates {count} of {limit}",
    "gwt.area.permanent": "(+{count} permanent)",
    "gwt.area.step_limit": "step limit {count}",
    "gwt.area.hand_limit": "hand limit {count}",
    "gwt.area.engine": "engine on {space}",
    "gwt.area.engine_turnout": "engine on the turnout of station {station}",
    "gwt.area.cattleman": "cattleman at {place}",
    "gwt.area.not_placed": "cattleman not yet placed",
    "gwt.area.token": "job market token (+2 VP)",
    "gwt.area.workers": "Workers",
    "gwt.area.cowboy": "Cowboys {count}",
    "gwt.area.craftsman": "Craftsmen {count}",
    "gwt.area.engineer": "Engineers {count}",
    "gwt.area.discs": "Player board discs (cleared spaces unlock)",
    "gwt.area.white": "white",
    "gwt.area.black": "black",
    "gwt.area.buildings": "Buildings still to build (craftsmen · VP)",
    "gwt.area.all_built": "all built",
    "gwt.area.tiles": "Hazards, teepees and station masters",
    "gwt.area.no_tiles": "no hazards or teepees",
    "gwt.area.objectives": "Objective area",
    "gwt.area.more": "+{count} more",
    "gwt.area.cards": "Cards",
    "gwt.area.counts": "hand {hand} · draw pile {draw} · discard pile {discard} · removed {removed}",
    "gwt.area.top": "top of discard pile:",
    "gwt.area.empty": "empty",
    "gwt.at_once": "at once: {action}",
    "gwt.card_action.gain2": "+$2",
    "gwt.card_action.aux": "aux action",
    "gwt.card_action.draw": "draw and discard\nup to 3",
    "gwt.card_action.engine2": "engine +2",
    "gwt.card_action.engine3": "engine +3",
    "gwt.card_action.move3": "move 3, no fees",
    "gwt.master_gain.money2": "+$2",
    "gwt.master_gain.perm_cert": "+cert",
    "gwt.master_gain.hazard_or_trade": "haz/trade",
    "gwt.master_label.workers": "VP/worker",
    "gwt.master_label.certificates": "3/2 certs",
    "gwt.master_label.objectives": "3/2 obj.",
    "gwt.master_label.hazards": "3/2 hazards",
    "gwt.master_label.teepees": "3/teepee pair",
    "gwt.master_worker": "master: {worker}",
    "gwt.bonus_label.hazard_free": "remove hazard",
    "gwt.bonus_label.trade": "trade",
    "gwt.bonus_label.build1": "build $1/craft.",
    "gwt.bonus_label.jersey_cert1": "J: +1 cert",
    "gwt.bonus_label.jersey_money2": "J: +$2",
    "gwt.bonus_label.hire_minus2": "hire -$2",
    "gwt.bonus_label.jersey_cert2": "J: +2 cert",
    "gwt.bonus_label.jersey_money4": "J: +$4",
    "gwt.hand.objective": "objective",
    "gwt.hand.breeding": "Breeding value at Kansas City: {value} (one card per breed counts)",
}
