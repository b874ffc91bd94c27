"""Architecture rules the code must keep."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


def test_engine_and_ai_sources_never_import_pygame():
    for package in PURE:
        for path in package.rglob("*.py"):
            assert not imported_modules(path) & FORBIDDEN, f"{path} imports pygame"


def test_importing_the_engine_and_ai_loads_no_pygame():
    code = (
        "import sys, game.rules, game.rules.record, game.rules.describe, game.ai;"
        "import pkgutil, importlib;"
        "[importlib.import_module(m.name) for p in ('game.rules', 'game.ai') "
        " for m in pkgutil.walk_packages(importlib.import_module(p).__path__, p + '.')];"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "[]"


def test_no_pickle_or_eval_anywhere():
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "pickle" not in imported_modules(path), path
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"eval", "exec"}, f"{path}:{node.lineno}"


def test_translated_strings_are_literals():
    """``_("...")`` must get one literal string so Babel can extract it (values go
    in with ``.format`` afterwards, never inside the call)."""
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id == "_":
                    args = node.args
                    ok = len(args) == 1 and isinstance(args[0], ast.Constant)
                    assert ok and isinstance(args[0].value, str), f"{path}:{node.lineno}"
                if node.func.id == "ngettext":
                    literal = [isinstance(a, ast.Constant) for a in node.args[:2]]
                    assert all(literal), f"{path}:{node.lineno}"
