"""The engine's exceptions: each says what was wrong in words a player can read."""

from __future__ import annotations


class RulesError(ValueError):
    """A rule set that cannot be played: the message names the conflict."""


class IllegalAction(ValueError):
    """An action the current state does not allow; the state is left unchanged."""


class RecordError(ValueError):
    """A game record or save that cannot be read; the message says where."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)
