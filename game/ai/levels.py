"""The ladder of computer levels, weakest first, and a factory for each."""

from __future__ import annotations

from dataclasses import replace

from game.ai.base import Agent, RandomAgent
from game.ai.expert import EXPERT, ExpertAgent
from game.ai.hard import HARD, HardAgent
from game.ai.rules_player import EasyAgent, MediumAgent
from game.ai.shards import Mapper, sequential_map
from game.rules.record import LEVELS, Level

__all__ = ["LEVELS", "Level", "make_agent"]


def make_agent(
    level: Level,
    seed: int,
    *,
    budget: float = 1.0,
    time_limit: float | None = None,
    mapper: Mapper = sequential_map,
) -> Agent:
    """A new agent of ``level`` whose choices follow from ``seed``.

    ``budget`` scales the simulations of the searching levels (hard, expert);
    ``time_limit`` (seconds) optionally caps a decision's wall-clock time, which
    makes decisions depend on the machine's speed. ``mapper`` runs the searches'
    shards (on several cores, with the same decisions, when given a pool's).
    """
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return EasyAgent(seed)
    if level == "medium":
        return MediumAgent(seed)
    if level in ("hard", "expert"):
        config = (HARD if level == "hard" else EXPERT).scaled(budget)
        if time_limit is not None:
            config = replace(config, time_limit=time_limit)
        if level == "hard":
            return HardAgent(seed, config, mapper)
        return ExpertAgent(seed, config, mapper)
    raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
