"""One window per user: a lock file in the per-user data folder.

The lock is held by an open file with an OS-level lock (``fcntl`` on Linux and
macOS, ``msvcrt`` on Windows), so it is released however the program ends,
even by a crash: no stale lock files.

The lock is a convenience (two windows would fight over one autosave), not a
safeguard, so when it cannot be taken for any reason but another copy holding
it, the game plays without it: a missing or read-only folder, or a lock file
that is not a plain file of ours. It never follows a symbolic link (the file is
opened with ``O_NOFOLLOW``) and never truncates a file it has not locked and
checked to be its own, so a link planted in the folder cannot make it wipe
another file.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from game.resources import data_dir

_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


class AlreadyRunning(RuntimeError):
    """Another copy of the game holds the lock."""


class InstanceLock:
    """Hold :meth:`acquire` for the life of the program; :meth:`release` at exit."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "ohhell.lock"
        self._fd: int | None = None
        self.problem: str | None = None
        """Why the game runs without the lock, if it does."""

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock and return True; False (and :attr:`problem`) if it cannot be
        taken, so the game plays without it. Raises :class:`AlreadyRunning` if
        another copy holds it."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, _FLAGS, 0o600)
        except OSError as error:
            return self._without(error.strerror or error.__class__.__name__)
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            raise AlreadyRunning(
                "Oh Hell is already running for this user; switch to its window."
            ) from None
        reason = _not_ours(fd)
        if reason:
            os.close(fd)
            return self._without(reason)
        try:
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode("ascii"))
        except OSError:
            pass  # the lock holds even if the process id cannot be written
        self._fd = fd
        return True

    def _without(self, reason: str) -> bool:
        self.problem = f"cannot lock {self.path}: {reason}"
        return False

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _not_ours(fd: int) -> str | None:
    """Why the opened lock file must not be written: not a plain file, linked from
    elsewhere, or another user's. None if it is ours."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        return "not a plain file"
    if info.st_nlink > 1:
        return "the file has other names"
    getuid = getattr(os, "getuid", None)
    if getuid is not None and info.st_uid != getuid():
        return "the file belongs to another user"
    return None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows builds
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
