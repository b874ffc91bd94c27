"""The table's notice board: notices queued and each shown long enough to be read.

Notices come from the session (``signals``: someone dropped, a save failed) and from
the table itself (the trumps, the bids' total, the coach). At most :data:`SHOWN` are
on screen at once, stacked under the top of the cloth; the others wait their turn.
Each stays at least its :attr:`~game.play.notices.Notice.least` seconds of real time:
the board is aged by the window's clock, never by the animation speed, so a notice
reads the same at 4x as at 1x.

>>> board = NoticeBoard()
>>> for text in ("one", "two", "three"):
...     board.post(text)
>>> [n.text for n, _ in board.showing()], len(board.waiting)
(['one', 'two'], 1)
>>> board.update(2.0); [n.text for n, _ in board.showing()]
['one', 'two']
>>> board.update(1.4); [n.text for n, _ in board.showing()]
['three']
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from game.play.notices import Notice, as_notice

SHOWN = 2
"""Notices on screen at once."""
MAX_WAITING_NOTICES = 8
"""Notices waiting at most; past it the oldest waiting news is dropped (never a problem)."""
FADE_IN, FADE_OUT = 0.15, 0.35


@dataclass
class Showing:
    """A notice on screen and how long it has been there."""

    notice: Notice
    age: float = 0.0

    @property
    def gone(self) -> bool:
        return self.age >= self.notice.least + FADE_OUT

    @property
    def alpha(self) -> float:
        fade_in = min(1.0, self.age / FADE_IN)
        fade_out = min(1.0, max(0.0, (self.notice.least + FADE_OUT - self.age) / FADE_OUT))
        return max(0.0, min(fade_in, fade_out))


class NoticeBoard:
    """Notices waiting and shown, aged in real time."""

    def __init__(self) -> None:
        self.shown: list[Showing] = []
        self.waiting: deque[Notice] = deque()

    def post(self, item: Notice | str) -> None:
        """Queue a notice (one already shown or waiting with the same words is not
        repeated: the one on screen starts its time again)."""
        notice = as_notice(item)
        for showing in self.shown:
            if showing.notice.text == notice.text:
                showing.age = min(showing.age, FADE_IN)
                return
        if any(waiting.text == notice.text for waiting in self.waiting):
            return
        self.waiting.append(notice)
        while len(self.waiting) > MAX_WAITING_NOTICES:
            news = next((n for n in self.waiting if n.tone != "problem"), None)
            if news is None:
                break
            self.waiting.remove(news)
        self._fill()

    def update(self, dt: float) -> None:
        """Age the notices shown by ``dt`` seconds of real time."""
        for showing in self.shown:
            showing.age += dt
        self.shown = [showing for showing in self.shown if not showing.gone]
        self._fill()

    def _fill(self) -> None:
        while len(self.shown) < SHOWN and self.waiting:
            self.shown.append(Showing(self.waiting.popleft()))

    def clear(self, tone: str | None = None) -> None:
        """Drop the notices of ``tone`` (every notice when None), shown or waiting."""
        keep = (lambda n: n.tone != tone) if tone is not None else (lambda n: False)
        self.shown = [s for s in self.shown if keep(s.notice)]
        self.waiting = deque(n for n in self.waiting if keep(n))
        self._fill()

    def restart(self) -> None:
        """Give every notice on screen its full time again (it waited under a dialog)."""
        for showing in self.shown:
            showing.age = min(showing.age, FADE_IN)

    def showing(self) -> list[tuple[Notice, float]]:
        """The notices on screen, oldest first, with their opacity (0 to 1)."""
        return [(showing.notice, showing.alpha) for showing in self.shown]

    def __len__(self) -> int:
        return len(self.shown) + len(self.waiting)
