"""No code that nothing uses: vulture finds none in ``game/`` beyond the survivors
``tools/vulture_whitelist.py`` names, each with its reason."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECK = ["game", "tools/vulture_whitelist.py", "--min-confidence", "60"]


def vulture(*paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vulture", *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_nothing_in_the_game_is_dead() -> None:
    pytest.importorskip("vulture")
    done = vulture(*CHECK)
    assert done.stdout.splitlines() == [], done.stderr
    assert done.returncode == 0, done.stderr


def test_the_check_finds_a_function_nothing_calls(tmp_path: Path) -> None:
    pytest.importorskip("vulture")
    (tmp_path / "lonely.py").write_text(
        "def used():\n    return 1\n\n\nused()\n\n\ndef never():\n    return 2\n"
    )
    done = vulture(str(tmp_path), "--min-confidence", "60")
    assert [line.split(": ", 1)[1] for line in done.stdout.splitlines()] == [
        "unused function 'never' (60% confidence)"
    ]
