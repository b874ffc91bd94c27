"""The engine's exceptions: each says what was wrong in words a player can read."""

from __future__ import annotations


class RulesError(ValueError):
    """A rule set that cannot be played: the message names the conflict."""


class IllegalAction(ValueError):
    """An action the current state does not allow; the state is left unchanged."""


class RecordError(ValueError):
    """A game record or save that cannot be read; the message says where."""

    MAX_WHERE = 80
    MAX_PROBLEM = 240
    """A damaged file can put anything in a message: both parts are cut to these."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = _cut(where, self.MAX_WHERE)
        self.problem = _cut(problem, self.MAX_PROBLEM)
        super().__init__(f"{self.where}: {self.problem}" if where else self.problem)


def _cut(text: str, limit: int) -> str:
    """``text`` shortened to ``limit`` characters, an ellipsis showing the cut.

    >>> _cut("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"
