"""A parent that starts children and waits to be killed (``python -m tests.lifeline_parent
MODE``), for ``tests/test_lifeline.py``. It prints its children's pids on one line.

MODE ``watchdog``: two ``spawn`` children that follow it without the kernel's help
(the portable watchdog alone); ``pool``: a two-worker :func:`~game.play.lifeline.worker_pool`
busy with endless work.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading

from game.play.lifeline import Tie, deaf_children, follow, worker_pool


def _sleep_forever(parent: Tie) -> None:
    follow(parent)
    threading.Event().wait()


def _busy(seconds: float) -> int:
    threading.Event().wait(seconds)
    return os.getpid()


def main(mode: str) -> None:
    if mode == "watchdog":
        context = multiprocessing.get_context("spawn")
        tie = Tie(os.getpid(), kernel=False)
        children = [context.Process(target=_sleep_forever, args=(tie,)) for _ in range(2)]
        with deaf_children():
            for child in children:
                child.start()
        print(" ".join(str(child.pid) for child in children), flush=True)
        threading.Event().wait()
    with worker_pool(2) as pool:
        futures = [pool.submit(_busy, 3600) for _ in range(4)]
        workers = multiprocessing.active_children()
        print(" ".join(str(worker.pid) for worker in workers), flush=True)
        futures[0].result()


if __name__ == "__main__":
    main(sys.argv[1])
