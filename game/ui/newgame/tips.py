"""Tips beside the new game form: what a row or a choice means, shown in the
margin to the form's left so they never hide the row they explain or the rows
around it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.kit import theme

OPTION_DELAY = 0.5
"""Seconds the mouse rests on a choice before its tip shows (a label's shows at once)."""


@dataclass(frozen=True)
class Tip:
    """What a spot of the form explains: ``text`` about the line ``row`` (a screen
    rectangle), headed by ``title`` when it is about one choice of the line."""

    text: str
    row: pygame.Rect
    title: str = ""
    delay: float = 0.0


class Hover:
    """Which tip the mouse rests on, and whether it has rested long enough."""

    def __init__(self) -> None:
        self.tip: Tip | None = None
        self.rested = 0.0

    def update(self, tip: Tip | None, dt: float) -> None:
        if tip != self.tip:
            self.tip, self.rested = tip, 0.0
        else:
            self.rested += dt

    @property
    def shown(self) -> Tip | None:
        """The tip to draw now, if any."""
        if self.tip is not None and self.rested >= self.tip.delay:
            return self.tip
        return None


def tip_rect(
    size: tuple[int, int], row: pygame.Rect, right: int, screen: pygame.Rect
) -> pygame.Rect:
    """Where a tip of ``size`` goes: ending at ``right`` (left of the form), level
    with ``row``, and inside ``screen``."""
    rect = pygame.Rect((0, 0), size)
    rect.midright = (right, row.centery)
    rect.clamp_ip(screen)
    if rect.right > right:
        rect.right = right
    return rect


def draw_tip(surface: pygame.Surface, tip: Tip, right: int, scale: float) -> pygame.Rect:
    """The tip in a bubble ending at ``right``, pointing at its row; returns where."""
    size = max(12, round(15 * scale))
    width, pad = round(320 * scale), round(10 * scale)
    rendered = [
        theme.text(line, size, theme.GOLD, "bold")
        for line in theme.wrap(tip.title, size, width, "bold")
    ]
    rendered += [theme.text(line, size, theme.TEXT) for line in theme.wrap(tip.text, size, width)]
    box = (
        max(line.get_width() for line in rendered) + 2 * pad,
        sum(line.get_height() for line in rendered) + 2 * pad,
    )
    rect = tip_rect(box, tip.row, right, surface.get_rect())
    theme.panel(surface, rect, (8, 16, 14, 240), round(8 * scale), (*theme.GOLD, 140))
    y = min(max(tip.row.centery, rect.top + pad), rect.bottom - pad)
    arrow = round(7 * scale)
    pygame.draw.polygon(
        surface,
        (*theme.GOLD, 200),
        [(rect.right, y - arrow), (rect.right + arrow, y), (rect.right, y + arrow)],
    )
    top = rect.y + pad
    for line in rendered:
        surface.blit(line, (rect.x + pad, top))
        top += line.get_height()
    return rect
