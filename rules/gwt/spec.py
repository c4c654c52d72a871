"""Great Western Trail as the bot presents it: title, colour, options, help, computer players."""

from __future__ import annotations

from rules.core.spec import Computer, GameSpec, Option
from rules.gwt.buildings import topics as building_topics
from rules.gwt.help import TOPICS
from rules.gwt.setup import DEFAULTS, OPTION_VALUES

SPEC = GameSpec(
    id="gwt",
    title="Great Western Trail",
    summary="drive cattle to Kansas City, ship them by rail, build the trail",
    min_players=2,
    max_players=4,
    colour=(176, 96, 40),
    options=(
        Option(
            "building_sides",
            "private buildings: all side A (the rulebook's first game) or a random side each",
            choices=OPTION_VALUES["building_sides"],
            default=DEFAULTS["building_sides"],
        ),
        Option(
            "neutral",
            "neutral buildings in the rulebook's fixed order, or shuffled",
            choices=OPTION_VALUES["neutral"],
            default=DEFAULTS["neutral"],
            label="neutral_buildings",
        ),
    ),
    help=TOPICS,
    subtopics=building_topics(),
    computers={
        1: Computer("beginner: plays by a heuristic weighing each move", "rules.gwt.ai:heuristic_player"),
        2: Computer("casual, builds: stops along the trail; tries its best moves out in games played on",
                    "rules.gwt.ai_search:search_player", thinks=True),
        3: Computer("casual, races: hurries to Kansas City and plays for the lead; tries its moves out too",
                    "rules.gwt.ai_race:race_player", thinks=True),
        4: Computer("strong: tries its best moves out, valuing each position by what it is worth at the end",
                    "rules.gwt.ai_plan:plan_player", thinks=True),
    },
    hands=True,
    # a turn is a move and the actions where the cattleman stops, some four searched decisions; a
    # decision's move stops changing after a tenth of a second or so (bench/agreement.py), so a second a
    # turn buys what two did, and keeps a computer's turn to a second's wait (bench/README.md)
    think_seconds=1.0,
)
