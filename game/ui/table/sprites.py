"""Small cached pictures for the table: soft shadows, glows, avatars, the dealer chip
(and the suits' inks on the dark panels).

Each is drawn once per size (supersampled for clean edges) and kept, so the
table draws a frame with blits only.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.rules.cards import Suit
from game.ui.kit import theme
from game.ui.kit.widgets import Button

AnyColour = tuple[int, ...]

_LIGHT_INKS = ((236, 232, 220), (240, 104, 100), (240, 104, 100), (236, 232, 220))
_LIGHT_INKS_FOUR = ((120, 214, 140), (128, 176, 246), (240, 104, 100), (236, 232, 220))


def suit_ink(suit: Suit, four_colour: bool) -> tuple[int, int, int]:
    """A suit's colour for drawing on the dark panels."""
    return (_LIGHT_INKS_FOUR if four_colour else _LIGHT_INKS)[suit]


def _blur(surface: pygame.Surface, amount: int) -> pygame.Surface:
    """A cheap blur: shrink and grow back smoothly."""
    width, height = surface.get_size()
    factor = max(2, amount)
    small = pygame.transform.smoothscale(
        surface, (max(1, width // factor), max(1, height // factor))
    )
    return pygame.transform.smoothscale(small, (width, height))


@theme.picture_cache(maxsize=64, screens=4.0)
def soft_shadow(
    size: tuple[int, int], radius: int, spread: int, alpha: int = 110
) -> pygame.Surface:
    """A blurred dark rounded rectangle ``spread`` pixels larger than ``size`` on each side."""
    width, height = size
    canvas = pygame.Surface((width + 4 * spread, height + 4 * spread), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    shape = pygame.Rect(2 * spread, 2 * spread, width, height)
    pygame.draw.rect(canvas, (0, 0, 0, alpha), shape, border_radius=radius)
    return _blur(canvas, max(2, spread))


@theme.picture_cache(maxsize=64, screens=1.0)
def glow(
    size: tuple[int, int], radius: int, spread: int, colour: AnyColour, hollow: bool = False
) -> pygame.Surface:
    """A soft coloured halo around a rounded rectangle of ``size`` (offset by 2 x spread).
    ``hollow`` leaves the inside clear so it can sit behind translucent panels."""
    width, height = size
    canvas = pygame.Surface((width + 4 * spread, height + 4 * spread), pygame.SRCALPHA)
    canvas.fill((*colour[:3], 0))
    shape = pygame.Rect(2 * spread, 2 * spread, width, height).inflate(spread, spread)
    pygame.draw.rect(canvas, (*colour[:3], 200), shape, border_radius=radius + spread // 2)
    out = _blur(canvas, max(2, spread))
    if hollow:
        inner = pygame.Rect(2 * spread, 2 * spread, width, height)
        pygame.draw.rect(out, (*colour[:3], 0), inner, border_radius=radius)
    return out


@theme.picture_cache(maxsize=64, screens=1.0)
def outline(size: tuple[int, int], radius: int, colour: AnyColour, width: int) -> pygame.Surface:
    """An anti-aliased rounded outline."""
    return theme.rounded_rect(size, (*colour[:3], 0), radius, colour, width)


@theme.picture_cache(maxsize=32, screens=1.0)
def card_veil(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    """A dark rounded veil laid over a card to dim it."""
    return theme.rounded_rect(size, (10, 18, 16, alpha), radius)


@theme.picture_cache(maxsize=64, screens=1.0)
def avatar(radius: int, colour: AnyColour, initial: str) -> pygame.Surface:
    """A seat's disc: its colour, a light rim and the initial in dark ink."""
    ss = 4
    side = radius * 2 + 4
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    centre = (side * ss // 2, side * ss // 2)
    pygame.draw.circle(big, (0, 0, 0, 70), (centre[0], centre[1] + ss * 2), radius * ss)
    pygame.draw.circle(big, (*colour[:3], 255), centre, radius * ss)
    lighter = tuple(min(255, c + 40) for c in colour[:3])
    pygame.draw.circle(big, (*lighter, 255), centre, radius * ss, max(1, ss * radius // 12))
    out = pygame.transform.smoothscale(big, (side, side))
    label = theme.text(initial, max(10, round(radius * 1.05)), theme.TEXT_DARK, "bold")
    out.blit(label, label.get_rect(center=(side // 2, side // 2)))
    return out


@theme.picture_cache(maxsize=16, screens=1.0)
def ring(radius: int, colour: AnyColour, width: int) -> pygame.Surface:
    """An anti-aliased circle outline around an avatar."""
    ss = 4
    side = radius * 2 + 2 * width + 4
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    pygame.draw.circle(
        big, colour, (side * ss // 2, side * ss // 2), (radius + width) * ss, width * ss
    )
    return pygame.transform.smoothscale(big, (side, side))


@theme.picture_cache(maxsize=16, screens=1.0)
def dealer_chip(radius: int, letter: str = "D") -> pygame.Surface:
    """The dealer button: a gold chip with a D (``letter``, in the player's language)."""
    ss = 4
    side = radius * 2 + 6
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    c = side * ss // 2
    pygame.draw.circle(big, (0, 0, 0, 90), (c, c + 2 * ss), radius * ss)
    pygame.draw.circle(big, (*theme.GOLD_DARK, 255), (c, c), radius * ss)
    pygame.draw.circle(big, (*theme.GOLD, 255), (c, c), round(radius * 0.86 * ss))
    pygame.draw.circle(big, (255, 240, 200, 255), (c, c), round(radius * 0.86 * ss), ss)
    out = pygame.transform.smoothscale(big, (side, side))
    label = theme.text(letter, max(9, round(radius * 1.15)), theme.TEXT_DARK, "bold")
    out.blit(label, label.get_rect(center=(side // 2, side // 2)))
    return out


@theme.picture_cache(maxsize=64, screens=1.0)
def mark(kind: str, size: int, colour: AnyColour) -> pygame.Surface:
    """A tick (``made``) or a cross (``broken``) icon, ``size`` pixels square."""
    ss = 4
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    width = max(2, round(size * ss * 0.16))
    s = size * ss
    if kind == "made":
        points = [(0.12 * s, 0.55 * s), (0.4 * s, 0.82 * s), (0.9 * s, 0.2 * s)]
        pygame.draw.lines(big, colour, False, points, width)
        for x, y in points:
            pygame.draw.circle(big, colour, (x, y), width / 2)
    else:
        pygame.draw.line(big, colour, (0.2 * s, 0.2 * s), (0.8 * s, 0.8 * s), width)
        pygame.draw.line(big, colour, (0.8 * s, 0.2 * s), (0.2 * s, 0.8 * s), width)
        for point in ((0.2, 0.2), (0.8, 0.8), (0.8, 0.2), (0.2, 0.8)):
            pygame.draw.circle(big, colour, (point[0] * s, point[1] * s), width / 2)
    return pygame.transform.smoothscale(big, (size, size))


@theme.picture_cache(maxsize=256, screens=1.0)
def pill(
    content: str, size: int, ink: AnyColour, fill: AnyColour, weight: str = "bold"
) -> pygame.Surface:
    """Text on a rounded pill, for bids and short notices."""
    label = theme.text(content, size, ink, weight)
    pad_x, pad_y = round(size * 0.7), round(size * 0.3)
    width, height = label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y
    out = theme.rounded_rect((width, height), fill, height // 2, (255, 255, 255, 50)).copy()
    out.blit(label, label.get_rect(center=(width // 2, height // 2)))
    return out


def fit_text(
    content: str, size: int, width: int, weight: str = "regular", *, strip: bool = True
) -> str:
    """``content`` shortened with an ellipsis to fit ``width`` pixels (with ``strip``,
    without the spaces the cut may leave before the ellipsis)."""
    return _fit_text(
        theme.drawable(content[: theme.MAX_LINE + 1]), size, max(1, width), weight, strip
    )


def first_fitting(labels: tuple[str, ...], size: int, room: int, weight: str = "regular") -> str:
    """The first of ``labels`` that fits ``room`` pixels whole (the last one cut to fit
    when none does)."""
    face = theme.font(size, weight)
    for label in labels:
        if face.size(label)[0] <= room:
            return label
    return fit_text(labels[-1], size, room, weight)


@lru_cache(maxsize=512)
def _fit_text(content: str, size: int, width: int, weight: str, strip: bool) -> str:
    """Cut to :data:`theme.MAX_LINE` characters first, then find the longest prefix
    that fits with its ellipsis by bisection (a few measurements, whatever the length)."""
    face = theme.font(size, weight)
    if len(content) <= theme.MAX_LINE and face.size(content)[0] <= width:
        return content
    content = content[: theme.MAX_LINE]
    low, high = 0, len(content)  # content[:low] + "…" fits (or low is 0)
    while low < high:
        middle = (low + high + 1) // 2
        if face.size(content[:middle] + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    content = content[:low]
    return (content.rstrip() if strip else content) + "…"


@theme.picture_cache(maxsize=64, screens=1.0)
def dot(radius: int, colour: AnyColour) -> pygame.Surface:
    """A small anti-aliased disc."""
    ss = 4
    side = 2 * radius + 2
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    pygame.draw.circle(big, (*colour[:3], 255), (side * ss // 2, side * ss // 2), radius * ss)
    return pygame.transform.smoothscale(big, (side, side))


def paint_button(surface: pygame.Surface, button: Button, scale: float) -> None:
    """Draw ``button`` as one cached picture (so it can be recorded on a canvas)."""
    image, pad = _button_image(
        button.label,
        button.rect.size,
        button.enabled,
        button.primary,
        button.selected,
        button.hovered,
        button.pressed,
        round(scale, 3),
        theme.high_contrast,
    )
    surface.blit(image, (button.rect.x - pad, button.rect.y - pad))


@theme.picture_cache(maxsize=256, screens=1.0)
def _button_image(
    label: str,
    size: tuple[int, int],
    enabled: bool,
    primary: bool,
    selected: bool,
    hovered: bool,
    pressed: bool,
    scale: float,
    contrast: bool = False,
) -> tuple[pygame.Surface, int]:
    pad = max(6, round(7 * scale))
    image = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    image.fill((34, 58, 50, 0))
    copy = Button(pygame.Rect((pad, pad), size), label, _nothing, enabled, "", primary, selected)
    copy.hovered, copy.pressed = hovered, pressed
    copy.draw(image, scale)
    return image, pad


def _nothing() -> None:
    return None
