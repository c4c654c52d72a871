"""The layer arrows of docs/architecture.md: rules/ is pure, render/ draws without Discord or a database,
bot/ui only builds, the Discord stand-in (loopback/) knows nothing of the bot and the bot reaches it only
from ``python -m bot sandbox``, and no two modules of bot/ or of rules/ import each other, even for type
hints only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_TREES = {
    path: ast.parse(path.read_text(encoding="utf-8"))
    for package in ("bot", "rules", "render", "loopback")
    for path in sorted((ROOT / package).rglob("*.py"))
}


def parse(path: Path) -> ast.Module:
    """``path``'s syntax tree, parsed when this module is collected: CPython 3.11 can refuse to build a
    deep tree ("AST constructor recursion depth mismatch") once other tests have run in the process."""
    tree = _TREES.get(path)
    return tree if tree is not None else ast.parse(path.read_text(encoding="utf-8"))


def imported_modules(package: str) -> dict[str, set[str]]:
    """Top-level module names imported by each file under ``package``."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("rules", {"discord", "sqlalchemy", "PIL", "sqlite3", "bot", "render", "random", "time", "datetime"}),
        ("render", {"discord", "sqlalchemy", "sqlite3", "bot"}),
        ("bot/services", {"discord"}),
        ("bot/storage", {"discord"}),
        ("bot/ui", {"sqlalchemy", "sqlite3"}),
        ("bot", {"loopback", "jsonschema", "emoji"}),
        ("loopback", {"bot", "rules", "render", "sqlalchemy", "sqlite3"}),
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
# The sandbox: the one module of the bot that composes it with the stand-in (imported only by the
# command that runs it, see test_only_the_sandbox_command_imports_the_stand_in).
EXCEPTIONS = {"rules/core/search.py": {"time"}, "bot/sandbox.py": {"loopback"}}


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


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports anywhere in the file (type-checking blocks and
    function bodies too). ``from package import name`` counts as importing the submodule when ``name`` is
    one, else the package."""
    modules: dict[str, Path] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules}
                found.update(subs or {base})
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_cycle_between_bot_modules() -> None:
    graph = import_graph("bot")
    assert graph.get("bot.play.controller")  # the walker sees the package
    assert cycles(graph) == []


def test_no_import_cycle_between_rules_modules() -> None:
    """A game's package, its spec and its computer players included: the spec names the players by path."""
    graph = import_graph("rules")
    assert "rules.gwt" in graph["rules.gwt.ai_search"]  # the walker sees the players read the engine
    assert cycles(graph) == []


def test_the_cycle_finder_finds_cycles() -> None:
    """A circle through a type-only import is found (so the test above can fail), a chain is not."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_client_does_not_import_the_turn_pipeline() -> None:
    """The client loads the pipeline as an extension; importing it would close a circle through the
    pipeline's type hints of the client."""
    assert not {m for m in import_graph("bot")["bot.client"] if m.startswith("bot.play")}


def module_level_imports(path: Path) -> set[str]:
    """The modules a file imports when it is imported (its top level and type-checking blocks), not the ones
    a function imports when it runs."""
    names: set[str] = set()
    for node in parse(path).body:
        for inner in ast.walk(node) if isinstance(node, ast.If) else [node]:
            if isinstance(inner, ast.Import):
                names.update(alias.name for alias in inner.names)
            elif isinstance(inner, ast.ImportFrom) and inner.module and inner.level == 0:
                names.update({inner.module} | {f"{inner.module}.{alias.name}" for alias in inner.names})
    return names


def test_only_the_sandbox_command_imports_the_stand_in() -> None:
    """The bot runs without the sandbox extra: no module of the bot imports bot.sandbox (and through it the
    stand-in) when it is imported; ``python -m bot sandbox`` loads it when it runs."""
    importers = {
        str(path.relative_to(ROOT)): "bot.sandbox" in module_level_imports(path)
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if "sandbox" in path.read_text(encoding="utf-8")
    }
    assert importers and not any(importers.values())
    assert "bot.sandbox" in (ROOT / "bot" / "__main__.py").read_text(encoding="utf-8")


def test_the_top_level_walker_skips_function_bodies(tmp_path: Path) -> None:
    """A lazy import is not counted, a top-level or type-checking one is (so the test above can fail)."""
    path = tmp_path / "module.py"
    path.write_text(
        "import a\nfrom b import c\nif TYPE_CHECKING:\n    import d\ndef run():\n    import bot.sandbox\n"
    )
    assert module_level_imports(path) == {"a", "b", "b.c", "d"}


def test_the_bot_asks_for_optional_engine_capabilities_by_their_protocols() -> None:
    """The bot finds an engine's optional capabilities with ``isinstance(engine, SaysMoves)`` and the like
    (``rules.core.protocol.OPTIONAL``), so mypy checks each call; never by ``getattr``/``hasattr`` of a
    method's name, which mypy cannot follow."""
    from rules.core.protocol import OPTIONAL

    methods = {name for capability in OPTIONAL for name in vars(capability) if not name.startswith("_")}
    offenders = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, tree in _TREES.items()
        if path.relative_to(ROOT).parts[0] in ("bot", "render")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
        and node.args[1].value in methods
    ]
    assert methods and not offenders
