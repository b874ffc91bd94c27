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

    automatic: bool
    """Whether the match moves on by :meth:`Match.advance` rather than a player (a plain
    attribute, set below: the engine's loops read it for every action)."""


AUTOMATIC = frozenset({Phase.CHOOSING_DEALER, Phase.DEALING, Phase.HAND_SCORED})
"""The phases :meth:`Match.advance` moves on."""

for _phase in Phase:
    _phase.automatic = _phase in AUTOMATIC
del _phase
