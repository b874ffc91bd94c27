"""Figures every benchmark prints the same way."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile of ``values`` by nearest rank (the smallest value with at
    least that share of the values at or below it).

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile([5, 1, 4, 2, 3], 0.9), percentile([7], 0.9)
    (3, 5, 7)
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[min(len(ordered), rank) - 1]
