"""The coach's answer as plain data, importable by the window's process without
loading any search (the coach itself is :mod:`game.ai.coach`, run by a worker)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action


@dataclass(frozen=True)
class Option:
    """One legal action and the estimated chance of making the bid after it."""

    action: Action
    chance: float


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one decision: every legal action, best chance first."""

    options: tuple[Option, ...]
    choice: Action
    """What the expert would do (not always the best chance: it weighs points too)."""
