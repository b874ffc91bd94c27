"""The tests' one bounded wait: a condition that never comes true fails the test with
what was awaited, instead of hanging it (or passing it after a guessed sleep)."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(
    done: Callable[[], object],
    what: str,
    seconds: float = 60.0,
    step: Callable[[], object] | None = None,
    pause: float = 0.002,
    steps: int | None = None,
) -> None:
    """Until ``done()`` is true, call ``step`` (if any: a frame, a tick) and pause
    ``pause`` seconds (the workers think meanwhile); fails after ``seconds``, or after
    ``steps`` steps where given (a number of frames: game time, not the clock's),
    saying ``what`` did not happen."""
    end, taken = time.monotonic() + seconds, 0
    while not done():
        assert time.monotonic() < end, f"{what} did not happen within {seconds} s"
        assert steps is None or taken < steps, f"{what} did not happen within {steps} steps"
        if step is not None:
            step()
        taken += 1
        if pause:
            time.sleep(pause)
