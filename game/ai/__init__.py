"""Computer players. Each sees only a :class:`~game.rules.view.SeatView`."""

from game.ai.base import Agent, RandomAgent, play_match
from game.ai.levels import LEVELS, make_agent

__all__ = ["LEVELS", "Agent", "RandomAgent", "make_agent", "play_match"]
