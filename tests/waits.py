"""Bounded waits for the tests: a condition that never comes true fails the test
with what was awaited, instead of hanging it."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(
    done: Callable[[], bool],
    what: str,
    seconds: float = 60.0,
    step: Callable[[], object] | None = None,
    pause: float = 0.002,
) -> None:
    """Call ``step`` (if any) until ``done()``; fails after ``seconds`` saying ``what``."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"{what} did not happen within {seconds} s"
        if step is not None:
            step()
        time.sleep(pause)
