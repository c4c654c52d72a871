"""The texts the bot builds from what engines write, over the positions of random games and every refusal:
players by name wherever the seat has one, and nothing said twice."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from dataclasses import replace
from pathlib import Path

import pytest

import bot
from bot import i18n, messages
from bot.i18n import ENGLISH
from bot.services import GameInfo, SeatInfo, ServiceError, engine
from bot.ui import presenters
from tests.bot.ui.test_presenters import game as sample_game
from tests.rules.texts import SPOKEN_TO, doubled_sentences, random_game_texts

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin")
# "Player N" or "Seat N" written where the seat has a name
NUMBERED = re.compile(r"\b([Pp]layer|[Ss]eat) [1-9]\b")


def seated(rules_id: str, players: int) -> GameInfo:
    seats = tuple(SeatInfo(s, 100 + s, NAMES[s], False, None, "active") for s in range(players))
    title = engine.rules_for(rules_id).title
    return replace(sample_game(), rules_id=rules_id, title=title, seats=seats, max_players=players)


@pytest.mark.parametrize(
    ("rules_id", "players", "seed", "options"),
    [
        ("gwt", 2, 1, {}),
        ("gwt", 4, 2, {}),
        ("santafe", 3, 3, {"advanced": True}),
        ("santafe", 5, 4, {"buy_track": True}),
    ],
)
def test_prompts_labels_and_summaries_of_random_games(
    rules_id: str, players: int, seed: int, options: dict[str, object]
) -> None:
    rules = engine.rules_for(rules_id)
    reader = engine.Reader(dict(enumerate(NAMES[:players])))
    seen = random_game_texts(rules, players, seed, options)
    for state, events in seen.positions:
        game = replace(seated(rules_id, players), to_act=tuple(sorted(rules.to_act(state))))
        prompt = presenters.decision_prompt(rules.view(state, None), game)
        summary = [presenters.named(line, game) for line in presenters.event_lines(events)]
        labels = [label for s in game.to_act for _, label in engine.labelled_moves(rules, state, s, reader)]
        for text in [prompt, *summary, *labels]:
            assert not NUMBERED.search(text), text
            assert not doubled_sentences(text), text
        # the messages around a prompt name who acts ("your turn:", "Waiting for Bob:", "To act")
        acting = [NAMES[s] for s in game.to_act]
        assert not any(prompt.startswith(f"{name}:") for name in acting), prompt
        assert "waiting for" not in prompt.lower(), prompt
        # the public summary is read by everyone: it speaks of players, not to one of them
        assert not any(SPOKEN_TO.search(line) for line in summary if not line.startswith("🔒")), summary


def refusals() -> list[tuple[str, str]]:
    """(code, message) of every ServiceError the bot makes with a written message (placeholders as X):
    raised, or handed to the storage to raise (``set_version``'s ``refused``)."""
    for module in pkgutil.walk_packages(bot.__path__, "bot."):
        importlib.import_module(module.name)
    codes, pending = {}, [ServiceError]
    while pending:
        cls = pending.pop()
        codes[cls.__name__] = cls.code
        pending += cls.__subclasses__()
    found = []
    for path in Path(bot.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                func, text = node.func, node.args[0]
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in codes and isinstance(text, (ast.Constant, ast.JoinedStr)):
                    found.append((codes[name], _literal(text)))
                elif name in codes and _said(text) is not None:
                    found.append((codes[name], _said(text) or ""))
    return found


def _said(node: ast.expr) -> str | None:
    """The English of ``said("refusal.…", …)`` (placeholders as X), or None for anything else."""
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "said" and node.args):
        return None
    msgid = node.args[0]
    assert isinstance(msgid, ast.Constant)
    english = i18n.catalog(ENGLISH).text(str(msgid.value), 2)
    assert english is not None, msgid.value
    return re.sub(r"\{\w+\}", "X", english)


def _literal(node: ast.expr) -> str:
    if isinstance(node, ast.Constant):
        return str(node.value)
    assert isinstance(node, ast.JoinedStr)
    return "".join(_literal(part) if isinstance(part, ast.Constant) else "X" for part in node.values)


def test_every_refusal_says_each_thing_once() -> None:
    found = refusals()
    assert len(found) > 60 and {"not_host", "game_exists", "busy", "stale_version"} <= {c for c, _ in found}
    for code, message in found:
        text = messages.explain_service_error(code, message, ENGLISH)
        assert not doubled_sentences(text), text


def test_refusals_that_say_it_all_get_no_second_wording() -> None:
    for code, message in refusals():
        if code in ("not_host", "game_exists", "busy"):
            assert messages.explain_service_error(code, message, ENGLISH) == message
    stale = messages.explain_service_error(
        "stale_version", "The game has changed since that was shown.", ENGLISH
    )
    assert stale == "The game has changed since that was shown. Press Play for your current options."
