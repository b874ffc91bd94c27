"""The phases a match moves through, one enum for the whole engine."""

from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """Where the match stands."""

    CHOOSING_DEALER = "choosing-dealer"
    DEALING = "dealing"
    BIDDING = "bidding"
    PLAYING = "playing"
    HAND_SCORED = "hand-scored"
    GAME_OVER = "game-over"

    @property
    def automatic(self) -> bool:
        """Whether the match moves on by :meth:`Match.advance` rather than a player."""
        return self in _AUTOMATIC


_AUTOMATIC = frozenset({Phase.CHOOSING_DEALER, Phase.DEALING, Phase.HAND_SCORED})
