"""Where a decision's randomness comes from: the agent's seed and where the hand stands.

>>> from game.rules.match import Match
>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["oh-hell"].rules(4), 7)
>>> _ = match.advance_until_decision()
>>> view = match.view(match.awaiting[0])
>>> decision_rng(3, view).random() == decision_rng(3, view).random()
True
>>> decision_rng(3, view).random() == decision_rng(3, view, "ismcts").random()
False
"""

from __future__ import annotations

import random

from game.rules.view import SeatView


def decision_rng(seed: int, view: SeatView, player: str = "") -> random.Random:
    """A generator for one decision, fixed by ``seed`` and where the hand stands, so a
    decision never depends on what the agent was asked before. ``player`` keeps two
    kinds of player with one seed apart."""
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.trick)
    key = f"{seed}:{view.hand_number}:{view.seat}:{view.phase.value}:{played}"
    return random.Random(f"{player}:{key}" if player else key)
