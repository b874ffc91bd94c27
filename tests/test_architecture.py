"""Architecture rules the code must keep."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = [ROOT / "game" / "rules", ROOT / "game" / "ai"]
FORBIDDEN = {"pygame", "pygame_gui"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


TRAINING_ONLY = {"numpy", "torch", "scipy", "sklearn"}
"""The train group's libraries: the shipped game evaluates its learned model in pure
Python, so no module of ``game/`` may import them."""


def test_the_game_never_imports_a_training_library() -> None:
    for path in (ROOT / "game").rglob("*.py"):
        assert not imported_modules(path) & TRAINING_ONLY, f"{path} imports a training library"


def test_engine_and_ai_sources_never_import_pygame() -> None:
    for package in PURE:
        for path in package.rglob("*.py"):
            assert not imported_modules(path) & FORBIDDEN, f"{path} imports pygame"


def test_importing_the_engine_and_ai_loads_no_pygame() -> None:
    code = (
        "import sys, game.rules, game.rules.record, game.ai;"
        "import pkgutil, importlib;"
        "[importlib.import_module(m.name) for p in ('game.rules', 'game.ai') "
        " for m in pkgutil.walk_packages(importlib.import_module(p).__path__, p + '.')];"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "[]"


def test_the_coachs_plain_answer_loads_no_search() -> None:
    """The window's process reads the coach's answers without loading the players."""
    code = (
        "import sys; import game.ai.advice, game.play.thinker;"
        "print(sorted(m for m in sys.modules if m.startswith('game.ai.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "['game.ai.advice']"


def test_no_pickle_or_eval_anywhere() -> None:
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "pickle" not in imported_modules(path), path
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"eval", "exec"}, f"{path}:{node.lineno}"


def test_translated_strings_are_literals() -> None:
    """``_("...")`` must get one literal string so Babel can extract it (values go
    in with ``.format`` afterwards, never inside the call)."""
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id == "_":
                    args = node.args
                    first = args[0] if len(args) == 1 else None
                    ok = isinstance(first, ast.Constant) and isinstance(first.value, str)
                    assert ok, f"{path}:{node.lineno}"
                if node.func.id == "ngettext":
                    literal = [isinstance(a, ast.Constant) for a in node.args[:2]]
                    assert all(literal), f"{path}:{node.lineno}"


# ------------------------------------------------------------------ the import graph

ALLOWED_CYCLES: dict[frozenset[str], str] = {}
"""Import cycles that must stay, each with the reason."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for path in (ROOT / "game").rglob("*.py")}


def project_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every project module ``path`` imports anywhere in it: at the top, inside a
    function or under ``TYPE_CHECKING`` (a hidden cycle is still a cycle)."""
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != "game":
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each project module: the project modules it imports."""
    modules = project_modules()
    return {name: project_imports(path, modules) - {name} for name, path in modules.items()}


def import_cycles(graph: dict[str, set[str]] | None = None) -> list[frozenset[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm), in
    ``graph`` or else in the modules' import graph."""
    graph = import_graph() if graph is None else graph
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(frozenset(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return cycles


def test_no_import_cycles_in_the_game() -> None:
    unexplained = [sorted(cycle) for cycle in import_cycles() if cycle not in ALLOWED_CYCLES]
    assert unexplained == []


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "game" / "a.py").write_text("from game import b\n")
    (tmp_path / "game" / "b.py").write_text("def f():\n    from game.a import x\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert import_cycles() == [frozenset({"game.a", "game.b"})]


# ------------------------------------------------------------------ package contracts

SCREEN = ("game.rules", "game.i18n", "game.play", "game.ui.kit")
"""What every screen package may use: the engine's values, the words, the sessions and
their views, and the kit."""

CONTRACTS: dict[str, tuple[str, ...]] = {
    # Files, the engine and the computer players: pure, below everything.
    "game.resources": (),
    "game.storage": (),
    "game.exits": (),
    "game.rules": (),
    "game.ai": ("game.rules",),
    "game.i18n": ("game.rules", "game.resources"),
    "game.cliargs": ("game.rules", "game.i18n"),
    "game.saves": ("game.rules", "game.i18n", "game.storage"),
    "game.settings": ("game.rules", "game.i18n", "game.saves", "game.storage", "game.resources"),
    "game.instance": ("game.storage", "game.resources"),
    "game.simulate": ("game.rules", "game.ai", "game.i18n", "game.storage", "game.cliargs"),
    # The pygame-free holders of the Match.
    "game.play": (
        "game.rules",
        "game.ai",
        "game.i18n",
        "game.saves",
        "game.storage",
        "game.settings",
        "game.resources",
    ),
    "game.net": (
        "game.rules",
        "game.ai",
        "game.play",
        "game.i18n",
        "game.saves",
        "game.storage",
        "game.settings",
        "game.resources",
    ),
    # The screens, lowest first: the kit under everything, the cards on the kit.
    "game.ui.kit": (
        "game.rules",
        "game.i18n",
        "game.play",
        "game.settings",
        "game.storage",
        "game.resources",
    ),
    "game.ui.cards": ("game.rules", "game.ui.kit"),
    # The coach's plain answer is pygame-free and loads no search.
    "game.ui.table": (*SCREEN, "game.ui.cards", "game.settings", "game.ai.advice"),
    # The table's small pictures (shadows, pills, buttons) serve the other screens too.
    "game.ui.scoresheet": (*SCREEN, "game.ui.cards", "game.ui.table.sprites"),
    "game.ui.menus": (
        *SCREEN,
        "game.ui.cards",
        "game.ui.table.sprites",
        "game.settings",
        "game.net.seatkeys",
    ),
    "game.ui.stats": (
        *SCREEN,
        "game.ui.cards",
        "game.ui.table.sprites",
        "game.storage",
        "game.resources",
    ),
    # The rules and players in words (``menus/summary.py``) are shared by the forms.
    "game.ui.newgame": (*SCREEN, "game.ui.menus.summary"),
    "game.ui.net": (*SCREEN, "game.ui.menus.summary", "game.net"),
    # The replay viewer draws with the table's painter and the score sheet's ink.
    "game.ui.replay": (*SCREEN, "game.ui.table", "game.ui.scoresheet.ink", "game.ui.menus.summary"),
    # The window, the app, the registry of every screen and the program's start.
    "game.ui": (
        "game.rules",
        "game.i18n",
        "game.play",
        "game.settings",
        "game.storage",
        "game.resources",
        "game.instance",
        "game.cliargs",
        "game.exits",
        "game.ui.kit",
        "game.ui.cards",
        "game.ui.table",
        "game.ui.scoresheet",
        "game.ui.menus",
        "game.ui.stats",
        "game.ui.newgame",
        "game.ui.net",
        "game.ui.replay",
    ),
    # The command line and the measuring commands, on top.
    "game.cli": (
        "game.rules",
        "game.i18n",
        "game.cliargs",
        "game.exits",
        "game.net",
        "game.ui.main",
        "game.ui.options",
    ),
    "game.__main__": ("game.cli", "game.exits", "game.storage", "game.resources"),
    "game.bench": (
        "game.rules",
        "game.ai",
        "game.i18n",
        "game.cliargs",
        "game.saves",
        "game.storage",
        "game.settings",
        "game.simulate",
        "game.play",
        "game.net",
        "game.ui.app",
        "game.ui.window",
        "game.ui.screenshot",
        "game.ui.kit",
        "game.ui.table",
        "game.ui.replay",
    ),
}
"""Each package of the game (a folder, or a module at the top of ``game/``) and each
sub-package of the screens: the packages and modules it may import. Its own modules
are always allowed; nothing else is."""

PYGAME_FREE = [
    name for name in CONTRACTS if not name.startswith(("game.ui", "game.bench", "game.__main__"))
]
"""The packages that must run without a window: they import no pygame."""


def package_of(module: str) -> str | None:
    """The package whose contract ``module`` keeps (the most specific one)."""
    owners = [name for name in CONTRACTS if module == name or module.startswith(name + ".")]
    return max(owners, key=len, default=None)


def covers(allowed: tuple[str, ...], target: str) -> bool:
    return any(target == entry or target.startswith(entry + ".") for entry in allowed)


def contract_violations(graph: dict[str, set[str]]) -> list[str]:
    """Each import in ``graph`` that its package's contract does not allow."""
    violations = []
    for name, targets in sorted(graph.items()):
        package = package_of(name)
        if package is None:
            continue
        for target in sorted(targets):
            if package_of(target) != package and not covers(CONTRACTS[package], target):
                violations.append(f"{name} imports {target}")
    return violations


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The modules' import graph folded into packages."""
    folded: dict[str, set[str]] = {name: set() for name in CONTRACTS}
    for name, targets in graph.items():
        package = package_of(name)
        if package is not None:
            folded[package] |= {package_of(t) or t for t in targets} - {package}
    return folded


def test_every_package_has_a_contract() -> None:
    """A new folder under ``game/`` or ``game/ui/``, or a new module at the top of
    ``game/``, needs its line in ``CONTRACTS``; a contract names only what exists."""
    game = ROOT / "game"
    expected = {module_name(path) for path in game.glob("*.py")} - {"game"}
    for folder in (game, game / "ui"):
        expected |= {module_name(p.parent) for p in folder.glob("*/__init__.py")}
    assert set(CONTRACTS) == expected
    modules = project_modules()
    unknown = [
        entry
        for entries in CONTRACTS.values()
        for entry in entries
        if not any(m == entry or m.startswith(entry + ".") for m in modules)
    ]
    assert unknown == []
    assert [name for name in modules if name != "game" and package_of(name) is None] == []


def test_packages_import_only_what_their_contracts_allow() -> None:
    assert contract_violations(import_graph()) == []


def test_no_import_cycles_between_packages() -> None:
    """Sub-packages as wholes form layers: no two of them import each other, however
    far round."""
    assert [sorted(cycle) for cycle in import_cycles(package_graph(import_graph()))] == []


def test_the_contract_check_finds_a_forbidden_import_and_a_cycle() -> None:
    graph = {
        "game.ui.kit.theme": {"game.ui.cards.art"},
        "game.ui.cards.art": {"game.ui.kit.theme"},
        "game.rules.match": {"game.play.session"},
    }
    assert contract_violations(graph) == [
        "game.rules.match imports game.play.session",
        "game.ui.kit.theme imports game.ui.cards.art",
    ]
    cycles = import_cycles(package_graph(graph))
    assert cycles == [frozenset({"game.ui.kit", "game.ui.cards"})]


def test_the_pygame_free_packages_import_no_pygame() -> None:
    for name, path in project_modules().items():
        if package_of(name) in PYGAME_FREE:
            assert not imported_modules(path) & FORBIDDEN, f"{name} imports pygame"


def test_the_screens_never_reach_the_match() -> None:
    """The UI reads the game through the session's views and explanations only, so the
    same table can show a replay or a seat played from another computer."""
    modules = project_modules()
    reaches = []
    for name, path in modules.items():
        if not name.startswith("game.ui"):
            continue
        if "game.rules.match" in project_imports(path, modules):
            reaches.append(f"{name} imports game.rules.match")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("match", "_match"):
                reaches.append(f"{name}:{node.lineno} reads .{node.attr}")
    assert reaches == []
