"""Processes end with their parent, and Ctrl+C ends the game (issue 49, item 5).

A parent killed with SIGKILL leaves no child behind: a tournament's workers, the
children of :mod:`game.play.lifeline` held by its portable watchdog alone (what macOS
and Windows have), and a process pool's. Ctrl+C sent as a terminal sends it (to the
whole process group) ends the game, the window open and the computers thinking, with
exit 130, no traceback and no process left. Every wait is bounded by polling.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.exits import INTERRUPTED
from tests.test_orphans import alive, children_of

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

GONE_WITHIN = 5.0
"""The bound on waiting for processes to go (they take about 0.1 s: docs/robustness.md)."""


def start(argv: list[str], home: Path) -> subprocess.Popen[str]:
    """``python ARGV`` in a process group of its own, as a terminal would start it."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["OHHELL_HOME"] = str(home)
    return subprocess.Popen(
        [sys.executable, *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def wait_for_children(parent: subprocess.Popen[str], count: int) -> set[int]:
    end = time.monotonic() + 60
    while len(found := children_of(parent.pid)) < count:
        assert parent.poll() is None, parent.communicate()
        assert time.monotonic() < end, "the children did not start"
        time.sleep(0.05)
    return found


def seconds_until_gone(pids: set[int]) -> float:
    """How long the processes ``pids`` took to go (fails past :data:`GONE_WITHIN`)."""
    start_time = time.monotonic()
    while any(alive(pid) for pid in pids):
        if time.monotonic() - start_time > GONE_WITHIN:
            left = [pid for pid in pids if alive(pid)]
            for pid in left:
                os.kill(pid, signal.SIGKILL)
            pytest.fail(f"{len(left)} processes outlived their parent")
        time.sleep(0.01)
    return time.monotonic() - start_time


def killed(parent: subprocess.Popen[str], pids: set[int]) -> float:
    """How long ``pids`` took to go once ``parent`` was killed with SIGKILL."""
    parent.kill()
    parent.wait(10)
    seconds = seconds_until_gone(pids)
    parent.communicate(timeout=10)  # the children held its pipes: closed now
    return seconds


@pytest.mark.slow
def test_a_killed_tournament_leaves_no_worker(tmp_path: Path) -> None:
    argv = ["-m", "game", "tournament", "--seats", "hard,hard,hard,hard", "--games", "40"]
    tournament = start([*argv, "--jobs", "2"], tmp_path)
    workers = wait_for_children(tournament, 2)
    assert killed(tournament, workers) < GONE_WITHIN


@pytest.mark.parametrize("mode", ["watchdog", "pool"])
def test_children_follow_a_killed_parent(mode: str, tmp_path: Path) -> None:
    parent = start(["-m", "tests.lifeline_parent", mode], tmp_path)
    assert parent.stdout is not None
    pids = {int(pid) for pid in parent.stdout.readline().split()}
    assert len(pids) == 2 and pids <= children_of(parent.pid)
    assert killed(parent, pids) < GONE_WITHIN


def interrupted(process: subprocess.Popen[str], pids: set[int], group: bool) -> str:
    """Ctrl+C to ``process`` (its whole group, as a terminal sends it, when ``group``):
    it ends with 130 and ``pids`` go; its stderr."""
    if group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=GONE_WITHIN)
    # A terminal reads both as 130 (128 + SIGINT): the game's own exit status, or, when
    # the KeyboardInterrupt outruns the guard at its very start (seen under CPU load, a
    # demo 0.3 s old), Python's end by SIGINT itself, as it does on an unhandled Ctrl+C.
    assert process.returncode in (INTERRUPTED, -signal.SIGINT), err
    seconds_until_gone(pids)
    return err


@pytest.mark.slow
@pytest.mark.parametrize("argv", [[], ["--demo"]], ids=["title", "demo"])
def test_ctrl_c_ends_the_game_with_130(argv: list[str], tmp_path: Path) -> None:
    game = start(["-m", "game", *argv], tmp_path)
    try:
        helpers = wait_for_children(game, 2)  # the players' worker and a helper at least
        assert interrupted(game, helpers, group=True) == ""
    finally:
        if game.poll() is None:
            game.kill()


@pytest.mark.slow
@pytest.mark.parametrize("group", [True, False], ids=["terminal", "parent-only"])
def test_ctrl_c_stops_a_tournament_at_once(group: bool, tmp_path: Path) -> None:
    argv = ["-m", "game", "tournament", "--seats", "hard,hard,hard,hard", "--games", "40"]
    tournament = start([*argv, "--jobs", "2"], tmp_path)
    try:
        workers = wait_for_children(tournament, 2)
        assert "Traceback" not in interrupted(tournament, workers, group)
    finally:
        if tournament.poll() is None:
            tournament.kill()


STUCK_CLOSING = """
import sys, threading
from game.cli import interrupt_promptly
interrupt_promptly(float(sys.argv[1]))
try:
    print("ready", flush=True)
    threading.Event().wait()
finally:
    threading.Event().wait()  # a close that never ends (a sound device, a thread)
"""


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_ends_the_game_even_if_closing_hangs(presses: int, tmp_path: Path) -> None:
    """One Ctrl+C ends a game whose closing hangs once the grace is over (0.5 s here);
    a second one ends it at once (the grace is an hour here)."""
    grace = "0.5" if presses == 1 else "3600"
    program = start(["-c", STUCK_CLOSING, grace], tmp_path)
    try:
        assert program.stdout is not None and program.stdout.readline() == "ready\n"
        for _ in range(presses):
            program.send_signal(signal.SIGINT)
            time.sleep(0.2)  # the first press reaches the close that hangs
        assert program.wait(GONE_WITHIN) == 130, program.communicate()
    finally:
        if program.poll() is None:
            program.kill()
