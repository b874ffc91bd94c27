"""One window per user: a lock file in the per-user data folder.

The lock is held by an open file with an OS-level lock (``fcntl`` on Linux and
macOS, ``msvcrt`` on Windows), so it is released however the program ends,
even by a crash: no stale lock files.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

from game.resources import data_dir


class AlreadyRunning(RuntimeError):
    """Another copy of the game holds the lock."""


class InstanceLock:
    """Hold :meth:`acquire` for the life of the program; :meth:`release` at exit."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "ohhell.lock"
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock or raise :class:`AlreadyRunning`."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open on purpose
        try:
            _lock(handle)
        except OSError:
            handle.close()
            raise AlreadyRunning(
                "Oh Hell is already running for this user; switch to its window."
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows builds
    import msvcrt

    def _lock(handle: IO[str]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
