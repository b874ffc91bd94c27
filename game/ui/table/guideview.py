"""The guided first hand on the table: a card of a few words beside the trick.

The words come from :mod:`game.play.guide` (what the viewer is deciding, from the
view); the card sits in the free corner beside the trick (never over a card), its
words wrapped to fit, with a button that hides the guide for good.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.ui.table import sprites
from game.ui.table.layout import TableLayout


@dataclass(frozen=True)
class GuideCard:
    """Where the guide's card goes and its words, wrapped."""

    panel: pygame.Rect
    heading: str
    lines: tuple[str, ...]
    size: int
    button: pygame.Rect


_CARDS: dict[tuple[int, str, int], tuple[TableLayout, GuideCard]] = {}


def guide_card(layout: TableLayout, text: str, cards: int) -> GuideCard:
    """The card for ``text`` in the taller free corner, in the largest letters (from
    14 down to 10 px at 1280x720) whose lines fit it (kept per layout and words)."""
    key = (id(layout), text, cards)
    found = _CARDS.get(key)
    if found is not None and found[0] is layout:
        return found[1]
    if len(_CARDS) > 16:
        _CARDS.clear()
    card = _guide_card(layout, text, cards)
    _CARDS[key] = (layout, card)
    return card


def _guide_card(layout: TableLayout, text: str, cards: int) -> GuideCard:
    left, right = layout.corner_areas(cards)
    area = left if left.height >= right.height or left.width >= right.width * 1.3 else right
    pad = layout.px(10)
    button_h = layout.px(26)
    heading = _("Your first hand")
    for points in (14, 13, 12, 11, 10):
        size = layout.font(points)
        lines = tuple(theme.wrap(text, size, area.width - 2 * pad))
        line_h = round(size * 1.3)
        height = pad + line_h + len(lines) * line_h + layout.px(8) + button_h + pad
        if height <= area.height:
            break
    height = min(height, area.height)
    panel = pygame.Rect(area.x, area.bottom - height, area.width, height)
    label = _("Hide the guide")
    width = min(panel.width - 2 * pad, theme.font(size, "bold").size(label)[0] + layout.px(22))
    button = pygame.Rect(panel.x + pad, panel.bottom - pad - button_h, width, button_h)
    return GuideCard(panel, heading, lines, size, button)


def draw_guide(
    surface: pygame.Surface, layout: TableLayout, text: str | None, cards: int, hide: Button
) -> None:
    """The guide's card for ``text`` beside a hand of ``cards`` (nothing without words)."""
    if text is None:
        return
    card = guide_card(layout, text, cards)
    panel = card.panel
    radius = layout.px(12)
    surface.blit(
        theme.rounded_rect(panel.size, (12, 30, 25, 245), radius, (*theme.GOLD, 170)), panel
    )
    pad = layout.px(10)
    line_h = round(card.size * 1.3)
    y = panel.y + pad
    heading = theme.text(card.heading, card.size, theme.GOLD, "bold")
    surface.blit(heading, (panel.x + pad, y))
    y += line_h
    for line in card.lines:
        surface.blit(theme.text(line, card.size, theme.TEXT), (panel.x + pad, y))
        y += line_h
    sprites.paint_button(surface, hide, layout.u)
