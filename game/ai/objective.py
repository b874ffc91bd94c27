"""What a hand's outcome is worth to a seat, given the whole game.

The value of a hand's points is the seat's own points, minus a share of the
opponents' average, plus a weight on an estimate of the chance to win the
game.

The share applies when every trick scores (common scoring), where a trick
taken from an opponent is a point from its total; when only exact bids score,
spoiling others' bids at the risk of one's own was measured to cost more than
it gains, so the share is dropped. The chance to win is a normal
approximation of the final gap to the best opponent; its weight grows over the
last few hands of a fixed schedule, or as someone nears the target score,
where it becomes sharply non-linear: a leader plays safe, a trailer takes
risks. A game of a single hand has no standings to protect or catch up: every
score starts level and the win would turn on one point, so such a game is
played for points, the win counting only for what the rules pay for it (a
winner's bonus). Chasing that point cost the expert half a point a hand at
three cards (docs/history/ai.md).

>>> from game.rules.presets import PRESETS
>>> rules = PRESETS["oh-hell"].rules(4)
>>> last = Objective.for_game(rules, 0, (80, 90, 70, 60), hands_after=0)
>>> last.value((12, 0, 0, 0)) - last.value((9, 0, 0, 0))  # 3 points, and the win
15.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.ruleset import RuleSet, TrickPoints
from game.rules.view import SeatView

SHARE = 0.4
"""How much the opponents' average points count against a seat's own."""
WIN_WEIGHT = 12.0
"""The value, in points, of winning the game."""
FINISH = 3.0
"""The win counts fully in the last hands; before, its weight is FINISH / (1 + hands left)."""


@dataclass(frozen=True)
class Objective:
    """The value of a hand's points for ``seat``."""

    seat: int
    scores: tuple[int, ...]
    share: float
    win_weight: float
    spread: float
    """Standard deviation of the score gap over the rest of the game (0: it ends now)."""
    target: int | None

    @classmethod
    def for_game(
        cls,
        rules: RuleSet,
        seat: int,
        scores: Sequence[int],
        hands_after: float,
        share: float = SHARE,
        win_weight: float = WIN_WEIGHT,
    ) -> Objective:
        per_hand = 0.6 * max(rules.exact_bonus, 4) + 1.0
        spread = per_hand * math.sqrt(max(0.0, hands_after))
        race = win_weight if rules.hand_count() != 1 else 0.0
        weight = (race + rules.hard_score_bonus) * min(1.0, FINISH / (1.0 + hands_after))
        if rules.trick_points is not TrickPoints.ALWAYS:
            share = 0.0
        return cls(seat, tuple(scores), share, weight, spread, rules.target_score)

    def value(self, points: Sequence[float]) -> float:
        """The worth of one outcome: every seat's points for this hand (or their
        expectations)."""
        seat = self.seat
        mine = points[seat]
        players = len(points)
        base = mine - self.share * (sum(points) - mine) / (players - 1)
        if not self.win_weight:
            return base
        return base + self.win_weight * self.win_chance(points)

    def win_chance(self, points: Sequence[float]) -> float:
        totals = [score + gained for score, gained in zip(self.scores, points, strict=True)]
        seat = self.seat
        mine = totals[seat]
        rival = max(totals[:seat] + totals[seat + 1 :])
        ends = self.spread <= 0.0 or (self.target is not None and max(mine, rival) >= self.target)
        if ends:
            if mine < rival:
                return 0.0
            return 1.0 / totals.count(mine) if mine == rival else 1.0
        return 0.5 * (1.0 + math.erf((mine - rival) / (self.spread * 1.4142)))

    def own(self, points: int, others: float) -> float:
        """The worth of ``points`` when every opponent is expected to score ``others``."""
        vector = [round(others)] * len(self.scores)
        vector[self.seat] = points
        return self.value(vector)


def hands_after(view: SeatView) -> float:
    """How many hands the game has left after this one (estimated with a target)."""
    rules = view.rules
    count = rules.hand_count()
    left = float(count - view.hand_number) if count is not None else math.inf
    target = rules.target_score
    if target is not None:
        lead = max(view.scores)
        pace = pace_per_hand(rules, view.hand_size)
        left = min(left, max(0.0, (target - lead) / pace - 1.0))
    return left


def pace_per_hand(rules: RuleSet, size: int) -> float:
    """A leader's typical points per hand."""
    tricks = size / rules.players
    bonus = 0.6 * rules.exact_bonus
    if rules.trick_points is TrickPoints.ALWAYS:
        return tricks + bonus + 1.0
    if rules.trick_points is TrickPoints.EXACT:
        return 0.6 * tricks + bonus + 1.0
    return bonus + 1.0


def objective_of(view: SeatView, share: float = SHARE, win_weight: float = WIN_WEIGHT) -> Objective:
    seat = view.seat if view.seat is not None else 0
    return Objective.for_game(view.rules, seat, view.scores, hands_after(view), share, win_weight)
