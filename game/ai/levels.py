"""The ladder of computer levels, weakest first, and a factory for each."""

from __future__ import annotations

from game.ai.base import Agent, RandomAgent

LEVELS: tuple[str, ...] = ("random",)
"""Every level, weakest first."""


def make_agent(level: str, seed: int) -> Agent:
    """A new agent of ``level`` whose choices follow from ``seed``."""
    if level == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
