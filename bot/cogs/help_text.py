"""The words of /help and /rules, kept as data. Rules summaries are written for this bot from the
rulebooks; they are reminders for players, not a replacement for the rulebook."""

from __future__ import annotations

STATS_RULE = (
    "**/stats** and **/leaderboard** count only games dealt and finished on this bot. An imported game "
    "never counts, whether it arrived finished or was finished here: its deal and its earlier moves come "
    "from a file anyone can edit."
)

BOT_TOPICS: dict[str, tuple[str, str]] = {
    "start": (
        "Starting a game",
        "One game lives in one channel or thread. Open it with **/game gwt** or **/game santafe** "
        "(options: player limit, variants, reminder interval, deadline). Others take a seat with "
        "**/game join**; **/game add-ai** seats a computer player. The host starts with **/game "
        "start**; seats are drawn at random unless the host chose join order. **/game cancel** calls "
        "a waiting game off.",
    ),
    "play": (
        "Playing",
        "When it is your turn you are mentioned under the new board. Press **Play** for your choices "
        "as buttons, or type **/move** and pick from the list that appears as you type: it only ever "
        "offers legal moves. A turn with several steps stays between you and the bot until it passes,"
        " then the channel gets one summary. **/undo** takes back a step within your own turn (not "
        "after a card or tile was revealed); a Great Western Trail turn ends only when you choose "
        "**end the turn**, so its last step can still be taken back. Typing a label from the list "
        "works too. **/hand** or **Show my hand** shows your cards, only to you.",
    ),
    "follow": (
        "Following a game",
        "Anyone may watch: **/game status** shows who plays and who must act, **/board** the board "
        "now or after any earlier move, **/log** the recent moves. Nothing hidden is ever posted in "
        "the channel; the host decides with **/game pictures** whether each turn message shows the "
        "board or leaves it to /board. **/games** lists your own open games in this server, those "
        "waiting for you first."
        " **/export** downloads a finished game as a file and **/game import** continues "
        "one from it.",
    ),
    "reminders": (
        "Reminders and deadlines",
        "The player who must act is reminded at the interval the game was created with. **/notify "
        "mute** silences reminders for this turn, this game or everywhere; **/notify every** sets "
        "your own interval; direct messages are off until **/notify dm** turns them on. A game with "
        "a deadline skips the turn, lets the computer play it, or asks the others to vote "
        "(**/game vote**); the host changes this with **/game timing**.",
    ),
    "absent": (
        "Away, resigning, replacing",
        "**/game away** pauses your reminders. **/game computer** lets the computer play your seat "
        "and **/game take-back** returns it to you. **/game resign** leaves for good: the computer "
        "finishes your seat. The host or a server manager can offer a seat to someone else with "
        "**/game replace**; it changes hands when that member accepts.",
    ),
    "seats": (
        "Nobody is seated without agreeing",
        "Everyone takes their own seat: **/game join** in a lobby. A game brought in with **/game "
        "import** seats only the importer, if the file names them; every other person the file names "
        "gets a seat kept for them alone, and nobody is pinged for it. That person takes it with the "
        "button under the import or **/game join**; until then nobody plays the seat and the game waits "
        "for it (no reminders, no deadline), unless the host lets the computer play it with **/game "
        "computer**. **/game replace** only offers a seat: the member is asked, and the seat changes "
        "hands when they press **Accept**, which nobody else can press. Bots are never seated as people.",
    ),
    "stats": (
        "What counts in statistics",
        STATS_RULE + " Imported games can still be viewed, replayed and played on.",
    ),
    "admin": (
        "For server managers",
        "**/admin** (Manage Server permission): abandon a game, skip a stuck turn, hand a seat to the"
        " computer, restore a game to an earlier move, and set the reminder and deadline defaults for"
        " new games (**/admin defaults**). Each member may host a limited number of open games in the"
        " server; **/admin defaults** also sets that limit. Deleting a game's channel or thread ends"
        " its game without a result; removing the bot pauses the server's games (no reminders or"
        " deadlines) until it is added back.",
    ),
}

RULES: dict[str, dict[str, tuple[str, str]]] = {
    "gwt": {
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
            " the start (\"spot 12\" in the texts); the hazard spaces are Flood 1 to 4, Drought 1 to 4 and"
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
            "action (gain money, draw and discard, and more once you free the matching disc spaces).",
        ),
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
    },
    "santafe": {
        "goal": (
            "Goal",
            "Five railroads push west, and nobody owns them: every player builds for every railroad. You "
            "collect city cards, and at the end each city card is worth its value times the number of "
            "railroads connected to that city. Money earned as bonuses counts too.",
        ),
        "round": (
            "A round",
            "Everyone picks a card in secret, then all are revealed at once (first round: a city card). "
            "Then two rounds of track laying, each player laying one piece in turn from the first player "
            "on. Finally everyone draws back up to five cards and the first player passes the train on.",
        ),
        "cards": (
            "Cards",
            "A city card stays face up in front of you and scores at the end. A double-turn card lets you"
            " lay two pieces in each track round, doubles your bonuses that round, and in the second "
            "track round lets you swap city cards from your hand. A branch-line card is played alongside "
            "another card.",
        ),
        "track": (
            "Laying track",
            "You may lay track for any railroad. Its first piece must leave its home city (Great "
            "Northern: Milwaukee; Santa Fe and Union Pacific: Chicago; Kansas Pacific: Kansas City; "
            "Southern Pacific: New Orleans), and every later piece extends the end of its line. A line "
            "started by one railroad cannot be entered from the other end by another; where two lines "
            "join the same cities, one railroad may use only one of them.",
        ),
        "branches": (
            "Branch lines",
            "A branch-line card lets that railroad start a new route from any city it already reaches. "
            "Each railroad has two, so it can have three routes in all. You buy one with money when "
            "drawing and must play it the next round.",
        ),
        "bonuses": (
            "Bonuses",
            "The first railroad into a city earns its builder 2 dollars. Reaching a city that shows a "
            "square of that railroad's colour earns 4 more. A double-turn card doubles both.",
        ),
        "advanced": (
            "Advanced rules",
            "Everyone starts with 5 dollars, branch lines cost 2, and crossing a river or building into "
            "the mountains costs a dollar each. Engineers (bought at the start or drawn later) cross "
            "rivers for free. You may pass instead of laying track; if everyone passes in the same track "
            "round, the game ends.",
        ),
        "buy track": (
            "Buying track",
            "With this variant, after drawing cards each player may buy one piece of track for a dollar, "
            "to lay for that railroad once its public supply has run out.",
        ),
        "end": (
            "End of the game",
            "The game ends when all track is laid or a player cannot lay any piece because every railroad"
            " with track left is dead-ended. Each dollar is a point, each city card its value times the "
            "railroads reaching the city. Ties go to whoever played more 7-value city cards.",
        ),
    },
}
