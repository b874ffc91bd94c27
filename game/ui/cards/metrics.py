"""The measurements of a card at one width: the numbers every drawing module shares.

:class:`~game.ui.cards.art.CardArt` makes one and hands it to the modules that draw the
back, the pips and the courts, so they depend on these numbers, not on the art class.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

RATIO = 1.4
"""Height over width of every card."""

LAYOUT_WIDTHS = (50, 70, 110, 200)
"""Widths at which the layout values below are given; others are interpolated."""

SUPERSAMPLE = 4
"""Cards are drawn this many times larger and scaled down. Four (sixteen samples a
pixel) is smooth, and pygame's smoothscale is exact for powers of two (with three,
opaque pixels come out with alpha 253)."""


def by_width(width: float, values: Sequence[float]) -> float:
    """Interpolate a layout value given at each of LAYOUT_WIDTHS (held flat outside them)."""
    if width <= LAYOUT_WIDTHS[0]:
        return values[0]
    for (w0, v0), (w1, v1) in itertools.pairwise(zip(LAYOUT_WIDTHS, values, strict=True)):
        if width <= w1:
            return v0 + (v1 - v0) * (width - w0) / (w1 - w0)
    return values[-1]


@dataclass(frozen=True)
class CardMetrics:
    """Sizes in pixels of the final card (multiply by ``scale`` on the canvas) and
    proportions in fractions of the width. Small cards get relatively larger indices
    (so they stay legible in a fan) and smaller pips to make room."""

    width: int
    height: int
    scale: int
    radius: float
    edge: float
    index_height: float
    index_suit: float
    index_x: float
    index_top: float
    pip_size: float
    pip_column: float
    panel_left: float

    @classmethod
    def for_width(cls, width: int) -> CardMetrics:
        if width < 8:
            raise ValueError(f"card width {width} is too small")
        w = int(width)
        index_height = w * by_width(w, (0.23, 0.215, 0.18, 0.155))
        return cls(
            width=w,
            height=round(w * RATIO),
            scale=SUPERSAMPLE,
            radius=max(2.0, 0.06 * w),
            edge=max(1.0, w / 110),
            index_height=index_height,
            index_suit=index_height * by_width(w, (0.88, 0.85, 0.8, 0.78)),
            index_x=w * by_width(w, (0.13, 0.124, 0.112, 0.1)),
            index_top=w * by_width(w, (0.05, 0.054, 0.06, 0.06)),
            pip_size=by_width(w, (0.152, 0.165, 0.19, 0.19)),
            pip_column=by_width(w, (0.385, 0.365, 0.33, 0.32)),
            panel_left=by_width(w, (0.273, 0.262, 0.228, 0.21)),
        )
