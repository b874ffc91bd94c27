"""What the director reads and what its cues change.

:class:`Scenery` is read when a step begins: the layout, who watches, the
viewer's cards and the scored hands, all from views. :class:`Stage` is what the
cues of a step change as they fire: the table's picture of the public state,
the notices over the table, and requests for the scene (an overlay to open).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.play.notices import Notice
from game.rules.cards import Card
from game.rules.events import Verdict
from game.rules.results import HandResult
from game.ui.cards.geometry import Point
from game.ui.table.animation import Effect, Effects
from game.ui.table.layout import TableLayout
from game.ui.table.notices import NoticeBoard
from game.ui.table.requests import Request
from game.ui.table.state import Shown


@dataclass(frozen=True)
class Scenery:
    """What the director reads when it begins an event (the engine is ahead of the
    screen, so the view already holds what the event brought)."""

    layout: TableLayout
    viewer: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    """The viewer's cards now."""
    verdict: Verdict | None
    """The viewer's view's verdict on the bids now."""
    results: tuple[HandResult, ...]
    cheer: bool
    """A made bid earns the viewer a sound (a human watches from that seat)."""
    origin: Callable[[Card], tuple[Point, float] | None] = lambda card: None
    """Where the viewer's card left the hand from, and its width, if known."""

    @property
    def players(self) -> int:
        return len(self.names)

    def plate_centre(self, seat: int) -> Point:
        centre = self.layout.seats[seat].plate.center
        return (float(centre[0]), float(centre[1]))


@dataclass
class Stage:
    """What the cues change: the picture, the notices and the scene's to-do list."""

    shown: Shown
    effects: Effects = field(default_factory=Effects)
    notices: NoticeBoard = field(default_factory=NoticeBoard)
    requests: list[Request] = field(default_factory=list)

    def announce(self, text: str) -> None:
        """An announcement of the game (who deals, the trumps, the bids' total) on the
        notice board: queued, and shown long enough to be read at any speed."""
        self.notices.post(Notice(text, "game"))

    def bubble(self, layout: TableLayout, seat: int, text: str, life: float = 1.8) -> None:
        """A speech bubble by ``seat``'s plate."""
        spot = layout.seats[seat].bubble
        self.effects.add(Effect("bubble", text, spot, life, seat=seat))

    def ask(self, request: Request) -> None:
        """Leave ``request`` for the scene."""
        self.requests.append(request)

    def take(self) -> list[Request]:
        """The requests left so far, oldest first (and forget them)."""
        requests, self.requests = self.requests, []
        return requests
