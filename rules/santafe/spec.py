"""Santa Fe as the bot presents it: title, colour, options, help, computer players."""

from __future__ import annotations

from rules.core.spec import Computer, GameSpec, Option
from rules.santafe.help import TOPICS

SPEC = GameSpec(
    id="santafe",
    title="Santa Fe",
    summary="lay track for five railroads and connect the cities you hold",
    min_players=2,
    max_players=5,
    colour=(40, 96, 160),
    options=(
        Option("advanced", "the rulebook's advanced game: rivers, mountains and engineers"),
        Option("buy_track", "the rulebook's optional rule: buy a piece of track each round"),
    ),
    help=TOPICS,
    computers={
        1: Computer("plays sensibly: a heuristic weighing each move", "rules.santafe.ai:heuristic_player"),
        2: Computer(
            "looks ahead: weighs each piece of track with the best piece it could lay next",
            "rules.santafe.ai:lookahead_player",
        ),
        3: Computer("searches: tries its best moves out in games played on from what it sees",
                    "rules.santafe.ai_search:search_player", thinks=True),
    },
    hands=True,
    tiebreak="Tie-break (7-value cards)",
)
