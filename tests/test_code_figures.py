"""tools/code_figures.py, which prints the "Measured" figures of docs/architecture.md:
it runs on the real tree and prints the table the document pastes, one row per package,
and it finds a name defined in two modules."""

from __future__ import annotations

import ast
import types

import pytest

from tests.tool_module import load_tool


@pytest.fixture(scope="module")
def figures() -> types.ModuleType:
    return load_tool("code_figures.py")


def test_it_prints_the_documents_table(
    figures: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert figures.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [figures.HEADER, "|---|---:|---:|---|---|"]
    for package in ("game (top level)", "game/ai", "game/play", "game/rules", "game/ui"):
        assert any(line.startswith(f"| `{package}` | ") for line in lines), package
    assert any(line.startswith("Constants (upper-case names) assigned") for line in lines)
    assert lines[-1].startswith("`dict[str, Any]` under `game/ui/`")


def test_the_table_is_pasted_in_the_architecture_document(figures: types.ModuleType) -> None:
    text = (figures.ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert figures.HEADER in text
    assert "uv run python tools/code_figures.py" in text


def test_constants_and_definitions_are_found(figures: types.ModuleType) -> None:
    source = "A = 1\nB, _C = 2, 3\nD: int = 4\nlow = 5\nE.x = 6\ndef f(): pass\ndef main(): pass"
    tree = ast.parse(source)
    assert figures.constants(tree) == {"A", "B", "D"}
    assert figures.definitions(tree) == {"f"}


def test_a_name_in_two_modules_is_counted(figures: types.ModuleType) -> None:
    homes = {"LIMIT": ["game/a.py", "game/b.py"], "ONCE": ["game/a.py"]}
    lines = figures.shared("Twice", homes)
    assert lines == ["", "Twice: 1.", "", "- `LIMIT`: game/a.py, game/b.py"]
