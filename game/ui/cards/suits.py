"""The four suit symbols: their shapes, their inks and how they are drawn.

:func:`draw_suit` fills a symbol on a supersampled canvas (the card faces);
:func:`suit_symbol` draws a cached, anti-aliased one anywhere else.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.rules.cards import Suit
from game.ui.cards.geometry import Point, Polygon, arc, cubic, mirror_closed, normalise, quad
from game.ui.cards.palette import BLACK, BLUE, GREEN, RED, Colour
from game.ui.kit.theme import picture_cache


def suit_colour(suit: Suit | int, four_colour: bool = False) -> Colour:
    """The ink colour of a suit: red and black, or green/blue/red/black with four colours."""
    suit = Suit(suit)
    if four_colour:
        return (GREEN, BLUE, RED, BLACK)[suit]
    return RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else BLACK


# --- shapes ------------------------------------------------------------------


def _heart_half(n: int = 28) -> list[Point]:
    """The left half of a heart, from the bottom point round to the top cleft."""
    a, r = 0.25, 0.27
    cy = -0.5 + r
    bottom = (0.0, 0.5)
    side = math.radians(165)
    q = (-a + r * math.cos(side), cy + r * math.sin(side))
    down = (math.sin(side), -math.cos(side))  # leaving the lobe, heading for the point
    lean = math.radians(50)
    curve = cubic(
        bottom,
        (bottom[0] - 0.20 * math.sin(lean), bottom[1] - 0.20 * math.cos(lean)),
        (q[0] + 0.16 * down[0], q[1] + 0.16 * down[1]),
        q,
        n,
    )
    cleft = 2 * math.pi - math.acos(a / r)
    lobe = arc(-a, cy, r, r, side, cleft, n)
    return curve + lobe[1:]


def _stem(top: float, half_top: float, half_base: float, n: int = 12) -> Polygon:
    """The flared foot of a spade or club."""
    left = quad((-half_top, top), (-half_top * 1.1, 0.42), (-half_base, 0.5), n)
    base = quad((-half_base, 0.5), (0.0, 0.47), (half_base, 0.5), n)[1:-1]
    right = [(-x, y) for x, y in reversed(left)]
    return (*left, *base, *right)


def _build_shapes() -> tuple[tuple[Polygon, ...], ...]:
    heart = mirror_closed(_heart_half())

    diamond_half = quad((0.0, 0.5), (-0.30, 0.20), (-0.40, 0.0), 14)
    diamond_half += quad((-0.40, 0.0), (-0.30, -0.20), (0.0, -0.5), 14)[1:]
    diamond = mirror_closed(diamond_half)

    body = [(x * 0.98, -y * 0.8 - 0.1) for x, y in heart]  # heart upside down
    spade = (tuple(body), _stem(0.12, 0.03, 0.2))

    r = 0.222
    club: list[Polygon] = [
        tuple(arc(cx, cy, r, r, 0, 2 * math.pi, 40)[:-1])
        for cx, cy in ((0.0, -0.5 + r), (-0.248, 0.065), (0.248, 0.065))
    ]
    club.append(((0.0, -0.2), (-0.2, 0.1), (0.0, 0.2), (0.2, 0.1)))
    club.append(_stem(0.08, 0.034, 0.19))

    return (
        normalise(club),
        normalise([tuple(diamond)]),
        normalise([tuple(heart)]),
        normalise(spade),
    )


SHAPES: tuple[tuple[Polygon, ...], ...] = _build_shapes()
"""Each suit's symbol as filled polygons, one unit tall, centred on the origin, y down."""


# --- drawing -----------------------------------------------------------------


def _place(poly: Polygon, cx: float, cy: float, size: float, flip: bool) -> list[Point]:
    s = -size if flip else size
    return [(cx + x * s, cy + y * s) for x, y in poly]


def draw_suit(
    surface: pygame.Surface,
    suit: Suit | int,
    cx: float,
    cy: float,
    size: float,
    colour: Sequence[int],
    flip: bool = False,
) -> None:
    """Fill a suit symbol with no anti-aliasing (used on supersampled surfaces)."""
    for poly in SHAPES[suit]:
        pygame.draw.polygon(surface, colour, _place(poly, cx, cy, size, flip))


@picture_cache(maxsize=512, screens=0.5)
def _symbol_sprite(
    suit: int, size_q: int, colour: tuple[int, ...], fx: int, fy: int
) -> pygame.Surface:
    size = size_q / 4
    ss = 4
    side = math.ceil(size) + 3
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    centre_x = (side / 2 + fx / 4) * ss
    centre_y = (side / 2 + fy / 4) * ss
    draw_suit(big, suit, centre_x, centre_y, size * ss, colour)
    return pygame.transform.smoothscale(big, (side, side))


def suit_symbol(
    surface: pygame.Surface,
    suit: Suit | int,
    center: tuple[float, float],
    size: float,
    colour: Sequence[int],
) -> None:
    """Draw one anti-aliased suit symbol, ``size`` pixels tall, centred on ``center``.

    The rendered symbol is cached, so calling this every frame is cheap.
    """
    if size <= 0:
        return
    x, y = center
    ix, iy = math.floor(x), math.floor(y)
    fx, fy = round((x - ix) * 4), round((y - iy) * 4)
    sprite = _symbol_sprite(int(suit), max(1, round(size * 4)), tuple(colour), fx, fy)
    side = sprite.get_width()
    surface.blit(sprite, (ix - side // 2, iy - side // 2))
