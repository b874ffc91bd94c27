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
from functools import lru_cache

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
    1: BidModel(-0.32, 1.64, 0.22),  # 900 bids, -0.060 / -0.441
    2: BidModel(-0.46, 1.54, 0.34),  # 900 bids, -0.205 / -0.680
    3: BidModel(-0.53, 1.44, 0.36),  # 900 bids, -0.318 / -0.802
    4: BidModel(-0.56, 1.39, 0.41),  # 900 bids, -0.462 / -0.885
    5: BidModel(-0.70, 1.44, 0.42),  # 900 bids, -0.490 / -0.932
    6: BidModel(-0.76, 1.47, 0.47),  # 900 bids, -0.599 / -0.984
    7: BidModel(-0.94, 1.48, 0.57),  # 900 bids, -0.777 / -1.059
    8: BidModel(-0.91, 1.42, 0.64),  # 900 bids, -0.916 / -1.117
    9: BidModel(-1.02, 1.37, 0.69),  # 600 bids, -1.021 / -1.183
    10: BidModel(-1.00, 1.34, 0.73),  # 600 bids, -1.103 / -1.233
    11: BidModel(-1.36, 1.39, 0.87),  # 350 bids, -1.277 / -1.371
    12: BidModel(-1.91, 1.56, 0.91),  # 350 bids, -1.304 / -1.447
    13: BidModel(-1.61, 1.36, 1.07),  # 150 bids, -1.496 / -1.575
}
"""The fitted models by hand size (larger hands take 13's), from ``uv run python
tools/fit_bids.py collect --levels ismcts,hard --sizes 1-13 --deals 25 --seed 1`` (9,250
bids, 3 to 6 seats) and ``fit``: a bid's mean log-chance rises from -0.93 to -0.49 at 5
cards and from -1.23 to -1.10 at 10, against the curve of spread 1 centred on the estimate."""


@lru_cache(maxsize=64)
def bid_model(size: int) -> BidModel:
    """The model for hands of ``size`` cards (looked up once per size, at most 52 of
    them: the tree asks at every guessed bid)."""
    nearest = min(FITTED, key=lambda known: (abs(known - size), known))
    return FITTED[nearest]
