"""A game's autosave as it goes, for the session that holds the game.

The text is written in the background (:class:`~game.play.autosave.Autosaver`);
after a failed write it is tried again once due, and the player is told when saving
starts or stops failing (:class:`~game.play.autosave.SaveWatch`). The marks beside
the save (take-backs, the game played again) are written here too
(:mod:`game.play.extras`).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

from game.play.autosave import Autosaver, SaveWatch
from game.play.extras import write_extras
from game.play.notices import Notice


class GameSaver:
    """The autosave at ``path`` (None: the game is not saved), telling ``signals``
    what goes wrong; ``recovered`` runs when saving works again after failing."""

    def __init__(
        self, path: Path | None, signals: deque[Notice | str], recovered: Callable[[], None]
    ) -> None:
        self._writer = Autosaver(path) if path is not None else None
        self._watch = SaveWatch()
        self._signals = signals
        self._recovered = recovered

    @property
    def path(self) -> Path | None:
        """Where the game is saved after every action (None: not saved)."""
        return self._writer.path if self._writer is not None else None

    @property
    def problem(self) -> str | None:
        """Why the game cannot be saved, while it cannot (for the player)."""
        return self._watch.problem

    def write(self, text: Callable[[], str]) -> None:
        """Hand the save's ``text`` to the writer thread (after a failed write, once a
        retry is due)."""
        writer = self._writer
        if writer is None:
            return
        now = time.monotonic()
        self._observe(writer, now)
        if self._watch.may_write(now):
            writer.write(text())

    def remove(self) -> None:
        """Remove the save (the game is over and kept)."""
        if self._writer is not None:
            self._observe(self._writer, time.monotonic())
            self._writer.remove()

    def due(self) -> bool:
        """Whether a failed save is due to be written again now (and say when saving
        starts or stops failing)."""
        writer = self._writer
        if writer is None:
            return False
        now = time.monotonic()
        self._observe(writer, now)
        return self._watch.due(now) and not writer.busy

    def _observe(self, writer: Autosaver, now: float) -> None:
        """Take in the writes finished since last time; say what changed."""
        if writer.busy:
            return
        failing = self._watch.problem is not None
        notice = self._watch.observe(writer.attempts, writer.error, now)
        if notice is not None:
            self._signals.append(notice)
            if failing:
                self._recovered()

    def write_extras(
        self, mark: int, names: Sequence[str], take_backs: int, again_of: str | None
    ) -> None:
        """Write the marks beside the save (see :func:`game.play.extras.write_extras`)."""
        path = self.path
        if path is None:
            return
        error = write_extras(path, mark, list(names), take_backs, again_of)
        notice = self._watch.failed(error) if error is not None else None
        if notice is not None:
            self._signals.append(notice)

    def flush(self) -> bool:
        """Wait until the save handed over is on disk (False if it took too long)."""
        return self._writer is None or self._writer.flush()

    def close(self) -> None:
        """Finish writing; nothing is saved after this."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
