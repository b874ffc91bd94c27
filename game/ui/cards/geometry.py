"""Curves and outlines for the card art: Bézier curves, arcs, mirrored shapes, half turns."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]
Polygon = tuple[Point, ...]


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int) -> list[Point]:
    """Points on a cubic Bézier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int) -> list[Point]:
    """Points on a quadratic Bézier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int) -> list[Point]:
    """Points on an elliptical arc (angles in radians, y pointing down)."""
    return [
        (cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def mirror_closed(half: list[Point]) -> list[Point]:
    """Close a left-half outline (running from the axis x=0 back to it) by mirroring."""
    return half + [(-x, y) for x, y in reversed(half[1:-1])]


def normalise(polys: Sequence[Sequence[Point]]) -> tuple[Polygon, ...]:
    """Scale shapes so their joint bounding box is one unit tall and centred on the origin."""
    xs = [x for poly in polys for x, _ in poly]
    ys = [y for poly in polys for _, y in poly]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    scale = 1 / (max(ys) - min(ys))
    return tuple(tuple(((x - cx) * scale, (y - cy) * scale) for x, y in poly) for poly in polys)


def half_turn(surface: pygame.Surface) -> pygame.Surface:
    """The surface turned through 180 degrees (exact, and faster than rotate)."""
    return pygame.transform.flip(surface, True, True)
