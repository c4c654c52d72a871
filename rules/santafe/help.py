"""Santa Fe by topic for /rules: summaries written for this bot from the rulebook, reminders for
players, not a replacement for the rulebook. Topic key -> (title, text); "goal" comes first."""

from __future__ import annotations

TOPICS: dict[str, tuple[str, str]] = {
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
}
