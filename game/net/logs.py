"""Logs a hostile client cannot turn into a flood, in a file of bounded size.

:class:`RateLimit` logs each kind of message (its logger, level and format string) at
most :data:`LOG_BURST` times in a row, then once every :data:`EVERY` seconds with the count
of those left out; only CRITICAL passes always. :func:`configure` puts it on every
handler of a host's log (so the libraries' messages are limited too), sets the
libraries' loggers (websockets, zeroconf, asyncio) to WARNING, and writes the log to
``host.log`` in the per-user data folder, rotated at :data:`LOG_BYTES` with
:data:`LOG_FILES` old files kept.

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
import logging.handlers
import sys
import time
from collections.abc import Callable
from pathlib import Path

LOG = logging.getLogger("ohhell.net")
"""The network's one logger: the host, the tables' entry, hosting from the window, the lobby."""
LOG_BURST = 20
"""Messages of one kind logged before the limit starts."""
EVERY = 10.0
"""Seconds between two messages of one kind once limited."""
QUIET = 60.0
"""Seconds without a message of a kind after which it may burst again."""
MAX_KINDS = 256
"""Kinds of message remembered (the oldest are forgotten beyond)."""
HOST_LOG_NAME = "host.log"
LOG_BYTES = 1024 * 1024
"""The host's log is rotated at this size..."""
LOG_FILES = 3
"""...and this many old logs are kept (``host.log.1`` ...)."""
LIBRARIES = ("websockets", "zeroconf", "asyncio")
"""Loggers of the libraries the host uses: only their warnings are logged."""
LINE_FORMAT = "%(asctime)s %(levelname)s %(message)s"


class RateLimit(logging.Filter):
    """A logging filter that limits each kind of message below CRITICAL (one filter may
    sit on several handlers: a record is weighed once)."""

    def __init__(
        self,
        burst: int = LOG_BURST,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.burst, self.every, self.clock = burst, every, clock
        self._kinds: dict[str, list[float]] = {}
        """Per kind: [messages in the burst, last time logged, left out]."""
        self._last: tuple[logging.LogRecord | None, bool] = (None, True)
        """The record weighed last and the verdict (each handler asks again)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if self._last[0] is record:
            return self._last[1]
        verdict = self._weigh(record)
        self._last = (record, verdict)
        return verdict

    def _weigh(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.CRITICAL:
            return True
        now = self.clock()
        kind = f"{record.name}:{record.levelno}:{record.msg}"
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


_BEFORE: dict[str, int] = {}
"""The levels :func:`configure` changed, as they were (for :func:`unconfigure`)."""


def unconfigure() -> None:
    """Take away what :func:`configure` set up: its handlers (closing the log file),
    and the levels it changed."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, "ohhell", False)]:
        root.removeHandler(handler)
        handler.close()
    for name, level in _BEFORE.items():
        logging.getLogger(name or None).setLevel(level)
    _BEFORE.clear()


def log_path() -> Path:
    from game.resources import data_dir

    return data_dir() / HOST_LOG_NAME


def configure(
    to_stderr: bool = True, level: int = logging.INFO, path: Path | None = None
) -> Path | None:
    """Set up a host's log: rotated in the per-user data folder (or at ``path``), and
    on stderr, every kind of message limited, the libraries only at WARNING. Called
    again, it replaces what it set up before. The log file, or None when it cannot be
    written."""
    unconfigure()
    root = logging.getLogger()
    for name in ("", *LIBRARIES):
        _BEFORE[name] = logging.getLogger(name or None).level
    root.setLevel(level)
    for name in LIBRARIES:
        logging.getLogger(name).setLevel(logging.WARNING)
    limit = RateLimit()
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)] if to_stderr else []
    path = path or log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(
            logging.handlers.RotatingFileHandler(
                path, maxBytes=LOG_BYTES, backupCount=LOG_FILES, encoding="utf-8"
            )
        )
    except OSError:
        handlers.append(logging.NullHandler())
    for handler in handlers:
        handler.ohhell = True  # type: ignore[attr-defined]
        handler.setFormatter(logging.Formatter(LINE_FORMAT))
        handler.addFilter(limit)
        root.addHandler(handler)
    return path if handlers and not isinstance(handlers[-1], logging.NullHandler) else None
