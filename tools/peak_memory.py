"""Run a command and report its wall time and the peak memory of its whole process tree
(the sum of every descendant's proportional set size, sampled every 0.2 s from /proc), with
the processes that held the most at that moment: ``uv run python tools/peak_memory.py
-- uv run pytest``. Linux only."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(parent, []).append(int(entry.name))
    return tree


def _rss(pid: int) -> tuple[int, str]:
    """The proportional set size of ``pid`` (pages shared with a forked parent counted
    once between them), or its resident size where the kernel gives no PSS."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024, command.strip()[:120]
        except OSError:
            pass
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0, ""
    return pages * PAGE, command.strip()[:120]


def tree_memory(root: int) -> tuple[int, list[tuple[int, str]]]:
    """The resident bytes of ``root`` and all its descendants, and each one's."""
    tree = _children()
    todo, seen = [root], []
    while todo:
        pid = todo.pop()
        seen.append(pid)
        todo += tree.get(pid, [])
    each = sorted((_rss(pid) for pid in seen), reverse=True)
    return sum(rss for rss, _ in each), each


def main(argv: list[str]) -> int:
    command = argv[argv.index("--") + 1 :] if "--" in argv else argv
    start = time.perf_counter()
    child = subprocess.Popen(command)
    peak, at_peak, when = 0, [], 0.0
    while child.poll() is None:
        total, each = tree_memory(child.pid)
        if total > peak:
            peak, at_peak, when = total, each, time.perf_counter() - start
        time.sleep(0.2)
    elapsed = time.perf_counter() - start
    print(
        f"\nexit {child.returncode}; {elapsed:.0f} s; peak {peak / 2**30:.2f} GiB at {when:.0f} s:"
    )
    for rss, name in at_peak[:8]:
        print(f"  {rss / 2**20:8.0f} MiB  {name}")
    return child.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
