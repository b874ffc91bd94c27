"""Output never fails on its encoding (issue 49, item 6): a console or a file in a code
page that cannot hold the words (Czech in cp1252 or ASCII) gets them with what cannot be
shown replaced, and the command ends as it would have (no internal error, exit 70)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_in(encoding: str, argv: list[str], home: Path) -> tuple[int, bytes, bytes]:
    """``ohhell ARGV`` with its output and errors redirected to files in ``encoding``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUTF8"}
    env.update(PYTHONIOENCODING=encoding, PYTHONUTF8="0", OHHELL_HOME=str(home))
    out, err = home / "out.txt", home / "err.txt"
    home.mkdir(exist_ok=True)
    with out.open("wb") as stdout, err.open("wb") as stderr:
        done = subprocess.run(
            [sys.executable, "-m", "game", *argv],
            cwd=ROOT,
            env=env,
            stdout=stdout,
            stderr=stderr,
            timeout=60,
        )
    return done.returncode, out.read_bytes(), err.read_bytes()


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_czech_rules_in_a_code_page_are_written_with_replacements(
    encoding: str, tmp_path: Path
) -> None:
    status, out, err = run_in(encoding, ["rules", "oh-hell", "--lang", "cs"], tmp_path)
    assert (status, err) == (0, b"")
    text = out.decode(encoding)  # what was written is that encoding, nothing else
    assert "Oh Hell (oh-hell)" in text and "?" in text  # "hráči" cannot be: replaced
    assert len(text.splitlines()) > 10


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_czech_errors_in_a_code_page_stay_one_clear_line(encoding: str, tmp_path: Path) -> None:
    status, out, err = run_in(encoding, ["rules", "nope", "--lang", "cs"], tmp_path)
    assert (status, out) == (2, b"")
    assert err.decode(encoding).startswith("ohhell rules: ") and len(err.splitlines()) == 1
