"""The ladder of computer levels, weakest first, and a factory for each."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, TypeGuard

from game.ai.base import Agent, RandomAgent
from game.ai.expert import TREE, ExpertAgent
from game.ai.hard import HARD, HardAgent
from game.ai.ismcts import ISMCTS, IsmctsAgent
from game.ai.lookahead import LOOKAHEAD, ExpertPlayer
from game.ai.rules_player import EasyAgent, MediumAgent
from game.ai.shards import Mapper, sequential_map
from game.rules.record import LEVELS, Level

__all__ = ["LEVELS", "MEASURED_LEVELS", "Level", "MeasuredLevel", "is_measured_level", "make_agent"]

Yardstick = Literal["tree", "ismcts"]
"""Players kept only to measure the levels against (never offered at the table): the
tree search that was the expert before the look-ahead, and the yardstick."""
MeasuredLevel = Level | Yardstick
MEASURED_LEVELS: tuple[MeasuredLevel, ...] = (*LEVELS, "tree", "ismcts")
"""Every level a tournament or benchmark can seat: the ladder, then the yardsticks."""


def is_measured_level(text: str) -> TypeGuard[MeasuredLevel]:
    """Whether ``text`` names a level or the yardstick."""
    return text in MEASURED_LEVELS


def make_agent(
    level: MeasuredLevel,
    seed: int,
    *,
    budget: float = 1.0,
    time_limit: float | None = None,
    mapper: Mapper = sequential_map,
) -> Agent:
    """A new agent of ``level`` whose choices follow from ``seed``.

    Expert is the look-ahead over the learned models (:mod:`game.ai.lookahead`),
    and the tree search where they cannot be read or do not cover the table.
    ``budget`` scales the simulations of the searching levels (hard, expert's deals,
    the tree's simulations and the ``ismcts`` yardstick's iterations);
    ``time_limit`` (seconds) optionally caps a tree search's wall-clock time, which
    makes decisions depend on the machine's speed. ``mapper`` runs the searches'
    shards (on several cores, with the same decisions, when given a pool's).
    """
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return EasyAgent(seed)
    if level == "medium":
        return MediumAgent(seed)
    if level == "hard":
        config = HARD.scaled(budget)
        return HardAgent(seed, replace(config, time_limit=time_limit), mapper)
    if level in ("expert", "tree"):
        tree = TREE.scaled(budget)
        searcher = ExpertAgent(seed, replace(tree, time_limit=time_limit), mapper)
        if level == "tree":
            return searcher
        deals = LOOKAHEAD.scaled(budget)
        return ExpertPlayer(seed, deals, fallback=searcher, mapper=mapper)
    if level == "ismcts":
        return IsmctsAgent(seed, ISMCTS.scaled(budget))
    raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
