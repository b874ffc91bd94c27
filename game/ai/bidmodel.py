"""How other players bid, as a chance for every bid given the trick estimator's view
of their hand.

A bid lies near ``offset + slope × estimate`` (the estimator's expected tricks,
:func:`~game.ai.heuristics.expected_tricks`), spread as a normal curve over the
legal bids, with a small floor so that no bid is ever ruled out. The
coefficients by hand size are fitted by ``tools/fit_bids.py`` from the levels'
own bids (docs/ai.md, issue 30).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["BidModel", "bid_model"]

FLOOR = 0.05
"""The share of every bid's chance spread evenly over the legal bids."""


@dataclass(frozen=True)
class BidModel:
    """Where bids lie around the estimator's tricks, for one hand size."""

    offset: float
    slope: float
    spread: float

    def centre(self, estimate: float) -> float:
        return self.offset + self.slope * estimate

    def chances(self, estimate: float, size: int, forbidden: int | None) -> list[float]:
        """The chance of every bid 0..``size`` (0 for the forbidden one)."""
        centre, width = self.centre(estimate), 2.0 * self.spread**2
        legal = [bid for bid in range(size + 1) if bid != forbidden]
        nearest = min((bid - centre) ** 2 for bid in legal)
        curve = [
            0.0 if bid == forbidden else math.exp((nearest - (bid - centre) ** 2) / width)
            for bid in range(size + 1)
        ]
        total, even = sum(curve), FLOOR / len(legal)
        return [
            0.0 if bid == forbidden else (1.0 - FLOOR) * value / total + even
            for bid, value in enumerate(curve)
        ]

    def likeliest(self, estimate: float, size: int, forbidden: int | None) -> int:
        """The most likely legal bid (the nearest to the centre)."""
        centre = self.centre(estimate)
        legal = [bid for bid in range(size + 1) if bid != forbidden]
        return min(legal, key=lambda bid: (abs(bid - centre), bid))


FITTED: dict[int, BidModel] = {
    3: BidModel(-0.5, 1.3, 0.3),
    5: BidModel(-0.8, 1.5, 0.4),
    10: BidModel(-0.6, 1.2, 0.7),
}
"""The fitted models by hand size; other sizes take the nearest."""


def bid_model(size: int) -> BidModel:
    """The model for hands of ``size`` cards."""
    nearest = min(FITTED, key=lambda known: (abs(known - size), known))
    return FITTED[nearest]
