"""The actions a session takes by itself: a computer's decision waits out its pause."""

from __future__ import annotations

from collections import deque

from game.play.autoplay import MIN_THINK_SECONDS, AutoPlay
from game.play.notices import Notice
from game.rules import PRESETS, Player
from game.rules.actions import Action
from game.rules.match import Match
from tests.waits import wait_until

COMPUTERS = [Player("Ada", "random"), Player("Bo", "random"), Player("Cy", "random")]


def _at_a_decision() -> tuple[Match, AutoPlay]:
    match = Match(PRESETS["oh-hell"].rules(3), 5)
    match.advance_until_decision()
    signals: deque[Notice | str] = deque()
    return match, AutoPlay(COMPUTERS, 5, signals)


def test_a_computer_acts_only_once_it_has_seemed_to_think_long_enough() -> None:
    match, auto = _at_a_decision()
    seat = match.awaiting[0]
    assert auto.next_action(match, None, 0.0, 1.0) is None and auto.thinking == seat
    wait_until(lambda: auto._thinking is not None and auto._thinking[1].done(), "a decision")
    assert auto.next_action(match, None, MIN_THINK_SECONDS * 0.9, 1.0) is None  # decided, waits
    action = auto.next_action(match, None, MIN_THINK_SECONDS * 0.2, 1.0)
    assert isinstance(action, Action) and action.seat == seat and match.refusal(action) is None
    assert auto.thinking is None


def test_hurrying_skips_the_pause() -> None:
    match, auto = _at_a_decision()
    auto.next_action(match, None, 0.0, 1.0)
    wait_until(lambda: auto._thinking is not None and auto._thinking[1].done(), "a decision")
    auto.hurry()
    assert auto.next_action(match, None, 0.0, 1.0) is not None


def test_stopping_abandons_the_decision_and_a_person_to_act_is_waited_for() -> None:
    match, auto = _at_a_decision()
    assert auto.next_action(match, match.awaiting[0], 1e9, 1.0) is None
    assert auto.thinking is None  # a person acts first (bids are not made at once)
    auto.next_action(match, None, 0.0, 1.0)
    auto.stop()
    assert auto.thinking is None
    assert auto.next_action(match, None, 1e9, 1.0) is None  # thinks afresh
    assert auto.thinking == match.awaiting[0]
    auto.stop()
