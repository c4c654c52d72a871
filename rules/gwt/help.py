"""Great Western Trail by topic for /rules: summaries written for this bot from the rulebook, reminders for
players, not a replacement for the rulebook. Topic key -> (title, text); "goal" comes first."""

from __future__ import annotations

from rules.gwt.buildings import table

TOPICS: dict[str, tuple[str, str]] = {
    "goal": (
        "Goal",
        "You are a rancher driving cattle from Texas to Kansas City and shipping them by rail. Points"
        " come from deliveries to far cities, buildings, station masters, hazards and teepees, cattle"
        " cards, objectives, workers and your train's progress. Most points wins.",
    ),
    "places": (
        "Names of places",
        "Every place on the trail has a short name, printed beside it on the board picture: the "
        "neutral buildings are A to G; the building spaces are numbered 1 to 22 along the trail from"
        ' the start ("spot 12" in the texts); the hazard spaces are Flood 1 to 4, Drought 1 to 4 and'
        " Rockfall 1 to 4, counted from the fork where each row begins; the teepee spaces are named by"
        " the trade value printed on them, Teepee -3 to Teepee +10. Type moves with these names: "
        "**move 12**, **move spot 12**, **build 4a 12**, **remove flood 2**, **trade teepee +4**.",
    ),
    "turn": (
        "A turn",
        "A turn has three parts: move your cattleman along the trail, use the place where you stop, "
        "then refill your hand to your hand limit. Each building, hazard or teepee you pass counts as"
        " a step; empty spaces do not. You may move at least 1 step and at most your step limit (3 or"
        " 4 at the start, up to 5 later). You may not move past Kansas City.",
    ),
    "fees": (
        "Fees",
        "Moving onto or past a location with a green or black hand costs a fee: to the bank for a "
        "hazard or teepee, to the owner for another player's building. With 2 players every hand "
        "costs 2 dollars; with 3, green 2 and black 1; with 4, green 1 and black 2. If you cannot "
        "pay, pay what you can and keep moving.",
    ),
    "buildings": (
        "Buildings",
        "On a neutral building or one of your own you take its local actions, in any order, each "
        "optional. On someone else's building, a hazard or a teepee you instead take one auxiliary "
        "action (gain money, draw and discard, and more once you free the matching disc spaces). "
        "**all buildings** lists what each does; **building 4a** (or any other) explains one.",
    ),
    "all buildings": table(),
    "building": (
        "Building your own",
        "Craftsmen build: place a private building on an empty building space (or replace one of "
        "yours with a bigger one, paying only the difference in craftsmen). Each craftsman needed "
        "costs 2 dollars. Buildings add actions on the trail and their own points at the end.",
    ),
    "workers": (
        "Workers",
        "Cowboys buy cattle at the market, craftsmen build, engineers move your train. Hire them from"
        " the job market; new workers arrive there from the Kansas City foresight tiles, and a full "
        "job market ends the game. Full rows of workers are worth points at the end.",
    ),
    "kansas city": (
        "Kansas City",
        "In Kansas City you first take one foresight tile from each of the three columns: workers go "
        "to the job market, hazards and teepees onto the trail. Then your income: the breeding values"
        " of the different cattle types in your hand plus the certificates you use. Then deliver to a"
        " city whose value is at most that total, paying a dollar for each cross between your engine "
        "and the city.",
    ),
    "railroad": (
        "Railroad and stations",
        "Engineers let your engine move along the railroad. Passing a station you may upgrade it, "
        "paying its cost and placing one of your discs there, and you may then swap one of your "
        "workers for the station master tile waiting there. A farther engine makes deliveries "
        "cheaper.",
    ),
    "cattle": (
        "Cattle market",
        "With cowboys you buy cattle of higher breeding value from the market. Better cattle make "
        "bigger deliveries; each card also carries victory points.",
    ),
    "objectives": (
        "Objectives",
        "Objective cards go to your discard pile and come into your hand like cattle. Playing one "
        "gives an immediate bonus; at the end it scores if its conditions are met and costs points if"
        " you committed to it and failed.",
    ),
    "end": (
        "End of the game",
        "When a worker placed in Kansas City fills the last space of the job market, that player "
        "takes the job market token (2 points at the end) and has finished; everyone else plays one "
        "final turn, then the scores are added up.",
    ),
}
