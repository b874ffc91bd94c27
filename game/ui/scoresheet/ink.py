"""Paper and pen for the score sheet: the pad, ticks, a small ring beside a missed
bid, solid blobs and rings.

The marks look hand-made but are deterministic: the same cell always gets
the same blob, and the same seat the same ring.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.ui.kit import theme

RULED = (168, 196, 222)
MARGIN_RED = (214, 120, 112)
PENCIL = (122, 124, 132)
FAINT = (196, 196, 190)
TICK_INK = (34, 120, 74)
BLOB_INK = (24, 28, 48)
MISSED_RING = (168, 104, 96)
"""The mark beside a missed bid: a muted rose, plain but never alarming."""
"""The failed bid still faintly legible through its blob."""
MADE_ONE = (30, 128, 78)
"""The "1" Blob's scorer writes in front of a made bid."""
RING = (196, 52, 46)
HIGHLIGHTER = (255, 226, 110, 120)
BINDING = (34, 58, 50)

Scaler = Callable[[float], int]
"""Design pixels (at 1280x720) to window pixels."""


def darker(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour at 60% brightness, for outlines."""
    r, g, b = colour[:3]
    return (round(r * 0.6), round(g * 0.6), round(b * 0.6))


def draw_paper(surface: pygame.Surface, pad: pygame.Rect, binding: pygame.Rect, px: Scaler) -> None:
    """The pad: paper with a shadow, and the binding across the top with its perforation."""
    shadow = pad.move(px(6), px(10))
    theme.panel(surface, shadow, (0, 0, 0, 110), px(10), None)
    pygame.draw.rect(surface, theme.PAPER, pad, border_radius=px(8))
    pygame.draw.rect(
        surface,
        BINDING,
        binding,
        border_top_left_radius=px(8),
        border_top_right_radius=px(8),
    )
    pygame.draw.line(
        surface,
        theme.GOLD_DARK,
        (binding.x, binding.bottom - 1),
        (binding.right, binding.bottom - 1),
        max(1, px(2)),
    )
    for x in range(pad.x + px(18), pad.right - px(10), px(22)):
        pygame.draw.circle(surface, (226, 220, 200), (x, binding.bottom + px(6)), px(2))


def pen_tick(surface: pygame.Surface, start: tuple[int, int], px: Scaler) -> None:
    """A quick pen tick: short stroke down, long stroke up."""
    x, y = start
    points = [(x, y), (x + px(4), y + px(5)), (x + px(12), y - px(7))]
    pygame.draw.lines(surface, TICK_INK, False, points, max(2, px(2.4)))


def pen_ring(surface: pygame.Surface, rect: pygame.Rect, seat: int, width: int) -> None:
    """``rect`` ringed by hand in red pen (a loop that overshoots), the same for every ``seat``."""
    rng = random.Random(seat * 7 + 3)
    cx, cy = rect.center
    rx, ry = rect.width / 2, rect.height / 2
    start = rng.uniform(-2.4, -1.8)
    points = []
    steps = 40
    for step in range(steps + 1):
        a = start + (math.tau + 0.5) * step / steps
        grow = 1 + 0.07 * step / steps
        points.append((cx + math.cos(a) * rx * grow, cy + math.sin(a) * ry * grow))
    pygame.draw.lines(surface, RING, False, points, width)


def missed_mark(surface: pygame.Surface, digit: pygame.Rect, px: Callable[[float], int]) -> None:
    """A small open ring just right of a missed bid (where a made bid has its tick): the
    bid itself stays whole, in pencil grey."""
    radius = max(3, px(5))
    centre = (digit.right + px(3) + radius, digit.centery + px(1))
    pygame.draw.circle(surface, MISSED_RING, centre, radius, max(1, px(2)))


def ink_blob(width: int, height: int, seed: int) -> pygame.Surface:
    """A solid blob of ink, as Blob's scorer paints over a failed bid.

    An irregular filled shape (a wobbly outline with a bulge or two and a few
    spatters), drawn at three times the size and smoothed down. Deterministic
    for a given ``seed``, so the same cell always gets the same blob.
    """
    rng = random.Random(seed)
    scale = 3
    big_w, big_h = max(1, width * scale), max(1, height * scale)
    image = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
    cx = big_w / 2 + rng.uniform(-0.04, 0.04) * big_w
    cy = big_h / 2 + rng.uniform(-0.04, 0.04) * big_h
    rx, ry = big_w * 0.32, big_h * 0.34
    # the outline: a few harmonics with random phases, plus one or two bulges
    waves = [(k, rng.uniform(0.04, 0.13) / k**0.4, rng.uniform(0, math.tau)) for k in (2, 3, 5, 7)]
    count = rng.randint(1, 2)
    bulges = [(rng.uniform(0, math.tau), rng.uniform(0.08, 0.16)) for _b in range(count)]
    outline = []
    steps = 72
    for step in range(steps):
        a = math.tau * step / steps
        r = 1.0 + sum(amp * math.sin(k * a + phase) for k, amp, phase in waves)
        for at, height_of in bulges:
            gap = math.atan2(math.sin(a - at), math.cos(a - at))
            r += height_of * math.exp(-((gap / 0.45) ** 2))
        r = min(r, 1.32)
        outline.append((cx + math.cos(a) * rx * r, cy + math.sin(a) * ry * r))
    pygame.draw.polygon(image, (*BLOB_INK, 236), outline)
    # spatters thrown off the pen
    for _spot in range(rng.randint(1, 3)):
        a = rng.uniform(0, math.tau)
        reach = rng.uniform(1.28, 1.42)
        spot = (cx + math.cos(a) * rx * reach, cy + math.sin(a) * ry * reach)
        size = rng.uniform(0.04, 0.07) * min(big_w, big_h)
        pygame.draw.circle(image, (*BLOB_INK, 230), spot, size)
    return pygame.transform.smoothscale(image, (max(1, width), max(1, height)))
