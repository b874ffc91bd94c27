"""The table's layer stack for one frame: its protected regions, and what is over it.

:func:`table_stack` marks where the trick in play, the active panel (bidding), the
name plates with their cards and the viewer's hand lie, and puts what takes input
over the table (the buttons beside the trick, the guide, the last trick) on its
layer. Notices, hints and tooltips are then placed clear of the protected regions
(:func:`~game.ui.kit.layers.place_clear`) as they are drawn.
"""

from __future__ import annotations

import pygame

from game.rules.phase import Phase
from game.ui.kit.layers import Layer, LayerStack
from game.ui.table.bidpanel import BidPanel
from game.ui.table.frame import Frame
from game.ui.table.guideview import guide_card
from game.ui.table.hand import Hand
from game.ui.table.hud import Hud
from game.ui.table.layout import SeatSpot, TableLayout
from game.ui.table.trick import TrickArea


def table_stack(frame: Frame, hand: Hand, bids: BidPanel, hud: Hud) -> LayerStack:
    """The stack of one frame of the table, before its notices, tooltips and last trick."""
    layout = frame.layout
    stack = LayerStack()
    stack.protect("bar", [layout.top_bar])
    stack.protect("plates", _plates(layout, frame))
    stack.protect("hand", _hand(layout, len(hand.items)))
    if frame.view.phase is Phase.PLAYING or frame.shown.trick:
        tilt = layout.px(10)
        stack.protect("trick", [spot.trick.inflate(tilt, tilt) for spot in layout.seats])
    if bids.geometry is not None and frame.my_bid:
        stack.protect("panel", [bids.geometry.panel])
    if frame.guide is not None:
        card = guide_card(layout, frame.guide, len(frame.view.hand))
        stack.add(Layer.GUIDE, "guide", card.panel)
    for button in hud.corner:
        if button is not hud.hide_guide:
            stack.add(Layer.PANEL, button.label, button.rect)
    return stack


def add_last_trick(stack: LayerStack, trick: TrickArea) -> None:
    """The last trick's panel, once drawn (over the hand; a click closes it)."""
    if trick.reviewing and trick.panel is not None:
        stack.add(Layer.PANEL, "last trick", trick.panel)


def _plates(layout: TableLayout, frame: Frame) -> list[pygame.Rect]:
    """Each seat's plate and, for the others, the backs of their cards as dealt (the
    region stays put as they play)."""
    rects = []
    for spot in layout.seats:
        rects.append(spot.plate)
        count = frame.shown.counts[spot.seat] if spot.seat < len(frame.shown.counts) else 0
        count = max(count, frame.shown.hand_size)
        if spot.seat != layout.viewer and count:
            rects.append(_backs(spot, layout, count))
    return rects


def _backs(spot: SeatSpot, layout: TableLayout, count: int) -> pygame.Rect:
    backs = spot.backs_for(count, layout.back)
    return backs[0].unionall(backs[1:]) if backs else pygame.Rect(spot.backs_centre, (0, 0))


def _hand(layout: TableLayout, cards: int) -> list[pygame.Rect]:
    """Where a hand of ``cards`` lies, up to its raised height: where the cards settle,
    so the region stays put while they move."""
    rects = layout.hand_rects(cards)
    if not rects:
        return []
    whole = rects[0].unionall(rects[1:])
    top = layout.hand_base - layout.raise_by - layout.px(12)
    return [pygame.Rect(whole.x, top, whole.width, whole.bottom - top)]
