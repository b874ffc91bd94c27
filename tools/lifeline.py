"""Figures for "processes end with their parent" (docs/robustness.md): how long a
killed program's children take to go, and how long Ctrl+C takes to end it.

    uv run python tools/lifeline.py [--runs 5]

Each case starts a program in a process group of its own (as a terminal would), waits
until its children run, then kills it with SIGKILL, or sends Ctrl+C to the group (as
a terminal does) or to the program alone, and measures. Linux only (reads /proc).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOURNAMENT = ["-m", "game", "tournament", "--seats", "hard,hard,hard,hard", "--games", "40"]
CASES: dict[str, tuple[list[str], int, str]] = {
    "tournament --jobs 2, SIGKILL": ([*TOURNAMENT, "--jobs", "2"], 2, "kill"),
    "game (demo), SIGKILL": (["-m", "game", "--demo"], 2, "kill"),
    "watchdog alone, SIGKILL": (["-m", "tests.lifeline_parent", "watchdog"], 2, "kill"),
    "game (title), Ctrl+C": (["-m", "game"], 2, "group"),
    "game (demo), Ctrl+C": (["-m", "game", "--demo"], 2, "group"),
    "tournament --jobs 2, Ctrl+C": ([*TOURNAMENT, "--jobs", "2"], 2, "group"),
    "tournament --jobs 2, SIGINT to it alone": ([*TOURNAMENT, "--jobs", "2"], 2, "alone"),
}


def children_of(parent: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def one_run(argv: list[str], children: int, how: str, home: str) -> tuple[float, float, int]:
    """Seconds until the program ended, until its children had gone, and how many
    were left after 10 s."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["OHHELL_HOME"] = home
    program = subprocess.Popen(
        [sys.executable, *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    while len(kids := children_of(program.pid)) < children:
        time.sleep(0.05)
    time.sleep(1.0)  # at work now
    kids = children_of(program.pid)
    start = time.monotonic()
    if how == "kill":
        program.kill()
    elif how == "group":
        os.killpg(program.pid, signal.SIGINT)
    else:
        program.send_signal(signal.SIGINT)
    try:
        program.wait(30)
    except subprocess.TimeoutExpired:
        program.kill()
        program.wait()
    ended = time.monotonic() - start
    while any(alive(pid) for pid in kids) and time.monotonic() - start < 10:
        time.sleep(0.005)
    gone = time.monotonic() - start
    left = [pid for pid in kids if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return ended, gone, len(left)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print("| case | runs | ended (s, median / max) | children gone (s, median / max) | left |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="ohhell-lifeline-") as home:
        for name, (argv, children, how) in CASES.items():
            runs = [one_run(argv, children, how, home) for _ in range(args.runs)]
            ended = [run[0] for run in runs]
            gone = [run[1] for run in runs]
            left = sum(run[2] for run in runs)
            print(
                f"| {name} | {args.runs} | {statistics.median(ended):.2f} / {max(ended):.2f} "
                f"| {statistics.median(gone):.2f} / {max(gone):.2f} | {left} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
