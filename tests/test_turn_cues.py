"""TurnCues: the viewer's turn marked once, and a lone playable card played after a moment."""

from __future__ import annotations

import random

from game.rules.actions import Play
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.view import SeatView
from game.ui.table.turns import AUTO_PLAY_SECONDS, TurnCues


def _seat_0_playing(lone: bool) -> SeatView:
    """Seat 0's view at its turn to play, with one playable card or several."""
    for seed in range(1, 300):
        match, chooser = Match(PRESETS["oh-hell"].rules(3), seed), random.Random(seed)
        while match.phase is not Phase.GAME_OVER and match.hand_number < 3:
            if match.phase.automatic or match.phase is Phase.HAND_SCORED:
                match.advance()
                continue
            seat = match.awaiting[0]
            legal = match.legal_actions(seat)
            if seat == 0 and match.phase is Phase.PLAYING and (len(legal) == 1) == lone:
                return match.view(0)
            match.apply(chooser.choice(legal))
    raise AssertionError("no such turn found")


def test_a_turn_is_new_only_the_first_time() -> None:
    cues = TurnCues()
    assert cues.is_new((1, 4))
    assert not cues.is_new((1, 4))
    assert cues.is_new((1, 7))
    assert cues.is_new((2, 7))


def test_a_lone_card_waits_a_moment_then_is_played() -> None:
    view, cues = _seat_0_playing(lone=True), TurnCues()
    (only,) = [action.card for action in view.legal if isinstance(action, Play)]
    step = AUTO_PLAY_SECONDS / 4
    assert [cues.lone_card(view, True, step) for _ in range(3)] == [None, None, None]
    assert cues.lone_card(view, True, step * 1.01) == only
    assert cues.lone_card(view, True, step) is None  # the wait starts again


def test_no_card_plays_itself_when_not_allowed_or_with_a_choice() -> None:
    lone, choice, cues = _seat_0_playing(lone=True), _seat_0_playing(lone=False), TurnCues()
    assert cues.lone_card(choice, True, AUTO_PLAY_SECONDS * 2) is None
    assert cues.lone_card(lone, False, AUTO_PLAY_SECONDS * 2) is None
    cues.lone_card(lone, True, AUTO_PLAY_SECONDS * 0.9)
    assert cues.lone_card(lone, False, 0.0) is None  # not allowed: the wait is forgotten
    assert cues.lone_card(lone, True, AUTO_PLAY_SECONDS * 0.9) is None
