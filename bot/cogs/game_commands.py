"""The /game <id> commands that open a game, one per registered game, built from its spec.

A game registered in ``rules`` gets its command here with no edit in the bot: the description comes from
its title and player counts, ``max_players`` ranges over its player counts, and each of its options
(``Option``) becomes a typed Discord option (a choice: a list of choices; a switch: true or false; a
number: a whole number within its bounds), shown under its ``label`` and handed to ``new_game`` under its
``name``. Every game's command also takes the seat order and the timing options.

discord.py reads a command's options from its callback's signature, so each game's callback carries a
signature built from the spec (``__signature__``, which ``inspect.signature`` honours).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Literal

import discord
from discord import app_commands

import rules
from bot import i18n
from rules.core.spec import GameSpec, Option

Hours = app_commands.Range[int, 0, 24 * 30]
DeadlineAction = Literal["skip", "ai", "vote"]
SeatOrder = Literal["random", "join"]


def timing_changes(
    reminder_hours: int | None, deadline_hours: int | None, deadline_action: str | None
) -> dict[str, Any]:
    """The stored timing the options given change (minutes; 0 hours = none), by setting's name: what
    /game timing changes in a game and /admin defaults in the server's defaults. Options not given stay."""
    changes: dict[str, Any] = {}
    if reminder_hours is not None:
        changes["reminder_minutes"] = reminder_hours * 60 or None
    if deadline_hours is not None:
        changes["deadline_minutes"] = deadline_hours * 60 or None
    if deadline_action is not None:
        changes["deadline_action"] = deadline_action
    return changes


TIMING_HELP = {
    "seat_order": "random seats (default) or the order players joined",
    "reminder_hours": "hours between reminders to the player who must act (0 = none; default: server's)",
    "deadline_hours": "hours a player has for a turn (0 = no deadline; default: server's)",
    "deadline_action": "when time runs out: skip the turn, let the computer play it, or let the others vote",
    "language": "the language of the game's posts here (default: the server's)",
    "time_bank": "a bank of days per player, refilled each move, instead of a deadline (default: server's)",
    "bank_days": "a custom time bank's days per player (1-60)",
    "increment_hours": "a custom time bank's hours added per move (0-336)",
    "holiday_days": "days of holiday each player may take with /game away (0-60, default 7)",
}
# (name, type, default) of the options every game's command takes after the game's own
TIMING: tuple[tuple[str, Any, Any], ...] = (
    ("seat_order", SeatOrder, "random"),
    ("reminder_hours", Hours | None, None),
    ("deadline_hours", Hours | None, None),
    ("deadline_action", DeadlineAction | None, None),
    ("language", str | None, None),
    ("time_bank", str | None, None),
    # plain numbers: the bot itself says what is wrong with one out of bounds
    ("bank_days", int | None, None),
    ("increment_hours", int | None, None),
    ("holiday_days", int | None, None),
)
# The languages a game's posts can be in: each shown by its own name, its catalog's code sent.
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in i18n.LANGUAGE_NAMES.items()]
# The time bank's presets, each shown as people say it, its code sent (``bot.services.timebank``).
BANK_CHOICES = [
    app_commands.Choice(name="off", value="off"),
    app_commands.Choice(name="3 days + 1 day per move", value="3d+1d"),
    app_commands.Choice(name="7 days + 1 day per move", value="7d+1d"),
    app_commands.Choice(name="14 days + 2 days per move", value="14d+2d"),
    app_commands.Choice(name="custom: bank_days + increment_hours", value="custom"),
]
SHARED = ("max_players", *TIMING_HELP)

# Discord's limits (discord-docs/application-commands.mdx: the application command object and its option
# structure, and "Slash Commands"): "up to 25" subcommands in a group and options in a command, 25 choices
# and 1-100 characters of description in an option, and "a maximum of 8000 characters for combined name,
# description, and value properties for each command, its options (including subcommands and groups), and
# choices".
MAX_CHILDREN = 25
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
MAX_CHARACTERS = 8000

# (the user who opened it, the game's spec, the values of the command's options by Python name)
Opener = Callable[[discord.Interaction, GameSpec, dict[str, Any]], Awaitable[None]]


class GameCommandError(ValueError):
    """A registered game cannot become a /game command; raised while the bot starts."""


def player_counts(spec: GameSpec) -> str:
    """The numbers of players the game is for: "2-4", or "2" for a game of a fixed size."""
    if spec.min_players == spec.max_players:
        return str(spec.max_players)
    return f"{spec.min_players}-{spec.max_players}"


def description(spec: GameSpec) -> str:
    text = f"Open a game of {spec.title} ({player_counts(spec)} players) here"
    return text if len(text) <= 100 else text[:99] + "…"


def parameter_name(option: Option) -> str:
    """The callback's name for an option: its label, which may hold a hyphen Python names cannot."""
    return option.label.replace("-", "_")


def _annotation(option: Option) -> Any:
    if option.kind == "choice":
        return Literal[option.choices]  # a Literal becomes Discord choices
    if option.kind == "switch":
        return bool
    return app_commands.Range[int, option.minimum, option.maximum]


def _signature(spec: GameSpec) -> inspect.Signature:
    keyword, positional = inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD
    players = app_commands.Range[int, spec.min_players, spec.max_players]
    parameters = [
        inspect.Parameter("interaction", positional, annotation=discord.Interaction),
        inspect.Parameter("max_players", keyword, annotation=players, default=spec.max_players),
    ]
    parameters += [
        inspect.Parameter(parameter_name(o), keyword, annotation=_annotation(o), default=o.default)
        for o in spec.options
    ]
    parameters += [inspect.Parameter(name, keyword, annotation=kind, default=d) for name, kind, d in TIMING]
    return inspect.Signature(parameters)


def check_spec(spec: GameSpec) -> None:
    """Refuse, before Discord would, a game whose options cannot be a command's."""
    names = [parameter_name(o) for o in spec.options]
    clash = sorted(set(names) & set(SHARED))
    if clash:
        raise GameCommandError(
            f"{spec.id}: option {clash[0]!r} has the name of an option every game's /game command takes"
        )
    if not all(name.isidentifier() for name in names):
        raise GameCommandError(f"{spec.id}: option names must be letters, digits, _ and -: {names}")
    if len(spec.options) + len(SHARED) > MAX_OPTIONS:
        raise GameCommandError(
            f"{spec.id}: {len(spec.options)} options and the {len(SHARED)} every game takes are more than "
            f"the {MAX_OPTIONS} options Discord allows in a command"
        )
    for option in spec.options:
        if not 1 <= len(option.description) <= MAX_DESCRIPTION:
            raise GameCommandError(
                f"{spec.id}: option {option.label!r} needs a description of 1 to {MAX_DESCRIPTION} characters"
            )
        if len(option.choices) > MAX_CHOICES:
            raise GameCommandError(
                f"{spec.id}: option {option.label!r} has {len(option.choices)} choices, more than the "
                f"{MAX_CHOICES} Discord shows"
            )


def open_command(spec: GameSpec, opener: Opener) -> app_commands.Command[Any, ..., None]:
    """``/game <spec.id>``: opens a game of ``spec`` with the options given, by calling ``opener``."""
    check_spec(spec)
    # called directly, without every option, the options left out take their defaults
    defaults = {"max_players": spec.max_players, **{name: d for name, _, d in TIMING}}
    defaults |= {parameter_name(o): o.default for o in spec.options}

    async def open_game(interaction: discord.Interaction, **values: Any) -> None:
        await opener(interaction, spec, defaults | values)

    open_game.__signature__ = _signature(spec)  # type: ignore[attr-defined]
    helps = {"max_players": f"most players who may join ({player_counts(spec)})", **TIMING_HELP}
    helps |= {parameter_name(o): o.description for o in spec.options}
    app_commands.describe(**helps)(open_game)
    app_commands.choices(language=LANGUAGE_CHOICES, time_bank=BANK_CHOICES)(open_game)
    renamed = {parameter_name(o): o.label for o in spec.options if parameter_name(o) != o.label}
    if renamed:
        app_commands.rename(**renamed)(open_game)
    return app_commands.Command(name=spec.id, description=description(spec), callback=open_game)


def add_open_commands(
    group: app_commands.Group, specs: Iterable[GameSpec], opener: Opener, tree: app_commands.CommandTree
) -> None:
    """Add a /game <id> command per game to ``group``, or refuse at start-up with what is wrong."""
    specs = list(specs)
    taken = sorted({s.id for s in specs} & {c.name for c in group.commands})
    if taken:
        raise GameCommandError(f"a game's id cannot be {taken[0]!r}: /{group.name} {taken[0]} is a command")
    total = len(group.commands) + len(specs)
    if total > MAX_CHILDREN:
        raise GameCommandError(
            f"{len(specs)} games and /{group.name}'s {len(group.commands)} other commands make {total} "
            f"subcommands, more than the {MAX_CHILDREN} Discord allows in a group"
        )
    for spec in specs:
        group.add_command(open_command(spec, opener))
    size = characters(group.to_dict(tree))
    if size > MAX_CHARACTERS:
        raise GameCommandError(
            f"/{group.name} with every game's command has {size} characters of names, descriptions and "
            f"choices, more than the {MAX_CHARACTERS} Discord allows in one command"
        )


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game as a choice of a command's ``game`` option: its title shown, its id sent."""
    return [app_commands.Choice(name=spec.title, value=spec.id) for spec in rules.specs()]


def _longest(msgid: str, default: str) -> int:
    """The length of a field as Discord counts it: "only the longest localization for each field
    (including the default value)" (discord-docs/application-commands.mdx); the localisations are the
    catalogs' (``bot.translator`` names a text ``msgid`` the same way)."""
    found = (i18n.catalog(language).text(msgid, None) or "" for language in i18n.LANGUAGES)
    return max(len(default), *map(len, found))


def characters(node: dict[str, Any], path: str = "command") -> int:
    """A command's characters as Discord counts them toward its limit, in its longest localisations."""
    here = f"{path}.{node['name']}"
    total = _longest(f"{here}.name", node["name"]) + _longest(
        f"{here}.description", node.get("description", "")
    )
    total += sum(
        _longest(f"choice.{c['value']}", c["name"]) + len(str(c["value"])) for c in node.get("choices", [])
    )
    return total + sum(characters(o, here) for o in node.get("options", []))
