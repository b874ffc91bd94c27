"""The viewer's hand as drawn: which cards, where, which may be played, and the
card picked up, focused with the arrows or raised for a second click.

The hand decides nothing about the rules: it hands back a request (play this
card, explain why it may not be played) and the scene asks the engine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.rules.actions import Play
from game.rules.cards import Card
from game.ui.cards.geometry import Point
from game.ui.table.animation import approach
from game.ui.table.frame import Frame
from game.ui.table.layout import TableLayout
from game.ui.table.requests import ExplainCard, PlayCard, PlaySound, Request
from game.ui.table.state import deal_order, sort_hand


def word_anchor(x: float, y: float, layout: TableLayout) -> tuple[int, int]:
    """Where a word about the card at ``x``, ``y`` goes: over the card, but above the
    status line ("Your turn"), which it must not cover."""
    status_top = layout.status[1] - layout.px(17)
    return (round(x) + layout.card[0] // 2, min(round(y), status_top))


HOP_TIME = 0.32
"""Seconds one card's hop lasts when the viewer's turn begins."""
HOP_STAGGER = 0.05
"""Seconds between the hops of neighbouring cards (a wave along the hand)."""
HOP_END = HOP_TIME + 13 * HOP_STAGGER
"""When the last card of the longest hand has landed."""


def turn_hop(age: float, index: int, lift: int) -> float:
    """How high the ``index``-th playable card hops ``age`` seconds into the turn.

    >>> turn_hop(0.0, 0, 12), round(turn_hop(HOP_TIME / 2, 0, 12)), turn_hop(HOP_END, 3, 12)
    (0.0, 8, 0.0)
    """
    t = (age - index * HOP_STAGGER) / HOP_TIME
    if not 0.0 < t < 1.0:
        return 0.0
    return lift * 0.7 * math.sin(math.pi * t)


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
    chance: float | None = None
    """The coach's chance of making the bid after playing it (None: no figure)."""
    advised: bool = False
    """The coach marks this card: its figure is the best shown."""


@dataclass
class Drag:
    """A card picked up with the mouse."""

    card: Card
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]
    moved: bool = False


class Hand:
    """The viewer's cards: laid out each frame, picked, dragged and chosen."""

    def __init__(self) -> None:
        self.items: list[HandCard] = []
        self.focus: Card | None = None
        """The card chosen with the arrow keys."""
        self.selected: Card | None = None
        """The card raised by a first click (when plays are confirmed)."""
        self.drag: Drag | None = None
        self.easing = False
        """Some card is still sliding to its place."""
        self._positions: dict[Card, list[float]] = {}
        self._origins: dict[Card, tuple[Point, float]] = {}
        self.turn_age: float | None = None
        """Seconds since the viewer's turn began (None: not their turn): the cards
        that may be played hop once, in a wave, to say so."""

    def relayout(self) -> None:
        """Another layout: the cards take their new places at once."""
        self._positions.clear()

    def forget(self) -> None:
        """Another seat's hand: start afresh."""
        self._positions.clear()
        self.focus = self.selected = None

    # ------------------------------------------------------------ layout
    def arrange(self, frame: Frame, dt: float, mouse: tuple[int, int]) -> None:
        """Lay out the hand: sorted, the cards that arrived so far, legal ones raised,
        each card easing towards its place."""
        view, shown, layout = frame.view, frame.shown, frame.layout
        cards = list(view.hand)
        count = shown.counts[frame.viewer]
        if count < len(cards):
            cards = deal_order(cards, view.hand_number)[:count]
        cards = sort_hand(cards, shown.trump if shown.trump_shown else None)
        mine = frame.my_turn
        legal = {a.card for a in view.legal if isinstance(a, Play)} if mine else set()
        raised = tuple(card in legal for card in cards) if mine else None
        rects = layout.hand_rects(len(cards), raised)
        hover = self.card_under(mouse, layout)
        lift = layout.px(12)
        coach = frame.coach if mine else None
        self.turn_age = (0.0 if self.turn_age is None else self.turn_age + dt) if legal else None
        items, easing = [], False
        waving = [card for card in cards if card in legal]
        for card, rect in zip(cards, rects, strict=True):
            y = float(rect.y)
            if mine and card in legal and card in (hover, self.focus, self.selected):
                y -= lift
            elif card == self.focus:
                y -= lift // 2
            at = self._ease(card, float(rect.x), y, dt)
            easing = easing or at != (rect.x, y)
            if card in legal and self.turn_age is not None:
                hop = turn_hop(self.turn_age, waving.index(card), lift)
                at, easing = (at[0], at[1] - hop), easing or self.turn_age < HOP_END
            focus, selected = card == self.focus, card == self.selected
            dim = mine and card not in legal
            item = HandCard(card, at[0], at[1], card in legal, dim, focus, selected)
            if coach is not None and card in legal:
                item.chance = coach.chance(Play.of(frame.viewer, card))
                item.advised = coach.marked == Play.of(frame.viewer, card)
            items.append(item)
        for gone in set(self._positions) - set(cards):
            del self._positions[gone]
        if self.focus not in cards:
            self.focus = None
        elif legal and self.focus not in legal:
            self.focus = _nearest(cards, self.focus, legal)
        if self.selected not in legal:
            self.selected = None
        self.items, self.easing = items, easing

    def _ease(self, card: Card, x: float, y: float, dt: float) -> tuple[float, float]:
        """Move ``card`` on towards (x, y); where it is now."""
        pos = self._positions.get(card)
        if pos is None:
            pos = self._positions[card] = [x, y]
        else:
            pos[0], pos[1] = approach(pos[0], x, dt), approach(pos[1], y, dt)
        return pos[0], pos[1]

    # ------------------------------------------------------------ reading
    def card_under(self, pos: tuple[int, int], layout: TableLayout) -> Card | None:
        width, height = layout.card
        for item in reversed(self.items):
            if pygame.Rect(round(item.x), round(item.y), width, height).collidepoint(pos):
                return item.card
        return None

    def item(self, card: Card | None) -> HandCard | None:
        return next((item for item in self.items if item.card == card), None)

    def cards(self) -> list[Card]:
        return [item.card for item in self.items]

    def barred_under(
        self, mouse: tuple[int, int], frame: Frame
    ) -> tuple[Card, tuple[int, int]] | None:
        """The card under the pointer (or focused) that may not be played now, and where
        its explanation goes; None when there is none or it is not the viewer's turn."""
        if not frame.my_turn or (self.drag is not None and self.drag.moved):
            return None
        item = self.item(self.card_under(mouse, frame.layout)) or self.item(self.focus)
        if item is None or item.legal:
            return None
        return item.card, word_anchor(item.x, item.y, frame.layout)

    # ------------------------------------------------------------ choosing
    def click(self, card: Card, frame: Frame) -> Request | None:
        """A click on ``card``: play it, raise it for a second click, or explain why not."""
        item = self.item(card)
        layout = frame.layout
        if not frame.my_turn or item is None or not item.legal:
            anchor = word_anchor(item.x, item.y, layout) if item else None
            return ExplainCard(card, anchor or layout.status)
        if frame.confirm_play and self.selected != card:
            self.selected = card
            return PlaySound("click")
        return PlayCard(card)

    def arrow(self, step: int) -> None:
        """Move the keyboard focus to the next card ``step`` (+1 or -1) along that may
        be played (any card while none may be), wrapping round the hand."""
        cards = self.cards()
        stops = [item.card for item in self.items if item.legal] or cards
        if not stops:
            return
        if self.focus not in cards:
            self.focus = stops[0] if step > 0 else stops[-1]
            return
        at = cards.index(self.focus)
        for offset in range(1, len(cards) + 1):
            card = cards[(at + step * offset) % len(cards)]
            if card in stops:
                self.focus = card
                return

    def choose(self, frame: Frame) -> Request | None:
        """Enter on the focused card."""
        item = self.item(self.focus)
        if item is None or not frame.my_turn:
            return None
        return PlayCard(item.card) if item.legal else self.click(item.card, frame)

    def unfocus(self) -> None:
        self.focus = self.selected = None

    # ------------------------------------------------------------ the mouse
    def pick_up(self, pos: tuple[int, int], layout: TableLayout) -> None:
        """A press on a card picks it up (it is dragged once the mouse moves)."""
        item = self.item(self.card_under(pos, layout))
        if item is None:
            return
        width, height = layout.card
        centre = (round(item.x) + width // 2, round(item.y) + height // 2)
        offset = (pos[0] - centre[0], pos[1] - centre[1])
        self.drag = Drag(item.card, pos, pos, offset)

    def move(self, pos: tuple[int, int], layout: TableLayout) -> None:
        drag = self.drag
        if drag is None:
            return
        drag.pos = pos
        dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
        if dx * dx + dy * dy > layout.px(8) ** 2:
            drag.moved = True

    def drop(self, frame: Frame) -> Request | None:
        """The button is released: a click on the card, or a drop on the table."""
        drag, self.drag = self.drag, None
        item = self.item(drag.card) if drag is not None else None
        if drag is None or item is None:
            return None
        if not drag.moved:
            return self.click(item.card, frame)
        layout = frame.layout
        centre = (float(drag.pos[0] - drag.offset[0]), float(drag.pos[1] - drag.offset[1]))
        if centre[1] >= layout.hand_base - layout.raise_by:
            return None  # dropped back into the hand
        if frame.my_turn and item.legal:
            return PlayCard(item.card, at=centre)
        return self.click(item.card, frame)

    # ------------------------------------------------------------ playing
    def played(self, card: Card, at: Point | None, layout: TableLayout) -> None:
        """``card`` was played from ``at`` (or from its place in the hand)."""
        item = self.item(card)
        width = float(layout.card[0])
        if at is None and item is not None:
            at = (item.x + width / 2, item.y + layout.card[1] / 2)
        if at is not None:
            self._origins[card] = (at, width)
        self.selected = None

    def origin(self, card: Card) -> tuple[Point, float] | None:
        """Where ``card`` left the hand from, and its width (once: the flight takes it)."""
        return self._origins.pop(card, None)


def _nearest(cards: list[Card], card: Card, allowed: set[Card]) -> Card:
    """The card of ``allowed`` closest to ``card`` in ``cards`` (the left one on a tie)."""
    at = cards.index(card)
    places = [index for index, each in enumerate(cards) if each in allowed]
    return cards[min(places, key=lambda index: (abs(index - at), index))]
