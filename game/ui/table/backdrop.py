"""The table's still picture for one layout: the felt, the inlaid ring around the
trick, the top bar and the trump panel, drawn once and kept."""

from __future__ import annotations

import pygame

from game.ui.kit import theme
from game.ui.table import sprites
from game.ui.table.layout import TableLayout


def table_background(layout: TableLayout) -> pygame.Surface:
    """Everything that does not change while the layout stays."""
    background = theme.felt(layout.size).copy()
    _table_ring(background, layout)
    bar = layout.top_bar
    background.blit(theme.rounded_rect(bar.size, (6, 18, 15, 226), 0), bar)
    pygame.draw.line(
        background, (*theme.GOLD_DARK,), (0, bar.bottom - 1), (bar.right, bar.bottom - 1)
    )
    panel = layout.trump_panel
    radius, spread = layout.px(14), layout.px(7)
    background.blit(
        sprites.soft_shadow(panel.size, radius, spread, 120),
        (panel.x - 2 * spread, panel.y - 2 * spread + spread // 2),
    )
    background.blit(
        theme.rounded_rect(panel.size, theme.PLATE_FILL, radius, theme.PLATE_BORDER), panel
    )
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        background = background.convert()
    return background


def _table_ring(surface: pygame.Surface, layout: TableLayout) -> None:
    """A faint gold oval around the trick, like the inlay of a card table."""
    spots = [seat.trick for seat in layout.seats]
    box = spots[0].unionall(spots[1:]).inflate(layout.px(120), layout.px(70))
    box.width = max(box.width, round(box.height * 1.5))
    box.center = layout.centre
    box = box.clip(layout.arena.inflate(layout.px(8), 0))
    ss = 2
    big = pygame.Surface((box.width * ss, box.height * ss), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    pygame.draw.ellipse(big, (255, 255, 255, 9), big.get_rect())
    pygame.draw.ellipse(big, (*theme.GOLD, 60), big.get_rect(), layout.px(2) * ss)
    inner = big.get_rect().inflate(-layout.px(16) * ss, -layout.px(16) * ss)
    pygame.draw.ellipse(big, (*theme.GOLD, 26), inner, max(1, layout.px(1)) * ss)
    surface.blit(pygame.transform.smoothscale(big, box.size), box)
