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
