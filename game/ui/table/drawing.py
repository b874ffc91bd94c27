"""The table drawn layer by layer, in the order the layers stack."""

from __future__ import annotations

import pygame

from game.ui.kit.layers import LayerStack
from game.ui.table.animation import Effects
from game.ui.table.bidpanel import BidPanel, draw_bid_panel
from game.ui.table.coachview import draw_bid_figures, draw_coach_hint
from game.ui.table.frame import Frame
from game.ui.table.guideview import draw_guide
from game.ui.table.hand import Hand
from game.ui.table.hud import (
    Hud,
    draw_corner_buttons,
    draw_effects,
    draw_hud_tooltip,
    draw_notices,
    draw_status_pill,
    draw_top_bar,
)
from game.ui.table.notices import NoticeBoard
from game.ui.table.paint import Flights, TablePainter
from game.ui.table.regions import add_last_trick, table_stack
from game.ui.table.trick import TrickArea


class TableDrawing:
    """Draws one frame of the table over its parts, from the cards up to the tooltip,
    and keeps what that frame drew over the table, layer by layer (see :mod:`regions`)."""

    def __init__(
        self,
        painter: TablePainter,
        hand: Hand,
        bid_panel: BidPanel,
        hud: Hud,
        trick: TrickArea,
        effects: Effects,
        notices: NoticeBoard,
    ) -> None:
        self.painter, self.hand, self.bid_panel, self.hud = painter, hand, bid_panel, hud
        self.trick, self.effects, self.notices = trick, effects, notices
        self.stack = LayerStack()
        self.trusted = False
        """Whether the last frame was drawn on top, so that only what changed is painted."""

    def draw(self, surface: pygame.Surface, frame: Frame, flights: Flights, on_top: bool) -> None:
        """Draw ``frame``; the words that are read (notices, hints, tooltips) only
        ``on_top``: under a dialog they wait, unread."""
        layout, painter, hud = frame.layout, self.painter, self.hud
        canvas = painter.begin(surface, frame)
        painter.draw(canvas, frame, self.hand, flights, hud.last_trick)
        stack = self.stack = table_stack(frame, self.hand, self.bid_panel, hud)
        draw_effects(canvas, self.effects, layout, stack, "bubble")
        status = draw_status_pill(canvas, frame, self.hand.selected)
        stack.protect("status", [status] if status else [])
        draw_coach_hint(canvas, frame, status)
        draw_bid_panel(canvas, self.bid_panel, layout)
        draw_bid_figures(canvas, self.bid_panel, frame)
        draw_guide(canvas, layout, frame.guide, len(frame.view.hand), hud.hide_guide)
        draw_corner_buttons(canvas, hud, layout)
        draw_top_bar(canvas, frame, hud)
        if on_top:  # in the stack's order
            draw_notices(canvas, self.notices, layout, stack)
            draw_effects(canvas, self.effects, layout, stack, "hint")
        self.trick.draw(canvas, frame, painter)
        add_last_trick(stack, self.trick)
        if on_top:
            draw_hud_tooltip(canvas, self.hud, layout, stack)
        painter.finish(surface, self.trusted and on_top)
        self.trusted = on_top
