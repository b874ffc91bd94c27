"""Expect the engine to refuse, and check why, as data: the reason's enum member and
the facts it carries (``game.i18n.reasons`` turns them into words, and
``tests/test_reasons.py`` checks those words)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.rules.errors import IllegalAction, RulesError
from game.rules.reasons import Conflict, Refusal


@contextmanager
def rules_refused(conflict: Conflict, **facts: object) -> Iterator[None]:
    """The block raises :class:`RulesError` for ``conflict``, its problem holding
    ``facts`` (fields of :class:`~game.rules.reasons.RuleProblem`)."""
    with pytest.raises(RulesError) as caught:
        yield
    problem = caught.value.problem
    assert problem.conflict is conflict, problem
    for name, value in facts.items():
        assert getattr(problem, name) == value, (name, problem)


@contextmanager
def action_refused(why: Refusal, **facts: object) -> Iterator[None]:
    """The block raises :class:`IllegalAction` for ``why``, the refusal holding
    ``facts`` (fields of :class:`~game.rules.reasons.RefusedAction`)."""
    with pytest.raises(IllegalAction) as caught:
        yield
    refused = caught.value.refused
    assert refused.why is why, refused
    for name, value in facts.items():
        assert getattr(refused, name) == value, (name, refused)
