"""A coached player for ``ohhell bench render --runs coach``: the human seat of the
table, with the coach on, played as someone who reads the coach's figures.

On each of its turns it waits for the figures (timing how long they take to show
once the turn is on screen), reads them for :data:`READ` seconds, and plays the
coach's choice; if no figure came after :data:`GIVE_UP` seconds it acts anyway,
as a player would (the coach's question is then dropped). Hand results are
dismissed at once.
"""

from __future__ import annotations

from game.rules.actions import Action, Bid
from game.ui.kit.scene import SceneHost
from game.ui.table.results import HandResultOverlay
from game.ui.table.scene import TableScene

READ = 0.4
"""Seconds the player looks at the figures before acting."""
GIVE_UP = 8.0
"""Seconds the player waits for figures that do not come."""


class CoachedPlayer:
    """Acts for the human seat of the table on top of ``app``, frame by frame."""

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.first_figure: list[float] = []
        """Milliseconds from each turn shown to its first figure shown."""
        self._began: float | None = None
        self._shown: float | None = None

    def step(self, now: float) -> bool:
        """Called once a frame (``now`` in seconds); whether the coach is computing."""
        top = self.app.top
        if isinstance(top, HandResultOverlay):
            top.dismiss()
            return False
        coach = top.frame().coach if isinstance(top, TableScene) else None
        if coach is None or not isinstance(top, TableScene):
            self._began = self._shown = None
            return False
        if self._began is None:
            self._began = now
        if coach.advice is None:
            if now - self._began < GIVE_UP:
                return True
            self._act(top, top.view.legal[0])
            return False
        if self._shown is None:
            self._shown = now
            self.first_figure.append((now - self._began) * 1000)
        if now - self._shown >= READ:
            self._act(top, coach.advice.choice)
        return False

    def _act(self, scene: TableScene, action: Action) -> None:
        if isinstance(action, Bid):
            scene.bid(action.tricks)
        else:
            scene.play(action.card)
        self._began = self._shown = None
