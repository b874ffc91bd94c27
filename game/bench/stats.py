"""Means with 95% confidence intervals (Student's t), for the tournament.

>>> estimate = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> round(estimate.mean, 2), round(estimate.half, 2)
(2.5, 2.05)
>>> round(t_critical(1000), 2)
1.96
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

_Z = 1.959964
_SMALL = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571}


def t_critical(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        return math.inf
    if df in _SMALL:
        return _SMALL[df]
    z = _Z
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@dataclass(frozen=True)
class Estimate:
    """A sample mean and the half-width of its 95% confidence interval."""

    mean: float
    half: float
    count: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half

    def to_json(self, scale: float = 1.0) -> dict[str, float | int | list[float]]:
        return {
            "mean": round(self.mean * scale, 4),
            "ci95": [round(self.low * scale, 4), round(self.high * scale, 4)],
            "n": self.count,
        }

    def text(self, scale: float = 1.0, sign: bool = False) -> str:
        mean = f"{self.mean * scale:+.2f}" if sign else f"{self.mean * scale:.2f}"
        if math.isinf(self.half) or math.isnan(self.half):
            return f"{mean} ± ?"
        return f"{mean} ± {self.half * scale:.2f}"


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with a t-interval (infinite for fewer than two values)."""
    count = len(values)
    if count == 0:
        return Estimate(math.nan, math.inf, 0)
    mean = sum(values) / count
    if count < 2:
        return Estimate(mean, math.inf, count)
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return Estimate(mean, t_critical(count - 1) * math.sqrt(variance / count), count)
