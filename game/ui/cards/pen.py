"""The pen that draws the court figures: shapes in local units, outlined in ink."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.cards import Suit
from game.ui.cards.geometry import Point
from game.ui.cards.palette import Colour
from game.ui.cards.suits import draw_suit


def _outline(surface: pygame.Surface, colour: Colour, pts: Sequence[Point], width: float) -> None:
    """A closed outline with round joins."""
    w = max(1, round(width))
    pygame.draw.lines(surface, colour, True, pts, w)
    if w > 2:
        for p in pts:
            pygame.draw.circle(surface, colour, p, w / 2)


class Pen:
    """Draws in a local coordinate system: one unit is ``unit`` pixels, origin at (x0, y0)."""

    def __init__(
        self, surface: pygame.Surface, x0: float, y0: float, unit: float, ink: Colour, line: float
    ) -> None:
        self.surface = surface
        self.x0, self.y0, self.unit = x0, y0, unit
        self.ink = ink
        self.line = line * unit

    def pts(self, pts: Sequence[Point]) -> list[Point]:
        """Local points in pixels."""
        return [(self.x0 + u * self.unit, self.y0 + v * self.unit) for u, v in pts]

    def poly(self, pts: Sequence[Point], fill: Colour | None, outline: bool = True) -> None:
        """A filled polygon, outlined in ink."""
        p = self.pts(pts)
        if fill is not None:
            pygame.draw.polygon(self.surface, fill, p)
        if outline:
            _outline(self.surface, self.ink, p, self.line)

    def sym(self, pts: Sequence[Point], fill: Colour | None, outline: bool = True) -> None:
        """A polygon given by its left half, mirrored about u = 0.5."""
        full = list(pts) + [(1 - u, v) for u, v in reversed(pts)]
        self.poly(full, fill, outline)

    def ellipse(
        self, cu: float, cv: float, ru: float, rv: float, fill: Colour, outline: bool = True
    ) -> None:
        """A filled ellipse centred on (cu, cv), outlined in ink."""
        x, y = self.x0 + (cu - ru) * self.unit, self.y0 + (cv - rv) * self.unit
        rect = pygame.Rect(round(x), round(y), round(2 * ru * self.unit), round(2 * rv * self.unit))
        if outline:
            grow = round(self.line)
            pygame.draw.ellipse(self.surface, self.ink, rect.inflate(grow, grow))
            pygame.draw.ellipse(self.surface, fill, rect.inflate(-grow, -grow))
        else:
            pygame.draw.ellipse(self.surface, fill, rect)

    def circle(self, cu: float, cv: float, r: float, fill: Colour, outline: bool = True) -> None:
        """A filled circle centred on (cu, cv), outlined in ink."""
        c = (self.x0 + cu * self.unit, self.y0 + cv * self.unit)
        if outline:
            pygame.draw.circle(self.surface, self.ink, c, r * self.unit + self.line / 2)
            pygame.draw.circle(self.surface, fill, c, max(0.5, r * self.unit - self.line / 2))
        else:
            pygame.draw.circle(self.surface, fill, c, r * self.unit)

    def stroke(self, pts: Sequence[Point], colour: Colour | None = None, width: float = 1) -> None:
        """An open line, ``width`` times the outline weight, with round caps and joins."""
        w = max(1, round(self.line * width))
        p = self.pts(pts)
        col = colour or self.ink
        pygame.draw.lines(self.surface, col, False, p, w)
        if w > 2:
            for q in p:
                pygame.draw.circle(self.surface, col, q, w / 2)

    def suit(self, suit: Suit, cu: float, cv: float, size: float, colour: Colour) -> None:
        """A suit symbol ``size`` units tall centred on (cu, cv)."""
        draw_suit(
            self.surface,
            suit,
            self.x0 + cu * self.unit,
            self.y0 + cv * self.unit,
            size * self.unit,
            colour,
        )
