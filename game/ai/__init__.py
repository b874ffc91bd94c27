"""Computer players. Each sees only a :class:`~game.rules.view.SeatView`.

The package loads nothing until a name is asked for, so a light module of it (the
coach's plain answers, :mod:`game.ai.advice`) costs no search to import.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ai.base import Agent, RandomAgent, play_match
    from game.ai.levels import LEVELS, make_agent

__all__ = ["LEVELS", "Agent", "RandomAgent", "make_agent", "play_match"]
_HOMES = {
    "Agent": "game.ai.base",
    "RandomAgent": "game.ai.base",
    "play_match": "game.ai.base",
    "LEVELS": "game.ai.levels",
    "make_agent": "game.ai.levels",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'game.ai' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
