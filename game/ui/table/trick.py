"""The trick area: the cards on the cloth, and the last trick shown again on request."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.kit import theme
from game.ui.table import sprites
from game.ui.table.frame import Frame
from game.ui.table.paint import TablePainter
from game.ui.table.state import Shown


class TrickArea:
    """Whether the last trick is on show (it hides itself when there is none)."""

    def __init__(self) -> None:
        self.reviewing = False
        """The last trick is shown over the table."""
        self.panel: pygame.Rect | None = None
        """Where it was last drawn."""

    def toggle(self, shown: Shown) -> None:
        self.reviewing = not self.reviewing and shown.last_trick is not None

    def close(self) -> None:
        self.reviewing = False

    def draw(self, surface: pygame.Surface, frame: Frame, painter: TablePainter) -> None:
        """The last trick in a panel over the hand (the trick in play stays in sight), in
        the order played from the seat that led, marked so, its winner's card glowing."""
        trick = frame.shown.last_trick
        art = painter.small_art
        if not self.reviewing or trick is None or art is None:
            return
        layout = frame.layout
        players = layout.players
        card_w, card_h = layout.small_card
        gap, pad = layout.px(10), layout.px(16)
        winner = frame.name(trick.winner)
        text = _("Last trick — won by {name}").format(name=winner)
        title = theme.text(text, layout.font(15), theme.GOLD, "bold")
        row = players * card_w + (players - 1) * gap
        width = max(row, title.get_width()) + 2 * pad
        size = layout.font(11.5)
        line = theme.font(size).get_linesize()
        height = pad + title.get_height() + layout.px(10) + card_h + layout.px(6) + 2 * line + pad
        panel = pygame.Rect(0, 0, width, height)
        panel.midbottom = (layout.status[0], layout.size[1] - layout.margin)
        panel.clamp_ip(layout.window)
        self.panel = panel
        fill = theme.rounded_rect(panel.size, (10, 26, 22, 255), layout.px(16), (*theme.GOLD, 130))
        surface.blit(fill, panel)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + pad)))
        left = panel.centerx - row // 2
        top = panel.y + pad + title.get_height() + layout.px(10)
        for index, card in enumerate(trick.cards):
            seat = (trick.leader + index) % players
            rect = pygame.Rect(left + index * (card_w + gap), top, card_w, card_h)
            if seat == trick.winner:
                painter.card_glow(surface, rect, layout)
            surface.blit(art.face(card), rect)
            name = sprites.fit_text(frame.name(seat), size, card_w + gap)
            ink = theme.GOLD if seat == trick.winner else theme.TEXT_DIM
            label = theme.text(name, size, ink)
            at = rect.bottom + layout.px(4)
            surface.blit(label, label.get_rect(midtop=(rect.centerx, at)))
            if index == 0:  # who led the trick
                led = theme.text(_("led"), size, theme.HIGHLIGHT, "italic")
                surface.blit(led, led.get_rect(midtop=(rect.centerx, at + line)))
