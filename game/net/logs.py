"""Warnings a hostile client cannot turn into a flood: each kind of message (its
format string) is logged at most :data:`BURST` times in a row, then once every
:data:`EVERY` seconds with the count of those left out.

>>> clock = iter([0.0, 0.1, 0.2, 0.3, 11.0]).__next__
>>> limit = RateLimit(burst=2, every=10.0, clock=clock)
>>> records = [logging.LogRecord("x", logging.WARNING, "", 0, "refused %s", ("a",), None)
...            for _ in range(5)]
>>> [limit.filter(record) for record in records]
[True, True, False, False, True]
>>> records[-1].getMessage()
'refused a (2 more like it left out)'
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

BURST = 20
"""Messages of one kind logged before the limit starts."""
EVERY = 10.0
"""Seconds between two messages of one kind once limited."""
QUIET = 60.0
"""Seconds without a message of a kind after which it may burst again."""
MAX_KINDS = 256
"""Kinds of message remembered (the oldest are forgotten beyond)."""


class RateLimit(logging.Filter):
    """A logging filter that limits each kind of WARNING (and lower) message."""

    def __init__(
        self,
        burst: int = BURST,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.burst, self.every, self.clock = burst, every, clock
        self._kinds: dict[str, list[float]] = {}
        """Per format string: [messages in the burst, last time logged, left out]."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.WARNING:
            return True
        now = self.clock()
        kind = str(record.msg)
        state = self._kinds.get(kind)
        if state is None:
            if len(self._kinds) >= MAX_KINDS:
                del self._kinds[next(iter(self._kinds))]
            state = self._kinds[kind] = [0.0, now, 0.0]
        if now - state[1] >= QUIET and not state[2]:
            state[0] = 0.0
        if state[0] < self.burst:
            state[0] += 1
            state[1] = now
            return True
        if now - state[1] < self.every:
            state[2] += 1
            return False
        left_out, state[1], state[2] = int(state[2]), now, 0.0
        if left_out:
            record.msg = f"{record.msg} ({left_out} more like it left out)"
        return True
