"""Two charts drawn in the game's own style: running scores hand by hand (a line per
seat) and bids made by hand size (a bar per size)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.cards.palette import Colour
from game.ui.kit import theme


@dataclass(frozen=True)
class Series:
    """One line of a chart: a label, a colour and a value per hand."""

    label: str
    colour: Colour
    values: Sequence[int]


def _nice_step(span: float) -> int:
    """A round grid step giving at most six lines over ``span`` (1, 2, 5, 10, 20...).

    >>> _nice_step(4), _nice_step(13), _nice_step(230)
    (1, 5, 50)
    """
    scale = 1
    while True:
        for factor in (1, 2, 5):
            if span / (scale * factor) <= 6:
                return scale * factor
        scale *= 10


def _frame(
    surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float, reserve: int = 0
) -> pygame.Rect:
    """The chart's panel and title (kept clear of the ``reserve`` pixels at the top
    right, where controls sit); returns the plotting area."""
    theme.panel(surface, rect, (8, 20, 17, 190), round(12 * scale), (255, 255, 255, 30))
    pad = round(14 * scale)
    room = rect.width - 2 * pad - reserve
    label = theme.fitted(title, round(15 * scale), room, theme.TEXT, "bold")
    surface.blit(label, (rect.x + pad, rect.y + round(10 * scale)))
    top = rect.y + round(50 * scale)
    return pygame.Rect(
        rect.x + pad + round(34 * scale),
        top,
        rect.width - 2 * pad - round(34 * scale),
        rect.bottom - top - round(44 * scale),
    )


def line_chart(
    surface: pygame.Surface, rect: pygame.Rect, title: str, series: Sequence[Series], scale: float
) -> None:
    """Running totals per hand, one line per seat, with a legend under the plot."""
    area = _frame(surface, rect, title, scale)
    values = [value for line in series for value in line.values] or [0]
    low, high = min(0, *values), max(1, *values)
    step = _nice_step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    hands = max((len(line.values) for line in series), default=0)
    small = round(12 * scale)
    mark = low
    while mark <= high:
        y = area.bottom - round((mark - low) / (high - low) * area.height)
        pygame.draw.line(
            surface, (255, 255, 255, 40) if mark else theme.TEXT_DIM, (area.x, y), (area.right, y)
        )
        text = theme.text(str(mark), small, theme.TEXT_DIM)
        surface.blit(text, text.get_rect(midright=(area.x - round(6 * scale), y)))
        mark += step
    if hands < 1:
        return
    width = max(2, round(2.5 * scale))
    for line in series:
        points = [
            (
                area.x + round(index / max(1, hands - 1) * area.width),
                area.bottom - round((value - low) / (high - low) * area.height),
            )
            for index, value in enumerate(line.values)
        ]
        if len(points) > 1:
            pygame.draw.lines(surface, line.colour, False, points, width)
        for point in points[-1:]:
            pygame.draw.circle(surface, line.colour, point, width + 1)
    first = theme.text(_("Hand {n}").format(n=1), small, theme.TEXT_DIM)
    surface.blit(first, first.get_rect(topleft=(area.x, area.bottom + round(4 * scale))))
    last = theme.text(_("Hand {n}").format(n=hands), small, theme.TEXT_DIM)
    surface.blit(last, last.get_rect(topright=(area.right, area.bottom + round(4 * scale))))
    _legend(surface, series, (area.x, rect.bottom - round(22 * scale)), area.width, scale)


def _legend(
    surface: pygame.Surface, series: Sequence[Series], at: tuple[int, int], width: int, scale: float
) -> None:
    x, y = at
    size = round(12 * scale)
    for line in series:
        label = theme.text(line.label, size, theme.TEXT)
        if x + label.get_width() + round(24 * scale) > at[0] + width:
            break
        pygame.draw.circle(
            surface, line.colour, (x + round(5 * scale), y + size // 2 + 1), round(5 * scale)
        )
        surface.blit(label, (x + round(14 * scale), y))
        x += label.get_width() + round(28 * scale)


def bar_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    bars: Sequence[tuple[str, float, int]],
    scale: float,
    reserve: int = 0,
) -> None:
    """One bar per entry (a label, a share made from 0 to 1, how many), with the
    percentage over each bar and the count under its label."""
    area = _frame(surface, rect, title, scale, reserve)
    small = round(12 * scale)
    for share in (0.0, 0.5, 1.0):
        y = area.bottom - round(share * area.height)
        pygame.draw.line(
            surface,
            theme.TEXT_DIM if not share else (255, 255, 255, 40),
            (area.x, y),
            (area.right, y),
        )
        text = theme.text(f"{share:.0%}", small, theme.TEXT_DIM)
        surface.blit(text, text.get_rect(midright=(area.x - round(6 * scale), y)))
    if not bars:
        empty = theme.text(_("No bids yet"), round(14 * scale), theme.TEXT_DIM)
        surface.blit(empty, empty.get_rect(center=area.center))
        return
    slot = area.width / len(bars)
    bar_width = max(3, round(min(slot * 0.64, 48 * scale)))
    for index, (label, share, count) in enumerate(bars):
        centre = round(area.x + slot * (index + 0.5))
        height = max(1, round(share * area.height))
        bar = pygame.Rect(centre - bar_width // 2, area.bottom - height, bar_width, height)
        ink = theme.GOOD if share >= 0.5 else theme.GOLD
        pygame.draw.rect(
            surface,
            ink,
            bar,
            border_top_left_radius=round(4 * scale),
            border_top_right_radius=round(4 * scale),
        )
        if slot >= 26 * scale:
            value = theme.text(f"{share:.0%}", small, theme.TEXT)
            surface.blit(value, value.get_rect(midbottom=(centre, bar.y - round(2 * scale))))
        name = theme.text(label, small, theme.TEXT, "bold")
        surface.blit(name, name.get_rect(midtop=(centre, area.bottom + round(4 * scale))))
        if slot >= 26 * scale:
            sub = theme.text(str(count), round(10 * scale), theme.TEXT_DIM)
            surface.blit(sub, sub.get_rect(midtop=(centre, area.bottom + round(18 * scale))))
