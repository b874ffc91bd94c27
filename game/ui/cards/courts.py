"""The court cards: each rank's own figure in a framed, two-headed panel.

Each court card shows the top half of a figure in a framed panel; the lower
half is the same picture turned through a half turn. The figures live in
:mod:`~game.ui.cards.court_jack`, :mod:`~game.ui.cards.court_queen` and
:mod:`~game.ui.cards.court_king`, drawn in panel units (see
:mod:`~game.ui.cards.court_parts`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Card, Rank, Suit
from game.ui.cards.court_jack import draw_jack
from game.ui.cards.court_king import draw_king
from game.ui.cards.court_queen import draw_queen
from game.ui.cards.geometry import half_turn
from game.ui.cards.palette import C_GOLD, C_GOLD_DARK, C_INK, C_PANEL, Colour
from game.ui.cards.pen import Pen

if TYPE_CHECKING:
    from game.ui.cards.metrics import CardMetrics

FIGURE_HEIGHT = 1.25
"""The height of a half panel in figure units."""

COURT_FIGURES: dict[Rank, Callable[[Pen, Suit, float], None]] = {
    Rank.KING: draw_king,
    Rank.QUEEN: draw_queen,
    Rank.JACK: draw_jack,
}


def draw_court(art: CardMetrics, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
    """The figure's panel: its top half, the same turned round below, a band and a frame."""
    s = art.scale
    w, h = art.width * s, art.height * s
    left, right = round(w * art.panel_left), round(w * (1 - art.panel_left))
    top, bottom = round(h * 0.045), round(h * 0.955)
    pw = right - left
    half_h = (bottom - top) // 2
    half = _half_panel(card, colour, pw, half_h, s)
    canvas.blit(half, (left, top))
    canvas.blit(half_turn(half), (left, bottom - half_h))
    # Divider band across the middle, and the frame.
    mid = top + half_h
    if (bottom - top) % 2:
        pygame.draw.line(canvas, C_PANEL, (left, mid), (right, mid))
    band = max(2, round(pw * 0.022))
    band_rect = pygame.Rect(left, mid - band, pw, 2 * band)
    pygame.draw.rect(canvas, C_GOLD, band_rect)
    line = max(1, round(pw * 0.008))
    pygame.draw.line(canvas, C_INK, band_rect.topleft, band_rect.topright, line)
    pygame.draw.line(
        canvas, C_INK, (left, band_rect.bottom - 1), (right, band_rect.bottom - 1), line
    )
    frame = pygame.Rect(left, top, pw, bottom - top)
    pygame.draw.rect(canvas, colour, frame, max(1, round(pw * 0.014)))
    inner = frame.inflate(-round(pw * 0.045), -round(pw * 0.045))
    pygame.draw.rect(canvas, C_GOLD_DARK, inner, max(1, round(pw * 0.006)))


def _half_panel(card: Card, colour: Colour, pw: int, half_h: int, s: int) -> pygame.Surface:
    """The upper half of the panel: hatching, the figure and a suit symbol in the corner."""
    half = pygame.Surface((pw, half_h), pygame.SRCALPHA)
    half.fill(C_PANEL)
    # Figures are designed for a half panel 1.25 units tall; the panel's
    # width varies a little with the card size, so centre the figure.
    unit = half_h / FIGURE_HEIGHT
    pen = Pen(half, pw / 2 - unit / 2, 0, unit, C_INK, 0.013)
    # Faint diagonal hatching in the panel background.
    step = pw * 0.06
    hatch = (238, 229, 206)
    x: float = -half_h
    while x < pw:
        pygame.draw.line(half, hatch, (x, half_h), (x + half_h, 0), max(1, round(s * 0.5)))
        x += step
    COURT_FIGURES[card.rank](pen, card.suit, FIGURE_HEIGHT + 0.02)
    corner = 0.5 - pw / unit / 2
    pen.suit(card.suit, corner + 0.13, 0.13, 0.16, colour)
    return half
