"""Expect the engine to refuse, and check the reason as a player reads it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.i18n.reasons import refusal_words, rules_words
from game.rules.errors import IllegalAction, RulesError


@contextmanager
def rules_refused(pattern: str) -> Iterator[None]:
    """The block raises :class:`RulesError` whose words match ``pattern``."""
    with pytest.raises(RulesError) as caught:
        yield
    words = rules_words(caught.value.problem)
    assert re.search(pattern, words), words


@contextmanager
def action_refused(pattern: str) -> Iterator[None]:
    """The block raises :class:`IllegalAction` whose words match ``pattern``."""
    with pytest.raises(IllegalAction) as caught:
        yield
    words = refusal_words(caught.value.refused)
    assert re.search(pattern, words), words
