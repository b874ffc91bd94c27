"""A test run leaves nothing in the system's temporary folder (issue 49, item 8): the
run's home, pytest's folders and whatever the tests put in the temporary folder live in
one folder of the run's, removed when it ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = [
    "tests/test_cli_errors.py::test_the_log_falls_back_to_the_temporary_folder",
    "tests/test_cli_errors.py::test_the_output_check_changes_nothing",
]
"""Tests that write in ``tmp_path``, the run's home and the temporary folder."""


@pytest.mark.slow
def test_a_run_leaves_nothing_in_the_temporary_folder(tmp_path: Path) -> None:
    system_tmp = tmp_path / "tmp"
    system_tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(system_tmp)}
    env.pop("OHHELL_HOME", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *SAMPLE]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "2 passed" in done.stdout
    assert list(system_tmp.iterdir()) == []
