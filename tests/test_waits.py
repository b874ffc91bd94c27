"""The tests' one wait: it returns once the condition holds, steps meanwhile, and fails
saying what did not happen when its bound runs out."""

from __future__ import annotations

import pytest

from tests.waits import wait_until


def test_it_steps_until_the_condition_holds() -> None:
    steps: list[int] = []
    wait_until(lambda: len(steps) == 3, "three steps", step=lambda: steps.append(1))
    assert steps == [1, 1, 1]


def test_it_fails_saying_what_after_its_steps_or_its_seconds() -> None:
    with pytest.raises(AssertionError, match="the impossible did not happen within 5 steps"):
        wait_until(lambda: False, "the impossible", step=lambda: None, pause=0, steps=5)
    with pytest.raises(AssertionError, match=r"the impossible did not happen within 0\.05 s"):
        wait_until(lambda: False, "the impossible", seconds=0.05, pause=0.01)
