"""The layer arrows of DESIGN.md: rules/ is pure, render/ draws without Discord or a database."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(package: str) -> dict[str, set[str]]:
    """Top-level module names imported by each file under ``package``."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("rules", {"discord", "aiosqlite", "PIL", "sqlite3", "bot", "render", "random", "time", "datetime"}),
        ("render", {"discord", "aiosqlite", "sqlite3", "bot"}),
        ("bot/services", {"discord"}),
        ("bot/storage", {"discord"}),
    ],
)
def test_layer_does_not_import(package: str, forbidden: set[str]) -> None:
    """No file of a layer imports what the layer must not know about."""
    files = imported_modules(package)
    if not files:
        pytest.skip(f"{package} has no modules yet")
    offenders = {f: sorted(names & forbidden - EXCEPTIONS.get(f, set())) for f, names in files.items()}
    assert {f: names for f, names in offenders.items() if names} == {}


# The one clock in rules/: a thinking computer player's budget is CPU seconds (rules.core.spec.Budget);
# with a playout budget instead its moves depend on nothing but the view and the seed.
EXCEPTIONS = {"rules/core/search.py": {"time"}}


def test_the_checker_sees_imports(tmp_path: Path) -> None:
    """The import walker finds both import forms (so the test above can fail)."""
    names = set()
    tree = ast.parse("import discord.ext\nfrom PIL import Image\n")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    assert names == {"discord", "PIL"}
