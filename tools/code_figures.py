"""Print the "Measured" figures of docs/architecture.md from the code as it is:
``uv run python tools/code_figures.py``.

Per package of ``game/``: modules, lines, the largest class and the largest
function; then the names defined at the top of more than one module, and the
``dict[str, Any]`` annotations under ``game/ui/`` outside pygame_gui's theme.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
THEME_JSON = GAME / "ui" / "kit" / "gui.py"
"""pygame_gui's theme is JSON of its own, not a record."""


def package_of(path: Path) -> str:
    parts = path.relative_to(GAME).parts
    return f"game/{parts[0]}" if len(parts) > 1 else "game (top level)"


def largest(tree: ast.AST, kind: type[ast.AST] | tuple[type[ast.AST], ...]) -> tuple[int, str]:
    """The longest node of ``kind`` in ``tree``: its lines and name."""
    best = (0, "")
    for node in ast.walk(tree):
        if isinstance(node, kind):
            assert isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            best = max(best, (size, node.name))
    return best


def top_level_names(tree: ast.Module) -> set[str]:
    kinds = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {node.name for node in tree.body if isinstance(node, kinds)}


def main() -> int:
    modules: dict[str, int] = defaultdict(int)
    lines: dict[str, int] = defaultdict(int)
    classes: dict[str, tuple[int, str]] = defaultdict(lambda: (0, ""))
    functions: dict[str, tuple[int, str]] = defaultdict(lambda: (0, ""))
    homes: dict[str, list[str]] = defaultdict(list)
    loose_dicts = 0
    for path in sorted(GAME.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        package = package_of(path)
        modules[package] += 1
        lines[package] += text.count("\n")
        classes[package] = max(classes[package], largest(tree, ast.ClassDef))
        functions[package] = max(
            functions[package], largest(tree, (ast.FunctionDef, ast.AsyncFunctionDef))
        )
        for name in top_level_names(tree):
            if not name.startswith("_") and name != "main":
                homes[name].append(path.relative_to(ROOT).as_posix())
        if path.is_relative_to(GAME / "ui") and path != THEME_JSON:
            loose_dicts += text.count("dict[str, Any]")
    print("| package | modules | lines | largest class | largest function |")
    print("|---|---:|---:|---|---|")
    for package in sorted(modules):
        size, name = classes[package]
        fsize, fname = functions[package]
        cls = f"`{name}` {size}" if name else "—"
        print(
            f"| `{package}` | {modules[package]} | {lines[package]:,} | {cls} | `{fname}` {fsize} |"
        )
    shared = {name: places for name, places in homes.items() if len(places) > 1}
    print()
    print(f"Names defined at the top of more than one module: {len(shared)}")
    for name, places in sorted(shared.items()):
        print(f"- `{name}`: {', '.join(places)}")
    print(f"`dict[str, Any]` under game/ui (outside the pygame_gui theme): {loose_dicts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
