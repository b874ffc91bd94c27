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

A second copy cannot play, but it can make the first one show itself: through
:class:`ShowRequests`, a small file beside the lock, it asks the running copy
(which looks twice a second) to bring its window to the front, and waits for the
answer (:func:`wait_for_reply`) to know whether to tell the player itself.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.resources import data_dir
from game.storage import atomic_write_text

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


ASK = "show"
RAISED = "raised"
"""The running copy brought its window to the front."""
NOTICED = "noticed"
"""The running copy saw the request but could only ask for attention (Wayland)."""
REPLY_WAIT = 2.0
"""Seconds a second copy waits for the running one to answer."""


class ShowRequests:
    """Requests to the running copy to show its window, in a file beside the lock.

    The second copy writes ``show`` (:meth:`ask`); the running copy sees it
    (:meth:`pending`) and replies ``raised`` or ``noticed`` (:meth:`reply`), which
    the second copy reads (:meth:`answer`) and then removes (:meth:`forget`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "ohhell.show"

    def ask(self) -> bool:
        """Ask the running copy to show its window; False if the request cannot be made."""
        return self._write(ASK)

    def pending(self) -> bool:
        """Whether a request waits for the running copy."""
        return self._read() == ASK

    def reply(self, raised: bool) -> None:
        """Answer a request: the window was brought forward, or only noticed."""
        self._write(RAISED if raised else NOTICED)

    def answer(self) -> str | None:
        """The running copy's reply (:data:`RAISED` or :data:`NOTICED`), None if none yet."""
        text = self._read()
        return text if text in (RAISED, NOTICED) else None

    def forget(self) -> None:
        """Remove the request and any reply."""
        with contextlib.suppress(OSError):
            self.path.unlink()

    def _write(self, word: str) -> bool:
        try:
            atomic_write_text(self.path, word + "\n")  # replaces a planted link, never follows it
        except OSError:
            return False
        return True

    def _read(self) -> str | None:
        """The word in the file; None if there is no plain file to read."""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self.path, flags)
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            return os.read(fd, 16).decode("ascii", "replace").strip()
        except OSError:
            return None
        finally:
            os.close(fd)


def wait_for_reply(
    requests: ShowRequests,
    seconds: float = REPLY_WAIT,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> str | None:
    """The running copy's reply to a request, waiting up to ``seconds``; None if none came."""
    deadline = clock() + seconds
    while True:
        answer = requests.answer()
        if answer is not None or clock() >= deadline:
            return answer
        sleep(0.1)


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
