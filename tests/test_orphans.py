"""No process outlives the game (issue 33, item 5): the game is killed with SIGKILL
while its players' worker and helpers are searching, and within a few seconds none
of the processes it started is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import wait_until

ROOT = Path(__file__).resolve().parent.parent


def children_of(parent: int) -> set[int]:
    """The processes whose parent is ``parent`` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            found.add(int(entry))
    return found


def cpu_seconds(pid: int) -> float:
    """The processor time ``pid`` has used (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_no_process_outlives_a_killed_game(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["OHHELL_HOME"] = str(tmp_path)
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "--demo"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until(
            lambda: len(children_of(game.pid)) >= 2,  # the worker and a helper at least
            "a worker started",
            pause=0.2,
        )
        wait_until(
            lambda: sum(map(cpu_seconds, children_of(game.pid))) >= 1.0,
            "the computers thinking",
            pause=0.1,
        )
        started = children_of(game.pid)
        game.send_signal(signal.SIGKILL)
        game.wait(10)
        wait_until(
            lambda: not any(alive(pid) for pid in started),
            "every process the game started ending with it",
            10,
            pause=0.2,
        )
    finally:
        if game.poll() is None:
            game.kill()
