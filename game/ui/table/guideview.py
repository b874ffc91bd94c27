"""The guided first hand on the table: a card of a few words beside the trick.

The words come from :mod:`game.play.guide` (what the viewer is deciding, from the
view); the card sits in a free corner beside the trick (never over a card), its
words wrapped to fit, with a button that hides the guide for good.
"""

from __future__ import annotations

import copy
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
    """Empty when there is no room for it."""
    heading_at: tuple[int, int]
    """The left middle of the heading."""
    lines: tuple[str, ...]
    size: int
    line_h: int
    top: int
    """Where the first line of words goes."""
    button: pygame.Rect


_CARDS: dict[tuple[int, str, int], tuple[TableLayout, GuideCard]] = {}


def guide_card(layout: TableLayout, text: str, cards: int) -> GuideCard:
    """The card for ``text`` beside a hand of ``cards`` (kept per layout and words)."""
    key = (id(layout), text, cards)
    found = _CARDS.get(key)
    if found is not None and found[0] is layout:
        return found[1]
    if len(_CARDS) > 16:
        _CARDS.clear()
    card = _guide_card(layout, text, cards)
    _CARDS[key] = (layout, card)
    return card


TRIES = ((14, 1.3, True), (13, 1.3, True), (12, 1.25, True), (11, 1.2, True), (11, 1.15, False))
"""Letters (at 1280x720), line spacing and whether the heading shows, largest first."""


def _guide_card(layout: TableLayout, text: str, cards: int) -> GuideCard:
    """In the bottom left corner, else the roomier one, the largest letters that fit."""
    left, right = layout.corner_areas(cards)
    roomier = max((left, right), key=lambda area: area.width * area.height)
    card = None
    for area in (left, roomier):
        for points, leading, heading in TRIES:
            card = _laid_out(layout, text, area, points, leading, heading)
            if card.panel.height <= area.height:
                return card
    assert card is not None
    return card


def _laid_out(
    layout: TableLayout, text: str, area: pygame.Rect, points: int, leading: float, heading: bool
) -> GuideCard:
    """The card at the foot of ``area`` in letters of ``points`` (its height may be
    more than the area's: then it does not fit). The button sits beside the heading
    when there is room."""
    pad, gap = layout.px(10), layout.px(4)
    size = layout.font(points)
    bold = theme.font(size, "bold")
    line_h = round(size * leading)
    button_h = max(layout.px(24), round(size * 1.6))
    button_w = min(area.width - 2 * pad, bold.size(_("Hide the guide"))[0] + layout.px(20))
    title = _("Your first hand") if heading else ""
    lines = tuple(theme.wrap(text, size, area.width - 2 * pad))
    beside = bold.size(title)[0] <= area.width - 2 * pad - button_w - layout.px(8)
    head_h = button_h if beside else line_h + gap + button_h
    height = pad + head_h + gap + len(lines) * line_h + pad
    panel = pygame.Rect(area.x, area.bottom - height, area.width, height)
    button = pygame.Rect(panel.right - pad - button_w, panel.y + pad, button_w, button_h)
    if beside:
        heading_at = (panel.x + pad, button.centery)
    else:
        heading_at = (panel.x + pad, panel.y + pad + line_h // 2)
        button.topleft = (panel.x + pad, panel.y + pad + line_h + gap)
    top = panel.y + pad + head_h + gap
    return GuideCard(panel, title, heading_at, lines, size, line_h, top, button)


def draw_guide(
    surface: pygame.Surface, layout: TableLayout, text: str | None, cards: int, hide: Button
) -> None:
    """The guide's card for ``text`` beside a hand of ``cards`` (nothing without words)."""
    if text is None:
        return
    card = guide_card(layout, text, cards)
    panel = card.panel
    fill = theme.rounded_rect(panel.size, (12, 30, 25, 255), layout.px(12), (*theme.GOLD, 170))
    surface.blit(fill, panel)
    if card.heading:
        heading = theme.text(card.heading, card.size, theme.GOLD, "bold")
        surface.blit(heading, heading.get_rect(midleft=card.heading_at))
    x, y = panel.x + layout.px(10), card.top
    for line in card.lines:
        surface.blit(theme.text(line, card.size, theme.TEXT), (x, y))
        y += card.line_h
    button = copy.copy(hide)  # on the card drawn now, even before the HUD follows it
    button.rect = card.button
    sprites.paint_button(surface, button, layout.u)
