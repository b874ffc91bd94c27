"""How likely each opponent's bid was with the hand a sampled deal gives it, by the
learned trick model.

A seat is taken to bid like the learned bid with some slack: the chance of a bid is
a softmax of the expected points the trick model gives each bid the seat could
make, ``sharpness`` per point (a bid a point worse than the best is ``e`` times
less likely at 1.0). The hand is the one the deal gives the seat now plus the cards
it has played; the bids it had seen are the ones made before it.
"""

from __future__ import annotations

import math
import random

from game.ai.features import situation_in
from game.ai.knowledge import Knowledge, hook_barred, played_by
from game.ai.learned import model_bid_values
from game.ai.sampling import DealSampler
from game.ai.shards import resample
from game.ai.trickmodel import TrickModel

__all__ = ["BidLikelihood", "weighed_deals"]


class BidLikelihood:
    """Weighs sampled deals by the chance of the opponents' bids (remembered per hand)."""

    def __init__(self, knowledge: Knowledge, model: TrickModel, sharpness: float = 1.0) -> None:
        self.knowledge = knowledge
        self.model = model
        self.sharpness = sharpness
        self.opponents = [
            seat
            for seat in range(knowledge.players)
            if seat != knowledge.seat and knowledge.bids[seat] is not None
        ]
        self.played = {seat: played_by(knowledge, seat) for seat in self.opponents}
        self.memo: dict[tuple[int, int], float] = {}

    def weigh(self, deals: list[list[int]]) -> list[float]:
        """One weight per deal (the likeliest 1.0)."""
        logs = [sum(self.log_chance(seat, deal[seat]) for seat in self.opponents) for deal in deals]
        top = max(logs, default=0.0)
        return [math.exp(value - top) for value in logs]

    def log_chance(self, seat: int, held: int) -> float:
        """The log-chance that ``seat`` bid as it did had it held ``held`` now."""
        key = (seat, held)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self._log_chance(seat, held | self.played[seat])
        return known

    def _log_chance(self, seat: int, dealt: int) -> float:
        knowledge = self.knowledge
        bids = knowledge.bids
        made = bids[seat]
        assert made is not None
        barred = hook_barred(knowledge, seat, bids)
        choices = [count for count in range(knowledge.size + 1) if count != barred]
        situation = situation_in(knowledge, seat, dealt, bids)
        values = model_bid_values(self.model, situation, knowledge.rules, choices)
        top = max(values.values())
        scaled = {bid: self.sharpness * (value - top) for bid, value in values.items()}
        total = math.log(sum(math.exp(value) for value in scaled.values()))
        return scaled.get(made, -math.inf) - total


def weighed_deals(
    knowledge: Knowledge,
    model: TrickModel,
    count: int,
    oversample: int,
    rng: random.Random,
    sharpness: float = 1.0,
) -> tuple[list[list[int]], list[float]]:
    """``count`` deals kept from ``oversample`` times as many drawn, in proportion to
    the chance of the opponents' bids with them (each distinct deal once, weighing
    its copies)."""
    sampler = DealSampler(knowledge)
    likelihood = BidLikelihood(knowledge, model, sharpness)
    if not likelihood.opponents:
        return [sampler.sample(rng) for _ in range(count)], [1.0] * count
    drawn = [sampler.sample(rng) for _ in range(count * oversample)]
    return resample(drawn, likelihood.weigh(drawn), count, rng)
