"""Bidding from the learned trick model: the legal bid with the best expected score.

For every bid the engine allows (``view.legal``: the hook is the engine's, never
worked out again here), the model gives the chance of taking each number of
tricks when playing to that bid; the bid's value is its expected points for the
hand under the game's own scoring (:func:`~game.rules.scoring.hand_points`).

:class:`LearnedBidder` wraps a level: it bids from the model and leaves the play
(and every bid, when the model cannot be loaded) to the level.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import mul

from game.ai.base import Agent
from game.ai.features import BidSituation, situation_of
from game.ai.trickmodel import TrickModel, shipped_model
from game.rules.actions import Action, Bid
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.scoring import hand_points
from game.rules.view import SeatView

__all__ = ["LearnedBidder", "learned_bid", "model_best_bid", "model_bid_values"]


def model_bid_values(
    model: TrickModel, situation: BidSituation, rules: RuleSet, bids: Sequence[int]
) -> dict[int, float]:
    """The expected points of each of ``bids``."""
    table = points_table(rules, situation.size)
    return {
        bid: sum(map(mul, chances, table[bid]))
        for bid, chances in model.distributions(situation, bids).items()
    }


@lru_cache(maxsize=256)
def points_table(rules: RuleSet, size: int) -> tuple[tuple[int, ...], ...]:
    """The hand's points by bid and tricks taken (``[bid][taken]``), for a hand of ``size``."""
    counts = range(size + 1)
    return tuple(tuple(hand_points(rules, bid, taken, size) for taken in counts) for bid in counts)


def model_best_bid(
    model: TrickModel, situation: BidSituation, rules: RuleSet, bids: Sequence[int]
) -> int:
    """The one of ``bids`` with the best expected points (the lower on ties)."""
    values = model_bid_values(model, situation, rules, bids)
    return max(bids, key=lambda bid: (values[bid], -bid))


def learned_bid(view: SeatView, model: TrickModel) -> Bid:
    """The legal bid of ``view``'s seat with the best expected points (the lower on ties)."""
    legal = [action for action in view.legal if isinstance(action, Bid)]
    if not legal:
        raise ValueError("no bid to make in this view")
    values = model_bid_values(model, situation_of(view), view.rules, [bid.tricks for bid in legal])
    return max(legal, key=lambda bid: (values[bid.tricks], -bid.tricks))


class LearnedBidder:
    """``inner``'s play with the learned model's bids (``inner``'s bids without a model)."""

    def __init__(self, inner: Agent, model: TrickModel | None = None) -> None:
        self.inner = inner
        self.level = inner.level
        self.model = model if model is not None else shipped_model()

    def choose(self, view: SeatView) -> Action:
        if view.phase is Phase.BIDDING and self.model is not None and len(view.legal) > 1:
            return learned_bid(view, self.model)
        return self.inner.choose(view)
