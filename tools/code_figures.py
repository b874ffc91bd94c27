"""Print the "Measured" figures of docs/architecture.md, in Markdown, from the code as
it is: ``uv run python tools/code_figures.py``.

Per package of ``game/``: modules, lines, the largest class and the largest function;
then the classes and functions, and the constants, defined at the top of more than one
module; and the ``dict[str, Any]`` annotations under ``game/ui/`` outside pygame_gui's
theme. The output is pasted into the document as it is printed.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
THEME_JSON = GAME / "ui" / "kit" / "gui.py"
"""pygame_gui's theme is JSON of its own, not a record."""
HEADER = "| package | modules | lines | largest class | largest function |"


@dataclass
class Package:
    modules: int = 0
    lines: int = 0
    largest_class: tuple[int, str] = (0, "")
    largest_function: tuple[int, str] = (0, "")


@dataclass
class Figures:
    packages: dict[str, Package] = field(default_factory=lambda: defaultdict(Package))
    definitions: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    """Each public class or function defined at a module's top: the modules."""
    constants: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    """Each upper-case name assigned at a module's top: the modules."""
    loose_dicts: int = 0


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


def definitions(tree: ast.Module) -> set[str]:
    """The public classes and functions defined at the top of a module (``main`` aside:
    every command has one)."""
    kinds = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    names = {node.name for node in tree.body if isinstance(node, kinds)}
    return {name for name in names if not name.startswith("_") and name != "main"}


def constants(tree: ast.Module) -> set[str]:
    """The public upper-case names assigned at the top of a module (``A = 1``,
    ``B, C = 2, 3``, ``D: int = 4``)."""
    return {
        name.id
        for target in _targets(tree)
        for name in ([target] if isinstance(target, ast.Name) else getattr(target, "elts", []))
        if isinstance(name, ast.Name) and name.id.isupper() and not name.id.startswith("_")
    }


def _targets(tree: ast.Module) -> Iterator[ast.expr]:
    for node in tree.body:
        if isinstance(node, ast.Assign):
            yield from node.targets
        elif isinstance(node, ast.AnnAssign):
            yield node.target


def measure(game: Path = GAME) -> Figures:
    figures = Figures()
    for path in sorted(game.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        package = figures.packages[package_of(path)]
        package.modules += 1
        package.lines += text.count("\n")
        package.largest_class = max(package.largest_class, largest(tree, ast.ClassDef))
        functions = largest(tree, (ast.FunctionDef, ast.AsyncFunctionDef))
        package.largest_function = max(package.largest_function, functions)
        where = path.relative_to(ROOT).as_posix()
        for name in definitions(tree):
            figures.definitions[name].append(where)
        for name in constants(tree):
            figures.constants[name].append(where)
        if path.is_relative_to(game / "ui") and path != THEME_JSON:
            figures.loose_dicts += text.count("dict[str, Any]")
    return figures


def table(figures: Figures) -> list[str]:
    lines = [HEADER, "|---|---:|---:|---|---|"]
    for name, package in sorted(figures.packages.items()):
        size, cls = package.largest_class
        fsize, function = package.largest_function
        biggest = f"`{cls}` {size}" if cls else "—"
        lines.append(
            f"| `{name}` | {package.modules} | {package.lines:,} | {biggest} "
            f"| `{function}` {fsize} |"
        )
    return lines


def shared(title: str, homes: dict[str, list[str]]) -> list[str]:
    """A count of the names defined in more than one module, then the list of them."""
    twice = {name: places for name, places in sorted(homes.items()) if len(places) > 1}
    lines = ["", f"{title}: {len(twice)}."]
    if twice:
        lines.append("")
        lines += [f"- `{name}`: {', '.join(places)}" for name, places in twice.items()]
    return lines


def report(figures: Figures) -> str:
    lines = table(figures)
    lines += shared(
        "Classes and functions defined at the top of more than one module", figures.definitions
    )
    lines += shared(
        "Constants (upper-case names) assigned at the top of more than one module",
        figures.constants,
    )
    lines += [
        "",
        f"`dict[str, Any]` under `game/ui/` outside pygame_gui's theme: {figures.loose_dicts}.",
    ]
    return "\n".join(lines)


def main() -> int:
    print(report(measure()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
