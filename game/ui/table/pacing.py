"""The pace of the table: the session's events shown one at a time."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.play.contract import TableSession
from game.ui.table.animation import AnimationQueue
from game.ui.table.director import Director
from game.ui.table.requests import Request
from game.ui.table.stage import Scenery


class Pacer:
    """Starts the session's pending events one at a time, each when the animation
    queue is free and none while a dialog blocks the table (a curtain, a hand's
    result). While ``fast``, every event is finished at once until all are shown.
    What the director asks for on the way goes to ``carry_out``."""

    def __init__(
        self,
        session: TableSession,
        director: Director,
        queue: AnimationQueue,
        carry_out: Callable[[Iterable[Request]], None],
        scenery: Callable[[], Scenery],
    ) -> None:
        self.session, self.director, self.queue = session, director, queue
        self._carry_out, self._scenery = carry_out, scenery
        self.blocked = self.fast = False

    @property
    def idle(self) -> bool:
        """True when every event has been shown."""
        return self.queue.idle and not self.session.pending

    def pump(self) -> None:
        """Start the next pending events while the queue is free."""
        pending = self.session.pending
        while self.queue.idle and pending and not self.blocked:
            self.queue.push(self.director.begin(pending.popleft(), self._scenery()))
            if self.fast:
                self.queue.skip()
            self._carry_out(self.director.take())
        if self.fast and self.idle:
            self.fast = False

    def advance(self, dt: float, speed: float) -> None:
        """Move the animations on by ``dt`` seconds at ``speed``."""
        self.queue.update(dt, speed)
        self._carry_out(self.director.take())

    def skip(self) -> None:
        """Finish what is shown and what is pending now."""
        self.fast = True
        self.queue.skip()
        self._carry_out(self.director.take())
        self.pump()

    def finish(self) -> None:
        """Finish the cards in flight now (they were aimed at a layout that is gone)."""
        if not self.queue.idle:
            self.queue.skip()
            self._carry_out(self.director.take())

    def drop(self) -> None:
        """Forget the steps on the way without doing what they ask (a take-back
        replaced the game they showed)."""
        self.queue.skip()
        self.director.take()
        self.fast = False

    def hold(self) -> None:
        """A dialog stops the table: no event starts until it is released."""
        self.blocked, self.fast = True, False
