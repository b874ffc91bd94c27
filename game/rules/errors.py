"""The engine's exceptions. A refused rule set or action carries its reason as data
(:mod:`game.rules.reasons`); ``game.i18n.reasons`` words it for the player. Record
errors say where a damaged file went wrong."""

from __future__ import annotations

from game.rules.reasons import RefusedAction, RuleProblem


class RulesError(ValueError):
    """A rule set that cannot be played; ``problem`` names the conflict and the
    options involved."""

    def __init__(self, problem: RuleProblem) -> None:
        self.problem = problem
        options = f" ({', '.join(problem.options)})" if problem.options else ""
        super().__init__(f"rules refused: {problem.conflict.value}{options}")

    def __reduce__(self) -> tuple[type[RulesError], tuple[RuleProblem]]:
        """Rebuilt from its problem when it crosses to another process."""
        return (RulesError, (self.problem,))


class IllegalAction(ValueError):
    """An action the current state does not allow; the state is left unchanged.
    ``refused`` says why."""

    def __init__(self, refused: RefusedAction) -> None:
        self.refused = refused
        super().__init__(f"action refused: {refused.why.value}")

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[RefusedAction]]:
        """Rebuilt from its reason when it crosses to another process."""
        return (IllegalAction, (self.refused,))


class RecordError(ValueError):
    """A game record or save that cannot be read; the message says where."""

    MAX_WHERE = 80
    MAX_PROBLEM = 240
    """A damaged file can put anything in a message: both parts are cut to these."""

    def __init__(self, where: str, problem: str, rules: RuleProblem | None = None) -> None:
        self.where = _cut(where, self.MAX_WHERE)
        self.problem = _cut(problem, self.MAX_PROBLEM)
        self.rules = rules
        """The rules the record holds cannot be played: why, as data."""
        super().__init__(f"{self.where}: {self.problem}" if where else self.problem)


def _cut(text: str, limit: int) -> str:
    """``text`` shortened to ``limit`` characters, an ellipsis showing the cut.

    >>> _cut("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"
