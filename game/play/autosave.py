"""The autosave written in the background, so the table never waits for the disk.

The window's thread hands over the newest text of the save; a writer thread writes it
atomically (a temporary file, fsync, rename), always the newest text and never a
stale one after it. :meth:`Autosaver.flush` waits until what was handed over is on
disk: the session flushes when it closes, so quitting, leaving and a new game never
lose an acknowledged action.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "autosave.json"
>>> saver = Autosaver(path)
>>> saver.write('{"a": 1}'); saver.write('{"a": 2}')
>>> saver.flush() and path.read_text()
'{"a": 2}'
>>> saver.remove(); saver.flush() and path.exists()
False
>>> saver.close()
"""

from __future__ import annotations

import threading
import weakref
from pathlib import Path

from game.i18n import _
from game.play.notices import Notice
from game.storage import atomic_write_text

_REMOVE = object()
"""Handed over instead of a text: the game is over, remove the save."""

_SAVERS: weakref.WeakSet[Autosaver] = weakref.WeakSet()


def flush_all(timeout: float = 10.0) -> bool:
    """Wait until every save handed over is on disk (before the file is read)."""
    return all(saver.flush(timeout) for saver in list(_SAVERS))


class Autosaver:
    """One save file and the thread that writes it (running only while there is
    something to write, so an idle or forgotten saver holds no thread)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.error: OSError | None = None
        """The last write's failure, until a write succeeds."""
        self.attempts = 0
        """Writes (and removals) carried out so far, whether they worked or not."""
        self._wanted: str | object | None = None
        self._writing = False
        self._closed = False
        self._changed = threading.Condition()
        _SAVERS.add(self)

    def write(self, text: str) -> None:
        """Save ``text`` soon (replacing any text not yet written)."""
        self._hand_over(text)

    def remove(self) -> None:
        """Remove the save soon (the game is over)."""
        self._hand_over(_REMOVE)

    @property
    def busy(self) -> bool:
        """Whether something handed over is still being written."""
        return self._writing

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is on disk; False if that took too long."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._writing, timeout)

    def close(self) -> None:
        """Write what is left; nothing more may be handed over."""
        self.flush()
        with self._changed:
            self._closed = True

    def _hand_over(self, wanted: str | object) -> None:
        with self._changed:
            if self._closed:
                raise RuntimeError("the autosave is closed")
            self._wanted = wanted
            if not self._writing:
                self._writing = True
                threading.Thread(target=self._run, name="autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._changed:
                wanted, self._wanted = self._wanted, None
                if wanted is None:
                    self._writing = False
                    self._changed.notify_all()
                    return
            error = self._store(wanted)
            with self._changed:
                self.error = error
                self.attempts += 1

    def _store(self, wanted: str | object) -> OSError | None:
        try:
            if wanted is _REMOVE:
                self.path.unlink(missing_ok=True)
            else:
                assert isinstance(wanted, str)
                atomic_write_text(self.path, wanted)
        except OSError as error:
            return error
        return None


FIRST_RETRY = 0.5
"""Seconds before a failed save is tried again; doubled after each failure..."""
LAST_RETRY = 8.0
"""...up to this."""


class SaveWatch:
    """How saving is going, for the player: a failed save is said once and tried
    again after a bounded back-off (at the next action or tick once it is due),
    and saving that works again is said too.

    >>> watch = SaveWatch()
    >>> watch.observe(1, OSError(28, "No space left on device"), now=0.0).text
    'Your game cannot be saved now (No space left on device). Play on: saving is tried again.'
    >>> watch.may_write(0.1), watch.due(0.4), watch.due(0.6)
    (False, False, True)
    >>> watch.observe(2, None, now=0.7)
    Notice(text='Your game is saved again.', tone='good', seconds=None)
    """

    def __init__(self) -> None:
        self.problem: str | None = None
        """Why saving fails, while it does (in the player's words)."""
        self._seen = 0
        self._delay = FIRST_RETRY
        self._retry_at = 0.0
        self._unsaved = False

    def may_write(self, now: float) -> bool:
        """Whether a save may be handed over now (not while a retry is not due)."""
        if self.problem is None or now >= self._retry_at:
            self._unsaved = False
            return True
        self._unsaved = True
        return False

    def due(self, now: float) -> bool:
        """Whether an unsaved state should be tried again now."""
        return self.problem is not None and self._unsaved and now >= self._retry_at

    def observe(self, attempts: int, error: OSError | None, now: float) -> Notice | None:
        """Take in the writer's state (its attempts so far and the last one's error);
        a notice for the player when saving starts or stops failing."""
        if attempts == self._seen:
            return None
        self._seen = attempts
        if error is not None:
            self._retry_at, self._unsaved = now + self._delay, True
            self._delay = min(LAST_RETRY, self._delay * 2)
            return self.failed(error)
        if self.problem is None:
            return None
        self.problem, self._delay = None, FIRST_RETRY
        return Notice(_("Your game is saved again."), "good")

    def failed(self, error: OSError) -> Notice | None:
        """A write failed: the notice to show (only the first time in a row)."""
        said = self.problem is not None
        reason = error.strerror or type(error).__name__
        self.problem = _(
            "Your game cannot be saved now ({reason}). Play on: saving is tried again."
        ).format(reason=reason)
        return None if said else Notice(self.problem, "problem")
