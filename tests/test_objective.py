"""What an outcome is worth: the objective's win term by the length of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.objective import Objective
from game.rules import PRESETS


def test_a_game_of_one_hand_is_played_for_points() -> None:
    rules = replace(PRESETS["oh-hell"].rules(4), max_hands=1)
    assert rules.hand_count() == 1
    alone = Objective.for_game(rules, 0, (0, 0, 0, 0), hands_after=0)
    # One point more is one point more: no bonus for finishing alone on top.
    assert alone.value((11, 10, 0, 0)) - alone.value((10, 10, 0, 0)) == pytest.approx(1.0)


def test_a_winners_bonus_still_counts_in_a_game_of_one_hand() -> None:
    rules = replace(PRESETS["oh-hell"].rules(4), max_hands=1, hard_score_bonus=5)
    bonus = Objective.for_game(rules, 0, (0, 0, 0, 0), hands_after=0)
    # The point, and half the bonus that a tie on 10 would have shared.
    assert bonus.value((11, 10, 0, 0)) - bonus.value((10, 10, 0, 0)) == pytest.approx(1.0 + 2.5)


def test_the_last_hand_of_a_longer_game_still_plays_for_the_win() -> None:
    rules = replace(PRESETS["oh-hell"].rules(4), max_hands=2)
    last = Objective.for_game(rules, 0, (0, 0, 0, 0), hands_after=0)
    assert last.value((11, 10, 0, 0)) - last.value((10, 10, 0, 0)) > 6.0
