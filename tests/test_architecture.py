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


def import_cycles() -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    modules = project_modules()
    graph = {name: project_imports(path, modules) - {name} for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
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


LAYER_EXCEPTIONS: dict[tuple[str, str], str] = {}
"""Upward imports that must remain, each with the reason (none: the engine speaks no
language; its reasons are data that ``game.i18n`` words)."""


def test_layers_import_only_downwards() -> None:
    """The engine imports only itself; the AI only the engine; the pygame-free play
    and network layers no screen; nothing below the screens imports them."""
    modules = project_modules()
    allowed = {
        "game.rules": ("game.rules",),
        "game.ai": ("game.rules", "game.ai"),
        "game.i18n": ("game.rules", "game.i18n", "game.resources"),
        "game.play": (
            "game.rules",
            "game.ai",
            "game.play",
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
            "game.net",
            "game.i18n",
            "game.saves",
            "game.storage",
            "game.settings",
            "game.resources",
        ),
    }
    for name, path in modules.items():
        layer = next((key for key in allowed if name.startswith(key)), None)
        if layer is None:
            continue
        for target in project_imports(path, modules):
            ok = target.startswith(allowed[layer]) or (name, target) in LAYER_EXCEPTIONS
            assert ok, f"{name} imports {target}"
        if layer in ("game.play", "game.net", "game.i18n"):
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
