"""The viewer's hand as drawn: which cards, where, and which may be played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.actions import Play
from game.rules.cards import Card
from game.ui.table.animation import approach
from game.ui.table.state import deal_order, sort_hand

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


@dataclass
class HandCard:
    """One card of the viewer's hand as drawn this frame."""

    card: Card
    x: float
    y: float
    legal: bool
    dim: bool
    focus: bool = False
    selected: bool = False


def arrange_hand(scene: TableScene, dt: float) -> None:
    """Lay out the viewer's hand: sorted, the cards that arrived so far, legal ones raised,
    each card easing towards its place."""
    view, shown, layout = scene.view, scene.shown, scene.layout
    cards = list(view.hand)
    count = shown.counts[scene.viewer]
    if count < len(cards):
        cards = deal_order(cards, view.hand_number)[:count]
    cards = sort_hand(cards, shown.trump if shown.trump_shown else None)
    mine = scene.my_turn()
    legal = {a.card for a in view.legal if isinstance(a, Play)} if mine else set()
    raised = tuple(card in legal for card in cards) if mine else None
    rects = layout.hand_rects(len(cards), raised)
    hover = scene.card_under(scene.mouse)
    lift = layout.px(12)
    items, easing = [], False
    for card, rect in zip(cards, rects, strict=True):
        y = float(rect.y)
        if mine and card in legal and card in (hover, scene.focus, scene.selected):
            y -= lift
        elif card == scene.focus:
            y -= lift // 2
        pos = scene.positions.get(card)
        if pos is None:
            pos = [float(rect.x), y]
        else:
            pos[0], pos[1] = approach(pos[0], rect.x, dt), approach(pos[1], y, dt)
        easing = easing or pos[0] != rect.x or pos[1] != y
        scene.positions[card] = pos
        items.append(
            HandCard(
                card,
                pos[0],
                pos[1],
                card in legal,
                mine and card not in legal,
                focus=card == scene.focus,
                selected=card == scene.selected,
            )
        )
    for gone in set(scene.positions) - set(cards):
        del scene.positions[gone]
    if scene.focus not in cards:
        scene.focus = None
    if scene.selected not in legal:
        scene.selected = None
    scene.hand, scene.easing = items, easing


def update_tooltip(scene: TableScene) -> None:
    """The reason under the pointer: a barred bid, or a card that may not be played."""
    scene.tooltip = None
    for button in scene.bid_panel.buttons:
        if button.hovered and not button.enabled and button.reason:
            scene.tooltip = (button.reason, button.rect.midtop)
            return
    if not scene.my_turn() or (scene.drag is not None and scene.drag.moved):
        return
    card = scene.card_under(scene.mouse)
    item = scene.item(card) or scene.item(scene.focus)
    if item is not None and not item.legal:
        text = scene.reason(item.card)
        if text:
            scene.tooltip = (text, (round(item.x) + scene.layout.card[0] // 2, round(item.y)))
