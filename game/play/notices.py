"""Notices for the table: a few words that must be read, whatever the animation speed.

A session feeds its table notices through its ``signals`` deque (a player dropped,
whom the table waits for, a save that failed); the table's own announcements (trumps,
the bids' total, the coach turned on) are notices too. Each one is shown for at
least :attr:`Notice.least` seconds of real time (never scaled by the animation speed)
and queued behind those already shown, never replacing one.

>>> Notice("Ann disconnected").least
3.0
>>> round(Notice("This game cannot be saved (No space left on device).", "problem").least, 1)
5.0
>>> Notice("Saved", seconds=1.0).least
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Tone = Literal["info", "game", "good", "problem"]
"""How a notice is coloured: news about the table, an announcement of the game, good
news, or a problem (a save that failed)."""

MIN_SECONDS = 3.0
"""The shortest time any notice stays on screen."""
MAX_SECONDS = 9.0
"""Long notices are read in this long at most (they can be read again on the sheet)."""
SECONDS_PER_WORD = 0.35
"""About 170 words a minute, slow enough for a glance away from the cards."""


def reading_time(text: str) -> float:
    """How long ``text`` needs on screen to be read: 1.5 s to notice it, then a little
    per word, between :data:`MIN_SECONDS` and :data:`MAX_SECONDS`."""
    words = len(text.split())
    return min(MAX_SECONDS, max(MIN_SECONDS, 1.5 + words * SECONDS_PER_WORD))


@dataclass(frozen=True)
class Notice:
    """A few words for the table to show."""

    text: str
    tone: Tone = "info"
    seconds: float | None = None
    """The least time on screen; None: the time to read it (:func:`reading_time`)."""

    @property
    def least(self) -> float:
        return self.seconds if self.seconds is not None else reading_time(self.text)


def as_notice(item: Notice | str) -> Notice:
    """A session's signal as a notice (a bare string is news about the table)."""
    return item if isinstance(item, Notice) else Notice(item)
