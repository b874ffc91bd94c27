"""What the table does by itself at the viewer's turn."""

from __future__ import annotations

from game.rules.actions import Play
from game.rules.cards import Card
from game.rules.view import SeatView

AUTO_PLAY_SECONDS = 0.7
"""How long a lone playable card waits before it is played by itself."""


class TurnCues:
    """The viewer's turn, marked once (a sound when it comes), and a lone playable
    card played by itself after a moment to see it (with the auto-play setting)."""

    def __init__(self) -> None:
        self._turn: tuple[int, int] | None = None
        self._lone_for = 0.0
        """How long the viewer has had a single playable card."""

    def is_new(self, turn: tuple[int, int]) -> bool:
        """True the first time ``turn`` (the hand's number, the moves made) is asked about."""
        if turn == self._turn:
            return False
        self._turn = turn
        return True

    def lone_card(self, view: SeatView, allowed: bool, dt: float) -> Card | None:
        """The card to play by itself now: the only playable one, once it has waited
        :data:`AUTO_PLAY_SECONDS` while ``allowed``."""
        plays = [action.card for action in view.legal if isinstance(action, Play)]
        if not allowed or len(plays) != 1:
            self._lone_for = 0.0
            return None
        self._lone_for += dt
        if self._lone_for < AUTO_PLAY_SECONDS:
            return None
        self._lone_for = 0.0
        return plays[0]
